//! Opt-in: the HTML page and the CSV rows of every CSAR, OVF and OVA of the shared corpus
//! and of each set of OpenStack's heat-templates hold every finding the JSON report lists,
//! at its place, and exit as it does. Runs when `VNFWIZ_CORPUS` names the corpus folder.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::binary::{place, vnfwiz};

/// Every input of the corpus these reports are checked on.
fn inputs(corpus: &Path) -> Vec<PathBuf> {
    let listed = |dir: PathBuf, keep: fn(&Path) -> bool| -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| keep(p))
                    .collect()
            })
            .unwrap_or_default();
        found.sort();
        found
    };
    let mut all = listed(corpus.join("csar"), |p| p.is_dir());
    all.extend(listed(corpus.join("ovf"), |p| {
        p.extension().is_some_and(|e| e == "ovf" || e == "ova")
    }));
    all.extend(listed(corpus.join("hot/openstack-heat-templates"), |p| {
        p.is_dir()
    }));
    all
}

#[test]
fn every_corpus_input_has_its_findings_on_the_page_and_in_the_rows() {
    let Some(corpus) = std::env::var_os("VNFWIZ_CORPUS").map(PathBuf::from) else {
        eprintln!("corpus report check skipped: VNFWIZ_CORPUS is not set");
        return;
    };
    let inputs = inputs(&corpus);
    assert!(!inputs.is_empty(), "no input under {}", corpus.display());
    let mut problems = Vec::new();
    for input in &inputs {
        let path = input.to_str().expect("UTF-8 path");
        let run = |format: &str| vnfwiz(&["validate", path, "--format", format], &[]);
        let (json, html, csv) = (run("json"), run("html"), run("csv"));
        let code = json.status.code();
        if code == Some(2) {
            continue;
        }
        if html.status.code() != code || csv.status.code() != code {
            problems.push(format!("{path}: exit codes differ"));
            continue;
        }
        let doc: Value = serde_json::from_slice(&json.stdout).expect("JSON");
        let findings = doc["violations"].as_array().expect("violations");
        let page = String::from_utf8_lossy(&html.stdout);
        let rows = String::from_utf8_lossy(&csv.stdout);
        if page.matches("<article class=\"finding").count() != findings.len() {
            problems.push(format!("{path}: the page's findings differ in number"));
        }
        if rows.matches("\r\n").count() != findings.len() + 1 {
            problems.push(format!("{path}: the rows differ in number"));
        }
        for v in findings {
            let place = place(v);
            let escaped = place
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            if !page.contains(&format!("<span class=\"place\">{escaped}</span>")) {
                problems.push(format!("{path}: {place} is not on the page"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!("{} corpus inputs reported in HTML and CSV", inputs.len());
}
