//! OVF-syntax: the descriptor must read as an OVF envelope.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A descriptor that is not well-formed XML or not an OVF envelope vnfwiz reads.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-syntax",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "The descriptor is well-formed UTF-8 XML whose root is an OVF 0.9, 1.x or 2.x Envelope.",
        why: "Nothing in a descriptor that does not parse can be checked, shown or converted; \
              entity references are refused because expanding them can read local files or \
              blow up in size.",
        fix: "Correct the XML at the reported place (closed tags, declared prefixes, UTF-8, no \
              entity references other than &lt; &gt; &amp; &apos; &quot;), or re-export the \
              package as OVF 1.x or 2.x.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    if let Err(error) = &context.package.descriptor.envelope
        && !error.is_limit()
    {
        findings.report_at(context.file, error.span(), "", error.to_string());
    }
}
