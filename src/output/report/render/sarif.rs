//! SARIF 2.1.0 for code-scanning tools: one run whose driver lists the rules that ran.
//!
//! - `tool.driver.rules` holds the rules that ran (the `--rules` selection), not the whole
//!   registry, so a dashboard shows what was actually checked; `ruleIndex` points into it.
//! - Each input gets a base id (`INPUT1`, `INPUT2`, … in the order given) in
//!   `originalUriBaseIds`: a folder's absolute `file:` URI, or for an archive only a
//!   description (its entries have no URI of their own). Result URIs are the violation's
//!   package-relative path, percent-encoded, with that base id.
//! - Columns count Unicode characters (`columnKind: unicodeCodePoints`), like every other
//!   report; `endLine`/`endColumn` (exclusive) come from the span's end when it has a width.
//! - `artifacts` is left out: nothing in it would add to the locations.
//! - A waived finding is a result with one `suppressions` entry (`inSource` for a comment
//!   in the file, `external` otherwise; `status: accepted`, the reason as `justification`),
//!   which code-scanning tools show as dismissed.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::Serialize;

use crate::foundation::diagnostics::{
    InputReport, InputRoot, Report, RuleMeta, Severity, Span, Violation, Waived, WaivedBy,
};

use super::sources::SourceCache;

/// The schema every SARIF 2.1.0 consumer knows (GitHub's documented choice).
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run<'a>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    tool: Tool,
    original_uri_base_ids: BTreeMap<String, BaseLocation>,
    column_kind: &'static str,
    results: Vec<SarifResult<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    invocations: Vec<Invocation<'a>>,
}

/// The run's invocation, present to carry the notes on files that were not checked.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation<'a> {
    execution_successful: bool,
    tool_execution_notifications: Vec<Notification<'a>>,
}

/// A file that was not checked, as a note of the run.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Notification<'a> {
    level: &'static str,
    message: OwnedText,
    locations: [Location<'a>; 1],
    descriptor: NotificationId,
}

