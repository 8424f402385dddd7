//! The `aap_exempt` metadata R-41493 (Neutron ports) and R-100350 (Contrail interfaces) ask
//! for: allowed address pair parameters outside ONAP's data model are listed in the
//! resource-level `metadata: {aap_exempt: [...]}`, each one a pair parameter of that port
//! declared as `string` or `comma_delimited_list`.

use foldhash::HashMap;

use crate::check::rules::{Context, Findings};
use crate::input::yaml::Node;

use crate::check::rules::onap::shared_checks::ports::LIST_TYPE;
use crate::check::rules::onap::vocabulary::ports::ip_version::declared_type;
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};

/// Reports misplaced or malformed `aap_exempt` lists and the entries that name no allowed
/// address pair parameter of the port or one of the wrong type.
pub fn check_exempt(context: &Context<'_>, findings: &mut Findings<'_>, kind: PortKind) {
    for port in context.ports().of_kind(kind) {
        let template = &port.template;
        let id = &port.id.text;
        let property_level = port
            .definition
            .get("properties")
            .and_then(|p| p.get("metadata"))
            .and_then(Node::as_map)
            .and_then(|m| m.key("aap_exempt"));
        if let Some(key) = property_level {
            findings.report(
                template.file,
                key.span,
                format!("resources.{id}.properties.metadata.aap_exempt"),
                format!(
                    "`aap_exempt` of `{id}` is property-level metadata; ONAP reads it only from \
                     the resource-level `metadata:` beside `type:` and `properties:`"
                ),
            );
        }
        let Some(list) = port
            .definition
            .get("metadata")
            .and_then(|m| m.get("aap_exempt"))
        else {
            continue;
        };
        let path = format!("resources.{id}.metadata.aap_exempt");
        let Some(items) = list.as_seq() else {
            findings.report(
                template.file,
                list.span,
                path,
                format!(
                    "`aap_exempt` of `{id}` is {}; it must be a list of parameter names",
                    list.kind()
                ),
            );
            continue;
        };
        let pairs: HashMap<&str, &Node> = port
            .reads_of(Property::AddressPair)
            .map(|read| (read.parameter(), read.at))
            .collect();
        let not_a_name =
            |kind: &str| format!("`aap_exempt` of `{id}` holds {kind}, not a parameter name");
        findings.each_name(
            template.file,
            items,
            &path,
            not_a_name,
            |findings, name, item, item_path| {
                let Some(read) = pairs.get(name) else {
                    findings.report(
                    template.file,
                    item.span,
                    item_path,
                    format!(
                        "`aap_exempt` of `{id}` lists `{name}`, which no allowed address pair of \
                         `{id}` reads"
                    ),
                );
                    return;
                };
                let declared = declared_type(template, name);
                if let Some(declared) = declared.filter(|t| *t != "string" && *t != LIST_TYPE) {
                    let type_node = template
                        .parameter(name)
                        .and_then(|d| d.get("type"))
                        .unwrap_or(item);
                    findings
                        .report(
                            template.file,
                            type_node.span,
                            format!("parameters.{name}.type"),
                            format!(
                                "exempt address pair parameter `{name}` is declared `{declared}`; \
                             declare it `string` or `{LIST_TYPE}`"
                            ),
                        )
                        .also(template.path(), read.span, "read here");
                }
            },
        );
    }
}
