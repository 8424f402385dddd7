//! The list of every rule, and running the selected rules over a set or a package.

use crate::foundation::diagnostics::Violation;
use crate::foundation::parallel::map_ordered;
use crate::model::csar::Csar;
use crate::model::hot::HotSet;
use crate::model::ovf::OvfPackage;

use super::context::{Context, Findings};
use super::csar_context::CsarContext;
use super::meta::{Check, Rule, concat, count, sorted_by_id};
use super::ovf_context::OvfContext;
use super::selection::{Selection, covers_id};
use super::twins;
use crate::foundation::diagnostics::RuleMeta;

/// A HOT rule's check function.
type HotCheck = fn(&Context<'_>, &mut Findings<'_>);

/// Each family's rules.
const FAMILIES: &[&[&Rule]] = &[
    super::capabilities::RULES,
    super::hot_spec::RULES,
    super::onap::RULES,
    super::ovf::RULES,
    super::ovf::dialect::RULES,
    super::package::RULES,
    super::ovf_integrity::RULES,
    super::values::RULES,
];

/// Every rule, sorted by id when the program is compiled.
static ALL: [&Rule; count(FAMILIES)] = sorted_by_id(concat(FAMILIES));

/// Every registered rule, sorted by id.
pub fn all() -> &'static [&'static Rule] {
    &ALL
}

/// The rule with exactly this id.
pub fn find(id: &str) -> Option<&'static Rule> {
    all().iter().copied().find(|r| r.meta.id == id)
}

/// Runs the selected HOT rules over a set on every core (one, for a small set); violations come back sorted by
/// file and place (rules run in any order, their findings are joined in rule order first, so
/// the report never depends on scheduling). Twin requirements run together and each defect
/// they share is one finding (`twins`).
pub fn check_hot(set: &HotSet, selection: &Selection) -> Vec<Violation> {
    let context = Context::new(set);
    let running = selection.with_twins();
    let rules: Vec<(&'static RuleMeta, HotCheck)> = running
        .rules()
        .filter_map(|rule| match rule.check {
            Check::Hot(check) => Some((&rule.meta, check)),
            Check::Ovf(_) | Check::Csar(_) => None,
        })
        .collect();
    let found = map_ordered(&rules, set.source_bytes(), |(meta, check)| {
        let mut out = Vec::new();
        check(&context, &mut Findings::new(meta, &mut out));
        out
    });
    twins::merge(found.into_iter().flatten().collect(), selection)
}

/// Runs the selected OVF rules over a package; violations come back sorted by place.
pub fn check_ovf(package: &OvfPackage, selection: &Selection) -> Vec<Violation> {
    let context = OvfContext::new(package);
    let mut out = Vec::new();
    for rule in all().iter().filter(|r| selection.includes(r)) {
        if let Check::Ovf(check) = rule.check {
            check(&context, &mut Findings::new(&rule.meta, &mut out));
        }
    }
    out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    out
}

/// The HOT rules that apply to a Tacker BaseHOT template: the HOT specification checks.
/// ONAP's requirements are for ONAP heat packages; a BaseHOT template follows Tacker's
/// conventions (an `nfv` JSON parameter filled by user data, no env file).
pub const BASE_HOT_RULES: &str = "R-92635";

/// True for the HOT rules that also run over a CSAR's BaseHOT templates.
pub fn applies_to_base_hot(rule: &Rule) -> bool {
    matches!(rule.check, Check::Hot(_)) && covers_id(BASE_HOT_RULES, rule.meta.id)
}

/// Runs the selected CSAR rules over a package, and the selected HOT specification rules
/// over each BaseHOT flavour's templates; violations come back sorted by file and place.
pub fn check_csar(csar: &Csar, selection: &Selection) -> Vec<Violation> {
    let context = CsarContext::new(csar);
    let base_hot: Vec<Context<'_>> = csar.base_hot.iter().map(|b| Context::new(&b.set)).collect();
    let running = selection.with_twins();
    let mut out = Vec::new();
    // A signed zip without exactly one CSAR has nothing but its layout to check.
    let unread = csar.signed.as_ref().is_some_and(|s| s.csar.is_none());
    for rule in all()
        .iter()
        .filter(|r| running.includes(r))
        .filter(|r| !unread || r.meta.id.starts_with("CSAR-signed"))
    {
        match rule.check {
            Check::Csar(check) => check(&context, &mut Findings::new(&rule.meta, &mut out)),
            Check::Hot(check) if applies_to_base_hot(rule) => {
                for hot in &base_hot {
                    check(hot, &mut Findings::new(&rule.meta, &mut out));
                }
            }
            _ => {}
        }
    }
    twins::merge(out, selection)
}

#[cfg(test)]
mod tests {
    use super::{FAMILIES, all};

    /// The compile-time sort keeps every rule of every family, each id once, in `str` order.
    #[test]
    fn the_registry_holds_every_rule_once_sorted_by_id() {
        let ids: Vec<&str> = all().iter().map(|r| r.meta.id).collect();
        assert!(
            ids.windows(2).all(|pair| pair[0] < pair[1]),
            "ids sorted and unique"
        );
        let mut listed: Vec<&str> = FAMILIES
            .iter()
            .flat_map(|family| family.iter().map(|r| r.meta.id))
            .collect();
        listed.sort_unstable();
        assert_eq!(ids, listed);
    }
}
