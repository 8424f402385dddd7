//! Step 7, Parameters: the HOT parameters still without a value, grouped by
//! `parameter_groups`; the session checks each value against the parameter's type and
//! constraints as it is typed. Hidden parameters are masked. A parameter left empty stays
//! for stack creation.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::properties::leave_forward;
use super::{Hint, form_step_hints, form_step_view};
use crate::session::ParameterGroup;
use crate::tui::action::Action;
use crate::tui::effect::{Draft, Effect};
use crate::tui::state::State;
use crate::tui::theme::Theme;
use crate::tui::widgets::form::{Change, Field, FieldKind, Form};

/// The form.
#[derive(Default)]
pub struct ParametersState {
    /// One field per parameter without a value.
    pub form: Form,
}

/// The form for the parameters the session asks, starting from the draft's answers.
pub fn build(groups: &[ParameterGroup], draft: &Draft) -> Form {
    let mut fields = Vec::new();
    for group in groups {
        for question in group.parameters.iter().filter(|q| !q.has_value) {
            let kind = if question.hidden {
                FieldKind::Secret
            } else if question.type_name == "boolean" {
                FieldKind::Toggle
            } else {
                FieldKind::Text
            };
            let mut field = Field::new(
                &question.name,
                format!("parameter {}", question.name),
                question
                    .label
                    .clone()
                    .unwrap_or_else(|| question.name.clone()),
                kind,
            )
            .starting(None, draft.values.get(&question.name).cloned());
            let mut detail = vec![question.name.clone(), question.type_name.to_owned()];
            detail.extend(question.constraints.iter().cloned());
            field.detail = detail.join(" · ");
            field.help = question
                .description
                .as_deref()
                .map(crate::ovf::one_line)
                .unwrap_or_else(|| {
                    format!(
                        "declared in {}; empty leaves it for stack creation",
                        question.template
                    )
                });
            field.group = Some(
                group
                    .label
                    .clone()
                    .unwrap_or_else(|| format!("Parameters of {}", question.template)),
            );
            fields.push(field);
        }
    }
    Form::new(fields)
}

/// The session evaluated the answers again: when the parameters it asks changed (a chosen
/// implementation leaves its own open), the form is built anew. Typed values live in the
/// draft, so none is lost, and the focus stays on the same parameter.
pub fn questions_changed(state: &mut State) {
    let Some(resolution) = state.review.resolution.clone() else {
        return;
    };
    let form = build(&resolution.parameters, &state.draft);
    let asked = |form: &Form| -> Vec<(String, String)> {
        form.fields
            .iter()
            .map(|f| (f.key.clone(), f.detail.clone()))
            .collect()
    };
    if asked(&form) == asked(&state.parameters.form) {
        return;
    }
    let focused = state.parameters.form.focused().map(|f| f.key.clone());
    state.parameters.form = form;
    if let Some(key) = focused {
        state.parameters.form.focus_first(|f| f.key == key);
    }
}

/// Whether no parameter has a problem.
pub fn complete(state: &State) -> bool {
    state
        .parameters
        .form
        .fields
        .iter()
        .all(|f| state.problem(&f.subject).is_none())
}

/// Keys of the parameters step.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    match action {
        Action::Confirm => {
            leave_forward(state, |s| &mut s.parameters.form, "Parameters");
            Vec::new()
        }
        Action::Back => {
            state.go_back();
            Vec::new()
        }
        action => match state.parameters.form.update(action) {
            Change::Edited(index) => {
                let field = &state.parameters.form.fields[index];
                let (key, value) = (field.key.clone(), field.value().to_owned());
                // An emptied field is no answer: the parameter waits for stack creation.
                if value.is_empty() {
                    state.draft.values.remove(&key);
                } else {
                    state.draft.values.insert(key, value);
                }
                state.changed()
            }
            Change::Moved | Change::Ignored => Vec::new(),
        },
    }
}

/// Draws the form; returns the cursor's place.
pub fn view(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Option<(u16, u16)> {
    form_step_view(
        state,
        &state.parameters.form,
        "Parameters without a value. Fill what you know; an empty one is left for stack creation.",
        theme,
        frame,
        area,
    )
}

/// Keys of the parameters step.
pub fn hints(state: &State) -> Vec<Hint> {
    form_step_hints(&state.parameters.form)
}

#[cfg(test)]
mod tests {
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::opened;

    #[test]
    fn only_parameters_without_a_value_are_asked() {
        let state = opened("tests/fixtures/wizard/dns-needs-work");
        assert_eq!(state.step, StepId::Parameters);
        let names: Vec<&str> = state
            .parameters
            .form
            .fields
            .iter()
            .map(|f| f.key.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "vnf_id",
                "vf_module_id",
                "oam_net_id",
                "dns_names",
                "unused_flag"
            ],
            "dns_flavor_name and dns_cache_size have env values, dns_image_name a default"
        );
    }

    #[test]
    fn a_value_onap_supplies_is_a_problem_of_its_field() {
        let mut state = opened("tests/fixtures/wizard/dns-needs-work");
        state.parameters.form.focus = 0;
        state.type_text("vnf-7");
        let problem = state
            .problem("parameter vnf_id")
            .expect("the environment file must not list vnf_id");
        assert_eq!(problem.rule, "R-20856");
        assert!(
            problem
                .message
                .contains("leave this parameter without a value"),
            "{}",
            problem.message
        );
        state.keys(&[Erase, Erase, Erase, Erase, Erase]);
        assert!(state.problem("parameter vnf_id").is_none(), "cleared");
    }

    #[test]
    fn values_are_checked_by_type_and_an_emptied_field_is_no_answer() {
        let mut state = opened("tests/fixtures/wizard/dns-needs-work");
        state.keys(&[End]);
        let flag = state.parameters.form.fields.len() - 1;
        state.parameters.form.focus = flag;
        state.keys(&[Toggle]);
        assert_eq!(state.draft.values["unused_flag"], "true");
        state.parameters.form.focus = 0;
        state.type_text("vnf-7");
        assert_eq!(state.draft.values["vnf_id"], "vnf-7");
        state.keys(&[Erase, Erase, Erase, Erase, Erase]);
        assert!(!state.draft.values.contains_key("vnf_id"));
        assert!(state.problem("parameter vnf_id").is_none());
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Review);
    }
}
