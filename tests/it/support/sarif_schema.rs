//! A SARIF log checked against the SARIF 2.1.0 JSON schema (`tests/fixtures/sarif/`, with
//! the `jsonschema` crate, formats included), and against what the spec requires where a
//! schema cannot say it: rule ids listed once, a result's `ruleIndex` pointing at its
//! `ruleId`, `uriBaseId`s declared in `originalUriBaseIds`, base URIs absolute (unless
//! based themselves) and ending in `/`, URIs with a base id relative, text regions with a
//! start and their end after it.

use std::sync::LazyLock;

use serde_json::Value;

/// The schema, compiled once per test binary.
static SCHEMA: LazyLock<jsonschema::Validator> = LazyLock::new(|| {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/sarif/sarif-schema-2.1.0.json"
    ));
    let mut schema: Value = serde_json::from_str(text).expect("the schema is JSON");
    // The `language` patterns (of `run` and `toolComponent`) have an unescaped `]`, which
    // ECMA 262 (the regex dialect of JSON Schema) refuses and .NET's regexes read as a
    // literal; escaped, they keep that meaning and the schema compiles.
    for owner in ["run", "toolComponent"] {
        let pattern = schema
            .pointer_mut(&format!("/definitions/{owner}/properties/language/pattern"))
            .expect("a language pattern");
        assert_eq!(pattern, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$");
        *pattern = Value::from("^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$");
    }
    jsonschema::draft7::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
});

/// Every place where `log` breaks the schema or the spec; empty when it meets both.
pub fn problems(log: &Value) -> Vec<String> {
    let mut problems: Vec<String> = SCHEMA
        .iter_errors(log)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    for (i, run) in items(log, "/runs").iter().enumerate() {
        spec(&format!("/runs/{i}"), run, &mut problems);
    }
    problems
}

/// The array at `pointer`, empty when there is none.
fn items<'v>(value: &'v Value, pointer: &str) -> &'v [Value] {
    value
        .pointer(pointer)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The spec's requirements on one run.
fn spec(at: &str, run: &Value, problems: &mut Vec<String>) {
    let mut ids: Vec<&str> = Vec::new();
    for (i, rule) in items(run, "/tool/driver/rules").iter().enumerate() {
        let id = rule["id"].as_str().unwrap_or_default();
        if ids.contains(&id) {
            problems.push(format!(
                "{at}/tool/driver/rules/{i}: rule id `{id}` listed twice"
            ));
        }
        ids.push(id);
    }
    let bases = run["originalUriBaseIds"].as_object();
    for (id, location) in bases.into_iter().flatten() {
        let at = format!("{at}/originalUriBaseIds/{id}");
        // A base may be only described (an archive's entries have no URI).
        let Some(uri) = location["uri"].as_str() else {
            continue;
        };
        if location.get("uriBaseId").is_none() && !is_absolute_uri(uri) {
            problems.push(format!(
                "{at}: a base URI without uriBaseId must be absolute"
            ));
        }
        if !uri.ends_with('/') {
            problems.push(format!("{at}: a base URI must end with `/`"));
        }
    }
    let declared: Vec<&String> = bases.into_iter().flat_map(|b| b.keys()).collect();
    for (r, result) in items(run, "/results").iter().enumerate() {
        let at = format!("{at}/results/{r}");
        if let Some(index) = result["ruleIndex"].as_i64().filter(|&i| i >= 0) {
            let rule_id = result["ruleId"].as_str();
            match usize::try_from(index).ok().and_then(|i| ids.get(i)) {
                None => problems.push(format!("{at}/ruleIndex: {index} is past the rules")),
                Some(id) if Some(*id) != rule_id => problems.push(format!(
                    "{at}/ruleIndex: points at `{id}`, not at ruleId {rule_id:?}"
                )),
                Some(_) => {}
            }
        }
        for key in ["locations", "relatedLocations"] {
            for (l, location) in items(result, &format!("/{key}")).iter().enumerate() {
                let at = format!("{at}/{key}/{l}/physicalLocation");
                let physical = &location["physicalLocation"];
                artifact(&at, &physical["artifactLocation"], &declared, problems);
                if let Some(region) = physical.get("region") {
                    text_region(&format!("{at}/region"), region, problems);
                }
            }
        }
    }
}

/// A URI with a base id is relative, and the base id is declared.
fn artifact(at: &str, location: &Value, declared: &[&String], problems: &mut Vec<String>) {
    let Some(base) = location["uriBaseId"].as_str() else {
        return;
    };
    if location["uri"].as_str().is_some_and(is_absolute_uri) {
        problems.push(format!(
            "{at}/artifactLocation/uri: a URI with uriBaseId must be relative"
        ));
    }
    if !declared.iter().any(|d| *d == base) {
        problems.push(format!(
            "{at}/artifactLocation/uriBaseId: `{base}` is not in originalUriBaseIds"
        ));
    }
}

/// A text region starts somewhere and ends after its start.
fn text_region(at: &str, region: &Value, problems: &mut Vec<String>) {
    let field = |key: &str| region[key].as_i64();
    let (start_line, end_line) = (field("startLine"), field("endLine"));
    if let (Some(start), Some(end)) = (start_line, end_line)
        && end < start
    {
        problems.push(format!("{at}: endLine before startLine"));
    }
    if let (Some(start), Some(end)) = (field("startColumn"), field("endColumn"))
        && start_line == end_line.or(start_line)
        && end < start
    {
        problems.push(format!("{at}: endColumn before startColumn on one line"));
    }
    if start_line.is_none() && field("charOffset").is_none() && field("byteOffset").is_none() {
        problems.push(format!(
            "{at}: a text region needs startLine (or an offset)"
        ));
    }
}

/// A URI with a scheme (`https:`, `file:`).
fn is_absolute_uri(uri: &str) -> bool {
    match uri.split_once(':') {
        Some((scheme, _)) => {
            let mut chars = scheme.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}
