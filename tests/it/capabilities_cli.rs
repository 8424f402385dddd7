//! `vnfwiz capabilities` through the binary: the summary and `--find` in text and JSON, exit
//! codes; and `validate` on composed sets whose choices do not resolve.

use crate::support::binary::Run;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/capabilities")
        .join(name)
}

fn vnfwiz(args: &[&str], paths: &[PathBuf]) -> Run {
    Run::from(
        Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(args)
            .args(paths)
            .output()
            .unwrap(),
    )
}

fn json(run: &Run) -> serde_json::Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}\n{}", run.stdout))
}

#[test]
fn summary_in_text_lists_keys_values_types_and_candidates() {
    let run = vnfwiz(&["capabilities"], &[fixture("firewall_requires")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let expected = "\
capabilities
  dataplane
    dpdk    nodes/fw_node_dpdk.yaml
    kernel  nodes/fw_node_kernel.yaml
  vendor
    acme  nodes/fw_node_dpdk.yaml, nodes/fw_node_kernel.yaml

requires
  dataplane=dpdk  (base_vfw.env:9:14)

resource types
  OS::VNF::FirewallNode: resolved by requires: nodes/fw_node_dpdk.yaml
    candidates from resource_registry list at base_vfw.env:12:3:
      * nodes/fw_node_dpdk.yaml    dataplane=dpdk vendor=acme
      - nodes/fw_node_kernel.yaml  dataplane=kernel vendor=acme  (set aside: dataplane=kernel, wanted dpdk)
";
    assert_eq!(run.stdout, expected);
}

#[test]
fn summary_in_json_has_every_part() {
    let run = vnfwiz(
        &["capabilities", "--format", "json"],
        &[fixture("dns_ambiguous"), fixture("lb_empty")],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let doc = json(&run);
    assert_eq!(doc["tool"], "vnfwiz");
    let inputs = doc["inputs"].as_array().unwrap();
    assert_eq!(inputs.len(), 2);
    let dns = &inputs[0];
    assert_eq!(
        dns["capabilities"]["software"]["unbound"][0],
        "resolvers/unbound_resolver.yaml"
    );
    let resolver = &dns["resource_types"]["OS::VNF::DnsResolver"];
    assert_eq!(resolver["status"], "ambiguous");
    assert_eq!(resolver["candidates"].as_array().unwrap().len(), 2);
    assert_eq!(dns["requires"]["ha"]["value"], "true");
    let lb = &inputs[1]["resource_types"]["OS::VNF::LoadBalancer"];
    assert_eq!(lb["status"], "unresolved");
    assert_eq!(lb["candidates"][0]["satisfies"], false);
    assert_eq!(lb["candidates"][0]["rejected"], "vendor=f5, wanted haproxy");
}

#[test]
fn a_previewed_choice_resolves_and_a_bad_one_exits_1() {
    let run = vnfwiz(
        &[
            "capabilities",
            "--format",
            "json",
            "--choose",
            "OS::VNF::DnsResolver=resolvers/unbound_resolver.yaml",
        ],
        &[fixture("dns_ambiguous")],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let t = &json(&run)["inputs"][0]["resource_types"]["OS::VNF::DnsResolver"];
    assert_eq!(t["status"], "resolved");
    assert_eq!(t["by"], "answer");
    assert_eq!(t["chosen"], "resolvers/unbound_resolver.yaml");
    let run = vnfwiz(
        &["capabilities", "--choose", "OS::VNF::DnsResolver=knot.yaml"],
        &[fixture("dns_ambiguous")],
    );
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout
            .contains("error: `OS::VNF::DnsResolver`: `knot.yaml` is not one of its candidates"),
        "{}",
        run.stdout
    );
}

#[test]
fn find_lists_templates_matching_every_filter() {
    let root = fixture("");
    let run = vnfwiz(
        &["capabilities", "--find", "resource_type=OS::SBC::Node"],
        std::slice::from_ref(&root),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "sbc_three_level/node/sbc_node_sriov.yaml   resource_type=OS::SBC::Node networking=sriov\n\
         sbc_three_level/node/sbc_node_virtio.yaml  resource_type=OS::SBC::Node networking=virtio\n"
    );
    let run = vnfwiz(
        &[
            "capabilities",
            "--find",
            "dataplane=dpdk",
            "--find",
            "resource_type=OS::VNF::FirewallNode",
            "--format",
            "json",
        ],
        std::slice::from_ref(&root),
    );
    let doc = json(&run);
    assert_eq!(doc["filters"][0]["key"], "dataplane");
    let matches = doc["inputs"][0]["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 1);
    assert_eq!(
        matches[0]["template"],
        "firewall_requires/nodes/fw_node_dpdk.yaml"
    );
    assert_eq!(matches[0]["capabilities"]["vendor"][0], "acme");
    let none = vnfwiz(&["capabilities", "--find", "deployment=puppet"], &[root]);
    assert_eq!(none.code, Some(0));
    assert_eq!(none.stdout, "no template matches deployment=puppet\n");
}

#[test]
fn bad_arguments_exit_2() {
    let run = vnfwiz(
        &["capabilities", "--find", "puppet"],
        &[fixture("dns_ambiguous")],
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("KEY=VALUE"), "{}", run.stderr);
    let run = vnfwiz(&["capabilities"], &[fixture("no_such_set")]);
    assert_eq!(run.code, Some(2));
}

#[test]
fn validate_reports_unresolved_choices_with_their_candidates_and_exits_1() {
    for (set, rule, candidate) in [
        (
            "dns_ambiguous",
            "CAP-ambiguous",
            "resolvers/bind_resolver.yaml",
        ),
        (
            "lb_empty",
            "CAP-unresolved",
            "balancers/nginx_balancer.yaml",
        ),
    ] {
        let run = vnfwiz(&["validate", "--format", "json"], &[fixture(set)]);
        assert_eq!(run.code, Some(1), "{set}");
        let doc = json(&run);
        let found: Vec<&serde_json::Value> = doc["violations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["rule"] == rule)
            .collect();
        assert_eq!(found.len(), 1, "{set}: {doc}");
        assert!(found[0]["message"].as_str().unwrap().contains(candidate));
        assert_eq!(found[0]["related"].as_array().unwrap().len(), 2);
        // The composition sections themselves are fine in an input being composed.
        assert!(!doc["violations"].as_array().unwrap().iter().any(|v| {
            v["rule"] == "R-92635/unknown-section" || v["rule"] == "R-92635/env-section"
        }));
    }
}

#[test]
fn a_huge_candidate_list_gives_one_bounded_violation() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("base_vfw.yaml"),
        "heat_template_version: 2016-10-14\ndescription: firewall\nresources:\n  \
         fw_0:\n    type: OS::VNF::Fw\n",
    )
    .unwrap();
    let list: Vec<String> = (0..20_000).map(|i| format!("impl/fw_{i}.yaml")).collect();
    let env = format!(
        "parameters: {{}}\nresource_registry:\n  OS::VNF::Fw: [{}]\n",
        list.join(", ")
    );
    std::fs::write(dir.path().join("base_vfw.env"), env).unwrap();
    let run = vnfwiz(
        &["validate", "--rules", "CAP-ambiguous", "--format", "json"],
        &[dir.path().to_path_buf()],
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let doc = json(&run);
    let violations = doc["violations"].as_array().unwrap();
    assert_eq!(violations.len(), 1);
    let message = violations[0]["message"].as_str().unwrap();
    assert!(message.contains("20000 candidates"), "{message}");
    assert!(message.contains("and 19988 more"), "{message}");
    assert!(message.len() < 2_000, "{}", message.len());
    assert_eq!(violations[0]["related"].as_array().unwrap().len(), 24);
}
