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
//! - A file of the input that was not checked (a Helm chart, a TOSCA file beside the HOT set)
//!   is a `<testcase>` of its own, named by its path, with `<skipped>` giving the reason: a
//!   dashboard then shows it was not checked instead of counting it as passed.
//! - A finding that breaks twin requirements (`Violation::also`) fails its own rule's case,
//!   its line ending `(also R-…)`; each twin's case lists the same line in `<system-out>`,
//!   so the defect is counted once and the twin's case still says where it is broken.
//! - A waived finding is a `<testcase>` of its own, named by its rule and place, with
//!   `<skipped>` giving the reason: it neither fails nor passes, and the dashboard shows
//!   why.
//! - `errors` is always 0 (input that cannot be read ends the run with exit code 2 instead);
//!   `time` is each input's load-and-check time; cases carry no time of their own, since
//!   rules are not timed one by one.

use std::collections::HashMap;
use std::fmt::Write;

use crate::foundation::diagnostics::{InputReport, Report, RuleMeta, Severity, Violation};

/// Counts of one suite or of all of them.
#[derive(Default)]
struct Counts {
    tests: usize,
    failures: usize,
    skipped: usize,
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
        total.skipped += counts.skipped;
        total.seconds += counts.seconds;
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"vnfwiz validate\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"{:.3}\">",
        total.tests, total.failures, total.skipped, total.seconds
    );
    out.push_str(&suites);
    out.push_str("</testsuites>\n");
    out
}

fn suite(input: &InputReport, rules: &[&'static RuleMeta]) -> (String, Counts) {
    let mut by_rule: HashMap<&str, Vec<&Violation>> = HashMap::new();
    let mut by_twin: HashMap<&str, Vec<&Violation>> = HashMap::new();
    for v in &input.violations {
        by_rule.entry(v.rule.id).or_default().push(v);
        for twin in &v.also {
            by_twin.entry(twin.id).or_default().push(v);
        }
    }
    let label = escape(&input.label, true);
    let mut cases = String::new();
    let skipped = input.not_checked.len() + input.waived.len();
    let mut counts = Counts {
        tests: rules.len() + skipped,
        failures: 0,
        skipped,
        seconds: input.elapsed.as_secs_f64(),
    };
    for rule in rules {
        let found = by_rule.get(rule.id).map(Vec::as_slice).unwrap_or_default();
        let shared = by_twin.get(rule.id).map(Vec::as_slice).unwrap_or_default();
        let _ = write!(
            cases,
            "    <testcase name=\"{}\" classname=\"{label}\"",
            escape(rule.id, true)
        );
        if found.is_empty() && shared.is_empty() {
            cases.push_str("/>\n");
            continue;
        }
        cases.push_str(">\n");
        let fails = rule.keyword.severity() == Severity::Error && !found.is_empty();
        if fails {
            counts.failures += 1;
            let lines = found.iter().map(|v| line(v)).collect::<Vec<_>>().join("\n");
            let _ = writeln!(
                cases,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                escape(&failure_message(rule, found.len()), true),
                escape(rule.keyword.as_str(), true),
                escape(&lines, false)
            );
        }
        let listed: Vec<String> = found
            .iter()
            .filter(|_| !fails)
            .chain(shared)
            .map(|v| line(v))
            .collect();
        if !listed.is_empty() {
            let _ = writeln!(
                cases,
                "      <system-out>{}</system-out>",
                escape(&listed.join("\n"), false)
            );
        }
        cases.push_str("    </testcase>\n");
    }
    for w in &input.waived {
        let v = &w.violation;
        let name = format!("{} {}:{}:{}", v.rule.id, v.file, v.span.line, v.span.column);
        let _ = writeln!(
            cases,
            "    <testcase name=\"{}\" classname=\"{label}\">\n      <skipped message=\"waived: {}\"/>\n    </testcase>",
            escape(&name, true),
            escape(&super::text::waived_line(&w.waived), true)
        );
    }
    for unchecked in &input.not_checked {
        let _ = writeln!(
            cases,
            "    <testcase name=\"{}\" classname=\"{label}\">\n      <skipped message=\"not checked: {}\"/>\n    </testcase>",
            escape(&unchecked.file, true),
            escape(&unchecked.reason, true)
        );
    }
    let mut xml = String::new();
    let _ = writeln!(
        xml,
        "  <testsuite name=\"{label}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"{:.3}\">",
        counts.tests, counts.failures, counts.skipped, counts.seconds
    );
    // How the input was read: properties of the suite, as JUnit readers show them.
    if !input.notes.is_empty() {
        xml.push_str("    <properties>\n");
        for note in &input.notes {
            let _ = writeln!(
                xml,
                "      <property name=\"note\" value=\"{}\"/>",
                escape(note, true)
            );
        }
        xml.push_str("    </properties>\n");
    }
    xml.push_str(&cases);
    xml.push_str("  </testsuite>\n");
    (xml, counts)
}

fn failure_message(rule: &RuleMeta, count: usize) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{count} violation{s} of {}: {}", rule.id, rule.summary)
}

