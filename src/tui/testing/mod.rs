//! Test helpers: a wizard driven exactly as the loop drives it (real workers and a real
//! onboarding session on its own thread), waiting after each key until the work it started
//! has reported; and screens rendered to text. Its modules are tests of the whole wizard:
//! `screens` (every step's screen as a snapshot) and `guide` (docs/user-guide.md's screens
//! are those snapshots).

mod guide;
mod screens;

use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::action::Action;
use super::effect::{Effect, Message, TerminalWork};
use super::state::State;
use super::steps::{source, write::Phase};
use super::theme::Theme;
use super::update::{Event, update};
use super::view::view;
use super::worker::Runtime;
use crate::foundation::limits::Limits;

/// How long a test waits for a worker.
const PATIENCE: Duration = Duration::from_secs(60);

/// A path inside the repository.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A copy of a fixture folder (its files, not its subfolders) that a test may write into.
pub fn fixture_copy(path: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in std::fs::read_dir(repo(path)).expect("fixture") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).expect("copied");
    }
    dir
}

/// A wizard with its workers.
pub struct Wizard {
    /// The state, as the loop holds it.
    pub state: State,
    runtime: Runtime<Message>,
    inbox: Receiver<Message>,
    /// Scans, look-ups, probes, saves and rereadings started and not yet reported.
    waiting: usize,
    /// Work handed to the terminal's owner, in order (the loop would do it).
    pub terminal: Vec<TerminalWork>,
}

impl Deref for Wizard {
    type Target = State;

    fn deref(&self) -> &State {
        &self.state
    }
}

impl DerefMut for Wizard {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

impl Wizard {
    /// A wizard over `state`, its first effects started and their work done.
    pub fn start(mut state: State) -> Wizard {
        let (outbox, inbox) = channel();
        let effects = source::start(&mut state);
        let mut wizard = Wizard {
            state,
            runtime: Runtime::new(outbox, Limits::default()),
            inbox,
            waiting: 0,
            terminal: Vec::new(),
        };
        wizard.run(effects);
        wizard.settle();
        wizard
    }

    /// Starts effects as the loop does (terminal work is recorded, not done).
    pub fn run(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            if matches!(
                effect,
                Effect::Scan(_)
                    | Effect::Locate(_)
                    | Effect::Probe { .. }
                    | Effect::SaveAnswers { .. }
                    | Effect::Reread
            ) {
                self.waiting += 1;
            }
            self.terminal.extend(self.runtime.run(effect));
        }
    }

    /// Whether work is still under way.
    fn busy(&self) -> bool {
        let state = &self.state;
        self.waiting > 0
            || state.source.opening.is_some()
            || state.evaluating
            || state.review.planning
            || state.review.write_back.busy()
            || state.write.phase == Phase::Writing
    }

    /// Applies messages until no work is under way.
    pub fn settle(&mut self) {
        while self.busy() && self.state.exit.is_none() {
            let message = self
                .inbox
                .recv_timeout(PATIENCE)
                .expect("a worker reports in time");
            if matches!(
                message,
                Message::Scanned(_)
                    | Message::Located(_)
                    | Message::Probed(..)
                    | Message::Saved(_)
                    | Message::Reread(_)
            ) {
                // A reading the watch started was not waited for.
                self.waiting = self.waiting.saturating_sub(1);
            }
            let effects = update(&mut self.state, Event::Message(message));
            self.run(effects);
        }
    }

    /// Presses keys one after the other, drawing before each (drawing records page sizes)
    /// and waiting for the work each starts.
    pub fn keys(&mut self, actions: &[Action]) {
        let theme = Theme::default_theme();
        for action in actions {
            render(&self.state, &theme);
            let effects = update(&mut self.state, Event::Action(*action));
            self.run(effects);
            self.settle();
        }
    }

    /// Types text into the focused field.
    pub fn type_text(&mut self, text: &str) {
        let actions: Vec<Action> = text.chars().map(Action::Input).collect();
        self.keys(&actions);
    }
}

/// A wizard that has opened `path` (given on the command line, relative to the
/// repository, where tests run) and evaluated it.
pub fn opened(path: &str) -> Wizard {
    Wizard::start(State::new(repo(""), Some(PathBuf::from(path)), (100, 30)))
}

/// Sends actions to a state without workers; returns the effects they ask for.
pub fn press(state: &mut State, actions: &[Action]) -> Vec<Effect> {
    let theme = Theme::default_theme();
    let mut effects = Vec::new();
    for action in actions {
        render(state, &theme);
        effects.extend(update(state, Event::Action(*action)));
    }
    effects
}

/// A test terminal of the state's size with the state drawn on it.
fn drawn(state: &State, theme: &Theme) -> Terminal<TestBackend> {
    let (columns, rows) = state.size;
    let mut terminal = Terminal::new(TestBackend::new(columns, rows)).expect("test terminal");
    terminal
        .draw(|frame| view(state, theme, frame))
        .expect("draws");
    terminal
}

/// Letters naming the styles of `render_styled`, in order of first use.
const STYLE_LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The screen as `render` gives it, then its styles: one letter per cell naming the
/// cell's style, and what each letter stands for (so a theme's colours are in a snapshot).
pub fn render_styled(state: &State, theme: &Theme) -> String {
    let (columns, rows) = state.size;
    let terminal = drawn(state, theme);
    let buffer = terminal.backend().buffer();
    let mut styles: Vec<String> = Vec::new();
    let mut grid = String::new();
    for y in 0..rows {
        for x in 0..columns {
            let cell = &buffer[(x, y)];
            let described = format!("fg {:?} · bg {:?} · {:?}", cell.fg, cell.bg, cell.modifier);
            let index = match styles.iter().position(|s| *s == described) {
                Some(i) => i,
                None => {
                    styles.push(described);
                    styles.len() - 1
                }
            };
            grid.push(char::from(STYLE_LETTERS[index % STYLE_LETTERS.len()]));
        }
        grid.push('\n');
    }
    let mut out = render(state, theme);
    out.push_str("styles:\n");
    out.push_str(&grid);
    for (i, style) in styles.iter().enumerate() {
        let letter = STYLE_LETTERS[i % STYLE_LETTERS.len()];
        out.push_str(&format!("{}: {style}\n", char::from(letter)));
    }
    out
}

/// The screen as text, one line per row, trailing spaces kept (so widths show), and a last
/// line saying where the terminal cursor is.
pub fn render(state: &State, theme: &Theme) -> String {
    let (columns, rows) = state.size;
    let terminal = drawn(state, theme);
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..rows {
        for x in 0..columns {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    let backend = terminal.backend();
    if backend.cursor_visible() {
        let at = backend.cursor_position();
        out.push_str(&format!("cursor at column {}, row {}\n", at.x, at.y));
    } else {
        out.push_str("cursor hidden\n");
    }
    out
}

/// The text of the notice on screen; panics when there is none.
pub fn notice_text(state: &State) -> &str {
    &state.notice.as_ref().expect("a notice is shown").text
}
