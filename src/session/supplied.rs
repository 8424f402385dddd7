//! Which module parameters ONAP supplies at instantiation (`vnf_id`, `vf_module_id`, a
//! network's id, the VM names…): those whose environment entry a MUST NOT rule forbids.
//! The rules themselves decide, so the wizard and `onboard` never keep a list of their
//! own: every module parameter without a value gets a placeholder in its module's
//! environment file, the set is checked with the output rules, and each MUST NOT finding
//! at an environment entry names a supplied parameter. An entry already in an environment
//! file is judged as it is. ONAP hands its values to every module by name, so a parameter
//! found supplied in one module is supplied in every module declaring it (`vnf_name` of a
//! base module that only builds names with it; docs/decisions.md).

use std::collections::BTreeMap;

use crate::check::rules::{Selection, check_hot};
use crate::foundation::diagnostics::{Keyword, Severity};
use crate::foundation::limits::Limits;
use crate::input::yaml::write::{map, node, string};
use crate::input::yaml::{Node, Value};
use crate::model::hot::HotSet;
use crate::model::hot::parameters::ParameterType;

use super::environment::{apply, module_envs};
use super::parameters::declared;
use super::resolve::{OutputFile, load};

/// Why ONAP supplies a parameter: the rule that keeps it out of the environment file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Supplied {
    /// The rule (`R-20856`).
    pub rule: &'static str,
    /// Its finding at the environment entry.
    pub message: String,
}

/// Supplied parameters by (module template, name).
pub type SuppliedParameters = BTreeMap<(String, String), Supplied>;

/// A value of the parameter's type, for the probe (the rules that decide look at where a
/// value is, not at what it is).
fn placeholder(kind: ParameterType) -> Node {
    match kind {
        ParameterType::Number => node(Value::Int(1)),
        ParameterType::Boolean => node(Value::Bool(true)),
        ParameterType::Json => map(Vec::<(String, Node)>::new()),
        ParameterType::String | ParameterType::CommaDelimitedList => string("probe"),
    }
}

/// The module parameters of `set` (whose files are `files`) that ONAP supplies, as the
/// rules of `selection` judge their environment entries.
pub fn supplied(
    set: &HotSet,
    files: &[OutputFile],
    selection: &Selection,
    label: &str,
    limits: &Limits,
) -> SuppliedParameters {
    let declarations = declared(set);
    let open: BTreeMap<String, Node> = declarations
        .iter()
        .filter(|d| d.module && d.value.is_none())
        .map(|d| (d.name.clone(), placeholder(d.kind())))
        .collect();
    let mut probed = files.to_vec();
    apply(set, &mut probed, &open, &SuppliedParameters::new(), limits);
    let probed_set = load(&probed, label, limits);
    let modules: BTreeMap<String, String> = module_envs(&probed_set)
        .into_iter()
        .map(|(template, env, _)| (env, template))
        .collect();
    // Only a MUST NOT rule can forbid an entry.
    let forbidding = selection
        .clone()
        .keeping(|rule| rule.meta.keyword == Keyword::MustNot);
    let mut out = SuppliedParameters::new();
    for violation in check_hot(&probed_set, &forbidding) {
        if violation.severity() != Severity::Error || violation.rule.keyword != Keyword::MustNot {
            continue;
        }
        let (Some(template), Some(name)) = (
            modules.get(&violation.file),
            violation.path.strip_prefix("parameters."),
        ) else {
            continue;
        };
        let declared_here = declarations
            .iter()
            .any(|d| d.module && d.name == name && d.template == *template);
        if declared_here {
            out.entry((template.clone(), name.to_owned()))
                .or_insert(Supplied {
                    rule: violation.rule.id,
                    message: violation.message.clone(),
                });
        }
    }
    let found: Vec<((String, String), Supplied)> = out.clone().into_iter().collect();
    for declaration in declarations.iter().filter(|d| d.module) {
        let Some(((module, _), why)) = found.iter().find(|((_, n), _)| *n == declaration.name)
        else {
            continue;
        };
        out.entry((declaration.template.clone(), declaration.name.clone()))
            .or_insert_with(|| Supplied {
                rule: why.rule,
                message: format!(
                    "ONAP hands `{}` to every module by name, as it does to {module}: {}",
                    declaration.name, why.message
                ),
            });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::FileRole;

    fn file(path: &str, text: &str) -> OutputFile {
        OutputFile {
            path: path.to_owned(),
            bytes: text.as_bytes().to_vec(),
            role: FileRole::Nested,
            secrets: Vec::new(),
            source: None,
        }
    }

    /// The parameters ONAP supplies in a set of these files, as the output rules judge.
    fn supplied_in(files: &[OutputFile]) -> SuppliedParameters {
        let limits = Limits::default();
        let set = load(files, "dns", &limits);
        supplied(
            &set,
            files,
            &crate::check::rules::output_rules(),
            "dns",
            &limits,
        )
    }

    #[test]
    fn the_rules_decide_which_parameters_onap_supplies() {
        let template = "heat_template_version: 2016-10-14
parameters:
  vnf_id:
    type: string
    description: Unique ID for this VNF instance
  dns_image_name:
    type: string
    description: Image of the DNS servers
resources:
  dns_server_0:
    type: OS::Nova::Server
    properties:
      image: { get_param: dns_image_name }
      flavor: m1.small
      metadata:
        vnf_id: { get_param: vnf_id }
";
        let files = [
            file("base_dns.yaml", template),
            file("base_dns.env", "parameters: {}\n"),
        ];
        let found = supplied_in(&files);
        let vnf_id = found
            .get(&("base_dns.yaml".to_owned(), "vnf_id".to_owned()))
            .expect("vnf_id is ONAP's");
        assert_eq!(vnf_id.rule, "R-20856");
        assert!(
            !found.contains_key(&("base_dns.yaml".to_owned(), "dns_image_name".to_owned())),
            "the image name is the operator's: {found:?}"
        );
    }

    #[test]
    fn a_parameter_onap_supplies_to_one_module_it_supplies_to_every_module() {
        // The base only builds names with vnf_name; the module's server carries it as
        // metadata, which the rules keep out of its environment file.
        let base = "heat_template_version: 2016-10-14
parameters:
  vnf_name:
    type: string
    description: Name of the VNF instance
resources:
  dns_key:
    type: OS::Nova::KeyPair
    properties:
      name:
        str_replace:
          template: VNF_key
          params:
            VNF: { get_param: vnf_name }
";
        let module = "heat_template_version: 2016-10-14
parameters:
  vnf_name:
    type: string
    description: Name of the VNF instance
  dns_image_name:
    type: string
    description: Image of the DNS servers
resources:
  dns_server_1:
    type: OS::Nova::Server
    properties:
      image: { get_param: dns_image_name }
      flavor: m1.small
      metadata:
        vnf_name: { get_param: vnf_name }
";
        let files = [
            file("base_dns.yaml", base),
            file("base_dns.env", "parameters: {}\n"),
            file("dns_expansion.yaml", module),
            file("dns_expansion.env", "parameters: {}\n"),
        ];
        let found = supplied_in(&files);
        let key = |t: &str| (t.to_owned(), "vnf_name".to_owned());
        assert_eq!(found[&key("dns_expansion.yaml")].rule, "R-36542");
        let base = &found[&key("base_dns.yaml")];
        assert_eq!(base.rule, "R-36542");
        assert!(
            base.message.starts_with(
                "ONAP hands `vnf_name` to every module by name, as it does to dns_expansion.yaml"
            ),
            "{}",
            base.message
        );
    }
}
