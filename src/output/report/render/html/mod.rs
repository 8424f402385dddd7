//! `--format html`: one page to hand to a vendor. It opens offline and alone: its style
//! and script are inline, pinned by a Content-Security-Policy that lets them and nothing
//! else run or load, so it survives mail and ticket attachments. It shows the run (sources
//! and their digests, vnfwiz's version, the rules and settings in force, the date), the
//! counts, every finding grouped by file (by rule at a switch) with its source lines and
//! its fix, the files not checked and the text of every rule it names.

mod finding;
mod markup;
pub mod palette;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use base64ct::{Base64, Encoding};
use sha2::{Digest, Sha256};

use crate::foundation::diagnostics::{Report, RuleMeta, Severity, Violation, Waived};

use super::fixes::Fixes;
use super::run::RunInfo;
use super::sources::SourceCache;
use finding::{Card, rule_link};
use markup::{escape, prose};

/// The page's own stylesheet, after the palette's custom properties.
const STYLE: &str = include_str!("page.css");

/// The filter, toggles and grouping switch.
const SCRIPT: &str = include_str!("page.js");

/// The whole page.
pub fn render(report: &Report, fixes: &Fixes, run: &RunInfo) -> String {
    let style = format!("{}{STYLE}", palette::css());
    let mut out = String::with_capacity(16 << 10);
    head(&mut out, run, &style);
    header(&mut out, report, fixes, run);
    controls(&mut out, report);
    findings(&mut out, report, fixes);
    not_checked(&mut out, report);
    rules(&mut out, report);
    let _ = write!(
        out,
        "<footer>Written by vnfwiz {version} on {date}. This page is one file; it loads nothing \
         and sends nothing.</footer>\n<script>{SCRIPT}</script>\n</body>\n</html>\n",
        version = escape(&run.version),
        date = escape(&run.date),
    );
    out
}

/// `'sha256-…'`: a CSP source allowing exactly this inline text.
fn csp_hash(text: &str) -> String {
    format!("'sha256-{}'", Base64::encode_string(&Sha256::digest(text)))
}

fn head(out: &mut String, run: &RunInfo, style: &str) {
    let title = match run.sources.as_slice() {
        [one] => format!("vnfwiz report: {}", one.path),
        _ => "vnfwiz report".to_owned(),
    };
    // Nothing may load or connect; only this style and this script may apply and run.
    let policy = format!(
        "default-src 'none'; style-src {}; script-src {}; img-src data:; base-uri 'none'; form-action 'none'",
        csp_hash(style),
        csp_hash(SCRIPT)
    );
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"vnfwiz {version}\">\n\
         <title>{title}</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <style>{style}</style>\n</head>\n<body>\n",
        version = escape(&run.version),
        title = escape(&title),
    );
}

/// How many findings of each kind the counts line shows: those that count by severity,
/// the waived ones, and how many of those that count have a fix.
struct Counts {
    errors: usize,
    warnings: usize,
    notes: usize,
    waived: usize,
    fixable: usize,
}

impl Counts {
    fn of(report: &Report, fixes: &Fixes) -> Counts {
        let fixable = report
            .inputs
            .iter()
            .enumerate()
            .map(|(i, input)| {
                let fixed = |v: &&Violation| fixes.of(i, v).is_some();
                input.violations.iter().filter(fixed).count()
            })
            .sum();
        Counts {
            errors: report.count(Severity::Error),
            warnings: report.count(Severity::Warning),
            notes: report.count(Severity::Note),
            waived: report.count_waived(None),
            fixable,
        }
    }
}

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn header(out: &mut String, report: &Report, fixes: &Fixes, run: &RunInfo) {
    out.push_str("<header>\n<h1>vnfwiz report</h1>\n<dl class=\"run\">\n");
    for source in &run.sources {
        let _ = write!(
            out,
            "<dt>Source</dt><dd><code>{}</code>",
            escape(&source.path)
        );
        match &source.sha256 {
            Some(digest) => {
                let _ = write!(
                    out,
                    "<br><span class=\"muted\">SHA-256</span> <code>{digest}</code>"
                );
            }
            None => out.push_str(" <span class=\"muted\">(a folder: no single digest)</span>"),
        }
        out.push_str("</dd>\n");
    }
    let _ = writeln!(out, "<dt>Rules</dt><dd>{}</dd>", escape(&run.rules));
    for (name, value) in &run.settings {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", escape(name), escape(value));
    }
    let _ = write!(
        out,
        "<dt>vnfwiz</dt><dd>{}</dd>\n<dt>Date</dt><dd>{}</dd>\n</dl>\n",
        escape(&run.version),
        escape(&run.date)
    );
    let counts = Counts::of(report, fixes);
    let _ = write!(
        out,
        "<ul class=\"counts\">\n<li class=\"error\"><b>{}</b> error{}</li>\n\
         <li class=\"warning\"><b>{}</b> warning{}</li>\n<li class=\"note\"><b>{}</b> note{}</li>\n\
         <li><b>{}</b> waived</li>\n<li><b>{}</b> fixable</li>\n</ul>\n<p>{} checked against {}",
        counts.errors,
        if counts.errors == 1 { "" } else { "s" },
        counts.warnings,
        if counts.warnings == 1 { "" } else { "s" },
        counts.notes,
        if counts.notes == 1 { "" } else { "s" },
        counts.waived,
        counts.fixable,
        plural(report.files(), "file"),
        plural(report.rules_checked(), "rule"),
    );
    if report.not_checked() > 0 {
        let _ = write!(
            out,
            "; <a href=\"#not-checked\">{} not checked</a>",
            plural(report.not_checked(), "file")
        );
    }
    out.push_str(".</p>\n</header>\n");
}

