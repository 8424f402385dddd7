//! R-60011: at most two levels of nesting below a module (module → nested → nested).
//!
//! Each call that opens a third level is reported where its `type:` is written, with the
//! chain that leads there. Heat's own limit and loops are R-92635's.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A nested template called from the second level of nesting.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-60011",
        keyword: Keyword::Must,
        section: "ONAP Heat Template Constructs / Nested Heat Templates / Nested Heat Template \
                  Requirements",
        summary: "Templates nest at most two levels below a module: a nested file called by a \
                  nested file calls no further template.",
        why: "SDC models a nested file as a substitution of its parent node and follows two \
              levels; a third level is not modelled, so its resources are missing from the \
              service ONAP designs and orchestrates.",
        fix: "Flatten the chain: move the third-level resources into the second-level file, or \
              call that file directly from the first level.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let nesting = context.nesting();
    for nested in &nesting.uses {
        if !nesting.reached_at(nested.parent.id, 2) {
            continue;
        }
        let mut chain = nesting.chain_to(context.set, nested.parent.id, 2);
        chain.push(context.set.file(nested.child).path.clone());
        findings.report(
            nested.parent.file,
            nested.slot.type_node.span,
            nested.slot.path(),
            format!(
                "`{}` opens a third level of nesting: {}",
                nested.slot.resource.text,
                chain.join(" → ")
            ),
        );
    }
}
