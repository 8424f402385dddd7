//! Step 1, Source: a picker over the sources opened recently and the inputs under a
//! folder (each with its kind and size), filtered fuzzily with `/`; a `..` row lists the
//! folder above, and Tab moves to a field for a typed path (a folder is listed, anything
//! else opened). A PATH given on the command line opens at once; coming back here lists
//! the folder, so the operator can open it again or choose another, which starts without
//! the open source's answers and fixes.

use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{
    BACK, CONFIRM, Cursor, FILTERING, Hint, Step, TYPE, UP_DOWN, filter_cursor, filter_line,
    highlighted, hint, lasting, row_marker,
};
use crate::input::source::InputKind;
use crate::output::report::render::size;
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::scan::Scan;
use crate::tui::state::{State, StepId, Verdict};
use crate::tui::theme::Theme;
use crate::tui::widgets::{Filter, ListWindow, TextField, navigate, paragraph, wrap};

/// A source being opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its path.
    pub path: PathBuf,
    /// Its kind, once the worker has told.
    pub kind: Option<InputKind>,
}

/// A row of the picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// `..`: list the folder above.
    Parent,
    /// A candidate, by its index in the scan.
    Candidate(usize),
}

/// The picker.
#[derive(Default)]
pub struct SourceState {
    /// The folder the wizard started in: what relative paths are relative to.
    pub cwd: PathBuf,
    /// The folder listed.
    pub root: PathBuf,
    /// The path from the command line, when one was given.
    pub given: Option<PathBuf>,
    /// The listing, once scanned.
    pub scan: Option<Scan>,
    /// A listing asked for and not back yet.
    pub scanning: bool,
    /// What the filter matches for each candidate.
    pub haystacks: Vec<String>,
    /// The `/` filter.
    pub filter: Filter,
    /// The selected row of the filtered list.
    pub selected: usize,
    /// The list's scroll window.
    pub window: ListWindow,
    /// A path typed by the operator.
    pub path: TextField,
    /// Whether the path field has focus (Tab).
    pub typing_path: bool,
    /// The source being opened.
    pub opening: Option<Opening>,
    /// Why the last open failed.
    pub error: Option<String>,
}

impl SourceState {
    /// A picker over `root`, or one that opens `given` at once.
    pub fn new(root: PathBuf, given: Option<PathBuf>) -> SourceState {
        SourceState {
            cwd: root.clone(),
            root,
            given,
            filter: Filter::ranked(),
            ..SourceState::default()
        }
    }

    /// Whether the list starts with `..` (a folder above, no filter).
    fn has_parent(&self) -> bool {
        self.scan.is_some() && self.root.parent().is_some() && self.filter.query().is_empty()
    }

    /// What the row at `index` of the list is.
    fn row(&self, index: usize) -> Option<Row> {
        let scan = self.scan.as_ref()?;
        let index = match (self.has_parent(), index) {
            (true, 0) => return Some(Row::Parent),
            (true, n) => n - 1,
            (false, n) => n,
        };
        self.filter
            .item(index, scan.candidates.len())
            .map(Row::Candidate)
    }

    /// The candidate's path as opened.
    fn candidate_path(&self, index: usize) -> Option<PathBuf> {
        let candidate = self.scan.as_ref()?.candidates.get(index)?;
        Some(if candidate.recent {
            candidate.path.clone()
        } else {
            self.root.join(&candidate.path)
        })
    }

    fn len(&self) -> usize {
        let total = self.scan.as_ref().map_or(0, |s| s.candidates.len());
        self.filter.len(total) + usize::from(self.has_parent())
    }

    /// Whether two paths name the same source (relative ones from where the wizard
    /// started).
    pub fn same(&self, a: &Path, b: &Path) -> bool {
        self.cwd.join(a) == self.cwd.join(b)
    }
}

/// What the wizard does first: open the given path, or list the folder.
pub fn start(state: &mut State) -> Vec<Effect> {
    match state.source.given.clone() {
        Some(path) => open(state, path),
        None => list(state, state.source.root.clone()),
    }
}

