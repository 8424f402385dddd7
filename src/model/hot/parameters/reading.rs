//! A definition's `constraints:` list read as Heat does, each ill-formed entry a problem.

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Mapping, Node, Value};

use super::super::version::Version;
use super::constraint::{CONSTRAINT_KEYS, Constraint, ConstraintKind, constraint_types};
use super::number::Number;
use super::parameter_type::ParameterType;
use super::pattern::Patterns;
use super::scalar::{boolean_from_value, shown};
use super::schema::{ConstraintProblem, ParsedSchema};

impl ParsedSchema {
    fn problem(&mut self, span: Span, path: String, message: impl Into<String>) {
        self.problems.push(ConstraintProblem {
            span,
            path,
            message: message.into(),
        });
    }

    pub(super) fn read_constraints(
        &mut self,
        list: &Node,
        version: Version,
        patterns: &mut Patterns,
    ) {
        let Some(items) = list.as_seq() else {
            if !list.is_null() {
                self.problem(
                    list.span,
                    "constraints".to_owned(),
                    format!(
                        "`constraints` must be a list (`- length: {{min: 1}}`), not {}",
                        list.kind()
                    ),
                );
            }
            return;
        };
        for (index, item) in items.iter().enumerate() {
            let path = format!("constraints.{index}");
            let Some(map) = item.as_map() else {
                self.problem(
                    item.span,
                    path,
                    format!(
                        "each constraint must be a map such as `length: {{min: 1}}`, not {}",
                        item.kind()
                    ),
                );
                continue;
            };
            self.read_constraint(map, item.span, &path, version, patterns);
        }
    }

    fn read_constraint(
        &mut self,
        map: &Mapping,
        at: Span,
        path: &str,
        version: Version,
        patterns: &mut Patterns,
    ) {
        for (key, _) in map.iter() {
            if key.text != "description" && !CONSTRAINT_KEYS.contains(&key.text.as_str()) {
                self.problem(
                    key.span,
                    format!("{path}.{}", key.text),
                    format!(
                        "`{}` is not a constraint; use length, range, modulo, allowed_values, \
                         allowed_pattern or custom_constraint",
                        key.text
                    ),
                );
            }
        }
        // Heat takes the first constraint key it knows, in this order, and ignores the rest.
        let order: &[&str] = if version.has_modulo() {
            &CONSTRAINT_KEYS
        } else {
            &CONSTRAINT_KEYS[1..]
        };
        let present: Vec<(&crate::input::yaml::Key, &Node)> = CONSTRAINT_KEYS
            .iter()
            .filter_map(|k| map.key(k).zip(map.get(k)))
            .collect();
        let chosen = order.iter().find_map(|k| map.key(k).zip(map.get(k)));
        let Some((key, definition)) = chosen else {
            if let Some((modulo, _)) = present.first() {
                self.problem(
                    modulo.span,
                    format!("{path}.modulo"),
                    format!(
                        "the `modulo` constraint needs heat_template_version 2017-02-24 or later \
                         (this template is {version})"
                    ),
                );
            } else if map.iter().all(|(k, _)| k.text == "description") {
                self.problem(
                    at,
                    path.to_owned(),
                    "the constraint names no constraint type",
                );
            }
            return;
        };
        for (other, _) in &present {
            if other.text != key.text {
                self.problem(
                    other.span,
                    format!("{path}.{}", other.text),
                    format!(
                        "one list item holds one constraint; Heat uses `{}` here and ignores `{}`; \
                         start a new `- {}:` item",
                        key.text, other.text, other.text
                    ),
                );
            }
        }
        let description = map
            .get("description")
            .and_then(Node::as_str)
            .map(str::to_owned);
        let kind_path = format!("{path}.{}", key.text);
        let types = constraint_types(&key.text);
        if !types.contains(&self.schema.kind) {
            let names: Vec<&str> = types.iter().map(|t| t.name()).collect();
            self.problem(
                key.span,
                kind_path,
                format!(
                    "`{}` does not apply to a {} parameter (only to {})",
                    key.text,
                    self.schema.kind,
                    names.join(", ")
                ),
            );
            return;
        }
        if let Some(kind) = self.read_kind(&key.text, definition, &kind_path, patterns) {
            self.schema.constraints.push(Constraint {
                kind,
                description,
                span: key.span,
            });
        }
    }

