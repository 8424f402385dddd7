//! `validate --format html` and `--format csv` as the vendor gets them: the text of both
//! (snapshots, date and version normalised) and the HTML page opened in headless Chromium
//! (support/chromium.rs), read from its DOM as a person would read it: every finding with
//! its id, file and line; the filter, the severity toggles and the grouping switch working;
//! no request leaving the page; every text colour at WCAG AA; no sideways scrolling at a
//! phone's width. Screenshots go to target/html-report/ for a person to look at.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use vnfwiz::foundation::contrast::{AA_TEXT, ratio};

use crate::support::binary::{fixtures, place};
use crate::support::chromium::Browser;

/// The report fixture: a HOT set breaking a MUST, a SHOULD and a MAY, with fixes of each
/// kind, a hidden value, markup in a description and a file that is not checked.
const VDNS: &str = "tests/fixtures/reports/vdns";

/// The inputs whose pages the browser reads: one of each kind vnfwiz takes.
const INPUTS: &[(&str, &str)] = &[
    ("vdns", VDNS),
    (
        "ova",
        "tests/fixtures/rules/OVF-digest-mismatch/fail_2/vrouter.ova",
    ),
    ("ovf", "tests/fixtures/ovf/complete"),
    (
        "csar",
        "tests/fixtures/rules/CSAR-flavour-inputs/fail_single",
    ),
];

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `vnfwiz validate <input> --format <format>` run from the repository (so paths in the
/// report are the relative ones given), dated by `SOURCE_DATE_EPOCH`.
fn validate(input: &str, format: &str) -> String {
    validate_with(input, format, &[])
}

/// [`validate`] with `extra` flags.
fn validate_with(input: &str, format: &str, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["validate", input, "--format", format])
        .args(extra)
        .current_dir(repository())
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .expect("the binary runs");
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{input} --format {format}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// A report's text with what changes between builds replaced: the version, and the
/// page's stylesheet and script with the policy's digests of them (their own tests
/// check those).
fn normalised(text: &str) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let mut out = text
        .replace(&format!("vnfwiz {version}"), "vnfwiz [version]")
        .replace(&format!("<dd>{version}</dd>"), "<dd>[version]</dd>");
    for (open, close) in [("<style>", "</style>"), ("<script>", "</script>")] {
        if let Some(start) = out.find(open).map(|at| at + open.len()) {
            let end = start + out[start..].find(close).expect(close);
            out.replace_range(start..end, "…");
        }
    }
    while let Some(at) = out.find("'sha256-") {
        let end = at + 1 + out[at + 1..].find('\'').expect("closing quote");
        out.replace_range(at..=end, "[digest]");
    }
    out
}

#[test]
fn the_csv_has_a_row_per_finding_with_rfc_4180_quoting() {
    let csv = validate(VDNS, "csv");
    let json: Value = serde_json::from_str(&validate(VDNS, "json")).expect("JSON");
    let findings = json["violations"].as_array().expect("violations");
    assert_eq!(csv.matches("\r\n").count(), 1 + findings.len(), "{csv}");
    assert!(
        !csv.replace("\r\n", "").contains('\n'),
        "bare line feeds: {csv}"
    );
    assert!(csv.contains(",\"parameter `vdns_image_name` feeds `image` of `vdns-server-0`, but `base_vdns.env` does not list it\","));
    insta::assert_snapshot!(normalised(&csv).replace("\r\n", "\u{21b5}\n"));
}

#[test]
fn the_html_page_is_one_file_that_shows_every_finding_and_hides_the_secret() {
    let html = validate(VDNS, "html");
    // A link a reader follows is no request; anything the page itself would load is.
    let loaded = html.replace("<a href=\"https://", "<a href=\"");
    assert!(
        html.contains("<a href=\"https://docs.onap.org/"),
        "no link to a requirement's text"
    );
    for outside in [
        "src=",
        "<link rel=\"stylesheet\"",
        "http://",
        "https://",
        "@import",
        "url(",
    ] {
        assert!(
            !loaded.contains(outside),
            "the page refers outside itself: {outside}"
        );
    }
    assert!(!html.contains("Tr0ub4dor"), "the hidden value shows");
    assert!(html.contains("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;"));
    assert!(html.contains("Content-Security-Policy"));
    let json: Value = serde_json::from_str(&validate(VDNS, "json")).expect("JSON");
    for v in json["violations"].as_array().expect("violations") {
        let place = place(v);
        assert!(html.contains(&place), "{place} missing");
    }
    assert!(
        html.contains("<code>helm/vdns/Chart.yaml</code>"),
        "the file not checked"
    );
    insta::assert_snapshot!(normalised(&html));
}

