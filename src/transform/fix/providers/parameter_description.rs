//! R-44001: a parameter without a (non-empty) `description:` gets the one the operator
//! types, after its `label:` or `type:`. vnfwiz invents no text: without the operator's words
//! the fix waits (the wizard asks; headless runs skip and report it).

use crate::check::rules::onap;
use crate::transform::fix::description::{describe, typed};
use crate::transform::fix::locate::{self, entry_at, parameter_with_attribute};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::parameters::r44001_parameter_description::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    let violation = request.violation;
    let Some(template) = locate::template(request.context, &violation.file) else {
        return Offer::Unavailable("the template could not be read".to_owned());
    };
    // Reported at the parameter's name when missing, at `description:` when empty.
    let Some((name, definition)) = entry_at(template, "parameters", violation.span)
        .or_else(|| parameter_with_attribute(template, "description", violation.span))
    else {
        return Offer::Unavailable("the parameter could not be found".to_owned());
    };
    let Some(text) = typed(request.text) else {
        return Offer::NeedsText {
            title: format!("Add a description to parameter `{}`", name.text),
            prompt: format!(
                "What is `{}` ({})? (one line: what the value is and where it comes from)",
                name.text, violation.file
            ),
        };
    };
    let Some(layout) = locate::layout(request.context, template.id) else {
        return Offer::Unavailable("the template is not UTF-8 text".to_owned());
    };
    match describe(&layout, definition, &["label", "type"], text) {
        Some(edit) => {
            let mut fix = Fix::new(
                violation.rule.id,
                format!("Set the description of `{}` to the text typed", name.text),
                Safety::Safe,
                vec![edit],
            );
            fix.text = Some(text.to_owned());
            Offer::Ready(fix)
        }
        None => {
            Offer::Unavailable("the parameter is not written in a layout vnfwiz edits".to_owned())
        }
    }
}
