//! R-85734: the `name` property of a resource other than a server is a `str_replace` built
//! with the `vnf_name` parameter.
//!
//! Resources implemented by nested templates are not judged (`named_resources`).
//! `str_replace_strict` counts as `str_replace` (it is the same function, stricter about
//! unused keys). The `vnf_name` read may sit anywhere inside the `str_replace` arguments.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::usage::direct_read;

use crate::check::rules::onap::shared_checks::named_resources::named_resources;

/// A resource name not built from `vnf_name`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-85734",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource Property / \
                  Resource Property “name”",
        summary: "The `name` of a resource other than a server is a `str_replace` that uses the \
                  `vnf_name` parameter.",
        why: "Networks, subnets, security groups and the like are named in the tenant's shared \
              namespace; a name not built from the VNF instance's name clashes as soon as a \
              second instance of the VNF is deployed, and cannot be traced to its VNF.",
        fix: "Write the name as `str_replace: {template: VNF_NAME_<what>, params: {VNF_NAME: \
              {get_param: vnf_name}}}` (more parameters may be added to the template), and \
              declare `vnf_name`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for named in named_resources(context) {
        let arguments = named
            .value
            .as_map()
            .filter(|m| m.len() == 1)
            .and_then(|m| m.get("str_replace").or_else(|| m.get("str_replace_strict")));
        let problem = match arguments {
            None => "is not a `str_replace`",
            Some(arguments) if !reads_vnf_name(arguments) => {
                "is a `str_replace` that does not use the `vnf_name` parameter"
            }
            Some(_) => continue,
        };
        findings.report(
            named.template.file,
            named.value.span,
            format!("resources.{}.properties.name", named.id.text),
            format!("the `name` of `{}` {problem}", named.id.text),
        );
    }
}

/// True when a `get_param` of `vnf_name` occurs anywhere in `node`.
fn reads_vnf_name(node: &Node) -> bool {
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        if direct_read(node).is_some_and(|read| read.name == "vnf_name") {
            return true;
        }
        if let Some(map) = node.as_map() {
            pending.extend(map.iter().map(|(_, value)| value));
        } else if let Some(items) = node.as_seq() {
            pending.extend(items);
        }
    }
    false
}