#[test]
fn the_page_names_the_rules_and_settings_in_force() {
    let args = [
        "--profile",
        "heat",
        "--skip-rules",
        "R-92635/yaml-limit",
        "--max-files",
        "50",
        "--heat-ready",
    ];
    let html = validate_with(VDNS, "html", &args);
    for shown in [
        "<dt>Rules</dt><dd>profile heat</dd>",
        "<dt>Skipped</dt><dd>R-92635/yaml-limit</dd>",
        "<dt>Limits</dt><dd>--max-files 50</dd>",
        "<dt>Stage</dt><dd>--heat-ready",
        "<dt>Date</dt><dd>2023-11-14T22:13:20+00:00</dd>",
    ] {
        assert!(html.contains(shown), "{shown} missing");
    }
    // A project config's choice, and the file itself, are named too.
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("vnfwiz.toml");
    std::fs::write(&config, "[rules]\nignore = [\"R-90526\"]\n").expect("config");
    let html = validate_with(VDNS, "html", &["--config", config.to_str().unwrap()]);
    assert!(html.contains("<dt>Skipped</dt><dd>R-90526</dd>"));
    assert!(html.contains(&format!("<dt>Config</dt><dd>{}</dd>", config.display())));
    let ova = validate(
        "tests/fixtures/rules/OVF-digest-mismatch/fail_2/vrouter.ova",
        "html",
    );
    let digest = "dc1481f916373c4a7f3ac0c9069b37e4fd9fd4ea7037fa9e053614a74949fbb0";
    assert!(ova.contains(&format!("SHA-256</span> <code>{digest}</code>")));
}

/// Where the screenshots go: target/html-report/.
fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map_or_else(|| repository().join("target"), Path::to_path_buf)
        .join("html-report");
    std::fs::create_dir_all(&dir).expect("target/html-report");
    dir
}

/// What the page shows of each finding: its rule link's text, its place and whether it is
/// shown.
const FINDINGS: &str = "[...document.querySelectorAll('.finding')].map(f => ({
    rule: f.querySelector('.rule').textContent,
    place: f.querySelector('.place').textContent,
    severity: f.dataset.severity,
    waived: f.dataset.waived === 'yes',
    text: f.textContent.toLowerCase(),
    shown: !f.hidden && f.offsetParent !== null,
}))";

/// Every (text colour, background) pair the page draws text in, as `rgb(…)` strings: the
/// background is the first opaque one up the element's ancestors.
const COLOUR_PAIRS: &str = "(() => {
  const pairs = new Set();
  const background = e => {
    for (; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
    }
    return 'rgb(255, 255, 255)';
  };
  for (const e of document.querySelectorAll('body *')) {
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (own && e.offsetParent !== null) pairs.add(getComputedStyle(e).color + '|' + background(e));
  }
  return [...pairs];
})()";

