//! R-27078 ("set to a date"): a `heat_template_version` written as a release alias
//! (`newton`) is written as the date Heat reads it as (`2016-10-14`), keeping its quotes.
//!
//! Heat takes both spellings as the same version, so the fix is safe. It answers an R-27078
//! violation that points at the version's value; a missing or empty version (what the rule
//! reports today) gets no fix, since only the operator knows which release the cloud runs.

use crate::hot::Version;

use crate::fix::locate::{self, same_place};
use crate::fix::model::{Fix, Offer, Safety};
use crate::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &["R-27078"],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    let set = request.set();
    let violation = request.violation;
    let Some(template) = locate::template(request.context, &violation.file) else {
        return Offer::Unavailable("the template could not be read".to_owned());
    };
    let Some(value) = template
        .root
        .get("heat_template_version")
        .filter(|v| same_place(v.span, violation.span))
    else {
        return Offer::Unavailable(
            "write the release date the target OpenStack supports, e.g. `2017-09-01`".to_owned(),
        );
    };
    let Some(written) = value.as_str() else {
        return Offer::Unavailable("heat_template_version is not text".to_owned());
    };
    let Some(version) = Version::parse(written) else {
        return Offer::Unavailable(format!("`{written}` is not a HOT version"));
    };
    let date = version.date();
    if written == date {
        return Offer::Unavailable(format!("`{written}` is already a date"));
    }
    let Some(layout) = locate::layout(set, template.id) else {
        return Offer::Unavailable("the template is not UTF-8 text".to_owned());
    };
    let edit = layout.replace_scalar(value.span.start as usize, value.span.end as usize, date);
    Offer::Ready(Fix::new(
        violation.rule.id,
        format!("Write heat_template_version `{written}` as its date, {date}"),
        Safety::Safe,
        vec![edit],
    ))
}
