//! CSAR-flavour-inputs: a topology that substitutes the VNF node declares an input for each
//! property the substitution hands it (Tacker step 3, tosca-parser's substitution check).

use std::collections::BTreeMap;

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};
use crate::input::yaml::{Mapping, Node, Value};
use crate::model::csar::vnfd::{VNF_TYPE, Vnfd};

/// A substitution mapping without an input tosca-parser requires.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-flavour-inputs",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 3: the VNFD",
        summary: "A topology with substitution_mappings declares, under topology_template.inputs, \
                  every property of the mapped node type that is required without a default \
                  and, in a flavour file, every property the top-level VNF node sets or gets \
                  by default.",
        why: "Tacker loads the VNFD with tosca-parser, which checks each substitution: the \
              top-level VNF node's property values (given, or the type's defaults) are passed \
              to the flavour's inputs, and a property without a matching input is a \
              MissingRequiredInputError that rejects the whole package.",
        fix: "In the flavour's topology_template.inputs declare each named input with the \
              property's type (descriptor_id, descriptor_version, provider, product_name, \
              software_version, vnfm_info as a list of strings, flavour_id, \
              flavour_description, as Tacker's samples do).",
    },
    check: Check::Csar(check),
};

/// SOL001's `tosca.nodes.nfv.VNF` properties and whether each is required (none has a
/// default), for a package that imports ETSI's types by URL and so does not hold them.
const VNF_BASE_PROPERTIES: [(&str, bool); 16] = [
    ("descriptor_id", true),
    ("descriptor_version", true),
    ("provider", true),
    ("product_name", true),
    ("software_version", true),
    ("product_info_name", false),
    ("product_info_description", false),
    ("vnfm_info", true),
    ("localization_languages", false),
    ("default_localization_language", false),
    ("configurable_properties", false),
    ("lcm_operations_configuration", false),
    ("monitoring_parameters", false),
    ("flavour_id", true),
    ("flavour_description", true),
    ("vnf_profile", false),
];

/// Longest `derived_from` chain followed.
const MAX_DERIVATION: usize = 64;

/// What a property definition says about being given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Definition {
    required: bool,
    default: bool,
}

/// A node type's properties through its derivation, the nearest definition winning, as
/// tosca-parser merges them.
fn properties(vnfd: &Vnfd, node_type: &str) -> BTreeMap<String, Definition> {
    let mut out = BTreeMap::new();
    let mut current = node_type.to_owned();
    for _ in 0..MAX_DERIVATION {
        let Some(defined) = vnfd.node_types.get(&current) else {
            if current == VNF_TYPE {
                for (name, required) in VNF_BASE_PROPERTIES {
                    out.entry(name.to_owned()).or_insert(Definition {
                        required,
                        default: false,
                    });
                }
            }
            break;
        };
        let definition = vnfd
            .root(defined.file)
            .and_then(|r| r.get("node_types"))
            .and_then(|t| t.get(&current));
        for (name, property) in definition
            .and_then(|d| d.get("properties"))
            .and_then(Node::as_map)
            .into_iter()
            .flat_map(Mapping::iter)
        {
            out.entry(name.text.clone()).or_insert(Definition {
                required: !matches!(
                    property.get("required").map(|r| &r.value),
                    Some(Value::Bool(false))
                ),
                default: property.get("default").is_some_and(|d| !d.is_null()),
            });
        }
        match &defined.derived_from {
            Some(parent) => current.clone_from(parent),
            None => break,
        }
    }
    out
}

/// True when tosca-parser lets `template` be substituted: its `interfaces` declare no
/// operation.
fn substitutable(template: &Node) -> bool {
    template
        .get("interfaces")
        .and_then(Node::as_map)
        .is_none_or(|interfaces| {
            interfaces
                .iter()
                .all(|(_, interface)| interface.as_map().is_none_or(Mapping::is_empty))
        })
}

/// Why an input is needed.
enum Need<'a> {
    /// Required by the type, without a default.
    Required,
    /// The top-level node (named) sets the property here.
    Set(&'a str, Span),
    /// The top-level node (named) gets the type's default.
    Defaulted(&'a str),
}

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    let main = &vnfd.files[0].path;
    let flavours = vnfd.flavours();
    for file in 0..vnfd.files.len() {
        let Some(topology) = vnfd.topology(file) else {
            continue;
        };
        let Some((mapping_key, mapping)) = topology
            .key("substitution_mappings")
            .zip(topology.get("substitution_mappings"))
        else {
            continue;
        };
        let Some(node_type) = mapping.get("node_type").and_then(Node::as_str) else {
            continue;
        };
        let definitions = properties(vnfd, node_type);
        let mut needed: BTreeMap<String, Need<'_>> = definitions
            .iter()
            .filter(|(_, d)| d.required && !d.default)
            .map(|(name, _)| (name.clone(), Need::Required))
            .collect();
        if file > 0 {
            // tosca-parser checks a nested topology only through the top-level node it
            // substitutes.
            let Some((node, template)) = vnfd.node_templates(0).find(|(_, t)| {
                t.get("type").and_then(Node::as_str) == Some(node_type) && substitutable(t)
            }) else {
                continue;
            };
            let set = template.get("properties").and_then(Node::as_map);
            for (name, _) in set.into_iter().flat_map(Mapping::iter) {
                needed.insert(name.text.clone(), Need::Set(&node.text, name.span));
            }
            for (name, definition) in &definitions {
                if definition.default {
                    needed
                        .entry(name.clone())
                        .or_insert(Need::Defaulted(&node.text));
                }
            }
        }
        let inputs = topology.get("inputs").and_then(Node::as_map);
        let flavour = flavours.iter().find(|f| f.file == file).map_or_else(
            || "this topology".to_owned(),
            |f| format!("flavour `{}`", f.id),
        );
        for (name, need) in needed {
            if inputs.is_some_and(|i| i.get(&name).is_some()) {
                continue;
            }
            let why = match need {
                Need::Required => {
                    format!("{node_type} requires property `{name}` and gives it no default")
                }
                Need::Set(node, _) => format!("node `{node}` of {main} sets `{name}`"),
                Need::Defaulted(node) => {
                    format!("node `{node}` of {main} gets `{name}` from {node_type}'s default")
                }
            };
            let violation = findings.report_at(
                &vnfd.files[file].path,
                mapping_key.span,
                format!("topology_template.inputs.{name}"),
                format!(
                    "{flavour} substitutes {node_type} but declares no input `{name}`: {why}, \
                     so tosca-parser (Tacker) rejects the package"
                ),
            );
            if let Need::Set(_, span) = need {
                violation.also(main, span, format!("`{name}` is set here"));
            }
        }
    }
}
