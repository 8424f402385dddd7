//! Step 1, Source: a picker over the inputs under the current folder (each with its kind
//! and size), filtered fuzzily with `/`; or the PATH given on the command line.

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{Hint, filter_cursor, filter_line, highlighted, hint, lasting, row_marker};
use crate::source::InputKind;
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::scan::{Scan, human_size};
use crate::tui::state::State;
use crate::tui::theme::Theme;
use crate::tui::widgets::{Filter, ListWindow, navigate};

/// A source being opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its path.
    pub path: PathBuf,
    /// Its kind, once the worker has told.
    pub kind: Option<InputKind>,
}

/// The picker.
#[derive(Default)]
pub struct SourceState {
    /// The folder listed.
    pub root: PathBuf,
    /// The path from the command line, when one was given.
    pub given: Option<PathBuf>,
    /// The listing, once scanned.
    pub scan: Option<Scan>,
    /// What the filter matches for each candidate.
    pub haystacks: Vec<String>,
    /// The `/` filter.
    pub filter: Filter,
    /// The selected row of the filtered list.
    pub selected: usize,
    /// The list's scroll window.
    pub window: ListWindow,
    /// The source being opened.
    pub opening: Option<Opening>,
    /// Why the last open failed.
    pub error: Option<String>,
}

impl SourceState {
    /// A picker over `root`, or one that opens `given` at once.
    pub fn new(root: PathBuf, given: Option<PathBuf>) -> SourceState {
        SourceState {
            root,
            given,
            filter: Filter::ranked(),
            ..SourceState::default()
        }
    }

    /// The candidate at the selected row.
    fn selected_path(&self) -> Option<PathBuf> {
        let scan = self.scan.as_ref()?;
        let index = self.filter.item(self.selected, scan.candidates.len())?;
        Some(self.root.join(&scan.candidates[index].path))
    }

    fn len(&self) -> usize {
        let total = self.scan.as_ref().map_or(0, |s| s.candidates.len());
        self.filter.len(total)
    }
}

/// What the wizard does first: open the given path, or list the folder.
pub fn start(state: &mut State) -> Vec<Effect> {
    match state.source.given.clone() {
        Some(path) => open(state, path),
        None => vec![Effect::Scan(state.source.root.clone())],
    }
}

/// Starts opening `path`.
pub fn open(state: &mut State, path: PathBuf) -> Vec<Effect> {
    if state.source.opening.is_some() {
        return Vec::new();
    }
    if state.opened.as_ref().is_some_and(|l| l.path == path) {
        state.go_next();
        return Vec::new();
    }
    state.source.error = None;
    state.source.opening = Some(Opening {
        path: path.clone(),
        kind: None,
    });
    vec![Effect::Open(path)]
}

/// The picker's list arrived.
pub fn scanned(state: &mut State, scan: Scan) {
    let source = &mut state.source;
    source.haystacks = scan.candidates.iter().map(|c| c.haystack()).collect();
    source.scan = Some(scan);
    source.filter.invalidate();
    source.filter.apply(&source.haystacks);
    source.selected = 0;
    source.window.reset();
}

/// Keys of the picker.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    let source = &mut state.source;
    if source.filter.editing {
        match action {
            Action::Confirm => source.filter.keep(),
            Action::Back => {
                source.filter.clear();
                source.selected = 0;
            }
            _ if source.filter.edit(action) => {
                source.filter.apply(&source.haystacks);
                source.selected = 0;
            }
            _ => {
                if let Some(row) =
                    navigate(action, source.selected, source.len(), source.window.page())
                {
                    source.selected = row;
                }
            }
        }
        return Vec::new();
    }
    if let Some(row) = navigate(action, source.selected, source.len(), source.window.page()) {
        source.selected = row;
        return Vec::new();
    }
    match action {
        Action::Filter => source.filter.open(),
        Action::Confirm => {
            if let Some(path) = source.selected_path() {
                return open(state, path);
            }
        }
        _ => {}
    }
    Vec::new()
}

/// Draws the picker.
/// Draws the step; returns where the cursor goes when a text field has focus.
pub fn view(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Option<(u16, u16)> {
    let source = &state.source;
    let [intro, filter_area, list_area, status] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(2),
    ])
    .areas(area);
    let intro_text = match &source.given {
        Some(path) => format!("Opening {} (given on the command line).", path.display()),
        None => format!(
            "Choose the package or templates to onboard, found under {}.",
            source.root.display()
        ),
    };
    frame.render_widget(Paragraph::new(Span::styled(intro_text, theme.text)), intro);

    let Some(scan) = &source.scan else {
        if source.given.is_none() {
            frame.render_widget(
                Span::styled("Looking for packages…", theme.muted),
                list_area,
            );
        }
        draw_status(state, theme, frame, status);
        return None;
    };
    let total = scan.candidates.len();
    let shown = source.filter.len(total);
    frame.render_widget(
        filter_line(&source.filter, shown, total, theme, filter_area.width),
        filter_area,
    );
    if total == 0 {
        let text = "No OVF, OVA, CSAR, heat zip or HOT template here. Run vnfwiz from the folder that holds your package, or give its path: vnfwiz PATH";
        frame.render_widget(
            Paragraph::new(Span::styled(text, theme.muted))
                .wrap(ratatui::widgets::Wrap { trim: true }),
            list_area,
        );
    }
    let range = source
        .window
        .range(source.selected, shown, usize::from(list_area.height));
    let name_width = usize::from(list_area.width).saturating_sub(2 + 14 + 11);
    let lines: Vec<Line> = range
        .filter_map(|row| {
            let index = source.filter.item(row, total)?;
            let candidate = &scan.candidates[index];
            let selected = row == source.selected;
            let base = if selected {
                theme.selection
            } else {
                theme.text
            };
            let path = candidate.path.display().to_string();
            let positions = source.filter.positions(&source.haystacks[index]);
            let mut spans = vec![Span::styled(row_marker(selected), base)];
            let mut name = highlighted(&path, &positions, base, theme.matched);
            let path_width = path.chars().count();
            if path_width < name_width {
                name.push(Span::styled(" ".repeat(name_width - path_width), base));
            }
            spans.extend(name);
            spans.push(Span::styled(
                format!(" {:<13}", candidate.kind.label()),
                base,
            ));
            spans.push(Span::styled(
                format!("{:>11}", human_size(candidate.size)),
                base,
            ));
            Some(Line::from(spans))
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), list_area);
    draw_status(state, theme, frame, status);
    source
        .filter
        .editing
        .then(|| filter_cursor(&source.filter, filter_area))
}

