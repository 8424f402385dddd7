//! Fix providers by rule: each names the rules it answers by their registered `RuleMeta`
//! (a typed reference, so a provider cannot name a rule that does not exist), takes a
//! violation and the set and returns the fix. Providers live one per file in `providers/`;
//! rules know nothing about them.

use crate::check::rules::Context;
use crate::foundation::diagnostics::{RuleMeta, Violation};
use crate::model::hot::HotSet;

use super::model::Offer;
use super::providers;

/// What a provider is asked.
pub struct Request<'r, 'a> {
    /// The violation to fix.
    pub violation: &'r Violation,
    /// The set as the rules saw it.
    pub context: &'r Context<'a>,
    /// Text the operator typed for this fix, when it needs some.
    pub text: Option<&'r str>,
}

impl<'a> Request<'_, 'a> {
    /// The set.
    pub fn set(&self) -> &'a HotSet {
        self.context.set
    }
}

/// A fix provider: the rules it answers and how.
pub struct Provider {
    /// The rules whose violations it fixes.
    pub rules: &'static [&'static RuleMeta],
    /// Builds the fix of one violation.
    pub offer: fn(&Request<'_, '_>) -> Offer,
}

static PROVIDERS: &[&Provider] = &[
    &providers::default_to_env::PROVIDER,
    &providers::create_env::PROVIDER,
    &providers::env_parameters::PROVIDER,
    &providers::rename_resource::PROVIDER,
    &providers::rename_parameter::PROVIDER,
    &providers::unused_parameter::PROVIDER,
    &providers::inline_registry::PROVIDER,
    &providers::template_description::PROVIDER,
    &providers::parameter_description::PROVIDER,
    &providers::duplicate_key::PROVIDER,
    &providers::version_date::PROVIDER,
    &providers::supplied_value::PROVIDER,
    &providers::name_from_vnf_name::PROVIDER,
];

/// The provider answering a rule.
pub fn provider(rule: &str) -> Option<&'static Provider> {
    PROVIDERS
        .iter()
        .copied()
        .find(|p| p.rules.iter().any(|r| r.id == rule))
}

/// Every rule id some provider answers, in provider order.
pub fn fixable_rules() -> impl Iterator<Item = &'static str> {
    PROVIDERS.iter().flat_map(|p| p.rules.iter().map(|r| r.id))
}

/// The fix of `violation`, or `None` when no provider answers its rule (or, for a finding
/// that breaks twin requirements, any of theirs).
pub fn offer(context: &Context<'_>, violation: &Violation, text: Option<&str>) -> Option<Offer> {
    let provider = violation.ids().find_map(provider)?;
    Some((provider.offer)(&Request {
        violation,
        context,
        text,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixable_rule_is_registered_and_answered_once() {
        let mut seen = std::collections::HashSet::new();
        for meta in PROVIDERS.iter().flat_map(|p| p.rules.iter()) {
            assert!(seen.insert(meta.id), "{} has two providers", meta.id);
            // The very rule the registry runs, not a rule defined but never registered.
            let registered = crate::check::rules::find(meta.id)
                .unwrap_or_else(|| panic!("{} is not a registered rule", meta.id));
            assert!(std::ptr::eq(&registered.meta, *meta), "{}", meta.id);
        }
    }
}
