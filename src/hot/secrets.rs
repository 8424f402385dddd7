//! Secrets of a template set: parameters declared `hidden` (truthy, as Heat takes it), and
//! their values in environment files masked for display, so no report snippet shows one.

use std::collections::HashSet;

use super::set::{HotSet, Role};
use crate::yaml::{Node, Value};

/// Names of the parameters some template of `set` declares hidden.
pub fn hidden_parameters(set: &HotSet) -> HashSet<&str> {
    set.templates()
        .flat_map(|template| template.parameters())
        .filter(|(_, definition)| {
            definition
                .get("hidden")
                .is_some_and(|h| !matches!(h.value, Value::Bool(false) | Value::Null))
        })
        .map(|(name, _)| name.text.as_str())
        .collect()
}

/// `bytes` (an environment file parsed into `root`) with the values of `names` under
/// `parameters:` and `parameter_defaults:` replaced by `*`, line breaks kept so every
/// place stays where it was.
pub fn mask_values<'n>(
    bytes: &[u8],
    root: &Node,
    names: impl IntoIterator<Item = &'n str>,
) -> Vec<u8> {
    let mut masked = bytes.to_vec();
    for name in names {
        for section in ["parameters", "parameter_defaults"] {
            if let Some(value) = root.get(section).and_then(|s| s.get(name)) {
                let (start, end) = (value.span.start as usize, value.span.end as usize);
                for byte in masked.iter_mut().take(end).skip(start) {
                    if *byte != b'\n' {
                        *byte = b'*';
                    }
                }
            }
        }
    }
    masked
}

/// The text of `set`'s file `id` as reports show it: an environment's hidden values masked.
pub fn display_text(set: &HotSet, id: super::FileId) -> std::borrow::Cow<'_, str> {
    let file = set.file(id);
    match (&file.role, &file.document) {
        (Role::Environment, Some(document)) => {
            let hidden = hidden_parameters(set);
            if hidden.is_empty() {
                return file.text();
            }
            let masked = mask_values(&file.bytes, &document.root, hidden);
            std::borrow::Cow::Owned(String::from_utf8_lossy(&masked).into_owned())
        }
        _ => file.text(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::YamlLimits;
    use crate::yaml::parse;

    #[test]
    fn only_the_named_values_are_masked_in_place() {
        let text = b"parameters:\n  dns_admin_password: s3cret-value\n  dns_zone: example.net\nparameter_defaults:\n  dns_admin_password: |\n    two\n    lines\n";
        let root = parse(text, &YamlLimits::default()).unwrap().root;
        let masked = mask_values(text, &root, ["dns_admin_password"]);
        let masked = String::from_utf8(masked).unwrap();
        assert!(
            !masked.contains("s3cret") && !masked.contains("two"),
            "{masked}"
        );
        assert!(masked.contains("dns_zone: example.net"), "{masked}");
        assert_eq!(
            masked.lines().count(),
            text.split(|b| *b == b'\n').count() - 1
        );
        assert_eq!(masked.len(), text.len());
    }
}
