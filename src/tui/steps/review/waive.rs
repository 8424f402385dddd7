//! Waiving from the review: `w` asks for the reason that accepts the selected finding
//! (Tab: every finding of its group instead, when the list is grouped), an empty reason is
//! refused; `x` takes back the answers' waiver of a waived finding. Both only change the
//! answers' `waivers:` (the form `onboard --answers` reads) and evaluate again: the
//! session judges which findings a waiver accepts, as it does for every face.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::foundation::diagnostics::{Violation, Waived, WaivedBy};
use crate::session::{Finding, FindingKind};
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::state::State;
use crate::tui::theme::Theme;
use crate::tui::widgets::TextField;
use crate::tui::widgets::paragraph::count;

use super::question::{self, Question};

/// A waiver being written: the reason is typed, the scope chosen.
pub struct Waiving {
    /// The selected finding.
    pub selected: Violation,
    /// Its group's findings that a waiver can accept, when the list is grouped and the
    /// group holds others: the group's name and the findings.
    pub group: Option<(String, Vec<Violation>)>,
    /// Whether the reason accepts the whole group.
    pub whole_group: bool,
    /// The reason so far.
    pub field: TextField,
}

impl Waiving {
    /// The findings the reason will accept.
    fn accepted(&self) -> Vec<&Violation> {
        match &self.group {
            Some((_, group)) if self.whole_group => group.iter().collect(),
            _ => vec![&self.selected],
        }
    }
}

/// A finding a waiver of the answers can accept: a rule's violation of the output set
/// that no waiver accepts yet.
fn waivable(finding: &Finding) -> Option<&Violation> {
    match &finding.kind {
        FindingKind::Output(violation) if finding.waived.is_none() => Some(violation),
        _ => None,
    }
}

/// Where a waiver the review cannot take back is written, in words.
fn written_by(waived: &Waived) -> String {
    let by = match waived.by {
        WaivedBy::Config => "by the project config",
        WaivedBy::Inline => "by a comment",
        WaivedBy::Baseline => "by the baseline",
        WaivedBy::Answers => "by the answers",
    };
    match &waived.at {
        Some(at) => format!("{by} at {at}"),
        None => format!("{by} the package records"),
    }
}

/// `w`: asks for the reason that waives the selected finding, or says why it cannot be.
pub(super) fn start(state: &mut State) -> Vec<Effect> {
    let Some(finding) = state.selected_finding() else {
        state.warn("Nothing selected to waive.");
        return Vec::new();
    };
    if let Some(waived) = &finding.waived {
        let how = match waived.by {
            WaivedBy::Answers => "x takes it back".to_owned(),
            _ => written_by(waived),
        };
        state.warn(format!("Already waived ({how})."));
        return Vec::new();
    }
    let selected = match &finding.kind {
        FindingKind::Output(violation) => violation.clone(),
        FindingKind::Package(_) => {
            state.warn("The package's own findings are waived in its descriptor or vnfwiz.toml; the review waives the output's.");
            return Vec::new();
        }
        FindingKind::Remark(_) => {
            state.warn(
                "Only a rule's finding can be waived; answers and notes are settled in their step.",
            );
            return Vec::new();
        }
    };
    let group = state.evaluated().and_then(|evaluated| {
        let (name, items) = state.review.listing.group_of(state.review.selected)?;
        let findings: Vec<Violation> = items
            .iter()
            .filter_map(|&i| waivable(evaluated.item(i)?).cloned())
            .collect();
        (findings.len() > 1).then(|| (name.to_owned(), findings))
    });
    state.review.waiving = Some(Waiving {
        selected,
        group,
        whole_group: false,
        field: TextField::default(),
    });
    Vec::new()
}

/// Keys while the reason is typed: Enter waives, Tab chooses the scope, Esc cancels.
pub(super) fn typing_update(state: &mut State, action: Action) -> Vec<Effect> {
    let Some(waiving) = &mut state.review.waiving else {
        return Vec::new();
    };
    match action {
        Action::Confirm => {
            let reason = waiving.field.text().trim().to_owned();
            if reason.is_empty() {
                state.warn("A waiver needs a reason: type why it is accepted (Esc cancels).");
                return Vec::new();
            }
            let accepted: Vec<Violation> = waiving.accepted().into_iter().cloned().collect();
            match state.draft.answers.waive(&accepted, &reason) {
                Ok(_) => {
                    state.review.waiving = None;
                    state.tell(format!(
                        "Waived {}: {reason} (x takes it back).",
                        count(accepted.len(), "finding")
                    ));
                    state.changed()
                }
                Err(error) => {
                    state.warn(error.to_string());
                    Vec::new()
                }
            }
        }
        Action::Back => {
            state.review.waiving = None;
            Vec::new()
        }
        Action::NextField | Action::PreviousField => {
            if waiving.group.is_some() {
                waiving.whole_group = !waiving.whole_group;
            }
            Vec::new()
        }
        _ => {
            if let Some(warning) = question::edit(&mut waiving.field, action) {
                state.warn(warning);
            }
            Vec::new()
        }
    }
}

/// `x`: takes back the answers' waiver of the selected finding, or says where the waiver
/// that accepts it lives.
pub(super) fn take_back(state: &mut State) -> Vec<Effect> {
    let Some(finding) = state.selected_finding() else {
        return Vec::new();
    };
    let (Some(waived), Some(violation)) = (&finding.waived, finding.violation()) else {
        state.warn("Not waived: w waives it.");
        return Vec::new();
    };
    if waived.by != WaivedBy::Answers {
        state.warn(format!(
            "Waived {}: take it back there (the review takes back the answers' waivers).",
            written_by(waived)
        ));
        return Vec::new();
    }
    let violation = violation.clone();
    let taken = state.draft.answers.take_back(&violation);
    if taken.is_empty() {
        state.warn("No waiver of the answers accepts it any more.");
        return Vec::new();
    }
    let rules: Vec<&str> = taken.iter().map(|w| w.rule.as_str()).collect();
    state.tell(format!(
        "Took back the waiver of {}: what it accepted counts again.",
        rules.join(", ")
    ));
    state.changed()
}

/// The reason's question where the detail pane was; returns where the cursor goes.
pub(super) fn draw(waiving: &Waiving, theme: &Theme, frame: &mut Frame, area: Rect) -> (u16, u16) {
    let v = &waiving.selected;
    let mut extra = Vec::new();
    if let Some((name, group)) = &waiving.group {
        let choice = |on: bool, text: String| {
            let (mark, style) = if on {
                ("◉", theme.focus)
            } else {
                ("○", theme.muted)
            };
            Span::styled(format!("{mark} {text}"), style)
        };
        extra.push(Line::from(vec![
            Span::styled("Accepts: ", theme.text),
            choice(!waiving.whole_group, "this finding".to_owned()),
            Span::raw("   "),
            choice(
                waiving.whole_group,
                format!("the {} of {name}", count(group.len(), "finding")),
            ),
        ]));
    }
    let keys = if waiving.group.is_some() {
        "Enter waives · Tab this finding or the group · Esc cancels"
    } else {
        "Enter waives · Esc cancels"
    };
    let question = Question {
        title: format!("~ Waive {} at {}:{}", v.rule.id, v.file, v.span.line),
        prompt: "Why is it accepted? The reason is recorded in the answers and in the packages written, for whoever receives them.",
        extra,
        field: &waiving.field,
        keys,
    };
    question::draw(question, theme, frame, area)
}
