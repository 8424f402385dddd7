//! Composition through the library on the fixtures of tests/fixtures/capabilities/ and the
//! CAP-… rule fixtures: resolution, open parameters, and the written set checked as
//! Heat-ready by the real binary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::binary::violations_at;
use crate::support::hot_set::{load_first, pairs};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::yaml::{Node, Value};
use vnfwiz::model::capabilities::{
    ChoiceError, ComposeError, ComposedRole, ComposedSet, Composition, Decision, Implementation,
    Outcome, RegistryOutput, Resolution, compose, open_parameters, resolve,
};
use vnfwiz::model::hot::HotSet;
use vnfwiz::model::open::load_hot_inputs;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn load(name: &str) -> HotSet {
    load_first(&fixture(name))
}

fn none() -> BTreeMap<String, String> {
    BTreeMap::new()
}

/// The composed set with the registry inlined and no parameter values.
fn compose_inline(
    composition: &Composition<'_>,
    resolution: &Resolution,
) -> Result<ComposedSet, Vec<ComposeError>> {
    compose(
        composition,
        resolution,
        RegistryOutput::Inline,
        &BTreeMap::new(),
    )
}

/// The three-level SBC set composed without choices, `sbc_log_level` given `level`.
fn sbc_with_log_level(mode: RegistryOutput, level: &str) -> ComposedSet {
    let set = load("capabilities/sbc_three_level");
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &none(), &none());
    let level = Node {
        value: Value::Str(level.into()),
        span: Default::default(),
    };
    let values = BTreeMap::from([("sbc_log_level".to_owned(), level)]);
    compose(&composition, &resolution, mode, &values).unwrap()
}

/// Writes a composed set into a fresh folder.
fn write_out(set: &ComposedSet) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for file in &set.files {
        let path = dir.path().join(&file.path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, &file.bytes).unwrap();
    }
    dir
}

/// `(rule, file:line)` of every violation `validate --heat-ready` finds in a folder.
fn heat_ready_findings(dir: &Path) -> Vec<(String, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["validate", "--heat-ready", "--format", "json"])
        .arg(dir)
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    violations_at(&report)
}

fn text(file: &vnfwiz::model::capabilities::ComposedFile) -> String {
    String::from_utf8(file.bytes.clone()).unwrap()
}

fn file<'a>(set: &'a ComposedSet, path: &str) -> &'a vnfwiz::model::capabilities::ComposedFile {
    set.files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("{path} not written: {:?}", paths(set)))
}

fn paths(set: &ComposedSet) -> Vec<&str> {
    set.files.iter().map(|f| f.path.as_str()).collect()
}

#[test]
fn requires_selects_one_of_two_implementations() {
    let set = load("capabilities/firewall_requires");
    assert!(set.is_composing());
    let composition = Composition::read(&set);
    assert!(
        composition.problems.is_empty(),
        "{:?}",
        composition.problems
    );
    let resolution = resolve(&composition, &none(), &none());
    assert!(resolution.is_complete());
    let choice = resolution.choice("OS::VNF::FirewallNode").unwrap();
    assert_eq!(
        choice.chosen().unwrap().target.label(&set),
        "nodes/fw_node_dpdk.yaml"
    );
    assert!(matches!(
        &choice.outcome,
        Outcome::Resolved { by: Decision::Requires, rejected, .. } if rejected.len() == 1
    ));
    let module = &resolution.modules[0];
    let dpdk = set.find("nodes/fw_node_dpdk.yaml").unwrap();
    assert_eq!(module.templates, vec![module.module, dpdk]);
    assert!(
        module
            .uses
            .iter()
            .any(|u| u.implementation == Implementation::Template(dpdk))
    );
    // An answered requirement overrides the environment's.
    let kernel = resolve(&composition, &none(), &pairs(&[("dataplane", "kernel")]));
    let chosen = kernel
        .choice("OS::VNF::FirewallNode")
        .unwrap()
        .chosen()
        .unwrap();
    assert_eq!(chosen.target.label(&set), "nodes/fw_node_kernel.yaml");
    // An explicit choice overrides both.
    let answered = resolve(
        &composition,
        &pairs(&[("OS::VNF::FirewallNode", "nodes/fw_node_kernel.yaml")]),
        &none(),
    );
    let choice = answered.choice("OS::VNF::FirewallNode").unwrap();
    assert!(matches!(
        choice.outcome,
        Outcome::Resolved {
            by: Decision::Answer,
            ..
        }
    ));
    // The answer stands, and says which requirement it goes against.
    let overridden = choice
        .overridden()
        .expect("requires sets the kernel node aside");
    assert_eq!(
        (overridden.key.as_str(), overridden.wanted.as_str()),
        ("dataplane", "dpdk")
    );
    let agreeing = resolve(
        &composition,
        &pairs(&[("OS::VNF::FirewallNode", "nodes/fw_node_dpdk.yaml")]),
        &none(),
    );
    let choice = agreeing.choice("OS::VNF::FirewallNode").unwrap();
    assert!(
        choice.overridden().is_none(),
        "the answer agrees with requires"
    );
}

