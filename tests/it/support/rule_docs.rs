//! What docs/rules.md shows of a rule beyond its `RuleMeta`, read where it lives: how vnfwiz
//! reads the requirement from the rule file's doc comment, an example from the rule's own
//! first failing fixture (the lines its finding points at, and the same lines as the set's
//! base or passing set has them), and the decisions in docs/decisions.md that name it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use similar::{ChangeTag, TextDiff};
use vnfwiz::check::rules::{Example, Rule, RuleExtras, anchor};

use super::rule_sets::{Files, RuleSet, fixture_sets, fixtures_root};

/// Lines of context around the lines a fixture changes.
const CONTEXT: usize = 2;
/// The longest example; a longer change is shown as the lines around the finding.
const MAX_LINES: usize = 16;

/// The extras of every rule, read once.
pub struct RuleDocs {
    files: BTreeMap<String, PathBuf>,
    decisions: BTreeMap<String, Vec<(String, String)>>,
}

impl RuleDocs {
    /// Reads the rule files and docs/decisions.md of the repository for `ids`.
    pub fn read(ids: &[&str]) -> RuleDocs {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut sources = Vec::new();
        rust_files(&root.join("src/check/rules"), &mut sources);
        // In a fixed order, so that the same tree always gives the same document.
        sources.sort();
        let mut files = BTreeMap::new();
        for path in sources {
            let text = std::fs::read_to_string(&path).expect("a readable rule file");
            for id in ids {
                if text.contains(&format!("id: \"{id}\",")) {
                    files.insert(id.to_string(), path.clone());
                }
            }
        }
        let decisions =
            std::fs::read_to_string(root.join("docs/decisions.md")).expect("docs/decisions.md");
        RuleDocs {
            files,
            decisions: decisions_naming(&decisions, ids),
        }
    }

