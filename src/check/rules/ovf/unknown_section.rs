//! OVF-unknown-section: a section vnfwiz does not understand must not be required.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::Content;

/// A required extension section (ovf:required absent or true) that is not understood.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-unknown-section",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "Every section vnfwiz does not understand is marked ovf:required=\"false\".",
        why: "DSP0243 makes an extension section required unless it says ovf:required=\"false\", \
              and a deployment that does not understand a required section must fail rather \
              than deploy something the vendor did not intend.",
        fix: "If the VNF works without the section on OpenStack, mark it ovf:required=\"false\"; \
              otherwise remove it and provide its function another way.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let sections = context.envelope.iter().flat_map(|e| e.unknown_sections());
    let required = sections.filter(|(_, s)| s.misplaced.is_none() && s.required);
    for (content, section) in required {
        let owner = content.map_or_else(|| "Envelope".to_owned(), Content::label);
        let why = match section.required_explicit {
            Some(true) => "it is marked ovf:required=\"true\"",
            _ => "ovf:required is absent, which means true",
        };
        findings.report_at(
            context.file,
            section.span,
            &owner,
            format!(
                "{} `{}` ({}) is not understood by vnfwiz and {why}",
                owner, section.qname, section.namespace
            ),
        );
    }
}
