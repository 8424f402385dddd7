//! OVF-one-memory: a virtual system has one memory size per deployment option.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::effective_items;
use crate::model::ovf::sections::hardware::resource_type;

/// Two memory items (ResourceType 4) that apply to the same deployment option.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-one-memory",
        keyword: Keyword::Must,
        section: "OVF descriptor / VirtualHardwareSection",
        summary: "A VirtualHardwareSection has one memory item (ResourceType 4) per deployment option.",
        why: "A virtual machine has one memory size; with two memory items that apply together \
              the size is a guess (VMware's tools refuse such a descriptor).",
        fix: "Keep one memory item per option: give the alternatives ovf:configuration, or the \
              same InstanceID so one overrides the other, or use ovf:bound for a range.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    let mut options: Vec<Option<&str>> = vec![None];
    options.extend(
        envelope
            .configurations()
            .iter()
            .map(|c| Some(c.id.value.as_str())),
    );
    for (owner, section) in super::hardware_sections(context) {
        let mut reported = Vec::new();
        for option in &options {
            let memory: Vec<_> = effective_items(&section.items, *option)
                .into_iter()
                .filter(|i| i.resource_type == Some(resource_type::MEMORY))
                .collect();
            if let [first, second, ..] = memory.as_slice()
                && !reported.contains(&second.span)
            {
                reported.push(second.span);
                findings
                    .report_at(
                        context.file,
                        second.span,
                        &owner,
                        format!(
                            "a second memory item of {owner}{}; a machine has one memory size",
                            option.map_or(String::new(), |o| format!(" for option `{o}`"))
                        ),
                    )
                    .also(context.file, first.span, "the first memory item");
            }
        }
    }
}
