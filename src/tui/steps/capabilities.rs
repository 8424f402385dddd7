//! Step 6, Capabilities: each resource type a HOT set implements several ways, with its
//! candidates, their capability tags and the `requires` filters in force. Choosing a
//! candidate records `capabilities: {type: template}` in the answers; the capabilities
//! module decides how every type then stands and the session re-evaluates (the parameters
//! the chosen templates leave open follow from that).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{BACK, CONFIRM, Cursor, Hint, Step, UP_DOWN, hint, lasting, row_marker};
use crate::model::capabilities::Summary;
use crate::model::capabilities::introspect::{TypeStatus, TypeSummary};
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::opened::Opened;
use crate::tui::state::{State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::{ListWindow, navigate, wrap};

/// The candidate under the cursor.
#[derive(Default)]
pub struct CapabilitiesState {
    /// Index into the candidate rows of every type with a choice.
    pub selected: usize,
    /// The list's scroll window.
    pub window: ListWindow,
}

/// The types the operator chooses for: those with more than one candidate.
pub fn choosable(summary: &Summary) -> impl Iterator<Item = (&String, &TypeSummary)> {
    summary
        .resource_types
        .iter()
        .filter(|(_, t)| t.candidates.len() > 1)
}

/// Every candidate row: (resource type, its summary, candidate index).
fn rows(summary: &Summary) -> Vec<(&str, &TypeSummary, usize)> {
    choosable(summary)
        .flat_map(|(name, t)| (0..t.candidates.len()).map(move |i| (name.as_str(), t, i)))
        .collect()
}

/// The template a type stands resolved to, if it does.
fn chosen(summary: &TypeSummary) -> Option<&str> {
    match &summary.status {
        TypeStatus::Resolved { chosen, .. } => Some(chosen),
        _ => None,
    }
}

/// Whether every type with a choice stands resolved.
pub fn complete(summary: &Summary) -> bool {
    choosable(summary).all(|(_, t)| chosen(t).is_some())
}

/// Puts the cursor on a type's chosen candidate (its first when none is chosen); false
/// when the type offers no choice.
pub fn select_type(state: &mut State, kind: &str) -> bool {
    let Some(summary) = state.capabilities() else {
        return false;
    };
    let rows = rows(summary);
    let of_type = |&(name, _, _): &(&str, &TypeSummary, usize)| name == kind;
    let picked = rows
        .iter()
        .position(|row| {
            of_type(row) && chosen(row.1) == Some(row.1.candidates[row.2].template.as_str())
        })
        .or_else(|| rows.iter().position(of_type));
    match picked {
        Some(row) => {
            state.capabilities.selected = row;
            true
        }
        None => false,
    }
}

/// Records the candidate under the cursor as the type's implementation; returns the
/// effects of the change (none when it was already the answer).
fn choose(state: &mut State) -> Vec<Effect> {
    let Some(summary) = state.capabilities() else {
        return Vec::new();
    };
    let Some((name, t, index)) = rows(summary).get(state.capabilities.selected).copied() else {
        return Vec::new();
    };
    let (name, template) = (name.to_owned(), t.candidates[index].template.clone());
    if state.draft.answers.capabilities.get(&name) == Some(&template) {
        return Vec::new();
    }
    state.draft.answers.capabilities.insert(name, template);
    state.changed()
}

/// `key=value key=value` of a candidate's tags.
fn tags(capabilities: &std::collections::BTreeMap<String, Vec<String>>) -> String {
    capabilities
        .iter()
        .map(|(key, values)| format!("{key}={}", values.join(",")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a type stands, in words.
fn standing(summary: &TypeSummary) -> String {
    match &summary.status {
        TypeStatus::Resolved { chosen, by } => format!("✓ {chosen} (by {by})"),
        TypeStatus::Ambiguous => "✗ several candidates fit: choose one".to_owned(),
        TypeStatus::Unresolved => "✗ no candidate fits the requirements".to_owned(),
        TypeStatus::Offered => "– offered, no resource uses it".to_owned(),
    }
}

/// The template capabilities.
pub struct CapabilitiesStep;

impl Step for CapabilitiesStep {
    fn skipped(&self, state: &State, _: &Opened) -> Option<&'static str> {
        state
            .capabilities()
            .is_none()
            .then_some("no resource type with several implementations")
    }

    fn done(&self, state: &State) -> bool {
        state.capabilities().is_some_and(complete)
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        Some(match state.capabilities() {
            Some(summary) if !complete(summary) => Verdict::Problems,
            _ => Verdict::Valid,
        })
    }

    /// Keys of the capabilities step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        let count = state.capabilities().map_or(0, |s| rows(s).len());
        let page = state.capabilities.window.page();
        if let Some(row) = navigate(action, state.capabilities.selected, count, page) {
            state.capabilities.selected = row;
            return Vec::new();
        }
        match action {
            Action::Toggle => choose(state),
            Action::Confirm => {
                let effects = choose(state);
                // The answer stands once the session has evaluated it; until then the choice
                // just recorded counts for its own type.
                let answered = &state.draft.answers.capabilities;
                let open = state.capabilities().and_then(|summary| {
                    choosable(summary)
                        .position(|(name, t)| chosen(t).is_none() && !answered.contains_key(name))
                });
                match open {
                    Some(type_index) => {
                        state.capabilities.selected = state.capabilities().map_or(0, |summary| {
                            choosable(summary)
                                .take(type_index)
                                .map(|(_, t)| t.candidates.len())
                                .sum()
                        });
                        state.tell("Choose an implementation for this type too.");
                    }
                    None => state.go_next(),
                }
                effects
            }
            Action::Back => {
                state.go_back();
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// Draws the requirements and each type's candidates.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        let summary = state.capabilities()?;
        let requires: Vec<Span> = if summary.requires.is_empty() {
            vec![Span::styled("none", theme.muted)]
        } else {
            summary
                .requires
                .iter()
                .flat_map(|(key, r)| {
                    [
                        Span::styled(format!("{key}={}", r.value), theme.text),
                        Span::styled(format!(" ({})  ", r.from), theme.muted),
                    ]
                })
                .collect()
        };
        let mut head = vec![Span::styled("Requirements in force: ", theme.title)];
        head.extend(requires);
        let [intro, list_area] =
            Layout::vertical([Constraint::Length(3), Constraint::Min(1)]).areas(area);
        frame.render_widget(
            Paragraph::new(vec![
                Line::from(Span::styled(
                    "Resource types the set implements several ways. Space or Enter chooses.",
                    theme.text,
                )),
                Line::from(head),
            ]),
            intro,
        );
        let mut lines: Vec<Line> = Vec::new();
        let mut selected_line = 0;
        let mut row = 0;
        for (name, t) in choosable(summary) {
            if !lines.is_empty() {
                lines.push(Line::default());
            }
            let status_style = match t.status {
                TypeStatus::Resolved { .. } => theme.success,
                TypeStatus::Offered => theme.muted,
                _ => theme.error,
            };
            lines.push(Line::from(vec![
                Span::styled(name.clone(), theme.title),
                Span::styled(format!("  {}", standing(t)), status_style),
            ]));
            lines.push(Line::from(Span::styled(
                format!("  candidates from {}", t.source),
                theme.muted,
            )));
            // Like a form field's, a problem shows once the operator has answered: until then
            // the type's standing says what is open.
            let answered = state.draft.answers.capabilities.contains_key(name);
            if let Some(problem) = answered
                .then(|| state.problem(&format!("capabilities {name}")))
                .flatten()
            {
                let width = usize::from(list_area.width).saturating_sub(4);
                for (i, text) in wrap(&problem.message, width).into_iter().enumerate() {
                    let lead = if i == 0 { "  ✗ " } else { "    " };
                    lines.push(Line::from(Span::styled(
                        format!("{lead}{text}"),
                        theme.error,
                    )));
                }
            }
            for candidate in &t.candidates {
                let focused = row == state.capabilities.selected;
                if focused {
                    selected_line = lines.len();
                }
                let picked = chosen(t) == Some(candidate.template.as_str());
                let base = if focused { theme.selection } else { theme.text };
                let mut spans = vec![
                    Span::styled(row_marker(focused), base),
                    Span::styled(if picked { "(●) " } else { "( ) " }, base),
                    Span::styled(candidate.template.clone(), base),
                    Span::styled(format!("  {}", tags(&candidate.capabilities)), theme.muted),
                ];
                match &candidate.rejected {
                    // The operator chose it anyway: the answer stands, the review warns.
                    Some(why) if picked => spans.push(Span::styled(
                        format!("  ▲ chosen against the requirements: {why}"),
                        theme.warning,
                    )),
                    Some(why) => {
                        spans.push(Span::styled(format!("  ✗ set aside: {why}"), theme.warning));
                    }
                    None => {}
                }
                lines.push(Line::from(spans));
                row += 1;
            }
        }
        let height = usize::from(list_area.height);
        let range = state
            .capabilities
            .window
            .range(selected_line, lines.len(), height);
        let shown: Vec<Line> = lines
            .into_iter()
            .skip(range.start)
            .take(range.len())
            .collect();
        frame.render_widget(Paragraph::new(shown), list_area);
        None
    }

    /// Keys of the capabilities step.
    fn hints(&self, _: &State) -> Vec<Hint> {
        vec![
            hint(UP_DOWN, "candidate"),
            hint(&[Action::Toggle], "choose"),
            lasting(CONFIRM, "choose and next"),
            lasting(BACK, "back"),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::state::{StepId, StepStatus};
    use crate::tui::testing::opened;

    const AMBIGUOUS: &str = "tests/fixtures/capabilities/dns_ambiguous";
    const DECIDED: &str = "tests/fixtures/capabilities/firewall_requires";

    #[test]
    fn a_set_with_an_open_choice_asks_for_it() {
        let state = opened(AMBIGUOUS);
        assert_eq!(state.step, StepId::Capabilities);
        let summary = state.capabilities().unwrap();
        assert_eq!(rows(summary).len(), 2);
        assert!(!complete(summary));
        assert_eq!(state.status(StepId::Capabilities), StepStatus::Open);
    }

    #[test]
    fn choosing_records_the_template_and_the_module_resolves_it() {
        let mut state = opened(AMBIGUOUS);
        state.keys(&[Down, Toggle]);
        assert_eq!(
            state.draft.answers.capabilities["OS::VNF::DnsResolver"],
            "resolvers/unbound_resolver.yaml"
        );
        assert!(state.unsaved);
        let summary = state.capabilities().unwrap();
        assert_eq!(
            chosen(&summary.resource_types["OS::VNF::DnsResolver"]),
            Some("resolvers/unbound_resolver.yaml"),
            "re-evaluated with the answer"
        );
        state.keys(&[Up, Confirm]);
        assert_eq!(
            state.draft.answers.capabilities["OS::VNF::DnsResolver"],
            "resolvers/bind_resolver.yaml",
            "Enter chooses too"
        );
        assert!(state.step > StepId::Capabilities, "and goes on");
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Capabilities);
    }

    #[test]
    fn a_choice_the_requirements_made_is_shown_not_asked() {
        let state = opened(DECIDED);
        let summary = state.capabilities().unwrap();
        assert!(complete(summary));
        assert_eq!(state.status(StepId::Capabilities), StepStatus::Done);
        let candidates = &summary.resource_types["OS::VNF::FirewallNode"].candidates;
        assert!(
            candidates[1].rejected.is_some(),
            "set aside by dataplane=dpdk"
        );
    }

    #[test]
    fn choosing_what_the_requirements_set_aside_says_so_and_warns_in_review() {
        let mut state = opened(DECIDED);
        let summary = state.capabilities().unwrap();
        let kernel = rows(summary)
            .iter()
            .position(|(_, t, i)| t.candidates[*i].template == "nodes/fw_node_kernel.yaml")
            .unwrap();
        state.step = StepId::Capabilities;
        state.capabilities.selected = kernel;
        state.keys(&[Toggle]);
        let summary = state.capabilities().unwrap();
        let node = &summary.resource_types["OS::VNF::FirewallNode"];
        assert_eq!(
            chosen(node),
            Some("nodes/fw_node_kernel.yaml"),
            "the answer stands"
        );
        let screen = crate::tui::testing::render(&state, &Theme::default_theme());
        assert!(
            screen.contains("(●) nodes/fw_node_kernel.yaml")
                && screen.contains("▲ chosen against the requirements"),
            "{screen}"
        );
        let findings = &state.evaluated().unwrap().evaluation.findings;
        let warning = findings
            .iter()
            .find(|f| f.place().contains("OS::VNF::FirewallNode"))
            .expect("the review lists the choice");
        assert_eq!(
            warning.severity(),
            crate::foundation::diagnostics::Severity::Warning
        );
        assert!(warning.message().contains("set aside"), "{warning:?}");
        assert_eq!(
            warning.answer.as_deref(),
            Some("capabilities OS::VNF::FirewallNode"),
            "Enter on it goes back to the choice"
        );
    }

    #[test]
    fn choosing_an_implementation_asks_its_own_parameters() {
        let asked = |state: &crate::tui::testing::Wizard| -> Vec<String> {
            state
                .parameters
                .form
                .fields
                .iter()
                .map(|f| f.key.clone())
                .collect()
        };
        let mut state = opened("tests/fixtures/capabilities/router_params");
        assert_eq!(state.step, StepId::Capabilities);
        let rows = rows(state.capabilities().unwrap());
        let frr = rows
            .iter()
            .position(|(_, t, i)| t.candidates[*i].template == "engines/frr_engine.yaml")
            .unwrap();
        let vpp = rows
            .iter()
            .position(|(_, t, i)| t.candidates[*i].template == "engines/vpp_engine.yaml")
            .unwrap();
        state.capabilities.selected = frr;
        state.keys(&[Toggle]);
        let with_frr = asked(&state);
        assert!(with_frr.iter().any(|k| k == "bgp_asn"), "{with_frr:?}");
        state.capabilities.selected = vpp;
        state.keys(&[Toggle]);
        let with_vpp = asked(&state);
        assert!(!with_vpp.iter().any(|k| k == "bgp_asn"), "{with_vpp:?}");
    }

    #[test]
    fn a_set_without_choices_skips_the_step() {
        let state = opened("tests/fixtures/wizard/dns-needs-work");
        assert!(state.capabilities().is_none());
        assert!(matches!(
            state.status(StepId::Capabilities),
            StepStatus::Skipped(_)
        ));
    }
}