#[derive(Serialize)]
struct NotificationId {
    id: &'static str,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<&'static str>,
    rules: Vec<Descriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Descriptor {
    id: &'static str,
    name: &'static str,
    short_description: Text<'static>,
    full_description: Text<'static>,
    help: Text<'static>,
    /// Where the text the rule comes from is published.
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<String>,
    default_configuration: Configuration,
    properties: RuleProperties,
}

#[derive(Serialize)]
struct Text<'a> {
    text: &'a str,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct RuleProperties {
    keyword: &'static str,
    section: &'static str,
    tags: [&'static str; 1],
}

#[derive(Serialize)]
struct BaseLocation {
    #[serde(skip_serializing_if = "Option::is_none")]
    uri: Option<String>,
    description: OwnedText,
}

#[derive(Serialize)]
struct OwnedText {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text<'a>,
    locations: [Location<'a>; 1],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<ResultProperties>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    suppressions: Vec<Suppression<'a>>,
}

/// What a result carries beyond SARIF's own fields.
#[derive(Serialize)]
struct ResultProperties {
    /// The other requirement ids the finding breaks (its rule's twins).
    also: Vec<&'static str>,
}

/// A waiver, as SARIF records a result someone accepted.
#[derive(Serialize)]
struct Suppression<'a> {
    /// `inSource` for a comment in the file, `external` for the config, a baseline or
    /// the answers file.
    kind: &'static str,
    status: &'static str,
    justification: &'a str,
}

fn suppression(waived: &Waived) -> Suppression<'_> {
    Suppression {
        kind: match waived.by {
            WaivedBy::Inline => "inSource",
            WaivedBy::Config | WaivedBy::Baseline | WaivedBy::Answers => "external",
        },
        status: "accepted",
        justification: &waived.reason,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    logical_locations: Vec<LogicalLocation<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<OwnedText>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    uri_base_id: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    start_column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column: Option<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LogicalLocation<'a> {
    fully_qualified_name: &'a str,
    kind: &'static str,
}

/// SARIF's name for a severity.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// The base id of the `n`-th input (0-based).
fn base_id(n: usize) -> String {
    format!("INPUT{}", n + 1)
}

fn descriptor(rule: &'static RuleMeta) -> Descriptor {
    Descriptor {
        id: rule.id,
        // HOT-spec checks are named by their sub-code; ONAP requirements only have ids.
        name: rule.id.split_once('/').map_or(rule.id, |(_, code)| code),
        short_description: Text { text: rule.summary },
        full_description: Text { text: rule.why },
        help: Text { text: rule.fix },
        help_uri: crate::check::rule_source::url(rule.id),
        default_configuration: Configuration {
            level: level(rule.keyword.severity()),
        },
        properties: RuleProperties {
            keyword: rule.keyword.as_str(),
            section: rule.section,
            tags: [rule.section],
        },
    }
}

fn base_location(input: &InputReport) -> BaseLocation {
    match &input.root {
        InputRoot::Folder(dir) => BaseLocation {
            uri: Some(folder_uri(dir)),
            description: OwnedText {
                text: format!("The folder of the input `{}`.", input.label),
            },
        },
        InputRoot::Archive(archive) => BaseLocation {
            uri: None,
            description: OwnedText {
                text: format!(
                    "Entries inside the archive `{}` ({}).",
                    input.label,
                    archive.display()
                ),
            },
        },
    }
}

fn region(span: Span, end: Option<(usize, usize)>) -> Option<Region> {
    if span.line == 0 {
        return None;
    }
    let start_column = (span.column > 0).then_some(span.column as usize);
    // An end that does not lie after the start would make the region invalid.
    let end =
        end.filter(|&end| start_column.is_some_and(|column| end > (span.line as usize, column)));
    Some(Region {
        start_line: span.line as usize,
        start_column,
        end_line: end.map(|(line, _)| line),
        end_column: end.map(|(_, column)| column),
    })
}

fn physical(base: &str, file: &str, span: Span, cache: &mut SourceCache<'_>) -> PhysicalLocation {
    let end = cache.fetch(file).and_then(|source| source.end_of(span));
    PhysicalLocation {
        artifact_location: ArtifactLocation {
            uri: percent_encode(file.as_bytes(), false),
            uri_base_id: base.to_owned(),
        },
        region: region(span, end),
    }
}

fn result<'a>(
    v: &'a Violation,
    base: &str,
    index: &HashMap<&'static str, usize>,
    cache: &mut SourceCache<'_>,
) -> SarifResult<'a> {
    let logical = if v.path.is_empty() {
        Vec::new()
    } else {
        vec![LogicalLocation {
            fully_qualified_name: &v.path,
            kind: "property",
        }]
    };
    SarifResult {
        rule_id: v.rule.id,
        rule_index: index.get(v.rule.id).copied().unwrap_or_default(),
        level: level(v.severity()),
        message: Text { text: &v.message },
        locations: [Location {
            id: None,
            physical_location: physical(base, &v.file, v.span, cache),
            logical_locations: logical,
            message: None,
        }],
        related_locations: v
            .related
            .iter()
            .map(|r| (r.file.as_str(), r.span, r.message.clone()))
            // Each twin the finding also breaks, at the finding's own place.
            .chain(v.also.iter().map(|twin| {
                let text = format!(
                    "also breaks {} ({}): {}",
                    twin.id,
                    twin.keyword.as_str(),
                    twin.summary
                );
                (v.file.as_str(), v.span, text)
            }))
            .enumerate()
            .map(|(n, (file, span, text))| Location {
                id: Some(n),
                physical_location: physical(base, file, span, cache),
                logical_locations: Vec::new(),
                message: Some(OwnedText { text }),
            })
            .collect(),
        properties: (!v.also.is_empty()).then(|| ResultProperties {
            also: v.also.iter().map(|r| r.id).collect(),
        }),
        suppressions: Vec::new(),
    }
}