    /// The extras of `rule`.
    pub fn extras(&self, rule: &Rule) -> RuleExtras {
        let id = rule.meta.id;
        RuleExtras {
            reading: self.files.get(id).and_then(|path| reading(path)),
            example: example(id),
            decisions: self.decisions.get(id).cloned().unwrap_or_default(),
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's doc comment after its first paragraph (which names the rule and restates
/// it), paragraphs kept, lines joined, rustdoc links as plain code.
fn reading(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let lines: Vec<&str> = text
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(str::trim)
        .collect();
    let paragraphs: Vec<String> = lines
        .split(|l| l.is_empty())
        .filter(|p| !p.is_empty())
        .skip(1)
        .map(|p| plain_links(&p.join(" ")))
        .collect();
    (!paragraphs.is_empty()).then(|| paragraphs.join("\n\n"))
}

/// `` [`x`] `` and `` [`x`](path) `` as `` `x` ``: rustdoc's links mean nothing in docs/.
fn plain_links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("[`") {
        let Some(end) = rest[at..].find("`]").map(|e| at + e) else {
            break;
        };
        out.push_str(&rest[..at]);
        out.push_str(&rest[at + 1..end + 1]);
        rest = &rest[end + 2..];
        if rest.starts_with('(')
            && let Some(close) = rest.find(')')
        {
            rest = &rest[close + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// The headings of docs/decisions.md under which each id is named, as links.
fn decisions_naming(text: &str, ids: &[&str]) -> BTreeMap<String, Vec<(String, String)>> {
    let mut found: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let mut seen_anchors: BTreeMap<String, usize> = BTreeMap::new();
    let mut heading: Option<(String, String)> = None;
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && line.starts_with('#') {
            let title = line.trim_start_matches('#').trim().to_owned();
            let base = anchor(&title);
            let count = seen_anchors.entry(base.clone()).or_insert(0);
            let link = match *count {
                0 => format!("decisions.md#{base}"),
                n => format!("decisions.md#{base}-{n}"),
            };
            *count += 1;
            heading = Some((title.replace('`', ""), link));
            continue;
        }
        let Some(heading) = &heading else {
            continue;
        };
        for id in ids {
            let named = line.match_indices(id).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + id.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '-')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == '-')
            });
            let list = found.entry(id.to_string()).or_default();
            if named && !list.contains(heading) {
                list.push(heading.clone());
            }
        }
    }
    found.retain(|_, list| !list.is_empty());
    found
}

/// The first finding of a snapshot: its message and its place (file, line).
fn first_finding(snapshot: &str) -> Option<(String, String, usize)> {
    let mut lines = snapshot.lines();
    let message = lines.by_ref().find(|l| {
        ["error[", "warning[", "note["]
            .iter()
            .any(|p| l.starts_with(p))
    })?;
    // `error[R-25877]: MUST: parameter name …`
    let message = message.splitn(3, ": ").nth(2).unwrap_or(message).to_owned();
    let place = lines.next()?.trim().strip_prefix("--> ")?;
    let mut parts = place.rsplitn(3, ':');
    let (_column, line, file) = (parts.next()?, parts.next()?, parts.next()?);
    Some((message, file.to_owned(), line.parse().ok()?))
}

/// The rule's example from its first failing set that has a snapshot with a finding.
fn example(id: &str) -> Option<Example> {
    let (pass, fail) = fixture_sets(id);
    fail.iter().find_map(|set| {
        let snapshot = fixtures_root()
            .join(set.rule())
            .join(format!("{}.snap", set.name()));
        let (finding, file, line) = first_finding(&std::fs::read_to_string(snapshot).ok()?)?;
        let after = set.files();
        let text = std::str::from_utf8(after.get(&file)?).ok()?;
        let before = set
            .base_files()
            .or_else(|| pass.first().map(RuleSet::files))
            .unwrap_or_default();
        let (bad, instead) =
            changed_lines(&before, &file, text, line).unwrap_or_else(|| (around(text, line), None));
        let fixture = set
            .source()
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(set.source())
            .display()
            .to_string();
        Some(Example {
            fixture,
            file,
            finding,
            bad,
            instead,
        })
    })
}

/// The change of the set's `file` from `before` that holds line `line` (1-based): its lines
/// in the set and as `before` has them.
fn changed_lines(
    before: &Files,
    file: &str,
    text: &str,
    line: usize,
) -> Option<(String, Option<String>)> {
    let old = std::str::from_utf8(before.get(file)?).ok()?;
    let diff = TextDiff::from_lines(old, text);
    let at = line.checked_sub(1)?;
    for group in diff.grouped_ops(CONTEXT) {
        let (first, last) = (group.first()?, group.last()?);
        let new = first.new_range().start..last.new_range().end;
        if !new.contains(&at) {
            continue;
        }
        let (mut bad, mut instead) = (String::new(), String::new());
        for op in &group {
            for change in diff.iter_changes(op) {
                match change.tag() {
                    ChangeTag::Equal => {
                        bad.push_str(change.value());
                        instead.push_str(change.value());
                    }
                    ChangeTag::Insert => bad.push_str(change.value()),
                    ChangeTag::Delete => instead.push_str(change.value()),
                }
            }
        }
        if bad.lines().count().max(instead.lines().count()) > MAX_LINES {
            return None;
        }
        return Some((bad, Some(instead)));
    }
    None
}

/// The lines around line `line` (1-based) of `text`.
fn around(text: &str, line: usize) -> String {
    let at = line.saturating_sub(1);
    text.lines()
        .skip(at.saturating_sub(CONTEXT))
        .take(CONTEXT * 2 + 1)
        .map(|l| format!("{l}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_gives_its_first_finding() {
        let snapshot = "---\nsource: x\n---\nerror[R-25877]: MUST: parameter name `a-b` is bad\n  \
                        --> base.yaml:26:3\n   |\n";
        assert_eq!(
            first_finding(snapshot),
            Some((
                "parameter name `a-b` is bad".to_owned(),
                "base.yaml".to_owned(),
                26
            ))
        );
    }

    #[test]
    fn the_change_holding_the_finding_is_the_example() {
        let before = Files::from([("t.yaml".to_owned(), b"a\nb\nc\nd\ne\nf\ng\n".to_vec())]);
        let (bad, instead) = changed_lines(&before, "t.yaml", "a\nb\nc\nD\ne\nf\ng\n", 4).unwrap();
        assert_eq!(bad, "b\nc\nD\ne\nf\n");
        assert_eq!(instead.as_deref(), Some("b\nc\nd\ne\nf\n"));
        assert_eq!(
            changed_lines(&before, "t.yaml", "a\nb\nc\nD\ne\nf\ng\n", 1),
            None
        );
        assert_eq!(around("1\n2\n3\n4\n5\n6\n7\n", 4), "2\n3\n4\n5\n6\n");
        assert_eq!(
            plain_links("see [`a`] and [`b`](c::d) now"),
            "see `a` and `b` now"
        );
    }
}
