//! An environment file lists a value ONAP supplies when it instantiates the module (the
//! VNF and module ids and names, server names, the networks, subnets and fixed addresses
//! of external networks, …): the entry is deleted, with its own lines and trailing
//! comment; comments above it and every other byte stay. Safe: ONAP overrides the listed
//! value at instantiation, so the module deploys as before, with ONAP's value.
//!
//! R-99812 (a non-server resource's `name` in the environment) deletes the same way, for
//! review: ONAP does not supply that name, the template must build it (from `vnf_name`).
//! R-599443 and R-92635/env-parameter (the environment lists a parameter the template does
//! not declare, which Heat refuses) delete the line for review: the name may be a typo of one that is declared.

use crate::input::yaml::Node;
use crate::model::hot::secrets::hidden_parameters;
use crate::transform::fix::locate::{self, same_place};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[
        "R-02691",
        "R-13194",
        "R-20856",
        "R-22288",
        "R-22838",
        "R-29872",
        "R-36542",
        "R-37039",
        "R-39841",
        "R-59568",
        "R-62590",
        "R-69634",
        "R-72871",
        "R-76682",
        "R-80374",
        "R-80829",
        "R-83412",
        "R-83677",
        "R-87123",
        "R-92193",
        "R-93030",
        "R-98905",
        "R-100020",
        "R-100040",
        "R-100060",
        "R-100080",
        "R-100170",
        "R-100210",
        "R-100230",
        "R-100250",
        "R-100270",
        "R-100280",
        "R-99812",
        "R-599443",
        "R-92635/env-parameter",
    ],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    match deletion(request) {
        Ok(fix) => Offer::Ready(fix),
        Err(reason) => Offer::Unavailable(reason.to_owned()),
    }
}

fn deletion(request: &Request<'_, '_>) -> Result<Fix, &'static str> {
    let violation = request.violation;
    let set = request.set();
    let name = violation
        .path
        .strip_prefix("parameters.")
        .ok_or("the value is not under the environment's `parameters:`")?;
    let env = locate::environment(request.context, &violation.file)
        .ok_or("the environment file could not be read")?;
    let (Some(section_key), Some(values)) =
        (env.root.key("parameters"), env.root.get("parameters"))
    else {
        return Err("the environment file has no `parameters:`");
    };
    let map = values.as_map().ok_or("`parameters:` is not a map")?;
    let (key, value) = map
        .iter()
        .find(|(k, _)| k.text == name && same_place(k.span, violation.span))
        .ok_or("the entry could not be found where the violation points")?;
    let layout =
        locate::layout(request.context, env.id).ok_or("the environment file is not UTF-8 text")?;
    let edits = layout
        .delete_entry(values, Some(section_key), name)
        .ok_or("the entry is not written in a layout vnfwiz edits")?;
    let (safety, title) = match violation.rule.id {
        "R-99812" => (
            Safety::Review,
            format!(
                "Delete `{name}` from {}; build the name from `vnf_name` in the template",
                violation.file
            ),
        ),
        "R-599443" | "R-92635/env-parameter" => (
            Safety::Review,
            format!(
                "Delete `{name}`, which no template declares, from {}",
                violation.file
            ),
        ),
        _ => (
            Safety::Safe,
            format!(
                "Delete `{name}` from {}: ONAP supplies it at instantiation",
                violation.file
            ),
        ),
    };
    let mut fix = Fix::new(violation.rule.id, title, safety, edits);
    if hidden_parameters(set).contains(key.text.as_str()) {
        fix.secrets.push(written(layout.text, value));
    }
    Ok(fix)
}

/// The value's text as written.
fn written(text: &str, value: &Node) -> String {
    text.get(value.span.start as usize..value.span.end as usize)
        .unwrap_or_default()
        .to_owned()
}
