//! Whether a required top-level section is written, and written with content.

use crate::input::yaml::{Key, Mapping};

/// How a required section falls short.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shortfall<'a> {
    /// The section is not written at all.
    Missing,
    /// The key is there but holds nothing (null, blank, `{}` or `[]`).
    Empty(&'a Key),
}

/// How the section `name` of `root` falls short, if it does.
pub fn shortfall<'a>(root: &'a Mapping, name: &str) -> Option<Shortfall<'a>> {
    let Some(key) = root.key(name) else {
        return Some(Shortfall::Missing);
    };
    root.get(name)
        .filter(|value| value.is_blank())
        .map(|_| Shortfall::Empty(key))
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::shared_checks::required_section::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;

    #[test]
    fn missing_empty_and_present() {
        let document = parse(
            b"description: ''\nparameters:\nresources: {a: {type: OS::Nova::Server}}\n",
            &YamlLimits::default(),
        )
        .expect("test document parses");
        let root = document.root.as_map().expect("test document is a map");
        assert_eq!(shortfall(root, "outputs"), Some(Shortfall::Missing));
        assert!(matches!(
            shortfall(root, "description"),
            Some(Shortfall::Empty(key)) if key.span.line == 1
        ));
        assert!(matches!(
            shortfall(root, "parameters"),
            Some(Shortfall::Empty(key)) if key.span.line == 2
        ));
        assert_eq!(shortfall(root, "resources"), None);
    }
}