/// Lists `root` (and the recent sources).
fn list(state: &mut State, root: PathBuf) -> Vec<Effect> {
    state.source.scanning = true;
    vec![Effect::Scan(root)]
}

/// Arriving at the picker without a listing (a path was given on the command line, or it
/// failed to open): list the folder, so there is always something to choose.
pub fn arrived(state: &mut State) -> Vec<Effect> {
    let source = &state.source;
    if state.step != StepId::Source
        || source.scan.is_some()
        || source.scanning
        || source.opening.is_some()
    {
        return Vec::new();
    }
    list(state, state.source.root.clone())
}

/// Starts opening `path`.
pub fn open(state: &mut State, path: PathBuf) -> Vec<Effect> {
    if state.source.opening.is_some() {
        return Vec::new();
    }
    if state
        .opened
        .as_ref()
        .is_some_and(|l| state.source.same(&l.path, &path))
    {
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

/// The picker's list arrived (of the folder it names).
pub fn scanned(state: &mut State, scan: Scan) {
    let source = &mut state.source;
    source.scanning = false;
    source.root = scan.root.clone();
    source.haystacks = scan.candidates.iter().map(|c| c.haystack()).collect();
    source.scan = Some(scan);
    source.filter.clear();
    source.filter.apply(&source.haystacks);
    // The first candidate, not `..`.
    source.selected = usize::from(source.has_parent() && source.len() > 1);
    source.window.reset();
}

/// A typed path named a file: open it; or it could not be used.
pub fn located(state: &mut State, found: Result<PathBuf, String>) -> Vec<Effect> {
    match found {
        Ok(path) => {
            state.source.typing_path = false;
            open(state, path)
        }
        Err(reason) => {
            state.source.error = Some(reason);
            Vec::new()
        }
    }
}

/// The folder above the one listed.
fn up(state: &mut State) -> Vec<Effect> {
    let Some(parent) = state.source.root.parent().map(Path::to_path_buf) else {
        return Vec::new();
    };
    list(state, parent)
}

/// The line above the list: what to do here.
fn intro(state: &State) -> String {
    let root = state.source.root.display();
    match (&state.opened, &state.source.given) {
        (Some(opened), _) => format!(
            "{} is open: Enter on it (or Esc) goes on; another source starts over, without its answers and fixes. Listing {root}.",
            opened.path.display()
        ),
        (None, Some(path)) if state.source.opening.is_some() => {
            format!("Opening {} (given on the command line).", path.display())
        }
        _ => format!("Choose the package or templates to onboard, found under {root}."),
    }
}

/// The typed-path line; returns where the cursor goes when it has focus.
fn draw_path(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Option<(u16, u16)> {
    let source = &state.source;
    const LABEL: &str = "Path › ";
    if !source.typing_path && source.path.text().is_empty() {
        frame.render_widget(
            Span::styled(
                "Tab to type a path (a folder is listed, a file opened)",
                theme.muted,
            ),
            area,
        );
        return None;
    }
    let label_width = u16::try_from(LABEL.chars().count()).unwrap_or(0);
    let shown = source
        .path
        .shown(area.width.saturating_sub(label_width + 1), false);
    let style = if source.typing_path {
        theme.focused_input()
    } else {
        theme.input
    };
    frame.render_widget(
        Line::from(vec![
            Span::styled(
                LABEL,
                if source.typing_path {
                    theme.focus
                } else {
                    theme.muted
                },
            ),
            Span::styled(shown.text, style),
        ]),
        area,
    );
    source
        .typing_path
        .then_some((area.x + label_width + shown.cursor, area.y))
}

fn draw_status(state: &State, theme: &Theme, frame: &mut Frame, area: Rect) {
    let source = &state.source;
    let (text, style) = if let Some(opening) = &source.opening {
        (format!("Opening {}…", opening.path.display()), theme.accent)
    } else if let Some(error) = &source.error {
        (format!("✗ {error}"), theme.error)
    } else if source.scan.as_ref().is_some_and(|s| s.truncated) {
        (
            "The listing stopped early (a large folder); filter with /, type a path (Tab) or give it on the command line.".to_owned(),
            theme.muted,
        )
    } else {
        return;
    };
    let lines: Vec<Line> = wrap(&text, usize::from(area.width))
        .into_iter()
        .map(|l| Line::from(Span::styled(l, style)))
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// The source picker.
pub struct SourceStep;

impl Step for SourceStep {
    fn before_open(&self, _: &State) -> bool {
        true
    }

    fn done(&self, _: &State) -> bool {
        true
    }

    fn verdict(&self, state: &State) -> Option<Verdict> {
        Some(if state.source.error.is_some() && state.opened.is_none() {
            Verdict::Problems
        } else {
            Verdict::Valid
        })
    }

    /// Keys of the picker.
    fn update(&self, state: &mut State, action: Action) -> Vec<Effect> {
        let source = &mut state.source;
        if source.typing_path {
            match action {
                Action::Confirm => {
                    let typed = source.path.text().trim();
                    if typed.is_empty() {
                        state.warn("Type a path first; Esc goes back to the list.");
                        return Vec::new();
                    }
                    // `~` is the worker's to expand; anything else is relative to the folder.
                    let path = if typed.starts_with('~') {
                        PathBuf::from(typed)
                    } else {
                        source.root.join(typed)
                    };
                    source.error = None;
                    return vec![Effect::Locate(path)];
                }
                Action::Back | Action::NextField | Action::PreviousField => {
                    source.typing_path = false;
                }
                action => {
                    source.path.apply(action);
                }
            }
            return Vec::new();
        }
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
            Action::NextField | Action::PreviousField => source.typing_path = true,
            Action::Erase => return up(state),
            Action::Back if !source.filter.query().is_empty() => {
                source.filter.clear();
                source.filter.apply(&source.haystacks);
                source.selected = 0;
            }
            Action::Back if state.opened.is_some() => state.go_next(),
            Action::Confirm => match source.row(source.selected) {
                Some(Row::Parent) => return up(state),
                Some(Row::Candidate(index)) => {
                    if let Some(path) = source.candidate_path(index) {
                        return open(state, path);
                    }
                }
                None => {}
            },
            _ => {}
        }
        Vec::new()
    }

    /// Draws the step; returns where the cursor goes when a text field has focus.
    fn view(&self, state: &State, theme: &Theme, frame: &mut Frame, area: Rect) -> Cursor {
        let source = &state.source;
        let [intro_area, path_area, filter_area, list_area, status] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(2),
        ])
        .areas(area);
        let lines: Vec<Line> = wrap(&intro(state), usize::from(intro_area.width))
            .into_iter()
            .map(|l| Line::from(Span::styled(l, theme.text)))
            .collect();
        frame.render_widget(Paragraph::new(lines), intro_area);
        let path_cursor = draw_path(state, theme, frame, path_area);

        let Some(scan) = &source.scan else {
            frame.render_widget(
                Span::styled("Looking for packages…", theme.muted),
                list_area,
            );
            draw_status(state, theme, frame, status);
            return path_cursor;
        };
        let total = scan.candidates.len();
        let shown = source.filter.len(total);
        frame.render_widget(
            filter_line(&source.filter, shown, total, theme, filter_area.width),
            filter_area,
        );
        if total == 0 {
            let text = "No OVF, OVA, heat zip or HOT template here. Choose .. for the folder above, type a path (Tab), or give it on the command line: vnfwiz PATH";
            let lines: Vec<Line> = wrap(text, usize::from(list_area.width))
                .into_iter()
                .map(|l| Line::from(Span::styled(l, theme.muted)))
                .collect();
            let [_, below] =
                Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(list_area);
            frame.render_widget(Paragraph::new(lines), below);
        }
        let range =
            source
                .window
                .range(source.selected, source.len(), usize::from(list_area.height));
        for (line, row) in range.clone().enumerate() {
            let y = list_area.y + u16::try_from(line).unwrap_or(u16::MAX);
            state.clicks.add(
                Rect::new(list_area.x, y, list_area.width, 1),
                crate::tui::clicks::Target::Row(row),
            );
        }
        let name_width = usize::from(list_area.width).saturating_sub(2 + 14 + 11);
        let opened = state.opened.as_ref().map(|o| o.path.as_path());
        let lines: Vec<Line> = range
            .filter_map(|row| {
                let selected = row == source.selected;
                let base = if selected {
                    theme.selection
                } else {
                    theme.text
                };
                let index = match source.row(row)? {
                    Row::Parent => {
                        return Some(Line::from(vec![
                            Span::styled(row_marker(selected), base),
                            Span::styled(
                                format!("{:<name_width$} {:<13}{:>11}", "..", "folder above", ""),
                                base,
                            ),
                        ]));
                    }
                    Row::Candidate(index) => index,
                };
                let candidate = &scan.candidates[index];
                let mut path = candidate.path.display().to_string();
                let is_open = opened.is_some_and(|o| {
                    source
                        .candidate_path(index)
                        .is_some_and(|c| source.same(&c, o))
                });
                let note = match (is_open, candidate.recent) {
                    (true, _) => "  (open)",
                    (false, true) => "  (recent)",
                    (false, false) => "",
                };
                let room = name_width.saturating_sub(note.len());
                let positions = if paragraph::width(&path) > room {
                    path = paragraph::fit_start(&path, room);
                    Vec::new()
                } else {
                    source.filter.positions(&source.haystacks[index])
                };
                let mut spans = vec![Span::styled(row_marker(selected), base)];
                spans.extend(highlighted(&path, &positions, base, theme.matched));
                spans.push(Span::styled(
                    note,
                    if selected { base } else { theme.muted },
                ));
                let used = paragraph::width(&path) + note.len();
                if used < name_width {
                    spans.push(Span::styled(" ".repeat(name_width - used), base));
                }
                spans.push(Span::styled(
                    format!(" {:<13}", candidate.kind.label()),
                    base,
                ));
                spans.push(Span::styled(
                    format!("{:>11}", size::human(candidate.size)),
                    base,
                ));
                Some(Line::from(spans))
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), list_area);
        draw_status(state, theme, frame, status);
        if source.filter.editing {
            return Some(filter_cursor(&source.filter, filter_area));
        }
        path_cursor
    }

    /// The picker's keys.
    fn hints(&self, state: &State) -> Vec<Hint> {
        let source = &state.source;
        if source.typing_path {
            return vec![
                hint(TYPE, "path"),
                lasting(CONFIRM, "list or open"),
                lasting(BACK, "back to the list"),
            ];
        }
        if source.filter.editing {
            return FILTERING.to_vec();
        }
        let mut hints = vec![
            hint(UP_DOWN, "move"),
            hint(&[Action::Filter], "filter"),
            hint(&[Action::NextField], "type a path"),
            hint(&[Action::Erase], "folder above"),
            lasting(CONFIRM, "open"),
        ];
        if state.opened.is_some() {
            hints.push(lasting(BACK, "back to the open source"));
        }
        hints
    }

    fn text_focused(&self, state: &State) -> bool {
        state.source.filter.editing || state.source.typing_path
    }

    /// A click selects a row; Enter opens it.
    fn click(&self, state: &mut State, index: usize) -> Vec<Effect> {
        let source = &mut state.source;
        source.typing_path = false;
        source.filter.keep();
        source.selected = index.min(source.len().saturating_sub(1));
        Vec::new()
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
                recent: false,
            })
            .collect();
        scanned(
            &mut state,
            Scan {
                root: PathBuf::from("/vnfs"),
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
        assert!(arrived(&mut state).is_empty(), "no listing while opening");
        state.source.opening = None;
        assert!(
            matches!(&arrived(&mut state)[..], [Effect::Scan(p)] if p == &PathBuf::from("/vnfs")),
            "arriving without a listing lists the folder"
        );
        assert!(arrived(&mut state).is_empty(), "once");
    }

    #[test]
    fn moving_and_opening() {
        let mut state = picker();
        assert_eq!(state.source.selected, 1, "the first candidate, below ..");
        SourceStep.update(&mut state, Action::Down);
        SourceStep.update(&mut state, Action::Down);
        SourceStep.update(&mut state, Action::Down);
        assert_eq!(state.source.selected, 3, "stops at the last row");
        SourceStep.update(&mut state, Action::Home);
        assert_eq!(state.source.selected, 0);
        assert!(
            matches!(&SourceStep.update(&mut state, Action::Confirm)[..], [Effect::Scan(p)] if p == &PathBuf::from("/")),
            "Enter on .. lists the folder above"
        );
        SourceStep.update(&mut state, Action::End);
        let effects = SourceStep.update(&mut state, Action::Confirm);
        assert!(matches!(&effects[..], [Effect::Open(p)] if p == &PathBuf::from("/vnfs/lb.zip")));
        assert!(
            SourceStep.update(&mut state, Action::Confirm).is_empty(),
            "one open at a time"
        );
    }

    #[test]
    fn backspace_lists_the_folder_above_and_a_typed_path_is_located() {
        let mut state = picker();
        assert!(
            matches!(&SourceStep.update(&mut state, Action::Erase)[..], [Effect::Scan(p)] if p == &PathBuf::from("/"))
        );
        SourceStep.update(&mut state, Action::NextField);
        assert!(state.text_focused(), "Tab focuses the path field");
        for c in "../srv/x.ova".chars() {
            SourceStep.update(&mut state, Action::Input(c));
        }
        SourceStep.update(&mut state, Action::LineStart);
        SourceStep.update(&mut state, Action::Input('.'));
        SourceStep.update(&mut state, Action::Input('/'));
        let effects = SourceStep.update(&mut state, Action::Confirm);
        assert!(
            matches!(&effects[..], [Effect::Locate(p)] if p == &PathBuf::from("/vnfs/./../srv/x.ova")),
            "{effects:?}"
        );
        let effects = located(&mut state, Ok(PathBuf::from("/srv/x.ova")));
        assert!(matches!(&effects[..], [Effect::Open(p)] if p == &PathBuf::from("/srv/x.ova")));
        assert!(!state.text_focused());
        located(
            &mut state,
            Err("/nope: No such file or directory".to_owned()),
        );
        assert!(state.source.error.as_deref().unwrap().contains("/nope"));
    }

    #[test]
    fn the_filter_takes_letters_and_narrows_the_list() {
        let mut state = picker();
        SourceStep.update(&mut state, Action::Filter);
        assert!(state.text_focused());
        for c in "dns".chars() {
            SourceStep.update(&mut state, Action::Input(c));
        }
        assert_eq!(state.source.len(), 1, "no .. while filtering");
        SourceStep.update(&mut state, Action::Confirm);
        assert!(
            !state.text_focused(),
            "Enter keeps the filter, leaves the field"
        );
        assert_eq!(state.source.len(), 1);
        let effects = SourceStep.update(&mut state, Action::Confirm);
        assert!(
            matches!(&effects[..], [Effect::Open(p)] if p == &PathBuf::from("/vnfs/dns/base_dns.yaml"))
        );
    }

    #[test]
    fn escape_clears_the_filter() {
        let mut state = picker();
        SourceStep.update(&mut state, Action::Filter);
        SourceStep.update(&mut state, Action::Input('x'));
        assert_eq!(state.source.len(), 0);
        SourceStep.update(&mut state, Action::Back);
        assert_eq!(state.source.len(), 4, "three candidates and ..");
        assert!(state.source.filter.query().is_empty());
    }

    #[test]
    fn the_open_source_is_marked_however_its_path_was_written() {
        use crate::tui::testing::{opened, render, repo};
        let mut state = opened("assets/samples/vfw-edge.ova");
        state.step = StepId::Source;
        let recent = Candidate {
            path: repo("assets/samples/vfw-edge.ova"),
            kind: InputKind::Ova,
            size: 10,
            recent: true,
        };
        scanned(
            &mut state,
            Scan {
                root: repo("assets"),
                candidates: vec![recent],
                truncated: false,
            },
        );
        let text = render(&state, &Theme::default_theme());
        assert!(text.contains("(open)"), "{text}");
        assert!(
            SourceStep.update(&mut state, Action::Confirm).is_empty(),
            "Enter on the open source goes on, opening nothing"
        );
        assert_ne!(state.step, StepId::Source);
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
