//! Checking answers against the source: every problem at once, each naming its subject,
//! the rule it breaks and the valid choices, and never showing a secret value.

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use serde::Serialize;

use crate::foundation::diagnostics::Severity;
use crate::input::yaml::Node;
use crate::input::yaml::scalar_text;
use crate::model::capabilities::RegistryOutput;
use crate::model::hot::lookalike::closest;
use crate::model::ovf::property::valid_values;
use crate::model::ovf::{Envelope, Property, PropertyType};
use crate::session::answers::{Answers, EulaAcceptance, apart_key, parameter_key};
use crate::transform::convert::EnvTransport;
use crate::transform::convert::{Owner, user_data_file};
use crate::transform::package::PackageFormat;

use super::Session;
use super::parameters::Declared;
use super::resolve::Resolved;
use crate::model::ovf::inspection::eula_views;

/// One problem with the answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnswerProblem {
    /// What it is about: `EULA of vims`, `deployment_option`, `property site.name`,
    /// `parameter image_name`, `ovf_env_transport`.
    pub subject: String,
    /// The rule broken: `EulaSection`, `MinLen(3)`, `ValueMap`, `uint16`, `required`, …
    pub rule: String,
    /// What is wrong (without secret values).
    pub message: String,
    /// The valid choices, in words or as values.
    pub choices: Vec<String>,
}

impl fmt::Display for AnswerProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} [{}]", self.subject, self.message, self.rule)?;
        if !self.choices.is_empty() {
            write!(f, "; valid: {}", self.choices.join(", "))?;
        }
        Ok(())
    }
}

/// Most names listed when an unknown one is answered.
const MAX_LISTED: usize = 12;

impl Resolved {
    /// The errors this resolution shows at an environment entry written from a parameter
    /// answer (`parameters.<name>`), as problems of those answers: the operator clears the
    /// field rather than edits a file vnfwiz writes (e.g. `vnf_id`, which ONAP supplies at
    /// instantiation and R-20856 keeps out of the environment file).
    pub fn answer_problems(&self, answers: &Answers) -> Vec<AnswerProblem> {
        self.violations
            .iter()
            .filter(|v| v.severity() == Severity::Error)
            .filter_map(|v| {
                let name = self.environment_parameter(v)?;
                // The answer that wrote it: for the module apart, or for every module.
                let module = self.module_of_environment(&v.file);
                let key = answers.parameters.keys().find(|k| {
                    let (answered, apart) = parameter_key(k);
                    answered == name && apart.is_none_or(|m| Some(m) == module.as_deref())
                });
                key.map(|key| {
                    problem(
                        format!("parameter {key}"),
                        v.rule.id,
                        format!("{}; leave this parameter without a value", v.message),
                        Vec::new(),
                    )
                })
            })
            .collect()
    }
}

fn problem(subject: String, rule: &str, message: String, choices: Vec<String>) -> AnswerProblem {
    AnswerProblem {
        subject,
        rule: rule.to_owned(),
        message,
        choices,
    }
}

/// The names to offer for an unknown one: the closest, or all when there are few.
fn suggestions<'n>(wanted: &str, names: impl Iterator<Item = &'n str>) -> Vec<String> {
    let names: Vec<&str> = names.collect();
    if let Some(near) = closest(wanted, names.iter().copied()) {
        return vec![near.to_owned()];
    }
    if names.len() <= MAX_LISTED {
        names.into_iter().map(str::to_owned).collect()
    } else {
        Vec::new()
    }
}

/// The property an answer names: its full key, else its plain key when only one
/// property has it.
pub fn find_property<'e>(envelope: &'e Envelope, key: &str) -> Option<&'e Property> {
    if let Some(property) = envelope.property(key) {
        return Some(property);
    }
    let mut matching = envelope
        .properties()
        .map(|(_, _, p)| p)
        .filter(|p| p.key.value == key);
    let first = matching.next()?;
    matching.next().is_none().then_some(first)
}

