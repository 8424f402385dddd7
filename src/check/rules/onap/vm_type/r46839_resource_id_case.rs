//! R-46839: a `{vm-type}` has one letter case in all resource ids (see `shared_checks::vm_type_case`).

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::vm_type_case::{self, NameUse};

/// A resource id writing a `{vm-type}` in another case.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-46839",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / {vm-type}",
        summary: "Every resource id writes a `{vm-type}` in the same letter case.",
        why: "ONAP matches resource ids to their VM type by text; `vFW_server_0` and \
              `vfw_0_oam_port_0` look like two VM types, so the port is not tied to its server \
              and SDC models two VFCs.",
        fix: "Rename the reported resource so its `{vm-type}` part is written exactly as in the \
              first id that uses it (lower case is the convention), and update every reference \
              to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let ids = context.templates.iter().flat_map(|template| {
        template.resources().map(|(id, _)| NameUse {
            name: &id.text,
            file: template.file,
            span: id.span,
            section: "resources",
        })
    });
    vm_type_case::check(context, findings, ids, "resource id");
}