    /// Reads one constraint's definition; `None` (with a problem recorded) when ill-formed.
    fn read_kind(
        &mut self,
        key: &str,
        definition: &Node,
        path: &str,
        patterns: &mut Patterns,
    ) -> Option<ConstraintKind> {
        match key {
            "length" | "range" => {
                let bounds = self.bounds(definition, path, key, &["min", "max"])?;
                let (min, max) = (bounds[0], bounds[1]);
                if min.is_none() && max.is_none() {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!("a {key} constraint needs `min`, `max` or both"),
                    );
                    return None;
                }
                if key == "range" {
                    return Some(ConstraintKind::Range {
                        min: min.map(|(n, _)| n),
                        max: max.map(|(n, _)| n),
                    });
                }
                let mut whole = |bound: Option<(Number, Span)>, name: &str| match bound {
                    None => Some(None),
                    Some((n, span)) => match n {
                        Number::Int(i) => Some(Some(i)),
                        Number::Float(_) => {
                            self.problem(
                                span,
                                format!("{path}.{name}"),
                                format!("a length bound must be a whole number, not {n}"),
                            );
                            None
                        }
                    },
                };
                let min = whole(min, "min")?;
                let max = whole(max, "max")?;
                Some(ConstraintKind::Length { min, max })
            }
            "modulo" => {
                let bounds = self.bounds(definition, path, key, &["step", "offset"])?;
                let (Some((step, step_at)), Some((offset, _))) = (bounds[0], bounds[1]) else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        "a modulo constraint needs both `step` and `offset`",
                    );
                    return None;
                };
                let (Some(step), Some(offset)) = (step.as_whole(), offset.as_whole()) else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        "`step` and `offset` of a modulo constraint must be whole numbers",
                    );
                    return None;
                };
                let message = if step == 0 {
                    Some("`step` cannot be 0".to_owned())
                } else if offset.unsigned_abs() >= step.unsigned_abs() {
                    Some(format!(
                        "`offset` ({offset}) must be smaller than `step` ({step}) by absolute value"
                    ))
                } else if step.signum() * offset.signum() < 0 {
                    Some("`step` and `offset` must have the same sign".to_owned())
                } else {
                    None
                };
                if let Some(message) = message {
                    self.problem(step_at, format!("{path}.step"), message);
                    return None;
                }
                Some(ConstraintKind::Modulo { step, offset })
            }
            "allowed_values" => {
                let Some(items) = definition.as_seq() else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!("`allowed_values` must be a list, not {}", definition.kind()),
                    );
                    return None;
                };
                let mut ok = true;
                for (i, item) in items.iter().enumerate() {
                    let fits = match self.schema.kind {
                        ParameterType::Number => Number::from_value(&item.value).is_some(),
                        ParameterType::Boolean => boolean_from_value(&item.value).is_some(),
                        // List items are text and Heat compares them with the values as
                        // written, so `1` never matches the item `"1"`.
                        ParameterType::CommaDelimitedList => matches!(item.value, Value::Str(_)),
                        _ => true,
                    };
                    if !fits {
                        ok = false;
                        let message = if self.schema.kind == ParameterType::CommaDelimitedList {
                            format!(
                                "{} is not text, and Heat compares list items as text, so it \
                                 never matches; quote it",
                                shown(&item.value)
                            )
                        } else {
                            format!(
                                "{} is not a {}, so Heat fails every value against this list",
                                shown(&item.value),
                                self.schema.kind
                            )
                        };
                        self.problem(item.span, format!("{path}.{i}"), message);
                    }
                }
                ok.then(|| {
                    ConstraintKind::AllowedValues(items.iter().map(|n| n.value.clone()).collect())
                })
            }
            "allowed_pattern" => {
                let Some(pattern) = definition.as_str() else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!(
                            "`allowed_pattern` must be a string (quote it), not {}",
                            definition.kind()
                        ),
                    );
                    return None;
                };
                match patterns.compile(pattern) {
                    Ok(regex) => Some(ConstraintKind::AllowedPattern {
                        pattern: pattern.to_owned(),
                        regex,
                    }),
                    Err(reason) => {
                        self.problem(
                            definition.span,
                            path.to_owned(),
                            format!("`{pattern}` is not a valid regular expression: {reason}"),
                        );
                        None
                    }
                }
            }
            _ => match definition.as_str() {
                Some(name) => Some(ConstraintKind::Custom(name.to_owned())),
                None => {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!(
                            "`custom_constraint` must name a constraint such as `nova.flavor`, not {}",
                            definition.kind()
                        ),
                    );
                    None
                }
            },
        }
    }

    /// Reads a map of numeric bounds with exactly the keys `names`; each bound with its span.
    #[allow(clippy::type_complexity)]
    fn bounds(
        &mut self,
        definition: &Node,
        path: &str,
        key: &str,
        names: &[&str; 2],
    ) -> Option<[Option<(Number, Span)>; 2]> {
        let Some(map) = definition.as_map() else {
            self.problem(
                definition.span,
                path.to_owned(),
                format!(
                    "a {key} constraint is a map such as `{{{}: 1, {}: 10}}`, not {}",
                    names[0],
                    names[1],
                    definition.kind()
                ),
            );
            return None;
        };
        let mut ok = true;
        for (k, _) in map.iter() {
            if !names.contains(&k.text.as_str()) {
                ok = false;
                self.problem(
                    k.span,
                    format!("{path}.{}", k.text),
                    format!(
                        "`{}` is not a key of a {key} constraint; use `{}` and `{}`",
                        k.text, names[0], names[1]
                    ),
                );
            }
        }
        let mut out = [None, None];
        for (slot, name) in out.iter_mut().zip(names) {
            let Some(node) = map.get(name) else {
                continue;
            };
            if node.is_null() {
                continue;
            }
            match Number::from_value(&node.value) {
                Some(n) => *slot = Some((n, node.span)),
                None => {
                    ok = false;
                    self.problem(
                        node.span,
                        format!("{path}.{name}"),
                        format!("`{name}` must be a number, not {}", shown(&node.value)),
                    );
                }
            }
        }
        ok.then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hot::parameters::ParameterSchema;
    use crate::model::hot::parameters::sample::{messages, node, schema};

    #[test]
    fn ill_formed_constraints_are_reported() {
        let cases = [
            (
                "type: number\nconstraints:\n  - length: {min: 1}",
                "constraints.0.length",
            ),
            (
                "type: string\nconstraints:\n  - range: {}",
                "constraints.0.range",
            ),
            (
                "type: string\nconstraints:\n  - length: {min: 1.5}",
                "constraints.0.length.min",
            ),
            (
                "type: string\nconstraints:\n  - length: {low: 1}",
                "constraints.0.length.low",
            ),
            (
                "type: string\nconstraints:\n  - allowed_values: m1.small",
                "constraints.0.allowed_values",
            ),
            (
                "type: string\nconstraints:\n  - allowed_pattern: '([a-z]'",
                "constraints.0.allowed_pattern",
            ),
            (
                "type: string\nconstraints:\n  - allowed_pattern: 12",
                "constraints.0.allowed_pattern",
            ),
            (
                "type: number\nconstraints:\n  - allowed_values: [1, two]",
                "constraints.0.allowed_values.1",
            ),
            (
                "type: json\nconstraints:\n  - allowed_values: [a]",
                "constraints.0.allowed_values",
            ),
            (
                "type: number\nconstraints:\n  - modulo: {step: 4}",
                "constraints.0.modulo",
            ),
            (
                "type: number\nconstraints:\n  - modulo: {step: 4, offset: 5}",
                "constraints.0.modulo.step",
            ),
            (
                "type: number\nconstraints:\n  - modulo: {step: 4, offset: -1}",
                "constraints.0.modulo.step",
            ),
            (
                "type: string\nconstraints:\n  - length: {min: 1}\n    range: {min: 1}",
                "constraints.0.range",
            ),
            (
                "type: string\nconstraints:\n  - lenght: {min: 1}",
                "constraints.0.lenght",
            ),
            (
                "type: string\nconstraints: {length: {min: 1}}",
                "constraints",
            ),
            (
                "type: string\nconstraints:\n  - description: only words",
                "constraints.0",
            ),
        ];
        for (text, path) in cases {
            let parsed = schema(text);
            assert!(
                parsed.problems.iter().any(|p| p.path == path),
                "{text}: expected a problem at {path}, got {:?}",
                messages(&parsed)
            );
        }
    }

    #[test]
    fn modulo_needs_ocata() {
        let definition = node("type: number\nconstraints:\n  - modulo: {step: 2, offset: 0}");
        let old =
            ParameterSchema::from_definition(&definition, Version::V2016_10_14).expect("a schema");
        assert_eq!(old.problems.len(), 1);
        assert!(old.problems[0].message.contains("2017-02-24"));
        let new =
            ParameterSchema::from_definition(&definition, Version::V2017_02_24).expect("a schema");
        assert!(new.problems.is_empty());
    }
}
