//! The walk the definition rules share: each entry of a section, whether it is a map, and
//! whether its keys belong to the template's version.

use crate::check::rules::{Context, Findings};
use crate::input::yaml::{Key, Mapping, Node};
use crate::model::hot::Version;
use crate::model::hot::set::SourceFile;

use super::keys::unknown_key;

/// One top-level section whose entries are definitions (`outputs`, `resources`, `parameters`).
pub(super) struct DefinitionSection {
    /// The section's name in the template.
    name: &'static str,
    /// One entry as a message names it (`output`).
    noun: &'static str,
    /// What an entry must hold, in the message for one that is not a map (`with `value:``).
    needs: &'static str,
    /// The keys accepted per version.
    keys_of: fn(Version) -> &'static [&'static str],
}

impl DefinitionSection {
    /// The section `name` (a plural: `outputs`), whose entries hold `needs` and take the keys
    /// `keys_of` gives per version.
    pub(super) fn new(
        name: &'static str,
        needs: &'static str,
        keys_of: fn(Version) -> &'static [&'static str],
    ) -> DefinitionSection {
        let noun = name.strip_suffix('s').unwrap_or(name);
        DefinitionSection {
            name,
            noun,
            needs,
            keys_of,
        }
    }

    /// One entry in an unknown-key message (`an output definition`).
    fn what(&self) -> String {
        let article = if self.noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {} definition", self.noun)
    }
}

/// A definition that is a map, as a rule's own checks see it.
pub(super) struct Definition<'a> {
    /// The file it is written in.
    pub file: &'a SourceFile,
    /// Its name.
    pub name: &'a Key,
    /// Its node.
    pub node: &'a Node,
    /// Its keys and values.
    pub map: &'a Mapping,
    /// The section it is in (`outputs`).
    section: &'static str,
}

impl Definition<'_> {
    /// Its path (`outputs.name`), built only for a finding.
    pub fn path(&self) -> String {
        format!("{}.{}", self.section, self.name.text)
    }

    /// The path of one of its keys (`outputs.name.value`).
    pub fn key_path(&self, key: &Key) -> String {
        format!("{}.{}.{}", self.section, self.name.text, key.text)
    }
}

/// Reports each entry of `section` that is not a map and each key its version does not accept;
/// hands every map to `entry` (which returns false to skip its keys) and every accepted key,
/// with its value and definition, to `key`.
pub(super) fn check_definitions(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    section: &DefinitionSection,
    mut entry: impl FnMut(&mut Findings<'_>, &Definition<'_>) -> bool,
    mut key: impl FnMut(&mut Findings<'_>, &Definition<'_>, &Key, &Node),
) {
    let what = section.what();
    for template in context.templates.iter().filter(|t| t.is_hot()) {
        let version = template.version();
        for (name, node) in template.entries(section.name) {
            let Some(map) = node.as_map() else {
                let at = if node.is_null() { name.span } else { node.span };
                findings.report(
                    template.file,
                    at,
                    format!("{}.{}", section.name, name.text),
                    format!(
                        "{} `{}` must be a map {}, not {}",
                        section.noun,
                        name.text,
                        section.needs,
                        node.kind()
                    ),
                );
                continue;
            };
            let definition = Definition {
                file: template.file,
                name,
                node,
                map,
                section: section.name,
            };
            if !entry(findings, &definition) {
                continue;
            }
            for (k, value) in map.iter() {
                if let Some(version) = version
                    && let Some(message) = unknown_key(&what, &k.text, version, section.keys_of)
                {
                    findings.report(template.file, k.span, definition.key_path(k), message);
                    continue;
                }
                key(findings, &definition, k, value);
            }
        }
    }
}
