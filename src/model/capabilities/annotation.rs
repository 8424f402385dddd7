//! A template's `capabilities:` annotation: free `key: value` tags (`deployment: puppet`) and
//! the resource types the template can implement (`resource_type:`, a type or a list).

use std::collections::BTreeMap;

use crate::foundation::diagnostics::Span;
use crate::input::yaml::scalar_text;
use crate::input::yaml::{Node, Value};
use crate::model::hot::{FileId, Template, implemented_types};

use super::problem::{Problem, ProblemKind};

/// The key whose values name resource types rather than free tags.
pub const RESOURCE_TYPE: &str = "resource_type";

/// One capability tag: its values (one, or each item of a list) and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Tag {
    /// The values as text (`puppet`; a number or boolean as written).
    pub values: Vec<String>,
    /// Where the tag's key is written.
    pub span: Span,
}

/// What one template declares under `capabilities:`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// The annotated template.
    pub template: FileId,
    /// Where `capabilities:` is written.
    pub span: Span,
    /// Free tags by key (`resource_type` excluded).
    pub tags: BTreeMap<String, Tag>,
    /// The resource types the template implements, with where each is written.
    pub resource_types: Vec<(String, Span)>,
}

impl Annotation {
    /// True when the template says it implements `resource_type`.
    pub fn implements(&self, resource_type: &str) -> bool {
        self.resource_types.iter().any(|(t, _)| t == resource_type)
    }

    /// The values of a tag (`resource_type` included), empty when undeclared.
    pub fn values(&self, key: &str) -> Vec<&str> {
        if key == RESOURCE_TYPE {
            return self
                .resource_types
                .iter()
                .map(|(t, _)| t.as_str())
                .collect();
        }
        self.tags
            .get(key)
            .map(|t| t.values.iter().map(String::as_str).collect())
            .unwrap_or_default()
    }

    /// True when the template declares `key`.
    pub fn declares(&self, key: &str) -> bool {
        if key == RESOURCE_TYPE {
            !self.resource_types.is_empty()
        } else {
            self.tags.contains_key(key)
        }
    }
}

/// Reads a template's annotation, with a problem for each value vnfwiz cannot use.
pub fn read(template: &Template<'_>, problems: &mut Vec<Problem>) -> Option<Annotation> {
    let key = template.root.key("capabilities")?;
    let value = template.root.get("capabilities")?;
    let mut annotation = Annotation {
        template: template.id,
        span: key.span,
        tags: BTreeMap::new(),
        resource_types: Vec::new(),
    };
    let mut problem = |span: Span, path: String, message: String| {
        problems.push(Problem {
            kind: ProblemKind::Annotation,
            file: template.id,
            span,
            path,
            message,
        });
    };
    let Some(map) = value.as_map() else {
        if !value.is_null() {
            problem(
                value.span,
                "capabilities".to_owned(),
                format!(
                    "`capabilities:` is a map of tags (`deployment: puppet`), not {}",
                    value.kind()
                ),
            );
        }
        return Some(annotation);
    };
    for (tag, tag_value) in map.iter() {
        let path = format!("capabilities.{}", tag.text);
        if tag.text == RESOURCE_TYPE {
            for item in implemented_types(template) {
                match item.as_str() {
                    Some(name) if !name.trim().is_empty() => {
                        annotation.resource_types.push((name.to_owned(), item.span))
                    }
                    _ => problem(
                        item.span,
                        path.clone(),
                        format!(
                            "`resource_type` names a resource type (`OS::Example::Server`) or \
                             a list of them, not {}",
                            item.kind()
                        ),
                    ),
                }
            }
            continue;
        }
        match values(tag_value) {
            Some(texts) => {
                annotation.tags.insert(
                    tag.text.clone(),
                    Tag {
                        values: texts,
                        span: tag.span,
                    },
                );
            }
            None => problem(
                tag_value.span,
                path,
                format!(
                    "capability `{}` needs a value or a list of values, not {}",
                    tag.text,
                    unusable(tag_value)
                ),
            ),
        }
    }
    Some(annotation)
}

/// Names what makes a tag value unusable.
fn unusable(node: &Node) -> String {
    match &node.value {
        Value::Seq(items) if items.is_empty() => "an empty list".to_owned(),
        Value::Seq(items) => items.iter().find(|i| scalar_text(i).is_none()).map_or_else(
            || "a list".to_owned(),
            |i| format!("a list holding {}", i.kind()),
        ),
        _ => node.kind().to_owned(),
    }
}

/// A tag's values: one scalar, or a non-empty list of scalars.
fn values(node: &Node) -> Option<Vec<String>> {
    match &node.value {
        Value::Seq(items) if !items.is_empty() => items.iter().map(scalar_text).collect(),
        Value::Seq(_) | Value::Map(_) | Value::Null => None,
        _ => scalar_text(node).map(|t| vec![t]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;
    use crate::model::hot::{Role, SourceFile, TemplateKind};

    fn annotate(text: &str) -> (Option<Annotation>, Vec<Problem>) {
        let file = SourceFile {
            path: "t.yaml".into(),
            bytes: text.as_bytes().to_vec(),
            role: Role::Template(TemplateKind::Nested),
            document: Some(
                parse(text.as_bytes(), &YamlLimits::default())
                    .unwrap()
                    .into(),
            ),
            load_error: None,
        };
        let template = Template {
            id: 0,
            file: &file,
            root: file.document.as_ref().unwrap().root.as_map().unwrap(),
            kind: TemplateKind::Nested,
        };
        let mut problems = Vec::new();
        (read(&template, &mut problems), problems)
    }

    #[test]
    fn tags_and_types_in_both_forms() {
        let (a, problems) = annotate(
            "heat_template_version: 2015-10-15\ncapabilities:\n  deployment: puppet\n  \
             ha: yes\n  nic: [bond, vlan]\n  resource_type: [OS::X::A, OS::X::B]\n",
        );
        let a = a.unwrap();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(a.values("deployment"), ["puppet"]);
        assert_eq!(a.values("ha"), ["true"]);
        assert_eq!(a.values("nic"), ["bond", "vlan"]);
        assert!(a.implements("OS::X::B") && !a.implements("OS::X::C"));
        assert_eq!(a.values(RESOURCE_TYPE), ["OS::X::A", "OS::X::B"]);
        assert_eq!(a.resource_types[0].1.line, 6);
        let (single, _) = annotate("capabilities:\n  resource_type: OS::X::A\n");
        assert!(single.unwrap().implements("OS::X::A"));
    }

    #[test]
    fn unusable_values_are_problems_with_places() {
        let (a, problems) = annotate(
            "capabilities:\n  deployment: {tool: puppet}\n  resource_type: [OS::X::A, 3]\n  \
             empty: []\n",
        );
        let a = a.unwrap();
        assert_eq!(a.resource_types.len(), 1);
        let places: Vec<(u32, &str)> = problems
            .iter()
            .map(|p| (p.span.line, p.path.as_str()))
            .collect();
        assert_eq!(
            places,
            [
                (2, "capabilities.deployment"),
                (3, "capabilities.resource_type"),
                (4, "capabilities.empty")
            ]
        );
        let (_, problems) = annotate("capabilities: puppet\n");
        assert_eq!(problems.len(), 1);
        let (none, _) = annotate("heat_template_version: 2015-10-15\n");
        assert!(none.is_none());
    }
}
