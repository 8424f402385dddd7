//! A rule's fixture sets under `tests/fixtures/rules/<id>/` (tests/fixtures/rules/README.md):
//! each `pass*` or `fail*` set is a folder of its own, or a `<set>.patch` naming its base (a
//! VNF under `_base/`, or another set of the rule) and what it changes there as a unified
//! diff. Tests read a set through [`RuleSet::materialise`], which writes it out whole into a
//! temporary folder, and validate it as [`report_of`] does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use diffy::patch_set::{FileOperation, ParseOptions, PatchKind, PatchSet};
use vnfwiz::check::rules::Selection;
use vnfwiz::check::validation::validate_as;
use vnfwiz::foundation::diagnostics::{Options, Report};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::hot::Stage;

/// The folder holding one folder of fixture sets per rule.
pub fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules")
}

/// The folder of shared base VNFs, named by a patch's `base: _base/<name>`.
const BASES: &str = "_base";
/// How many patches may stand between a set and the folder its files come from.
const MAX_CHAIN: usize = 4;

/// One fixture set of a rule, as it is written in the repository.
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// The rule's folder relative to [`fixtures_root`] (`R-50436`, `R-92635/nested-depth`).
    rule: String,
    /// The set's name (`pass`, `fail_heat_ready`).
    name: String,
    /// Its folder or its `.patch` file.
    source: PathBuf,
}

/// A set's files: path in the set (with `/`) to content.
pub type Files = BTreeMap<String, Vec<u8>>;

impl RuleSet {
    /// The rule's folder relative to the fixtures root.
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// The set's name, from which its kind (`pass*`, `fail*`) and checks (`…heat_ready…`) follow.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The set's folder or `.patch` file in the repository, for messages.
    pub fn source(&self) -> &Path {
        &self.source
    }

    /// The set's files: its folder's, or its base's with the patch applied.
    pub fn files(&self) -> Files {
        self.files_within(MAX_CHAIN)
    }

    fn files_within(&self, chain: usize) -> Files {
        if self.source.is_dir() {
            return files_of(&self.source);
        }
        let text = std::fs::read_to_string(&self.source)
            .unwrap_or_else(|e| panic!("{}: {e}", self.source.display()));
        let patch = SetPatch::parse(&text).unwrap_or_else(|why| self.fail(&why));
        let mut files = self.base_of(&patch, chain);
        patch
            .apply(&mut files)
            .unwrap_or_else(|why| self.fail(&why));
        files
    }

    /// A patched set's files before its patch: its base's, less the ones it removes. `None`
    /// for a folder set.
    pub fn base_files(&self) -> Option<Files> {
        if self.source.is_dir() {
            return None;
        }
        let text = std::fs::read_to_string(&self.source).ok()?;
        let patch = SetPatch::parse(&text).unwrap_or_else(|why| self.fail(&why));
        Some(self.base_of(&patch, MAX_CHAIN))
    }

    fn base_of(&self, patch: &SetPatch<'_>, chain: usize) -> Files {
        if chain == 0 {
            self.fail("its chain of bases is too long (or a cycle)");
        }
        let mut files = if let Some(name) = patch.base.strip_prefix(&format!("{BASES}/")) {
            let folder = fixtures_root().join(BASES).join(name);
            if !folder.is_dir() {
                self.fail(&format!("no base VNF {}", folder.display()));
            }
            files_of(&folder)
        } else {
            rule_set(&self.rule, &patch.base).files_within(chain - 1)
        };
        for gone in &patch.remove {
            if files.remove(gone).is_none() {
                self.fail(&format!("`remove: {gone}`: the base has no such file"));
            }
        }
        files
    }

    fn fail(&self, why: &str) -> ! {
        panic!("{}: {why}", self.source.display())
    }

    /// The set written out as `<tmp>/<rule>/<name>/`, gone when the value is dropped.
    pub fn materialise(&self) -> Materialised {
        let temp = tempfile::Builder::new()
            .prefix("vnfwiz-rule-set-")
            .tempdir()
            .expect("a temporary folder");
        let dir = write_set(temp.path(), self);
        Materialised { temp, dir }
    }
}

/// A set written out for a test.
pub struct Materialised {
    temp: tempfile::TempDir,
    dir: PathBuf,
}

impl Materialised {
    /// The set's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `text` with the temporary folder named as the set's place among the fixtures, so that
    /// a message naming the set reads the same on every run.
    pub fn in_repo_terms(&self, text: &str) -> String {
        text.replace(
            &self.temp.path().display().to_string(),
            &fixtures_root().display().to_string(),
        )
    }
}

