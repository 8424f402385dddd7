//! The wizard: a terminal UI that walks the operator from a source to a package.
//!
//! One synchronous loop: draw the state, wait for the next event (a key, a resize or a
//! worker's message, all on one channel), turn it into an [`update::Event`], apply it with
//! [`update::update`], and hand the effects it returns to the [`worker::Runtime`]. Drawing
//! ([`view::view`]) and updating do no I/O; workers do, on their own threads. The terminal is
//! restored on every way out, panics included.

pub mod action;
pub mod clicks;
pub mod clipboard;
pub mod editor;
pub mod effect;
pub mod evaluated;
pub mod evaluation;
pub mod history;
pub mod input;
pub mod keymap;
pub mod opened;
pub mod scan;
pub mod session_thread;
pub mod state;
pub mod steps;
#[cfg(test)]
pub(crate) mod testing;
pub mod theme;
pub mod update;
pub mod view;
pub mod widgets;
pub mod worker;

use std::io::{IsTerminal, stdout};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self as terminal_event, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste,
    EnableMouseCapture, MouseButton, MouseEventKind,
};
use ratatui::crossterm::{cursor, execute};

use crate::check::config::Lookup;
use crate::foundation::limits::Limits;
use crate::session::answers::{Answers, AnswersError};
use action::Action;
use effect::{Effect, Message, TerminalWork};
use input::Input;
use state::{Exit, State};
use theme::{Theme, ThemeError};
use update::{Event, update};
use worker::Runtime;

/// The longest the wizard waits, on its way out, for a cancelled write to remove what it
/// staged.
const CLEANUP_LIMIT: Duration = Duration::from_secs(10);

/// How often the loop looks for a signal while no event arrives.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// What the command line gives the wizard.
#[derive(Clone, Debug, Default)]
pub struct WizardOptions {
    /// The source to open at once (the picker otherwise).
    pub path: Option<PathBuf>,
    /// Answers to start from (`--answers`).
    pub answers: Option<PathBuf>,
    /// Where to save the answers (`--save-answers`): offered when writing and quitting.
    pub save_answers: Option<PathBuf>,
    /// A theme name or file (`--theme`).
    pub theme: Option<String>,
    /// Whether the mouse wheel scrolls and a click selects (`--mouse`).
    pub mouse: bool,
    /// Where each opened source's project config comes from (`--config`, `--no-config`).
    pub config: Lookup,
    /// Bounds on what is read.
    pub limits: Limits,
}

