//! How long each report format takes for 20 000 violations: 10 000 in one 30 000-line
//! template and 100 in each of 100 further files. Run: `cargo bench --bench render`.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

use vnfwiz::foundation::diagnostics::{
    InputReport, InputRoot, Keyword, Report, RuleMeta, SourceTexts, Span, Violation,
};
use vnfwiz::output::report::render::fixes::Fixes;
use vnfwiz::output::report::render::run::RunInfo;
use vnfwiz::output::report::render::{csv, html, json, junit, sarif, text};

static RULE: RuleMeta = RuleMeta {
    id: "R-90526",
    keyword: Keyword::MustNot,
    section: "parameters / default",
    summary: "A parameter declaration has no `default:`.",
    why: "Defaults hide values from the orchestrator.",
    fix: "Move the value to the environment file.",
};

struct Texts(HashMap<String, String>);

impl SourceTexts for Texts {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        self.0.get(file).map(|t| Cow::Borrowed(t.as_str()))
    }

    fn file_count(&self) -> usize {
        self.0.len()
    }
}

/// A template of `n` parameters with defaults, and its `n` violations.
fn template(file: &str, n: u32) -> (String, Vec<Violation>) {
    let mut text = String::from("heat_template_version: 2016-10-14\nparameters:\n");
    let mut violations = Vec::new();
    for i in 0..n {
        text.push_str(&format!("  dns_{i}_image:\n    type: string\n"));
        let start = text.len() as u32 + 4;
        let line = 5 + 3 * i;
        text.push_str("    default: unbound-1.19\n");
        violations.push(Violation {
            rule: &RULE,
            file: file.to_owned(),
            span: Span {
                line,
                column: 5,
                start,
                end: start + 7,
            },
            path: format!("parameters.dns_{i}_image.default"),
            message: format!("parameter `dns_{i}_image` declares a default"),
            related: Vec::new(),
            also: Vec::new(),
        });
    }
    (text, violations)
}

fn report() -> Report {
    let mut texts = HashMap::new();
    let mut violations = Vec::new();
    let (text, found) = template("base_dns.yaml", 10_000);
    texts.insert("base_dns.yaml".to_owned(), text);
    violations.extend(found);
    for f in 0..100 {
        let file = format!("nested/dns_{f}.yaml");
        let (text, found) = template(&file, 100);
        texts.insert(file, text);
        violations.extend(found);
    }
    violations.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    Report {
        inputs: vec![InputReport {
            label: "dns".to_owned(),
            root: InputRoot::Folder(PathBuf::from("/srv/vnf/dns")),
            sources: Box::new(Texts(texts)),
            violations,
            not_checked: Vec::new(),
            notes: Vec::new(),
            waived: Vec::new(),
            elapsed: Duration::from_millis(40),
        }],
        rules: vec![&RULE],
    }
}

fn render(c: &mut Criterion) {
    let report = report();
    let mut group = c.benchmark_group("render 20 000 violations");
    group.sample_size(20);
    group.bench_function("text", |b| b.iter(|| text::render(&report, false)));
    group.bench_function("text, colour", |b| b.iter(|| text::render(&report, true)));
    group.bench_function("json", |b| b.iter(|| json::render(&report)));
    group.bench_function("sarif", |b| b.iter(|| sarif::render(&report)));
    group.bench_function("junit", |b| b.iter(|| junit::render(&report)));
    let fixes = Fixes::none();
    let run = RunInfo::now(Vec::new(), "profile onap".to_owned()).expect("no SOURCE_DATE_EPOCH");
    group.bench_function("html", |b| b.iter(|| html::render(&report, &fixes, &run)));
    group.bench_function("csv", |b| b.iter(|| csv::render(&report, &fixes)));
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
