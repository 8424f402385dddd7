//! CSAR-flavour-id: a substitution mapping's flavour_id is a string (Tacker step 4).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;

/// A flavour id that is a function call, a number or empty.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-flavour-id",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 4: deployment flavours",
        summary: "substitution_mappings.properties.flavour_id is a plain, non-empty string.",
        why: "Tacker refuses a flavour id that is not a string (\"flavour_id should be string \
              and given …\"): the id names the flavour in the API and the BaseHOT/<flavour_id>/ \
              folder, so a {get_input: …} call or a number there cannot match either.",
        fix: "Write the flavour's own id (flavour_id: simple); the get_input belongs to the VNF \
              node's flavour_id property in the top-level template, not to the mapping.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for (index, file) in vnfd.files.iter().enumerate() {
        let Some(id) = vnfd.flavour_id_node(index) else {
            continue;
        };
        let problem = match &id.value {
            Value::Str(s) if !s.trim().is_empty() => continue,
            Value::Str(_) | Value::Null => "empty".to_owned(),
            other => other.kind().to_owned(),
        };
        findings.report_at(
            &file.path,
            id.span,
            "topology_template.substitution_mappings.properties.flavour_id",
            format!("flavour_id is {problem}, not a string naming the flavour"),
        );
    }
}
