//! Step 7, Parameters: the HOT parameters, those without a value to fill first, then those
//! an environment file already gives (shown, changed or cleared), then those ONAP supplies
//! at instantiation (shown, never typed; a value a file gives anyway can be cleared); each
//! under a heading naming its module (or `parameter_groups` label, or environment file). The session checks each value against the parameter's type and
//! constraints as it is typed. Hidden parameters are masked; a boolean without a value is
//! unset until set. A parameter several modules declare is one field, written to each of
//! them. A parameter left empty stays for stack creation.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::properties::leave_forward;
use super::{
    Cursor, Hint, Step, form_step_help, form_step_hints, form_step_verdict, form_step_view,
};
use crate::session::answers::{apart_key, parameter_key};
use crate::session::{ParameterGroup, ParameterQuestion};
use crate::tui::action::Action;
use crate::tui::effect::{Draft, Effect};
use crate::tui::opened::Opened;
use crate::tui::state::{State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::form::{Change, Field, FieldKind, Form};

/// The form.
#[derive(Default)]
pub struct ParametersState {
    /// One field per parameter without a value, given by an environment file, or supplied.
    pub form: Form,
}

/// Whether the step shows a question: a value to give, one an environment file gives, or
/// one ONAP supplies (a template's default is no question).
fn shown(question: &ParameterQuestion) -> bool {
    !question.has_value || question.environment.is_some() || question.supplied.is_some()
}

/// The field for one question, starting from the draft's answer.
fn field(question: &ParameterQuestion, group: &ParameterGroup, draft: &Draft) -> Field {
    let kind = if question.supplied.is_some() {
        FieldKind::Supplied
    } else if question.hidden {
        FieldKind::Secret
    } else if question.type_name == "boolean" {
        FieldKind::Toggle
    } else {
        FieldKind::Text
    };
    let from_file = question
        .environment
        .as_ref()
        .map(|_| question.value.clone().unwrap_or_default());
    let answer = if draft.cleared.contains(&question.name) {
        Some(String::new())
    } else {
        draft.values.get(&question.name).cloned()
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
    .starting(from_file, answer);
    // A hidden value is never shown, so it is replaced, never cleared unseen.
    field.clearable = question.environment.is_some() && !question.hidden;
    let mut detail = vec![question.name.clone(), question.type_name.to_owned()];
    detail.extend(question.constraints.iter().cloned());
    if let Some(supplied) = &question.supplied {
        detail.push(format!("ONAP supplies it ({})", supplied.rule));
    }
    field.detail = detail.join(" · ");
    let mut help = vec![question.description.clone().unwrap_or_else(|| {
        format!(
            "declared in {}; empty leaves it for stack creation",
            question.template
        )
    })];
    match (&question.environment, question.hidden) {
        (Some(environment), false) => help.push(format!(
            "{environment} gives its value; emptying the field clears it there."
        )),
        (Some(environment), true) => help.push(format!(
            "{environment} gives it a hidden value; what you type replaces it."
        )),
        (None, _) => {}
    }
    if question.modules.len() > 1 {
        help.push(format!(
            "One value for the {} modules declaring it: {}.",
            question.modules.len(),
            question.modules.join(", ")
        ));
    }
    field.help = sentences(&help);
    field.group = Some(heading(question, group));
    field
}

/// The module a question belongs to, as its heading names it: its template, or how many
/// modules share it.
fn module_of(question: &ParameterQuestion) -> String {
    match question.modules.len() {
        0 | 1 => question.template.clone(),
        n => format!("{n} modules"),
    }
}

/// The heading a question sits under: what it needs and where it is.
fn heading(question: &ParameterQuestion, group: &ParameterGroup) -> String {
    let module = module_of(question);
    match place(question) {
        Place::ToFill => match &group.label {
            Some(label) => format!("{label} · {module}"),
            None => format!("To fill · {module}"),
        },
        Place::Given => format!(
            "Given by {} · {module}",
            question
                .environment
                .as_deref()
                .unwrap_or("an environment file")
        ),
        Place::Supplied => format!("Supplied by ONAP at instantiation · {module}"),
    }
}

/// Where a question stands in the form: what to fill comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    /// No value yet.
    ToFill,
    /// An environment file gives its value.
    Given,
    /// ONAP supplies it.
    Supplied,
}

fn place(question: &ParameterQuestion) -> Place {
    if question.supplied.is_some() {
        Place::Supplied
    } else if question.environment.is_some() {
        Place::Given
    } else {
        Place::ToFill
    }
}

/// Texts joined as sentences (a full stop added where one is missing).
fn sentences(parts: &[String]) -> String {
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let p = p.trim();
            if p.ends_with(['.', '!', '?', ':']) {
                p.to_owned()
            } else {
                format!("{p}.")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The form for the parameters the session asks, starting from the draft's answers.
pub fn build(groups: &[ParameterGroup], draft: &Draft) -> Form {
    let mut questions: Vec<(&ParameterQuestion, &ParameterGroup)> = groups
        .iter()
        .flat_map(|group| group.parameters.iter().map(move |q| (q, group)))
        .filter(|(q, _)| shown(q))
        .collect();
    // What to fill first, then what files give, then what ONAP supplies; within each, the
    // modules in the order the set declares them.
    let mut modules: Vec<String> = Vec::new();
    for (question, _) in &questions {
        let module = module_of(question);
        if !modules.contains(&module) {
            modules.push(module);
        }
    }
    // A parameter whose modules differ has a heading of its own: after the others of its
    // place and module, so it does not split their group.
    questions.sort_by_key(|(q, _)| {
        let module = module_of(q);
        (
            place(q),
            modules.iter().position(|m| *m == module),
            !q.per_module.is_empty(),
        )
    });
    let mut fields = Vec::new();
    for (question, group) in questions {
        let shared = field(question, group, draft);
        if question.per_module.is_empty() {
            fields.push(shared);
        } else {
            fields.extend(apart_fields(question, shared, draft));
        }
    }
    Form::new(fields)
}

/// The fields of a parameter whose modules hold different values: one that sets them
/// together (an answer for every module), then one per module, set apart
/// (`name@module` answers), each starting from its module's own value.
fn apart_fields(question: &ParameterQuestion, mut together: Field, draft: &Draft) -> Vec<Field> {
    let n = question.per_module.len();
    let label = together.label.clone();
    let heading = format!("Differs per module · {}", question.name);
    let differing: Vec<String> = question
        .per_module
        .iter()
        .map(|m| {
            format!(
                "{} {}",
                m.environment.as_deref().unwrap_or(&m.template),
                m.value.as_deref().unwrap_or("(none)")
            )
        })
        .collect();
    let detail = together.detail.clone();
    together = Field::new(
        &question.name,
        together.subject,
        format!("{label} · all {n} modules"),
        together.kind,
    )
    .starting(None, draft.values.get(&question.name).cloned());
    together.detail = detail;
    together.help = sentences(&[
        format!("The modules differ: {}", differing.join(", ")),
        "A value here goes to all of them; one set apart below wins for its module".to_owned(),
    ]);
    together.group = Some(heading.clone());
    let mut fields = vec![together];
    for module in &question.per_module {
        let key = apart_key(&question.name, &module.template);
        let answer = if draft.cleared.contains(&key) {
            Some(String::new())
        } else {
            draft.values.get(&key).cloned()
        };
        let mut field = Field::new(
            &key,
            format!("parameter {key}"),
            format!("{label} · {}", module.template),
            fields[0].kind.clone(),
        )
        .starting(module.value.clone(), answer);
        field.detail = fields[0].detail.clone();
        field.clearable = module.environment.is_some();
        field.help = match &module.environment {
            Some(environment) => sentences(&[format!(
                "{environment} gives its value; a value here is for {} alone",
                module.template
            )]),
            None => sentences(&[format!("A value here is for {} alone", module.template)]),
        };
        field.group = Some(heading.clone());
        fields.push(field);
    }
    follow(&mut fields, &question.name, draft);
    fields
}

/// A parameter's module fields not set apart show the value set for all modules, when one
/// is (the session writes it to them), else their own.
fn follow(fields: &mut [Field], name: &str, draft: &Draft) {
    let together = draft.values.get(name).filter(|v| !v.is_empty());
    let prefix = format!("{name}@");
    for field in fields.iter_mut().filter(|f| f.key.starts_with(&prefix)) {
        if field.edited {
            continue;
        }
        field.follows = together.is_some();
        let shown = together.or(field.default.as_ref()).cloned();
        field.input.set(shown.unwrap_or_default());
    }
}

/// The session evaluated the answers again: when the parameters it asks changed (a chosen
/// implementation leaves its own open, a fix removed one), the form is built anew. Typed
/// values live in the draft, so none is lost, and the focus stays on the same parameter,
/// or at the same place when it is gone; when only their values changed (another
/// deployment option), the fields not edited take them.
pub fn questions_changed(state: &mut State) {
    let Some(evaluated) = state.evaluation.clone() else {
        return;
    };
    let form = build(&evaluated.parameters, &state.draft);
    let asked = |form: &Form| -> Vec<(String, String)> {
        form.fields
            .iter()
            .map(|f| (f.key.clone(), f.detail.clone()))
            .collect()
    };
    if asked(&form) == asked(&state.parameters.form) {
        // The same questions, whose values may follow a new choice (the chosen option's
        // flavor): a field the operator has not edited shows the new value.
        for (field, new) in state.parameters.form.fields.iter_mut().zip(form.fields) {
            field.set_default(new.default);
            field.help = new.help;
        }
        // A module's field not set apart still shows the value set for all modules.
        let mut together: Vec<String> = state
            .parameters
            .form
            .fields
            .iter()
            .filter_map(|f| match parameter_key(&f.key) {
                (name, Some(_)) => Some(name.to_owned()),
                (_, None) => None,
            })
            .collect();
        together.dedup();
        for name in together {
            follow(&mut state.parameters.form.fields, &name, &state.draft);
        }
        return;
    }
    let old = &state.parameters.form;
    let focused = old.focused().map(|f| f.key.clone());
    let at = old.focus;
    state.parameters.form = form;
    let form = &mut state.parameters.form;
    let kept = focused.is_some_and(|key| form.focus_first(|f| f.key == key));
    if !kept {
        form.focus = at.min(form.fields.len().saturating_sub(1));
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

/// The HOT parameters.
pub struct ParametersStep;

impl Step for ParametersStep {
    fn skipped(&self, state: &State, _: &Opened) -> Option<&'static str> {
        state
            .parameters
            .form
            .fields
            .is_empty()
            .then_some("every parameter has a value")
    }

    fn done(&self, state: &State) -> bool {
        complete(state)
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        Some(form_step_verdict(state, &state.parameters.form))
    }

    /// Keys of the parameters step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        let captured = state.parameters.form.captures(action);
        match action {
            Action::Confirm if !captured => {
                leave_forward(state, |s| &mut s.parameters.form, "Parameters");
                Vec::new()
            }
            Action::Back if !captured => {
                state.go_back();
                Vec::new()
            }
            action => match state.parameters.form.update(action) {
                Change::Edited(index) => {
                    let field = &state.parameters.form.fields[index];
                    let (key, value) = (field.key.clone(), field.value().to_owned());
                    // An emptied field is no answer (the parameter waits for stack creation),
                    // or, when a file gives the value, clears it there.
                    if value.is_empty() {
                        state.draft.values.remove(&key);
                        if field.clearable {
                            state.draft.cleared.insert(key.clone());
                        }
                    } else {
                        state.draft.cleared.remove(&key);
                        state.draft.values.insert(key.clone(), value);
                    }
                    follow(&mut state.parameters.form.fields, &key, &state.draft);
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
            &state.parameters.form,
            "Fill what you know; an empty parameter is left for stack creation. Values an environment file gives can be changed or cleared; ONAP supplies those marked so.",
            theme,
            frame,
            area,
        )
    }

    /// Keys of the parameters step.
    fn hints(&self, state: &State) -> Vec<Hint> {
        form_step_hints(&state.parameters.form)
    }

    fn help_hints(&self, _: &State) -> Vec<Hint> {
        form_step_help()
    }

    /// A click focuses the field.
    fn click(&self, state: &mut State, index: usize) -> Vec<Effect> {
        state.parameters.form.click(index);
        Vec::new()
    }

    fn text_focused(&self, state: &State) -> bool {
        state.parameters.form.text_focused()
    }
}

#[cfg(test)]
mod tests {
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::opened;
    use crate::tui::widgets::form::FieldKind;

    /// Puts the Parameters form's focus on the field of parameter `key`; its index.
    fn focus(state: &mut crate::tui::testing::Wizard, key: &str) -> usize {
        let form = &mut state.parameters.form;
        form.focus = form.fields.iter().position(|f| f.key == key).unwrap();
        form.focus
    }

    const DNS: &str = "tests/fixtures/wizard/dns-needs-work";

    #[test]
    fn what_to_fill_comes_first_then_what_files_give_then_what_onap_supplies() {
        let state = opened(DNS);
        assert_eq!(state.step, StepId::Parameters);
        let fields: Vec<(&str, &FieldKind, Option<&str>)> = state
            .parameters
            .form
            .fields
            .iter()
            .map(|f| (f.key.as_str(), &f.kind, f.group.as_deref()))
            .collect();
        let names: Vec<&str> = fields.iter().map(|f| f.0).collect();
        assert!(
            !names.contains(&"dns_image_name"),
            "a template default is no question"
        );
        let supplied: Vec<&str> = fields
            .iter()
            .filter(|f| *f.1 == FieldKind::Supplied)
            .map(|f| f.0)
            .collect();
        assert!(
            supplied.contains(&"vnf_id") && supplied.contains(&"oam_net_id"),
            "{supplied:?}"
        );
        let given = state
            .parameters
            .form
            .fields
            .iter()
            .find(|f| f.key == "dns_cache_size")
            .expect("an environment value is shown");
        assert_eq!((given.value(), given.clearable), ("512", true));
        assert_eq!(
            given.group.as_deref(),
            Some("Given by base_dns.env · base_dns.yaml")
        );
        let places: Vec<usize> = fields
            .iter()
            .map(|f| match (f.1, f.2) {
                (FieldKind::Supplied, _) => 2,
                (_, Some(group)) if group.starts_with("Given by ") => 1,
                _ => 0,
            })
            .collect();
        assert!(places.is_sorted(), "{places:?}");
    }

    #[test]
    fn modules_that_differ_are_set_together_or_apart() {
        let mut state = opened("tests/fixtures/wizard/dns-flavors-differ");
        let keys: Vec<(&str, &str)> = state
            .parameters
            .form
            .fields
            .iter()
            .filter(|f| f.key.starts_with("dns_flavor_name"))
            .map(|f| (f.key.as_str(), f.value()))
            .collect();
        assert_eq!(
            keys,
            [
                ("dns_flavor_name", ""),
                ("dns_flavor_name@base_dns.yaml", "m1.medium"),
                ("dns_flavor_name@dns_expansion.yaml", "m1.xlarge"),
            ],
            "each module's own value, and one field for all"
        );
        let env = |state: &crate::tui::testing::Wizard, path: &str| {
            state
                .evaluated()
                .and_then(|c| c.previews.iter().find(|p| p.path == path))
                .map(|p| p.text.clone())
                .unwrap()
        };
        // Together: one value for both modules; the module fields follow it.
        focus(&mut state, "dns_flavor_name");
        state.type_text("m1.small");
        let expansion = focus(&mut state, "dns_flavor_name@dns_expansion.yaml");
        assert_eq!(state.parameters.form.fields[expansion].value(), "m1.small");
        assert!(env(&state, "base_dns.env").contains("dns_flavor_name: m1.small"));
        assert!(env(&state, "dns_expansion.env").contains("dns_flavor_name: m1.small"));
        // Apart: the expansion module's own value wins there.
        state.keys(&[DeleteToStart]);
        state.type_text("m1.xlarge");
        assert_eq!(
            state.draft.values["dns_flavor_name@dns_expansion.yaml"],
            "m1.xlarge"
        );
        assert!(env(&state, "base_dns.env").contains("dns_flavor_name: m1.small"));
        assert!(env(&state, "dns_expansion.env").contains("dns_flavor_name: m1.xlarge"));
        let saved = state
            .evaluated()
            .and_then(|c| c.previews.iter().find(|p| p.title == "answers"))
            .map(|p| p.text.clone())
            .unwrap();
        assert!(
            saved.contains("dns_flavor_name@dns_expansion.yaml: m1.xlarge"),
            "{saved}"
        );
    }

    #[test]
    fn a_supplied_parameter_takes_no_typing() {
        let mut state = opened(DNS);
        focus(&mut state, "vnf_id");
        assert!(!state.text_focused());
        state.keys(&[Input('x'), Delete]);
        assert!(!state.draft.values.contains_key("vnf_id"));
    }

    #[test]
    fn a_placeholder_value_is_marked_on_its_field_until_a_value_replaces_it() {
        let dir = tempfile::tempdir().unwrap();
        for entry in std::fs::read_dir(crate::tui::testing::repo(DNS)).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
        let env = dir.path().join("base_dns.env");
        let text = std::fs::read_to_string(&env).unwrap();
        std::fs::write(
            &env,
            text.replace("m1.medium", "PUT THE VM FLAVOR NAME HERE"),
        )
        .unwrap();
        let mut state = opened(dir.path().to_str().unwrap());
        focus(&mut state, "dns_flavor_name");
        let theme = crate::tui::theme::Theme::default_theme();
        let screen = crate::tui::testing::render(&state, &theme);
        assert!(
            screen.contains("▲ parameter `dns_flavor_name` is given `PUT THE VM FLAVOR NAME"),
            "{screen}"
        );
        state.keys(&[DeleteToStart]);
        state.type_text("m1.large");
        let screen = crate::tui::testing::render(&state, &theme);
        assert!(!screen.contains("reads as a placeholder"), "{screen}");
    }

    #[test]
    fn the_chosen_options_flavor_is_shown_and_written_not_the_defaults() {
        let mut state = opened("assets/samples/vfw-edge.ova");
        state.keys(&[Confirm, Accept]);
        assert_eq!(state.step, StepId::Option);
        // `large`, where the default is `medium`.
        state.keys(&[End, Confirm]);
        while state.step != StepId::Parameters {
            state.keys(&[Confirm]);
        }
        let index = focus(&mut state, "vfw_dataplane_flavor_name");
        assert_eq!(
            state.parameters.form.fields[index].value(),
            "vfw_edge_vfw_dataplane_large"
        );
        // Touching the field keeps the chosen option's name.
        state.keys(&[Input('x'), Erase]);
        assert_eq!(
            state
                .draft
                .values
                .get("vfw_dataplane_flavor_name")
                .map(String::as_str),
            Some("vfw_edge_vfw_dataplane_large")
        );
    }

    #[test]
    fn an_environment_value_is_changed_or_cleared() {
        let mut state = opened(DNS);
        focus(&mut state, "dns_cache_size");
        state.keys(&[Erase]);
        assert_eq!(state.draft.values["dns_cache_size"], "51");
        state.keys(&[DeleteToStart]);
        assert!(state.draft.cleared.contains("dns_cache_size"));
        assert!(!state.draft.values.contains_key("dns_cache_size"));
        let env = state
            .evaluated()
            .and_then(|c| c.previews.iter().find(|p| p.title == "environment"))
            .map(|p| p.text.clone())
            .unwrap();
        assert!(
            !env.contains("dns_cache_size"),
            "cleared from the written file:\n{env}"
        );
        state.type_text("1024");
        assert!(!state.draft.cleared.contains("dns_cache_size"));
        assert_eq!(state.draft.values["dns_cache_size"], "1024");
    }

    #[test]
    fn values_are_checked_by_type_and_an_emptied_field_is_no_answer() {
        let mut state = opened(DNS);
        let flag = focus(&mut state, "unused_flag");
        assert_eq!(state.parameters.form.fields[flag].value(), "", "unset");
        state.keys(&[Toggle]);
        assert_eq!(state.draft.values["unused_flag"], "true");
        state.keys(&[Toggle, Toggle]);
        assert!(
            !state.draft.values.contains_key("unused_flag"),
            "back to unset: no answer"
        );
        // Its metadata misspells get_param, so no rule sees ONAP supplying it yet.
        focus(&mut state, "vf_module_id");
        state.type_text("m-1");
        assert_eq!(state.draft.values["vf_module_id"], "m-1");
        state.keys(&[Erase, Erase, Erase]);
        assert!(!state.draft.values.contains_key("vf_module_id"));
        assert!(
            !state.draft.cleared.contains("vf_module_id"),
            "no file gave it"
        );
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Review);
    }

    #[test]
    fn a_parameter_a_fix_removes_leaves_the_form_and_the_focus_stays_in_place() {
        let mut state = opened(DNS);
        let flag = focus(&mut state, "unused_flag");
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Review);
        let count = state.evaluated().unwrap().violation_count();
        let at = (0..count)
            .find(|&row| {
                state.review.selected = row;
                state
                    .selected_violation()
                    .is_some_and(|v| v.rule.id == "R-90279" && v.path.contains("unused_flag"))
            })
            .expect("the unused flag is reported");
        state.keys(&[PreviewFix, Confirm]);
        assert!(
            state
                .parameters
                .form
                .fields
                .iter()
                .all(|f| f.key != "unused_flag"),
            "the removed parameter has no field"
        );
        assert_eq!(
            state.parameters.form.focus,
            flag.min(state.parameters.form.fields.len() - 1),
            "the focus stays where it was"
        );
        assert_eq!(
            state.review.selected,
            at.min(state.evaluated().unwrap().violation_count() - 1),
            "the selection stays on its row"
        );
        state.keys(&[UndoFix]);
        assert!(
            state
                .parameters
                .form
                .fields
                .iter()
                .any(|f| f.key == "unused_flag"),
            "undone, it is asked again"
        );
        assert_eq!(state.review.selected, at, "the same violation again");
    }

    #[test]
    fn a_parameter_of_several_modules_is_one_field_written_to_each() {
        let mut state = opened("tests/fixtures/wizard/dns-two-modules");
        let flavors: Vec<usize> = (0..state.parameters.form.fields.len())
            .filter(|&i| state.parameters.form.fields[i].key == "dns_flavor_name")
            .collect();
        assert_eq!(flavors.len(), 1, "one field for both modules");
        let field = &state.parameters.form.fields[flavors[0]];
        assert!(
            field.help.contains(
                "One value for the 2 modules declaring it: base_dns.yaml, dns_expansion.yaml"
            ),
            "{}",
            field.help
        );
        state.parameters.form.focus = flavors[0];
        state.type_text("m1.large");
        let evaluated = state.evaluation.clone().unwrap();
        assert!(evaluated.gate.refused.is_empty(), "{:?}", evaluated.gate);
        assert_eq!(
            evaluated.violation_count(),
            0,
            "{:?}",
            evaluated.evaluation.findings
        );
        let supplied: Vec<&str> = state
            .parameters
            .form
            .fields
            .iter()
            .filter(|f| f.kind == FieldKind::Supplied)
            .map(|f| f.key.as_str())
            .collect();
        for name in [
            "vnf_id",
            "vf_module_id",
            "vnf_name",
            "dns_names",
            "oam_net_id",
        ] {
            assert!(supplied.contains(&name), "{name}: {supplied:?}");
        }
    }
}
