//! Waivers: findings an operator accepts with a reason. One function decides, for both
//! faces, which findings of a run are waived: [`Ledger::judge`] over the findings of an
//! input and every waiver source (the project config's `[[waive]]`, the answers file's
//! `waivers:`, a baseline, the records a written package carries, and the `vnfwiz: waive`
//! comments read from the input's own texts); [`Ledger::close`] then says which waivers
//! expired or matched nothing. A waived finding leaves the counted violations and keeps its
//! reason; problems with the waivers themselves are warnings of the `WAIVER-…` rules.

pub mod baseline;
mod day;
pub mod inline;
pub mod record;
mod waiver;

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;

use crate::check::rules::Selection;
use crate::foundation::diagnostics::{
    Keyword, RuleMeta, SourceTexts, Span, Violation, Waived, WaivedBy, WaivedViolation,
};

pub use baseline::{Baseline, BaselineError, Entry as BaselineEntry};
pub use day::Day;
pub use record::{Record, WAIVERS_FILE};
pub use waiver::{Place, Waiver, WaiverError, WaiverSpec};

/// The catalogue section of the waiver checks.
const SECTION: &str = "Waivers";

/// A waiver that matches no finding.
pub static STALE: RuleMeta = RuleMeta {
    id: "WAIVER-stale",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "A waiver matches no finding.",
    why: "A waiver that accepts nothing would silently accept the next finding that happens to match it, and lists of them rot.",
    fix: "Delete the waiver, or for a baseline write it again with `vnfwiz validate --write-baseline FILE`.",
};

/// A waiver past its `until` day.
pub static EXPIRED: RuleMeta = RuleMeta {
    id: "WAIVER-expired",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "A waiver's `until` day has passed, so it no longer applies.",
    why: "A deviation accepted until a day is counted again after it, as agreed.",
    fix: "Fix the findings it accepted, or agree a new day and change `until`.",
};

/// An inline waiver without a reason.
pub static REASON: RuleMeta = RuleMeta {
    id: "WAIVER-reason",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "An inline waiver gives no reason, so it does not apply.",
    why: "Whoever reads the report or receives the package must see why a finding is accepted.",
    fix: "Write the reason after ` -- `: `# vnfwiz: waive R-12345 -- ONAP supplies it; ticket 42`.",
};

/// A `vnfwiz:` comment that is not a waiver.
pub static SYNTAX: RuleMeta = RuleMeta {
    id: "WAIVER-syntax",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "A `vnfwiz:` comment is not a waiver vnfwiz can read.",
    why: "A comment meant to accept a finding that vnfwiz cannot read accepts nothing.",
    fix: "Write `vnfwiz: waive R-12345 -- reason`, naming rules as `vnfwiz rules` lists them.",
};

/// The checks of waivers themselves, for the documentation.
pub const CHECKS: [&RuleMeta; 4] = [&STALE, &EXPIRED, &REASON, &SYNTAX];

/// Every waiver source of a run but the comments, which are read from each input's texts.
#[derive(Clone, Debug, Default)]
pub struct Waivers {
    /// `[[waive]]` of the project config and `waivers:` of the answers file.
    pub listed: Vec<Waiver>,
    /// `validate --baseline FILE`.
    pub baseline: Option<Baseline>,
    /// The records a package carries: the findings accepted when it was written.
    pub accepted: Vec<Record>,
    /// Whether `vnfwiz: waive` comments are read.
    pub inline: bool,
}

/// One input as the waivers see it.
pub struct Scope<'a> {
    /// The absolute folder (or archive) the input's file paths are relative to; `None`
    /// for a set held in memory.
    pub root: Option<&'a Path>,
    /// The input's texts (inline comments, offending texts).
    pub sources: &'a dyn SourceTexts,
    /// The files that were checked, relative to the root.
    pub files: Vec<String>,
}

/// The findings of one input, judged.
#[derive(Debug, Default)]
pub struct Judged {
    /// What counts, the input's `WAIVER-…` warnings included, sorted by place.
    pub violations: Vec<Violation>,
    /// What a waiver accepts.
    pub waived: Vec<WaivedViolation>,
}

