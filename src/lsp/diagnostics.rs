//! A validation report as the protocol's diagnostics: each violation on its file, with the
//! rule id as `code`, the severity its keyword gives, the related places and a link to the
//! rule's documentation. Nothing is judged here: the report is `validate`'s.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString,
};

use super::documents::uri_of;
use super::position::LineMap;
use crate::foundation::diagnostics::{InputReport, InputRoot, Severity, Violation};
use crate::model::hot::HotSet;

/// What every diagnostic names as its source.
pub const SOURCE: &str = "vnfwiz";

/// The set a report's input was loaded as, when it is a HOT set.
pub fn hot_set(input: &InputReport) -> Option<&HotSet> {
    let sources: &dyn std::any::Any = &*input.sources;
    sources.downcast_ref::<HotSet>()
}

/// The folder a report's file paths are relative to (none for an archive).
pub fn root_of(input: &InputReport) -> Option<&Path> {
    match &input.root {
        InputRoot::Folder(folder) => Some(folder),
        InputRoot::Archive(_) => None,
    }
}

/// A file's text as the check read it (for a HOT set, the bytes loaded; positions are
/// counted in them).
pub fn text_of<'i>(input: &'i InputReport, file: &str) -> Option<Cow<'i, str>> {
    match hot_set(input) {
        Some(set) => set.find(file).map(|id| set.file(id).text()),
        None => input.sources.text(file),
    }
}

/// The protocol's severity of a report's.
fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    }
}

/// Line maps of a report's files, made once per file.
struct Texts<'i> {
    input: &'i InputReport,
    texts: HashMap<String, Option<Cow<'i, str>>>,
}

impl<'i> Texts<'i> {
    fn range(
        &mut self,
        file: &str,
        span: crate::foundation::diagnostics::Span,
    ) -> lsp_types::Range {
        let input = self.input;
        let text = self
            .texts
            .entry(file.to_owned())
            .or_insert_with(|| text_of(input, file));
        match text {
            Some(text) => LineMap::new(text).range(span),
            None => LineMap::new("").range(span),
        }
    }
}

/// One violation as a diagnostic; `related` places outside the folder are left out.
fn diagnostic(
    violation: &Violation,
    root: &Path,
    texts: &mut Texts<'_>,
    rule_docs: Option<&str>,
) -> Diagnostic {
    let related: Vec<DiagnosticRelatedInformation> = violation
        .related
        .iter()
        .filter_map(|related| {
            Some(DiagnosticRelatedInformation {
                location: Location::new(
                    uri_of(&root.join(&related.file))?,
                    texts.range(&related.file, related.span),
                ),
                message: related.message.clone(),
            })
        })
        .collect();
    Diagnostic {
        range: texts.range(&violation.file, violation.span),
        severity: Some(severity(violation.severity())),
        code: Some(NumberOrString::String(violation.rule.id.to_owned())),
        code_description: super::rule_docs::url(violation.rule.id, rule_docs)
            .map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_owned()),
        message: violation.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: Some(serde_json::json!({ "path": violation.path })),
    }
}

/// Every violation of a report's input as diagnostics, by the file's path (absolute).
pub fn of_input(
    input: &InputReport,
    rule_docs: Option<&str>,
) -> BTreeMap<PathBuf, Vec<Diagnostic>> {
    let mut out: BTreeMap<PathBuf, Vec<Diagnostic>> = BTreeMap::new();
    let Some(root) = root_of(input) else {
        return out;
    };
    let mut texts = Texts {
        input,
        texts: HashMap::new(),
    };
    for violation in &input.violations {
        let diagnostic = diagnostic(violation, root, &mut texts, rule_docs);
        out.entry(root.join(&violation.file))
            .or_default()
            .push(diagnostic);
    }
    out
}