/// Renders the report as a SARIF 2.1.0 log.
pub fn render(report: &Report) -> String {
    let rules = report.listed_rules();
    let index: HashMap<&'static str, usize> =
        rules.iter().enumerate().map(|(n, r)| (r.id, n)).collect();
    let mut bases = BTreeMap::new();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    for (n, input) in report.inputs.iter().enumerate() {
        let base = base_id(n);
        bases.insert(base.clone(), base_location(input));
        let mut cache = SourceCache::new(input.sources.as_ref());
        results.extend(
            input
                .violations
                .iter()
                .map(|v| result(v, &base, &index, &mut cache)),
        );
        for w in &input.waived {
            let mut waived = result(&w.violation, &base, &index, &mut cache);
            waived.suppressions.push(suppression(&w.waived));
            results.push(waived);
        }
        notifications.extend(input.not_checked.iter().map(|file| Notification {
            level: "note",
            message: OwnedText {
                text: format!("{}: not checked: {}", file.file, file.reason),
            },
            locations: [Location {
                id: None,
                physical_location: PhysicalLocation {
                    artifact_location: ArtifactLocation {
                        uri: percent_encode(file.file.as_bytes(), false),
                        uri_base_id: base.clone(),
                    },
                    region: None,
                },
                logical_locations: Vec::new(),
                message: None,
            }],
            descriptor: NotificationId { id: "not-checked" },
        }));
        notifications.extend(input.notes.iter().map(|note| Notification {
            level: "note",
            message: OwnedText { text: note.clone() },
            locations: [Location {
                id: None,
                physical_location: PhysicalLocation {
                    artifact_location: ArtifactLocation {
                        uri: String::new(),
                        uri_base_id: base.clone(),
                    },
                    region: None,
                },
                logical_locations: Vec::new(),
                message: None,
            }],
            descriptor: NotificationId { id: "input-read" },
        }));
    }
    let invocations = if notifications.is_empty() {
        Vec::new()
    } else {
        vec![Invocation {
            execution_successful: true,
            tool_execution_notifications: notifications,
        }]
    };
    let homepage = env!("CARGO_PKG_HOMEPAGE");
    let repository = env!("CARGO_PKG_REPOSITORY");
    let information_uri = [homepage, repository].into_iter().find(|u| !u.is_empty());
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "vnfwiz",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    information_uri,
                    rules: rules.into_iter().map(descriptor).collect(),
                },
            },
            original_uri_base_ids: bases,
            column_kind: "unicodeCodePoints",
            results,
            invocations,
        }],
    };
    let mut text =
        serde_json::to_string_pretty(&log).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}

