//! Parameter answers into environment files: a parameter of a module goes to the
//! environment `parameters` of every module declaring it, but those where ONAP supplies it
//! (the file is created when the module has none, as ONAP needs one per module, R-86285);
//! a parameter only nested templates declare goes to the base environment's
//! `parameter_defaults`, which Heat hands down to them. A `null` answer clears the value
//! an environment file holds. An answer set apart for one module (`name@module.yaml`) goes
//! to that module's environment alone, over the answer for every module.

use std::collections::BTreeMap;

use crate::foundation::diagnostics::Span;
use crate::foundation::limits::Limits;
use crate::input::yaml::write::{map, to_string};
use crate::input::yaml::{Key, Mapping, Node, Value};
use crate::model::hot::{HotSet, Role, TemplateKind, env_path_for};

use super::answers::parameter_key;
use super::parameters::declared;
use super::resolve::{FileRole, OutputFile};
use super::supplied::SuppliedParameters;

/// The environment file of each module template: (template path, env path).
pub fn module_envs(set: &HotSet) -> Vec<(String, String, TemplateKind)> {
    set.modules
        .iter()
        .map(|m| {
            let template = set.files[m.template].path.clone();
            let env = m
                .env
                .map(|id| set.files[id].path.clone())
                .unwrap_or_else(|| env_path_for(&template));
            (template, env, m.kind)
        })
        .collect()
}

fn key(text: &str) -> Key {
    Key {
        text: text.to_owned(),
        span: Span::default(),
    }
}

/// Sets `section.name = value` in an environment document, keeping everything else; a
/// `null` value removes the entry.
fn set_entry(root: &mut Node, section: &str, name: &str, value: Node) {
    if !matches!(root.value, Value::Map(_)) {
        root.value = Value::Map(Mapping::default());
    }
    let Value::Map(entries) = &mut root.value else {
        return;
    };
    if value.is_null() && entries.get(section).is_none() {
        return;
    }
    let mut inner = entries
        .get(section)
        .filter(|n| n.as_map().is_some())
        .cloned()
        .unwrap_or_else(|| map(Vec::<(String, Node)>::new()));
    if let Value::Map(values) = &mut inner.value {
        if value.is_null() {
            values.remove(name);
        } else {
            values.insert(key(name), value);
        }
    }
    entries.insert(key(section), inner);
}

