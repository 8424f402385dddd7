//! Step 3, Licence: each EULA shown in turn, scrollable; `a` accepts (its SHA-256 digest goes
//! into the answers), `d` declines, which ends the wizard with nothing written.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{BACK, CONFIRM, Cursor, Hint, Step, hint, lasting};
use crate::session::answers::EulaAcceptance;
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::opened::Opened;
use crate::tui::state::{Overlay, State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::{TextScroll, wrap};

/// Which licence is shown, where it is scrolled, which are accepted.
#[derive(Default)]
pub struct LicenceState {
    /// The licence shown.
    pub index: usize,
    /// Its scroll position.
    pub scroll: TextScroll,
    /// Accepted, per licence.
    pub accepted: Vec<bool>,
}

/// Whether every licence of the source is accepted.
pub fn all_accepted(state: &State) -> bool {
    let count = state.opened.as_ref().map_or(0, |l| l.questions.eulas.len());
    state.licence.accepted.len() == count && state.licence.accepted.iter().all(|a| *a)
}

/// The answer the accepted licences give: their digests.
pub fn acceptance(state: &State) -> EulaAcceptance {
    let digests: Vec<String> = state
        .opened
        .iter()
        .flat_map(|l| l.questions.eulas.iter())
        .zip(&state.licence.accepted)
        .filter(|(_, accepted)| **accepted)
        .map(|(eula, _)| eula.sha256.clone())
        .collect();
    if digests.is_empty() {
        EulaAcceptance::NotGiven
    } else {
        EulaAcceptance::Digests(digests)
    }
}

/// Records the accepted digests in the answers, to be evaluated again.
fn record(state: &mut State) -> Vec<Effect> {
    state.draft.answers.accept_eula = acceptance(state);
    state.changed()
}

fn show(state: &mut State, index: usize) {
    state.licence.index = index;
    state.licence.scroll.home();
}

/// The licences.
pub struct LicenceStep;

impl Step for LicenceStep {
    fn skipped(&self, _: &State, opened: &Opened) -> Option<&'static str> {
        opened
            .questions
            .eulas
            .is_empty()
            .then_some("no licence to accept")
    }

    fn done(&self, state: &State) -> bool {
        all_accepted(state)
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        Some(if all_accepted(state) {
            Verdict::Valid
        } else {
            Verdict::Problems
        })
    }

    /// Keys of the licence step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        let count = state.opened.as_ref().map_or(0, |l| l.questions.eulas.len());
        if count == 0 {
            return Vec::new();
        }
        if state.licence.accepted.len() != count {
            state.licence.accepted = vec![false; count];
        }
        let index = state.licence.index.min(count - 1);
        if state.licence.scroll.apply(action) {
            return Vec::new();
        }
        let mut effects = Vec::new();
        match action {
            Action::Accept => {
                state.licence.accepted[index] = true;
                effects = record(state);
                match (index + 1..count).find(|i| !state.licence.accepted[*i]) {
                    Some(next) => show(state, next),
                    None if all_accepted(state) => state.go_next(),
                    None => {
                        if let Some(first) = state.licence.accepted.iter().position(|a| !a) {
                            show(state, first);
                        }
                    }
                }
            }
            Action::Decline => state.overlay = Some(Overlay::ConfirmDecline),
            Action::NextField if index + 1 < count => show(state, index + 1),
            Action::PreviousField if index > 0 => show(state, index - 1),
            Action::Confirm if all_accepted(state) => state.go_next(),
            Action::Confirm if state.licence.accepted[index] => {
                if let Some(first) = state.licence.accepted.iter().position(|a| !a) {
                    show(state, first);
                }
            }
            Action::Confirm => state.tell("Press a to accept this licence, or d to decline it."),
            Action::Back => state.go_back(),
            _ => {}
        }
        effects
    }

    /// Draws the licence shown.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        let loaded = state.opened.as_ref()?;
        let eula = loaded.questions.eulas.get(state.licence.index)?;
        let [head, text_area, foot] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(1),
            Constraint::Length(2),
        ])
        .areas(area);
        let count = loaded.questions.eulas.len();
        frame.render_widget(
            Line::from(vec![
                Span::styled(
                    format!("Licence {} of {count}", state.licence.index + 1),
                    theme.title,
                ),
                Span::styled(
                    format!(
                        " · for {} · SHA-256 {}…",
                        eula.system,
                        &eula.sha256[..12.min(eula.sha256.len())]
                    ),
                    theme.muted,
                ),
            ]),
            head,
        );
        let lines = wrap(&eula.text, usize::from(text_area.width.saturating_sub(1)));
        let height = usize::from(text_area.height);
        let top = state.licence.scroll.window(lines.len(), height);
        let shown: Vec<Line> = lines
            .iter()
            .skip(top)
            .take(height)
            .map(|l| Line::from(Span::styled(l.clone(), theme.text)))
            .collect();
        frame.render_widget(Paragraph::new(shown), text_area);

        let accepted = state
            .licence
            .accepted
            .get(state.licence.index)
            .copied()
            .unwrap_or(false);
        let status = if accepted {
            Span::styled("✓ accepted", theme.success)
        } else {
            Span::styled("not accepted yet: a accepts, d declines", theme.warning)
        };
        let last = (top + height).min(lines.len());
        let position = Span::styled(
            format!(
                "   lines {}–{last} of {}",
                top + usize::from(!lines.is_empty()),
                lines.len()
            ),
            theme.muted,
        );
        frame.render_widget(
            Paragraph::new(vec![Line::default(), Line::from(vec![status, position])]),
            foot,
        );
        None
    }

    /// Keys of the licence step.
    fn hints(&self, state: &State) -> Vec<Hint> {
        let mut hints = vec![
            hint(&[Action::Accept], "accept"),
            hint(&[Action::Decline], "decline"),
            hint(
                &[Action::PageUp, Action::PageDown, Action::Home, Action::End],
                "scroll",
            ),
        ];
        if state
            .opened
            .as_ref()
            .is_some_and(|l| l.questions.eulas.len() > 1)
        {
            hints.push(hint(&[Action::NextField], "next licence"));
        }
        hints.push(lasting(CONFIRM, "next"));
        hints.push(lasting(BACK, "back"));
        hints
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::state::{Exit, StepId};
    use crate::tui::testing::notice_text;
    use crate::tui::testing::{Wizard, opened};

    fn at_licence() -> Wizard {
        let mut state = opened("assets/samples/vfw-edge.ova");
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Licence);
        state
    }

    #[test]
    fn accepting_records_the_digest_and_moves_on() {
        let mut state = at_licence();
        let digest = state.opened.as_ref().unwrap().questions.eulas[0]
            .sha256
            .clone();
        state.keys(&[Accept]);
        assert_eq!(
            state.draft.answers.accept_eula,
            EulaAcceptance::Digests(vec![digest])
        );
        assert!(state.unsaved);
        assert_eq!(state.step, StepId::Option);
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Licence, "Esc comes back");
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Option, "Enter goes on once accepted");
    }

    #[test]
    fn enter_without_accepting_explains() {
        let mut state = at_licence();
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Licence);
        assert!(notice_text(&state).contains("a to accept"));
    }

    #[test]
    fn declining_asks_then_ends_with_nothing_accepted() {
        let mut state = at_licence();
        state.keys(&[Decline]);
        assert_eq!(state.overlay, Some(Overlay::ConfirmDecline));
        state.keys(&[No]);
        assert_eq!(state.overlay, None);
        assert_eq!(state.exit, None);
        state.keys(&[Decline, Yes]);
        assert_eq!(state.exit, Some(Exit::Declined));
        assert_eq!(state.draft.answers.accept_eula, EulaAcceptance::Declined);
    }

    #[test]
    fn scrolling_pages_and_ends() {
        let mut state = at_licence();
        state.keys(&[PageDown]);
        let page = state.licence.scroll.top;
        assert!(page > 1, "a page is more than a line");
        state.keys(&[End]);
        let end = state.licence.scroll.top;
        assert!(end >= page);
        state.keys(&[PageDown, Down]);
        assert_eq!(state.licence.scroll.top, end, "never past the end");
        state.keys(&[Up]);
        assert_eq!(state.licence.scroll.top, end - 1);
        state.keys(&[Home]);
        assert_eq!(state.licence.scroll.top, 0);
        state.keys(&[PageUp]);
        assert_eq!(state.licence.scroll.top, 0);
    }
}