fn rgb(text: &str) -> (u8, u8, u8) {
    let numbers: Vec<u8> = text
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .map(|n| n.trim().parse().unwrap_or_else(|_| panic!("colour {text}")))
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

/// Fails on any text the page draws below WCAG AA in the scheme emulated now.
fn assert_contrast(browser: &mut Browser, name: &str, scheme: &str) {
    let pairs = browser.evaluate(COLOUR_PAIRS).expect("colours");
    for pair in pairs.as_array().expect("a list") {
        let (fg, bg) = pair.as_str().unwrap().split_once('|').unwrap();
        let contrast = ratio(rgb(fg), rgb(bg));
        assert!(
            contrast >= AA_TEXT,
            "{name} ({scheme}): {fg} on {bg} has a contrast of {contrast:.2}:1"
        );
    }
}

/// Clicks the control `selector` and checks that exactly the findings `hides` picks are
/// hidden, then clicks it back.
fn toggle(browser: &mut Browser, name: &str, selector: &str, hides: impl Fn(&Value) -> bool) {
    let click = format!("document.querySelector('{selector}').click()");
    browser.evaluate(&click).expect("toggle");
    let toggled = browser.evaluate(FINDINGS).expect("findings");
    for f in toggled.as_array().unwrap() {
        assert_eq!(f["shown"] == true, !hides(f), "{name}: {selector}: {f}");
    }
    browser.evaluate(&click).expect("toggle back");
}

/// The page of `input` in the browser, checked as a person would use it.
fn read_page(browser: &mut Browser, name: &str, input: &str, out: &Path) {
    let page = out.join(format!("{name}.html"));
    std::fs::write(&page, validate(input, "html")).expect("write the page");
    let json: Value = serde_json::from_str(&validate(input, "json")).expect("JSON");
    // The JSON lists the waived findings after the others; the page shows them in place.
    let mut listed: Vec<_> = json["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            let at = |key: &str| v[key].as_u64().unwrap_or_default();
            let (file, rule) = (v["file"].as_str().unwrap(), v["rule"].as_str().unwrap());
            (file.to_owned(), at("line"), at("column"), rule.to_owned())
        })
        .collect();
    listed.sort();
    let expected: Vec<(String, String)> = listed
        .into_iter()
        .map(|(file, line, column, rule)| (rule, format!("{file}:{line}:{column}")))
        .collect();
    assert!(!expected.is_empty(), "{name}: the fixture has findings");

    browser.open(&page, 1280, 900).expect("the page opens");
    let controls = browser
        .evaluate("!document.getElementById('controls').hidden")
        .expect("controls");
    assert_eq!(
        controls,
        Value::Bool(true),
        "{name}: the script did not run"
    );
    let shown = browser.evaluate(FINDINGS).expect("findings");
    let on_page: Vec<(String, String)> = shown
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().into(),
                f["place"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(on_page, expected, "{name}: the findings on the page");
    assert!(shown.as_array().unwrap().iter().all(|f| f["shown"] == true));
    // One whole page to look at (a tall page takes a second to shoot), the tops of all.
    if input == VDNS {
        browser
            .screenshot(&out.join(format!("{name}-desktop.png")), true)
            .expect("screenshot");
    }
    browser
        .screenshot(&out.join(format!("{name}-desktop-top.png")), false)
        .expect("screenshot");

    // Every requirement id links to its text on the page.
    let dangling = browser
        .evaluate(
            "[...document.querySelectorAll('a.rule')].filter(a => \
             !document.getElementById(a.getAttribute('href').slice(1))).length",
        )
        .expect("links");
    assert_eq!(dangling, Value::from(0), "{name}: ids linking nowhere");

    // Typing in the filter hides what does not match.
    let query = expected[0].0.to_lowercase();
    browser
        .evaluate("document.getElementById('filter').focus()")
        .expect("focus");
    browser.type_text(&query).expect("type");
    let filtered = browser.evaluate(FINDINGS).expect("findings");
    for f in filtered.as_array().unwrap() {
        let matches = f["text"].as_str().unwrap().contains(&query);
        assert_eq!(
            f["shown"] == true,
            matches,
            "{name}: filtered by {query}: {f}"
        );
    }
    browser
        .evaluate("(() => { const f = document.getElementById('filter'); f.value = ''; f.dispatchEvent(new Event('input')); })()")
        .expect("clear");

    // The severity toggles hide a severity; the waived toggle the waived findings.
    let error = |f: &Value| f["severity"] == "error";
    toggle(browser, name, "input[name=severity][value=error]", error);
    toggle(browser, name, "input[name=waived]", |f| f["waived"] == true);

    // Grouped by rule, each group holds one rule's findings and nothing is lost.
    browser
        .evaluate("document.querySelector('input[name=group][value=rule]').click()")
        .expect("group by rule");
    let groups = browser
        .evaluate(
            "[...document.querySelectorAll('#findings .group')].map(g => \
             [...new Set([...g.querySelectorAll('.finding')].map(f => f.dataset.rule))])",
        )
        .expect("groups");
    let groups = groups.as_array().unwrap();
    assert!(
        groups.iter().all(|g| g.as_array().unwrap().len() == 1),
        "{name}: {groups:?}"
    );
    let mut rules: Vec<&str> = expected.iter().map(|(rule, _)| rule.as_str()).collect();
    rules.sort_unstable();
    rules.dedup();
    assert_eq!(groups.len(), rules.len(), "{name}: one group per rule");
    let count = browser
        .evaluate("document.querySelectorAll('.finding').length")
        .expect("count");
    assert_eq!(count, Value::from(expected.len()), "{name}: findings kept");

    assert_contrast(browser, name, "light");
    browser.emulate("screen", "dark").expect("dark");
    assert_contrast(browser, name, "dark");
    browser
        .screenshot(&out.join(format!("{name}-dark-top.png")), false)
        .expect("screenshot");
    browser.emulate("print", "dark").expect("print");
    let hidden = browser
        .evaluate("getComputedStyle(document.getElementById('controls')).display")
        .expect("print style");
    assert_eq!(hidden, Value::from("none"), "{name}: the controls print");
    assert_contrast(browser, name, "print");
    browser.emulate("screen", "light").expect("light");

    // At a phone's width nothing but the code blocks scrolls sideways.
    browser.resize(390, 844).expect("phone");
    let wide = browser
        .evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        .expect("width");
    assert_eq!(
        wide,
        Value::from(0),
        "{name}: the page scrolls sideways on a phone"
    );
    browser
        .screenshot(&out.join(format!("{name}-phone-top.png")), false)
        .expect("screenshot");

    let url = format!("file://{}", page.display());
    let requests: Vec<String> = browser
        .requests()
        .into_iter()
        .filter(|r| *r != url)
        .collect();
    assert!(
        requests.is_empty(),
        "{name}: the page made requests: {requests:?}"
    );
    let errors = browser.console_errors();
    assert!(errors.is_empty(), "{name}: the console reports {errors:?}");
}

#[test]
fn each_kind_of_input_reads_in_a_headless_browser() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let out = screenshots();
    for (name, input) in INPUTS {
        assert!(repository().join(input).exists(), "{input}");
        read_page(&mut browser, name, input, &out);
    }
    eprintln!("HTML reports and their screenshots: {}", out.display());
}

