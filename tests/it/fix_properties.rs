//! Applying fixes never makes a set worse: on every HOT fixture of the project, and on
//! generated VNF sets with any mix of the defects fixes answer, applying every `safe` fix
//! (and every fix at all) adds no violation, and every line a fix did not touch is still
//! there byte for byte.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::rule_sets::materialise_all;
use proptest::prelude::*;
use vnfwiz::foundation::diagnostics::{Options, Violation};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::source::PackageFiles;
use vnfwiz::model::hot::{HotSet, Roots, load_set};
use vnfwiz::model::open::{Loaded, open};
use vnfwiz::transform::fix::{FixLevel, Workspace};

/// Violations per rule and file.
fn counts(violations: &[Violation]) -> BTreeMap<(&'static str, String), usize> {
    let mut counts = BTreeMap::new();
    for v in violations {
        *counts.entry((v.rule.id, v.file.clone())).or_default() += 1;
    }
    counts
}

/// What got worse: (rule, file, before, after) for each count that grew.
fn added(before: &[Violation], after: &[Violation]) -> Vec<String> {
    let before = counts(before);
    counts(after)
        .into_iter()
        .filter(|(key, n)| *n > before.get(key).copied().unwrap_or(0))
        .map(|((rule, file), n)| {
            format!(
                "{rule} in {file}: {} -> {n}",
                before.get(&(rule, file.clone())).copied().unwrap_or(0)
            )
        })
        .collect()
}

/// Applies `level` and checks nothing got worse and untouched lines stayed; returns how
/// many fixes were applied.
fn check(set: HotSet, level: FixLevel, label: &str) -> usize {
    let originals: BTreeMap<String, Vec<u8>> = set
        .files
        .iter()
        .map(|f| (f.path.clone(), f.bytes.clone()))
        .collect();
    let Ok(mut workspace) = Workspace::new(set) else {
        return 0;
    };
    let before = workspace.violations().to_vec();
    let outcome = workspace.apply_level(level);
    let worse = added(&before, workspace.violations());
    assert!(worse.is_empty(), "{label}: {level:?} fixes added {worse:?}");
    assert!(
        workspace.violations().len() < before.len() || outcome.applied.is_empty(),
        "{label}: fixes applied but no violation removed"
    );
    for (path, touched) in workspace.touched_lines() {
        let (Some(old), Some(id)) = (originals.get(&path), workspace.set().find(&path)) else {
            continue;
        };
        let new = String::from_utf8_lossy(&workspace.set().files[id].bytes).into_owned();
        let old = String::from_utf8_lossy(old).into_owned();
        let kept: Vec<&str> = old
            .split_inclusive('\n')
            .enumerate()
            .filter(|(i, _)| !touched.contains(&(*i as u32 + 1)))
            .map(|(_, line)| line)
            .collect();
        // The untouched lines appear in the new text in their order, each whole.
        let mut rest = new.as_str();
        for line in kept {
            let at = rest.find(line).unwrap_or_else(|| {
                panic!("{label}: {path}: untouched line {line:?} is gone or moved")
            });
            rest = &rest[at + line.len()..];
        }
    }
    outcome.applied.len()
}

/// Every fixture folder that loads as a HOT set (the rules' sets as `rules` holds them
/// written out).
fn fixture_sets(rules: &Path) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut dirs = Vec::new();
    for area in [
        rules.to_path_buf(),
        root.join("fixes"),
        root.join("capabilities"),
    ] {
        let Ok(groups) = std::fs::read_dir(area) else {
            continue;
        };
        for group in groups.flatten() {
            let Ok(cases) = std::fs::read_dir(group.path()) else {
                continue;
            };
            for case in cases.flatten() {
                let name = case.file_name().to_string_lossy().into_owned();
                if case.path().is_dir() && name != "after" {
                    dirs.push(case.path());
                }
            }
        }
    }
    dirs.sort();
    dirs
}

#[test]
fn fixes_never_add_a_violation_to_any_fixture() {
    let limits = Limits::default();
    let (mut sets, mut safe, mut all) = (0, 0, 0);
    let written = materialise_all();
    for dir in fixture_sets(&written.rules()) {
        let Ok((Loaded::Hot(set), _)) = open(&dir, &Options::new(&limits)) else {
            continue;
        };
        sets += 1;
        let label = dir.display().to_string();
        safe += check(*set, FixLevel::Safe, &label);
        if let Ok((Loaded::Hot(set), _)) = open(&dir, &Options::new(&limits)) {
            all += check(*set, FixLevel::All, &label);
        }
    }
    eprintln!("{sets} fixture sets: {safe} safe fixes, {all} fixes at level all");
    assert!(sets > 100, "only {sets} fixture sets found");
    assert!(safe > 0 && all > safe);
}

/// One parameter of a generated template.
#[derive(Clone, Debug)]
struct Parameter {
    dashed: bool,
    default: Option<u8>,
    described: bool,
    used: bool,
    in_env: bool,
}

fn parameter() -> impl Strategy<Value = Parameter> {
    (
        any::<bool>(),
        proptest::option::of(0u8..4),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(dashed, default, described, used, in_env)| Parameter {
            dashed,
            default,
            described,
            used,
            in_env,
        })
}