/// The EULA problems of `answers` for `envelope`.
pub fn eula_problems(envelope: &Envelope, accepted: &EulaAcceptance) -> Vec<AnswerProblem> {
    let mut out = Vec::new();
    for eula in eula_views(envelope) {
        if accepted.accepts(&eula.sha256)
            || eula.other_languages.iter().any(|d| accepted.accepts(d))
        {
            continue;
        }
        let message = match accepted {
            EulaAcceptance::All => continue,
            EulaAcceptance::Digests(_) => "the accepted digests do not include this licence's text",
            EulaAcceptance::Declined => {
                "the licence was declined, so the package cannot be onboarded"
            }
            EulaAcceptance::NotGiven => {
                "the licence must be accepted before onboarding (read it with `vnfwiz inspect`)"
            }
        };
        out.push(problem(
            format!("EULA of {}", eula.system),
            "EulaSection",
            message.to_owned(),
            vec![
                "--accept-eula".to_owned(),
                format!("accept_eula: [{}]", eula.sha256),
            ],
        ));
    }
    out
}

/// Checks one property value; secrets are described without their value.
pub fn property_value_problem(property: &Property, value: &Node) -> Option<AnswerProblem> {
    let subject = format!("property {}", property.full_key);
    let valid = valid_values(
        property.property_type.unwrap_or(PropertyType::String),
        &property.qualifiers,
    );
    let Some(text) = scalar_text(value) else {
        return Some(problem(
            subject,
            property
                .property_type
                .unwrap_or(PropertyType::String)
                .name(),
            "needs a single value, not a list or a map".to_owned(),
            valid,
        ));
    };
    let error = property.check_value(&text).err()?;
    let message = if property.password {
        error.redacted()
    } else {
        error.to_string()
    };
    Some(problem(subject, &error.rule(), message, valid))
}

/// Parameter answers that only templates the choices leave out declare (answered in vain),
/// by name.
fn left_out_parameters(
    used: &[Declared],
    left: &[Declared],
    values: &BTreeMap<String, Node>,
) -> Vec<(String, AnswerProblem)> {
    let used: HashSet<&str> = used.iter().map(|d| d.name.as_str()).collect();
    let mut left_by_name: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for d in left {
        left_by_name
            .entry(d.name.as_str())
            .or_default()
            .push(d.template.as_str());
    }
    values
        .keys()
        .filter(|key| !used.contains(parameter_key(key).0))
        .filter_map(|name| {
            let templates = left_by_name.get(parameter_key(name).0)?;
            let problem = problem(
                format!("parameter {name}"),
                "capabilities",
                format!(
                    "only {}, which the chosen implementations leave out, {} it; remove the answer or choose that implementation",
                    templates.join(", "),
                    if templates.len() == 1 { "declares" } else { "declare" }
                ),
                Vec::new(),
            );
            Some((name.clone(), problem))
        })
        .collect()
}

/// Checks parameter answers against the declarations of a set; `owners` names those an
/// OVF answer decides instead.
pub fn parameter_problems(
    declared: &[Declared],
    owners: &BTreeMap<String, Owner>,
    values: &BTreeMap<String, Node>,
) -> Vec<AnswerProblem> {
    let mut out = Vec::new();
    for (key, value) in values {
        let subject = format!("parameter {key}");
        let (name, apart) = parameter_key(key);
        if let Some(Owner::Property(key)) = owners.get(name) {
            let how = format!("answer property `{key}` under properties:");
            out.push(problem(
                subject,
                "decided by the OVF",
                format!("its value comes from the OVF package; {how}"),
                Vec::new(),
            ));
            continue;
        }
        let matching: Vec<&Declared> = declared
            .iter()
            .filter(|d| d.name == name && apart.is_none_or(|m| d.module && d.template == m))
            .collect();
        if let (Some(module), true) = (apart, matching.is_empty()) {
            let modules: Vec<String> = declared
                .iter()
                .filter(|d| d.module && d.name == name)
                .map(|d| apart_key(name, &d.template))
                .collect();
            out.push(problem(
                subject,
                "parameters",
                format!("no module {module} declares parameter `{name}`"),
                suggestions(key, modules.iter().map(String::as_str)),
            ));
            continue;
        }
        if matching.is_empty() {
            let names = declared
                .iter()
                .filter(|d| !owners.contains_key(&d.name))
                .map(|d| d.name.as_str());
            out.push(problem(
                subject,
                "parameters",
                "no template declares this parameter".to_owned(),
                suggestions(name, names),
            ));
            continue;
        }
        // `null` clears the value an environment file holds: there is nothing to check.
        if value.is_null() {
            continue;
        }
        for declaration in matching {
            let Some(schema) = &declaration.schema else {
                continue;
            };
            if let Err(error) = schema.check(&value.value) {
                let message = if declaration.hidden {
                    error.redacted()
                } else {
                    error.to_string()
                };
                let rule = match &error {
                    crate::model::hot::parameters::ValueError::Constraint(v) => {
                        v.constraint.to_owned()
                    }
                    _ => schema.kind.name().to_owned(),
                };
                let choices = declaration
                    .constraints
                    .iter()
                    .filter_map(Node::as_map)
                    .flat_map(|m| m.iter())
                    .filter(|(k, _)| k.text != "description")
                    .map(|(k, v)| {
                        format!("{}: {}", k.text, crate::input::yaml::write::flow_text(v))
                    })
                    .collect();
                out.push(problem(
                    format!("{subject} of {}", declaration.template),
                    &rule,
                    message,
                    choices,
                ));
                break;
            }
        }
    }
    out
}