/// Every set of every rule written out as `<tmp>/rules/<rule>/<set>/`: the tree that tests
/// walking all fixtures read.
pub struct MaterialisedTree {
    temp: tempfile::TempDir,
}

impl MaterialisedTree {
    /// The folder of rule folders (`<tmp>/rules`).
    pub fn rules(&self) -> PathBuf {
        self.temp.path().join("rules")
    }

    /// The folder holding `rules/`, as `tests/fixtures/` holds it.
    pub fn root(&self) -> &Path {
        self.temp.path()
    }
}

/// Writes every set found under the fixtures root.
pub fn materialise_all() -> MaterialisedTree {
    let temp = tempfile::Builder::new()
        .prefix("vnfwiz-rule-sets-")
        .tempdir()
        .expect("a temporary folder");
    let rules = temp.path().join("rules");
    for set in all_sets() {
        write_set(&rules, &set);
    }
    MaterialisedTree { temp }
}

/// Writes `set` under `root` as `<rule>/<name>/`, returning that folder.
fn write_set(root: &Path, set: &RuleSet) -> PathBuf {
    let dir = root.join(&set.rule).join(&set.name);
    for (path, bytes) in set.files() {
        let target = dir.join(&path);
        std::fs::create_dir_all(target.parent().expect("a file in the set"))
            .expect("creates the set's folders");
        std::fs::write(&target, bytes).expect("writes the set's file");
    }
    std::fs::create_dir_all(&dir).expect("creates the set's folder");
    dir
}

/// The `pass*` and `fail*` sets of a rule, each sorted by name.
pub fn fixture_sets(id: &str) -> (Vec<RuleSet>, Vec<RuleSet>) {
    let (pass, fail) = sets_in(id)
        .into_iter()
        .partition(|s| s.name.starts_with("pass"));
    (pass, fail)
}

/// The set `name` of the rule `id` (a folder or a patch).
pub fn rule_set(id: &str, name: &str) -> RuleSet {
    sets_in(id)
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| {
            panic!(
                "{}: no set `{name}` (a folder or `{name}.patch`)",
                fixtures_root().join(id).display()
            )
        })
}

/// Every set under the fixtures root, by rule folder then name.
pub fn all_sets() -> Vec<RuleSet> {
    let mut rules = Vec::new();
    let mut pending = vec![String::new()];
    while let Some(rule) = pending.pop() {
        let entries = std::fs::read_dir(fixtures_root().join(&rule))
            .into_iter()
            .flatten()
            .flatten();
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() && !is_set_name(&name) && name != BASES {
                let child = if rule.is_empty() {
                    name
                } else {
                    format!("{rule}/{name}")
                };
                pending.push(child);
            }
        }
        rules.push(rule);
    }
    rules.sort();
    rules.iter().flat_map(|rule| sets_in(rule)).collect()
}

fn is_set_name(name: &str) -> bool {
    name.starts_with("pass") || name.starts_with("fail")
}

/// The sets directly in the rule folder `id`, sorted by name; a name given both as a folder
/// and as a patch is an error.
fn sets_in(id: &str) -> Vec<RuleSet> {
    let folder = fixtures_root().join(id);
    let mut sets: BTreeMap<String, RuleSet> = BTreeMap::new();
    for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
        let path = entry.path();
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let name = if path.is_dir() {
            file_name
        } else if let Some(stem) = file_name.strip_suffix(".patch") {
            stem.to_owned()
        } else {
            continue;
        };
        if !is_set_name(&name) {
            continue;
        }
        let set = RuleSet {
            rule: id.to_owned(),
            name: name.clone(),
            source: path,
        };
        if let Some(other) = sets.insert(name, set) {
            panic!(
                "{}: the set is given twice (a folder and a patch)",
                other.source.display()
            );
        }
    }
    sets.into_values().collect()
}

/// Every file under `dir`, by its path in the folder.
fn files_of(dir: &Path) -> Files {
    let mut out = Files::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries =
            std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let name = path
                .strip_prefix(dir)
                .expect("under the folder")
                .to_string_lossy()
                .replace('\\', "/");
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.insert(name, bytes);
        }
    }
    out
}

/// A `.patch` file: its header (`base:`, `remove:`, `#` comments) and the unified diff after it.
struct SetPatch<'a> {
    base: String,
    remove: Vec<String>,
    diff: &'a str,
}