fn controls(out: &mut String, report: &Report) {
    out.push_str(
        "<nav id=\"controls\" hidden aria-label=\"Filter the findings\">\n\
         <input id=\"filter\" type=\"search\" placeholder=\"Filter by rule, file or words\" \
         aria-label=\"Filter by rule, file or words\">\n<fieldset><legend>Show</legend>",
    );
    for severity in [Severity::Error, Severity::Warning, Severity::Note] {
        let name = severity.as_str();
        let _ = write!(
            out,
            "<label><input type=\"checkbox\" name=\"severity\" value=\"{name}\" checked> \
             {name}s ({})</label>",
            report.count(severity)
        );
    }
    let _ = write!(
        out,
        "<label><input type=\"checkbox\" name=\"waived\" checked> waived ({})</label>",
        report.count_waived(None)
    );
    out.push_str(
        "</fieldset>\n<fieldset><legend>Group by</legend>\
         <label><input type=\"radio\" name=\"group\" value=\"file\" checked> file</label>\
         <label><input type=\"radio\" name=\"group\" value=\"rule\"> rule</label></fieldset>\n\
         <span id=\"shown\" aria-live=\"polite\"></span>\n</nav>\n",
    );
}

/// Every finding, those that count and the waived ones, grouped by file and in place order.
fn findings(out: &mut String, report: &Report, fixes: &Fixes) {
    out.push_str("<main id=\"findings\">\n");
    let several = report.inputs.len() > 1;
    let mut number = 0;
    for (i, input) in report.inputs.iter().enumerate() {
        let mut sources = SourceCache::new(input.sources.as_ref());
        let mut open: Option<&str> = None;
        let mut shown: Vec<(&Violation, Option<&Waived>)> = input
            .violations
            .iter()
            .map(|v| (v, None))
            .chain(input.waived.iter().map(|w| (&w.violation, Some(&w.waived))))
            .collect();
        shown.sort_by(|a, b| a.0.sort_key().cmp(&b.0.sort_key()));
        for (v, waived) in shown {
            if open != Some(v.file.as_str()) {
                if open.is_some() {
                    out.push_str("</section>\n");
                }
                let heading = if several {
                    format!(
                        "{} <span class=\"muted\">in {}</span>",
                        escape(&v.file),
                        escape(&input.label)
                    )
                } else {
                    escape(&v.file).into_owned()
                };
                let _ = writeln!(out, "<section class=\"group\">\n<h2>{heading}</h2>");
                open = Some(&v.file);
            }
            number += 1;
            let group = format!("{i}:{}", v.file);
            Card {
                number,
                group: &group,
                violation: v,
                fix: fixes.of(i, v),
                waived,
            }
            .write(out, &mut sources);
        }
        if open.is_some() {
            out.push_str("</section>\n");
        }
    }
    if number == 0 {
        let _ = writeln!(
            out,
            "<p>No findings: {} checked against {}.</p>",
            plural(report.files(), "file"),
            plural(report.rules_checked(), "rule")
        );
    }
    out.push_str("</main>\n");
}

fn not_checked(out: &mut String, report: &Report) {
    if report.not_checked() == 0 {
        return;
    }
    let several = report.inputs.len() > 1;
    out.push_str("<section id=\"not-checked\">\n<h2>Files not checked</h2>\n<ul>\n");
    for input in &report.inputs {
        for file in &input.not_checked {
            let _ = write!(out, "<li><code>{}</code>", escape(&file.file));
            if several {
                let _ = write!(
                    out,
                    " <span class=\"muted\">in {}</span>",
                    escape(&input.label)
                );
            }
            let _ = writeln!(out, ": {}</li>", prose(&file.reason));
        }
    }
    out.push_str("</ul>\n</section>\n");
}

/// The rules the findings name (waived ones and twins included), each once, by id.
fn named_rules(report: &Report) -> Vec<&'static RuleMeta> {
    let named: BTreeMap<&str, &'static RuleMeta> = report
        .violations()
        .chain(report.waived().map(|w| &w.violation))
        .flat_map(|v| std::iter::once(v.rule).chain(v.also.iter().copied()))
        .map(|rule| (rule.id, rule))
        .collect();
    named.into_values().collect()
}

