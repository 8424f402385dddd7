//! The review's automatic fixes (`src/transform/fix/`): `f` opens the selected violation's fix as a
//! diff over the panes (first asking for the text a `✎?` fix writes), `F` one diff of every
//! `safe` fix; Enter applies what the open preview shows, Esc closes it, `u` undoes the last
//! applied step. The session plans a typed fix and the safe fixes on request, so an
//! evaluation never waits for them. Applying only adds records to `answers.fixes` and
//! evaluates again: the session replays them when it resolves, as `onboard --answers` does.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::transform::fix::FixRecord;
use crate::transform::fix::{FixLevel, LineKind, record_of};
use crate::tui::action::Action;
use crate::tui::effect::{Effect, FixOrder};
use crate::tui::evaluated::{FixView, PlannedFix};
use crate::tui::state::{State, StepId};
use crate::tui::theme::Theme;
use crate::tui::widgets::{TextField, TextScroll, wrap};

use super::question::{self, Question};

/// A fix waiting for the operator's text (`f` on a `✎?` row).
pub struct TypedFix {
    /// The violation it answers, as the answers file records it (the text goes in too).
    pub record: FixRecord,
    /// What the fix does.
    pub title: String,
    /// What to ask.
    pub prompt: String,
    /// The text so far.
    pub field: TextField,
}

/// Keys while a fix preview is open: Enter applies it, Esc closes it, arrows scroll.
pub(super) fn fix_preview_update(state: &mut State, action: Action) -> Vec<Effect> {
    let review = &mut state.review;
    match action {
        Action::Confirm => {
            let Some(plan) = review.fix.take() else {
                return Vec::new();
            };
            if plan.records.is_empty() {
                state.tell("Nothing applied: the preview says why.");
                return Vec::new();
            }
            review.fix_steps.push(plan.records.len());
            state.draft.answers.fixes.extend(plan.records);
            state.tell(format!("Applied: {} (u undoes it).", plan.title));
            state.changed()
        }
        Action::Back => {
            review.fix = None;
            Vec::new()
        }
        _ => {
            review.fix_scroll.apply(action);
            Vec::new()
        }
    }
}

/// Keys while a fix's text is typed: Enter asks for the fix's preview, Esc drops it.
pub(super) fn typing_update(state: &mut State, action: Action) -> Vec<Effect> {
    let review = &mut state.review;
    let Some(typing) = &mut review.typing else {
        return Vec::new();
    };
    match action {
        Action::Confirm => {
            let text = typing.field.text().trim();
            if text.is_empty() {
                state.warn("Type the text first; Esc cancels.");
                return Vec::new();
            }
            let mut record = typing.record.clone();
            record.text = Some(text.to_owned());
            review.typing = None;
            plan_fix(state, FixOrder::Record(record))
        }
        Action::Back => {
            review.typing = None;
            Vec::new()
        }
        _ => {
            if let Some(warning) = question::edit(&mut typing.field, action) {
                state.warn(warning);
            }
            Vec::new()
        }
    }
}

/// Whether a key that plans or applies fixes must wait: a validation or a plan is under way.
fn busy(state: &mut State) -> bool {
    let review = &state.review;
    let doing = if state.evaluating {
        "Validating the last change"
    } else if review.planning {
        "Planning the fix"
    } else {
        return false;
    };
    state.warn(format!("{doing}; try again in a moment."));
    true
}

/// Opens the selected violation's fix, asks for its text first, or says why there is none.
pub(super) fn preview_selected_fix(state: &mut State) -> Vec<Effect> {
    if busy(state) {
        return Vec::new();
    }
    let review = &state.review;
    let Some(index) = review.selected_index() else {
        return Vec::new();
    };
    let fix = state.evaluated().and_then(|c| c.fix(index)).cloned();
    match fix {
        // The session plans it as applying will replay it, so the preview is what Enter
        // applies, and a fix the replay drops says so.
        Some(FixView::Ready(plan)) => {
            let Some(record) = plan.records.first().cloned() else {
                return Vec::new();
            };
            return plan_fix(state, FixOrder::Record(record));
        }
        Some(FixView::NeedsText { title, prompt }) => {
            let Some(violation) = state.selected_violation() else {
                return Vec::new();
            };
            state.review.typing = Some(TypedFix {
                record: record_of(violation, None),
                title,
                prompt,
                field: TextField::default(),
            });
        }
        Some(FixView::Unavailable(reason)) => state.warn(format!("No fix here: {reason}")),
        None => state.warn("No automatic fix for this rule."),
    }
    Vec::new()
}

