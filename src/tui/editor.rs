//! The operator's editor on a file of the source: `$EDITOR`, else `$VISUAL`, else `vi`,
//! started at a line (`+LINE FILE`, which vi, vim, neovim, emacs, nano, micro and kakoune
//! take) through `sh -c`, so an editor given with its own arguments (`code -w`) works.
//! The wizard gives the terminal to it: the event reader pauses, the alternate screen, raw
//! mode, mouse capture and bracketed paste are left, and all of it comes back when the
//! editor ends.

use std::ffi::OsString;
use std::io::stdout;
use std::path::Path;
use std::process::Command;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::Rect;

use super::input::Input;

/// The editor to start: the first of `$EDITOR` and `$VISUAL` that is set and not blank,
/// else `vi`.
pub fn chosen(var: impl Fn(&str) -> Option<OsString>) -> OsString {
    ["EDITOR", "VISUAL"]
        .into_iter()
        .filter_map(var)
        .find(|value| !value.to_string_lossy().trim().is_empty())
        .unwrap_or_else(|| OsString::from("vi"))
}

/// The command that opens `path` at `line` in `editor` (a shell word list, as `$EDITOR` is).
pub fn command(editor: &OsString, path: &Path, line: u32) -> Command {
    let mut script = editor.clone();
    script.push(" \"$@\"");
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(script)
        .arg("vnfwiz-editor")
        .arg(format!("+{}", line.max(1)))
        .arg(path);
    command
}

/// Runs the operator's editor on `path` at `line` with the terminal handed over, and takes
/// the terminal back; the reason when the editor could not run or failed.
pub fn edit(
    terminal: &mut DefaultTerminal,
    input: &Input,
    mouse: bool,
    path: &Path,
    line: u32,
) -> Result<(), String> {
    let editor = chosen(|name| std::env::var_os(name));
    let paused = input.pause();
    if mouse {
        let _ = execute!(stdout(), DisableMouseCapture);
    }
    let _ = execute!(stdout(), DisableBracketedPaste);
    ratatui::restore();
    let _ = execute!(stdout(), cursor::Show);
    let status = command(&editor, path, line).status();
    let back = enable_raw_mode().and_then(|()| execute!(stdout(), EnterAlternateScreen));
    if mouse {
        let _ = execute!(stdout(), EnableMouseCapture);
    }
    let _ = execute!(stdout(), EnableBracketedPaste);
    drop(paused);
    // Everything on screen was the editor's: clear it and draw the wizard whole again
    // (`resize` does both without asking the terminal where its cursor is, which not every
    // terminal answers).
    let redrawn = terminal
        .size()
        .and_then(|size| terminal.resize(Rect::new(0, 0, size.width, size.height)));
    back.and(redrawn)
        .map_err(|e| format!("the terminal could not be taken back: {e}"))?;
    let name = editor.to_string_lossy();
    match status {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!(
            "The editor `{name}` ended with {status}; reading {} again anyway.",
            path.display()
        )),
        Err(error) => Err(format!(
            "The editor `{name}` could not be started: {error}; set EDITOR to the editor you use."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editor_then_visual_then_vi() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        assert_eq!(
            chosen(vars(&[("EDITOR", "nano"), ("VISUAL", "code -w")])),
            "nano"
        );
        assert_eq!(
            chosen(vars(&[("EDITOR", " "), ("VISUAL", "code -w")])),
            "code -w"
        );
        assert_eq!(chosen(vars(&[])), "vi");
    }

    #[test]
    fn the_editor_gets_the_line_then_the_file_and_may_have_arguments() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("args");
        // An "editor" with an argument of its own that records what it was given.
        let editor = OsString::from(format!(
            "printf '%s\\n' --wait >{0} && printf '%s\\n'",
            log.display()
        ));
        let path = dir.path().join("base dns.yaml");
        let output = command(&editor, &path, 14).output().unwrap();
        assert!(output.status.success());
        let printed = String::from_utf8(output.stdout).unwrap();
        assert_eq!(printed, format!("+14\n{}\n", path.display()));
        assert_eq!(std::fs::read_to_string(&log).unwrap(), "--wait\n");
        let first = command(&OsString::from("printf '%s\\n'"), &path, 0)
            .output()
            .unwrap();
        assert!(String::from_utf8(first.stdout).unwrap().starts_with("+1\n"));
    }
}
