//! The JSON report of DESIGN.md: one object with violations and a summary.

use serde::Serialize;

use crate::foundation::diagnostics::{Report, Severity, Violation, Waived, WaivedViolation};

/// The whole report as DESIGN.md's JSON shows it.
#[derive(Serialize)]
pub struct JsonReport<'a> {
    tool: &'static str,
    version: &'static str,
    violations: Vec<JsonViolation<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    not_checked: Vec<JsonUnchecked<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<JsonNote<'a>>,
    summary: Summary,
}

/// How an input was read (the environment file paired with a template given alone).
#[derive(Serialize)]
pub struct JsonNote<'a> {
    message: &'a str,
    input: &'a str,
}

/// A file that was not checked, and why.
#[derive(Serialize)]
pub struct JsonUnchecked<'a> {
    file: &'a str,
    reason: &'a str,
    input: &'a str,
}

/// One violation as DESIGN.md's JSON shows it.
#[derive(Serialize)]
pub struct JsonViolation<'a> {
    rule: &'static str,
    keyword: &'static str,
    severity: &'static str,
    file: &'a str,
    line: u32,
    column: u32,
    path: &'a str,
    message: &'a str,
    fix: &'static str,
    input: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<JsonRelated<'a>>,
    /// The other requirement ids this one finding breaks (its rule's twins).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    also: Vec<&'static str>,
    /// Present when a waiver accepts the violation (it is then not counted).
    #[serde(skip_serializing_if = "Option::is_none")]
    waived: Option<&'a Waived>,
}

/// A related place of a violation.
#[derive(Serialize)]
pub struct JsonRelated<'a> {
    file: &'a str,
    line: u32,
    column: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct Summary {
    files: usize,
    errors: usize,
    warnings: usize,
    rules_checked: usize,
    not_checked: usize,
    /// Findings a waiver accepts (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    waived: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A violation of input `input` in the JSON shape.
pub fn violation<'a>(input: &'a str, v: &'a Violation) -> JsonViolation<'a> {
    JsonViolation {
        rule: v.rule.id,
        keyword: v.rule.keyword.as_str(),
        severity: v.severity().as_str(),
        file: &v.file,
        line: v.span.line,
        column: v.span.column,
        path: &v.path,
        message: &v.message,
        fix: v.rule.fix,
        input,
        related: v
            .related
            .iter()
            .map(|r| JsonRelated {
                file: &r.file,
                line: r.span.line,
                column: r.span.column,
                message: &r.message,
            })
            .collect(),
        also: v.also.iter().map(|r| r.id).collect(),
        waived: None,
    }
}

/// A waived violation of input `input` in the JSON shape, with its `waived` object.
pub fn waived<'a>(input: &'a str, w: &'a WaivedViolation) -> JsonViolation<'a> {
    JsonViolation {
        waived: Some(&w.waived),
        ..violation(input, &w.violation)
    }
}

/// Every violation of a report, each input's counted ones then its waived ones.
pub fn violations(report: &Report) -> Vec<JsonViolation<'_>> {
    report
        .inputs
        .iter()
        .flat_map(|i| {
            i.violations
                .iter()
                .map(|v| violation(&i.label, v))
                .chain(i.waived.iter().map(|w| waived(&i.label, w)))
        })
        .collect()
}

/// The report as one serialisable object (what `render` prints; `onboard` embeds it for
/// each package it writes).
pub fn document(report: &Report) -> JsonReport<'_> {
    JsonReport {
        tool: "vnfwiz",
        version: env!("CARGO_PKG_VERSION"),
        violations: violations(report),
        not_checked: report
            .inputs
            .iter()
            .flat_map(|i| {
                i.not_checked.iter().map(|n| JsonUnchecked {
                    file: &n.file,
                    reason: &n.reason,
                    input: &i.label,
                })
            })
            .collect(),
        notes: report
            .inputs
            .iter()
            .flat_map(|i| {
                i.notes.iter().map(|message| JsonNote {
                    message,
                    input: &i.label,
                })
            })
            .collect(),
        summary: Summary {
            files: report.files(),
            errors: report.count(Severity::Error),
            warnings: report.count(Severity::Warning),
            rules_checked: report.rules_checked(),
            not_checked: report.not_checked(),
            waived: report.count_waived(None),
        },
    }
}

/// Renders the report as pretty-printed JSON.
pub fn render(report: &Report) -> String {
    let doc = document(report);
    let mut text =
        serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::report::render::sample;

    #[test]
    fn a_finding_of_twins_lists_the_others_under_also_and_counts_once() {
        let doc: serde_json::Value = serde_json::from_str(&render(&sample::twins())).expect("JSON");
        let violations = doc["violations"].as_array().expect("violations");
        assert_eq!(violations.len(), 1);
        assert_eq!(violations[0]["rule"], "R-39841");
        assert_eq!(violations[0]["also"], serde_json::json!(["R-62590"]));
        assert_eq!(doc["summary"]["errors"], 1);
        // Left out when a finding breaks one requirement only.
        let plain: serde_json::Value =
            serde_json::from_str(&render(&sample::report())).expect("JSON");
        assert!(plain["violations"][0].get("also").is_none());
        assert!(plain.get("notes").is_none());
    }

    #[test]
    fn how_an_input_was_read_is_a_note() {
        let doc: serde_json::Value =
            serde_json::from_str(&render(&sample::paired())).expect("JSON");
        assert_eq!(doc["notes"][0]["input"], "vfw");
        let message = doc["notes"][0]["message"].as_str().expect("a message");
        assert!(message.contains("checked with base_vfw.env"), "{message}");
    }

    #[test]
    fn waived_violations_carry_their_waiver_and_are_not_counted() {
        let json: serde_json::Value =
            serde_json::from_str(&render(&sample::waived())).expect("JSON");
        let violations = json["violations"].as_array().expect("a list");
        assert_eq!(violations.len(), 3);
        assert!(violations[0].get("waived").is_none(), "counted ones first");
        assert_eq!(
            violations[1]["waived"],
            serde_json::json!({"reason": "the vendor pins its image; ticket 42", "by": "config",
                               "until": "2027-06-30", "at": "vnfwiz.toml:3"})
        );
        assert_eq!(violations[2]["waived"]["by"], "baseline");
        assert_eq!(json["summary"]["errors"], 0);
        assert_eq!(json["summary"]["warnings"], 1);
        assert_eq!(json["summary"]["waived"], 2);
        let plain: serde_json::Value =
            serde_json::from_str(&render(&sample::report())).expect("JSON");
        assert!(plain["summary"].get("waived").is_none());
    }
}
