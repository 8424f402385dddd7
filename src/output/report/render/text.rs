//! Compiler-style text: each violation with its rule, place, source line and a caret, then
//! each waived one with its reason (those of a baseline only counted), then one summary line.
//!
//! The ` --> file:line:column` line always shows the violation's own line and column (the
//! ones the JSON report gives): the caret is placed by column, not by byte offset, and a
//! place outside the file's text is shown without a snippet.

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

use crate::foundation::diagnostics::{
    Related, Report, Severity, Span, Violation, Waived, WaivedBy,
};

use super::sources::{IndexedText, SourceCache};

/// Renders every violation and a summary line; `color` adds ANSI styles.
pub fn render(report: &Report, color: bool) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    let several = report.inputs.len() > 1;
    for input in &report.inputs {
        let quiet =
            input.violations.is_empty() && input.not_checked.is_empty() && input.waived.is_empty();
        if several && !(quiet && input.notes.is_empty()) {
            out.push_str(&paint(&format!("==> {} <==", input.label), BOLD, color));
            out.push_str("\n\n");
        }
        let mut cache = SourceCache::new(input.sources.as_ref());
        for v in &input.violations {
            out.push_str(&one(&renderer, v, None, &mut cache));
            out.push_str("\n\n");
        }
        // A baseline's findings are what `--baseline` hides: counted, not shown.
        let (baselined, shown): (Vec<_>, Vec<_>) = input
            .waived
            .iter()
            .partition(|w| w.waived.by == WaivedBy::Baseline);
        for w in shown {
            out.push_str(&one(&renderer, &w.violation, Some(&w.waived), &mut cache));
            out.push_str("\n\n");
        }
        if !baselined.is_empty() {
            let n = baselined.len();
            out.push_str(&format!(
                "{}: {n} finding{} of the baseline not shown\n\n",
                paint("note", BOLD, color),
                plural(n)
            ));
        }
        for note in &input.notes {
            out.push_str(&format!("{}: {note}\n", paint("note", BOLD, color)));
        }
        for file in &input.not_checked {
            out.push_str(&format!(
                "{}: {}: not checked: {}\n",
                paint("note", BOLD, color),
                file.file,
                file.reason
            ));
        }
        if !(input.not_checked.is_empty() && input.notes.is_empty()) {
            out.push('\n');
        }
    }
    out.push_str(&summary(report, color));
    out.push('\n');
    out
}

const BOLD: &str = "1";
const BOLD_RED: &str = "1;31";
const BOLD_YELLOW: &str = "1;33";

/// Wraps `text` in an ANSI style when colour is on.
fn paint(text: &str, style: &str, color: bool) -> String {
    if color {
        format!("\x1b[{style}m{text}\x1b[0m")
    } else {
        text.to_owned()
    }
}

/// The closing line: files, rules, errors, warnings (and notes, and files not checked, when
/// there are any).
pub fn summary(report: &Report, color: bool) -> String {
    let count = |n: usize, what: &str| format!("{n} {what}{}", plural(n));
    // Counts of findings stand out when there are any.
    let finding = |n: usize, what: &str, style: &str| paint(&count(n, what), style, color && n > 0);
    let mut line = format!(
        "{} checked against {}: {}, {}",
        count(report.files(), "file"),
        count(report.rules_checked(), "rule"),
        finding(report.count(Severity::Error), "error", BOLD_RED),
        finding(report.count(Severity::Warning), "warning", BOLD_YELLOW),
    );
    let notes = report.count(Severity::Note);
    if notes > 0 {
        line.push_str(&format!(", {}", finding(notes, "note", BOLD)));
    }
    let waived = report.count_waived(None);
    if waived > 0 {
        line.push_str(&format!(", {waived} waived"));
    }
    let unchecked = report.not_checked();
    if unchecked > 0 {
        line.push_str(&format!("; {} not checked", count(unchecked, "file")));
    }
    line
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A waiver in words: its reason, where it is written and its last day.
pub fn waived_line(waived: &Waived) -> String {
    let mut line = format!("{} ({}", waived.reason, waived.by.as_str());
    if let Some(at) = &waived.at {
        line.push_str(&format!(", {at}"));
    }
    if let Some(until) = &waived.until {
        line.push_str(&format!(", until {until}"));
    }
    line.push(')');
    line
}

fn one(
    renderer: &Renderer,
    v: &Violation,
    waived: Option<&Waived>,
    cache: &mut SourceCache<'_>,
) -> String {
    let level = match (waived, v.severity()) {
        (Some(_), _) => Level::NOTE.with_name("waived"),
        (None, Severity::Error) => Level::ERROR,
        (None, Severity::Warning) => Level::WARNING,
        (None, Severity::Note) => Level::NOTE,
    };
    let title = level
        .primary_title(format!("{}: {}", v.rule.keyword.as_str(), v.message))
        .id(v.rule.id);
    cache.load(&v.file);
    for related in &v.related {
        cache.load(&related.file);
    }
    let cache = &*cache;
    let primary = cache
        .get(&v.file)
        .and_then(|source| line_snippet(source, &v.file, v.span))
        .map(|(snippet, range)| {
            snippet.annotation(AnnotationKind::Primary.span(range).label(v.rule.summary))
        });
    let mut group: Group<'_> = match primary {
        Some(snippet) => title.element(snippet),
        None => title.element(origin(&v.file, v.span)),
    };
    for related in &v.related {
        group = match cache
            .get(&related.file)
            .and_then(|source| line_snippet(source, &related.file, related.span))
        {
            Some((snippet, range)) => group.element(
                snippet.annotation(
                    AnnotationKind::Context
                        .span(range)
                        .label(related.message.clone()),
                ),
            ),
            None => group.element(Level::NOTE.message(related_note(related))),
        };
    }
    for twin in &v.also {
        group = group.element(Level::NOTE.message(format!(
            "also breaks {} ({}): {}",
            twin.id,
            twin.keyword.as_str(),
            twin.summary
        )));
    }
    if let Some(waived) = waived {
        group = group.element(Level::NOTE.with_name("waived").message(waived_line(waived)));
    }
    let group = group.element(Level::HELP.message(v.rule.fix));
    renderer.render(&[group])
}

