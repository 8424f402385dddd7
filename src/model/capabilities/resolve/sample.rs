//! Small template sets for the resolution tests: a vDNS whose resolver node is an abstract
//! type, loaded from memory the way `onboard` loads a set.

use std::collections::BTreeMap;
use std::path::Path;

use super::choice::{Candidate, Choice, ChoiceOutcome, ChoiceSource, Decision, Outcome};
use super::resolution::Resolution;
use crate::foundation::limits::Limits;
use crate::input::source::PackageFiles;
use crate::model::capabilities::Composition;
use crate::model::capabilities::registry::Target;
use crate::model::hot::{FileId, HotSet, Roots, load_set};

/// The abstract type of the resolver node.
pub(super) const RESOLVER: &str = "OS::VDNS::Resolver";

/// The base module: one resolver node of the abstract type `OS::VDNS::Resolver`.
pub(super) const MODULE: &str = "heat_template_version: 2016-10-14
description: Base module of a virtual DNS VNF
parameters:
  vnf_name:
    type: string
    description: Name of this VNF instance
resources:
  dns_node_0:
    type: OS::VDNS::Resolver
    properties:
      vnf_name: {get_param: vnf_name}
";

/// A resolver node template with `capabilities` (indented lines) as its annotation, or
/// none when empty.
pub(super) fn resolver(capabilities: &str) -> String {
    let annotation = if capabilities.is_empty() {
        String::new()
    } else {
        format!("capabilities:\n{capabilities}")
    };
    format!(
        "heat_template_version: 2016-10-14
description: One resolver VM
{annotation}parameters:
  vnf_name:
    type: string
    description: Name of this VNF instance
resources:
  dns_server_0:
    type: OS::Nova::Server
    properties:
      image: dns-resolver-9.18
      flavor: m1.medium
      metadata:
        vnf_name: {{get_param: vnf_name}}
"
    )
}

/// The set of `files` (package path, text), every template and environment discovered.
pub(super) fn set(files: &[(&str, &str)]) -> HotSet {
    let limits = Limits::default();
    let files = PackageFiles::from_memory(
        Path::new("vdns"),
        files
            .iter()
            .map(|(path, text)| ((*path).to_owned(), text.as_bytes().to_vec()))
            .collect(),
        &limits,
    )
    .expect("the sample names are safe");
    load_set(&files, Roots::Discover, "vdns".to_owned(), &limits)
}

/// The id of a file the set must have.
pub(super) fn id(set: &HotSet, path: &str) -> FileId {
    set.find(path)
        .unwrap_or_else(|| panic!("{path} is not in the set"))
}

/// `files` with `extra` added, an extra file replacing one of the same path.
fn with(files: &[(&str, &str)], extra: &[(&str, &str)]) -> HotSet {
    set(&[files, extra].concat())
}

/// The vDNS module with its environment `env` and a BIND and an Unbound resolver, tagged
/// with their engine; `extra` files added or replaced.
fn vdns(env: &str, extra: &[(&str, &str)]) -> HotSet {
    let bind = resolver("  engine: bind\n");
    let unbound = resolver("  engine: unbound\n");
    let files = [
        ("base_vdns.yaml", MODULE),
        ("base_vdns.env", env),
        ("resolvers/bind.yaml", &bind),
        ("resolvers/unbound.yaml", &unbound),
    ];
    with(&files, extra)
}

/// The vDNS whose environment lists both resolvers; `extra` files added or replaced.
pub(super) fn listed_with(extra: &[(&str, &str)]) -> HotSet {
    vdns(
        "parameters: {}\nresource_registry:\n  OS::VDNS::Resolver: [resolvers/bind.yaml, resolvers/unbound.yaml]\n",
        extra,
    )
}

/// [`listed_with`] as it is.
pub(super) fn listed() -> HotSet {
    listed_with(&[])
}

