//! Drives the real `vnfwiz` binary in a pseudo-terminal: keys go in as a terminal sends
//! them, output goes through a VT100 emulator, and tests read the screen as text.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// How long a test waits for a screen before failing with what it saw.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(10);

/// A key's frame is drawn once the wizard's output has been quiet this long.
const QUIET: Duration = Duration::from_millis(15);

/// A key the wizard answers with no output within this time changed nothing on screen.
const NO_RESPONSE: Duration = Duration::from_millis(50);

/// A key as the terminal encodes it.
#[derive(Clone, Copy, Debug)]
pub enum Key<'a> {
    Enter,
    Esc,
    Tab,
    BackTab,
    Up,
    Down,
    Left,
    Right,
    PageDown,
    Home,
    F1,
    /// The mouse wheel turned down (SGR mouse encoding), over the middle of the screen.
    WheelDown,
    /// A left click (press and release, SGR mouse encoding) at a 0-based column and row.
    Click(u16, u16),
    Ctrl(char),
    /// Alt with a letter, as terminals send it (Esc, then the letter).
    Alt(char),
    Text(&'a str),
    /// Text pasted with bracketed paste on (the wizard turns it on).
    Paste(&'a str),
}

impl Key<'_> {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Key::Enter => b"\r".to_vec(),
            Key::Esc => b"\x1b".to_vec(),
            Key::Tab => b"\t".to_vec(),
            Key::BackTab => b"\x1b[Z".to_vec(),
            Key::Up => b"\x1b[A".to_vec(),
            Key::Down => b"\x1b[B".to_vec(),
            Key::Left => b"\x1b[D".to_vec(),
            Key::Right => b"\x1b[C".to_vec(),
            Key::PageDown => b"\x1b[6~".to_vec(),
            Key::Home => b"\x1b[H".to_vec(),
            Key::F1 => b"\x1bOP".to_vec(),
            Key::WheelDown => b"\x1b[<65;40;12M".to_vec(),
            Key::Click(column, row) => {
                let (x, y) = (column + 1, row + 1);
                format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").into_bytes()
            }
            Key::Ctrl(c) => vec![(c.to_ascii_lowercase() as u8) & 0x1f],
            Key::Alt(c) => format!("\x1b{c}").into_bytes(),
            Key::Text(text) => text.as_bytes().to_vec(),
            Key::Paste(text) => format!("\x1b[200~{text}\x1b[201~").into_bytes(),
        }
    }
}

/// What the terminal was asked to put on the clipboard (OSC 52), base64 as sent.
#[derive(Default)]
pub struct Clipboard(Vec<Vec<u8>>);

impl vt100::Callbacks for Clipboard {
    fn copy_to_clipboard(&mut self, _: &mut vt100::Screen, _ty: &[u8], data: &[u8]) {
        self.0.push(data.to_vec());
    }
}

/// What the wizard has written so far: how many bytes, and when the last came.
struct Output {
    bytes: u64,
    last: Instant,
}

/// The wizard running in a pseudo-terminal.
pub struct Wizard {
    /// The wizard's own state folder (its history of opened sources), never the user's.
    _state: tempfile::TempDir,
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    screen: Arc<Mutex<vt100::Parser<Clipboard>>>,
    output: Arc<Mutex<Output>>,
    master: Box<dyn MasterPty + Send>,
}

