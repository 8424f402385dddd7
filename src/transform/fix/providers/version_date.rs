//! R-27078/date: a `heat_template_version` written as a release alias (`newton`) is
//! written as the date Heat reads it as (`2016-10-14`), keeping its quotes and comments.
//!
//! Heat takes both spellings as the same version, so the fix is safe. A missing or empty
//! version (R-27078 itself) gets no fix: only the operator knows which release the cloud
//! runs.

use crate::check::rules::onap;
use crate::model::hot::Version;

use crate::transform::fix::locate::{self, same_place};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::structure::r27078_version_date::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
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
    let Some(layout) = locate::layout(request.context, template.id) else {
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::check::rules::{Context, Selection, check_hot};
    use crate::foundation::limits::Limits;
    use crate::input::source::PackageFiles;
    use crate::model::hot::{Roots, load_set};
    use crate::transform::fix::edit::splice;

    /// The text after the fix of the set's R-27078/date violation, or why there is none.
    fn fixed(text: &str) -> Result<String, String> {
        let limits = Limits::default();
        let files = PackageFiles::from_memory(
            Path::new("vdns"),
            vec![("base_vdns.yaml".to_owned(), text.as_bytes().to_vec())],
            &limits,
        )
        .unwrap();
        let set = load_set(&files, Roots::Discover, "vdns".to_owned(), &limits);
        let violations = check_hot(&set, &Selection::only(&["R-27078/date"]).unwrap());
        let Some(violation) = violations.first() else {
            return Err("the version is already a date".to_owned());
        };
        assert_eq!(violation.span.line, 1, "reported at the version's value");
        let context = Context::new(&set);
        let offer = offer(&Request {
            violation,
            context: &context,
            text: None,
        });
        match offer {
            Offer::Ready(fix) => {
                assert_eq!(fix.safety, Safety::Safe);
                let edits: Vec<_> = fix.edits.iter().collect();
                let after = splice("base_vdns.yaml", text.as_bytes(), &edits).unwrap();
                Ok(String::from_utf8(after).unwrap())
            }
            Offer::Unavailable(reason) => Err(reason),
            Offer::NeedsText { title, .. } => Err(title),
        }
    }

    #[test]
    fn aliases_become_dates_in_their_quotes() {
        let template = "heat_template_version: newton   # Ocata cloud\ndescription: vDNS\n\
                        resources: {}\n";
        assert_eq!(
            fixed(template).as_deref(),
            Ok(
                "heat_template_version: 2016-10-14   # Ocata cloud\ndescription: vDNS\n\
                resources: {}\n"
            )
        );
        let quoted = "heat_template_version: 'pike'\nresources: {}\n";
        assert_eq!(
            fixed(quoted).as_deref(),
            Ok("heat_template_version: '2017-09-01'\nresources: {}\n")
        );
        let dated = "heat_template_version: 2017-09-01\nresources: {}\n";
        assert!(fixed(dated).is_err_and(|reason| reason.contains("already")));
    }
}
