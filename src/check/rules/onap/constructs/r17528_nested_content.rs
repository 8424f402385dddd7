//! R-17528: a first-level nested file holds at most one `OS::Nova::Server`; a second-level
//! nested file holds no Heat resources.
//!
//! "Heat resources" is read as resources of the `OS::Heat::` types (groups, software
//! configs, waits…): ONAP's own second-level files (VLAN sub-interfaces) hold Contrail and
//! Neutron resources, so the literal "no resources at all" would contradict the rest of the
//! guidelines; an `OS::Heat::` group there is also how a third level would start. A file
//! reached at both levels is checked for both. Servers of a group's member count once per
//! group.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// Too many servers at the first level, or a Heat resource at the second.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-17528",
        keyword: Keyword::Must,
        section: "ONAP Heat Template Constructs / Nested Heat Templates / Nested Heat Template \
                  Requirements",
        summary: "A nested file called by a module holds at most one `OS::Nova::Server`; a \
                  nested file called by a nested file holds no `OS::Heat::` resource.",
        why: "SDC maps a first-level nested file to one VM (its ports, volumes and \
              sub-interfaces around it) and a second-level file to parts of that VM; a \
              second server or a Heat group or software resource at these levels does not \
              fit the model and is dropped or misattributed.",
        fix: "Give each server its own nested file called from the module, and move \
              `OS::Heat::` resources (groups, configs) up to the first-level file or the \
              module.",
    },
    check: Check::Hot(check),
};

const SERVER: &str = "OS::Nova::Server";

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let nesting = context.nesting();
    for template in &context.templates {
        let first = nesting.reached_at(template.id, 1);
        let second = nesting.reached_at(template.id, 2);
        if !first && !second {
            continue;
        }
        let slots = template.type_slots();
        if first {
            let mut servers = slots.iter().filter(|s| s.written == SERVER);
            if let Some(one) = servers.next() {
                let via = nesting.chain_to(context.set, template.id, 1).join(" → ");
                for other in servers {
                    findings
                        .report(
                            template.file,
                            other.type_node.span,
                            other.path(),
                            format!(
                                "`{}` is a second `{SERVER}` in a first-level nested file \
                                 ({via})",
                                other.resource.text
                            ),
                        )
                        .also(
                            template.path(),
                            one.type_node.span,
                            format!("`{}` is the first", one.resource.text),
                        );
                }
            }
        }
        if second {
            let via = nesting.chain_to(context.set, template.id, 2).join(" → ");
            for slot in slots
                .iter()
                .filter(|s| s.member_of.is_none() && s.written.starts_with("OS::Heat::"))
            {
                findings.report(
                    template.file,
                    slot.type_node.span,
                    slot.path(),
                    format!(
                        "`{}` has type `{}` in a second-level nested file ({via})",
                        slot.resource.text, slot.written
                    ),
                );
            }
        }
    }
}
