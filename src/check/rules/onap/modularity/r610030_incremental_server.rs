//! R-610030: an incremental module declares at least one `OS::Nova::Server`, itself or in a
//! nested file it calls (at any depth, as a resource or as a resource group's member).

use foldhash::HashSet;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::{FileId, TemplateKind};

/// An incremental module that creates no server.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-610030",
        keyword: Keyword::Must,
        section: "ONAP Heat VNF Modularity",
        summary: "Every incremental module creates at least one `OS::Nova::Server`, directly or \
                  through a nested file it calls.",
        why: "ONAP scales a VNF by adding incremental modules of VMs; a module without a server \
              adds nothing ONAP can manage as a VF module (shared networks and volumes belong \
              to the base module or a volume module).",
        fix: "Add the servers this module deploys (or the nested file that creates them), or \
              move its resources into the base module.",
    },
    check: Check::Hot(check),
};

const SERVER: &str = "OS::Nova::Server";

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let incremental: Vec<FileId> = context
        .set
        .modules
        .iter()
        .filter(|m| m.kind == TemplateKind::Incremental)
        .map(|m| m.template)
        .collect();
    if incremental.is_empty() {
        return;
    }
    // Templates that create a server, then everything that calls one of them, callers first
    // reached once each: linear in the nesting edges.
    let mut with_server: HashSet<FileId> = context
        .templates
        .iter()
        .filter(|t| t.type_slots().iter().any(|s| s.written == SERVER))
        .map(|t| t.id)
        .collect();
    let mut pending: Vec<FileId> = with_server.iter().copied().collect();
    while let Some(child) = pending.pop() {
        for caller in context.nesting().callers(child) {
            if with_server.insert(caller.parent.id) {
                pending.push(caller.parent.id);
            }
        }
    }
    for module in incremental {
        if with_server.contains(&module) {
            continue;
        }
        // A module that did not parse is reported by the YAML rules.
        let Some(template) = context.template(module) else {
            continue;
        };
        let message = format!("incremental module declares no `{SERVER}`, itself or nested");
        match template.root.key("resources") {
            Some(key) => findings.report(template.file, key.span, "resources", message),
            None => findings.report_file(template.file, "resources", message),
        };
    }
}