/// The text of every rule the page names: where each requirement id links to.
fn rules(out: &mut String, report: &Report) {
    let named = named_rules(report);
    if named.is_empty() {
        return;
    }
    out.push_str("<section id=\"rules\">\n<h2>Rules</h2>\n<dl>\n");
    for rule in named {
        let id = escape(rule.id);
        let _ = write!(
            out,
            "<dt id=\"rule-{id}\">{link} {keyword}</dt>\n<dd><p>{summary}</p>\
             <p class=\"muted\">{section}{source}</p><p><b>Why.</b> {why}</p>\
             <p><b>How to fix.</b> {fix}</p></dd>\n",
            link = rule_link(rule.id),
            keyword = rule.keyword.as_str(),
            summary = prose(rule.summary),
            section = escape(rule.section),
            source = crate::check::rule_source::url(rule.id).map_or_else(String::new, |url| {
                format!(" · <a href=\"{}\">published text</a>", escape(&url))
            }),
            why = prose(rule.why),
            fix = prose(rule.fix),
        );
    }
    out.push_str("</dl>\n</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::report::render::run::Source;
    use crate::output::report::render::sample;

    fn run() -> RunInfo {
        RunInfo {
            date: "2024-05-01T10:00:00+00:00".to_owned(),
            version: "[version]".to_owned(),
            sources: vec![
                Source {
                    path: "vfw".to_owned(),
                    sha256: None,
                },
                Source {
                    path: "dns.zip".to_owned(),
                    sha256: Some("ab".repeat(32)),
                },
            ],
            rules: "profile onap".to_owned(),
            settings: vec![("Skipped".to_owned(), "R-90526".to_owned())],
        }
    }

    /// The text between `open` and the next `close` after it.
    fn between<'t>(text: &'t str, open: &str, close: &str) -> &'t str {
        let start = text.find(open).expect(open) + open.len();
        let end = text[start..].find(close).expect(close);
        &text[start..start + end]
    }

    #[test]
    fn two_inputs_render_as_their_snapshot() {
        // The head's policy and the stylesheet and script have tests of their own.
        let page = render(&sample::two_inputs(), &Fixes::none(), &run());
        insta::assert_snapshot!(between(&page, "<body>\n", "<script>"));
    }

    #[test]
    fn the_policy_allows_exactly_the_inline_style_and_script() {
        let page = render(&sample::report(), &Fixes::none(), &run());
        let style = between(&page, "<style>", "</style>");
        let script = between(&page, "<script>", "</script>");
        let policy = between(&page, "Content-Security-Policy\" content=\"", "\"");
        assert!(policy.starts_with("default-src 'none'; "), "{policy}");
        assert!(policy.contains(&format!("style-src {};", csp_hash(style))));
        assert!(policy.contains(&format!("script-src {};", csp_hash(script))));
        assert_eq!(page.matches("<script").count(), 1);
        assert_eq!(page.matches("<style").count(), 1);
    }

    #[test]
    fn every_finding_has_its_card_and_markup_in_the_input_stays_text() {
        let report = sample::two_inputs();
        let page = render(&report, &Fixes::none(), &run());
        assert_eq!(
            page.matches("<article class=\"finding").count(),
            report.violations().count()
        );
        assert!(page.contains("odd &lt;name&gt; &amp; &quot;quote&quot;\u{2401}"));
        assert!(page.contains("<dt id=\"rule-R-92635/naming\">"));
        assert!(page.contains(
            "<code>charts/dns/Chart.yaml</code> <span class=\"muted\">in dns.zip</span>"
        ));
        assert!(page.contains("SHA-256</span> <code>abab"));
    }

    #[test]
    fn waived_findings_show_in_place_with_their_reason_and_are_counted_apart() {
        let report = sample::waived();
        let page = render(&report, &Fixes::none(), &run());
        assert_eq!(page.matches("<article class=\"finding").count(), 3);
        assert_eq!(page.matches("data-waived=\"yes\"").count(), 2);
        assert!(page.contains(
            "<p class=\"waiver\"><b>Waived:</b> the vendor pins its image; ticket 42 \
             (config, vnfwiz.toml:3, until 2027-06-30)</p>"
        ));
        assert!(page.contains("<li class=\"error\"><b>0</b> errors</li>"));
        assert!(page.contains("<li><b>2</b> waived</li>"));
        assert!(page.contains("name=\"waived\" checked> waived (2)"));
        // In place order: the waived error on line 5 comes first.
        let first = page.find("class=\"finding").expect("a card");
        assert!(page[first..].starts_with("class=\"finding error waived\""));
    }

    #[test]
    fn a_finding_of_twins_links_each_id_to_its_rule_text() {
        let page = render(&sample::twins(), &Fixes::none(), &run());
        assert!(
            page.contains("<span class=\"also\">also <a class=\"rule\" href=\"#rule-R-62590\">R-62590</a></span>"),
            "{page}"
        );
        assert!(page.contains("<dt id=\"rule-R-62590\">"), "{page}");
        assert_eq!(page.matches("<article class=\"finding").count(), 1);
    }

    #[test]
    fn a_clean_run_says_so_with_its_counts() {
        let mut report = sample::report();
        report.inputs[0].violations.clear();
        let page = render(&report, &Fixes::none(), &run());
        assert!(page.contains("<p>No findings: 2 files checked against 2 rules.</p>"));
        assert!(!page.contains("id=\"rules\""));
    }
}
