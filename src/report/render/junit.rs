//! JUnit XML for CI dashboards (Jenkins, GitLab, Azure DevOps, …).
//!
//! Layout: one `<testsuite>` per input (named by the path the operator gave) and in it one
//! `<testcase>` per rule that ran (named by the rule id, `classname` = the input). A rule is
//! the unit an operator tracks ("R-90526 fails on this VNF"); one case per file × rule would
//! bury the few failing rules among thousands of passing cases.
//!
//! - A rule with error-severity violations fails: one `<failure>` whose message counts them
//!   and whose text lists each as `file:line:column rule message`.
//! - Warnings and notes do not fail `validate` (exit code 0), so they do not fail the case
//!   either: the case passes and lists them in `<system-out>`, one line each, same format.
//!   (`<skipped>` would claim the rule did not run.)
//! - `errors` is always 0 (input that cannot be read ends the run with exit code 2 instead);
//!   `time` is each input's load-and-check time; cases carry no time of their own, since
//!   rules are not timed one by one.

use std::collections::HashMap;
use std::fmt::Write;

use crate::diagnostics::{InputReport, Report, RuleMeta, Severity, Violation};

/// Counts of one suite or of all of them.
#[derive(Default)]
struct Counts {
    tests: usize,
    failures: usize,
    seconds: f64,
}

/// Renders the report as a JUnit XML document.
pub fn render(report: &Report) -> String {
    let rules = report.listed_rules();
    let mut suites = String::new();
    let mut total = Counts::default();
    for input in &report.inputs {
        let (xml, counts) = suite(input, &rules);
        suites.push_str(&xml);
        total.tests += counts.tests;
        total.failures += counts.failures;
        total.seconds += counts.seconds;
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"vnfwiz validate\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\" time=\"{:.3}\">",
        total.tests, total.failures, total.seconds
    );
    out.push_str(&suites);
    out.push_str("</testsuites>\n");
    out
}

fn suite(input: &InputReport, rules: &[&'static RuleMeta]) -> (String, Counts) {
    let mut by_rule: HashMap<&str, Vec<&Violation>> = HashMap::new();
    for v in &input.violations {
        by_rule.entry(v.rule.id).or_default().push(v);
    }
    let label = escape(&input.label, true);
    let mut cases = String::new();
    let mut counts = Counts {
        tests: rules.len(),
        failures: 0,
        seconds: input.elapsed.as_secs_f64(),
    };
    for rule in rules {
        let found = by_rule.get(rule.id).map(Vec::as_slice).unwrap_or_default();
        let _ = write!(
            cases,
            "    <testcase name=\"{}\" classname=\"{label}\"",
            escape(rule.id, true)
        );
        if found.is_empty() {
            cases.push_str("/>\n");
            continue;
        }
        cases.push_str(">\n");
        let lines = found.iter().map(|v| line(v)).collect::<Vec<_>>().join("\n");
        if rule.keyword.severity() == Severity::Error {
            counts.failures += 1;
            let _ = writeln!(
                cases,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                escape(&failure_message(rule, found.len()), true),
                escape(rule.keyword.as_str(), true),
                escape(&lines, false)
            );
        } else {
            let _ = writeln!(
                cases,
                "      <system-out>{}</system-out>",
                escape(&lines, false)
            );
        }
        cases.push_str("    </testcase>\n");
    }
    let mut xml = String::new();
    let _ = writeln!(
        xml,
        "  <testsuite name=\"{label}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\" time=\"{:.3}\">",
        counts.tests, counts.failures, counts.seconds
    );
    xml.push_str(&cases);
    xml.push_str("  </testsuite>\n");
    (xml, counts)
}

fn failure_message(rule: &RuleMeta, count: usize) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{count} violation{s} of {}: {}", rule.id, rule.summary)
}