/// Asks the session for one preview of every `safe` fix.
pub(super) fn preview_safe_fixes(state: &mut State) -> Vec<Effect> {
    if busy(state) {
        return Vec::new();
    }
    if state.evaluated().is_none_or(|c| c.safe_fixes() == 0) {
        state.warn("No safe fix to apply.");
        return Vec::new();
    }
    plan_fix(state, FixOrder::Level(FixLevel::Safe))
}

/// Asks the session to plan fixes on the current answers.
fn plan_fix(state: &mut State, order: FixOrder) -> Vec<Effect> {
    state.review.planning = true;
    state.tell("Planning the fix…");
    vec![Effect::PlanFix {
        generation: state.generation,
        draft: state.draft.clone(),
        order,
    }]
}

/// A plan came back: its preview opens, unless the answers changed meanwhile or the
/// operator left the step.
pub fn planned(state: &mut State, generation: u64, plan: Result<PlannedFix, String>) {
    state.review.planning = false;
    if generation != state.generation || state.step != StepId::Review {
        return;
    }
    match plan {
        Ok(plan) => {
            state.notice = None;
            open_fix(state, plan);
        }
        Err(reason) => state.warn(format!("No fix to preview: {reason}")),
    }
}

fn open_fix(state: &mut State, plan: PlannedFix) {
    state.review.fix_scroll.home();
    state.review.fix = Some(plan);
}

/// Takes the last applied step's records out of the answers and evaluates again.
pub(super) fn undo_fix(state: &mut State) -> Vec<Effect> {
    let fixes = &mut state.draft.answers.fixes;
    if fixes.is_empty() {
        state.warn("No applied fix to undo.");
        return Vec::new();
    }
    // Records loaded from an answers file were no step of ours: one at a time.
    let count = state.review.fix_steps.pop().unwrap_or(1).min(fixes.len());
    let undone = fixes.split_off(fixes.len() - count);
    // The violation the fix took away comes back: it is selected when it does.
    state.review.returning = undone
        .first()
        .map(|r| (r.rule.clone(), r.file.clone(), r.path.clone()));
    state.tell(format!(
        "Undid {count} fix{}.",
        if count == 1 { "" } else { "es" }
    ));
    state.changed()
}

/// The question a `✎?` fix asks, with its field where the detail pane was; returns where
/// the cursor goes.
pub(super) fn draw_typing(
    typing: &TypedFix,
    theme: &Theme,
    frame: &mut Frame,
    area: Rect,
) -> (u16, u16) {
    let question = Question {
        title: format!("✎? {}", typing.title),
        prompt: &typing.prompt,
        extra: Vec::new(),
        field: &typing.field,
        keys: "Enter previews the fix with this text · Esc cancels",
    };
    question::draw(question, theme, frame, area)
}