#[test]
fn an_ambiguous_set_names_the_candidates_and_what_differs() {
    let set = load("capabilities/dns_ambiguous");
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &none(), &none());
    assert!(!resolution.is_complete());
    let choice = resolution.choice("OS::VNF::DnsResolver").unwrap();
    let Outcome::Ambiguous { kept, .. } = &choice.outcome else {
        panic!("{:?}", choice.outcome);
    };
    assert_eq!(kept.len(), 2);
    assert_eq!(choice.differences(&composition, kept), ["software"]);
    let message = choice.problem(&composition, &resolution).unwrap();
    for part in [
        "OS::VNF::DnsResolver",
        "resolvers/bind_resolver.yaml",
        "resolvers/unbound_resolver.yaml",
        "software",
    ] {
        assert!(message.contains(part), "{message}");
    }
    // A requirement on the differing capability resolves it.
    let fixed = resolve(&composition, &none(), &pairs(&[("software", "unbound")]));
    assert!(fixed.is_complete());
    // Nothing can be written while it is ambiguous.
    let errors = compose_inline(&composition, &resolution).unwrap_err();
    assert!(
        errors[0].to_string().contains("OS::VNF::DnsResolver"),
        "{errors:?}"
    );
}

#[test]
fn an_empty_match_says_why_each_candidate_was_set_aside() {
    let set = load("capabilities/lb_empty");
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &none(), &none());
    let choice = resolution.choice("OS::VNF::LoadBalancer").unwrap();
    let Outcome::Unresolved { rejected } = &choice.outcome else {
        panic!("{:?}", choice.outcome);
    };
    let reasons: Vec<(&str, &str)> = rejected
        .iter()
        .map(|r| (r.key.as_str(), r.wanted.as_str()))
        .collect();
    assert_eq!(reasons, [("vendor", "haproxy"), ("tls_offload", "true")]);
}

#[test]
fn answers_that_do_not_fit_are_errors() {
    let set = load("capabilities/firewall_requires");
    let composition = Composition::read(&set);
    let resolution = resolve(
        &composition,
        &pairs(&[
            ("OS::VNF::FirewallNode", "nodes/fw_node_fpga.yaml"),
            ("OS::VNF::Nothing", "x.yaml"),
        ]),
        &none(),
    );
    assert!(matches!(
        &resolution.errors[0],
        ChoiceError::NotACandidate { candidates, .. } if candidates.len() == 2
    ));
    assert!(
        matches!(&resolution.errors[1], ChoiceError::UnknownChoice { key, .. } if key == "OS::VNF::Nothing")
    );
    // The unfit answer is ignored, so requires still decides.
    assert!(
        resolution
            .choice("OS::VNF::FirewallNode")
            .unwrap()
            .chosen()
            .is_some()
    );
}

