//! The one secret policy of vnfwiz (docs/decisions.md): a parameter some template of the
//! set declares `hidden` (truthy, as Heat takes it) is a secret, and its values (an
//! environment file's entries under `parameters:` and `parameter_defaults:`, and the
//! `default:` of the template declaring it) are hidden values. Every output but the files
//! written to hold them shows them masked: report snippets and previews by their places
//! ([`display_text`]), diffs by their texts ([`hidden_values`]).

use foldhash::HashSet;
use std::borrow::Cow;
use std::ops::Range;

use super::FileId;
use super::set::HotSet;
use crate::input::yaml::{Node, Value};

/// Names of the parameters some template of `set` declares hidden.
pub fn hidden_parameters(set: &HotSet) -> HashSet<&str> {
    set.templates()
        .flat_map(|template| template.parameters())
        .filter(|(_, definition)| is_hidden(definition))
        .map(|(name, _)| name.text.as_str())
        .collect()
}

fn is_hidden(definition: &Node) -> bool {
    definition
        .get("hidden")
        .is_some_and(|h| !matches!(h.value, Value::Bool(false) | Value::Null))
}

/// The byte ranges of `set`'s file `id` that hold hidden values: an environment's entries
/// of hidden parameters, a template's defaults of the parameters it declares hidden.
pub fn hidden_spans(set: &HotSet, id: FileId) -> Vec<Range<usize>> {
    let span = |node: &Node| node.span.start as usize..node.span.end as usize;
    if let Some(template) = set.template(id) {
        return template
            .parameters()
            .filter(|(_, definition)| is_hidden(definition))
            .filter_map(|(_, definition)| definition.get("default"))
            .map(span)
            .collect();
    }
    let Some(environment) = set.environment(id) else {
        return Vec::new();
    };
    let hidden = hidden_parameters(set);
    if hidden.is_empty() {
        return Vec::new();
    }
    environment
        .parameters()
        .chain(environment.parameter_defaults())
        .filter(|(name, _)| hidden.contains(name.text.as_str()))
        .map(|(_, value)| span(value))
        .collect()
}

/// `bytes` with every byte of `spans` but line breaks replaced by `*`, so every place
/// stays where it was.
fn mask(bytes: &[u8], spans: &[Range<usize>]) -> Vec<u8> {
    let mut masked = bytes.to_vec();
    for span in spans {
        let end = span.end.min(masked.len());
        for byte in masked
            .get_mut(span.start.min(end)..end)
            .into_iter()
            .flatten()
        {
            if *byte != b'\n' {
                *byte = b'*';
            }
        }
    }
    masked
}

/// The text of `set`'s file `id` as every output shows it: its hidden values masked.
pub fn display_text(set: &HotSet, id: FileId) -> Cow<'_, str> {
    let file = set.file(id);
    let spans = hidden_spans(set, id);
    if spans.is_empty() {
        return file.text();
    }
    Cow::Owned(String::from_utf8_lossy(&mask(&file.bytes, &spans)).into_owned())
}

/// Every hidden value of `set` as written and unquoted (blank ones left out): what a diff
/// masks wherever it shows one, context lines included, even once a fix moved it.
pub fn hidden_values(set: &HotSet) -> Vec<String> {
    let mut values = Vec::new();
    for id in 0..set.files.len() {
        let bytes = &set.files[id].bytes;
        for span in hidden_spans(set, id) {
            let Some(raw) = bytes.get(span) else {
                continue;
            };
            let raw = String::from_utf8_lossy(raw).into_owned();
            let bare = raw.trim_matches(|c| c == '"' || c == '\'').to_owned();
            for value in [raw, bare] {
                if !value.trim().is_empty() && !values.contains(&value) {
                    values.push(value);
                }
            }
        }
    }
    // The longest first, so a value holding another is masked whole.
    values.sort_by_key(|v| std::cmp::Reverse(v.len()));
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::input::source::PackageFiles;
    use crate::model::hot::{Roots, load_set};
    use std::path::Path;

    fn set(files: &[(&str, &str)]) -> HotSet {
        let limits = Limits::default();
        let entries = files
            .iter()
            .map(|(path, text)| ((*path).to_owned(), text.as_bytes().to_vec()))
            .collect();
        let package = PackageFiles::from_memory(Path::new("set"), entries, &limits).unwrap();
        load_set(&package, Roots::Discover, "set".to_owned(), &limits)
    }

    const TEMPLATE: &str = "heat_template_version: 2016-10-14\nparameters:\n  dns_admin_password:\n    type: string\n    hidden: true\n    default: \"t3mplate-default\"\n  dns_zone:\n    type: string\n    default: example.net\nresources: {}\n";

    #[test]
    fn environment_values_and_template_defaults_are_masked_in_place() {
        let env = "parameters:\n  dns_admin_password: s3cret-value\n  dns_zone: example.net\nparameter_defaults:\n  dns_admin_password: |\n    two\n    lines\n";
        let set = set(&[("base_dns.yaml", TEMPLATE), ("base_dns.env", env)]);
        for path in ["base_dns.yaml", "base_dns.env"] {
            let id = set.find(path).unwrap();
            let shown = display_text(&set, id);
            for secret in ["s3cret", "two", "lines", "t3mplate-default"] {
                assert!(!shown.contains(secret), "{path}: {shown}");
            }
            assert!(shown.contains("example.net"), "{shown}");
            let file = set.file(id);
            assert_eq!(shown.len(), file.bytes.len());
            assert_eq!(shown.lines().count(), file.text().lines().count());
        }
        let values = hidden_values(&set);
        for secret in ["s3cret-value", "t3mplate-default", "\"t3mplate-default\""] {
            assert!(values.iter().any(|v| v == secret), "{values:?}");
        }
        assert!(!values.iter().any(|v| v.contains("example.net")));
    }

    #[test]
    fn a_set_without_hidden_parameters_shows_its_text() {
        let set = set(&[(
            "base_dns.yaml",
            "heat_template_version: 2016-10-14\nparameters:\n  dns_zone:\n    type: string\n    default: example.net\nresources: {}\n",
        )]);
        assert!(matches!(display_text(&set, 0), Cow::Borrowed(_)));
        assert!(hidden_values(&set).is_empty());
    }
}
