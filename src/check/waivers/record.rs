//! The waivers file a written package carries, so whoever receives it sees what was
//! accepted: each waived finding with its rule, file, line, reason and last day. The
//! package's own validation reads the same records back to accept the same findings.

use serde::Serialize;

use crate::foundation::diagnostics::{WaivedBy, WaivedViolation};

use super::baseline::fingerprint;

/// The file's name in a package: JSON, never `.yaml`/`.yml` (SDC reads every such file of
/// a heat package as a template).
pub const WAIVERS_FILE: &str = "vnfwiz-waivers.json";

/// One accepted finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// The rule id.
    pub rule: String,
    /// Its keyword (`MUST`, `SHOULD NOT`…).
    pub keyword: &'static str,
    /// The file, relative to the set.
    pub file: String,
    /// The line.
    pub line: u32,
    /// The key path.
    pub path: String,
    /// What was wrong.
    pub message: String,
    /// Why it is accepted.
    pub reason: String,
    /// Where the waiver comes from.
    pub by: WaivedBy,
    /// The last day it applies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<String>,
    /// Rule, key path and offending text, digested (as a baseline knows a finding).
    pub fingerprint: String,
}

impl Record {
    /// The record of a waived finding whose file reads `text`.
    pub fn of(waived: &WaivedViolation, text: Option<&str>) -> Record {
        let v = &waived.violation;
        Record {
            rule: v.rule.id.to_owned(),
            keyword: v.rule.keyword.as_str(),
            file: v.file.clone(),
            line: v.span.line,
            path: v.path.clone(),
            message: v.message.clone(),
            reason: waived.waived.reason.clone(),
            by: waived.waived.by,
            until: waived.waived.until.clone(),
            fingerprint: fingerprint(v, text),
        }
    }
}

/// The waivers file's text.
pub fn render(records: &[Record]) -> String {
    let document = serde_json::json!({
        "tool": "vnfwiz",
        "version": env!("CARGO_PKG_VERSION"),
        "waivers": records,
    });
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}
