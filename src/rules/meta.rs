//! What every rule declares about itself: id, keyword, where it comes from and its docs.

use crate::report::Keyword;

use super::context::{Context, Findings};
use super::csar_context::CsarContext;
use super::ovf_context::OvfContext;

/// A rule's identity and documentation, shown by `vnfwiz rules`, in SARIF and in the wizard.
#[derive(Debug)]
pub struct RuleMeta {
    /// `R-90526`, or a sub-code such as `R-92635/unknown-function`.
    pub id: &'static str,
    /// The requirement's keyword; it decides the severity.
    pub keyword: Keyword,
    /// The catalogue section (or area) the rule belongs to.
    pub section: &'static str,
    /// One line: what the rule wants.
    pub summary: &'static str,
    /// Why it matters (what breaks otherwise).
    pub why: &'static str,
    /// How to fix a violation.
    pub fix: &'static str,
}

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