/// Why the wizard could not run.
#[derive(Debug, thiserror::Error)]
pub enum WizardError {
    /// Standard input or output is not a terminal.
    #[error(
        "the wizard needs a terminal; in scripts and CI use `vnfwiz validate` and `vnfwiz inspect`"
    )]
    NotATerminal,
    /// The theme cannot be used.
    #[error(transparent)]
    Theme(#[from] ThemeError),
    /// The answers file cannot be read.
    #[error(transparent)]
    Answers(#[from] AnswersError),
    /// The terminal failed.
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
    /// SIGINT or SIGTERM arrived (from outside: in the wizard Ctrl-C is a key).
    #[error("interrupted by {0}; the terminal is restored")]
    Interrupted(crate::foundation::interrupt::Signal),
}

/// What arrives at the loop.
enum Incoming {
    Terminal(terminal_event::Event),
    Worker(Message),
}

impl From<Message> for Incoming {
    fn from(message: Message) -> Incoming {
        Incoming::Worker(message)
    }
}

/// Restores the terminal when dropped, so every return path (and `?`) leaves it usable.
struct Restore {
    mouse: bool,
}

impl Drop for Restore {
    fn drop(&mut self) {
        restore_terminal(self.mouse);
    }
}

fn restore_terminal(mouse: bool) {
    if mouse {
        let _ = execute!(stdout(), DisableMouseCapture);
    }
    let _ = execute!(stdout(), DisableBracketedPaste);
    ratatui::restore();
    let _ = execute!(stdout(), cursor::Show);
}

/// Runs the wizard until the operator quits, declines or finishes.
pub fn run(options: WizardOptions) -> Result<Exit, WizardError> {
    if !std::io::stdin().is_terminal() || !stdout().is_terminal() {
        return Err(WizardError::NotATerminal);
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let theme = Theme::choose(options.theme.as_deref(), no_color)?;
    let answers = options
        .answers
        .as_deref()
        .map(|path| Answers::load(path, &options.limits))
        .transpose()?
        .unwrap_or_default();
    let root = std::env::current_dir()?;

    // Mouse capture and bracketed paste are ours to undo on a panic; ratatui's own hook
    // (installed next) leaves raw mode and the alternate screen first.
    let previous = std::panic::take_hook();
    let mouse = options.mouse;
    std::panic::set_hook(Box::new(move |info| {
        if mouse {
            let _ = execute!(stdout(), DisableMouseCapture);
        }
        let _ = execute!(stdout(), DisableBracketedPaste);
        previous(info);
    }));
    // A signal from outside ends the loop, so the terminal is restored on the way out.
    crate::foundation::interrupt::install();
    let terminal = ratatui::try_init()?;
    let _restore = Restore {
        mouse: options.mouse,
    };
    if options.mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    // Pasted text arrives whole, so a pasted Tab or line break is text, not a key.
    execute!(stdout(), EnableBracketedPaste)?;
    let size = terminal.size()?;
    let mut state = State::new(root, options.path.clone(), (size.width, size.height));
    state.draft = effect::Draft::from_answers(answers);
    state.save_to = options.save_answers.clone();
    let (outbox, inbox) = channel::<Incoming>();
    let input = Input::start(outbox.clone(), Incoming::Terminal);
    let mut runtime = Runtime::new(outbox, options.limits)
        .with_history(history::default_file())
        .with_config(options.config);
    let mut terminal = Owner {
        terminal,
        input,
        mouse: options.mouse,
    };
    for effect in steps::source::start(&mut state) {
        terminal.run(&mut runtime, &mut state, effect);
    }
    let ended = event_loop(&mut terminal, &mut state, &theme, &inbox, &mut runtime);
    // However the loop ended, a write under way must clean up before the process goes.
    runtime.finish(CLEANUP_LIMIT);
    ended?;
    Ok(state.exit.unwrap_or(Exit::Quit))
}

/// The terminal and what reads from it: the loop draws on it and hands it to the
/// operator's editor.
struct Owner {
    terminal: DefaultTerminal,
    input: Input,
    mouse: bool,
}

impl Owner {
    /// Runs an effect: a worker's, or the terminal's own work (the editor, the clipboard).
    fn run(&mut self, runtime: &mut Runtime<Incoming>, state: &mut State, effect: Effect) {
        let Some(work) = runtime.run(effect) else {
            return;
        };
        match work {
            TerminalWork::Edit { path, line } => {
                let edited = editor::edit(&mut self.terminal, &self.input, self.mouse, &path, line);
                // The window may have changed size while the editor had it.
                if let Ok(size) = self.terminal.size() {
                    update(state, Event::Resize(size.width, size.height));
                }
                for effect in update(state, Event::Message(Message::Edited(edited))) {
                    self.run(runtime, state, effect);
                }
            }
            TerminalWork::Copy(text) => {
                if let Err(error) = clipboard::copy(&mut stdout(), &text) {
                    state.warn(format!("Nothing was copied: {error}"));
                }
            }
        }
    }
}

fn event_loop(
    owner: &mut Owner,
    state: &mut State,
    theme: &Theme,
    inbox: &Receiver<Incoming>,
    runtime: &mut Runtime<Incoming>,
) -> Result<(), WizardError> {
    let mouse = owner.mouse;
    loop {
        owner
            .terminal
            .draw(|frame| view::view(state, theme, frame))?;
        let first = loop {
            if let Some(signal) = crate::foundation::interrupt::received() {
                return Err(WizardError::Interrupted(signal));
            }
            match inbox.recv_timeout(SIGNAL_POLL) {
                Ok(incoming) => break incoming,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
        };
        // Take everything already waiting before drawing again, so a burst of progress
        // messages or held-down keys costs one frame.
        for incoming in std::iter::once(first).chain(inbox.try_iter()) {
            if let Some(event) = event_of(state, incoming, mouse) {
                for effect in update(state, event) {
                    owner.run(runtime, state, effect);
                }
            }
            if state.exit.is_some() {
                return Ok(());
            }
        }
    }
}

/// The wizard's event for what arrived, if it means anything. Mouse reports count only
/// with `--mouse` (a terminal may send them unasked).
fn event_of(state: &State, incoming: Incoming, mouse: bool) -> Option<Event> {
    match incoming {
        Incoming::Worker(message) => Some(Event::Message(message)),
        Incoming::Terminal(terminal_event::Event::Key(key)) => {
            keymap::action_for(key, state.text_focused(), state.key_layer()).map(Event::Action)
        }
        Incoming::Terminal(terminal_event::Event::Resize(columns, rows)) => {
            Some(Event::Resize(columns, rows))
        }
        Incoming::Terminal(terminal_event::Event::Paste(text)) => Some(Event::Paste(text)),
        Incoming::Terminal(terminal_event::Event::Mouse(report)) if mouse => match report.kind {
            MouseEventKind::ScrollUp => Some(Event::Action(Action::ScrollUp)),
            MouseEventKind::ScrollDown => Some(Event::Action(Action::ScrollDown)),
            MouseEventKind::Down(MouseButton::Left) => {
                Some(Event::Click(report.column, report.row))
            }
            _ => None,
        },
        Incoming::Terminal(_) => None,
    }
}
