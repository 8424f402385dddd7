//! Fix providers by rule id: each takes a violation and the set and returns the fix.
//! Providers live one per file in `providers/`; rules know nothing about them.

use crate::check::rules::Context;
use crate::foundation::diagnostics::Violation;
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
    /// Rule ids whose violations it fixes.
    pub rules: &'static [&'static str],
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
    PROVIDERS.iter().copied().find(|p| p.rules.contains(&rule))
}

/// Every rule id some provider answers, in provider order.
pub fn fixable_rules() -> impl Iterator<Item = &'static str> {
    PROVIDERS.iter().flat_map(|p| p.rules.iter().copied())
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
        for rule in fixable_rules() {
            assert!(seen.insert(rule), "{rule} has two providers");
            assert!(
                crate::check::rules::find(rule).is_some(),
                "{rule} is not a registered rule"
            );
        }
    }
}
