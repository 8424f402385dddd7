//! Turning `KEY=VALUE` text into typed answers: a property by its `ovf:type`, a parameter
//! by its HOT type. Secrets are refused from the command line, where the process list
//! would show them.

use crate::foundation::limits::YamlLimits;
use crate::input::yaml::write::{node, string};
use crate::input::yaml::{Node, Value};
use crate::model::hot::parameters::{Number, ParameterType, boolean_from_value};
use crate::model::ovf::property::{PropertyType, parse_bool};
use crate::session::answers::{Answers, parameter_key};

use super::Session;
use super::check::{AnswerProblem, find_property};
use super::parameters::Declared;

/// Where a value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `--set KEY=VALUE`: visible in the process list, so never a secret.
    Argv,
    /// `--set-file KEY=PATH` or an answers file.
    File,
    /// `--set-env KEY=VAR`.
    Environment,
}

/// A property value typed by `ovf:type` (text the type cannot read stays text, for the
/// check to report).
pub fn property_node(property_type: Option<PropertyType>, text: &str) -> Node {
    match property_type.unwrap_or(PropertyType::String) {
        PropertyType::String => string(text),
        PropertyType::Boolean => match parse_bool(text) {
            Some(b) => node(Value::Bool(b)),
            None => string(text),
        },
        t if t.is_real() => match text.trim().parse::<f64>() {
            Ok(f) if f.is_finite() => node(Value::Float(f)),
            _ => string(text),
        },
        _ => match text.trim().parse::<i64>() {
            Ok(i) => node(Value::Int(i)),
            Err(_) => string(text),
        },
    }
}

/// A parameter value typed by its HOT type.
pub fn parameter_node(kind: ParameterType, text: &str) -> Node {
    match kind {
        ParameterType::Number => match Number::from_text(text) {
            Some(Number::Int(i)) => node(Value::Int(i)),
            Some(Number::Float(f)) => node(Value::Float(f)),
            None => string(text),
        },
        ParameterType::Boolean => match boolean_from_value(&Value::Str(text.to_owned())) {
            Some(b) => node(Value::Bool(b)),
            None => string(text),
        },
        ParameterType::Json => {
            match crate::input::yaml::parse(text.as_bytes(), &YamlLimits::default()) {
                Ok(document) if matches!(document.root.value, Value::Map(_) | Value::Seq(_)) => {
                    document.root
                }
                _ => string(text),
            }
        }
        ParameterType::String | ParameterType::CommaDelimitedList => string(text),
    }
}

fn secret_in_argv(subject: String) -> AnswerProblem {
    AnswerProblem {
        subject,
        rule: "secret".to_owned(),
        message: "is a secret; --set would show it in the process list and shell history"
            .to_owned(),
        choices: vec![
            "--set-file KEY=PATH".to_owned(),
            "--set-env KEY=VAR".to_owned(),
        ],
    }
}

fn assign_parameter(
    declared: &[Declared],
    answers: &mut Answers,
    key: &str,
    text: &str,
    origin: Origin,
) -> Result<bool, AnswerProblem> {
    let (name, module) = parameter_key(key);
    let Some(declaration) = declared
        .iter()
        .find(|d| d.name == name && module.is_none_or(|m| d.module && d.template == m))
    else {
        return Ok(false);
    };
    if origin == Origin::Argv && declared.iter().any(|d| d.name == name && d.hidden) {
        return Err(secret_in_argv(format!("parameter {key}")));
    }
    answers
        .parameters
        .insert(key.to_owned(), parameter_node(declaration.kind(), text));
    Ok(true)
}

impl Session {
    /// Records `KEY=VALUE` typed by what `KEY` names: an OVF property (by full key, or by
    /// key when unique), else a parameter of the (generated) templates. An unknown key is
    /// kept as a property (OVF) or parameter (HOT) answer, for `check` to report.
    pub fn assign(
        &self,
        answers: &mut Answers,
        key: &str,
        text: &str,
        origin: Origin,
    ) -> Result<(), AnswerProblem> {
        if let Some((_, envelope)) = self.ovf() {
            if let Some(property) = find_property(envelope, key) {
                if property.password && origin == Origin::Argv {
                    return Err(secret_in_argv(format!("property {}", property.full_key)));
                }
                answers.properties.insert(
                    property.full_key.clone(),
                    property_node(property.property_type, text),
                );
                return Ok(());
            }
            // A parameter an OVF answer decides is still recorded, for `check` to say which.
            if let Some(generated) = self.generated_for(answers)
                && assign_parameter(&generated.declared, answers, key, text, origin)?
            {
                return Ok(());
            }
            answers.properties.insert(key.to_owned(), string(text));
            return Ok(());
        }
        if let Some(declared) = self.source_declared()
            && !assign_parameter(declared, answers, key, text, origin)?
        {
            answers.parameters.insert(key.to_owned(), string(text));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_typed_by_their_declaration() {
        assert_eq!(
            property_node(Some(PropertyType::Uint16), "8080"),
            node(Value::Int(8080))
        );
        assert_eq!(property_node(Some(PropertyType::Uint16), "x"), string("x"));
        assert_eq!(
            property_node(Some(PropertyType::Boolean), "True"),
            node(Value::Bool(true))
        );
        assert_eq!(
            parameter_node(ParameterType::Number, "2.5"),
            node(Value::Float(2.5))
        );
        assert_eq!(
            parameter_node(ParameterType::Boolean, "yes"),
            node(Value::Bool(true))
        );
        assert!(
            parameter_node(ParameterType::Json, "{\"a\": 1}")
                .as_map()
                .is_some()
        );
        assert_eq!(
            parameter_node(ParameterType::CommaDelimitedList, "a,b"),
            string("a,b")
        );
    }
}