/// The waivers of a run and what each has accepted so far.
pub struct Ledger<'w> {
    waivers: &'w Waivers,
    /// The rules that ran: a waiver naming none of them is not stale.
    selection: &'w Selection,
    today: Day,
    hits: Vec<usize>,
    in_scope: Vec<bool>,
    baseline_used: Vec<bool>,
    baseline_in_scope: Vec<bool>,
}

/// A finding of a `WAIVER-…` rule at a place.
fn finding(rule: &'static RuleMeta, file: String, span: Span, message: String) -> Violation {
    Violation {
        rule,
        file,
        span,
        path: String::new(),
        message,
        related: Vec::new(),
        also: Vec::new(),
    }
}

/// The start of a line, for findings about a waiver written in a file no input holds.
fn line_start(line: u32) -> Span {
    Span {
        line,
        column: 1,
        start: 0,
        end: 0,
    }
}

/// The last segment of a path.
fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

impl<'w> Ledger<'w> {
    /// A ledger for a run checking `selection`, judging `until` against `today`.
    pub fn new(waivers: &'w Waivers, selection: &'w Selection, today: Day) -> Ledger<'w> {
        let baseline = waivers.baseline.as_ref().map_or(0, |b| b.entries.len());
        Ledger {
            waivers,
            selection,
            today,
            hits: vec![0; waivers.listed.len()],
            in_scope: vec![false; waivers.listed.len()],
            baseline_used: vec![false; baseline],
            baseline_in_scope: vec![false; baseline],
        }
    }

    /// How a listed waiver's globs see a file of the input: relative to the waiver's
    /// folder when the file lies below it, else as the input names it.
    fn seen_as<'f>(waiver: &Waiver, root: Option<&Path>, file: &'f str) -> Cow<'f, str> {
        if let (Some(base), Some(root)) = (waiver.base(), root)
            && let Ok(relative) = root.join(file).strip_prefix(base)
        {
            return Cow::Owned(relative.to_string_lossy().replace('\\', "/"));
        }
        Cow::Borrowed(file)
    }

    /// Splits the findings of one input into what counts and what a waiver accepts; the
    /// input's comments are read here, and their problems join what counts.
    pub fn judge(&mut self, found: Vec<Violation>, scope: &Scope<'_>) -> Judged {
        let waivers = self.waivers;
        let mut cache: HashMap<String, Option<String>> = HashMap::new();
        let mut text = |file: &str| -> Option<String> {
            cache
                .entry(file.to_owned())
                .or_insert_with(|| scope.sources.text(file).map(Cow::into_owned))
                .clone()
        };
        let mut kept = Vec::new();
        let mut waived = Vec::new();
        // The comments of every checked file.
        let mut inline: HashMap<&str, (inline::Scanned, Vec<usize>)> = HashMap::new();
        if waivers.inline {
            for file in &scope.files {
                let Some(syntax) = inline::Syntax::of(file) else {
                    continue;
                };
                let Some(body) = text(file) else {
                    continue;
                };
                let scanned = inline::scan(&body, syntax);
                if !scanned.waivers.is_empty() || !scanned.unusable.is_empty() {
                    let hits = vec![0; scanned.waivers.len()];
                    inline.insert(file.as_str(), (scanned, hits));
                }
            }
        }
        for (n, waiver) in waivers.listed.iter().enumerate() {
            if !self.in_scope[n] && waiver.rules().overlaps(self.selection) {
                self.in_scope[n] = scope
                    .files
                    .iter()
                    .any(|f| waiver.covers_file(&Self::seen_as(waiver, scope.root, f)));
            }
        }
        if let Some(baseline) = &waivers.baseline {
            for (n, (entry, _)) in baseline.entries.iter().enumerate() {
                self.baseline_in_scope[n] |=
                    self.selection.includes_id(&entry.rule) && scope.files.contains(&entry.file);
            }
        }
        for violation in found {
            let line = violation.span.line;
            if let Some((scanned, hits)) = inline.get_mut(violation.file.as_str())
                && let Some(n) = scanned
                    .waivers
                    .iter()
                    .position(|w| line > 0 && violation.ids().any(|id| w.covers(id, line)))
            {
                hits[n] += 1;
                let w = &scanned.waivers[n];
                let at = format!("{}:{}", violation.file, w.span.line);
                waived.push(WaivedViolation {
                    violation,
                    waived: Waived {
                        reason: w.reason.clone(),
                        by: WaivedBy::Inline,
                        until: None,
                        at: Some(at),
                    },
                });
                continue;
            }
            let listed = waivers.listed.iter().enumerate().find(|(_, w)| {
                !w.expired(self.today)
                    && w.covers(&violation, &Self::seen_as(w, scope.root, &violation.file))
            });
            if let Some((n, w)) = listed {
                self.hits[n] += 1;
                waived.push(WaivedViolation {
                    violation,
                    waived: w.waived(),
                });
                continue;
            }
            let needs_print = waivers.baseline.is_some() || !waivers.accepted.is_empty();
            let print = needs_print
                .then(|| baseline::fingerprint(&violation, text(&violation.file).as_deref()));
            if let (Some(baseline), Some(print)) = (&waivers.baseline, &print) {
                let entry = baseline.entries.iter().enumerate().position(|(n, (e, _))| {
                    !self.baseline_used[n] && e.file == violation.file && e.fingerprint == *print
                });
                if let Some(n) = entry {
                    self.baseline_used[n] = true;
                    waived.push(WaivedViolation {
                        violation,
                        waived: Waived {
                            reason: format!("in the baseline {}", baseline.file.display()),
                            by: WaivedBy::Baseline,
                            until: None,
                            at: Some(baseline.entries[n].1.label()),
                        },
                    });
                    continue;
                }
            }
            if let Some(print) = &print
                && let Some(record) = waivers.accepted.iter().find(|r| {
                    violation.breaks(&r.rule)
                        && file_name(&r.file) == file_name(&violation.file)
                        && r.path == violation.path
                        && r.fingerprint == *print
                })
            {
                waived.push(WaivedViolation {
                    violation,
                    waived: Waived {
                        reason: record.reason.clone(),
                        by: record.by,
                        until: record.until.clone(),
                        at: None,
                    },
                });
                continue;
            }
            kept.push(violation);
        }
        let mut files: Vec<&&str> = inline.keys().collect();
        files.sort();
        for file in files {
            let (scanned, hits) = &inline[*file];
            for unusable in &scanned.unusable {
                kept.push(finding(
                    unusable.rule,
                    (*file).to_owned(),
                    unusable.span,
                    unusable.message.clone(),
                ));
            }
            for (w, hits) in scanned.waivers.iter().zip(hits) {
                if *hits == 0 && w.rules.overlaps(self.selection) {
                    kept.push(finding(
                        &STALE,
                        (*file).to_owned(),
                        w.span,
                        format!("the waiver of {} matches no finding here", w.ids.join(", ")),
                    ));
                }
            }
        }
        kept.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        Judged {
            violations: kept,
            waived,
        }
    }

    /// The findings about the listed waivers and the baseline once every input is judged:
    /// expired ones, and those in scope that matched nothing. Each names the waiver's own
    /// file (as given) and line.
    pub fn close(self) -> Vec<Violation> {
        let mut out = Vec::new();
        for (n, waiver) in self.waivers.listed.iter().enumerate() {
            let file = waiver.at.file.display().to_string();
            let span = line_start(waiver.at.line);
            if waiver.expired(self.today) {
                out.push(finding(
                    &EXPIRED,
                    file,
                    span,
                    format!(
                        "the waiver of {} ended on {}, so it no longer applies",
                        waiver.spec.rule,
                        waiver.until().map(|d| d.to_string()).unwrap_or_default()
                    ),
                ));
            } else if self.in_scope[n] && self.hits[n] == 0 {
                out.push(finding(
                    &STALE,
                    file,
                    span,
                    format!("the waiver of {} matches no finding", waiver.spec.rule),
                ));
            }
        }
        if let Some(baseline) = &self.waivers.baseline {
            for (n, (entry, place)) in baseline.entries.iter().enumerate() {
                if self.baseline_in_scope[n] && !self.baseline_used[n] {
                    out.push(finding(
                        &STALE,
                        place.file.display().to_string(),
                        line_start(place.line),
                        format!(
                            "{} at {}:{} ({}) no longer occurs",
                            entry.rule, entry.file, entry.line, entry.path
                        ),
                    ));
                }
            }
        }
        out
    }
}

