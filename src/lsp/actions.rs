//! Code actions: the fix `validate --fix` makes for a finding, every safe fix of the set at
//! once (as `validate --fix safe` does), each judged by a full validation in a workspace over
//! a copy of the set and sent as a workspace edit; and a waiver comment for a finding (the
//! form `# vnfwiz: waive RULE -- reason` of the waivers issue, `<!-- vnfwiz: waive RULE -
//! reason -->` in an OVF descriptor, its reason left for the author to write). The edits are worked out when the editor picks an action.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse,
    CreateFile, DocumentChangeOperation, DocumentChanges, OneOf,
    OptionalVersionedTextDocumentIdentifier, Position, Range, ResourceOp, TextDocumentEdit,
    TextEdit, Url, WorkspaceEdit,
};
use serde::{Deserialize, Serialize};
use similar::{DiffOp, TextDiff};

use super::documents::{path_of, uri_of};
use super::lookup::{self, Located};
use super::position::LineMap;
use super::server::Server;
use crate::check::rules::{Context, find};
use crate::check::waivers::inline::Syntax;
use crate::foundation::diagnostics::Violation;
use crate::transform::fix::{FixLevel, FixRecord, Offer, Safety, Workspace, offer};

/// The kind of the action applying every safe fix of the set.
pub const FIX_ALL_SAFE: CodeActionKind = CodeActionKind::new("source.fixAll.vnfwiz");

/// What an action does, carried in its `data` until the editor picks it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "camelCase")]
enum Plan {
    /// The fix of one finding, named as the answers file records it.
    Fix {
        uri: Url,
        rule: String,
        file: String,
        path: String,
        line: u32,
        column: u32,
    },
    /// Every safe fix of the set of the document.
    FixAllSafe { uri: Url },
}

fn overlaps(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

/// The plan fixing one violation, named as the answers file names it.
fn fix_plan(uri: &Url, violation: &Violation) -> Plan {
    let FixRecord {
        rule,
        file,
        path,
        line,
        column,
        ..
    } = crate::transform::fix::record_of(violation, None);
    Plan::Fix {
        uri: uri.clone(),
        rule,
        file,
        path,
        line,
        column,
    }
}

/// The actions for the findings in the requested range.
pub fn code_actions(server: &Server, params: CodeActionParams) -> Option<CodeActionResponse> {
    let uri = params.text_document.uri;
    let path = path_of(&uri)?;
    let snapshot = &server.snapshot;
    let (input, relative) = lookup::file_of(snapshot, &path)?;
    let text = super::diagnostics::text_of(input, &relative)?;
    let map = LineMap::new(&text);
    let located = lookup::locate(snapshot, &path);
    let context = located.as_ref().map(|l| Context::new(l.set));
    let syntax = Syntax::of(&relative);
    let mut actions = Vec::new();
    for violation in input.violations.iter().filter(|v| v.file == relative) {
        let range = map.range(violation.span);
        if !overlaps(range, params.range) {
            continue;
        }
        let diagnostics = Some(
            params
                .context
                .diagnostics
                .iter()
                .filter(|d| {
                    d.range.start == range.start
                        && d.code
                            == Some(lsp_types::NumberOrString::String(violation.rule.id.into()))
                })
                .cloned()
                .collect(),
        );
        if let Some(context) = &context
            && let Some(Offer::Ready(fix)) = offer(context, violation, None)
        {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("{} ({})", fix.title, violation.rule.id),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: diagnostics.clone(),
                is_preferred: Some(fix.safety == Safety::Safe),
                data: serde_json::to_value(fix_plan(&uri, violation)).ok(),
                ..CodeAction::default()
            }));
        }
        if let Some(syntax) = syntax
            && let Some(action) = waiver(&uri, &map, &text, syntax, violation, diagnostics)
        {
            actions.push(CodeActionOrCommand::CodeAction(action));
        }
    }
    if let Some(located) = &located
        && located
            .input
            .violations
            .iter()
            .any(|v| crate::transform::fix::fixable_rules().any(|rule| rule == v.rule.id))
    {
        actions.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: "Apply every safe fix of the set (vnfwiz validate --fix safe)".to_owned(),
            kind: Some(FIX_ALL_SAFE),
            data: serde_json::to_value(Plan::FixAllSafe { uri: uri.clone() }).ok(),
            ..CodeAction::default()
        }));
    }
    let eager = !resolves_edits(server);
    Some(
        actions
            .into_iter()
            .map(|action| match action {
                CodeActionOrCommand::CodeAction(action) if eager && action.edit.is_none() => {
                    CodeActionOrCommand::CodeAction(resolve(server, action))
                }
                other => other,
            })
            .collect(),
    )
}

/// True when the editor asks for an action's edit only once it is picked.
fn resolves_edits(server: &Server) -> bool {
    server
        .capabilities
        .text_document
        .as_ref()
        .and_then(|t| t.code_action.as_ref())
        .and_then(|c| c.resolve_support.as_ref())
        .is_some_and(|r| r.properties.iter().any(|p| p == "edit"))
}

