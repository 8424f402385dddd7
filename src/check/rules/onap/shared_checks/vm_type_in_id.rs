//! The check shared by the rules that want a resource id to contain the `{vm-type}`
//! (R-04747, R-08975, R-30804, R-16437, R-20065, R-76014).
//!
//! "Contains" is read literally (a substring, letter case aside; R-46839 judges the case).
//! The `{vm-type}`s are the VNF's vocabulary (`vocabulary::vm_type`); a VNF whose servers name no
//! `{vm-type}` at all gives nothing to compare with, and R-29751 reports its servers instead.

use super::typed_resource_id;
use crate::check::rules::{Context, Findings};

/// Reports every resource of `resource_type` whose id contains none of the VNF's `{vm-type}`s.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, resource_type: &str) {
    let vm_types = context.vm_types();
    if vm_types.known().is_empty() {
        return;
    }
    typed_resource_id::check(
        context,
        findings,
        resource_type,
        |id| vm_types.contained_in(id),
        |id| {
            format!(
                "`{resource_type}` resource `{id}` does not contain a {{vm-type}} of the VNF ({})",
                known_list(context)
            )
        },
    );
}

/// The VNF's `{vm-type}`s for a message, at most eight.
pub fn known_list(context: &Context<'_>) -> String {
    let known = context.vm_types().known();
    let mut listed: Vec<String> = known
        .iter()
        .take(8)
        .map(|k| format!("`{}`", k.spelling))
        .collect();
    if known.len() > 8 {
        listed.push(format!("and {} more", known.len() - 8));
    }
    listed.join(", ")
}