impl Session {
    /// Every problem with `answers` at once (empty when they can be resolved).
    pub fn check(&self, answers: &Answers) -> Vec<AnswerProblem> {
        let mut out = Vec::new();
        if let Some((_, envelope)) = self.ovf() {
            out.extend(eula_problems(envelope, &answers.accept_eula));
            out.extend(self.option_problems(envelope, answers));
            out.extend(self.property_problems(envelope, answers));
            if answers.ovf_env_transport == Some(EnvTransport::UserData) {
                for (index, _) in envelope.virtual_systems() {
                    if let Some(file) = user_data_file(envelope, index) {
                        out.push(problem(
                            "ovf_env_transport".to_owned(),
                            "EnvironmentFilesSection",
                            format!(
                                "{} already has user data (file `{}`), so the OVF environment cannot travel as user data",
                                envelope.contents[index].label(),
                                file.file_ref.value
                            ),
                            vec!["personality".to_owned(), "none".to_owned()],
                        ));
                    }
                }
            }
            if let Some(generated) = (!answers.parameters.is_empty())
                .then(|| self.generated_for(answers))
                .flatten()
            {
                out.extend(parameter_problems(
                    &generated.declared,
                    &generated.owners,
                    &answers.parameters,
                ));
            }
            for (key, section) in [
                ("capabilities", answers.capabilities.keys()),
                ("requires", answers.requires.keys()),
            ] {
                for name in section {
                    out.push(problem(
                        format!("{key} {name}"),
                        key,
                        "an OVF package offers no choice of template implementations; remove the answer".to_owned(),
                        Vec::new(),
                    ));
                }
            }
        } else if let Some(set) = self.hot() {
            if answers.deployment_option.is_some() {
                out.push(problem(
                    "deployment_option".to_owned(),
                    "DeploymentOptionSection",
                    "a HOT template set has no deployment options".to_owned(),
                    Vec::new(),
                ));
            }
            for key in answers.properties.keys() {
                out.push(problem(
                    format!("property {key}"),
                    "ProductSection",
                    "a HOT template set has no OVF properties; answer its parameters instead"
                        .to_owned(),
                    Vec::new(),
                ));
            }
            let all = self.source_declared().unwrap_or_default();
            // The parameters of the templates the choices keep, when they drop some.
            let mut kept: Option<Vec<Declared>> = None;
            let mut values = answers.parameters.clone();
            if let Some(composed) = self.composed(answers) {
                let problems = composed.problems(answers);
                if problems.is_empty() {
                    // Only the templates the choices keep take values.
                    let templates: HashSet<&str> = composed
                        .templates()
                        .into_iter()
                        .map(|id| set.file(id).path.as_str())
                        .collect();
                    let (used, left): (Vec<Declared>, Vec<Declared>) = all
                        .iter()
                        .cloned()
                        .partition(|d| templates.contains(d.template.as_str()));
                    for (name, problem) in left_out_parameters(&used, &left, &values) {
                        values.remove(&name);
                        out.push(problem);
                    }
                    kept = Some(used);
                }
                out.extend(problems);
                if answers.registry == Some(RegistryOutput::Env)
                    && !matches!(answers.package, None | Some(PackageFormat::None))
                {
                    out.push(problem(
                        "registry".to_owned(),
                        "registry",
                        "registry: env writes a resource_registry, which ONAP's heat packages forbid (R-67231) and Tacker never applies (it hands Heat no environment file), so no package could deploy it".to_owned(),
                        vec!["registry: inline".to_owned(), "--package none".to_owned()],
                    ));
                }
            }
            let declared = kept.as_deref().unwrap_or(all);
            out.extend(parameter_problems(declared, &BTreeMap::new(), &values));
        }
        if answers.etsi_types.is_some()
            && !matches!(
                answers.package,
                Some(PackageFormat::Csar | PackageFormat::Both)
            )
        {
            out.push(problem(
                "etsi_types".to_owned(),
                "etsi_types",
                "ETSI's type files go into a CSAR, and no CSAR is asked for".to_owned(),
                vec!["--package csar".to_owned(), "--package both".to_owned()],
            ));
        }
        out
    }

