//! The list of every rule, selection by id, and running the HOT rules over a set.

use std::sync::LazyLock;

use crate::hot::HotSet;
use crate::ovf::OvfPackage;
use crate::report::Violation;

use super::context::{Context, Findings};
use super::meta::{Check, Rule};
use super::ovf_context::OvfContext;

static ALL: LazyLock<Vec<&'static Rule>> = LazyLock::new(|| {
    let mut all: Vec<&'static Rule> = Vec::new();
    all.extend_from_slice(super::capabilities::RULES);
    all.extend_from_slice(super::hot_spec::RULES);
    all.extend_from_slice(super::onap::RULES);
    all.extend_from_slice(super::ovf::RULES);
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
/// requested id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    only: Option<Vec<String>>,
}

/// A requested id that matches no rule.
#[derive(Debug, thiserror::Error)]
#[error("unknown rule `{0}`; `vnfwiz rules` lists them")]
pub struct UnknownRule(pub String);

impl Selection {
    /// Every rule.
    pub fn all() -> Selection {
        Selection { only: None }
    }

    /// Only the named rules (or families); an id matching nothing is an error.
    pub fn only<S: AsRef<str>>(ids: &[S]) -> Result<Selection, UnknownRule> {
        let ids: Vec<String> = ids.iter().map(|s| s.as_ref().trim().to_owned()).collect();
        for id in &ids {
            if !all().iter().any(|r| matches(id, r.meta.id)) {
                return Err(UnknownRule(id.clone()));
            }
        }
        Ok(Selection { only: Some(ids) })
    }

    /// Whether a rule runs.
    pub fn includes(&self, rule: &Rule) -> bool {
        match &self.only {
            None => true,
            Some(ids) => ids.iter().any(|id| matches(id, rule.meta.id)),
        }
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
