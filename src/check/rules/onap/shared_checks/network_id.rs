//! The check shared by R-25720 (`OS::Neutron::Net`) and R-99110
//! (`OS::ContrailV2::VirtualNetwork`): a network the VNF creates is an internal network, and
//! its resource id reads `int_{network-role}_network`.

use crate::check::rules::onap::vocabulary::attachment::internal_network_role;
use crate::check::rules::{Context, Findings};

/// Reports every resource of `resource_type` whose id is not `int_{network-role}_network`.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, resource_type: &str) {
    for template in &context.templates {
        for (id, definition) in template.resources() {
            if crate::model::hot::template::resource_type(definition) != Some(resource_type)
                || internal_network_role(&id.text).is_some()
            {
                continue;
            }
            findings.report(
                template.file,
                id.span,
                format!("resources.{}", id.text),
                format!(
                    "network `{}` is not named `int_{{network-role}}_network`",
                    id.text
                ),
            );
        }
    }
}