/// `file:line:column rule message`, on one line whatever the message holds.
fn line(v: &Violation) -> String {
    let message = v.message.replace(['\r', '\n'], " ");
    format!(
        "{}:{}:{} {} {message}",
        v.file, v.span.line, v.span.column, v.rule.id
    )
}

/// Escapes text for XML 1.0 content or a double-quoted attribute. Characters XML 1.0 cannot
/// carry at all (most C0 controls, U+FFFE, U+FFFF) become U+FFFD; in attributes, line
/// breaks and tabs become character references so parsers keep them.
fn escape(text: &str, attribute: bool) -> String {
    let legal: String = text
        .chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => '\u{fffd}',
            _ => c,
        })
        .collect();
    if attribute {
        quick_xml::escape::escape(legal)
            .replace('\n', "&#10;")
            .replace('\t', "&#9;")
    } else {
        quick_xml::escape::partial_escape(legal).into_owned()
    }
}

#[cfg(test)]
#[path = "../../../tests/support/xml_tree.rs"]
mod xml_tree;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::render::sample;

    #[test]
    fn snapshot() {
        insta::assert_snapshot!(render(&sample::two_inputs()));
    }

    #[test]
    fn counts_failures_and_keeps_warnings_out_of_them() {
        let xml = render(&sample::two_inputs());
        let elements = xml_tree::parse(&xml).expect("well-formed");
        let root = &elements[0];
        assert_eq!(root.name, "testsuites");
        assert_eq!(
            [
                root.attr("tests"),
                root.attr("failures"),
                root.attr("errors"),
                root.attr("time")
            ],
            ["4", "1", "0", "0.014"]
        );
        let suites: Vec<_> = elements.iter().filter(|e| e.name == "testsuite").collect();
        assert_eq!(suites.len(), 2);
        assert_eq!(
            [suites[0].attr("name"), suites[0].attr("failures")],
            ["vfw", "1"]
        );
        assert_eq!(
            [suites[1].attr("name"), suites[1].attr("failures")],
            ["dns.zip", "0"]
        );
        assert_eq!(suites[1].attr("time"), "0.002");
        let cases: Vec<_> = elements.iter().filter(|e| e.name == "testcase").collect();
        assert_eq!(cases.len(), 4);
        assert!(
            cases
                .iter()
                .all(|c| c.parent.is_some_and(|p| elements[p].name == "testsuite"))
        );
        assert_eq!(
            [cases[0].attr("name"), cases[0].attr("classname")],
            ["R-90526", "vfw"]
        );
        let failure = elements
            .iter()
            .find(|e| e.name == "failure")
            .expect("failure");
        assert_eq!(failure.attr("type"), "MUST NOT");
        assert!(
            failure
                .attr("message")
                .starts_with("1 violation of R-90526: ")
        );
        assert_eq!(
            failure.text,
            "base_vfw.yaml:5:5 R-90526 parameter `vfw_image_name` declares a default"
        );
        let out = elements
            .iter()
            .find(|e| e.name == "system-out")
            .expect("system-out");
        assert!(
            out.text
                .contains("base_vfw.yaml:8:29 R-92635/naming odd <name> & \"quote\"\u{fffd}\n"),
            "{}",
            out.text
        );
        assert!(
            out.text
                .contains("nested/missing vm.yaml:3:7 R-92635/naming ")
        );
        assert_eq!(elements.iter().filter(|e| e.name == "failure").count(), 1);
    }

    #[test]
    fn escaping_survives_a_parser() {
        let nasty = "a<b>&\"c\"\n\td\r\u{1}\u{ffff}é]]>";
        let xml = format!(
            "<x v=\"{}\">{}</x>",
            escape(nasty, true),
            escape(nasty, false)
        );
        let elements = xml_tree::parse(&xml).expect("well-formed");
        let cleaned = "a<b>&\"c\"\n\td\r\u{fffd}\u{fffd}é]]>";
        assert_eq!(elements[0].attr("v"), cleaned);
        assert_eq!(elements[0].text, cleaned);
    }
}