fn draw_status(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let source = &state.source;
    let line = if let Some(opening) = &source.opening {
        Line::from(Span::styled(
            format!("Opening {}…", opening.path.display()),
            theme.accent,
        ))
    } else if let Some(error) = &source.error {
        Line::from(vec![
            Span::styled("✗ ", theme.error),
            Span::styled(error.clone(), theme.error),
        ])
    } else if source.scan.as_ref().is_some_and(|s| s.truncated) {
        Line::from(Span::styled(
            "The listing stopped early (a large folder); filter with / or give the path on the command line.",
            theme.muted,
        ))
    } else {
        Line::default()
    };
    frame.render_widget(
        Paragraph::new(line).wrap(ratatui::widgets::Wrap { trim: true }),
        area,
    );
}

/// The picker's keys.
pub fn hints(state: &State) -> Vec<Hint> {
    if state.source.filter.editing {
        vec![
            hint("type", "filter"),
            hint("↑↓", "move"),
            lasting("Enter", "keep filter"),
            lasting("Esc", "clear filter"),
        ]
    } else {
        vec![
            hint("↑↓ jk", "move"),
            hint("/", "filter"),
            lasting("Enter", "open"),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::scan::Candidate;

    fn picker() -> State {
        let mut state = State::new(PathBuf::from("/vnfs"), None, (100, 30));
        let candidates = ["fw.ova", "dns/base_dns.yaml", "lb.zip"]
            .iter()
            .map(|p| Candidate {
                path: PathBuf::from(p),
                kind: InputKind::Ova,
                size: 10,
            })
            .collect();
        scanned(
            &mut state,
            Scan {
                candidates,
                truncated: false,
            },
        );
        state
    }

    #[test]
    fn starting_scans_or_opens_the_given_path() {
        let mut state = State::new(PathBuf::from("/vnfs"), None, (100, 30));
        assert!(matches!(start(&mut state)[..], [Effect::Scan(_)]));
        let mut state = State::new(
            PathBuf::from("/vnfs"),
            Some(PathBuf::from("fw.ova")),
            (100, 30),
        );
        assert!(
            matches!(&start(&mut state)[..], [Effect::Open(p)] if p == &PathBuf::from("fw.ova"))
        );
        assert!(state.source.opening.is_some());
    }

    #[test]
    fn moving_and_opening() {
        let mut state = picker();
        update(&mut state, Action::Down);
        update(&mut state, Action::Down);
        update(&mut state, Action::Down);
        assert_eq!(state.source.selected, 2, "stops at the last row");
        update(&mut state, Action::Home);
        assert_eq!(state.source.selected, 0);
        update(&mut state, Action::End);
        let effects = update(&mut state, Action::Confirm);
        assert!(matches!(&effects[..], [Effect::Open(p)] if p == &PathBuf::from("/vnfs/lb.zip")));
        assert!(
            update(&mut state, Action::Confirm).is_empty(),
            "one open at a time"
        );
    }

    #[test]
    fn the_filter_takes_letters_and_narrows_the_list() {
        let mut state = picker();
        update(&mut state, Action::Filter);
        assert!(state.text_focused());
        for c in "dns".chars() {
            update(&mut state, Action::Input(c));
        }
        assert_eq!(state.source.len(), 1);
        update(&mut state, Action::Confirm);
        assert!(
            !state.text_focused(),
            "Enter keeps the filter, leaves the field"
        );
        assert_eq!(state.source.len(), 1);
        let effects = update(&mut state, Action::Confirm);
        assert!(
            matches!(&effects[..], [Effect::Open(p)] if p == &PathBuf::from("/vnfs/dns/base_dns.yaml"))
        );
    }

    #[test]
    fn escape_clears_the_filter() {
        let mut state = picker();
        update(&mut state, Action::Filter);
        update(&mut state, Action::Input('x'));
        assert_eq!(state.source.len(), 0);
        update(&mut state, Action::Back);
        assert_eq!(state.source.len(), 3);
        assert!(state.source.filter.query().is_empty());
    }

    #[test]
    fn a_folder_without_a_template_is_refused_at_the_source_step() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("base.yaml"), "# to be written\n").unwrap();
        let state = crate::tui::testing::opened(dir.path().to_str().unwrap());
        assert_eq!(state.step, crate::tui::state::StepId::Source);
        let error = state.source.error.as_deref().unwrap_or_default();
        assert!(
            error.contains("no HOT template found in")
                && error.contains("base.yaml, which is empty"),
            "{error}"
        );
    }
}
