//! Test helpers: real sources opened synchronously, a wizard state driven to a step with
//! the same events the loop would send, and screens rendered to text.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::checked::check;
use super::effect::{Effect, Message};
use super::loaded::{Loaded, open};
use super::state::State;
use super::theme::Theme;
use super::update::{Event, update};
use super::view::view;
use crate::integrity::Options;
use crate::limits::Limits;

/// A path inside the repository.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Opens a source as the worker would, without progress.
pub fn load(path: &Path) -> Arc<Loaded> {
    let limits = Limits::default();
    Arc::new(open(path, &Options::new(&limits)).expect("the test source opens"))
}

/// Applies effects the way the runtime would, synchronously, for the ones a test needs:
/// validation runs at once; others are returned.
pub fn settle(state: &mut State, effects: Vec<Effect>) -> Vec<Effect> {
    let mut left = Vec::new();
    let mut queue = effects;
    while let Some(effect) = queue.pop() {
        match effect {
            Effect::Check { generation, loaded } => {
                let checked = Arc::new(check(&loaded));
                queue.extend(update(
                    state,
                    Event::Message(Message::Checked {
                        generation,
                        checked,
                    }),
                ));
            }
            other => left.push(other),
        }
    }
    left
}

/// A wizard that has opened `path` (given on the command line, relative to the
/// repository, where tests run), validation done.
pub fn opened(path: &str) -> State {
    let path = PathBuf::from(path);
    let mut state = State::new(repo(""), Some(path.clone()), (100, 30));
    super::steps::source::start(&mut state);
    let loaded = load(&path);
    update(&mut state, Event::Message(Message::Opening(loaded.kind)));
    let effects = update(&mut state, Event::Message(Message::Opened(Ok(loaded))));
    settle(&mut state, effects);
    state
}

/// Sends actions one after the other, running validation as it is asked for and drawing
/// after each, as the loop does (drawing records page sizes and scroll limits).
pub fn press(state: &mut State, actions: &[super::action::Action]) -> Vec<Effect> {
    let mut left = Vec::new();
    let theme = Theme::default_theme();
    for action in actions {
        render(state, &theme);
        let effects = update(state, Event::Action(*action));
        left.extend(settle(state, effects));
    }
    left
}

/// The screen as text, one line per row, trailing spaces kept (so widths show), and a last
/// line saying where the terminal cursor is.
pub fn render(state: &State, theme: &Theme) -> String {
    let (columns, rows) = state.size;
    let mut terminal = Terminal::new(TestBackend::new(columns, rows)).expect("test terminal");
    terminal
        .draw(|frame| view(state, theme, frame))
        .expect("draws");
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