fn origin(file: &str, span: Span) -> Origin<'_> {
    Origin::path(file)
        .line(span.line as usize)
        .char_column(span.column as usize)
}

fn related_note(related: &Related) -> String {
    format!(
        "{} ({}:{}:{})",
        related.message, related.file, related.span.line, related.span.column
    )
}

/// The source line of `span` as a snippet, and the byte range of the span within that line.
/// `None` when the line or column lies outside the text.
fn line_snippet<'t>(
    source: &'t IndexedText<'_>,
    file: &'t str,
    span: Span,
) -> Option<(
    Snippet<'t, annotate_snippets::Annotation<'t>>,
    std::ops::Range<usize>,
)> {
    let (text, range) = source.line_at(span)?;
    let snippet = Snippet::source(text)
        .line_start(span.line as usize)
        .path(file);
    Some((snippet, range))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::report::render::sample;

    #[test]
    fn plain_text_report() {
        insta::assert_snapshot!(render(&sample::report(), false));
    }

    #[test]
    fn a_finding_of_twins_names_the_others_and_counts_once() {
        let text = render(&sample::twins(), false);
        assert_eq!(text.matches("error[").count(), 1, "{text}");
        assert!(text.contains("error[R-39841]: MUST NOT: "), "{text}");
        assert!(
            text.contains(&format!(
                "= note: also breaks R-62590 (MUST NOT): {}",
                sample::EXTERNAL_ANY.summary
            )),
            "{text}"
        );
        assert!(text.ends_with("1 error, 0 warnings\n"), "{text}");
    }

    #[test]
    fn how_an_input_was_read_is_a_note() {
        let text = render(&sample::paired(), false);
        assert!(
            text.contains("\nnote: base_vfw.yaml: checked with base_vfw.env, the environment file of its name beside it\n\n"),
            "{text}"
        );
    }

    #[test]
    fn several_inputs_get_headers() {
        insta::assert_snapshot!(render(&sample::two_inputs(), false));
    }

    #[test]
    fn waived_findings_show_their_reason_and_a_baseline_only_counts() {
        let text = render(&sample::waived(), false);
        assert!(
            text.contains(
                "waived[R-90526]: MUST NOT: parameter `vfw_image_name` declares a default"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "= waived: the vendor pins its image; ticket 42 (config, vnfwiz.toml:3, until 2027-06-30)"
            ),
            "{text}"
        );
        assert!(
            !text.contains("odd <name>"),
            "a baseline's finding is not shown: {text}"
        );
        assert!(
            text.contains("note: 1 finding of the baseline not shown"),
            "{text}"
        );
        assert!(
            text.ends_with("2 files checked against 2 rules: 0 errors, 1 warning, 2 waived\n"),
            "{text}"
        );
    }

    #[test]
    fn color_only_when_asked() {
        let report = sample::report();
        assert!(!render(&report, false).contains('\x1b'));
        let colored = render(&report, true);
        assert!(colored.contains("\x1b["), "{colored}");
        let summary = colored.lines().last().expect("summary");
        assert_eq!(
            summary,
            "2 files checked against 2 rules: \x1b[1;31m1 error\x1b[0m, \x1b[1;33m2 warnings\x1b[0m"
        );
    }

    #[test]
    fn arrow_line_shows_the_violation_column_even_after_wide_characters() {
        let text = render(&sample::report(), false);
        for v in sample::report().violations() {
            let arrow = format!("--> {}:{}:{}", v.file, v.span.line, v.span.column);
            assert!(text.contains(&arrow), "missing `{arrow}` in\n{text}");
        }
    }

    #[test]
    fn places_outside_the_text_keep_their_numbers() {
        let mut report = sample::report();
        let input = &mut report.inputs[0];
        let mut whole_file = input.violations[0].clone();
        whole_file.span = Span::default();
        let mut past_the_end = input.violations[0].clone();
        past_the_end.span = sample::span(5, 90, 0, 0);
        input.violations = vec![whole_file, past_the_end];
        let text = render(&report, false);
        assert!(text.contains("--> base_vfw.yaml:0:0\n"), "{text}");
        assert!(text.contains("--> base_vfw.yaml:5:90\n"), "{text}");
    }

    #[test]
    fn ten_thousand_violations_in_one_file_each_get_their_line() {
        // Speed is measured in benches/render.rs; this checks the result at that size.
        let report = sample::many(10_000);
        let text = render(&report, false);
        assert_eq!(text.matches(" --> ").count(), 10_000);
        assert!(text.ends_with("1 file checked against 2 rules: 10000 errors, 0 warnings\n"));
    }
}
