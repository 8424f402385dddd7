//! R-75141 and R-16447: a resource gets a valid, unique id, and every reference follows.
//!
//! R-75141 replaces each character other than ASCII letters, digits and `_` by `_`
//! (`vfw-server-0` → `vfw_server_0`); R-16447 renames the later of two clashing resources
//! with its template's name as prefix (`dns_server_0` in `vlb.yaml` → `vlb_dns_server_0`).
//! Either way the name is made unique across the set, and `get_resource`, `get_attr`,
//! `depends_on` and a parent's `resource.<id>` attribute paths are rewritten. Text that
//! merely mentions the id (a script, a `str_replace` template) cannot be followed, so such
//! a rename is for review. It is safe when nothing else in the set mentions the id and no
//! cloud object is named after it: a utility resource (`OS::Heat::…`: a random string, a
//! software config…), or one whose `name` property is set (Heat names an unnamed server or
//! port after its resource id).

use crate::check::rules::onap;
use crate::input::yaml::Node;
use crate::model::hot::template::resource_type;
use crate::transform::fix::edit::{Edit, splice};
use crate::transform::fix::locate::{self, entry_at};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::references::{plain_name, rename_resource, resource_ids, unique};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[
        &onap::resources::r75141_resource_id::RULE.meta,
        &onap::resources::r16447_unique_resource_id::RULE.meta,
    ],
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
    let Some((key, definition)) = entry_at(template, "resources", violation.span) else {
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
                if renames_nothing_else(request, definition, old, &rewrite.edits) {
                    Safety::Safe
                } else {
                    Safety::Review
                },
                rewrite.edits,
            );
            fix.moves = rewrite.moves;
            // Resource ids are one namespace across the set: two renames of one round must
            // not pick the same new id (the later one waits and picks again).
            fix.claims.push(format!("resource id {new}"));
            Offer::Ready(fix)
        }
        Err(reason) => Offer::Unavailable(reason),
    }
}

/// True when, after the rename, no file of the set still mentions `old` as a word and the
/// resource names no cloud object after its id: what makes the rename safe.
fn renames_nothing_else(
    request: &Request<'_, '_>,
    definition: &Node,
    old: &str,
    edits: &[Edit],
) -> bool {
    let utility = resource_type(definition).is_some_and(|t| t.starts_with("OS::Heat::"));
    let named = definition
        .get("properties")
        .is_some_and(|p| p.get("name").is_some());
    if !(utility || named) {
        return false;
    }
    request.set().files.iter().all(|file| {
        let own: Vec<&Edit> = edits.iter().filter(|e| e.file == file.path).collect();
        if own.is_empty() {
            // A file the rename does not touch is read as it is, not copied.
            return !mentions(&file.bytes, old.as_bytes());
        }
        let Ok(after) = splice(&file.path, &file.bytes, &own) else {
            return false;
        };
        !mentions(&after, old.as_bytes())
    })
}

/// True when `word` appears in `text` not as part of a longer name. Only the places that
/// start with the word's first byte are compared (a set's every file is read for every
/// rename offered).
fn mentions(text: &[u8], word: &[u8]) -> bool {
    let Some(&first) = word.first() else {
        return false;
    };
    let part_of_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
    text.iter()
        .enumerate()
        .filter(|&(i, &b)| b == first && text[i..].starts_with(word))
        .any(|(i, _)| {
            let before = i.checked_sub(1).map(|j| text[j]);
            let after = text.get(i + word.len()).copied();
            !before.is_some_and(part_of_name) && !after.is_some_and(part_of_name)
        })
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn mentions_are_whole_names() {
        assert!(mentions(b"{get_resource: random-str}", b"random-str"));
        assert!(mentions(b"random-str", b"random-str"));
        assert!(!mentions(b"random-str-2: x", b"random-str"));
        assert!(!mentions(b"my_random-str", b"random-str"));
        assert!(!mentions(b"", b"random-str"));
        assert!(!mentions(b"random-str", b""));
    }
}
