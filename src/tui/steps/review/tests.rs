//! The review step's tests: the panes filled by a real session on a fixture set, driven
//! with the documented keys.

use super::*;
use crate::session::Evaluation;
use crate::tui::action::Action::*;
use crate::tui::effect::TerminalWork;
use crate::tui::state::StepId;
use crate::tui::testing::notice_text;
use crate::tui::testing::{Wizard, opened};

pub(super) fn review() -> Wizard {
    let mut state = opened("tests/fixtures/wizard/dns-needs-work");
    assert_eq!(
        state.step,
        StepId::Parameters,
        "parameters without values first"
    );
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Review);
    state
}

#[test]
fn validation_fills_the_panes() {
    let state = review();
    let checked = state.evaluated().unwrap();
    assert_eq!(checked.count(Severity::Error), 9);
    assert_eq!(checked.count(Severity::Warning), 1);
    assert!(
        checked.files.contains_key("base_dns.yaml"),
        "snippets are indexed"
    );
    assert!(!state.evaluating);
}

#[test]
fn moving_selects_violations() {
    let mut state = review();
    state.keys(&[Down, Down]);
    assert_eq!(state.selected_violation().unwrap().rule.id, "R-26124");
    state.keys(&[End]);
    assert_eq!(state.selected_violation().unwrap().rule.id, "R-20453");
    state.keys(&[PageUp, Home]);
    assert_eq!(state.review.selected, 0);
}

#[test]
fn the_filter_matches_id_message_and_file() {
    let mut state = review();
    state.keys(&[Filter]);
    assert!(state.text_focused());
    for c in "misspelt".chars() {
        state.keys(&[Input(c)]);
    }
    assert_eq!(state.review.shown(), 1);
    assert_eq!(
        state.selected_violation().unwrap().rule.id,
        "R-92635/misspelt-function"
    );
    state.keys(&[Confirm]);
    assert!(!state.text_focused());
    assert_eq!(state.review.shown(), 1, "Enter keeps the filter");
    state.keys(&[Filter, Back]);
    assert_eq!(state.review.shown(), 10, "Esc clears it");
}

#[test]
fn the_files_tab_lists_every_output_file_and_scrolls_the_one_shown() {
    let mut state = review();
    state.keys(&[NextField]);
    assert_eq!(state.review.tab, Tab::Files);
    let paths: Vec<&str> = state
        .evaluated()
        .unwrap()
        .previews
        .iter()
        .map(|p| p.path.as_str())
        .collect();
    assert_eq!(paths, ["base_dns.yaml", "base_dns.env", "answers.yaml"]);
    state.keys(&[Down]);
    assert_eq!(state.review.files.selected, 1, "arrows choose a file");
    state.keys(&[Up, Right, Down]);
    assert_eq!(state.review.files.selected, 0);
    assert_eq!(
        state.review.files.text.top, 1,
        "→ then arrows scroll its text"
    );
    state.keys(&[Back, Down]);
    assert_eq!(state.review.files.selected, 1, "Esc gives the list back");
    state.keys(&[NextField]);
    assert_eq!(state.review.tab, Tab::Violations, "tabs wrap around");
    state.keys(&[PreviousField]);
    assert_eq!(state.review.tab, Tab::Files);
}

#[test]
fn a_stale_run_is_ignored_and_the_selection_kept() {
    let mut state = review();
    state.keys(&[Down, Down]);
    let fresh = state.evaluation.clone().unwrap();
    let generation = state.generation;
    let empty = Evaluation {
        problems: Vec::new(),
        left_open: Vec::new(),
        findings: Vec::new(),
        outcome: Err(crate::session::Refusal::default()),
    };
    let stale = std::sync::Arc::new(Evaluated::new(empty));
    crate::tui::evaluation::arrived(&mut state, generation - 1, stale);
    assert_eq!(state.evaluated().unwrap().violation_count(), 10);
    crate::tui::evaluation::arrived(&mut state, generation, fresh);
    assert_eq!(state.selected_violation().unwrap().rule.id, "R-26124");
}

