//! R-25877: a parameter gets a name of ASCII letters, digits and `_` (each other character
//! becomes `_`: `oam-net-id` → `oam_net_id`, unique among the template's parameters), and
//! every place naming it follows: `get_param` in resources, outputs and conditions,
//! `parameter_groups`, the environment files that set it, and the properties that parent
//! resources pass to a nested template. For review: text that only mentions the name
//! cannot be followed.

use crate::check::rules::onap;
use std::collections::HashSet;

use crate::transform::fix::locate::{self, entry_at};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::references::{plain_name, rename_parameter, unique};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::parameters::r25877_parameter_name::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    let violation = request.violation;
    let Some(template) = locate::template(request.context, &violation.file) else {
        return Offer::Unavailable("the template could not be read".to_owned());
    };
    let Some((key, _)) = entry_at(template, "parameters", violation.span) else {
        return Offer::Unavailable("the parameter could not be found".to_owned());
    };
    let old = key.text.as_str();
    let taken: HashSet<&str> = template
        .parameters()
        .map(|(k, _)| k.text.as_str())
        .collect();
    let new = unique(&plain_name(old, "parameter"), &taken);
    match rename_parameter(request.context, template, old, &new) {
        Ok(rewrite) => {
            let mut fix = Fix::new(
                violation.rule.id,
                format!(
                    "Rename parameter `{old}` to `{new}` in {} place{} of {} file{}",
                    rewrite.edits.len(),
                    if rewrite.edits.len() == 1 { "" } else { "s" },
                    rewrite.files.len(),
                    if rewrite.files.len() == 1 { "" } else { "s" }
                ),
                Safety::Review,
                rewrite.edits,
            );
            fix.moves = rewrite.moves;
            // Two renames of one round in a template must not pick the same new name.
            fix.claims
                .push(format!("parameter {new} of {}", violation.file));
            Offer::Ready(fix)
        }
        Err(reason) => Offer::Unavailable(reason),
    }
}
