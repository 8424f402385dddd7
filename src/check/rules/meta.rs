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