#[test]
fn a_set_that_breaks_a_must_cannot_be_written() {
    let mut state = review();
    assert!(!state.ready());
    assert!(state.blocking().unwrap().contains("MUST"));
    state.keys(&[Write]);
    assert_eq!(state.step, StepId::Write);
    assert!(notice_text(&state).contains("Not ready"));
    assert_eq!(state.write.phase, crate::tui::steps::write::Phase::Idle);
}

/// The review with the first violation of `rule` selected, moving down as an operator
/// would.
pub(super) fn selecting(rule: &str) -> Wizard {
    let mut state = review();
    let count = state.evaluated().unwrap().violation_count();
    for _ in 0..count {
        if state.selected_violation().unwrap().rule.id == rule {
            return state;
        }
        state.keys(&[Down]);
    }
    panic!("no {rule} in the review");
}

/// The rule ids of the list as shown, headers as `[key]`.
fn shown_rows(state: &Wizard) -> Vec<String> {
    let checked = state.evaluated().unwrap();
    state
        .review
        .listing
        .rows()
        .iter()
        .map(|row| match row {
            list::Row::Header(group) => format!("[{}]", group.key),
            list::Row::Item(position) => {
                let index = state.review.listing.item(*position).unwrap();
                checked.item(index).unwrap().id().to_owned()
            }
        })
        .collect()
}

#[test]
fn esc_clears_a_kept_filter_before_it_leaves_the_step() {
    let mut state = review();
    state.keys(&[Filter]);
    state.type_text("misspelt");
    state.keys(&[Confirm]);
    assert_eq!(state.review.shown(), 1, "Enter keeps the filter");
    state.keys(&[Back]);
    assert_eq!(state.step, StepId::Review, "the first Esc stays");
    assert_eq!(state.review.shown(), 10, "and clears the filter");
    assert!(state.review.filter.query().is_empty());
    state.keys(&[Back]);
    assert_eq!(state.step, StepId::Parameters, "the second Esc leaves");
}

#[test]
fn the_filter_ranks_the_best_match_first() {
    let mut state = review();
    state.keys(&[Filter]);
    state.type_text("R-90279");
    let first = state.selected_violation().unwrap();
    assert_eq!(first.rule.id, "R-90279", "the exact id comes first");
    let ranked: Vec<String> = shown_rows(&state);
    assert_eq!(&ranked[..2], ["R-90279", "R-90279"], "{ranked:?}");
}

#[test]
fn severities_hide_and_show_and_n_goes_from_error_to_error() {
    let mut state = review();
    state.keys(&[ToggleSeverity(Severity::Error)]);
    assert_eq!(shown_rows(&state), ["R-92635/misspelt-function"]);
    assert!(notice_text(&state).contains("Errors hidden"));
    state.keys(&[NextError]);
    assert!(notice_text(&state).contains("No error"));
    state.keys(&[ToggleSeverity(Severity::Error)]);
    assert_eq!(state.review.shown(), 10);
    assert_eq!(
        state.selected_violation().unwrap().rule.id,
        "R-92635/misspelt-function",
        "the selection stays on its item"
    );
    // The warning sits between the errors of line 42 and 43: n skips it.
    state.keys(&[PreviousError]);
    let before = state.selected_violation().unwrap().span.line;
    state.keys(&[NextError]);
    let after = state.selected_violation().unwrap();
    assert_eq!(after.severity(), Severity::Error);
    assert_eq!((before, after.span.line), (42, 43));
    state.keys(&[NextError]);
    assert_eq!(state.review.selected, 0, "round to the first error");
    assert!(notice_text(&state).contains("round"));
}

