//! What a source asks the operator: EULAs, deployment options with their hardware,
//! user-configurable properties by category, and HOT parameters by group.

use std::collections::{BTreeMap, HashSet};

use serde::Serialize;

use crate::input::yaml::write::flow_text;
use crate::model::capabilities::Summary;
use crate::model::ovf::inspection::{eula_views, option_views, property_view};
use crate::model::ovf::property::{Qualifier, ValueMapEntry, valid_values};
use crate::model::ovf::{Envelope, PropertyType};
use crate::session::answers::Answers;
use crate::transform::convert::EnvTransport;

use super::parameters::{Declared, declared};
use super::supplied::{Supplied, SuppliedParameters};
use super::{Session, SourceKind};

/// A licence to accept: the same view `inspect` shows.
pub use crate::model::ovf::inspection::EulaView as EulaQuestion;

/// A deployment option: the same view `inspect` shows.
pub use crate::model::ovf::inspection::OptionView as OptionChoice;

/// A user-configurable property.
#[derive(Clone, Debug, Serialize)]
pub struct PropertyQuestion {
    /// The full key (`class.key.instance`): what `properties:` answers name.
    pub key: String,
    /// The system or collection holding it.
    pub system: String,
    /// `ovf:type` (string when absent or unknown).
    #[serde(rename = "type")]
    pub type_name: &'static str,
    /// How it is answered: typed, picked among choices, toggled or kept secret.
    pub kind: PropertyKind,
    /// What values are accepted, in words.
    pub valid: Vec<String>,
    /// `Label`.
    pub label: Option<String>,
    /// `Description`.
    pub description: Option<String>,
    /// The default under the package's default option (never given for passwords).
    pub default: Option<String>,
    /// The default under each option (never given for passwords).
    pub defaults: BTreeMap<String, Option<String>>,
    /// Whether there is a default at all (for passwords too).
    pub has_default: bool,
    /// `ovf:password`: ask without echo, never store in answers.yaml.
    pub password: bool,
}

/// How a property is answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PropertyKind {
    /// `ovf:password`: typed without echo, never stored in answers.yaml.
    Secret,
    /// `boolean`: true or false.
    Boolean,
    /// One of the values a `ValueMap` lists (one holding a range is typed instead).
    Choice(Vec<String>),
    /// Any text its type and qualifiers accept.
    Text,
}

impl PropertyKind {
    /// The kind of a property of this type with these qualifiers (`password`: secret).
    fn of(password: bool, property_type: PropertyType, qualifiers: &[Qualifier]) -> PropertyKind {
        if password {
            return PropertyKind::Secret;
        }
        if property_type == PropertyType::Boolean {
            return PropertyKind::Boolean;
        }
        let mut values = Vec::new();
        for qualifier in qualifiers {
            if let Qualifier::ValueMap(entries) = qualifier {
                for entry in entries {
                    match entry {
                        ValueMapEntry::Value { value } => values.push(value.clone()),
                        ValueMapEntry::Range { .. } => return PropertyKind::Text,
                    }
                }
            }
        }
        if values.is_empty() {
            PropertyKind::Text
        } else {
            PropertyKind::Choice(values)
        }
    }
}

/// Properties under one `Category`.
#[derive(Clone, Debug, Serialize)]
pub struct PropertyGroup {
    /// The category (none before the first `Category` of a ProductSection).
    pub category: Option<String>,
    /// Its properties in document order.
    pub properties: Vec<PropertyQuestion>,
}

/// A HOT parameter the operator may set.
#[derive(Clone, Debug, Serialize)]
pub struct ParameterQuestion {
    /// Its name: what `parameters:` answers name.
    pub name: String,
    /// The template declaring it.
    pub template: String,
    /// The HOT type.
    #[serde(rename = "type")]
    pub type_name: &'static str,
    /// `label`.
    pub label: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// Constraints, one line each (`range: {min: 2, max: 6}`).
    pub constraints: Vec<String>,
    /// `hidden: true`: ask without echo, never store in answers.yaml.
    pub hidden: bool,
    /// The current value on one line (never given for hidden parameters).
    pub value: Option<String>,
    /// Whether it has a value (an environment value or a default); parameters without
    /// one are left for stack creation unless answered.
    pub has_value: bool,
    /// The environment file holding its value (none: a template default, or no value);
    /// answering `null` clears it.
    pub environment: Option<String>,
    /// The module templates an answer is written to (every module declaring it, but
    /// those where ONAP supplies it).
    pub modules: Vec<String>,
    /// Why ONAP supplies it at instantiation, when it does in every module declaring it:
    /// its environment file must not give it a value.
    pub supplied: Option<Supplied>,
    /// Each module's own value, when the modules the answer goes to hold different ones
    /// (empty when they agree): one answer sets them together, `name@module` answers set
    /// one module apart.
    pub per_module: Vec<ModuleValue>,
}

