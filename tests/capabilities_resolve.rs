//! Resolution through the library on the composed fixtures (tests/fixtures/capabilities/).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use vnfwiz::capabilities::{Composition, Decision, Implementation, Outcome, resolve};
use vnfwiz::hot::HotSet;
use vnfwiz::limits::Limits;
use vnfwiz::validation::load_hot_inputs;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/capabilities")
        .join(name)
}

fn load(name: &str) -> HotSet {
    load_hot_inputs(&[fixture(name)], &Limits::default())
        .unwrap()
        .remove(0)
}

fn answers(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn requires_selects_one_of_two_implementations() {
    let set = load("firewall_requires");
    assert!(set.is_composing());
    let composition = Composition::read(&set);
    assert!(
        composition.problems.is_empty(),
        "{:?}",
        composition.problems
    );
    let resolution = resolve(&composition, &BTreeMap::new(), &BTreeMap::new());
    assert!(resolution.is_complete(), "{resolution:#?}");
    let choice = resolution.choice("OS::VNF::FirewallNode").unwrap();
    let chosen = choice.chosen().unwrap().target.label(&set);
    assert_eq!(chosen, "nodes/fw_node_dpdk.yaml");
    assert!(matches!(
        choice.outcome,
        Outcome::Resolved {
            by: Decision::Requires,
            ..
        }
    ));
    let module = &resolution.modules[0];
    let dpdk = set.find("nodes/fw_node_dpdk.yaml").unwrap();
    assert!(
        module
            .uses
            .iter()
            .any(|u| u.implementation == Implementation::Template(dpdk))
    );
    assert_eq!(module.templates, vec![module.module, dpdk]);

    // --require overrides the environment's requires.
    let kernel = resolve(
        &composition,
        &BTreeMap::new(),
        &answers(&[("dataplane", "kernel")]),
    );
    let chosen = kernel
        .choice("OS::VNF::FirewallNode")
        .unwrap()
        .chosen()
        .unwrap();
    assert_eq!(chosen.target.label(&set), "nodes/fw_node_kernel.yaml");
}