#[test]
fn grouping_by_rule_and_by_file_puts_counted_headers_over_the_items() {
    let mut state = review();
    state.keys(&[Down, Down]);
    state.keys(&[Group]);
    assert_eq!(state.review.listing.grouping, Grouping::File);
    assert_eq!(shown_rows(&state)[0], "[base_dns.yaml]");
    state.keys(&[Group]);
    let rows = shown_rows(&state);
    assert_eq!(&rows[..3], ["[R-90279]", "R-90279", "R-90279"], "{rows:?}");
    let Some(list::Row::Header(group)) = state.review.listing.rows().first() else {
        panic!("a header first");
    };
    assert_eq!(group.counts, [2, 0, 0]);
    assert_eq!(
        state.selected_violation().unwrap().rule.id,
        "R-26124",
        "the selection follows its item into its group"
    );
    state.keys(&[Home]);
    assert_eq!(state.selected_violation().unwrap().rule.id, "R-90279");
    state.keys(&[Group]);
    assert_eq!(state.review.listing.grouping, Grouping::None);
    assert_eq!(state.review.listing.rows().len(), 10);
}

#[test]
fn the_detail_pane_takes_focus_scrolls_and_zooms() {
    let mut state = review();
    // At 80×24 the detail pane is too short for the source lines.
    crate::tui::update::update(&mut state.state, crate::tui::update::Event::Resize(80, 24));
    state.keys(&[Right]);
    assert_eq!(state.review.pane, Pane::Detail);
    state.keys(&[Down]);
    assert_eq!(state.review.detail.top, 1, "arrows scroll the detail");
    assert_eq!(state.review.selected, 0, "not the list");
    state.keys(&[Left, Down]);
    assert_eq!(state.review.selected, 1, "← gives the list back");
    assert_eq!(
        state.review.detail.top, 0,
        "a new item's detail starts at its top"
    );
    state.keys(&[Zoom]);
    assert!(state.review.zoomed);
    let screen = crate::tui::testing::render(&state, &Theme::default_theme());
    assert!(screen.contains("Detail · z or Esc"), "{screen}");
    assert!(screen.contains("▶ 11 │"), "the source line shows: {screen}");
    state.keys(&[Back]);
    assert!(!state.review.zoomed);
    assert_eq!(state.review.pane, Pane::List);
    assert_eq!(state.step, StepId::Review, "Esc unzoomed, no more");
}

#[test]
fn e_opens_the_source_file_at_the_line_and_y_copies_the_place() {
    let mut state = selecting("R-90526");
    state.keys(&[Edit, Copy]);
    let folder = std::path::absolute(crate::tui::testing::repo(
        "tests/fixtures/wizard/dns-needs-work",
    ))
    .unwrap();
    assert_eq!(
        state.terminal,
        [
            TerminalWork::Edit {
                path: folder.join("base_dns.yaml"),
                line: 14
            },
            TerminalWork::Copy(format!("{}:14", folder.join("base_dns.yaml").display()))
        ]
    );
    assert!(notice_text(&state).contains("base_dns.yaml:14"));
}

#[test]
fn enter_on_an_entry_an_answer_wrote_goes_to_its_field() {
    let mut state = review();
    // vnf_id is ONAP's to supply: an answer for it breaks R-20856 in the environment.
    state.keys(&[Back]);
    assert_eq!(state.step, StepId::Parameters);
    let vnf_id = state
        .parameters
        .form
        .fields
        .iter()
        .position(|f| f.key == "vnf_id")
        .expect("vnf_id is asked");
    state.parameters.form.focus_first(|f| f.key != "vnf_id");
    state
        .draft
        .values
        .insert("vnf_id".to_owned(), "vnf-7".to_owned());
    let effects = state.state.changed();
    state.run(effects);
    state.settle();
    state.step = StepId::Review;
    let checked = state.evaluated().unwrap();
    let index = (0..checked.len())
        .find(|&i| checked.answer(i) == Some("parameter vnf_id"))
        .expect("an item the vnf_id answer decides");
    let position = state.review.listing.position_of(index).unwrap();
    state.review.selected = position;
    assert!(
        ReviewStep
            .hints(&state)
            .iter()
            .any(|h| h.what == "go to answer"),
        "the footer says where Enter goes"
    );
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Parameters);
    assert_eq!(
        state.parameters.form.focused().map(|f| f.key.as_str()),
        Some("vnf_id")
    );
    assert_eq!(state.parameters.form.fields[vnf_id].key, "vnf_id");
}

