//! R-01455: the servers of one `{vm-type}` form one class: same flavor, same image, same
//! Cinder volume attachments, same network attachments and IP address configuration.
//!
//! What is compared, statically, for each server (a nested template's server once, as
//! written there): the `flavor` and `image` values as written (the parameter they read, or
//! the literal); the number of `OS::Cinder::VolumeAttachment` resources of its template
//! whose `instance_uuid` names it; and its `networks` entries as a multiset, each the network
//! its port attaches to (internal or external and the `{network-role}`, else the value as
//! written) with the keys of each `fixed_ips` entry. Every server is compared with the first
//! server of its `{vm-type}` (letter case aside); a difference is reported at the later
//! server's id, naming the characteristics that differ.
//!
//! A server's `{vm-type}` here is the one its own names give: its resource id
//! (`{vm-type}_server_{index}`), else its `name` parameter (`{vm-type}_name_{index}`,
//! `{vm-type}_names`). The `image` and `flavor` parameters are what a class shares, so a
//! server reading another class's (`vdns_0` booting from `vlb_image_name`) does not join
//! that class: R-57282, R-40499 and R-304011 report the shared parameter. A server naming
//! itself neither way is not judged (docs/decisions.md, "R-01455").

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::onap::vocabulary::attachment::{Reach, of_resource};
use crate::check::rules::onap::vocabulary::server::Server;
use crate::check::rules::onap::vocabulary::vm_type::{Derivation, Source};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::{Node, write};
use crate::model::hot::Template;
use crate::model::hot::template::{referenced_resource, resource_type};

/// A server that differs from the others of its VM type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-01455",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / {vm-type}",
        summary: "All servers of one `{vm-type}` have the same flavor, image, volume attachments \
                  and network attachments; servers that differ get their own `{vm-type}`.",
        why: "ONAP models a `{vm-type}` as one VFC with one flavor, one image and one set of \
              connection points; a server that differs from the others of its type is deployed, \
              scaled and assigned addresses as if it were like them.",
        fix: "Give the reported server the same flavor, image, volumes and ports as the first \
              server of its `{vm-type}`, or give it a `{vm-type}` of its own (rename the server, \
              its parameters and its ports accordingly).",
    },
    check: Check::Hot(check),
};

/// The characteristics compared, in message order.
const CHARACTERISTICS: [&str; 4] = [
    "flavor",
    "image",
    "Cinder volume attachments",
    "network attachments and IP configuration",
];

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let vm_types = context.vm_types();
    let mut attachments: HashMap<usize, HashMap<&str, usize>> = HashMap::new();
    let mut first_of_class: HashMap<String, (usize, [String; 4])> = HashMap::new();
    for (at, server) in context.servers().iter().enumerate() {
        let Some(vm_type) = own_vm_type(vm_types.derivations(at)) else {
            continue;
        };
        let volumes = attachments
            .entry(server.template.id)
            .or_insert_with(|| volume_attachments(&server.template));
        let class = describe(server, volumes);
        let Some((first, reference)) = first_of_class.get(&vm_type.vm_type.to_ascii_lowercase())
        else {
            first_of_class.insert(vm_type.vm_type.to_ascii_lowercase(), (at, class));
            continue;
        };
        let differing: Vec<&str> = CHARACTERISTICS
            .iter()
            .zip(reference.iter().zip(class.iter()))
            .filter(|(_, (a, b))| a != b)
            .map(|(name, _)| *name)
            .collect();
        if differing.is_empty() {
            continue;
        }
        let Some(first_server) = context.servers().get(*first) else {
            continue;
        };
        findings
            .report(
                server.template.file,
                server.id.span,
                format!("resources.{}", server.id.text),
                format!(
                    "server `{}` has the {{vm-type}} `{}` of `{}` but differs from it in: {}",
                    server.id.text,
                    vm_type.vm_type,
                    first_server.id.text,
                    differing.join(", ")
                ),
            )
            .also(
                first_server.template.path(),
                first_server.id.span,
                "the first server of this {vm-type}",
            );
    }
}

/// The `{vm-type}` a server's own names give: its resource id's, else its `name`
/// parameter's.
fn own_vm_type<'a>(derivations: &[Derivation<'a>]) -> Option<Derivation<'a>> {
    [Source::ResourceId, Source::Name]
        .into_iter()
        .find_map(|source| derivations.iter().find(|d| d.source == source).copied())
}

/// How many volume attachments name each server of a template.
fn volume_attachments<'a>(template: &Template<'a>) -> HashMap<&'a str, usize> {
    let mut counts = HashMap::new();
    for (_, definition) in template.resources() {
        if resource_type(definition) != Some("OS::Cinder::VolumeAttachment") {
            continue;
        }
        if let Some(server) = definition
            .get("properties")
            .and_then(|p| p.get("instance_uuid"))
            .and_then(referenced_resource)
        {
            *counts.entry(server).or_default() += 1;
        }
    }
    counts
}

/// A server's class characteristics as comparable text, in [`CHARACTERISTICS`] order.
fn describe(server: &Server<'_>, volumes: &HashMap<&str, usize>) -> [String; 4] {
    let value = |property: &str| server.property(property).map(|(_, v)| text(v));
    let mut networks: Vec<String> = server
        .property("networks")
        .and_then(|(_, n)| n.as_seq())
        .unwrap_or(&[])
        .iter()
        .map(|entry| network_entry(&server.template, entry))
        .collect();
    networks.sort();
    [
        value("flavor").unwrap_or_default(),
        value("image").unwrap_or_default(),
        volumes
            .get(server.id.text.as_str())
            .copied()
            .unwrap_or(0)
            .to_string(),
        networks.join("; "),
    ]
}

/// One `networks` entry: the network its port (or itself) attaches to and the IP layout.
fn network_entry(template: &Template<'_>, entry: &Node) -> String {
    let port = entry
        .get("port")
        .and_then(referenced_resource)
        .and_then(|id| template.resource(id));
    let Some(port) = port else {
        return entry.get("network").map(text).unwrap_or_default();
    };
    let network = match of_resource(template, port) {
        Some(attachment) => {
            let reach = match attachment.reach {
                Reach::Internal => "internal",
                Reach::External => "external",
            };
            format!("{reach} {}", attachment.role.unwrap_or("?"))
        }
        None => port
            .get("properties")
            .and_then(|p| p.get("network"))
            .map(text)
            .unwrap_or_default(),
    };
    let addresses: Vec<String> = port
        .get("properties")
        .and_then(|p| p.get("fixed_ips"))
        .and_then(Node::as_seq)
        .unwrap_or(&[])
        .iter()
        .map(|ip| {
            let mut keys: Vec<&str> = ip
                .as_map()
                .map(|m| m.iter().map(|(k, _)| k.text.as_str()).collect())
                .unwrap_or_default();
            keys.sort_unstable();
            keys.join("+")
        })
        .collect();
    format!("{network} [{}]", addresses.join(", "))
}

/// A value as comparable text (positions aside).
fn text(value: &Node) -> String {
    write::to_string(value, crate::model::hot::version::is_function_name)
        .trim_end()
        .to_owned()
}