#[test]
fn the_fixture_has_every_kind_of_finding() {
    let json: Value = serde_json::from_str(&validate(VDNS, "json")).expect("JSON");
    let csv = validate(VDNS, "csv");
    let violations = json["violations"].as_array().expect("violations");
    for severity in ["error", "warning", "note"] {
        assert!(
            violations.iter().any(|v| v["severity"] == severity),
            "{severity}"
        );
    }
    assert!(
        violations.iter().any(|v| v.get("related").is_some()),
        "a related place"
    );
    assert!(
        violations.iter().any(|v| v.get("waived").is_some()),
        "a waived finding"
    );
    for fix in [",safe,", ",review,", ",needs text,", ",no,"] {
        assert!(csv.contains(fix), "a finding whose fix is {fix}");
    }
    assert!(
        json["not_checked"]
            .as_array()
            .is_some_and(|n| !n.is_empty())
    );
    assert!(fixtures("reports/vdns/base_vdns.env").is_file());
}

/// `vnfwiz onboard <input> --out <out> --report <report>` with `extra` flags.
fn onboard(input: &str, out: &Path, report: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["onboard", input, "--out"])
        .arg(out)
        .arg("--report")
        .arg(report)
        .args(extra)
        .current_dir(repository())
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

#[test]
fn onboard_writes_the_report_of_the_output_set_in_the_format_its_name_says() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    // The set breaks MUSTs once onboarded: nothing is written but the report.
    let page = dir.path().join("vdns.html");
    let run = onboard(VDNS, &out, &page, &["--format", "json"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(!out.exists());
    let json: Value = serde_json::from_slice(&run.stdout).expect("JSON");
    let html = std::fs::read_to_string(&page).expect("the page");
    let findings = json["violations"].as_array().expect("violations");
    assert_eq!(
        html.matches("<article class=\"finding").count(),
        findings.len()
    );
    for v in findings {
        let place = place(v);
        assert!(html.contains(&place), "{place}");
    }
    assert!(html.contains(&format!(
        "<dt>Checked</dt><dd>the set written to {}</dd>",
        out.display()
    )));
    assert!(!html.contains("Tr0ub4dor"), "the hidden value shows");

    let rows = dir.path().join("vdns.csv");
    assert_eq!(onboard(VDNS, &out, &rows, &[]).status.code(), Some(1));
    let csv = std::fs::read_to_string(&rows).expect("the rows");
    assert_eq!(csv.matches("\r\n").count(), 1 + findings.len());

    // A clean output set from a package with a warning: the report still shows the
    // package's own finding (never a "No findings" the terminal contradicts).
    let clean = dir.path().join("vfw.html");
    let run = onboard(
        "tests/fixtures/package/vfw/vfw.ovf",
        &out,
        &clean,
        &["--accept-eula"],
    );
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.join("heat/base_vfw.yaml").is_file());
    let html = std::fs::read_to_string(&clean).expect("the page");
    assert!(!html.contains("<p>No findings: "), "{html}");
    assert!(
        html.contains("OVF-no-manifest") && html.contains("vfw.ovf:1:1"),
        "{html}"
    );
    assert!(
        html.contains("SHA-256</span> <code>"),
        "the source's digest"
    );
}

#[test]
fn onboard_says_why_it_writes_no_report() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    let page = dir.path().join("vims.html");
    // Refused (licences not accepted): no set was validated.
    let run = onboard("tests/fixtures/ovf/complete", &out, &page, &[]);
    assert_eq!(run.status.code(), Some(1));
    assert!(!page.exists());
    assert!(String::from_utf8_lossy(&run.stderr).contains("no report written to"));
    // An extension naming no format stops the run before anything is done.
    let run = onboard(VDNS, &out, &dir.path().join("report.pdf"), &[]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&run.stderr)
            .contains(".html, .csv, .json, .sarif, .xml (JUnit) or .txt")
    );
    assert!(!out.exists());
}
