//! What every rule declares about itself: id, keyword, where it comes from and its docs.

use super::severity::Keyword;

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