/// Judges the findings of a single input against `waivers` (what the session calls on
/// the set it resolved): [`Ledger::judge`] then [`Ledger::close`], whose findings join
/// what counts.
pub fn apply(
    found: Vec<Violation>,
    scope: &Scope<'_>,
    waivers: &Waivers,
    selection: &Selection,
    today: Day,
) -> Judged {
    let mut ledger = Ledger::new(waivers, selection, today);
    let mut judged = ledger.judge(found, scope);
    judged.violations.extend(ledger.close());
    judged
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::check::rules::find;
    use crate::foundation::diagnostics::LineIndex;

    /// Files held in memory.
    struct Texts(Vec<(&'static str, &'static str)>);

    impl SourceTexts for Texts {
        fn text(&self, file: &str) -> Option<Cow<'_, str>> {
            self.0
                .iter()
                .find(|(name, _)| *name == file)
                .map(|(_, text)| Cow::Borrowed(*text))
        }

        fn file_count(&self) -> usize {
            self.0.len()
        }
    }

    const BASE: &str = "\
heat_template_version: 2016-10-14
parameters:
  image_name:
    type: string
    # vnfwiz: waive R-90526 -- the vendor pins its image; ticket 42
    default: edge-7.2
  flavor_name:
    type: string
    default: m1.large  # vnfwiz: waive R-90526 -- stale: this line has no finding
  site: {type: string, default: zrh}  # vnfwiz: waive R-44001
