//! The check shared by R-30753 (`OS::ContrailV2::NetworkIpam`) and R-81214
//! (`OS::ContrailV2::InterfaceRouteTable`): the resource id contains the `{network-role}` of
//! the network it serves.
//!
//! The network a resource serves is read from the resources that refer to it in the same
//! template: the networks whose `network_ipam_refs` name an IPAM, the VMIs whose
//! `interface_route_table_refs` name a route table. A resource nobody refers to is judged
//! against every `{network-role}` the VNF names (internal ones only for an IPAM); a VNF naming
//! none leaves it alone. "Contains" is a substring, letter case aside.

use foldhash::{HashMap, HashMapExt};

use aho_corasick::AhoCorasick;

use crate::check::rules::onap::vocabulary::attachment::{self, Reach, RoleUse};
use crate::check::rules::{Context, Findings};
use crate::model::hot::Template;
use crate::model::hot::template::{referenced_resource, resource_type};

/// How a resource type is tied to its network.
pub struct Association {
    /// The resource type judged.
    pub judged: &'static str,
    /// The type of the resources referring to it.
    pub referrer: &'static str,
    /// The referrer's list property holding the references.
    pub property: &'static str,
    /// The referrer's role, from its id and definition.
    pub role_of: for<'a> fn(
        &Template<'a>,
        &'a crate::input::yaml::Key,
        &'a crate::input::yaml::Node,
    ) -> Option<&'a str>,
    /// Which of the VNF's roles count for a resource nobody refers to (`None`: all).
    pub fallback: Option<Reach>,
}

/// Reports every resource of the association's type whose id lacks its network's role.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, association: &Association) {
    let mut vnf_roles: Option<(Vec<RoleUse<'_>>, Option<AhoCorasick>)> = None;
    for template in &context.templates {
        let judged: Vec<_> = template
            .resources()
            .filter(|(_, d)| resource_type(d) == Some(association.judged))
            .collect();
        if judged.is_empty() {
            continue;
        }
        let served = served_roles(template, association);
        for (id, _) in judged {
            let folded = id.text.to_ascii_lowercase();
            let message = match served.get(id.text.as_str()) {
                Some(roles) => {
                    if roles
                        .iter()
                        .any(|role| folded.contains(&role.to_ascii_lowercase()))
                    {
                        continue;
                    }
                    format!(
                        "`{}` does not contain the {{network-role}} of the network it serves \
                         ({})",
                        id.text,
                        quoted(roles.iter().copied())
                    )
                }
                None => {
                    let (roles, matcher) = vnf_roles.get_or_insert_with(|| {
                        let roles: Vec<RoleUse<'_>> = attachment::roles(&context.templates)
                            .into_iter()
                            .filter(|r| association.fallback.is_none_or(|reach| r.reach == reach))
                            .collect();
                        let matcher = AhoCorasick::builder()
                            .ascii_case_insensitive(true)
                            .build(roles.iter().map(|r| r.role))
                            .ok();
                        (roles, matcher)
                    });
                    let contains = match matcher {
                        Some(matcher) => matcher.is_match(&id.text),
                        None => roles
                            .iter()
                            .any(|r| folded.contains(&r.role.to_ascii_lowercase())),
                    };
                    if roles.is_empty() || contains {
                        continue;
                    }
                    format!(
                        "`{}` contains no {{network-role}} of the VNF ({})",
                        id.text,
                        quoted(roles.iter().map(|r| r.role))
                    )
                }
            };
            findings.report(
                template.file,
                id.span,
                format!("resources.{}", id.text),
                message,
            );
        }
    }
}

/// The roles of the referrers of each judged resource of a template, by judged id.
fn served_roles<'a>(
    template: &Template<'a>,
    association: &Association,
) -> HashMap<&'a str, Vec<&'a str>> {
    let mut served: HashMap<&'a str, Vec<&'a str>> = HashMap::new();
    for (id, definition) in template.resources() {
        if resource_type(definition) != Some(association.referrer) {
            continue;
        }
        let Some(references) = definition
            .get("properties")
            .and_then(|p| p.get(association.property))
            .and_then(|r| r.as_seq())
        else {
            continue;
        };
        let Some(role) = (association.role_of)(template, id, definition) else {
            continue;
        };
        for reference in references {
            if let Some(target) = referenced_resource(reference) {
                served.entry(target).or_default().push(role);
            }
        }
    }
    served
}

/// Distinct roles quoted for a message, at most eight.
fn quoted<'r>(roles: impl Iterator<Item = &'r str>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    let mut more = 0;
    for role in roles {
        if seen.contains(&role) {
            continue;
        }
        if seen.len() == 8 {
            more += 1;
            continue;
        }
        seen.push(role);
    }
    let mut text: Vec<String> = seen.iter().map(|r| format!("`{r}`")).collect();
    if more > 0 {
        text.push(format!("and {more} more"));
    }
    text.join(", ")
}
