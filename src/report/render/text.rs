//! Compiler-style text: each violation with its rule, place, source line and a caret.

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

use crate::report::{Report, Severity, SourceTexts, Violation};

/// How many lines of context to show around the offending line.
const CONTEXT_LINES: usize = 0;

/// Renders every violation and a summary line; `color` adds ANSI styles.
pub fn render(report: &Report, color: bool) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    for input in &report.inputs {
        for v in &input.violations {
            out.push_str(&one(&renderer, v, input.sources.as_ref()));
            out.push_str("\n\n");
        }
    }
    out.push_str(&summary(report));
    out.push('\n');
    out
}

/// The closing line: files, errors, warnings, rules.
pub fn summary(report: &Report) -> String {
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    format!(
        "{} file{} checked against {} rules: {} error{}, {} warning{}",
        report.files(),
        plural(report.files()),
        report.rules_checked,
        errors,
        plural(errors),
        warnings,
        plural(warnings)
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The lines around `line` (1-based) and the byte offset where that window starts.
fn window(text: &str, line: usize) -> Option<(usize, &str, usize)> {
    let first = line.saturating_sub(CONTEXT_LINES).max(1);
    let last = line + CONTEXT_LINES;
    let mut start = None;
    let mut end = text.len();
    let mut offset = 0;
    for (i, piece) in text.split_inclusive('\n').enumerate() {
        let number = i + 1;
        if number == first {
            start = Some(offset);
        }
        offset += piece.len();
        if number == last {
            end = offset;
            break;
        }
    }
    let start = start?;
    let slice = text.get(start..end)?.trim_end_matches(['\n', '\r']);
    Some((first, slice, start))
}

fn one(renderer: &Renderer, v: &Violation, sources: &dyn SourceTexts) -> String {
    let level = match v.severity() {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let title = format!("{}: {}", v.rule.keyword.as_str(), v.message);
    let location = format!("{}:{}:{}", v.file, v.span.line, v.span.column);
    let text = sources.text(&v.file);
    let snippet = text
        .as_deref()
        .and_then(|t| window(t, v.span.line as usize))
        .map(|(first, slice, offset)| {
            let start = (v.span.start as usize)
                .saturating_sub(offset)
                .min(slice.len());
            let end = (v.span.end as usize)
                .saturating_sub(offset)
                .clamp(start, slice.len());
            let end = if end == start {
                // Point at the rest of the token when no width is known.
                slice[start..]
                    .find(|c: char| c.is_whitespace())
                    .map_or(slice.len(), |w| start + w)
                    .max((start + 1).min(slice.len()))
            } else {
                end
            };
            let (start, end) = char_boundaries(slice, start, end);
            Snippet::source(slice)
                .line_start(first)
                .path(v.file.as_str())
                .annotation(
                    AnnotationKind::Primary
                        .span(start..end)
                        .label(v.rule.summary),
                )
        });
    let title = level.primary_title(title).id(v.rule.id);
    let mut group = match snippet {
        Some(snippet) => title.element(snippet),
        None => title.element(annotate_snippets::Origin::path(location.clone())),
    };
    for related in &v.related {
        group = group.element(Level::NOTE.message(format!(
            "{} ({}:{}:{})",
            related.message, related.file, related.span.line, related.span.column
        )));
    }
    let group = group.element(Level::HELP.message(v.rule.fix));
    renderer.render(&[group])
}

fn char_boundaries(text: &str, mut start: usize, mut end: usize) -> (usize, usize) {
    while start > 0 && !text.is_char_boundary(start) {
        start -= 1;
    }
    while end < text.len() && !text.is_char_boundary(end) {
        end += 1;
    }
    (start, end)
}