/// The absolute `file:` URI of a folder, ending in `/` as a base URI must.
fn folder_uri(dir: &Path) -> String {
    // Raw bytes, so a name that is not UTF-8 still gets its own escapes.
    let mut path = dir.as_os_str().as_encoded_bytes().to_vec();
    if std::path::MAIN_SEPARATOR == '\\' {
        path.iter_mut()
            .filter(|b| **b == b'\\')
            .for_each(|b| *b = b'/');
    }
    let mut uri = String::from("file://");
    if path.first() != Some(&b'/') {
        // A Windows drive path: `file:///C:/…`.
        uri.push('/');
    }
    uri.push_str(&percent_encode(&path, true));
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

/// Percent-encodes everything but RFC 3986's unreserved characters and `/` (and `:` when
/// `keep_colon`: a relative reference must not have one in its first segment).
fn percent_encode(bytes: &[u8], keep_colon: bool) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        let keep = b.is_ascii_alphanumeric()
            || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/')
            || (keep_colon && b == b':');
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::report::render::sample;
    use serde_json::Value;

    fn log(report: &Report) -> Value {
        serde_json::from_str(&render(report)).expect("SARIF is JSON")
    }

    #[test]
    fn snapshot() {
        insta::assert_snapshot!(render(&sample::two_inputs()));
    }

    #[test]
    fn results_point_at_rules_and_places() {
        let log = log(&sample::report());
        let run = &log["runs"][0];
        let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
        let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
        assert_eq!(ids, ["R-90526", "R-92635/naming"]);
        assert_eq!(rules[1]["name"], "naming");
        assert_eq!(rules[0]["defaultConfiguration"]["level"], "error");
        assert_eq!(rules[1]["defaultConfiguration"]["level"], "warning");
        assert_eq!(rules[0]["properties"]["keyword"], "MUST NOT");
        assert_eq!(rules[0]["help"]["text"], sample::NO_DEFAULT.fix);
        let link = rules[0]["helpUri"].as_str().expect("helpUri");
        assert!(
            link.ends_with(&format!("#{}", rules[0]["id"].as_str().unwrap())),
            "{link}"
        );

        let first = &run["results"][0];
        assert_eq!(first["ruleId"], "R-90526");
        assert_eq!(first["ruleIndex"], 0);
        assert_eq!(first["level"], "error");
        let place = &first["locations"][0]["physicalLocation"];
        assert_eq!(place["artifactLocation"]["uri"], "base_vfw.yaml");
        assert_eq!(place["artifactLocation"]["uriBaseId"], "INPUT1");
        // `default: vFW` on line 5 from column 5: twelve characters, end exclusive.
        let region = &place["region"];
        assert_eq!(
            [
                &region["startLine"],
                &region["startColumn"],
                &region["endLine"],
                &region["endColumn"]
            ],
            [5, 5, 5, 17]
        );
        let related = &first["relatedLocations"][0];
        assert_eq!(related["message"]["text"], "the environment sets it too");
        assert_eq!(
            related["physicalLocation"]["artifactLocation"]["uri"],
            "base_vfw.env"
        );
        assert_eq!(related["physicalLocation"]["region"]["startLine"], 2);

        let second = &run["results"][1];
        assert_eq!(second["ruleIndex"], 1);
        assert_eq!(second["level"], "warning");
        // After `Zürich-Ost `: columns count characters, not bytes.
        assert_eq!(
            second["locations"][0]["physicalLocation"]["region"]["startColumn"],
            29
        );

        let third = &run["results"][2]["locations"][0]["physicalLocation"];
        assert_eq!(third["artifactLocation"]["uri"], "nested/missing%20vm.yaml");
        assert_eq!(third["region"]["startLine"], 3);
        assert!(third["region"].get("endLine").is_none(), "no text, no end");
        assert_eq!(
            run["originalUriBaseIds"]["INPUT1"]["uri"],
            "file:///srv/vnf/vfw/"
        );
        assert_eq!(run["columnKind"], "unicodeCodePoints");
    }

    #[test]
    fn waived_findings_are_suppressed_results() {
        let log = log(&sample::waived());
        let results = log["runs"][0]["results"].as_array().expect("results");
        assert_eq!(results.len(), 3);
        assert!(results[0].get("suppressions").is_none());
        assert_eq!(
            results[1]["suppressions"],
            serde_json::json!([{"kind": "external", "status": "accepted",
                                "justification": "the vendor pins its image; ticket 42"}])
        );
        assert_eq!(results[1]["level"], "error", "the rule's level is kept");
        assert_eq!(results[2]["suppressions"][0]["kind"], "external");
        let mut inline = sample::waived();
        inline.inputs[0].waived[0].waived.by = WaivedBy::Inline;
        let log = super::tests::log(&inline);
        assert_eq!(
            log["runs"][0]["results"][1]["suppressions"][0]["kind"],
            "inSource"
        );
    }

    #[test]
    fn archives_get_a_described_base_without_uri() {
        let log = log(&sample::two_inputs());
        let base = &log["runs"][0]["originalUriBaseIds"]["INPUT2"];
        assert!(base.get("uri").is_none());
        let text = base["description"]["text"].as_str().expect("description");
        assert!(text.contains("dns.zip"), "{text}");
    }

    #[test]
    fn a_rule_that_did_not_run_but_reported_is_still_listed() {
        let mut report = sample::report();
        report.rules.retain(|r| r.id != "R-92635/naming");
        let log = log(&report);
        let rules = log["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules");
        assert_eq!(rules.len(), 2);
        let second = &log["runs"][0]["results"][1];
        assert_eq!(second["ruleIndex"], 1);
        assert_eq!(second["ruleId"], rules[1]["id"]);
    }

    #[test]
    fn a_finding_of_twins_names_the_others_in_properties_and_related_locations() {
        let log = log(&sample::twins());
        let run = &log["runs"][0];
        let result = &run["results"][0];
        assert_eq!(result["ruleId"], "R-39841");
        assert_eq!(result["properties"]["also"], serde_json::json!(["R-62590"]));
        let related = &result["relatedLocations"][0];
        let text = related["message"]["text"].as_str().expect("a message");
        assert!(
            text.starts_with("also breaks R-62590 (MUST NOT): "),
            "{text}"
        );
        assert_eq!(
            related["physicalLocation"]["region"]["startLine"],
            result["locations"][0]["physicalLocation"]["region"]["startLine"]
        );
        let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
        assert!(rules.iter().any(|r| r["id"] == "R-62590"));
        // Counted once.
        assert_eq!(run["results"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn how_an_input_was_read_is_a_notification_at_its_base() {
        let log = log(&sample::paired());
        let notes = &log["runs"][0]["invocations"][0]["toolExecutionNotifications"];
        assert_eq!(notes[0]["descriptor"]["id"], "input-read");
        assert_eq!(notes[0]["level"], "note");
        let text = notes[0]["message"]["text"].as_str().expect("a message");
        assert!(text.contains("checked with base_vfw.env"), "{text}");
        let place = &notes[0]["locations"][0]["physicalLocation"]["artifactLocation"];
        assert_eq!(place["uriBaseId"], "INPUT1");
    }

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(
            percent_encode("a b/ü:x.yaml".as_bytes(), false),
            "a%20b/%C3%BC%3Ax.yaml"
        );
        assert_eq!(
            folder_uri(Path::new("/srv/my vnf")),
            "file:///srv/my%20vnf/"
        );
        assert_eq!(folder_uri(Path::new("/srv/vnf/")), "file:///srv/vnf/");
    }
}