#[test]
fn a_source_edited_on_disk_is_read_again_keeping_the_selection() {
    let dir = tempfile::tempdir().unwrap();
    let from = crate::tui::testing::repo("tests/fixtures/wizard/dns-needs-work");
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    let mut state = Wizard::start(State::new(
        crate::tui::testing::repo(""),
        Some(dir.path().to_path_buf()),
        (100, 30),
    ));
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Review);
    let count = state.evaluated().unwrap().len();
    while state.selected_violation().unwrap().rule.id != "R-92635/misspelt-function" {
        state.keys(&[Down]);
    }
    // The operator's editor adds a line at the top and fixes nothing else; the wizard
    // reads the set again on its return.
    let template = dir.path().join("base_dns.yaml");
    let text = std::fs::read_to_string(&template).unwrap();
    let text = text.replacen(
        "heat_template_version: 2016-10-14\n",
        "heat_template_version: 2016-10-14\n# reviewed\n",
        1,
    );
    std::fs::write(&template, text).unwrap();
    let effects = crate::tui::update::update(
        &mut state.state,
        crate::tui::update::Event::Message(crate::tui::effect::Message::Edited(Ok(()))),
    );
    assert!(matches!(effects[..], [Effect::Reread]));
    state.run(effects);
    state.settle();
    assert!(
        notice_text(&state).contains("changed on disk"),
        "{:?}",
        state.notice
    );
    let selected = state.selected_violation().unwrap();
    assert_eq!(selected.rule.id, "R-92635/misspelt-function");
    assert_eq!(selected.span.line, 43, "one line further down");
    assert_eq!(state.evaluated().unwrap().len(), count);
}

#[test]
fn waived_findings_close_the_list_with_their_reason_and_are_not_counted() {
    // The set's comments and its vnfwiz.toml (found above the set, as `onboard` finds it)
    // waive three findings.
    let mut state = opened("tests/fixtures/faces/waived");
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Review);
    let evaluated = state.evaluated().unwrap();
    assert_eq!(
        (
            evaluated.count(Severity::Error),
            evaluated.count(Severity::Warning),
            evaluated.waived_count()
        ),
        (7, 0, 3)
    );
    assert_eq!(
        evaluated.gate.errors, 7,
        "the waived error does not close the gate"
    );
    state.keys(&[End]);
    let finding = state.selected_finding().unwrap();
    assert_eq!(
        finding.violation().map(|v| v.rule.id),
        Some("R-92635/misspelt-function"),
        "the waived ones come last"
    );
    let screen = crate::tui::testing::render(&state, &Theme::default_theme());
    assert!(screen.contains("~ 3 waived"), "{screen}");
    assert!(
        screen.contains("Waived the vendor's generator writes it; ticket 9 (inline,"),
        "{screen}"
    );
    state.keys(&[Home]);
    let first = state.selected_violation().unwrap();
    assert_ne!(
        first.rule.id, "R-44001",
        "a waived finding is not among the counted"
    );
}