impl<'a> SetPatch<'a> {
    fn parse(text: &'a str) -> Result<SetPatch<'a>, String> {
        let diff_at = text
            .match_indices("--- ")
            .find(|(at, _)| *at == 0 || text.as_bytes()[at - 1] == b'\n')
            .map_or(text.len(), |(at, _)| at);
        let mut base = None;
        let mut remove = Vec::new();
        for (number, line) in text[..diff_at].lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.split_once(':') {
                Some(("base", value)) if base.is_none() => base = Some(value.trim().to_owned()),
                Some(("remove", value)) => {
                    remove.extend(value.split_whitespace().map(str::to_owned))
                }
                _ => {
                    return Err(format!(
                        "line {}: `{line}` is not `base: …`, `remove: …` or a `#` comment",
                        number + 1
                    ));
                }
            }
        }
        let base = base.ok_or("no `base:` line")?;
        Ok(SetPatch {
            base,
            remove,
            diff: &text[diff_at..],
        })
    }

    /// Applies the diff to `files`: each file it names changed, created or deleted.
    fn apply(&self, files: &mut Files) -> Result<(), String> {
        if self.diff.is_empty() {
            return Ok(()); // the set is its base (less what it removes)
        }
        for patch in PatchSet::parse(self.diff, ParseOptions::unidiff()) {
            let patch = patch.map_err(|e| format!("not a unified diff: {e}"))?;
            let PatchKind::Text(hunks) = patch.patch() else {
                return Err("a binary patch: give such a set as a folder".to_owned());
            };
            let (path, before) = match patch.operation().strip_prefix(1) {
                FileOperation::Create(path) => (path.into_owned(), None),
                FileOperation::Modify { original, modified } if original != modified => {
                    return Err(format!(
                        "{original} → {modified}: a set's patch renames nothing"
                    ));
                }
                FileOperation::Delete(path) | FileOperation::Modify { original: path, .. } => {
                    let path = path.into_owned();
                    let before = files
                        .get(&path)
                        .ok_or_else(|| format!("{path}: the base has no such file"))?;
                    let text = String::from_utf8(before.clone())
                        .map_err(|_| format!("{path}: the base's file is not UTF-8 text"))?;
                    (path, Some(text))
                }
                other => return Err(format!("{other:?}: only changes, new and deleted files")),
            };
            let after = diffy::apply(before.as_deref().unwrap_or(""), hunks)
                .map_err(|e| format!("{path}: {e} (the base changed under the patch?)"))?;
            if patch.operation().is_delete() {
                if !after.is_empty() {
                    return Err(format!("{path}: deleted, but not every line is removed"));
                }
                files.remove(&path);
            } else {
                if before.is_none() && files.contains_key(&path) {
                    return Err(format!("{path}: created, but the base has it"));
                }
                files.insert(path, after.into_bytes());
            }
        }
        Ok(())
    }
}

/// The input a set written out at `dir` stands for: its OVF package, CSAR archive or signed
/// CSAR (a `.zip` holding the `.csar` and its signature), or the folder (also when it holds HOT templates beside an `.ova`, as a heat package carrying an
/// appliance).
pub fn input_of(dir: &Path) -> PathBuf {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let has_template = files
        .iter()
        .any(|p| p.extension().is_some_and(|e| e == "yaml"));
    let mut packages: Vec<PathBuf> = files
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| {
                e == "ovf" || e == "csar" || e == "zip" || (e == "ova" && !has_template)
            })
        })
        .collect();
    packages.sort();
    packages
        .into_iter()
        .next()
        .unwrap_or_else(|| dir.to_path_buf())
}

/// A set whose name says it claims to deploy as it is (`validate --heat-ready`), where
/// composition annotations are errors.
pub fn heat_ready(dir: &Path) -> bool {
    dir.file_name()
        .is_some_and(|n| n.to_string_lossy().contains("heat_ready"))
}

/// The report of exactly the rule `id` on the set written out at `dir`.
pub fn report_of(id: &str, dir: &Path) -> Report {
    let selection = Selection::only(&[id]).expect("registered rule");
    let stage = heat_ready(dir).then_some(Stage::HeatReady);
    validate_as(
        &[input_of(dir)],
        &Options::new(&Limits::default()),
        &selection,
        stage,
    )
    .unwrap_or_else(|e| panic!("{}: cannot load the set: {e}", dir.display()))
}

/// The places (`file:line:column`, sorted) of the findings of rule `id` in `report`.
pub fn places(report: &Report, id: &str) -> Vec<String> {
    let mut out: Vec<String> = report
        .violations()
        .filter(|v| v.rule.id == id)
        .map(|v| format!("{}:{}:{}", v.file, v.span.line, v.span.column))
        .collect();
    out.sort();
    out
}