/// The waiver comment for a finding, on the line above it at its indentation, its reason
/// left empty for the author (a waiver without a reason is reported, never silently taken).
/// In XML the comment goes only where one may stand: before a line that starts with markup,
/// never before the XML declaration (inside a tag spread over lines, no action is offered).
fn waiver(
    uri: &Url,
    map: &LineMap<'_>,
    text: &str,
    syntax: Syntax,
    violation: &Violation,
    diagnostics: Option<Vec<lsp_types::Diagnostic>>,
) -> Option<CodeAction> {
    let line = violation.span.line.saturating_sub(1);
    let start = map.offset(Position::new(line, 0));
    let rest = &text[start..];
    let indent: String = rest.chars().take_while(|c| *c == ' ').collect();
    let id = violation.rule.id;
    let (comment, separator) = match syntax {
        Syntax::Yaml => (format!("{indent}# vnfwiz: waive {id} -- \n"), "--"),
        Syntax::Xml => {
            let content = rest.trim_start();
            if !content.starts_with('<') || content.starts_with("<?xml") {
                return None;
            }
            (format!("{indent}<!-- vnfwiz: waive {id} -  -->\n"), "-")
        }
    };
    let at = Position::new(line, 0);
    let mut changes = HashMap::new();
    changes.insert(
        uri.clone(),
        vec![TextEdit::new(Range::new(at, at), comment)],
    );
    Some(CodeAction {
        title: format!("Waive {id} here (write the reason after `{separator}`)"),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics,
        edit: Some(WorkspaceEdit {
            changes: Some(changes),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    })
}

/// Works out the edit of an action the editor picked.
pub fn resolve(server: &Server, mut action: CodeAction) -> CodeAction {
    let Some(plan) = action
        .data
        .as_ref()
        .and_then(|data| serde_json::from_value::<Plan>(data.clone()).ok())
    else {
        return action;
    };
    let uri = match &plan {
        Plan::Fix { uri, .. } | Plan::FixAllSafe { uri } => uri.clone(),
    };
    let Some(located) = path_of(&uri).and_then(|path| lookup::locate(&server.snapshot, &path))
    else {
        return action;
    };
    // Judged as `validate --fix` judges: every rule validates each round.
    let mut workspace = match Workspace::on_copy(located.set, crate::check::rules::Selection::all())
    {
        Ok(workspace) => workspace,
        Err(reason) => {
            action.title = format!("{} — not possible: {reason}", action.title);
            return action;
        }
    };
    let outcome = match plan {
        Plan::Fix {
            rule,
            file,
            path,
            line,
            column,
            ..
        } => workspace.replay(&[FixRecord {
            rule,
            file,
            path,
            line,
            column,
            text: None,
        }]),
        Plan::FixAllSafe { .. } => {
            let selection = &server.settings.selection;
            workspace.apply_level_to(FixLevel::Safe, |v| {
                find(v.rule.id).is_some_and(|rule| selection.includes(rule))
            })
        }
    };
    if outcome.applied.is_empty() {
        let why = outcome
            .notes
            .first()
            .map_or("nothing would change".to_owned(), |n| n.message.clone());
        action.title = format!("{} — not applied: {why}", action.title);
        return action;
    }
    action.edit = Some(edit(server, &located, &workspace));
    action
}

/// Everything a workspace changed, as one workspace edit against the texts checked.
fn edit(server: &Server, located: &Located<'_>, workspace: &Workspace) -> WorkspaceEdit {
    let mut operations = Vec::new();
    for (path, before) in workspace.originals() {
        let Some(id) = workspace.set().find(path) else {
            continue;
        };
        let after = workspace.set().file(id).text();
        let absolute = located.root.join(path);
        let Some(uri) = uri_of(&absolute) else {
            continue;
        };
        let version = server.documents.get(&absolute).map(|d| d.version);
        let edits = match before {
            Some(before) => line_edits(&String::from_utf8_lossy(before), &after),
            None => {
                operations.push(DocumentChangeOperation::Op(ResourceOp::Create(
                    CreateFile {
                        uri: uri.clone(),
                        options: None,
                        annotation_id: None,
                    },
                )));
                let start = Position::new(0, 0);
                vec![TextEdit::new(Range::new(start, start), after.into_owned())]
            }
        };
        operations.push(DocumentChangeOperation::Edit(TextDocumentEdit {
            text_document: OptionalVersionedTextDocumentIdentifier { uri, version },
            edits: edits.into_iter().map(OneOf::Left).collect(),
        }));
    }
    WorkspaceEdit {
        document_changes: Some(DocumentChanges::Operations(operations)),
        ..WorkspaceEdit::default()
    }
}

/// The lines that differ between two texts, as edits of the first.
fn line_edits(before: &str, after: &str) -> Vec<TextEdit> {
    let map = LineMap::new(before);
    let line_start = |line: usize| map.offset(Position::new(line as u32, 0));
    let diff = TextDiff::from_lines(before, after);
    let new_lines: Vec<&str> = diff.new_slices().to_vec();
    let mut edits = Vec::new();
    for op in diff.ops() {
        if let DiffOp::Equal { .. } = op {
            continue;
        }
        let old = op.old_range();
        let new = op.new_range();
        let start = map.position(line_start(old.start));
        let end_offset = if old.end >= before.lines().count() + usize::from(before.ends_with('\n'))
        {
            before.len()
        } else {
            line_start(old.end)
        };
        let end = map.position(end_offset);
        edits.push(TextEdit::new(
            Range::new(start, end),
            new_lines[new].concat(),
        ));
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(before: &str, edits: &[TextEdit]) -> String {
        let map = LineMap::new(before);
        let mut text = before.to_owned();
        let mut ranges: Vec<(std::ops::Range<usize>, &str)> = edits
            .iter()
            .map(|e| (map.byte_range(e.range), e.new_text.as_str()))
            .collect();
        ranges.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        for (range, new) in ranges {
            text.replace_range(range, new);
        }
        text
    }

    #[test]
    fn line_edits_turn_one_text_into_the_other() {
        for (before, after) in [
            ("a\nb\nc\n", "a\nB\nc\n"),
            ("a\nb\nc\n", "a\nc\nd\n"),
            ("a\nb", "a\nb\nc"),
            ("x: 1\n", ""),
            ("", "new: file\n"),
        ] {
            assert_eq!(
                apply(before, &line_edits(before, after)),
                after,
                "{before:?}"
            );
        }
    }
}