";

    const NESTED: &str =
        "heat_template_version: 2016-10-14\nparameters:\n  a: {type: string, default: x}\n";

    fn texts() -> Texts {
        Texts(vec![("base_vfw.yaml", BASE), ("nested/fw.yaml", NESTED)])
    }

    /// A finding of `rule` at the first `needle` of `file`.
    fn at(rule: &str, file: &'static str, needle: &str) -> Violation {
        let text = texts()
            .0
            .into_iter()
            .find(|(n, _)| *n == file)
            .expect("file")
            .1;
        let start = text.find(needle).expect("needle");
        Violation {
            rule: &find(rule).expect("a rule").meta,
            file: file.to_owned(),
            span: LineIndex::new(text).span(text, start, start + needle.len()),
            path: format!("parameters.{}", needle.split(':').next().unwrap_or("")),
            message: "found".to_owned(),
            related: Vec::new(),
            also: Vec::new(),
        }
    }

    fn listed(rule: &str, files: &[&str], until: Option<&str>, line: u32) -> Waiver {
        Waiver::new(
            WaiverSpec {
                rule: rule.to_owned(),
                files: files.iter().map(|f| (*f).to_owned()).collect(),
                path: None,
                reason: format!("accepted at line {line}"),
                until: until.map(str::to_owned),
            },
            WaivedBy::Config,
            Place {
                file: PathBuf::from("vnfwiz.toml"),
                line,
            },
            Some(PathBuf::from("/repo")),
        )
        .expect("a waiver")
    }

    fn judge(found: Vec<Violation>, waivers: &Waivers, selection: &Selection) -> Judged {
        let sources = texts();
        let scope = Scope {
            root: Some(Path::new("/repo/vfw")),
            sources: &sources,
            files: vec!["base_vfw.yaml".into(), "nested/fw.yaml".into()],
        };
        apply(
            found,
            &scope,
            waivers,
            selection,
            Day::parse("2026-05-01").expect("day"),
        )
    }

    fn ids(violations: &[Violation]) -> Vec<(&str, &str, u32)> {
        violations
            .iter()
            .map(|v| (v.rule.id, v.file.as_str(), v.span.line))
            .collect()
    }

    #[test]
    fn inline_comments_waive_their_line_and_report_their_problems() {
        let waivers = Waivers {
            inline: true,
            ..Waivers::default()
        };
        let found = vec![
            at("R-90526", "base_vfw.yaml", "default: edge-7.2"),
            at("R-90526", "nested/fw.yaml", "a: {"),
        ];
        let judged = judge(found, &waivers, &Selection::all());
        assert_eq!(judged.waived.len(), 1);
        let waived = &judged.waived[0].waived;
        assert_eq!(waived.by, WaivedBy::Inline);
        assert_eq!(waived.reason, "the vendor pins its image; ticket 42");
        assert_eq!(waived.at.as_deref(), Some("base_vfw.yaml:5"));
        assert_eq!(
            ids(&judged.violations),
            [
                ("WAIVER-stale", "base_vfw.yaml", 9),
                ("WAIVER-reason", "base_vfw.yaml", 10),
                ("R-90526", "nested/fw.yaml", 3),
            ]
        );
        // Comments are not read unless asked.
        let judged = judge(
            vec![at("R-90526", "base_vfw.yaml", "default: edge-7.2")],
            &Waivers::default(),
            &Selection::all(),
        );
        assert!(judged.waived.is_empty() && judged.violations.len() == 1);
    }

    #[test]
    fn config_waivers_match_globs_from_their_folder_expire_and_go_stale() {
        let waivers = Waivers {
            listed: vec![
                listed("R-90526", &["vfw/nested/*.yaml"], Some("2026-05-01"), 1),
                listed("R-44001", &[], None, 6),
                listed("R-11441", &["elsewhere/*.yaml"], None, 10),
                listed("R-90526", &["vfw/base_*.yaml"], Some("2026-04-30"), 14),
            ],
            ..Waivers::default()
        };
        let found = vec![
            at("R-90526", "base_vfw.yaml", "default: edge-7.2"),
            at("R-90526", "nested/fw.yaml", "a: {"),
        ];
        let judged = judge(found, &waivers, &Selection::all());
        assert_eq!(
            ids(&judged.violations),
            [
                ("R-90526", "base_vfw.yaml", 6),
                ("WAIVER-stale", "vnfwiz.toml", 6),
                ("WAIVER-expired", "vnfwiz.toml", 14),
            ]
        );
        let waived = &judged.waived[0].waived;
        assert_eq!(
            (waived.by, waived.until.as_deref(), waived.at.as_deref()),
            (WaivedBy::Config, Some("2026-05-01"), Some("vnfwiz.toml:1"))
        );
        // A waiver of rules that did not run is not stale.
        let heat = Selection::only(&["R-92635"]).expect("a family");
        let judged = judge(Vec::new(), &waivers, &heat);
        assert_eq!(
            ids(&judged.violations),
            [("WAIVER-expired", "vnfwiz.toml", 14)]
        );
    }

    #[test]
    fn a_baseline_accepts_each_recorded_finding_once_and_names_the_gone() {
        let known = at("R-90526", "base_vfw.yaml", "default: edge-7.2");
        let gone = at("R-90526", "base_vfw.yaml", "default: zrh");
        let entries = vec![
            BaselineEntry::of(&known, Some(BASE)),
            BaselineEntry::of(&gone, Some(BASE)),
        ];
        let baseline = Baseline::parse(
            baseline::render(&entries).as_bytes(),
            Path::new("b.json"),
            &Default::default(),
        )
        .expect("reads");
        let waivers = Waivers {
            baseline: Some(baseline),
            ..Waivers::default()
        };
        // The known finding twice: the baseline holds it once.
        let judged = judge(vec![known.clone(), known], &waivers, &Selection::all());
        assert_eq!(judged.waived.len(), 1);
        assert_eq!(judged.waived[0].waived.by, WaivedBy::Baseline);
        assert_eq!(
            ids(&judged.violations),
            [
                ("R-90526", "base_vfw.yaml", 6),
                ("WAIVER-stale", "b.json", 6)
            ]
        );
        assert!(judged.violations[1].message.contains("base_vfw.yaml:10"));
    }

    #[test]
    fn a_package_accepts_what_its_records_name_wherever_the_file_went() {
        let finding = at("R-90526", "nested/fw.yaml", "a: {");
        let waived = WaivedViolation {
            violation: finding.clone(),
            waived: Waived {
                reason: "accepted".into(),
                by: WaivedBy::Answers,
                until: None,
                at: None,
            },
        };
        let record = Record::of(&waived, Some(NESTED));
        assert_eq!((record.keyword, record.line), ("MUST NOT", 3));
        let waivers = Waivers {
            accepted: vec![record],
            ..Waivers::default()
        };
        let mut moved = finding;
        moved.file = "fw.yaml".to_owned();
        let texts = Texts(vec![("fw.yaml", NESTED)]);
        let scope = Scope {
            root: None,
            sources: &texts,
            files: vec!["fw.yaml".into()],
        };
        let judged = apply(
            vec![moved],
            &scope,
            &waivers,
            &Selection::all(),
            Day::today(),
        );
        assert!(judged.violations.is_empty(), "{:?}", judged.violations);
        assert_eq!(judged.waived[0].waived.by, WaivedBy::Answers);
    }
}