/// How the module's environment file is written.
#[derive(Clone, Copy, Debug)]
enum EnvShape {
    Missing,
    Parameters,
    DefaultsOnly,
    Empty,
}

/// Renders a default value in one of several styles.
fn default_text(style: u8, index: usize) -> String {
    match style {
        0 => format!(" vfw-image-{index}"),
        1 => format!(" \"vfw image {index}\"   # quoted"),
        2 => format!("\n      - {index}\n      - {}", index + 1),
        _ => format!(" {{size: {index}, unit: GB}}"),
    }
}

fn generated_set(
    parameters: &[Parameter],
    env: EnvShape,
    registry: bool,
    alias: bool,
    dashed_resource: bool,
) -> HotSet {
    let version = if alias { "pike" } else { "2017-09-01" };
    let mut template = format!(
        "heat_template_version: {version}\n\ndescription: Generated firewall VNF\n\nparameters:\n  vnf_id:\n    type: string\n    description: VNF id\n"
    );
    let name = |i: usize, p: &Parameter| {
        if p.dashed {
            format!("vfw-param-{i}")
        } else {
            format!("vfw_param_{i}")
        }
    };
    for (i, p) in parameters.iter().enumerate() {
        let kind = match p.default {
            Some(2) => "comma_delimited_list",
            Some(3) => "json",
            _ => "string",
        };
        template.push_str(&format!(
            "  {}:   # parameter {i}\n    type: {kind}\n",
            name(i, p)
        ));
        if p.described {
            template.push_str("    description: Generated parameter\n");
        }
        if let Some(style) = p.default {
            template.push_str(&format!("    default:{}\n", default_text(style, i)));
        }
    }
    let server = if dashed_resource {
        "vfw-server-0"
    } else {
        "vfw_server_0"
    };
    template.push_str(&format!(
        "\nresources:\n  {server}:\n    type: {}\n    properties:\n      vnf_id: {{get_param: vnf_id}}\n",
        if registry { "VNF::FW::Node" } else { "node.yaml" }
    ));
    for (i, p) in parameters.iter().enumerate().filter(|(_, p)| p.used) {
        template.push_str(&format!("      p{i}: {{get_param: {}}}\n", name(i, p)));
    }
    template.push_str(&format!(
        "\noutputs:\n  server_id:\n    description: The server\n    value: {{get_resource: {server}}}\n"
    ));
    let mut node = "heat_template_version: 2017-09-01\ndescription: Node\nparameters:\n  vnf_id:\n    type: string\n    description: VNF id\n".to_owned();
    for (i, p) in parameters.iter().enumerate().filter(|(_, p)| p.used) {
        let kind = match p.default {
            Some(2) => "comma_delimited_list",
            Some(3) => "json",
            _ => "string",
        };
        node.push_str(&format!(
            "  p{i}:\n    type: {kind}\n    description: Passed value\n"
        ));
    }
    node.push_str("resources:\n  fw:\n    type: OS::Nova::Server\n    properties:\n      image: vfw\n      flavor: m1.small\n      metadata:\n        vnf_id: {get_param: vnf_id}\n");
    let mut files = vec![
        ("base_vfw.yaml".to_owned(), template.into_bytes()),
        ("node.yaml".to_owned(), node.into_bytes()),
    ];
    let values: String = parameters
        .iter()
        .enumerate()
        .filter(|(_, p)| p.in_env)
        .map(|(i, p)| format!("  {}: value-{i}\n", name(i, p)))
        .collect();
    let registry_text = if registry {
        "resource_registry:\n  VNF::FW::Node: node.yaml\n"
    } else {
        ""
    };
    let env = match env {
        EnvShape::Missing if !registry => None,
        EnvShape::Missing | EnvShape::Parameters => Some(format!(
            "# site values\nparameters:\n{values}{registry_text}"
        )),
        EnvShape::DefaultsOnly => Some(format!(
            "parameter_defaults:\n  unrelated: 1\n{registry_text}"
        )),
        EnvShape::Empty => Some(format!("# nothing yet\n{registry_text}")),
    };
    if let Some(env) = env {
        files.push(("base_vfw.env".to_owned(), env.into_bytes()));
    }
    let limits = Limits::default();
    let package = PackageFiles::from_memory(Path::new("generated"), files, &limits)
        .expect("generated names are plain");
    load_set(&package, Roots::Discover, "generated".to_owned(), &limits)
}

fn env_shape() -> impl Strategy<Value = EnvShape> {
    prop_oneof![
        Just(EnvShape::Missing),
        Just(EnvShape::Parameters),
        Just(EnvShape::DefaultsOnly),
        Just(EnvShape::Empty),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fixes_never_add_a_violation_to_generated_sets(
        parameters in proptest::collection::vec(parameter(), 0..6),
        env in env_shape(),
        registry in any::<bool>(),
        alias in any::<bool>(),
        dashed_resource in any::<bool>(),
        all in any::<bool>(),
    ) {
        let set = generated_set(&parameters, env, registry, alias, dashed_resource);
        let level = if all { FixLevel::All } else { FixLevel::Safe };
        check(set, level, "generated");
    }
}
