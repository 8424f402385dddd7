//! Each fix on its own fixture: `tests/fixtures/fixes/<case>/before/` is a set with the
//! violation, `after/` holds the exact text of every file the fix edits or creates (files
//! not there must stay byte for byte as in `before/`). The fixed set has no violation of the
//! rule left and no rule reports more than before. Each fixture is an ONAP-conformant VNF but
//! for the defect its fix targets, so the fixed set has no violation at all (apart from the
//! case's `left`): a new rule that fires on a fixture shows here, and the fixture follows it.
//!
//! `INSTA_UPDATE=always cargo test --test it fixes::` writes `after/` from what the fixes
//! produce (as it writes snapshots), for review before committing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::expected_file;
use vnfwiz::foundation::diagnostics::{Options, Violation};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::hot::HotSet;
use vnfwiz::model::open::{Loaded, open};
use vnfwiz::transform::fix::{FixLevel, Offer, Workspace};

/// One fixture: the rules whose violations are fixed, the operator's text when the fix
/// needs one, and the rules another fix answers, whose violations stay.
struct Case {
    name: &'static str,
    rules: &'static [&'static str],
    text: Option<&'static str>,
    left: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        name: "default_to_env",
        rules: &["R-90526", "R-26124"],
        text: None,
        left: &[],
    },
    Case {
        name: "default_to_new_env",
        rules: &["R-90526"],
        text: None,
        left: &[],
    },
    Case {
        name: "default_to_parent",
        rules: &["R-90526"],
        text: None,
        left: &[],
    },
    Case {
        name: "create_env",
        rules: &["R-86285"],
        text: None,
        left: &[],
    },
    Case {
        name: "create_env_listing",
        rules: &["R-86285"],
        text: None,
        // The new environment lists the defaults; deleting them is R-90526's fix.
        left: &["R-90526"],
    },
    Case {
        name: "env_parameters",
        rules: &["R-03324"],
        text: None,
        left: &[],
    },
    Case {
        name: "rename_resource",
        rules: &["R-75141"],
        text: None,
        left: &[],
    },
    Case {
        name: "unique_resource",
        rules: &["R-16447"],
        text: None,
        left: &[],
    },
    Case {
        name: "rename_parameter",
        rules: &["R-25877"],
        text: None,
        left: &[],
    },
    Case {
        name: "unused_parameter",
        rules: &["R-90279"],
        text: None,
        left: &[],
    },
    Case {
        name: "inline_registry",
        rules: &["R-67231"],
        text: None,
        left: &[],
    },
    Case {
        name: "template_description",
        rules: &["R-39402"],
        text: Some("Base module of a DNS resolver VNF: two unbound VMs behind a VIP"),
        left: &[],
    },
    Case {
        name: "parameter_description",
        rules: &["R-44001"],
        text: Some("Neutron network of the OAM plane, where operators log in"),
        left: &[],
    },
    Case {
        name: "version_date",
        rules: &["R-27078/date"],
        text: None,
        left: &[],
    },
    Case {
        name: "duplicate_key",
        rules: &["R-92635/duplicate-key"],
        text: None,
        left: &[],
    },
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fixes")
}

/// Loads a folder as `vnfwiz validate` does.
fn load(dir: &Path) -> HotSet {
    let limits = Limits::default();
    match open(dir, &Options::new(&limits)) {
        Ok((Loaded::Hot(set), _)) => *set,
        Ok(_) => panic!("{}: not a HOT set", dir.display()),
        Err(e) => panic!("{}: {e}", dir.display()),
    }
}

/// Violations per rule and file.
fn counts(violations: &[Violation]) -> BTreeMap<(String, String), usize> {
    let mut counts = BTreeMap::new();
    for v in violations {
        *counts
            .entry((v.rule.id.to_owned(), v.file.clone()))
            .or_default() += 1;
    }
    counts
}