/// A fix's preview: its title and safety, notes on fixes left out, then each file's hunks
/// with `-`/`+` and the line numbers before and after.
pub(super) fn draw_fix(
    plan: &PlannedFix,
    scroll: &TextScroll,
    theme: &Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let (removed, added) = plan.preview.counts();
    let counts = if plan.records.is_empty() {
        String::new()
    } else {
        format!(" ({}) · -{removed} +{added}", plan.safety.as_str())
    };
    let header = vec![
        Line::from(vec![
            Span::styled("Fix preview · ", theme.title),
            Span::styled(plan.title.clone(), theme.text),
            Span::styled(counts, theme.muted),
        ]),
        Line::from(if plan.records.is_empty() {
            Span::styled(
                "Nothing would change (below, why) · Esc closes",
                theme.warning,
            )
        } else {
            Span::styled(
                "Enter applies it · Esc closes · u undoes after",
                theme.accent,
            )
        }),
    ];
    let width = usize::from(area.width);
    // Notes wrap under their mark: each says why a fix is left out or dropped.
    let mut body: Vec<Line> = Vec::new();
    for note in &plan.notes {
        for (i, part) in wrap(note, width.saturating_sub(4)).into_iter().enumerate() {
            body.push(Line::from(vec![
                Span::styled(if i == 0 { "  ▲ " } else { "    " }, theme.warning),
                Span::styled(part, theme.text),
            ]));
        }
    }
    let number_width = plan
        .preview
        .files
        .iter()
        .flat_map(|f| &f.hunks)
        .map(|h| (h.old_start + h.old_len).max(h.new_start + h.new_len))
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    let number =
        |n: Option<u32>| n.map_or(" ".repeat(number_width), |n| format!("{n:>number_width$}"));
    for file in &plan.preview.files {
        let before = if file.created {
            "/dev/null".to_owned()
        } else {
            format!("a/{}", file.path)
        };
        body.push(Line::from(Span::styled(
            format!("--- {before}"),
            theme.title,
        )));
        body.push(Line::from(Span::styled(
            format!("+++ b/{}", file.path),
            theme.title,
        )));
        for hunk in &file.hunks {
            body.push(Line::from(Span::styled(
                format!(
                    "@@ -{},{} +{},{} @@",
                    hunk.old_start, hunk.old_len, hunk.new_start, hunk.new_len
                ),
                theme.accent,
            )));
            for line in &hunk.lines {
                let (sign, style) = match line.kind {
                    LineKind::Context => (' ', theme.muted),
                    LineKind::Removed => ('-', theme.error),
                    LineKind::Added => ('+', theme.success),
                };
                let text: String = line
                    .text
                    .replace('\t', "    ")
                    .chars()
                    .take(width.saturating_sub(2 * number_width + 6))
                    .collect();
                body.push(Line::from(vec![
                    Span::styled(
                        format!("{} {} │", number(line.old), number(line.new)),
                        theme.muted,
                    ),
                    Span::styled(format!("{sign} {text}"), style),
                ]));
            }
        }
    }
    let [header_area, body_area] =
        Layout::vertical([Constraint::Length(2), Constraint::Min(1)]).areas(area);
    frame.render_widget(Paragraph::new(header), header_area);
    let top = scroll.window(body.len(), usize::from(body_area.height));
    let shown: Vec<Line> = body
        .into_iter()
        .skip(top)
        .take(usize::from(body_area.height))
        .collect();
    frame.render_widget(Paragraph::new(shown), body_area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::Severity;
    use crate::tui::action::Action::*;
    use crate::tui::steps::review::list::fix_marker;
    use crate::tui::steps::review::tests::{review, selecting};
    use crate::tui::testing::Wizard;
    use crate::tui::testing::notice_text;

    /// The review with R-90526 (the default of `dns_image_name`) selected.
    fn on_the_default() -> Wizard {
        selecting("R-90526")
    }

    #[test]
    fn fixable_violations_are_marked() {
        let state = review();
        let checked = state.evaluated().unwrap();
        let marked: Vec<&str> = (0..checked.violation_count())
            .filter(|&i| matches!(checked.fix(i), Some(FixView::Ready(_))))
            .map(|i| checked.item(i).unwrap().id())
            .collect();
        assert!(
            marked.contains(&"R-90526") && marked.contains(&"R-26124"),
            "{marked:?}"
        );
        assert!(matches!(
            checked
                .violations()
                .position(|v| v.rule.id == "R-44001")
                .and_then(|i| checked.fix(i)),
            Some(FixView::NeedsText { .. })
        ));
        let default = checked
            .violations()
            .position(|v| v.rule.id == "R-90526")
            .expect("R-90526");
        assert_eq!(fix_marker(checked.fix(default)), "✎  ");
    }

    #[test]
    fn f_previews_the_fix_and_esc_closes_it() {
        let mut state = on_the_default();
        state.keys(&[PreviewFix]);
        let plan = state.review.fix.clone().expect("a preview is open");
        assert_eq!(plan.records.len(), 1);
        assert_eq!(plan.records[0].rule, "R-90526");
        let diff = plan.preview.unified();
        assert!(diff.contains("-    default: dns-resolver-9.18"), "{diff}");
        assert!(diff.contains("+++ b/base_dns.env"), "{diff}");
        state.keys(&[Back]);
        assert!(state.review.fix.is_none());
        assert_eq!(state.step, StepId::Review, "Esc closes only the preview");
        assert!(state.draft.answers.fixes.is_empty(), "nothing applied");
    }

    #[test]
    fn enter_applies_the_open_fix_and_u_undoes_it() {
        let mut state = on_the_default();
        let before = state.evaluated().unwrap().count(Severity::Error);
        state.keys(&[PreviewFix, Confirm]);
        assert_eq!(state.step, StepId::Review, "Enter applied, did not move on");
        assert!(state.review.fix.is_none());
        assert_eq!(state.draft.answers.fixes.len(), 1);
        let checked = state.evaluated().unwrap();
        assert!(
            !checked
                .violations()
                .any(|v| v.rule.id == "R-90526" || v.rule.id == "R-26124"),
            "re-validated without the default's violations"
        );
        assert!(
            checked.count(Severity::Error) <= before - 2,
            "both findings gone"
        );
        state.keys(&[UndoFix]);
        assert!(state.draft.answers.fixes.is_empty());
        assert_eq!(state.evaluated().unwrap().count(Severity::Error), before);
        state.keys(&[UndoFix]);
        assert!(notice_text(&state).contains("No applied fix"));
    }

    #[test]
    fn shift_f_applies_every_safe_fix_as_one_step() {
        let mut state = review();
        state.keys(&[PreviewSafeFixes]);
        let plan = state.review.fix.clone().expect("the safe plan is open");
        assert!(!plan.records.is_empty());
        assert!(plan.preview.unified().contains("dns-resolver-9.18"));
        state.keys(&[Confirm]);
        assert_eq!(state.draft.answers.fixes, plan.records);
        assert_eq!(state.review.fix_steps, vec![plan.records.len()]);
        let after = state.evaluated().unwrap();
        assert_eq!(after.safe_fixes(), 0, "no safe fix is left");
        state.keys(&[UndoFix]);
        assert!(
            state.draft.answers.fixes.is_empty(),
            "one undo takes the batch"
        );
    }

    #[test]
    fn a_fix_needing_text_asks_for_it_then_previews_and_applies() {
        let mut state = selecting("R-44001");
        let violation = state.selected_violation().unwrap().clone();
        state.keys(&[PreviewFix]);
        assert!(state.review.typing.is_some(), "f asks for the text");
        assert!(state.text_focused(), "letters type into the field");
        state.keys(&[Confirm]);
        assert!(
            notice_text(&state).contains("Type the text"),
            "an empty text is refused"
        );
        state.type_text("  Resolver image version  ");
        state.keys(&[Confirm]);
        assert!(state.review.typing.is_none());
        let plan = state
            .review
            .fix
            .clone()
            .expect("the typed fix's preview is open");
        assert_eq!(plan.records.len(), 1);
        assert_eq!(plan.records[0].rule, "R-44001");
        assert_eq!(
            plan.records[0].text.as_deref(),
            Some("Resolver image version"),
            "the text is trimmed and recorded"
        );
        assert!(
            plan.preview
                .unified()
                .contains("+    description: Resolver image version"),
            "{}",
            plan.preview.unified()
        );
        state.keys(&[Confirm]);
        assert_eq!(
            state.draft.answers.fixes, plan.records,
            "applied as a record"
        );
        let after = state.evaluated().unwrap();
        assert!(
            !after
                .violations()
                .any(|v| v.rule.id == "R-44001" && v.path == violation.path),
            "re-validated without the missing description"
        );
        state.keys(&[UndoFix]);
        assert!(state.draft.answers.fixes.is_empty());
    }

    #[test]
    fn esc_drops_the_text_and_nothing_is_planned() {
        let mut state = selecting("R-44001");
        state.keys(&[PreviewFix]);
        state.type_text("Resolver image");
        state.keys(&[Back]);
        assert!(state.review.typing.is_none() && state.review.fix.is_none());
        assert_eq!(state.step, StepId::Review, "Esc left only the question");
        assert!(state.draft.answers.fixes.is_empty());
    }

    #[test]
    fn a_plan_for_older_answers_is_dropped() {
        let mut state = review();
        let generation = state.generation;
        state.review.planning = true;
        planned(
            &mut state,
            generation - 1,
            Err("for answers no longer shown".to_owned()),
        );
        assert!(!state.review.planning);
        assert!(state.review.fix.is_none());
        assert!(state.notice.is_none(), "nothing said about a stale plan");
    }
}