/// Open parameter names with whether they are required.
fn open(name: &str, choose: &[(&str, &str)]) -> Vec<(String, bool)> {
    let set = load(name);
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &pairs(choose), &none());
    open_parameters(&composition, &resolution)
        .into_iter()
        .map(|p| (p.name.clone(), p.required()))
        .collect()
}

#[test]
fn a_choice_changes_the_parameters_to_answer() {
    let vpp = [("OS::VNF::RoutingEngine", "engines/vpp_engine.yaml")];
    let frr = [("OS::VNF::RoutingEngine", "engines/frr_engine.yaml")];
    // vpp_hugepages_gb is covered by parameter_defaults; the rest is passed by the parent.
    assert_eq!(
        open("capabilities/router_params", &vpp),
        [("vpp_worker_count".into(), true)]
    );
    assert_eq!(
        open("capabilities/router_params", &frr),
        [("bgp_asn".into(), true), ("bgp_router_id".into(), true)]
    );
    let set = load("capabilities/router_params");
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &pairs(&vpp), &none());
    let workers = &open_parameters(&composition, &resolution)[0];
    assert_eq!(workers.type_name.as_deref(), Some("number"));
    assert_eq!(workers.group.as_deref(), Some("vpp_tuning"));
    assert!(workers.constraints.is_some());
    assert!(
        workers
            .description
            .as_deref()
            .unwrap()
            .contains("worker threads")
    );
    assert_eq!(set.file(workers.template).path, "engines/vpp_engine.yaml");
    assert_eq!(
        workers.callers,
        [(resolution.modules[0].module, "vrouter_engine_0".into())]
    );
}

#[test]
fn three_levels_resolve_through_a_resource_group() {
    let set = load("capabilities/sbc_three_level");
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &none(), &none());
    assert!(resolution.is_complete());
    let reached: Vec<&str> = resolution.modules[0]
        .templates
        .iter()
        .map(|&t| set.file(t).path.as_str())
        .collect();
    assert_eq!(
        reached,
        [
            "base_sbc.yaml",
            "cluster/sbc_cluster_ha.yaml",
            "node/sbc_node_sriov.yaml",
            "boot/sbc_boot_cloudinit.yaml"
        ]
    );
    // sbc_ntp_server comes from parameter_defaults; only the log level is open.
    assert_eq!(
        open("capabilities/sbc_three_level", &[]),
        [("sbc_log_level".into(), true)]
    );
    let simplex = resolve(&composition, &none(), &pairs(&[("redundancy", "simplex")]));
    assert_eq!(
        simplex
            .choice("OS::SBC::Cluster")
            .unwrap()
            .chosen()
            .unwrap()
            .target
            .label(&set),
        "cluster/sbc_cluster_simplex.yaml"
    );
}

#[test]
fn inline_output_is_clean_for_heat_and_onap() {
    let cases: [(&str, &[(&str, &str)]); 4] = [
        ("capabilities/firewall_requires", &[]),
        (
            "capabilities/router_params",
            &[("OS::VNF::RoutingEngine", "engines/vpp_engine.yaml")],
        ),
        (
            "capabilities/router_params",
            &[("OS::VNF::RoutingEngine", "engines/frr_engine.yaml")],
        ),
        ("capabilities/sbc_three_level", &[]),
    ];
    for (name, choose) in cases {
        let set = load(name);
        let composition = Composition::read(&set);
        let resolution = resolve(&composition, &pairs(choose), &none());
        let composed = compose_inline(&composition, &resolution).unwrap();
        for f in &composed.files {
            assert!(!f.path.contains('/'), "{name}: {} is not flat", f.path);
            if f.role != ComposedRole::Artifact {
                let body = text(f);
                for section in ["capabilities:", "requires:", "resource_registry:"] {
                    assert!(
                        !body.contains(section),
                        "{name}: {} has {section}\n{body}",
                        f.path
                    );
                }
            }
        }
        let dir = write_out(&composed);
        let findings = heat_ready_findings(dir.path());
        // Composition flattens files and registries, not the design: the SBC set nests three
        // levels deep (R-60011), which is what it is there to test.
        let by_design: &[&str] = if name.ends_with("sbc_three_level") {
            &["R-60011"]
        } else {
            &[]
        };
        let unexpected: Vec<_> = findings
            .iter()
            .filter(|(rule, _)| !by_design.contains(&rule.as_str()))
            .collect();
        assert!(unexpected.is_empty(), "{name} {choose:?}: {findings:?}");
    }
}

