//! One finding as the page shows it: severity, requirement id and keyword, place, message,
//! the rule's summary, the source lines around the place with its line marked, the related
//! places, the fix's diff and the rule's why and how to fix.

use std::fmt::Write as _;

use crate::foundation::diagnostics::{Related, Span, Violation, Waived};
use crate::session::FixView;
use crate::transform::fix::UnifiedLine;

use super::super::sources::{IndexedText, SourceCache};
use super::super::text::waived_line;
use super::markup::{escape, prose, window};

/// Source lines shown before and after a finding's line.
const CONTEXT: usize = 2;

/// A finding and what the page needs to show it.
pub struct Card<'a> {
    /// Its number on the page (its anchor is `f<number>`).
    pub number: usize,
    /// Which file group it belongs to (the grouping switch's key).
    pub group: &'a str,
    /// The finding.
    pub violation: &'a Violation,
    /// Its fix, when it has one.
    pub fix: Option<&'a FixView>,
    /// Who accepted it and why, when it is waived.
    pub waived: Option<&'a Waived>,
}

impl Card<'_> {
    /// Writes the card's `<article>` into `out`, reading source lines from `sources`.
    pub fn write(&self, out: &mut String, sources: &mut SourceCache<'_>) {
        let v = self.violation;
        let severity = v.severity().as_str();
        let rule = escape(v.rule.id);
        let (class, data, badge) = match self.waived {
            Some(_) => (
                " waived",
                " data-waived=\"yes\"",
                " <span class=\"badge\">waived</span>",
            ),
            None => ("", "", ""),
        };
        let _ = write!(
            out,
            "<article class=\"finding {severity}{class}\" id=\"f{number}\" \
             data-severity=\"{severity}\"{data} data-rule=\"{rule}\" data-group=\"{group}\">\n\
             <div class=\"head\"><span class=\"sev\">{severity}</span>{badge} {link} \
             <span class=\"kw\">{keyword}</span> <span class=\"place\">{place}</span>",
            number = self.number,
            group = escape(self.group),
            link = rule_link(v.rule.id),
            keyword = v.rule.keyword.as_str(),
            place = place(&v.file, v.span),
        );
        if !v.also.is_empty() {
            // Twin requirements the same defect breaks: named in the head, so the filter
            // finds the finding by any of its ids.
            let twins: Vec<String> = v.also.iter().map(|r| rule_link(r.id)).collect();
            let _ = write!(out, " <span class=\"also\">also {}</span>", twins.join(" "));
        }
        if !v.path.is_empty() {
            let _ = write!(out, " <span class=\"muted\">{}</span>", escape(&v.path));
        }
        let _ = write!(
            out,
            "</div>\n<p class=\"msg\">{}</p>\n<p class=\"sum\">{}</p>\n",
            prose(&v.message),
            prose(v.rule.summary)
        );
        if let Some(waived) = self.waived {
            let _ = writeln!(
                out,
                "<p class=\"waiver\"><b>Waived:</b> {}</p>",
                prose(&waived_line(waived))
            );
        }
        if let Some(source) = sources.fetch(&v.file) {
            out.push_str(&snippet(source, v.span));
        }
        if !v.related.is_empty() {
            out.push_str("<ul class=\"related\">\n");
            for related in &v.related {
                out.push_str(&related_item(related, sources));
            }
            out.push_str("</ul>\n");
        }
        if let Some(fix) = self.fix {
            out.push_str(&fix_part(fix));
        }
        let _ = write!(
            out,
            "<details class=\"why\"><summary>Why, and how to fix</summary>\
             <p><b>Why.</b> {}</p><p><b>How to fix.</b> {}</p></details>\n</article>\n",
            prose(v.rule.why),
            prose(v.rule.fix)
        );
    }
}

/// A requirement id as a link to its entry in the page's rule section.
pub fn rule_link(id: &str) -> String {
    let id = escape(id);
    format!("<a class=\"rule\" href=\"#rule-{id}\">{id}</a>")
}

/// `file:line:column`, as every format writes it.
fn place(file: &str, span: Span) -> String {
    format!("{}:{}:{}", escape(file), span.line, span.column)
}

/// The lines around `span` with its line marked and the span underlined; empty when the
/// place lies outside the text.
fn snippet(source: &IndexedText<'_>, span: Span) -> String {
    let Some((line_text, range)) = source.line_at(span) else {
        return String::new();
    };
    let line = span.line as usize;
    let first = line.saturating_sub(CONTEXT).max(1);
    // The empty "line" after a file's last line break is not shown.
    let shown = |n: usize| {
        n == line
            || source
                .index
                .line_bounds(&source.text, n)
                .is_some_and(|(start, _)| start < source.text.len())
    };
    let last = (first..=line + CONTEXT)
        .take_while(|&n| shown(n))
        .last()
        .unwrap_or(line);
    let width = last.to_string().len();
    let mut out = String::from("<pre class=\"snippet\"><code>");
    for n in first..=last {
        let number = format!("<span class=\"ln\">{n:>width$} </span>");
        if n == line {
            let (before, marked, after) = window(line_text, range.clone());
            let _ = writeln!(
                out,
                "<span class=\"hit\">{number}{before}<span class=\"at\">{marked}</span>{after}</span>"
            );
        } else {
            let text = source.index.line(&source.text, n).unwrap_or_default();
            let (_, _, shown) = window(text, 0..0);
            let _ = writeln!(out, "{number}{shown}");
        }
    }
    // The last line break would draw an empty line.
    out.pop();
    out.push_str("</code></pre>\n");
    out
}

/// A related place: where, what, and its line when the file has text.
fn related_item(related: &Related, sources: &mut SourceCache<'_>) -> String {
    let mut out = format!(
        "<li><span class=\"place\">{}</span> {}",
        place(&related.file, related.span),
        prose(&related.message)
    );
    if let Some((text, range)) = sources
        .fetch(&related.file)
        .and_then(|source| source.line_at(related.span))
    {
        let (before, marked, after) = window(text, range);
        let _ = write!(
            out,
            "<pre><code><span class=\"ln\">{} </span>{before}<span class=\"at\">{marked}</span>{after}</code></pre>",
            related.span.line
        );
    }
    out.push_str("</li>\n");
    out
}

/// The fix: its diff when it is ready, what it asks when it needs the operator's text.
fn fix_part(fix: &FixView) -> String {
    match fix {
        FixView::Ready(planned) => {
            let mut out = format!(
                "<details class=\"fix\"><summary>Fix ({}): {}</summary><pre class=\"diff\"><code>",
                planned.safety,
                prose(&planned.title)
            );
            for (kind, line) in planned.preview.unified_lines() {
                let class = match kind {
                    UnifiedLine::Added => "add",
                    UnifiedLine::Removed => "del",
                    UnifiedLine::Hunk => "hunk",
                    UnifiedLine::File | UnifiedLine::Note => "muted",
                    UnifiedLine::Context => "",
                };
                if class.is_empty() {
                    let _ = writeln!(out, "{}", escape(&line));
                } else {
                    let _ = writeln!(out, "<span class=\"{class}\">{}</span>", escape(&line));
                }
            }
            out.pop();
            out.push_str("</code></pre></details>\n");
            out
        }
        FixView::NeedsText { title, prompt } => format!(
            "<p class=\"fix\"><b>Fix (needs text):</b> {}; the wizard asks: {}</p>\n",
            prose(title),
            prose(prompt)
        ),
        FixView::Unavailable(_) => String::new(),
    }
}
