//! Opt-in: composition on real sets of the shared corpus (`VNFWIZ_CORPUS` names it): TripleO's
//! capabilities maps and heat-templates' alternative boot-config environments.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use crate::support::hot_set::{load_first, pairs};
use vnfwiz::model::capabilities::{
    Composition, Implementation, Outcome, RegistryOutput, compose, open_parameters, resolve,
};
use vnfwiz::model::hot::HotSet;

fn corpus() -> Option<PathBuf> {
    Some(PathBuf::from(std::env::var_os("VNFWIZ_CORPUS")?).join("hot"))
}

/// Package paths of the templates reached from every module.
fn reached(set: &HotSet, resolution: &vnfwiz::model::capabilities::Resolution) -> Vec<String> {
    let mut paths: Vec<String> = resolution
        .modules
        .iter()
        .flat_map(|m| m.templates.iter().map(|&t| set.file(t).path.clone()))
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

#[test]
fn tripleo_capabilities_maps_drive_the_composition() {
    let Some(root) = corpus() else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    let family = root.join("tripleo-heat-templates");
    let mut sets: Vec<PathBuf> = std::fs::read_dir(&family)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    sets.sort();
    assert_eq!(sets.len(), 3, "{}", family.display());
    for dir in &sets {
        let set = load_first(dir);
        let composition = Composition::read(&set);
        let map = composition
            .map
            .as_ref()
            .unwrap_or_else(|| panic!("{}: no capabilities map", dir.display()));
        let groups: Vec<_> = map.groups().collect();
        let options = groups
            .iter()
            .map(|(_, g)| g.environments.len())
            .sum::<usize>();
        let present = groups
            .iter()
            .flat_map(|(_, g)| &g.environments)
            .filter(|e| e.file.file.is_some())
            .count();
        let resolution = resolve(&composition, &BTreeMap::new(), &BTreeMap::new());
        assert!(resolution.errors.is_empty(), "{:?}", resolution.errors);
        assert!(map.root_environment.as_ref().and_then(|r| r.file).is_some());
        let unresolved = resolution
            .modules
            .iter()
            .flat_map(|m| &m.uses)
            .filter(|u| matches!(u.implementation, Implementation::Unresolved(_)))
            .count();
        eprintln!(
            "{}: {} topics, {} groups, {options} options ({present} in the package), {} \
             modules, {} templates reached, {} choices, {unresolved} unresolved uses, {} open \
             parameters, {} map problems",
            dir.file_name().unwrap().to_string_lossy(),
            map.topics.len(),
            groups.len(),
            resolution.modules.len(),
            reached(&set, &resolution).len(),
            resolution.choices.len(),
            open_parameters(&composition, &resolution).len(),
            composition.problems.len(),
        );
        match compose(
            &composition,
            &resolution,
            RegistryOutput::Env,
            &BTreeMap::new(),
        ) {
            Ok(written) => eprintln!("  env-mode output: {} files", written.files.len()),
            Err(errors) => eprintln!(
                "  env-mode output refused: {} problems, first: {}",
                errors.len(),
                errors[0]
            ),
        }
    }
    // Enabling the Docker option swaps the compute post-deployment for the containerised one.
    let choices = family.join("mitaka_overcloud_choices");
    let set = load_first(&choices);
    let composition = Composition::read(&set);
    let puppet = resolve(&composition, &BTreeMap::new(), &BTreeMap::new());
    let docker = resolve(
        &composition,
        &pairs(&[("environments/docker.yaml", "true")]),
        &BTreeMap::new(),
    );
    assert!(docker.errors.is_empty(), "{:?}", docker.errors);
    let (before, after) = (reached(&set, &puppet), reached(&set, &docker));
    assert!(before.contains(&"puppet/compute-post.yaml".to_owned()));
    assert!(
        after.contains(&"docker/compute-post.yaml".to_owned()),
        "{after:?}"
    );
    assert!(!after.contains(&"puppet/compute-post.yaml".to_owned()));
    let names = |r: &vnfwiz::model::capabilities::Resolution| -> Vec<String> {
        open_parameters(&composition, r)
            .into_iter()
            .map(|p| p.name)
            .collect()
    };
    let (open_before, open_after) = (names(&puppet), names(&docker));
    eprintln!(
        "docker option: {} → {} templates reached, {} → {} open parameters",
        before.len(),
        after.len(),
        open_before.len(),
        open_after.len()
    );
    assert_ne!(open_before, open_after);
    // Two options of one exclusive group cannot both be enabled.
    let both = resolve(
        &composition,
        &pairs(&[
            ("environments/net-bond-with-vlans.yaml", "true"),
            ("environments/net-single-nic-with-vlans.yaml", "true"),
        ]),
        &BTreeMap::new(),
    );
    assert!(
        both.errors
            .iter()
            .any(|e| e.to_string().contains("allows one environment")),
        "{:?}",
        both.errors
    );
}

#[test]
fn heat_templates_alternative_boot_configs_need_a_choice() {
    let Some(root) = corpus() else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    let dir = root.join("openstack-heat-templates/sc_pristine_image_installagent_alternatives");
    let set = load_first(&dir);
    let composition = Composition::read(&set);
    let undecided = resolve(&composition, &BTreeMap::new(), &BTreeMap::new());
    let choice = undecided.choice("Heat::InstallConfigAgent").unwrap();
    assert!(matches!(choice.outcome, Outcome::Ambiguous { .. }));
    assert_eq!(choice.choice.candidates.len(), 6);
    let chosen = "boot-config/templates/install_container_agent.yaml";
    let decided = resolve(
        &composition,
        &pairs(&[("Heat::InstallConfigAgent", chosen)]),
        &BTreeMap::new(),
    );
    assert!(decided.is_complete(), "{:?}", decided.errors);
    // Every other boot-config environment is switched off.
    assert_eq!(decided.disabled.len(), 6);
    let open: Vec<(String, bool)> = open_parameters(&composition, &decided)
        .into_iter()
        .map(|p| (p.name.clone(), p.required()))
        .collect();
    assert_eq!(open, [("agent_image".to_owned(), false)]);
    let composed = compose(
        &composition,
        &decided,
        RegistryOutput::Inline,
        &BTreeMap::new(),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let paths: Vec<&str> = composed.files.iter().map(|f| f.path.as_str()).collect();
    eprintln!("written: {paths:?}");
    let base = composed
        .files
        .iter()
        .find(|f| f.path == "example-config-pristine-image.yaml")
        .unwrap();
    let text = String::from_utf8_lossy(&base.bytes);
    assert!(
        text.contains("type: install_container_agent.yaml"),
        "{text}"
    );
    let out = tempfile::tempdir().unwrap();
    for file in &composed.files {
        std::fs::write(out.path().join(&file.path), &file.bytes).unwrap();
    }
    let run = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["validate", "--heat-ready", "--format", "json"])
        .arg(out.path())
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let rules: Vec<&str> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    eprintln!("findings on the written set: {rules:?}");
    // Heat's own rules and the composition rules are clean; what is left is the example's
    // distance from ONAP's conventions (descriptions, defaults), which composition keeps.
    assert!(
        !rules
            .iter()
            .any(|r| r.starts_with("R-92635") || r.starts_with("CAP-") || *r == "R-67231"),
        "{rules:?}"
    );
}