#[test]
fn inline_output_names_the_chosen_template_and_lifts_its_parameters() {
    let composed = sbc_with_log_level(RegistryOutput::Inline, "info");
    assert_eq!(
        paths(&composed),
        [
            "base_sbc.yaml",
            "base_sbc.env",
            "sbc_cluster_ha.yaml",
            "sbc_node_sriov.yaml",
            "sbc_boot_cloudinit.yaml",
            "sbc_init.sh"
        ]
    );
    let base = text(file(&composed, "base_sbc.yaml"));
    assert!(base.contains("type: sbc_cluster_ha.yaml"), "{base}");
    assert!(
        base.contains("sbc_log_level: {get_param: sbc_log_level}"),
        "{base}"
    );
    // The constraint moved from the nested template to the module.
    assert!(base.contains("allowed_values"), "{base}");
    let boot = text(file(&composed, "sbc_boot_cloudinit.yaml"));
    assert!(!boot.contains("allowed_values"), "{boot}");
    assert!(boot.contains("get_file: sbc_init.sh"), "{boot}");
    let cluster = text(file(&composed, "sbc_cluster_ha.yaml"));
    assert!(cluster.contains("type: sbc_node_sriov.yaml"), "{cluster}");
    let env = text(file(&composed, "base_sbc.env"));
    assert!(env.contains("sbc_log_level: info"), "{env}");
    assert!(env.contains("sbc_ntp_server: 10.20.0.1"), "{env}");
    assert!(!env.contains("parameter_defaults"), "{env}");
}

#[test]
fn env_output_keeps_the_layout_with_one_mapping_per_type() {
    let composed = sbc_with_log_level(RegistryOutput::Env, "debug");
    let env = text(file(&composed, "base_sbc.env"));
    assert!(
        env.contains("OS::SBC::Cluster: cluster/sbc_cluster_ha.yaml"),
        "{env}"
    );
    assert!(
        env.contains("OS::SBC::Node: node/sbc_node_sriov.yaml"),
        "{env}"
    );
    assert!(env.contains("sbc_log_level: debug"), "{env}");
    assert!(!env.contains('['), "{env}");
    assert!(!env.contains("requires"), "{env}");
    // Unchosen candidates are not written.
    assert!(!paths(&composed).contains(&"cluster/sbc_cluster_simplex.yaml"));
    let dir = write_out(&composed);
    let findings = heat_ready_findings(dir.path());
    // Plain Heat reads the registry and the folders; only ONAP objects to them (R-67231, the
    // flat package of R-511776, parameters left to `parameter_defaults`…), never the HOT
    // specification checks or the composition rules.
    assert!(
        findings
            .iter()
            .all(|(rule, _)| rule.starts_with("R-") && !rule.starts_with("R-92635")),
        "{findings:?}"
    );
    assert!(findings.iter().any(|(rule, _)| rule == "R-67231"));
}

#[test]
fn alternative_environments_are_a_choice_that_disables_the_others() {
    let set = load("rules/CAP-ambiguous/fail_alternatives");
    let composition = Composition::read(&set);
    let undecided = resolve(&composition, &none(), &none());
    assert!(matches!(
        undecided.choice("OS::EPC::MmeNode").unwrap().outcome,
        Outcome::Ambiguous { .. }
    ));
    let decided = resolve(
        &composition,
        &pairs(&[("OS::EPC::MmeNode", "nodes/mme_user_sctp.yaml")]),
        &none(),
    );
    assert!(decided.is_complete(), "{:?}", decided.errors);
    let kernel_env = set.find("environments/mme_kernel_sctp.yaml").unwrap();
    assert_eq!(decided.disabled, [kernel_env]);
    assert!(!decided.modules[0].environment.files.contains(&kernel_env));
    let user = set.find("nodes/mme_user_sctp.yaml").unwrap();
    assert!(decided.modules[0].templates.contains(&user));
}

