//! Baselines: the findings of a day recorded so that later runs report only new ones.
//! A finding is known by its rule, file, key path and offending text (whitespace
//! collapsed), never by its line, so edits elsewhere in the file keep it known. The file
//! is JSON, one finding a line, so a stale entry is reported at its own line.

use std::path::{Path, PathBuf};

use serde::Serialize;
use sha2::{Digest, Sha256};

use std::borrow::Cow;
use std::collections::HashMap;

use crate::foundation::diagnostics::{LineIndex, Report, Violation};
use crate::foundation::limits::Limits;
use crate::input::yaml::{Value, scalar_text};

use super::waiver::Place;

/// One finding as a baseline records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The rule id.
    pub rule: String,
    /// The file, relative to its input.
    pub file: String,
    /// The key path.
    pub path: String,
    /// The digest of rule, key path and offending text ([`fingerprint`]).
    pub fingerprint: String,
    /// Where it was when recorded (for people; never compared).
    pub line: u32,
    /// What was wrong (for people).
    pub message: String,
}

/// A baseline read from its file, each entry with the line it is written on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    /// The baseline file.
    pub file: PathBuf,
    /// Its entries and their places.
    pub entries: Vec<(Entry, Place)>,
}

/// Why a baseline cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The baseline file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// Not a baseline vnfwiz wrote.
    #[error(
        "{file}:{line}:{column}: {message}; write a baseline with `vnfwiz validate --write-baseline FILE`"
    )]
    Invalid {
        /// The baseline file.
        file: String,
        /// Where.
        line: u32,
        /// Its column.
        column: u32,
        /// What is wrong.
        message: String,
    },
}

