//! R-00977: a `{network-role}` is not a substring of any `{vm-type}` of the VNF.
//!
//! Network-roles are read as for R-26506; vm-types from every server's parameters and id
//! (as the networking rules read them). "Substring" is taken literally, equality included.
//! All roles are searched in each vm-type at once (Aho-Corasick), so the check stays linear
//! in the length of the names. Each role is reported once, at its first place in the VNF.

use foldhash::{HashSet, HashSetExt};

use aho_corasick::AhoCorasick;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::vocabulary::role_uses::{RoleUse, roles_in_use};

/// A network-role that is part of a vm-type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-00977",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / {network-role}",
        summary: "No `{network-role}` is a substring of a `{vm-type}` of the VNF.",
        why: "Parameter names join the two (`{vm-type}_{network-role}_ip_{index}`); when a role \
              is part of a vm-type, ONAP cannot tell where one ends and the other starts.",
        fix: "Rename the network-role (or the vm-type) so that neither contains the other, and \
              the names built from it.",
    },
    check: Check::Hot(check),
};

/// Up to this many (role, vm-type) pairs each pair is searched directly, which finds the
/// same: building the automaton costs more than a thousand short substring searches.
const DIRECT_PAIRS: usize = 1024;

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let mut roles: Vec<RoleUse<'_>> = Vec::new();
    let mut distinct: HashSet<&str> = HashSet::new();
    for used in roles_in_use(context) {
        if distinct.insert(used.role) {
            roles.push(used);
        }
    }
    if roles.is_empty() {
        return;
    }
    let mut vm_types: Vec<&str> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let vocabulary = context.vm_types();
    for server in 0..context.servers().len() {
        for derivation in vocabulary.derivations(server) {
            if seen.insert(derivation.vm_type) {
                vm_types.push(derivation.vm_type);
            }
        }
    }
    let names: Vec<&str> = roles.iter().map(|r| r.role).collect();
    let direct = names.len() * vm_types.len() <= DIRECT_PAIRS;
    let Some(containing) = first_containing(&names, &vm_types, direct) else {
        return;
    };
    for (used, vm_type) in roles.iter().zip(containing) {
        let Some(vm_type) = vm_type else {
            continue;
        };
        findings.report(
            used.template.file,
            used.span,
            used.path.clone(),
            format!(
                "network-role `{}` (in `{}`) is part of the vm-type `{vm_type}`",
                used.role, used.name
            ),
        );
    }
}

/// For each role, the first vm-type that contains it: pair by pair when `direct`, else
/// with one automaton over all roles (`None` if it cannot be built).
fn first_containing<'v>(
    roles: &[&str],
    vm_types: &[&'v str],
    direct: bool,
) -> Option<Vec<Option<&'v str>>> {
    if direct {
        return Some(
            roles
                .iter()
                .map(|role| vm_types.iter().copied().find(|v| v.contains(role)))
                .collect(),
        );
    }
    let searcher = AhoCorasick::new(roles).ok()?;
    let mut containing = vec![None; roles.len()];
    for vm_type in vm_types {
        for found in searcher.find_overlapping_iter(*vm_type) {
            containing[found.pattern().as_usize()].get_or_insert(*vm_type);
        }
    }
    Some(containing)
}

#[cfg(test)]
mod tests {
    use super::first_containing;

    #[test]
    fn both_searches_find_the_same_first_vm_type() {
        let roles = ["oam", "sig", "ctrl", "db", "dbx", "x", "mgmt", "fw"];
        let vm_types = ["vdb", "dbxoam", "oamfw", "sigctrl", "lb", "vfw", "xx"];
        let direct = first_containing(&roles, &vm_types, true).unwrap();
        let automaton = first_containing(&roles, &vm_types, false).unwrap();
        assert_eq!(direct, automaton);
        assert_eq!(
            direct,
            [
                Some("dbxoam"),
                Some("sigctrl"),
                Some("sigctrl"),
                Some("vdb"),
                Some("dbxoam"),
                Some("dbxoam"),
                None,
                Some("oamfw"),
            ]
        );
    }
}
