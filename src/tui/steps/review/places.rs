//! Where a review item leads: Enter to the field of the answer that decides it (a
//! property, a parameter, a capability choice, the deployment option, a licence), `e` to
//! its file on disk at its line in the operator's editor, `c` its place in the source to the
//! clipboard.

use super::Tab;
use super::files;
use crate::tui::effect::{Effect, TerminalWork};
use crate::tui::state::{State, StepId};
use crate::tui::steps::capabilities;
use crate::tui::widgets::form::{Field, Form};

/// Whether a field asks the answer a subject names (`parameter x` also names the field of
/// `parameter x of nested/y.yaml`'s parameter).
fn asks(field: &Field, subject: &str) -> bool {
    subject == field.subject
        || subject
            .strip_prefix(field.subject.as_str())
            .is_some_and(|rest| rest.starts_with(" of "))
}

/// Focuses the field of `form` that asks `subject`, if there is one.
fn focus(form: &mut Form, subject: &str) -> bool {
    form.focus_first(|field| asks(field, subject))
}

/// Takes the operator to the step and field where the answer `subject` is given; false
/// when the wizard asks no such answer.
pub fn go_to_answer(state: &mut State, subject: &str) -> bool {
    let step = if focus(&mut state.properties.form, subject) {
        StepId::Properties
    } else if focus(&mut state.parameters.form, subject) {
        StepId::Parameters
    } else if let Some(kind) = subject.strip_prefix("capabilities ") {
        if !capabilities::select_type(state, kind) {
            return false;
        }
        StepId::Capabilities
    } else if subject == "deployment_option" {
        StepId::Option
    } else if subject.starts_with("EULA") {
        StepId::Licence
    } else {
        return false;
    };
    if !state.visitable(step) {
        return false;
    }
    state.step = step;
    state.tell(format!("The answer for {subject} is given here."));
    true
}

/// Enter on the list: to the selected item's answer when one decides it, else on.
pub fn confirm(state: &mut State) -> Vec<Effect> {
    let subject = state.selected_finding().and_then(|f| f.answer.clone());
    match subject {
        Some(subject) => {
            if !go_to_answer(state, &subject) {
                state.warn(format!(
                    "No field of the wizard sets {subject}: it is not an answer asked here."
                ));
            }
        }
        None => state.go_next(),
    }
    Vec::new()
}

/// `e`: the selected item's file (or, on the Files tab, the file shown) in the editor, at
/// its line.
pub fn edit(state: &mut State) -> Vec<Effect> {
    let review = &state.review;
    let Some(checked) = state.evaluated() else {
        return Vec::new();
    };
    let place = match review.tab {
        Tab::Files => files::selected(review, checked)
            .map(|file| (file.path.clone(), review.files.text.top as u32 + 1)),
        Tab::Violations => match state.selected_finding() {
            Some(finding) => match (finding.violation(), finding.file()) {
                (Some(v), _) => Some((v.file.clone(), v.span.line)),
                // A file not checked opens at its top.
                (None, Some(file)) => Some((file.to_owned(), 1)),
                (None, None) => {
                    let hint = if finding.answer.is_some() {
                        "; Enter goes to its field"
                    } else {
                        ""
                    };
                    state.warn(format!(
                        "{} {} points into no file{hint}.",
                        finding.id(),
                        finding.place()
                    ));
                    return Vec::new();
                }
            },
            None => None,
        },
    };
    let Some((file, line)) = place else {
        return Vec::new();
    };
    match checked.origins.get(&file) {
        Some(Ok(source)) => vec![Effect::Terminal(TerminalWork::Edit {
            path: source.path.clone(),
            line: source.line(line),
        })],
        Some(Err(why)) => {
            let why = why.clone();
            state.warn(format!("Nothing to open: {why}"));
            Vec::new()
        }
        None => {
            state.warn(format!("Nothing to open: {file} is no file of the source."));
            Vec::new()
        }
    }
}

/// `c`: the selected item's place to the clipboard: the source file's path and line, as
/// `e` opens it (the output's `file:line` when the file has no source, an answer's subject
/// for a finding).
pub fn copy(state: &mut State) -> Vec<Effect> {
    let review = &state.review;
    let Some(checked) = state.evaluated() else {
        return Vec::new();
    };
    let at = |file: &str, line: u32| match checked.origins.get(file) {
        Some(Ok(source)) => format!("{}:{}", source.path.display(), source.line(line)),
        _ => format!("{file}:{line}"),
    };
    let text = match review.tab {
        Tab::Files => files::selected(review, checked)
            .map(|file| at(&file.path, review.files.text.top as u32 + 1)),
        Tab::Violations => state.selected_finding().map(|item| match item.violation() {
            Some(v) => at(&v.file, v.span.line),
            None => item.place(),
        }),
    };
    let Some(text) = text else {
        return Vec::new();
    };
    state.tell(format!("Copied {text} to the clipboard (OSC 52)."));
    vec![Effect::Terminal(TerminalWork::Copy(text))]
}

#[cfg(test)]
mod tests {
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::{notice_text, opened};

    #[test]
    fn enter_on_an_answer_that_stops_the_write_goes_to_its_property() {
        let mut state = opened("assets/samples/vfw-edge.ova");
        state.keys(&[Confirm, Accept, Confirm]);
        assert_eq!(state.step, StepId::Properties);
        // A value out of range stops the write (a missing one is left for instantiation).
        state
            .properties
            .form
            .focus_first(|f| f.key == "vfw.net.mtu");
        state.type_text("5");
        state
            .properties
            .form
            .focus_first(|f| f.key == "vfw.site.name");
        state.step = StepId::Review;
        let checked = state.evaluated().unwrap();
        assert!(!checked.gate.refused.is_empty());
        let index = (0..checked.len())
            .find(|&i| {
                checked
                    .item(i)
                    .and_then(|f| f.remark_of())
                    .is_some_and(|r| r.subject == "property vfw.net.mtu")
            })
            .expect("the refused value is listed");
        state.review.selected = state.review.listing.position_of(index).unwrap();
        state.keys(&[Confirm]);
        assert_eq!(state.step, StepId::Properties);
        assert_eq!(
            state.properties.form.focused().map(|f| f.key.as_str()),
            Some("vfw.net.mtu")
        );
        assert!(notice_text(&state).contains("vfw.net.mtu"));
    }

    #[test]
    fn a_file_not_checked_is_listed_and_e_opens_it_at_its_top() {
        let mut state = opened("tests/fixtures/faces/helm-beside");
        state.step = StepId::Review;
        let checked = state.evaluated().unwrap();
        let index = (0..checked.len())
            .find(|&i| {
                checked
                    .item(i)
                    .and_then(|f| f.remark_of())
                    .is_some_and(|r| {
                        r.kind == crate::session::RemarkKind::NotChecked
                            && r.subject == "helm/vpkg/Chart.yaml"
                    })
            })
            .expect("the chart's files are listed as not checked");
        state.review.selected = state.review.listing.position_of(index).unwrap();
        state.keys(&[Edit]);
        let folder = std::path::absolute(crate::tui::testing::repo(
            "tests/fixtures/faces/helm-beside",
        ))
        .unwrap();
        assert_eq!(
            state.terminal,
            [crate::tui::effect::TerminalWork::Edit {
                path: folder.join("helm/vpkg/Chart.yaml"),
                line: 1
            }]
        );
    }
}
