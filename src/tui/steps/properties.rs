//! Step 5, Properties: the package's user-configurable OVF properties as a form grouped by
//! `Category`, each with its label, description and what it accepts; the session checks
//! every value as it is typed and its problem shows under the field. Passwords are masked
//! (Ctrl-R reveals); choices (`ValueMap`) and booleans are picked, not typed. When the
//! deployment option changes, fields not edited take that option's defaults. The guests'
//! OVF environment transport closes the form.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::{
    Cursor, Hint, Step, form_step_help, form_step_hints, form_step_verdict, form_step_view,
};
use crate::session::{PropertyKind, PropertyQuestion};
use crate::transform::convert::EnvTransport;
use crate::tui::action::Action;
use crate::tui::effect::{Draft, Effect};
use crate::tui::opened::Opened;
use crate::tui::state::{State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::form::{Change, Field, FieldKind, Form, LONG_CHOICE};

/// The key of the transport field (an answer of its own, not a property).
pub const TRANSPORT: &str = "ovf_env_transport";

/// The form.
#[derive(Default)]
pub struct PropertiesState {
    /// One field per property, then the transport.
    pub form: Form,
}

/// A property's default under `option` (the package's default option when none).
fn default_for(question: &PropertyQuestion, option: Option<&str>) -> Option<String> {
    match option {
        Some(option) => question.defaults.get(option).cloned().flatten(),
        None => question.default.clone(),
    }
}

/// The form for an opened source, starting from the draft's answers.
pub fn build(opened: &Opened, draft: &Draft) -> Form {
    let option = draft.answers.deployment_option.as_deref();
    let mut fields = Vec::new();
    for group in &opened.questions.properties {
        for question in &group.properties {
            let kind = match &question.kind {
                PropertyKind::Secret => FieldKind::Secret,
                PropertyKind::Boolean => FieldKind::Toggle,
                PropertyKind::Choice(choices) => FieldKind::Choice(choices.clone()),
                PropertyKind::Text => FieldKind::Text,
            };
            let mut field = Field::new(
                &question.key,
                format!("property {}", question.key),
                question
                    .label
                    .clone()
                    .unwrap_or_else(|| question.key.clone()),
                kind,
            )
            .starting(
                default_for(question, option),
                draft.values.get(&question.key).cloned(),
            );
            let mut detail = vec![question.key.clone()];
            // A long choice's values are picked from its list, not read inline.
            match &question.kind {
                PropertyKind::Choice(values) if values.len() > LONG_CHOICE => {
                    detail.extend(
                        question
                            .valid
                            .iter()
                            .filter(|v| !v.starts_with("one of "))
                            .cloned(),
                    );
                    detail.push(format!("one of {} values", values.len()));
                }
                _ => detail.extend(question.valid.iter().cloned()),
            }
            field.detail = detail.join(" · ");
            // One line under the field: the descriptor's line breaks become spaces.
            field.help =
                crate::model::ovf::one_line(question.description.as_deref().unwrap_or_default());
            field.group = group.category.clone();
            fields.push(field);
        }
    }
    let transports = &opened.questions.transports;
    if !fields.is_empty() && !transports.is_empty() {
        let values: Vec<String> = transports.iter().map(|t| (*t).to_owned()).collect();
        let mut field = Field::new(
            TRANSPORT,
            TRANSPORT.to_owned(),
            "OVF environment".to_owned(),
            FieldKind::Choice(values),
        )
        .starting(
            Some(transports[0].to_owned()),
            draft
                .answers
                .ovf_env_transport
                .map(|t| t.as_str().to_owned()),
        );
        field.detail = "how each VM receives these values".to_owned();
        field.help = "personality: /ovf-env.xml on the server · user_data: as user data · none: read them from the server metadata".to_owned();
        field.group = Some("Delivery to the guests".to_owned());
        fields.push(field);
    }
    Form::new(fields)
}

/// The deployment option changed: fields not edited show its defaults.
pub fn option_changed(state: &mut State) {
    let Some(opened) = state.opened.clone() else {
        return;
    };
    let option = state.draft.answers.deployment_option.as_deref();
    for question in opened
        .questions
        .properties
        .iter()
        .flat_map(|g| &g.properties)
    {
        if let Some(field) = state.properties.form.field_mut(&question.key) {
            field.set_default(default_for(question, option));
        }
    }
}

/// Whether no property has a problem.
pub fn complete(state: &State) -> bool {
    state
        .properties
        .form
        .fields
        .iter()
        .all(|f| state.problem(&f.subject).is_none())
}

/// Records an edited field in the draft.
fn record(draft: &mut Draft, field: &Field) {
    if field.key == TRANSPORT {
        draft.answers.ovf_env_transport = EnvTransport::parse(field.value());
    } else {
        draft
            .values
            .insert(field.key.clone(), field.value().to_owned());
    }
}

/// Leaves forward when every field is fine; else shows every problem and goes to the
/// first.
pub fn leave_forward(state: &mut State, form: fn(&mut State) -> &mut Form, what: &str) {
    let fields: Vec<(String, String)> = form(state)
        .fields
        .iter()
        .map(|f| (f.subject.clone(), f.label.clone()))
        .collect();
    let bad: Vec<(String, String)> = fields
        .into_iter()
        .filter(|(subject, _)| state.problem(subject).is_some())
        .collect();
    let Some((first_subject, first_label)) = bad.first().cloned() else {
        state.go_next();
        return;
    };
    let form = form(state);
    form.show_all_problems = true;
    form.focus_first(|f| f.subject == first_subject);
    let said = match bad.len() {
        1 => format!("{first_label} needs attention"),
        n => format!("{first_label} and {} more need attention", n - 1),
    };
    state.warn(format!("{what}: {said} (marked ✗)"));
}

/// The OVF properties.
pub struct PropertiesStep;

impl Step for PropertiesStep {
    fn skipped(&self, state: &State, _: &Opened) -> Option<&'static str> {
        state
            .properties
            .form
            .fields
            .is_empty()
            .then_some("no property for the operator to set")
    }

    fn done(&self, state: &State) -> bool {
        complete(state)
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        Some(form_step_verdict(state, &state.properties.form))
    }

    /// Keys of the properties step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        let captured = state.properties.form.captures(action);
        match action {
            Action::Confirm if !captured => {
                leave_forward(state, |s| &mut s.properties.form, "Properties");
                Vec::new()
            }
            Action::Back if !captured => {
                state.go_back();
                Vec::new()
            }
            action => match state.properties.form.update(action) {
                Change::Edited(index) => {
                    let field = state.properties.form.fields[index].clone();
                    record(&mut state.draft, &field);
                    state.changed()
                }
                Change::Moved | Change::Ignored => Vec::new(),
            },
        }
    }

    /// Draws the form; returns the cursor's place.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        form_step_view(
            state,
            &state.properties.form,
            "What the package asks the operator. Each value is checked as you type.",
            theme,
            frame,
            area,
        )
    }

    /// Keys of the properties step.
    fn hints(&self, state: &State) -> Vec<Hint> {
        form_step_hints(&state.properties.form)
    }

    fn help_hints(&self, _: &State) -> Vec<Hint> {
        form_step_help()
    }

    /// A click focuses the field.
    fn click(&self, state: &mut State, index: usize) -> Vec<Effect> {
        state.properties.form.click(index);
        Vec::new()
    }

    fn text_focused(&self, state: &State) -> bool {
        state.properties.form.text_focused()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::{Wizard, opened};

    fn at_properties() -> Wizard {
        let mut state = opened("assets/samples/vfw-edge.ova");
        state.keys(&[Confirm, Accept, Confirm]);
        assert_eq!(state.step, StepId::Properties);
        state
    }

    #[test]
    fn fields_follow_the_package_categories_and_types() {
        let state = at_properties();
        let fields = &state.properties.form.fields;
        assert_eq!(
            fields.len(),
            15,
            "14 configurable properties and the transport"
        );
        let kind = |key: &str| &fields.iter().find(|f| f.key == key).unwrap().kind;
        assert_eq!(kind("vfw.site.name"), &FieldKind::Text);
        assert_eq!(kind("vfw.admin.password"), &FieldKind::Secret);
        assert_eq!(kind("vfw.fw.ha"), &FieldKind::Toggle);
        assert!(matches!(kind("vfw.site.region"), FieldKind::Choice(v) if v.len() == 4));
        assert!(
            fields.iter().all(|f| f.key != "vfw.build"),
            "not user-configurable"
        );
        assert_eq!(fields[0].group.as_deref(), Some("Site"));
    }

    #[test]
    fn typing_answers_and_the_session_checks_as_typed() {
        let mut state = at_properties();
        state.type_text("b");
        assert_eq!(state.draft.values["vfw.site.name"], "b");
        let problem = state.problem("property vfw.site.name").unwrap();
        assert_eq!(problem.rule, "MinLen(3)");
        state.type_text("erlin");
        assert!(state.problem("property vfw.site.name").is_none());
        assert!(state.unsaved);
    }

    #[test]
    fn a_property_left_for_instantiation_is_marked_and_does_not_hold_the_step() {
        let mut state = at_properties();
        assert!(
            state
                .left_open
                .contains(&"property vfw.mgmt.gateway".to_owned())
        );
        assert!(state.problem("property vfw.mgmt.gateway").is_none());
        state.keys(&[Confirm]);
        assert_ne!(state.step, StepId::Properties);
    }

    #[test]
    fn enter_stays_while_a_property_needs_attention() {
        let mut state = at_properties();
        state.type_text("be");
        state.keys(&[Down, Down, Down, Confirm]);
        assert_eq!(state.step, StepId::Properties);
        assert!(state.properties.form.show_all_problems);
        assert_eq!(
            state.properties.form.focus, 0,
            "the first field with a problem"
        );
        assert!(state.notice.as_ref().unwrap().problem);
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Option, "Esc still goes back");
    }

    #[test]
    fn choices_toggles_and_the_transport_are_answers_too() {
        let mut state = at_properties();
        state.keys(&[Down, Right]);
        assert_eq!(state.draft.values["vfw.site.region"], "eu-west");
        let ha = state
            .properties
            .form
            .fields
            .iter()
            .position(|f| f.key == "vfw.fw.ha")
            .unwrap();
        state.properties.form.focus = ha;
        state.keys(&[Toggle]);
        assert_eq!(state.draft.values["vfw.fw.ha"], "true");
        state.keys(&[End, Right]);
        assert_eq!(
            state.draft.answers.ovf_env_transport,
            Some(EnvTransport::UserData)
        );
    }
}