#[test]
fn capabilities_map_options_enable_environment_files() {
    let set = load("rules/CAP-map/pass");
    let composition = Composition::read(&set);
    let map = composition.map.as_ref().unwrap();
    assert_eq!(map.topics.len(), 2);
    let cache = |resolution: &vnfwiz::model::capabilities::Resolution| {
        resolution.modules[0]
            .templates
            .iter()
            .map(|&t| set.file(t).path.clone())
            .find(|p| p.starts_with("cache/"))
    };
    let default = resolve(&composition, &none(), &none());
    assert_eq!(cache(&default).as_deref(), Some("cache/cache_ssd.yaml"));
    let ram = resolve(
        &composition,
        &pairs(&[("environments/cache-ram.yaml", "true")]),
        &none(),
    );
    assert_eq!(cache(&ram).as_deref(), Some("cache/cache_ram.yaml"));
    let tls = resolve(
        &composition,
        &pairs(&[("environments/tls.yaml", "true")]),
        &none(),
    );
    let value = &tls.modules[0].environment.parameters["tls_enabled"].node;
    // The module's own environment comes last and still wins.
    assert_eq!(value.value, Value::Bool(false));
    let bad = resolve(
        &composition,
        &pairs(&[("environments/tls.yaml", "maybe")]),
        &none(),
    );
    assert!(matches!(&bad.errors[0], ChoiceError::NotABoolean { .. }));
}

#[test]
fn alias_loops_and_globs_in_the_registry() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("base_vgw.yaml"),
        "heat_template_version: 2016-10-14\ndescription: gateway\nresources:\n  \
         gw_a:\n    type: OS::GW::A\n  gw_net:\n    type: OS::Quantum::Net\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("base_vgw.env"),
        "parameters: {}\nresource_registry:\n  OS::GW::A: OS::GW::B\n  OS::GW::B: OS::GW::A\n  \
         \"OS::Quantum*\": \"OS::Neutron*\"\n",
    )
    .unwrap();
    let set = load_hot_inputs(&[dir.path().to_path_buf()], &Limits::default())
        .unwrap()
        .remove(0);
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &none(), &none());
    let implementations: Vec<&Implementation> = resolution.modules[0]
        .uses
        .iter()
        .map(|u| &u.implementation)
        .collect();
    assert_eq!(
        implementations,
        [
            &Implementation::Unresolved("OS::GW::A".into()),
            &Implementation::Builtin("OS::Neutron::Net".into())
        ]
    );
    let errors = compose_inline(&composition, &resolution).unwrap_err();
    assert!(
        errors[0].to_string().starts_with("base_vgw.yaml:5:11"),
        "{errors:?}"
    );
}

#[test]
fn decisions_are_recorded_for_replay() {
    let set = load("capabilities/sbc_three_level");
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &none(), &none());
    let recorded = resolution.recorded(&composition);
    assert_eq!(
        recorded,
        pairs(&[
            ("OS::SBC::Cluster", "cluster/sbc_cluster_ha.yaml"),
            ("OS::SBC::Node", "node/sbc_node_sriov.yaml"),
        ])
    );
    // Replaying the record decides the same way, by answer.
    let replay = resolve(
        &composition,
        &recorded,
        &pairs(&[("redundancy", "simplex")]),
    );
    assert_eq!(replay.recorded(&composition), recorded);
    let map = load("rules/CAP-map/pass");
    let composition = Composition::read(&map);
    let enabled = resolve(
        &composition,
        &pairs(&[("environments/tls.yaml", "true")]),
        &none(),
    );
    assert_eq!(
        enabled.recorded(&composition),
        pairs(&[("environments/tls.yaml", "true")])
    );
}
