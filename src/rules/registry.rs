//! The list of every rule, selection by id, and running the HOT rules over a set.

use std::sync::LazyLock;

use crate::hot::HotSet;
use crate::ovf::OvfPackage;
use crate::package::Csar;
use crate::report::Violation;

use super::context::{Context, Findings};
use super::csar_context::CsarContext;
use super::meta::{Check, Rule};
use super::ovf_context::OvfContext;

static ALL: LazyLock<Vec<&'static Rule>> = LazyLock::new(|| {
    let mut all: Vec<&'static Rule> = Vec::new();
    all.extend_from_slice(super::capabilities::RULES);
    all.extend_from_slice(super::hot_spec::RULES);
    all.extend_from_slice(super::onap::RULES);
    all.extend_from_slice(super::ovf::RULES);
    all.extend_from_slice(super::package::RULES);
    all.extend_from_slice(super::ovf_integrity::RULES);
    all.sort_by(|a, b| a.meta.id.cmp(b.meta.id));
    all
});

/// Every registered rule, sorted by id.
pub fn all() -> &'static [&'static Rule] {
    &ALL
}

/// The rule with exactly this id.
pub fn find(id: &str) -> Option<&'static Rule> {
    all().iter().copied().find(|r| r.meta.id == id)
}

/// Which rules run: all, or those whose id equals or extends (`R-92635` → `R-92635/…`) a
/// requested id, less those set aside.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    only: Option<Vec<String>>,
    except: Vec<&'static str>,
}

/// A requested id that matches no rule.
#[derive(Debug, thiserror::Error)]
#[error("unknown rule `{0}`; `vnfwiz rules` lists them")]
pub struct UnknownRule(pub String);

impl Selection {
    /// Every rule.
    pub fn all() -> Selection {
        Selection::default()
    }

    /// Only the named rules (or families); an id matching nothing is an error.
    pub fn only<S: AsRef<str>>(ids: &[S]) -> Result<Selection, UnknownRule> {
        let ids: Vec<String> = ids.iter().map(|s| s.as_ref().trim().to_owned()).collect();
        for id in &ids {
            if !all().iter().any(|r| matches(id, r.meta.id)) {
                return Err(UnknownRule(id.clone()));
            }
        }
        Ok(Selection {
            only: Some(ids),
            except: Vec::new(),
        })
    }

    /// The same selection without one rule (or family): for an output whose purpose
    /// contradicts that rule by the operator's choice.
    pub fn without(mut self, id: &'static str) -> Selection {
        self.except.push(id);
        self
    }

    /// Whether a rule runs.
    pub fn includes(&self, rule: &Rule) -> bool {
        let selected = match &self.only {
            None => true,
            Some(ids) => ids.iter().any(|id| matches(id, rule.meta.id)),
        };
        selected && !self.except.iter().any(|id| matches(id, rule.meta.id))
    }

    /// The rules that run, sorted by id.
    pub fn rules(&self) -> impl Iterator<Item = &'static Rule> {
        all().iter().copied().filter(|r| self.includes(r))
    }

    /// How many rules run.
    pub fn count(&self) -> usize {
        self.rules().count()
    }
}

fn matches(requested: &str, id: &str) -> bool {
    id == requested
        || id
            .strip_prefix(requested)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// Runs the selected HOT rules over a set; violations come back sorted by file and place.
pub fn check_hot(set: &HotSet, selection: &Selection) -> Vec<Violation> {
    let context = Context::new(set);
    let mut out = Vec::new();
    for rule in all().iter().filter(|r| selection.includes(r)) {
        if let Check::Hot(check) = rule.check {
            check(&context, &mut Findings::new(&rule.meta, &mut out));
        }
    }
    out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    out
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
    matches!(rule.check, Check::Hot(_)) && matches(BASE_HOT_RULES, rule.meta.id)
}

/// Runs the selected CSAR rules over a package, and the selected HOT specification rules
/// over each BaseHOT flavour's templates; violations come back sorted by file and place.
pub fn check_csar(csar: &Csar, selection: &Selection) -> Vec<Violation> {
    let context = CsarContext::new(csar);
    let base_hot: Vec<Context<'_>> = csar.base_hot.iter().map(|b| Context::new(&b.set)).collect();
    let mut out = Vec::new();
    for rule in all().iter().filter(|r| selection.includes(r)) {
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
    out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    out
}
