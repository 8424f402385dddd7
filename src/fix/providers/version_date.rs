//! R-27078/date: a `heat_template_version` written as a release alias (`newton`) is written
//! as the date Heat reads it as (`2016-10-14`), keeping its quotes.

use crate::hot::Version;

use crate::fix::locate;
use crate::fix::model::{Fix, Offer, Safety};
use crate::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &["R-27078/date"],
    offer,
};

fn offer(request: &Request<'_>) -> Offer {
    let set = request.set();
    let file = &request.violation.file;
    let Some(template) = locate::template(request.context, file) else {
        return Offer::Unavailable("the template could not be read".to_owned());
    };
    let Some(value) = template.root.get("heat_template_version") else {
        return Offer::Unavailable("the template has no heat_template_version".to_owned());
    };
    let Some(alias) = value.as_str() else {
        return Offer::Unavailable("heat_template_version is not text".to_owned());
    };
    let Some(version) = Version::parse(alias) else {
        return Offer::Unavailable(format!("`{alias}` is not a HOT version"));
    };
    let Some(layout) = locate::layout(set, template.id) else {
        return Offer::Unavailable("the template is not UTF-8 text".to_owned());
    };
    let date = version.date();
    let edit = layout.replace_scalar(value.span.start as usize, value.span.end as usize, date);
    Offer::Ready(Fix::new(
        request.violation.rule.id,
        format!("Write heat_template_version `{alias}` as its date, {date}"),
        Safety::Safe,
        vec![edit],
    ))
}
