//! Opt-in: `onboard --fix safe`'s work on every HOT set of the shared corpus (when
//! `VNFWIZ_CORPUS` names it): every violation that has a safe fix is gone afterwards
//! (unless the fix was dropped, with its note), no rule reports more than before, and every
//! line no fix touched is still there byte for byte. Prints the numbers per rule.

use std::collections::BTreeMap;
use std::path::PathBuf;

use vnfwiz::foundation::diagnostics::{Options, Violation};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::open::{Loaded, open};
use vnfwiz::transform::fix::{FixLevel, Offer, Safety, Workspace};

fn corpus_sets() -> Option<Vec<PathBuf>> {
    let root = PathBuf::from(std::env::var_os("VNFWIZ_CORPUS")?).join("hot");
    let mut sets = Vec::new();
    for family in std::fs::read_dir(&root).ok()?.flatten() {
        if !family.path().is_dir() {
            continue;
        }
        for set in std::fs::read_dir(family.path()).ok()?.flatten() {
            if set.path().is_dir() {
                sets.push(set.path());
            }
        }
    }
    sets.sort();
    Some(sets)
}

fn counts(violations: &[Violation]) -> BTreeMap<(&'static str, String), usize> {
    let mut counts = BTreeMap::new();
    for v in violations {
        *counts.entry((v.rule.id, v.file.clone())).or_default() += 1;
    }
    counts
}

/// Violations whose fix is ready and safe, by rule.
fn safely_fixable(workspace: &Workspace) -> Vec<&Violation> {
    workspace
        .violations()
        .iter()
        .zip(workspace.offers())
        .filter(|(_, offer)| matches!(offer, Some(Offer::Ready(f)) if f.safety == Safety::Safe))
        .map(|(v, _)| v)
        .collect()
}

#[test]
fn safe_fixes_on_the_corpus() {
    let Some(sets) = corpus_sets() else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    assert!(!sets.is_empty(), "no sets under $VNFWIZ_CORPUS/hot");
    let limits = Limits::default();
    let mut fixable_per_rule: BTreeMap<&'static str, usize> = BTreeMap::new();
    let (mut total_before, mut total_after, mut applied, mut dropped) = (0, 0, 0, 0);
    let (mut touched_lines, mut files_edited, mut sets_fixed) = (0, 0, 0);
    for dir in &sets {
        let Ok((Loaded::Hot(set), _)) = open(dir, &Options::new(&limits)) else {
            continue;
        };
        let label = dir.display().to_string();
        let started = std::time::Instant::now();
        let originals: BTreeMap<String, Vec<u8>> = set
            .files
            .iter()
            .map(|f| (f.path.clone(), f.bytes.clone()))
            .collect();
        let mut workspace = match Workspace::new(*set) {
            Ok(workspace) => workspace,
            Err(unfixable) => {
                eprintln!("{label}: {}", unfixable.reason);
                continue;
            }
        };
        let before = workspace.violations().to_vec();
        for v in safely_fixable(&workspace) {
            *fixable_per_rule.entry(v.rule.id).or_default() += 1;
        }
        let outcome = workspace.apply_level(FixLevel::Safe);
        let dropped_here: Vec<_> = outcome
            .notes
            .iter()
            .filter(|n| n.message.contains("dropped"))
            .collect();
        for note in &dropped_here {
            eprintln!("{label}: {note}");
        }
        dropped += dropped_here.len();
        applied += outcome.applied.len();
        total_before += before.len();
        total_after += workspace.violations().len();
        if !outcome.applied.is_empty() {
            sets_fixed += 1;
        }
        let left: Vec<String> = safely_fixable(&workspace)
            .into_iter()
            .filter(|v| {
                !dropped_here
                    .iter()
                    .any(|n| n.rule == v.rule.id && n.file == v.file)
            })
            .map(|v| format!("{} {}:{}", v.rule.id, v.file, v.span.line))
            .collect();
        assert!(left.is_empty(), "{label}: safe fixes left: {left:?}");
        let before_counts = counts(&before);
        for (key, count) in counts(workspace.violations()) {
            let was = before_counts.get(&key).copied().unwrap_or(0);
            assert!(count <= was, "{label}: {key:?} went from {was} to {count}");
        }
        eprintln!(
            "{label}: {} -> {} violations, {} fixes, {:.1} s",
            before.len(),
            workspace.violations().len(),
            outcome.applied.len(),
            started.elapsed().as_secs_f64()
        );
        for (path, touched) in workspace.touched_lines() {
            files_edited += 1;
            touched_lines += touched.len();
            let (Some(old), Some(id)) = (originals.get(&path), workspace.set().find(&path)) else {
                continue;
            };
            let new = String::from_utf8_lossy(&workspace.set().files[id].bytes).into_owned();
            let old = String::from_utf8_lossy(old).into_owned();
            let mut rest = new.as_str();
            for (i, line) in old.split_inclusive('\n').enumerate() {
                if touched.contains(&(i as u32 + 1)) {
                    continue;
                }
                let at = rest
                    .find(line)
                    .unwrap_or_else(|| panic!("{label}: {path}:{}: untouched line is gone", i + 1));
                rest = &rest[at + line.len()..];
            }
        }
    }
    eprintln!(
        "{} sets: {total_before} violations before, {total_after} after; {applied} safe fixes applied in {sets_fixed} sets, {dropped} dropped; {files_edited} files edited, {touched_lines} original lines touched",
        sets.len()
    );
    for (rule, count) in &fixable_per_rule {
        eprintln!("{count:6}  {rule} had a safe fix");
    }
}
