//! Step 4, Deployment option: a table of the package's options with what each gives every
//! virtual system (vCPUs, RAM, disk), the default preselected.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Cell, Paragraph, Row, Table};

use super::{BACK, CONFIRM, Cursor, Hint, Step, UP_DOWN, hint, lasting, row_marker};
use crate::model::ovf::SystemHardware;
use crate::output::report::render::size::compact;
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::opened::Opened;
use crate::tui::state::{State, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::paragraph;
use crate::tui::widgets::{navigate, wrap};

/// The least width of a system's column (`16 · 32 GiB · 612.2 GiB`).
const SYSTEM_COLUMN: usize = 22;

/// The selected row.
#[derive(Default)]
pub struct OptionState {
    /// The option under the cursor.
    pub selected: usize,
}

/// The row to preselect: the answer already given, else the package's default.
pub fn preselect(state: &mut State) {
    let Some(loaded) = &state.opened else {
        return;
    };
    let answered = state.draft.answers.deployment_option.as_deref();
    state.option.selected = loaded
        .questions
        .options
        .iter()
        .position(|o| Some(o.id.as_str()) == answered)
        .or_else(|| loaded.questions.options.iter().position(|o| o.default))
        .unwrap_or(0);
}

/// `4 · 8 GiB · 20 GiB` (vCPUs, RAM, disk) for one system, sizes from 1 GiB up in GiB or
/// TiB; `?` where the package is silent.
pub fn hardware_cell(hardware: &SystemHardware) -> String {
    let cpus = hardware.vcpus.map_or("?".to_owned(), |n| n.to_string());
    let memory = hardware
        .memory_mib
        .map_or("?".to_owned(), |mib| compact(mib << 20));
    let disk = if hardware.disks.is_empty() {
        "none".to_owned()
    } else {
        compact(hardware.disks.iter().filter_map(|d| d.bytes).sum())
    };
    format!("{cpus} · {memory} · {disk}")
}

/// The deployment option.
pub struct OptionStep;

impl Step for OptionStep {
    fn skipped(&self, _: &State, opened: &Opened) -> Option<&'static str> {
        (opened.questions.options.len() < 2).then_some("no deployment options to choose from")
    }

    fn done(&self, state: &State) -> bool {
        state.draft.answers.deployment_option.is_some()
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        // An option the package lacks, from `--answers`: the session's problem.
        Some(if state.problem("deployment_option").is_some() {
            Verdict::Problems
        } else {
            Verdict::Valid
        })
    }

    /// Keys of the option step.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        let count = state
            .opened
            .as_ref()
            .map_or(0, |l| l.questions.options.len());
        if let Some(row) = navigate(action, state.option.selected, count, 5) {
            state.option.selected = row;
            return Vec::new();
        }
        match action {
            Action::Confirm => {
                let chosen = state
                    .opened
                    .as_ref()
                    .and_then(|l| l.questions.options.get(state.option.selected))
                    .map(|o| o.id.clone());
                if let Some(id) = chosen {
                    let mut effects = Vec::new();
                    if state.draft.answers.deployment_option.as_ref() != Some(&id) {
                        state.draft.answers.deployment_option = Some(id);
                        super::properties::option_changed(state);
                        effects = state.changed();
                    }
                    state.go_next();
                    return effects;
                }
            }
            Action::Back => state.go_back(),
            _ => {}
        }
        Vec::new()
    }

    /// Draws the table and the selected option's description.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        let loaded = state.opened.as_ref()?;
        let [intro, table_area, detail] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(4),
            Constraint::Length(4),
        ])
        .areas(area);
        frame.render_widget(
            Span::styled(
                "Choose how large a deployment to generate. Each column is one virtual system.",
                theme.text,
            ),
            intro,
        );
        let systems: Vec<String> = loaded
            .questions
            .options
            .first()
            .map(|o| o.hardware.iter().map(|h| h.system.clone()).collect())
            .unwrap_or_default();
        let mut header = vec![Cell::from(""), Cell::from("Option"), Cell::from("Label")];
        header.extend(systems.iter().map(|s| {
            Cell::from(Text::from(vec![
                Line::from(s.clone()),
                Line::from("vCPU · RAM · disk"),
            ]))
        }));
        let options = &loaded.questions.options;
        let id = |option: &crate::session::OptionChoice| {
            let mut id = option.id.clone();
            if option.default {
                id.push_str(" (default)");
            }
            id
        };
        // Columns as wide as their longest entry; labels give way (in the middle, keeping
        // the ends that tell options apart) only when the systems' columns need the room.
        let widest = |texts: &mut dyn Iterator<Item = String>, least: usize| {
            texts
                .map(|t| paragraph::width(&t))
                .max()
                .unwrap_or(0)
                .max(least)
        };
        let id_width = widest(&mut options.iter().map(id), 6);
        let label_room = usize::from(table_area.width)
            .saturating_sub(2 + id_width + 2 + systems.len() * (SYSTEM_COLUMN + 1));
        let label_width = widest(
            &mut options.iter().map(|o| o.label.clone().unwrap_or_default()),
            5,
        )
        .min(label_room.max(12));
        let rows: Vec<Row> = options
            .iter()
            .enumerate()
            .map(|(i, option)| {
                let selected = i == state.option.selected;
                let label = option.label.clone().unwrap_or_default();
                let mut cells = vec![
                    Cell::from(row_marker(selected)),
                    Cell::from(id(option)),
                    Cell::from(paragraph::fit_middle(&label, label_width)),
                ];
                cells.extend(option.hardware.iter().map(|h| Cell::from(hardware_cell(h))));
                Row::new(cells).style(if selected {
                    theme.selection
                } else {
                    theme.text
                })
            })
            .collect();
        let length = |n: usize| Constraint::Length(u16::try_from(n).unwrap_or(u16::MAX));
        let mut widths = vec![Constraint::Length(2), length(id_width), length(label_width)];
        widths.extend(
            systems
                .iter()
                .map(|_| Constraint::Min(SYSTEM_COLUMN as u16)),
        );
        frame.render_widget(
            Table::new(rows, widths).header(Row::new(header).style(theme.title).height(2)),
            table_area,
        );
        // Below the two-line header, one line per option.
        for i in 0..options.len() {
            let y = table_area.y + 2 + u16::try_from(i).unwrap_or(u16::MAX);
            if y < table_area.bottom() {
                state.clicks.add(
                    Rect::new(table_area.x, y, table_area.width, 1),
                    crate::tui::clicks::Target::Row(i),
                );
            }
        }
        if let Some(option) = loaded.questions.options.get(state.option.selected) {
            let chosen =
                state.draft.answers.deployment_option.as_deref() == Some(option.id.as_str());
            let mut lines = vec![Line::from(vec![
                Span::styled(option.id.clone(), theme.title),
                Span::styled(if chosen { "  ✓ chosen" } else { "" }, theme.success),
            ])];
            // An answer naming no option of the package (from `--answers`): the session's words.
            if let Some(problem) = state.problem("deployment_option") {
                lines.extend(
                    wrap(&problem.to_string(), usize::from(detail.width))
                        .into_iter()
                        .map(|l| Line::from(Span::styled(l, theme.error))),
                );
            }
            let description = option.description.clone().unwrap_or_default();
            lines.extend(
                wrap(&description, usize::from(detail.width))
                    .into_iter()
                    .map(|l| Line::from(Span::styled(l, theme.muted))),
            );
            frame.render_widget(Paragraph::new(lines), detail);
        }
        None
    }

    /// A click selects an option; Enter confirms it.
    fn click(&self, state: &mut State, index: usize) -> Vec<Effect> {
        let count = state
            .opened
            .as_ref()
            .map_or(0, |l| l.questions.options.len());
        if index < count {
            state.option.selected = index;
        }
        Vec::new()
    }

    /// Keys of the option step.
    fn hints(&self, _: &State) -> Vec<Hint> {
        vec![
            hint(UP_DOWN, "choose"),
            lasting(CONFIRM, "confirm"),
            lasting(BACK, "back"),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::action::Action::*;
    use crate::tui::state::StepId;
    use crate::tui::testing::{Wizard, opened};

    fn at_options() -> Wizard {
        let mut state = opened("assets/samples/vfw-edge.ova");
        state.keys(&[Confirm, Accept]);
        assert_eq!(state.step, StepId::Option);
        state
    }

    #[test]
    fn the_default_is_preselected() {
        let state = at_options();
        let loaded = state.opened.as_ref().unwrap();
        assert_eq!(loaded.questions.options[state.option.selected].id, "medium");
        assert_eq!(
            state.draft.answers.deployment_option, None,
            "nothing chosen yet"
        );
    }

    #[test]
    fn moving_and_confirming_choose_an_option() {
        let mut state = at_options();
        state.keys(&[Down, Down, Down]);
        assert_eq!(state.option.selected, 2, "stops at the last");
        state.keys(&[Up, Home]);
        assert_eq!(state.option.selected, 0);
        state.keys(&[End, Confirm]);
        assert_eq!(
            state.draft.answers.deployment_option.as_deref(),
            Some("large")
        );
        assert_eq!(state.step, StepId::Properties);
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Option);
        assert_eq!(state.option.selected, 2);
        state.keys(&[Back]);
        assert_eq!(state.step, StepId::Licence);
    }

    #[test]
    fn a_new_option_brings_its_property_defaults() {
        let mut state = at_options();
        let sessions = |state: &Wizard| {
            let field = state
                .properties
                .form
                .fields
                .iter()
                .find(|f| f.key == "vfw.fw.sessions")
                .unwrap();
            field.value().to_owned()
        };
        assert_eq!(sessions(&state), "500000", "medium's default");
        state.keys(&[Home, Confirm]);
        assert_eq!(sessions(&state), "100000", "small's default");
        assert!(state.unsaved);
    }

    #[test]
    fn cells_give_cpus_memory_and_disk() {
        let state = at_options();
        let loaded = state.opened.as_ref().unwrap();
        let small = &loaded.questions.options[0].hardware;
        assert_eq!(hardware_cell(&small[0]), "2 · 4 GiB · 8 GiB");
        assert_eq!(hardware_cell(&small[1]), "1 · 2 GiB · 20 GiB");
    }
}