/// What the finding points at in `text` (its file's text), whitespace collapsed: the
/// span's bytes, or its whole line when the span has no width.
pub fn offending_text(violation: &Violation, text: Option<&str>) -> String {
    let Some(text) = text else {
        return String::new();
    };
    let (start, end) = (violation.span.start as usize, violation.span.end as usize);
    let raw = if end > start
        && text.is_char_boundary(start)
        && text.is_char_boundary(end.min(text.len()))
    {
        text.get(start..end.min(text.len())).unwrap_or("")
    } else {
        LineIndex::new(text)
            .line(text, violation.span.line as usize)
            .unwrap_or("")
    };
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The digest a baseline knows a finding by (with its file): rule, key path and
/// offending text, never the line.
pub fn fingerprint(violation: &Violation, text: Option<&str>) -> String {
    let mut hash = Sha256::new();
    for part in [
        violation.rule.id,
        &violation.path,
        &offending_text(violation, text),
    ] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hash.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Entry {
    /// The entry recording `violation`, whose file reads `text`.
    pub fn of(violation: &Violation, text: Option<&str>) -> Entry {
        Entry {
            rule: violation.rule.id.to_owned(),
            file: violation.file.clone(),
            path: violation.path.clone(),
            fingerprint: fingerprint(violation, text),
            line: violation.span.line,
            message: violation.message.replace(['\n', '\r'], " "),
        }
    }
}

/// The entries recording every finding of `report` that counts (the waiver checks' own
/// findings left out: they are about the waivers, not the templates).
pub fn entries(report: &Report) -> Vec<Entry> {
    let mut out = Vec::new();
    for input in &report.inputs {
        let mut texts: HashMap<&str, Option<Cow<'_, str>>> = HashMap::new();
        for violation in &input.violations {
            if super::CHECKS.iter().any(|c| c.id == violation.rule.id) {
                continue;
            }
            let text = texts
                .entry(violation.file.as_str())
                .or_insert_with(|| input.sources.text(&violation.file));
            out.push(Entry::of(violation, text.as_deref()));
        }
    }
    out
}

/// A baseline's text: JSON, one entry a line.
pub fn render(entries: &[Entry]) -> String {
    let mut out = format!(
        "{{\n  \"tool\": \"vnfwiz\",\n  \"version\": \"{}\",\n  \"findings\": [",
        env!("CARGO_PKG_VERSION")
    );
    for (n, entry) in entries.iter().enumerate() {
        out.push_str(if n == 0 { "\n    " } else { ",\n    " });
        out.push_str(&serde_json::to_string(entry).unwrap_or_default());
    }
    out.push_str(if entries.is_empty() {
        "]\n}\n"
    } else {
        "\n  ]\n}\n"
    });
    out
}

impl Baseline {
    /// Reads a baseline file within `limits` (it is JSON, read with the YAML loader so
    /// each entry keeps its line).
    pub fn load(path: &Path, limits: &Limits) -> Result<Baseline, BaselineError> {
        let name = path.display().to_string();
        let bytes = limits.read_file(path).map_err(|source| BaselineError::Io {
            file: name.clone(),
            source,
        })?;
        Baseline::parse(&bytes, path, limits)
    }

    /// Reads a baseline's text; `path` names it.
    pub fn parse(bytes: &[u8], path: &Path, limits: &Limits) -> Result<Baseline, BaselineError> {
        let name = path.display().to_string();
        let invalid = |line: u32, column: u32, message: String| BaselineError::Invalid {
            file: name.clone(),
            line,
            column,
            message,
        };
        let document = crate::input::yaml::parse(bytes, &limits.yaml)
            .map_err(|e| invalid(e.span().line, e.span().column, e.to_string()))?;
        let root = &document.root;
        let Some(items) = root.get("findings").and_then(|f| f.as_seq()) else {
            return Err(invalid(
                root.span.line,
                root.span.column,
                "a baseline is an object with a `findings` list".to_owned(),
            ));
        };
        let mut entries = Vec::with_capacity(items.len());
        for item in items {
            let field = |key: &str| item.get(key).and_then(scalar_text);
            let (Some(rule), Some(file), Some(fingerprint)) =
                (field("rule"), field("file"), field("fingerprint"))
            else {
                return Err(invalid(
                    item.span.line,
                    item.span.column,
                    "each finding has rule, file, path and fingerprint".to_owned(),
                ));
            };
            let line = match item.get("line").map(|l| &l.value) {
                Some(Value::Int(n)) => u32::try_from(*n).unwrap_or(0),
                _ => 0,
            };
            entries.push((
                Entry {
                    rule,
                    file,
                    path: field("path").unwrap_or_default(),
                    fingerprint,
                    line,
                    message: field("message").unwrap_or_default(),
                },
                Place {
                    file: path.to_path_buf(),
                    line: item.span.line,
                },
            ));
        }
        Ok(Baseline {
            file: path.to_path_buf(),
            entries,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};

    static RULE: RuleMeta = RuleMeta {
        id: "R-90526",
        keyword: Keyword::MustNot,
        section: "s",
        summary: "s",
        why: "w",
        fix: "f",
    };

    fn at(text: &str, needle: &str) -> Violation {
        let start = text.find(needle).expect("present");
        Violation {
            rule: &RULE,
            file: "base.yaml".into(),
            span: LineIndex::new(text).span(text, start, start + needle.len()),
            path: "parameters.image.default".into(),
            message: "has a default".into(),
            related: Vec::new(),
            also: Vec::new(),
        }
    }

    #[test]
    fn the_fingerprint_ignores_the_line_and_spacing() {
        let before = "parameters:\n  image:\n    default:  edge-7.2\n";
        let after = "# a new comment\nparameters:\n\n  image:\n    default:  edge-7.2\n";
        let (a, b) = (at(before, "edge-7.2"), at(after, "edge-7.2"));
        assert_ne!(a.span.line, b.span.line);
        assert_eq!(fingerprint(&a, Some(before)), fingerprint(&b, Some(after)));
        let changed = "parameters:\n  image:\n    default:  edge-7.3\n";
        assert_ne!(
            fingerprint(&a, Some(before)),
            fingerprint(&at(changed, "edge-7.3"), Some(changed))
        );
        let mut whole_line = a.clone();
        whole_line.span = Span {
            end: whole_line.span.start,
            ..whole_line.span
        };
        assert_eq!(
            offending_text(&whole_line, Some(before)),
            "default: edge-7.2"
        );
    }

    #[test]
    fn written_baselines_read_back_with_their_lines() {
        let text = "parameters:\n  image:\n    default: x\n";
        let entry = Entry::of(&at(text, "x"), Some(text));
        let rendered = render(&[entry.clone(), entry.clone()]);
        let read = Baseline::parse(rendered.as_bytes(), Path::new("b.json"), &Limits::default())
            .expect("reads");
        assert_eq!(read.entries.len(), 2);
        assert_eq!(read.entries[0].0, entry);
        assert_eq!((read.entries[0].1.line, read.entries[1].1.line), (5, 6));
        let empty = render(&[]);
        assert!(
            Baseline::parse(empty.as_bytes(), Path::new("b.json"), &Limits::default())
                .expect("reads")
                .entries
                .is_empty()
        );
        let error = Baseline::parse(b"[1, 2]", Path::new("b.json"), &Limits::default())
            .expect_err("not a baseline");
        assert!(error.to_string().starts_with("b.json:1:1: "), "{error}");
    }
}
