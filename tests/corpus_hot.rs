//! Opt-in: every HOT set of the shared corpus loads and validates without a panic.
//! Runs when `VNFWIZ_CORPUS` names the corpus folder; prints findings per rule.

use std::collections::BTreeMap;
use std::path::PathBuf;

use vnfwiz::integrity::Options;
use vnfwiz::limits::Limits;
use vnfwiz::rules::Selection;
use vnfwiz::validation::validate;

fn corpus_sets() -> Option<Vec<PathBuf>> {
    let root = PathBuf::from(std::env::var_os("VNFWIZ_CORPUS")?).join("hot");
    let mut sets = Vec::new();
    for family in std::fs::read_dir(&root).ok()? {
        let family = family.ok()?.path();
        if !family.is_dir() {
            continue;
        }
        for set in std::fs::read_dir(&family).ok()? {
            let set = set.ok()?.path();
            if set.is_dir() {
                sets.push(set);
            }
        }
    }
    sets.sort();
    Some(sets)
}

#[test]
fn every_corpus_hot_set_validates_without_panic() {
    let Some(sets) = corpus_sets() else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    assert!(!sets.is_empty(), "no sets under $VNFWIZ_CORPUS/hot");
    let mut per_rule: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut files = 0;
    for set in &sets {
        let report = validate(
            std::slice::from_ref(set),
            &Options::new(&Limits::default()),
            &Selection::all(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", set.display()));
        files += report.files();
        for v in report.violations() {
            *per_rule.entry(v.rule.id).or_default() += 1;
        }
    }
    eprintln!("{} sets, {files} files", sets.len());
    for (rule, count) in &per_rule {
        eprintln!("{count:6}  {rule}");
    }
}