    fn option_problems(&self, envelope: &Envelope, answers: &Answers) -> Vec<AnswerProblem> {
        let Some(option) = &answers.deployment_option else {
            return Vec::new();
        };
        let ids: Vec<String> = envelope
            .configurations()
            .iter()
            .map(|c| c.id.value.clone())
            .collect();
        if ids.contains(option) {
            return Vec::new();
        }
        let message = if ids.is_empty() {
            format!(
                "the package has no DeploymentOptionSection, so option `{option}` does not exist"
            )
        } else {
            format!("`{option}` is not one of the package's deployment options")
        };
        let default = envelope.default_configuration();
        let choices = ids
            .iter()
            .map(|id| {
                if Some(id.as_str()) == default {
                    format!("{id} (default)")
                } else {
                    id.clone()
                }
            })
            .collect();
        vec![problem(
            "deployment_option".to_owned(),
            "DeploymentOptionSection",
            message,
            choices,
        )]
    }

    /// The user-configurable properties that have no value under `answers`: not answered
    /// (or answered empty) and without a default for the chosen option. They are left for
    /// instantiation (an open parameter), or `required` problems under
    /// `require_all_values`.
    pub(super) fn open_properties<'e>(
        &self,
        envelope: &'e Envelope,
        answers: &Answers,
    ) -> Vec<&'e Property> {
        let option = self.option(answers);
        let answered: Vec<&str> = answers
            .properties
            .iter()
            .filter(|(_, value)| scalar_text(value).is_some_and(|t| !t.is_empty()))
            .filter_map(|(key, _)| find_property(envelope, key))
            .map(|p| p.full_key.as_str())
            .collect();
        envelope
            .properties()
            .map(|(_, _, p)| p)
            .filter(|p| p.user_configurable && !answered.contains(&p.full_key.as_str()))
            .filter(|p| {
                p.default_for(option.as_deref())
                    .is_none_or(|d| d.is_empty())
            })
            .collect()
    }

    /// The subjects (`property <key>`) of the properties left for instantiation under
    /// `answers`: the wizard marks them ▲ rather than as problems. Empty when the answers
    /// require every value.
    pub fn left_open(&self, answers: &Answers) -> Vec<String> {
        match self.ovf() {
            Some((_, envelope)) if !answers.require_all_values => self
                .open_properties(envelope, answers)
                .iter()
                .map(|p| format!("property {}", p.full_key))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn property_problems(&self, envelope: &Envelope, answers: &Answers) -> Vec<AnswerProblem> {
        let mut out = Vec::new();
        let configurable = || {
            envelope
                .properties()
                .map(|(_, _, p)| p)
                .filter(|p| p.user_configurable)
                .map(|p| p.full_key.as_str())
        };
        let open = self.open_properties(envelope, answers);
        for (key, value) in &answers.properties {
            let subject = format!("property {key}");
            let Some(property) = find_property(envelope, key) else {
                out.push(problem(
                    subject,
                    "ProductSection",
                    "the package has no property with this key".to_owned(),
                    suggestions(key, configurable()),
                ));
                continue;
            };
            if !property.user_configurable {
                out.push(problem(
                    subject,
                    "ovf:userConfigurable",
                    "the package does not let the operator set this property".to_owned(),
                    Vec::new(),
                ));
                continue;
            }
            // An empty answer to a property without a default leaves it open: no value given,
            // nothing to check.
            let open = scalar_text(value).is_some_and(|t| t.is_empty())
                && open.iter().any(|p| p.full_key == property.full_key);
            if !open {
                out.extend(property_value_problem(property, value));
            }
        }
        if !answers.require_all_values {
            return out;
        }
        for property in open {
            let mut choices = valid_values(
                property.property_type.unwrap_or(PropertyType::String),
                &property.qualifiers,
            );
            if property.password {
                choices.push("given with --set-file or --set-env".to_owned());
            }
            out.push(problem(
                format!("property {}", property.full_key),
                "required",
                "needs a value: the package gives it no default (require_all_values is set)"
                    .to_owned(),
                choices,
            ));
        }
        out
    }
}