#[test]
fn w_waives_the_selected_finding_with_a_reason_and_x_takes_it_back() {
    let mut state = selecting("R-26124");
    let selected = state.selected_violation().unwrap().clone();
    state.keys(&[Waive]);
    assert!(state.text_focused(), "the reason is typed");
    state.keys(&[Confirm]);
    assert!(notice_text(&state).contains("needs a reason"));
    assert!(
        state.draft.answers.waivers.is_empty(),
        "no reason, no waiver"
    );
    state.type_text("  ");
    state.keys(&[Confirm]);
    assert!(
        state.draft.answers.waivers.is_empty(),
        "a blank one neither"
    );
    state.type_text("the resolver pair names itself; vendor ticket 7");
    state.keys(&[Confirm]);
    assert!(!state.text_focused());
    assert!(state.unsaved, "a waiver is an answer");
    let spec = &state.draft.answers.waivers[0].spec;
    assert_eq!(
        (
            spec.rule.as_str(),
            spec.files.as_slice(),
            spec.path.as_deref()
        ),
        (
            "R-26124",
            ["base_dns.yaml".to_owned()].as_slice(),
            Some(selected.path.as_str())
        )
    );
    let evaluated = state.evaluated().unwrap();
    assert_eq!(
        (evaluated.count(Severity::Error), evaluated.waived_count()),
        (8, 1)
    );
    // The selection followed the finding into the waived group, which closes the list.
    let now = state.selected_violation().unwrap();
    assert_eq!((now.rule.id, &now.path), (selected.rule.id, &selected.path));
    assert_eq!(
        shown_rows(&state)[9..],
        [format!("[{}]", list::WAIVED_GROUP), "R-26124".to_owned()]
    );
    let reason = &state
        .selected_finding()
        .unwrap()
        .waived
        .as_ref()
        .unwrap()
        .reason;
    assert_eq!(reason, "the resolver pair names itself; vendor ticket 7");
    state.keys(&[Waive]);
    assert!(notice_text(&state).contains("Already waived (x takes it back)"));
    state.keys(&[TakeBackWaiver]);
    assert!(state.draft.answers.waivers.is_empty());
    assert!(notice_text(&state).contains("Took back the waiver of R-26124"));
    let evaluated = state.evaluated().unwrap();
    assert_eq!(
        (evaluated.count(Severity::Error), evaluated.waived_count()),
        (9, 0)
    );
    state.keys(&[TakeBackWaiver]);
    assert!(notice_text(&state).contains("Not waived"));
}

#[test]
fn tab_in_the_reason_waives_every_finding_of_the_selected_group() {
    let mut state = review();
    state.keys(&[Group, Group]);
    assert_eq!(state.review.listing.grouping, Grouping::Rule);
    assert_eq!(state.selected_violation().unwrap().rule.id, "R-90279");
    state.keys(&[Waive, NextField]);
    state.type_text("both kept for the next release");
    state.keys(&[Confirm]);
    assert!(notice_text(&state).contains("Waived 2 findings"));
    let paths: Vec<Option<&str>> = state
        .draft
        .answers
        .waivers
        .iter()
        .map(|w| w.spec.path.as_deref())
        .collect();
    assert_eq!(
        paths,
        [
            Some("parameters.vf_module_id"),
            Some("parameters.unused_flag")
        ]
    );
    let evaluated = state.evaluated().unwrap();
    assert_eq!(evaluated.waived_count(), 2);
    let rows = shown_rows(&state);
    assert!(!rows.contains(&"[R-90279]".to_owned()), "{rows:?}");
    assert_eq!(rows[rows.len() - 3], format!("[{}]", list::WAIVED_GROUP));
}

#[test]
fn a_waiver_of_the_sets_comments_is_taken_back_where_it_is_written() {
    let mut state = opened("tests/fixtures/faces/waived");
    state.keys(&[Confirm]);
    state.keys(&[End]);
    let by = state
        .selected_finding()
        .unwrap()
        .waived
        .as_ref()
        .unwrap()
        .by;
    assert_eq!(by, crate::foundation::diagnostics::WaivedBy::Inline);
    state.keys(&[TakeBackWaiver]);
    assert!(
        notice_text(&state).contains("Waived by a comment at base_dns.yaml:43: take it back there"),
        "{}",
        notice_text(&state)
    );
}