/// `file:line:column rule message`, on one line whatever the message holds, ending
/// `(also R-…)` for a finding that breaks twins.
fn line(v: &Violation) -> String {
    let message = v.message.replace(['\r', '\n'], " ");
    let also = if v.also.is_empty() {
        String::new()
    } else {
        let ids: Vec<&str> = v.also.iter().map(|r| r.id).collect();
        format!(" (also {})", ids.join(", "))
    };
    format!(
        "{}:{}:{} {} {message}{also}",
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
mod tests {
    use super::*;
    use crate::output::report::render::sample;

    #[test]
    fn snapshot() {
        insta::assert_snapshot!(render(&sample::two_inputs()));
    }

    #[test]
    fn a_finding_of_twins_fails_its_own_case_once_and_shows_in_the_twin_case() {
        let xml = render(&sample::twins());
        assert!(
            xml.contains("<testcase name=\"R-39841\" classname=\"vfw\">\n      <failure"),
            "{xml}"
        );
        assert!(xml.contains("(also R-62590)</failure>"), "{xml}");
        assert!(
            xml.contains("<testcase name=\"R-62590\" classname=\"vfw\">\n      <system-out>"),
            "{xml}"
        );
        assert!(xml.contains("(also R-62590)</system-out>"), "{xml}");
        assert!(xml.contains("failures=\"1\""), "counted once:\n{xml}");
    }

    #[test]
    fn how_an_input_was_read_is_a_property_of_its_suite() {
        let xml = render(&sample::paired());
        let properties = xml.find("<properties>").expect("properties");
        assert!(properties < xml.find("<testcase").expect("cases"), "{xml}");
        assert!(
            xml.contains(
                "<property name=\"note\" value=\"base_vfw.yaml: checked with base_vfw.env"
            ),
            "{xml}"
        );
    }

    #[test]
    fn waived_findings_are_skipped_cases_with_their_reason() {
        let xml = render(&sample::waived());
        assert!(
            xml.contains(
                "<testcase name=\"R-90526 base_vfw.yaml:5:5\" classname=\"vfw\">\n      <skipped message=\"waived: the vendor pins its image; ticket 42 (config, vnfwiz.toml:3, until 2027-06-30)\"/>"
            ),
            "{xml}"
        );
        assert!(
            xml.contains("<testcase name=\"R-90526\" classname=\"vfw\"/>"),
            "{xml}"
        );
        assert!(
            xml.contains(
                "<testsuite name=\"vfw\" tests=\"4\" failures=\"0\" errors=\"0\" skipped=\"2\""
            ),
            "{xml}"
        );
    }

    #[test]
    fn escaping_keeps_the_text_and_replaces_what_xml_cannot_carry() {
        let nasty = "a<b>&\"c\"\n\td\r\u{1}\u{ffff}é]]>";
        let attribute = escape(nasty, true);
        let text = escape(nasty, false);
        assert_eq!(
            attribute,
            "a&lt;b&gt;&amp;&quot;c&quot;&#10;&#9;d&#13;\u{fffd}\u{fffd}é]]&gt;"
        );
        assert_eq!(
            text,
            "a&lt;b&gt;&amp;\"c\"\n\td&#13;\u{fffd}\u{fffd}é]]&gt;"
        );
        // What an XML reader gives back (tests/it checks whole reports with a strict one).
        let cleaned = "a<b>&\"c\"\n\td\r\u{fffd}\u{fffd}é]]>";
        for escaped in [&attribute, &text] {
            assert_eq!(
                quick_xml::escape::unescape(escaped).expect("unescapes"),
                cleaned
            );
        }
    }
}
