//! R-85734: a non-server resource's `name` not built from `vnf_name` becomes a `str_replace`
//! that puts the VNF instance's name in front of the value as written: `VNF_NAME_GIVEN`,
//! with `VNF_NAME` from `{get_param: vnf_name}` and `GIVEN` the old value (a parameter, a
//! text or a `str_replace` of its own), re-indented under its new key. For review: the
//! cloud object's name changes (it now starts with the instance's name, which is the point
//! of the rule). Not offered when the template does not declare `vnf_name`.

use crate::check::rules::onap;
use crate::input::yaml::Value;
use crate::transform::fix::edit::Edit;
use crate::transform::fix::layout::json_string;
use crate::transform::fix::locate;
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::resource_property::r85734_name_str_replace::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    match rewrite(request) {
        Ok(fix) => Offer::Ready(fix),
        Err(reason) => Offer::Unavailable(reason.to_owned()),
    }
}

fn rewrite(request: &Request<'_, '_>) -> Result<Fix, &'static str> {
    let violation = request.violation;
    let template = locate::template(request.context, &violation.file)
        .ok_or("the template could not be read")?;
    if template.parameter("vnf_name").is_none() {
        return Err("the template does not declare `vnf_name`; declare it, then build the name");
    }
    let id = violation
        .path
        .strip_prefix("resources.")
        .and_then(|p| p.strip_suffix(".properties.name"))
        .ok_or("the name could not be found")?;
    let properties = template
        .resource(id)
        .and_then(|r| r.get("properties"))
        .and_then(|p| p.as_map())
        .ok_or("the resource has no properties")?;
    let (key, value) = properties
        .iter()
        .find(|(k, _)| k.text == "name")
        .ok_or("the resource has no name")?;
    let layout =
        locate::layout(request.context, template.id).ok_or("the template is not UTF-8 text")?;
    let start = layout.after_colon(key);
    let end = layout.content_end(value);
    let edit = if layout.starts_line(key.span.start as usize) && !layout.json {
        // Block style: the new lines under `name:`, the old value moved under `GIVEN:`.
        let column = layout.indent_of(key.span.start as usize);
        let unit = layout.unit();
        let pad = |level: usize| " ".repeat(column + level * unit);
        let given = layout
            .moved_value(key, value, column, column + 3 * unit)
            .ok_or("the name is not written in a layout vnfwiz edits")?;
        let eol = layout.eol;
        let text = format!(
            "{eol}{}str_replace:{eol}{}template: VNF_NAME_GIVEN{eol}{}params:{eol}{}VNF_NAME: {{get_param: vnf_name}}{eol}{}GIVEN:{}",
            pad(1),
            pad(2),
            pad(2),
            pad(3),
            pad(3),
            given.replace('\n', eol)
        );
        Edit::replace(&violation.file, start..end, text)
    } else {
        // Flow style (or JSON): one flow value, the old one as written inside it.
        let written = &layout.text[value.span.start as usize..end];
        let given = match &value.value {
            Value::Str(text) if !layout.is_flow(value) => json_string(text),
            _ if written.contains('\n') => {
                return Err("the name spans several lines inside a flow mapping");
            }
            _ => written.to_owned(),
        };
        let (t, p, v, g, s) = if layout.json {
            (
                "\"template\"",
                "\"params\"",
                "\"VNF_NAME\"",
                "\"GIVEN\"",
                "\"str_replace\"",
            )
        } else {
            ("template", "params", "VNF_NAME", "GIVEN", "str_replace")
        };
        let get = if layout.json {
            "{\"get_param\": \"vnf_name\"}"
        } else {
            "{get_param: vnf_name}"
        };
        let template_text = if layout.json {
            "\"VNF_NAME_GIVEN\""
        } else {
            "VNF_NAME_GIVEN"
        };
        let text = format!("{{{s}: {{{t}: {template_text}, {p}: {{{v}: {get}, {g}: {given}}}}}}}");
        Edit::replace(&violation.file, value.span.start as usize..end, text)
    };
    Ok(Fix::new(
        violation.rule.id,
        format!("Build the name of `{id}` from `vnf_name`, keeping its value after it"),
        Safety::Review,
        vec![edit],
    ))
}