/// Applies the fix of each violation of the case's rules, one at a time, until none is
/// left that has a fix; returns the titles applied.
fn apply_case(workspace: &mut Workspace, case: &Case) -> Vec<String> {
    let mut titles = Vec::new();
    let mut refused: Vec<(String, String)> = Vec::new();
    loop {
        let next = workspace.violations().iter().find_map(|v| {
            if !case.rules.iter().any(|r| v.breaks(r))
                || refused.contains(&(v.rule.id.to_owned(), v.path.clone()))
            {
                return None;
            }
            Some((v.clone(), workspace.offer(v, case.text)))
        });
        let Some((violation, offer)) = next else {
            break;
        };
        match offer {
            Some(Offer::Ready(fix)) => {
                let title = fix.title.clone();
                match workspace.apply(&violation, fix) {
                    Ok(applied) => titles.push(applied.title),
                    Err(note) => panic!("{}: {title} was dropped: {note}", case.name),
                }
            }
            other => {
                eprintln!("{}: no fix for {}: {other:?}", case.name, violation.path);
                refused.push((violation.rule.id.to_owned(), violation.path.clone()));
            }
        }
    }
    titles
}

/// Every file of `dir`, by path relative to it.
fn files_of(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                let relative = path
                    .strip_prefix(dir)
                    .map(|p| p.to_string_lossy().replace('\\', "/"))
                    .unwrap_or_default();
                out.insert(relative, bytes);
            }
        }
    }
    out
}

fn run(case: &Case) {
    let root = fixtures().join(case.name);
    let before_dir = root.join("before");
    let set = load(&before_dir);
    let mut workspace =
        Workspace::new(set).unwrap_or_else(|e| panic!("{}: {}", case.name, e.reason));
    let before = counts(workspace.violations());
    assert!(
        workspace
            .violations()
            .iter()
            .any(|v| case.rules.iter().any(|r| v.breaks(r))),
        "{}: the fixture has no violation of {:?}",
        case.name,
        case.rules
    );
    let titles = apply_case(&mut workspace, case);
    assert!(!titles.is_empty(), "{}: no fix applied", case.name);

    let left: Vec<String> = workspace
        .violations()
        .iter()
        .filter(|v| case.rules.iter().any(|r| v.breaks(r)))
        .map(|v| format!("{}:{}:{} {}", v.file, v.span.line, v.span.column, v.rule.id))
        .collect();
    assert!(left.is_empty(), "{}: still violated: {left:?}", case.name);
    let others: Vec<String> = workspace
        .violations()
        .iter()
        .filter(|v| !case.left.contains(&v.rule.id))
        .map(|v| format!("{}:{}:{} {}", v.file, v.span.line, v.span.column, v.rule.id))
        .collect();
    assert!(
        others.is_empty(),
        "{}: the fixed set still has violations its fix does not target: {others:?}",
        case.name
    );
    let after = counts(workspace.violations());
    for (key, count) in &after {
        let was = before.get(key).copied().unwrap_or(0);
        assert!(
            *count <= was,
            "{}: {} in {} went from {was} to {count}",
            case.name,
            key.0,
            key.1
        );
    }

    compare(case.name, &root, &workspace);
    eprintln!("{}: {}", case.name, titles.join("; "));
}

/// Checks the workspace's files against `root/after/` (changed or created files, exactly)
/// and `root/before/` (every other file, byte for byte); `INSTA_UPDATE=always` writes `after/`.
fn compare(name: &str, root: &Path, workspace: &Workspace) {
    let before_dir = root.join("before");
    let originals = files_of(&before_dir);
    let produced: BTreeMap<String, Vec<u8>> = workspace
        .set()
        .files
        .iter()
        .map(|f| (f.path.clone(), f.bytes.clone()))
        .collect();
    let changed: BTreeMap<&String, &Vec<u8>> = produced
        .iter()
        .filter(|(path, bytes)| originals.get(*path) != Some(*bytes))
        .collect();
    let after_dir = root.join("after");
    if expected_file::updating() {
        for (path, bytes) in &changed {
            let target = after_dir.join(path);
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::write(target, bytes).unwrap();
        }
    }
    let expected = files_of(&after_dir);
    for (path, bytes) in &changed {
        let want = expected.get(*path).unwrap_or_else(|| {
            panic!(
                "{}: {path} changed but after/ does not hold it:\n{}",
                name,
                String::from_utf8_lossy(bytes)
            )
        });
        assert_eq!(
            String::from_utf8_lossy(bytes),
            String::from_utf8_lossy(want),
            "{}: {path}",
            name
        );
    }
    for path in expected.keys() {
        assert!(
            changed.contains_key(path),
            "{}: after/{path} expects a change the fix did not make",
            name
        );
    }
    for (path, bytes) in &originals {
        if !changed.contains_key(path) {
            assert_eq!(produced.get(path), Some(bytes), "{}: {path} changed", name);
        }
    }
}

