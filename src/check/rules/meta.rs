//! A registered rule: its metadata and what it checks.

use crate::foundation::diagnostics::RuleMeta;

use super::context::{Context, Findings};
use super::csar_context::CsarContext;
use super::ovf_context::OvfContext;

/// What a rule inspects.
pub enum Check {
    /// A loaded HOT template set.
    Hot(fn(&Context<'_>, &mut Findings<'_>)),
    /// An OVF package (descriptor model and files).
    Ovf(fn(&OvfContext<'_>, &mut Findings<'_>)),
    /// A SOL004 CSAR (metadata, manifest, VNFD, digests, signature, BaseHOT layout).
    Csar(fn(&CsarContext<'_>, &mut Findings<'_>)),
}

/// A registered rule: its metadata and its check.
pub struct Rule {
    /// Identity and documentation.
    pub meta: RuleMeta,
    /// The check itself.
    pub check: Check,
}

/// How many rules the lists hold together.
pub(crate) const fn count(lists: &[&[&Rule]]) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < lists.len() {
        total += lists[i].len();
        i += 1;
    }
    total
}

/// Joins rule lists at compile time (a const context has no iterators).
pub(crate) const fn concat<const N: usize>(lists: &[&[&'static Rule]]) -> [&'static Rule; N] {
    let mut out = [lists[0][0]; N];
    let mut at = 0;
    let mut i = 0;
    while i < lists.len() {
        let mut j = 0;
        while j < lists[i].len() {
            out[at] = lists[i][j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The rules sorted by id at compile time (an insertion sort: the lists come mostly in
/// order), so no run sorts the registry.
pub(crate) const fn sorted_by_id<const N: usize>(
    mut rules: [&'static Rule; N],
) -> [&'static Rule; N] {
    let mut i = 1;
    while i < N {
        let mut j = i;
        while j > 0 && id_before(rules[j].meta.id, rules[j - 1].meta.id) {
            let earlier = rules[j - 1];
            rules[j - 1] = rules[j];
            rules[j] = earlier;
            j -= 1;
        }
        i += 1;
    }
    rules
}

/// `a < b` as `str`'s order (bytewise), in a const context.
const fn id_before(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}
