//! R-39402: a template without a (non-empty) `description:` gets the one the operator types,
//! after `heat_template_version`. vnfwiz invents no text: without the operator's words the
//! fix waits (the wizard asks; headless runs skip and report it).

use crate::check::rules::onap;
use crate::transform::fix::description::{describe, typed};
use crate::transform::fix::locate;
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::structure::r39402_description::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    let set = request.set();
    let file = &request.violation.file;
    let Some(text) = typed(request.text) else {
        return Offer::NeedsText {
            title: format!("Add a description to {file}"),
            prompt: format!("What does {file} deploy? (one line, shown to SDC's designers)"),
        };
    };
    let Some(template) = locate::template(request.context, file) else {
        return Offer::Unavailable("the template could not be read".to_owned());
    };
    let (Some(layout), Some(root)) = (
        locate::layout(request.context, template.id),
        locate::root(set, template.id),
    ) else {
        return Offer::Unavailable("the template is not UTF-8 text".to_owned());
    };
    match describe(&layout, root, &["heat_template_version"], text) {
        Some(edit) => {
            let mut fix = Fix::new(
                request.violation.rule.id,
                format!("Set the description of {file} to the text typed"),
                Safety::Safe,
                vec![edit],
            );
            fix.text = Some(text.to_owned());
            Offer::Ready(fix)
        }
        None => {
            Offer::Unavailable("the template is not written in a layout vnfwiz edits".to_owned())
        }
    }
}
