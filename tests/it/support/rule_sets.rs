//! A rule's fixture sets under `tests/fixtures/rules/<id>/`: `pass*` and `fail*` folders,
//! each `fail*` folder with the `file:line:column` places of its `<set>.expected`.

use std::path::{Path, PathBuf};

/// The folder holding one folder of fixture sets per rule.
pub fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules")
}

/// The `pass*` and `fail*` folders of a rule, each sorted.
pub fn fixture_sets(id: &str) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut pass = Vec::new();
    let mut fail = Vec::new();
    let entries = std::fs::read_dir(fixtures_root().join(id))
        .into_iter()
        .flatten();
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("pass") {
            pass.push(path);
        } else if name.starts_with("fail") {
            fail.push(path);
        }
    }
    pass.sort();
    fail.sort();
    (pass, fail)
}

/// The `file:line:column` lines of a fail set's `.expected`, sorted.
pub fn expected(set: &Path) -> Vec<String> {
    let file = set.with_extension("expected");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect();
    lines.sort();
    lines
}