impl Wizard {
    /// Starts `vnfwiz args…` in `dir` on a `columns`×`rows` terminal.
    pub fn start(
        args: &[&str],
        dir: &Path,
        (columns, rows): (u16, u16),
        env: &[(&str, &str)],
    ) -> Wizard {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols: columns,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap_or_else(|e| panic!("no pseudo-terminal: {e}"));
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_vnfwiz"));
        command.args(args);
        command.cwd(dir);
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        let state = tempfile::tempdir().expect("a state folder");
        command.env("XDG_STATE_HOME", state.path());
        for (key, value) in env {
            command.env(key, value);
        }
        let child = pty
            .slave
            .spawn_command(command)
            .unwrap_or_else(|e| panic!("cannot start vnfwiz: {e}"));
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("a size above zero");
        let screen = Arc::new(Mutex::new(vt100::Parser::new_with_callbacks(
            size(rows),
            size(columns),
            0,
            Clipboard::default(),
        )));
        let output = Arc::new(Mutex::new(Output {
            bytes: 0,
            last: Instant::now(),
        }));
        let (sink, written) = (screen.clone(), output.clone());
        thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().process(&buffer[..n]);
                let mut written = written.lock().unwrap();
                written.bytes += n as u64;
                written.last = Instant::now();
            }
        });
        Wizard {
            _state: state,
            child,
            writer,
            screen,
            output,
            master: pty.master,
        }
    }

    /// Sends keys one at a time, each once the wizard has drawn what the one before
    /// changed (its output came and went quiet) or showed it changed nothing (no output):
    /// so a lone Esc is read as Esc, and the screen read next is the key's.
    pub fn press(&mut self, keys: &[Key]) {
        for key in keys {
            let before = self.output.lock().unwrap().bytes;
            let sent = Instant::now();
            self.writer.write_all(&key.bytes()).unwrap();
            self.writer.flush().unwrap();
            self.poll(format_args!("the wizard to take {key:?}"), || {
                let output = self.output.lock().unwrap();
                let drawn = output.bytes != before && output.last.elapsed() >= QUIET;
                let unchanged = output.bytes == before && sent.elapsed() >= NO_RESPONSE;
                (drawn || unchanged).then_some(())
            });
        }
    }

    /// Types text one character at a time.
    pub fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            let mut buffer = [0u8; 4];
            self.press(&[Key::Text(c.encode_utf8(&mut buffer))]);
        }
    }

    /// The screen as text, one line per row.
    pub fn screen(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Looks until `ready` gives a value and returns it; fails after [`PATIENCE`] naming
    /// `what` it waited for and showing the screen. The one wait every other wait uses.
    pub fn poll<T>(&self, what: impl std::fmt::Display, ready: impl FnMut() -> Option<T>) -> T {
        match poll_within(PATIENCE, ready) {
            Some(value) => value,
            None => panic!(
                "waited {PATIENCE:?} for {what}; the screen shows:\n{}",
                self.screen()
            ),
        }
    }

    /// Waits until the screen shows `text`; returns the screen.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |screen| screen.contains(text))
    }

    /// Waits until the screen no longer shows `text`; returns the screen.
    pub fn wait_without(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?} to go"), |screen| !screen.contains(text))
    }

    /// Waits until the screen satisfies `done` (a frame can be read half drawn: waiting
    /// for one part of it says nothing of the rest); returns the screen.
    pub fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        self.poll(what, || {
            let screen = self.screen();
            done(&screen).then_some(screen)
        })
    }

    /// Waits for the process to end; returns its exit code.
    pub fn wait_exit(&mut self) -> u32 {
        let child = &mut self.child;
        let ended = poll_within(PATIENCE, || Some(child.try_wait().unwrap()?.exit_code()));
        match ended {
            Some(code) => code,
            None => {
                let screen = self.screen();
                let _ = self.child.kill();
                panic!("vnfwiz did not exit; the screen shows:\n{screen}");
            }
        }
    }

    /// Changes the terminal's size, as a window resize does. The screen model changes
    /// first, under its lock, so no frame drawn for the new size is read at the old one
    /// (a wide frame wrapped in a narrow model stays garbled: the wizard redraws only cells
    /// it changed). A frame of the old size read at the new one is harmless: the wizard
    /// clears and redraws all when it sees the new size.
    pub fn resize(&mut self, (columns, rows): (u16, u16)) {
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("a size above zero");
        let mut screen = self.screen.lock().unwrap();
        screen.set_size(size(rows), size(columns));
        self.master
            .resize(PtySize {
                rows,
                cols: columns,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resize");
    }

    /// The texts the wizard put on the clipboard, in order.
    pub fn clipboard(&self) -> Vec<String> {
        use base64ct::{Base64, Encoding};
        self.screen
            .lock()
            .unwrap()
            .callbacks()
            .0
            .iter()
            .map(|data| {
                let bytes = Base64::decode_vec(&String::from_utf8_lossy(data)).expect("base64");
                String::from_utf8(bytes).expect("UTF-8")
            })
            .collect()
    }

    /// Whether the alternate screen is shown (the wizard draws there).
    pub fn screen_is_alternate(&self) -> bool {
        self.screen.lock().unwrap().screen().alternate_screen()
    }

    /// Whether any cell on screen has a colour.
    pub fn coloured(&self) -> bool {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let (rows, columns) = screen.size();
        let (rows, columns) = (rows.get(), columns.get());
        (0..rows).any(|r| {
            (0..columns).any(|c| {
                screen.cell(r, c).is_some_and(|cell| {
                    cell.fgcolor() != vt100::Color::Default
                        || cell.bgcolor() != vt100::Color::Default
                })
            })
        })
    }

    /// Sends `signal` to the wizard, as `kill` from another terminal does.
    pub fn signal(&self, signal: i32) {
        let pid = self.child.process_id().expect("a process id");
        // SAFETY: kill only sends a signal to our own child.
        assert_eq!(unsafe { libc::kill(pid as libc::pid_t, signal) }, 0);
    }

    /// Whether the terminal was given back (no alternate screen, cursor visible), waiting
    /// for the last output of a process that has ended to be read.
    pub fn terminal_restored(&self) -> bool {
        poll_within(PATIENCE, || {
            let parser = self.screen.lock().unwrap();
            (!parser.screen().alternate_screen() && !parser.screen().hide_cursor()).then_some(())
        })
        .is_some()
    }
}

/// Looks until `ready` gives a value, at most `patience`.
fn poll_within<T>(patience: Duration, mut ready: impl FnMut() -> Option<T>) -> Option<T> {
    let started = Instant::now();
    loop {
        if let Some(value) = ready() {
            return Some(value);
        }
        if started.elapsed() > patience {
            return None;
        }
        thread::sleep(POLL);
    }
}

impl Drop for Wizard {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
    }
}