/// Writes `values` into the environment files among `files` (adding files that are
/// missing), never into a module where ONAP supplies the parameter (`supplied`); returns
/// the path of the base module's environment file.
pub fn apply(
    set: &HotSet,
    files: &mut Vec<OutputFile>,
    values: &BTreeMap<String, Node>,
    supplied: &SuppliedParameters,
    limits: &Limits,
) -> Option<String> {
    let modules = module_envs(set);
    let base_env = modules
        .iter()
        .find(|(_, _, kind)| *kind == TemplateKind::Base)
        .or(modules.first())
        .map(|(_, env, _)| env.clone());
    if values.is_empty() {
        return base_env;
    }
    let declarations = declared(set);
    let mut updates: BTreeMap<String, Vec<(&'static str, &str, &Node)>> = BTreeMap::new();
    // Each name's answer for every module comes before those set apart (`name` sorts
    // before `name@…`), so a module's own value is written last and wins.
    for (key, value) in values {
        let (name, apart) = parameter_key(key);
        let declaring: Vec<&String> = declarations
            .iter()
            .filter(|d| d.module && d.name == name && apart.is_none_or(|m| d.template == m))
            .map(|d| &d.template)
            .collect();
        if apart.is_some() && declaring.is_empty() {
            // No such module: the answers check says so.
            continue;
        }
        // Where ONAP supplies it, the value goes only to the modules that take it from the
        // operator; supplied everywhere, it goes everywhere, for the rules to report.
        let taking: Vec<&String> = declaring
            .iter()
            .copied()
            .filter(|t| !supplied.contains_key(&((*t).clone(), name.to_owned())))
            .collect();
        let targets = if taking.is_empty() { declaring } else { taking };
        let in_modules: Vec<&String> = targets
            .into_iter()
            .filter_map(|t| modules.iter().find(|(m, _, _)| m == t))
            .map(|(_, env, _)| env)
            .collect();
        if !in_modules.is_empty() {
            for env in in_modules {
                let entries = updates.entry(env.clone()).or_default();
                entries.push(("parameters", name, value));
                // Clearing takes the value wherever the module's environment gives it.
                if value.is_null() {
                    entries.push(("parameter_defaults", name, value));
                }
            }
        } else if let Some(env) = &base_env {
            updates
                .entry(env.clone())
                .or_default()
                .push(("parameter_defaults", name, value));
        }
    }
    for (env, entries) in updates {
        let position = files.iter().position(|f| f.path == env);
        let mut root = position
            .and_then(|at| crate::input::yaml::parse(&files[at].bytes, &limits.yaml).ok())
            .map(|d| d.root)
            .unwrap_or_else(|| map([("parameters", map(Vec::<(String, Node)>::new()))]));
        for (section, name, value) in entries {
            set_entry(&mut root, section, name, value.clone());
        }
        let bytes = to_string(&root, crate::model::hot::version::is_function_name).into_bytes();
        match position {
            Some(at) => files[at].bytes = bytes,
            None => {
                let role = if Some(&env) == base_env.as_ref() {
                    FileRole::Environment
                } else {
                    FileRole::Nested
                };
                files.push(OutputFile {
                    path: env,
                    bytes,
                    role,
                    secrets: Vec::new(),
                    source: None,
                });
            }
        }
    }
    base_env
}

/// The hidden parameters whose values each environment file of `set` holds, by path.
pub fn secrets(set: &HotSet) -> BTreeMap<String, Vec<String>> {
    let declarations = declared(set);
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for env in set.environments() {
        if env.file.role != Role::Environment {
            continue;
        }
        let module_template = set
            .modules
            .iter()
            .find(|m| m.env == Some(env.id))
            .map(|m| set.files[m.template].path.as_str());
        for (section, entries) in [
            ("parameters", env.parameters().collect::<Vec<_>>()),
            ("parameter_defaults", env.parameter_defaults().collect()),
        ] {
            for (name, _) in entries {
                let hidden = declarations.iter().any(|d| {
                    d.name == name.text
                        && d.hidden
                        && (section == "parameter_defaults"
                            || Some(d.template.as_str()) == module_template)
                });
                if hidden {
                    out.entry(env.file.path.clone())
                        .or_default()
                        .push(name.text.clone());
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::yaml::write::string;

    #[test]
    fn entries_are_set_without_losing_the_rest() {
        let mut root = crate::input::yaml::parse(
            b"parameters:\n  a: 1\nparameter_defaults:\n  b: x\n",
            &Default::default(),
        )
        .unwrap()
        .root;
        set_entry(&mut root, "parameters", "c", string("new"));
        set_entry(&mut root, "parameters", "a", string("2"));
        assert_eq!(
            to_string(&root, crate::model::hot::version::is_function_name),
            "parameters:\n  a: '2'\n  c: new\nparameter_defaults:\n  b: x\n"
        );
        set_entry(
            &mut root,
            "parameters",
            "a",
            crate::input::yaml::write::node(Value::Null),
        );
        assert_eq!(
            to_string(&root, crate::model::hot::version::is_function_name),
            "parameters:\n  c: new\nparameter_defaults:\n  b: x\n",
            "null clears"
        );
    }

    #[test]
    fn a_value_goes_to_each_module_but_where_onap_supplies_it() {
        use crate::session::FileRole;
        use crate::session::supplied::Supplied;
        let file = |path: &str, text: &str| OutputFile {
            path: path.to_owned(),
            bytes: text.as_bytes().to_vec(),
            role: FileRole::Nested,
            secrets: Vec::new(),
            source: None,
        };
        let template = "heat_template_version: 2016-10-14\nparameters:\n  ntp: {type: string}\n  int_net_id: {type: string}\n";
        let mut files = vec![
            file("base_a.yaml", template),
            file("base_a.env", "parameters: {}\n"),
            file("b.yaml", template),
            file("b.env", "parameters:\n  ntp: old\n"),
        ];
        let limits = Limits::default();
        let set = crate::session::resolve::load(&files, "x", &limits);
        let mut supplied = SuppliedParameters::new();
        supplied.insert(
            ("b.yaml".to_owned(), "int_net_id".to_owned()),
            Supplied {
                rule: "R-00000",
                message: "supplied".to_owned(),
            },
        );
        let values: BTreeMap<String, Node> = [
            (
                "ntp".to_owned(),
                crate::input::yaml::write::node(Value::Null),
            ),
            ("int_net_id".to_owned(), string("net-1")),
        ]
        .into();
        apply(&set, &mut files, &values, &supplied, &limits);
        let text = |path: &str| {
            String::from_utf8(files.iter().find(|f| f.path == path).unwrap().bytes.clone()).unwrap()
        };
        assert_eq!(text("base_a.env"), "parameters:\n  int_net_id: net-1\n");
        assert_eq!(
            text("b.env"),
            "parameters: {}\n",
            "ntp cleared, int_net_id supplied"
        );
    }
}
