//! R-75141 and R-16447: a resource gets a valid, unique id, and every reference follows.
//!
//! R-75141 replaces each character other than ASCII letters, digits and `_` by `_`
//! (`vfw-server-0` → `vfw_server_0`); R-16447 renames the later of two clashing resources
//! with its template's name as prefix (`dns_server_0` in `vlb.yaml` → `vlb_dns_server_0`).
//! Either way the name is made unique across the set, and `get_resource`, `get_attr`,
//! `depends_on` and a parent's `resource.<id>` attribute paths are rewritten. Text that
//! merely mentions the id (a script, a `str_replace` template) cannot be followed, so the
//! fix is for review.

use crate::fix::locate::{self, entry_at};
use crate::fix::model::{Fix, Offer, Safety};
use crate::fix::references::{plain_name, rename_resource, resource_ids, unique};
use crate::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &["R-75141", "R-16447"],
    offer,
};

/// The stem of a file name, as a name prefix.
fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split('.').next().unwrap_or(name)
}

fn offer(request: &Request<'_, '_>) -> Offer {
    let violation = request.violation;
    let Some(template) = locate::template(request.context, &violation.file) else {
        return Offer::Unavailable("the template could not be read".to_owned());
    };
    let Some((key, _)) = entry_at(template, "resources", violation.span) else {
        return Offer::Unavailable("the resource could not be found".to_owned());
    };
    let old = key.text.as_str();
    let base = if violation.rule.id == "R-16447" {
        plain_name(&format!("{}_{old}", stem(template.path())), "resource")
    } else {
        plain_name(old, "resource")
    };
    let taken = resource_ids(request.context);
    let new = unique(&base, &taken);
    match rename_resource(request.context, template, old, &new) {
        Ok(rewrite) => {
            let others = rewrite
                .files
                .iter()
                .filter(|f| **f != violation.file)
                .count();
            let also = if others > 0 {
                format!(
                    " (and {others} other file{})",
                    if others == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            let mut fix = Fix::new(
                violation.rule.id,
                format!(
                    "Rename resource `{old}` to `{new}` and its {} reference{}{also}",
                    rewrite.edits.len() - 1,
                    if rewrite.edits.len() == 2 { "" } else { "s" }
                ),
                Safety::Review,
                rewrite.edits,
            );
            fix.moves = rewrite.moves;
            Offer::Ready(fix)
        }
        Err(reason) => Offer::Unavailable(reason),
    }
}