/// One module's value of a parameter several modules declare.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ModuleValue {
    /// The module template.
    pub template: String,
    /// The environment file giving its value, if one does.
    pub environment: Option<String>,
    /// Its value on one line (never given for hidden parameters).
    pub value: Option<String>,
}

impl ModuleValue {
    fn of(declared: &Declared) -> ModuleValue {
        ModuleValue {
            template: declared.template.clone(),
            environment: declared.in_environment.clone(),
            value: (!declared.hidden)
                .then(|| declared.value.as_ref().map(flow_text))
                .flatten(),
        }
    }
}

/// Parameters under one `parameter_groups` label.
#[derive(Clone, Debug, Serialize)]
pub struct ParameterGroup {
    /// The group's label (none for parameters outside any group).
    pub label: Option<String>,
    /// The group's description.
    pub description: Option<String>,
    /// Its parameters.
    pub parameters: Vec<ParameterQuestion>,
}

/// Everything a source asks.
#[derive(Clone, Debug, Serialize)]
pub struct Questions {
    /// OVF package or HOT set.
    pub kind: SourceKind,
    /// Licences to accept.
    pub eulas: Vec<EulaQuestion>,
    /// Deployment options (empty without a DeploymentOptionSection).
    pub options: Vec<OptionChoice>,
    /// User-configurable properties by category.
    pub properties: Vec<PropertyGroup>,
    /// HOT parameters by group (for an OVF package: those of the generated template that
    /// no property or option decides).
    pub parameters: Vec<ParameterGroup>,
    /// How the OVF environment may reach the guests (OVF packages only), default first.
    pub transports: Vec<&'static str>,
    /// What a HOT set lets the operator choose (resource types with their candidates and
    /// how each choice stands, requirements, capabilities-map groups); none when it offers
    /// no choice.
    pub capabilities: Option<Summary>,
}

fn property_groups(envelope: &Envelope) -> Vec<PropertyGroup> {
    let mut groups: Vec<PropertyGroup> = Vec::new();
    for (index, _, property) in envelope.properties() {
        if !property.user_configurable {
            continue;
        }
        let view = property_view(envelope, index, property);
        let property_type = property.property_type.unwrap_or(PropertyType::String);
        let question = PropertyQuestion {
            key: view.key,
            system: view.system,
            type_name: property_type.name(),
            kind: PropertyKind::of(property.password, property_type, &property.qualifiers),
            valid: valid_values(property_type, &property.qualifiers),
            label: view.label,
            description: view.description,
            has_default: property
                .default_for(envelope.default_configuration())
                .is_some_and(|d| !d.is_empty()),
            default: view.default,
            defaults: view.defaults,
            password: property.password,
        };
        let category = view.category;
        match groups.iter_mut().find(|g| g.category == category) {
            Some(group) => group.properties.push(question),
            None => groups.push(PropertyGroup {
                category,
                properties: vec![question],
            }),
        }
    }
    groups
}

