//! R-03324: an environment file without `parameters:` gets `parameters: {}` as its first
//! section (after any leading comments), in the file's style.

use crate::check::rules::onap;
use crate::input::yaml::Value;
use crate::transform::fix::layout::Piece;
use crate::transform::fix::locate;
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::environment::r03324_env_parameters::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    let set = request.set();
    let file = &request.violation.file;
    let Some(id) = set.find(file) else {
        return Offer::Unavailable("the environment file could not be found".to_owned());
    };
    let (Some(layout), Some(root)) = (locate::layout(request.context, id), locate::root(set, id))
    else {
        return Offer::Unavailable("the environment file does not parse".to_owned());
    };
    let edit = match &root.value {
        Value::Null => {
            Some(layout.insert_line(layout.text.len(), format!("parameters: {{}}{}", layout.eol)))
        }
        Value::Map(_) => layout.insert_entry(root, None, true, "parameters", Piece::Line("{}")),
        _ => None,
    };
    let Some(edit) = edit else {
        return Offer::Unavailable(
            "the environment file is not a mapping vnfwiz can add to".to_owned(),
        );
    };
    let mut fix = Fix::new(
        request.violation.rule.id,
        format!("Add an empty `parameters:` section to {file}"),
        Safety::Safe,
        vec![edit],
    );
    fix.claims.push(format!("{file}#parameters"));
    Offer::Ready(fix)
}