#[test]
fn every_fix_produces_its_expected_text() {
    for case in CASES {
        run(case);
    }
}

#[test]
fn headless_runs_skip_description_fixes_and_say_why() {
    for name in ["template_description", "parameter_description"] {
        let mut workspace = Workspace::new(load(&fixtures().join(name).join("before"))).unwrap();
        let outcome = workspace.apply_level(FixLevel::All);
        assert!(outcome.applied.is_empty(), "{name}: {:?}", outcome.applied);
        assert!(
            outcome
                .notes
                .iter()
                .any(|n| n.message.contains("needs the operator's text")),
            "{name}: {:?}",
            outcome.notes
        );
    }
}

/// Rules reported on `violations`, each once.
fn rules_of(violations: &[Violation]) -> Vec<&'static str> {
    let mut rules: Vec<&'static str> = violations.iter().map(|v| v.rule.id).collect();
    rules.sort_unstable();
    rules.dedup();
    rules
}

#[test]
fn the_safe_level_applies_overlapping_fixes_in_rounds() {
    let root = fixtures().join("safe_mix");
    let mut workspace = Workspace::new(load(&root.join("before"))).unwrap();
    let before = counts(workspace.violations());
    // R-69431 and R-91125 (image and flavor values missing from the environment) and R-11041
    // (a nested parameter the parent does not pass) are the same defaults seen by other
    // rules: moving them answers these too.
    assert_eq!(
        rules_of(workspace.violations()),
        [
            "R-03324", "R-11041", "R-26124", "R-67231", "R-69431", "R-90526", "R-91125"
        ]
    );
    let outcome = workspace.apply_level(FixLevel::Safe);
    assert!(outcome.notes.is_empty(), "{:?}", outcome.notes);
    assert!(
        workspace.violations().is_empty(),
        "{:?}",
        workspace.violations()
    );
    assert!(outcome.applied.len() >= 5, "{:?}", outcome.applied);
    assert!(counts(workspace.violations()).len() <= before.len());
    compare("safe_mix", &root, &workspace);
    // One undo step takes the whole run back.
    assert!(workspace.undo().unwrap());
    assert_eq!(counts(workspace.violations()), before);
    compare_unchanged(&root, &workspace);
}

/// Every file of the workspace is as in `root/before/`.
fn compare_unchanged(root: &Path, workspace: &Workspace) {
    let originals = files_of(&root.join("before"));
    for file in &workspace.set().files {
        assert_eq!(
            originals.get(&file.path),
            Some(&file.bytes),
            "{}",
            file.path
        );
    }
}

/// A new environment file would need a value the template does not hold (the flavor has no
/// default): the fix is dropped, naming the violation it would add, and nothing changes.
#[test]
fn a_new_environment_missing_a_value_only_the_operator_has_is_dropped() {
    let source = fixtures().join("create_env_listing").join("before");
    let template = std::fs::read_to_string(source.join("base_vlb.yaml")).unwrap();
    let without = template.replace("    default: m1.medium\n", "");
    assert_ne!(without, template, "the fixture's flavor default moved");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("base_vlb.yaml"), &without).unwrap();
    let mut workspace = Workspace::new(load(dir.path())).unwrap();
    let outcome = workspace.apply_level(FixLevel::Safe);
    let note = outcome
        .notes
        .iter()
        // The base module's missing environment is R-38474's finding (R-86285 its twin).
        .find(|n| n.rule == "R-38474")
        .unwrap_or_else(|| panic!("no note on R-38474: {:?}", outcome.notes));
    assert!(note.message.contains("R-69431"), "{note:?}");
    assert!(
        workspace
            .set()
            .files
            .iter()
            .all(|f| f.path != "base_vlb.env"),
        "the environment file was written"
    );
}
