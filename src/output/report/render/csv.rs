//! `--format csv`: one row per finding for spreadsheets, under a header row; RFC 4180
//! (comma-separated, CRLF line ends, a field quoted when it holds a comma, quote or line
//! break, quotes doubled). A field that a spreadsheet would take for a formula (it starts
//! with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP
//! advises: the text comes from the vendor's files. The columns are docs/reports.md's.

use std::borrow::Cow;

use crate::foundation::diagnostics::{InputReport, Report, RuleMeta, Violation, Waived};
use crate::session::FixView;

use super::fixes::{Fixes, availability};
use super::text::waived_line;

/// One finding as a row sees it.
struct Row<'a> {
    input: &'a InputReport,
    violation: &'a Violation,
    fix: Option<&'a FixView>,
    waived: Option<&'a Waived>,
}

/// A column: its header and its value in a row.
struct Column {
    name: &'static str,
    value: for<'a> fn(&Row<'a>) -> Cow<'a, str>,
}

/// The columns, in order (docs/reports.md lists them).
const COLUMNS: &[Column] = &[
    Column {
        name: "severity",
        value: |r| r.violation.severity().as_str().into(),
    },
    Column {
        name: "rule",
        value: |r| r.violation.rule.id.into(),
    },
    Column {
        name: "also",
        value: |r| join_ids(&r.violation.also).into(),
    },
    Column {
        name: "keyword",
        value: |r| r.violation.rule.keyword.as_str().into(),
    },
    Column {
        name: "file",
        value: |r| r.violation.file.as_str().into(),
    },
    Column {
        name: "line",
        value: |r| r.violation.span.line.to_string().into(),
    },
    Column {
        name: "column",
        value: |r| r.violation.span.column.to_string().into(),
    },
    Column {
        name: "message",
        value: |r| r.violation.message.as_str().into(),
    },
    Column {
        name: "fix available",
        value: |r| availability(r.fix).into(),
    },
    Column {
        name: "waived",
        value: |r| if r.waived.is_some() { "yes" } else { "no" }.into(),
    },
    Column {
        name: "reason",
        value: |r| r.waived.map(waived_line).unwrap_or_default().into(),
    },
    Column {
        name: "input",
        value: |r| r.input.label.as_str().into(),
    },
];

/// The twin requirements' ids, space-separated.
fn join_ids(rules: &[&RuleMeta]) -> String {
    rules.iter().map(|r| r.id).collect::<Vec<_>>().join(" ")
}

/// The header row and one row per finding, in report order: each input's findings that
/// count, then its waived ones.
pub fn render(report: &Report, fixes: &Fixes) -> String {
    let mut out = String::new();
    record(&mut out, COLUMNS.iter().map(|c| Cow::Borrowed(c.name)));
    for (i, input) in report.inputs.iter().enumerate() {
        let findings = input
            .violations
            .iter()
            .map(|v| (v, None))
            .chain(input.waived.iter().map(|w| (&w.violation, Some(&w.waived))));
        for (violation, waived) in findings {
            let row = Row {
                input,
                violation,
                fix: fixes.of(i, violation),
                waived,
            };
            record(&mut out, COLUMNS.iter().map(|c| (c.value)(&row)));
        }
    }
    out
}

/// One record, CRLF-terminated.
fn record<'a>(out: &mut String, fields: impl Iterator<Item = Cow<'a, str>>) {
    for (n, field) in fields.enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str(&quoted(&field));
    }
    out.push_str("\r\n");
}

/// A field as RFC 4180 writes it, a would-be formula defused first.
fn quoted(field: &str) -> Cow<'_, str> {
    let field: Cow<'_, str> = if field.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{field}"))
    } else {
        Cow::Borrowed(field)
    };
    if field.contains([',', '"', '\r', '\n']) {
        Cow::Owned(format!("\"{}\"", field.replace('"', "\"\"")))
    } else {
        field
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::report::render::sample;

    #[test]
    fn fields_are_quoted_as_rfc_4180_says() {
        assert_eq!(quoted("plain"), "plain");
        assert_eq!(quoted("a, b"), "\"a, b\"");
        assert_eq!(quoted("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(quoted("two\nlines"), "\"two\nlines\"");
        assert_eq!(quoted("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(quoted("-1"), "'-1");
        assert_eq!(quoted("@sum"), "'@sum");
    }

    #[test]
    fn waived_findings_have_their_rows_with_the_reason() {
        let report = sample::waived();
        let text = render(&report, &Fixes::none());
        let rows: Vec<&str> = text.split_terminator("\r\n").collect();
        assert_eq!(rows.len(), 1 + 3, "{text}");
        assert!(rows[2].ends_with(
            ",no,yes,\"the vendor pins its image; ticket 42 (config, vnfwiz.toml:3, until 2027-06-30)\",vfw"
        ), "{text}");
        assert!(rows[1].ends_with(",no,no,,vfw"), "{text}");
    }

    #[test]
    fn a_finding_of_twins_names_them_in_the_also_column() {
        let text = render(&sample::twins(), &Fixes::none());
        let rows: Vec<&str> = text.split_terminator("\r\n").collect();
        assert_eq!(rows.len(), 2, "{text}");
        assert!(rows[1].starts_with("error,R-39841,R-62590,MUST"), "{text}");
        let plain = render(&sample::report(), &Fixes::none());
        assert!(
            plain
                .split_terminator("\r\n")
                .nth(1)
                .is_some_and(|row| row.contains(",R-90526,,"))
        );
    }

    #[test]
    fn one_row_per_finding_under_the_header() {
        let report = sample::two_inputs();
        let text = render(&report, &Fixes::none());
        let rows: Vec<&str> = text.split_terminator("\r\n").collect();
        assert_eq!(rows.len(), 1 + report.violations().count(), "{text}");
        assert_eq!(
            rows[0],
            "severity,rule,also,keyword,file,line,column,message,fix available,waived,reason,input"
        );
        assert!(text.ends_with("\r\n"));
        insta::assert_snapshot!(text.replace("\r\n", "\u{21b5}\n"));
    }
}