/// The vDNS without a capabilities map: the module's own environment and two unpaired
/// ones mapping the resolver to BIND or to Unbound; `extra` files added or replaced.
pub(super) fn alternatives_with(extra: &[(&str, &str)]) -> HotSet {
    let environments = [
        (
            "environments/bind.yaml",
            "resource_registry:\n  OS::VDNS::Resolver: ../resolvers/bind.yaml\n",
        ),
        (
            "environments/unbound.yaml",
            "resource_registry:\n  OS::VDNS::Resolver: ../resolvers/unbound.yaml\n",
        ),
    ];
    vdns(
        "parameters:\n  vnf_name: vdns\n",
        &[&environments[..], extra].concat(),
    )
}

/// [`alternatives_with`] as it is.
pub(super) fn alternatives() -> HotSet {
    alternatives_with(&[])
}

/// `set` read and resolved with `answers` and `requires`.
pub(super) fn resolved<'s>(
    set: &'s HotSet,
    answers: &[(&str, &str)],
    requires: &[(&str, &str)],
) -> (Composition<'s>, Resolution) {
    let composition = Composition::read(set);
    let resolution = super::resolve(&composition, &pairs(answers), &pairs(requires));
    (composition, resolution)
}

/// `(key, value)` pairs as the answers hold them.
pub(super) fn pairs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// The templates at `paths` as candidates, written as their paths.
pub(super) fn candidates(set: &HotSet, paths: &[&str]) -> Vec<Candidate> {
    paths
        .iter()
        .map(|path| Candidate {
            target: Target::Template {
                written: (*path).to_owned(),
                file: set.find(path),
            },
            places: Vec::new(),
        })
        .collect()
}

/// A choice of the resolver from `source` among the templates at `paths`, decided by an
/// answer for `chosen` or (without one) left ambiguous.
pub(super) fn outcome(
    set: &HotSet,
    source: ChoiceSource,
    paths: &[&str],
    chosen: Option<usize>,
) -> ChoiceOutcome {
    ChoiceOutcome {
        choice: Choice {
            resource_type: RESOLVER.to_owned(),
            source,
            candidates: candidates(set, paths),
        },
        outcome: match chosen {
            Some(candidate) => Outcome::Resolved {
                candidate,
                by: Decision::Answer,
                rejected: Vec::new(),
            },
            None => Outcome::Ambiguous {
                kept: (0..paths.len()).collect(),
                rejected: Vec::new(),
            },
        },
    }
}

/// A capabilities map for the vDNS: a root registry, two mutually exclusive resolver
/// engines (a third named but not shipped) and a logging option that needs the syslog
/// relay.
const MAP: &str = "root_template: base_vdns.yaml
root_environment: vdns-registry.yaml
topics:
  - title: Resolution
    environment_groups:
      - title: Engine
        mutually_exclusive: true
        environments:
          - file: environments/bind.yaml
            title: BIND
          - file: environments/unbound.yaml
            title: Unbound
          - file: environments/knot.yaml
            title: Knot (not shipped)
  - title: Operations
    environment_groups:
      - title: Logging
        environments:
          - file: environments/query-log.yaml
            title: Query log
            requires:
              - environments/syslog.yaml
";

/// [`alternatives`] with a capabilities map over its environments; `extra` files added or
/// replaced.
pub(super) fn mapped_with(extra: &[(&str, &str)]) -> HotSet {
    let map = [
        ("capabilities-map.yaml", MAP),
        (
            "vdns-registry.yaml",
            "resource_registry:\n  OS::VDNS::Resolver: resolvers/bind.yaml\n",
        ),
        (
            "environments/query-log.yaml",
            "parameters:\n  query_log: true\n",
        ),
        (
            "environments/syslog.yaml",
            "parameters:\n  syslog_relay: 10.0.0.9\n",
        ),
    ];
    alternatives_with(&[&map[..], extra].concat())
}

/// [`mapped_with`] as it is.
pub(super) fn mapped() -> HotSet {
    mapped_with(&[])
}