/// Groups parameters by their `parameter_groups` label, in first-seen order; a module
/// parameter several modules declare is one question, answered for each of them but
/// those where ONAP supplies it (`supplied`).
pub fn parameter_groups<'d>(
    parameters: impl Iterator<Item = &'d Declared>,
    supplied: &SuppliedParameters,
) -> Vec<ParameterGroup> {
    let mut groups: Vec<ParameterGroup> = Vec::new();
    for declared in parameters {
        let supplied_here = supplied
            .get(&(declared.template.clone(), declared.name.clone()))
            .cloned();
        // A module's question has its module listed, or says ONAP supplies it.
        let of_a_module = |q: &ParameterQuestion| !q.modules.is_empty() || q.supplied.is_some();
        let asked = groups
            .iter_mut()
            .flat_map(|g| g.parameters.iter_mut())
            .find(|q| declared.module && q.name == declared.name && of_a_module(q));
        if let Some(question) = asked {
            if supplied_here.is_none() {
                question.modules.push(declared.template.clone());
                question.per_module.push(ModuleValue::of(declared));
                question.supplied = None;
            }
            if question.environment.is_none() {
                question.environment = declared.in_environment.clone();
            }
            continue;
        }
        let (label, description) = declared.group.clone().unwrap_or((None, None));
        let question = ParameterQuestion {
            name: declared.name.clone(),
            template: declared.template.clone(),
            type_name: declared.kind().name(),
            label: declared.label.clone(),
            description: declared.description.clone(),
            constraints: declared
                .constraints
                .iter()
                .filter_map(|c| c.as_map())
                .flat_map(|m| m.iter())
                .filter(|(k, _)| k.text != "description")
                .map(|(k, v)| format!("{}: {}", k.text, flow_text(v)))
                .collect(),
            hidden: declared.hidden,
            value: (!declared.hidden)
                .then(|| declared.value.as_ref().map(flow_text))
                .flatten(),
            has_value: declared.value.is_some(),
            environment: declared.in_environment.clone(),
            modules: if declared.module && supplied_here.is_none() {
                vec![declared.template.clone()]
            } else {
                Vec::new()
            },
            per_module: if declared.module && supplied_here.is_none() {
                vec![ModuleValue::of(declared)]
            } else {
                Vec::new()
            },
            supplied: supplied_here.filter(|_| declared.module),
        };
        match groups
            .iter_mut()
            .find(|g| g.label == label && g.parameters[0].template == question.template)
        {
            Some(group) => group.parameters.push(question),
            None => groups.push(ParameterGroup {
                label,
                description,
                parameters: vec![question],
            }),
        }
    }
    // Modules that agree need no value each.
    for question in groups.iter_mut().flat_map(|g| g.parameters.iter_mut()) {
        let first = question.per_module.first().map(|m| &m.value);
        if question.hidden || question.per_module.iter().all(|m| Some(&m.value) == first) {
            question.per_module.clear();
        }
    }
    groups
}

impl super::Resolved {
    /// The parameter questions the output set still declares: a fix that removed a
    /// parameter takes its question away.
    pub fn still_asked(&self, mut groups: Vec<ParameterGroup>) -> Vec<ParameterGroup> {
        let names: HashSet<String> = declared(&self.set).into_iter().map(|d| d.name).collect();
        for group in &mut groups {
            group.parameters.retain(|q| names.contains(&q.name));
        }
        groups.retain(|g| !g.parameters.is_empty());
        groups
    }
}

impl Session {
    /// Everything the source asks before any answer, for the wizard's steps and for
    /// messages.
    pub fn questions(&self) -> Questions {
        self.questions_for(&Answers::default())
    }

    /// Everything the source asks given the answers so far: a HOT set's choices stand as
    /// the answers' `capabilities:` and `requires:` decide them, and its parameters are
    /// the modules' plus those the chosen nested templates leave open (recompute after
    /// every choice).
    pub fn questions_for(&self, answers: &Answers) -> Questions {
        let mut questions = Questions {
            kind: self.kind(),
            eulas: Vec::new(),
            options: Vec::new(),
            properties: Vec::new(),
            parameters: Vec::new(),
            transports: Vec::new(),
            capabilities: None,
        };
        if let Some((_, envelope)) = self.ovf() {
            questions.eulas = eula_views(envelope);
            questions.options = option_views(envelope);
            questions.properties = property_groups(envelope);
            questions.transports = EnvTransport::ALL.iter().map(|t| t.as_str()).collect();
            if let Some(generated) = self.generated_for(answers) {
                let open = generated
                    .declared
                    .iter()
                    .filter(|d| d.module && !generated.owners.contains_key(&d.name));
                questions.parameters = parameter_groups(open, self.supplied());
            }
        } else if let Some(parameters) = self.source_declared() {
            let composed = self.composed(answers);
            let open: HashSet<(String, String)> = composed
                .as_ref()
                .map(|c| c.open_parameters().into_iter().collect())
                .unwrap_or_default();
            questions.parameters = parameter_groups(
                parameters
                    .iter()
                    .filter(|d| d.module || open.contains(&(d.template.clone(), d.name.clone()))),
                self.supplied(),
            );
            questions.capabilities = composed.map(|c| c.summary());
        }
        questions
    }
}