#[test]
fn p_checks_with_the_next_profile_as_an_answer_and_the_header_names_it() {
    let mut state = review();
    let screen = crate::tui::testing::render(&state, &Theme::default_theme());
    assert!(screen.contains("profile onap · no vnfwiz.toml"), "{screen}");
    state.keys(&[NextProfile]);
    assert_eq!(state.draft.answers.profile.as_deref(), Some("heat"));
    assert!(notice_text(&state).contains("Checking with the heat profile"));
    let evaluated = state.evaluated().unwrap();
    assert_eq!(evaluated.checked_with.rules, "heat");
    assert!(
        evaluated
            .violations()
            .all(|v| v.rule.id.starts_with("R-92635/")),
        "the HOT specification's checks only"
    );
    state.keys(&[NextProfile, NextProfile]);
    assert_eq!(state.draft.answers.profile.as_deref(), Some("onap"));
    assert_eq!(state.evaluated().unwrap().count(Severity::Error), 9);
}

/// Every file below `dir`, by its path under it, with its bytes.
fn tree(dir: &std::path::Path) -> std::collections::BTreeMap<std::path::PathBuf, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    out
}

#[test]
fn a_vson_like_set_finishes_with_its_safe_fix_and_a_waiver_per_group_and_replays_headless() {
    use crate::tui::steps::write::OUT;
    let copy = crate::tui::testing::fixture_copy("tests/fixtures/wizard/vson-waivers");
    let set = copy.path().to_path_buf();
    let mut state = Wizard::start(crate::tui::state::State::new(
        set.clone(),
        Some(set.clone()),
        (100, 30),
    ));
    while state.step != StepId::Review {
        state.keys(&[Confirm]);
    }
    assert_eq!(state.evaluated().unwrap().count(Severity::Error), 8);
    state.keys(&[PreviewSafeFixes, Confirm]);
    assert_eq!(state.evaluated().unwrap().count(Severity::Error), 7);
    // What no fix answers is accepted, one reason per rule.
    state.keys(&[Group, Group]);
    let mut rounds = 0;
    while state.evaluated().unwrap().count(Severity::Error) > 0 {
        state.keys(&[Home, Waive, NextField]);
        let rule = state.selected_violation().unwrap().rule.id;
        state.type_text(&format!(
            "accepted for the SON lab release; {rule} in ticket SON-7"
        ));
        state.keys(&[Confirm]);
        rounds += 1;
        assert!(rounds <= 6, "every waiver accepts something");
    }
    assert_eq!(rounds, 5, "R-708564 is one group of three");
    assert!(state.ready(), "{:?}", state.blocking());
    let out = tempfile::tempdir().unwrap();
    let written = out.path().join("son");
    // Enter goes on to the write step (Ctrl-S here would write at once, where it is set).
    state.keys(&[Confirm]);
    assert_eq!(state.step, StepId::Write);
    let field = state.write.form.field_mut(OUT).unwrap();
    field.input.set(written.display().to_string());
    state.keys(&[Write]);
    let report = state.write.written().expect("written");
    assert_eq!(report.directory, written);
    // `onboard --answers` with the answers the wizard recorded: the same files.
    let answers = crate::session::answers::Answers::load(
        &written.join("answers.yaml"),
        &crate::foundation::limits::Limits::default(),
    )
    .unwrap();
    assert_eq!(answers.waivers.len(), 7, "one per finding");
    let limits = crate::foundation::limits::Limits::default();
    let mut session = crate::session::Session::open(&set, &limits).unwrap();
    let evaluation = session.evaluate_fixing(
        &answers.into(),
        crate::transform::fix::FixLevel::None,
        false,
    );
    let replayed = out.path().join("replayed");
    session
        .write_outputs(
            &evaluation,
            &replayed,
            false,
            &crate::foundation::diagnostics::Options::new(&limits),
        )
        .unwrap();
    assert_eq!(tree(&replayed), tree(&written));
}
