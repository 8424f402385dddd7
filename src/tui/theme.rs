//! Themes as data: TOML files of semantic slots (`error`, `selection`, `focus`, …), four of
//! them embedded at build time, or any file given with `--theme PATH`.

use std::collections::BTreeMap;
use std::path::Path;
use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// The embedded themes, by name.
pub const BUILT_IN: [(&str, &str); 4] = [
    ("default", include_str!("../../themes/default.toml")),
    ("light", include_str!("../../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("mono", include_str!("../../themes/mono.toml")),
];

/// The slots every theme gives, in the order the files list them.
pub const SLOTS: [&str; 15] = [
    "text",
    "muted",
    "title",
    "accent",
    "key",
    "border",
    "focus",
    "selection",
    "match",
    "input",
    "error",
    "warning",
    "note",
    "success",
    "gauge",
];

/// The styles the wizard draws with, one per role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The theme's name (an embedded name or the file's path).
    pub name: String,
    /// Body text.
    pub text: Style,
    /// Secondary text: descriptions, hints, skipped steps.
    pub muted: Style,
    /// Titles of panes.
    pub title: Style,
    /// The step indicator and other highlights.
    pub accent: Style,
    /// Key names in the footer and the help.
    pub key: Style,
    /// Borders of panes without focus.
    pub border: Style,
    /// The border and label of the focused pane or field.
    pub focus: Style,
    /// The selected row (always drawn with a marker too).
    pub selection: Style,
    /// Characters a fuzzy filter matched.
    pub matched: Style,
    /// A text field's value.
    pub input: Style,
    /// Errors.
    pub error: Style,
    /// Warnings.
    pub warning: Style,
    /// Notes.
    pub note: Style,
    /// Success: verified, accepted, written.
    pub success: Style,
    /// A progress gauge.
    pub gauge: Style,
}

/// Why a theme cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ThemeError {
    /// Neither an embedded name nor a readable file.
    #[error(
        "unknown theme `{0}`; give one of default, light, high-contrast, mono or a path to a .toml theme"
    )]
    Unknown(String),
    /// The file cannot be read (or is not there).
    #[error("{file}: {}", io_reason(reason))]
    Io {
        /// The theme file.
        file: String,
        /// Why (said in the message, so not a source of its own).
        reason: std::io::Error,
    },
    /// The file is not a theme.
    #[error("{file}: {message}")]
    Invalid {
        /// The theme file.
        file: String,
        /// What is wrong, with the place when TOML gives one.
        message: String,
    },
}

/// An I/O error as a person says it (`no such file`), without the OS error number.
fn io_reason(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_owned(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => error.to_string(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    slots: BTreeMap<String, SlotFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SlotFile {
    fg: Option<String>,
    bg: Option<String>,
    #[serde(default)]
    modifiers: Vec<String>,
}

fn modifier(name: &str) -> Option<Modifier> {
    Some(match name {
        "bold" => Modifier::BOLD,
        "dim" => Modifier::DIM,
        "italic" => Modifier::ITALIC,
        "underlined" => Modifier::UNDERLINED,
        "reversed" => Modifier::REVERSED,
        _ => return None,
    })
}

fn slot_style(slot: &str, file: &SlotFile) -> Result<Style, String> {
    let color = |text: &Option<String>| -> Result<Option<Color>, String> {
        text.as_deref()
            .map(|t| {
                Color::from_str(t).map_err(|_| {
                    format!("slot `{slot}`: `{t}` is not a colour (an ANSI name, reset, 0-255 or #rrggbb)")
                })
            })
            .transpose()
    };
    let mut style = Style::default();
    if let Some(fg) = color(&file.fg)? {
        style = style.fg(fg);
    }
    if let Some(bg) = color(&file.bg)? {
        style = style.bg(bg);
    }
    for name in &file.modifiers {
        let m = modifier(name).ok_or_else(|| {
            format!(
                "slot `{slot}`: unknown modifier `{name}` (bold, dim, italic, underlined, reversed)"
            )
        })?;
        style = style.add_modifier(m);
    }
    Ok(style)
}

impl Theme {
    /// Parses a theme file's text; slots it leaves out come from `fallback`.
    pub fn parse(text: &str, name: &str, fallback: Option<&Theme>) -> Result<Theme, ThemeError> {
        let invalid = |message: String| ThemeError::Invalid {
            file: name.to_owned(),
            message,
        };
        let file: ThemeFile = toml::from_str(text).map_err(|e| invalid(e.to_string()))?;
        if let Some(unknown) = file.slots.keys().find(|k| !SLOTS.contains(&k.as_str())) {
            return Err(invalid(format!(
                "unknown slot `{unknown}`; a theme has {}",
                SLOTS.join(", ")
            )));
        }
        let style = |slot: &str, of: fn(&Theme) -> Style| -> Result<Style, ThemeError> {
            match (file.slots.get(slot), fallback) {
                (Some(s), _) => slot_style(slot, s).map_err(invalid),
                (None, Some(theme)) => Ok(of(theme)),
                (None, None) => Err(invalid(format!("slot `{slot}` is missing"))),
            }
        };
        Ok(Theme {
            name: name.to_owned(),
            text: style("text", |t| t.text)?,
            muted: style("muted", |t| t.muted)?,
            title: style("title", |t| t.title)?,
            accent: style("accent", |t| t.accent)?,
            key: style("key", |t| t.key)?,
            border: style("border", |t| t.border)?,
            focus: style("focus", |t| t.focus)?,
            selection: style("selection", |t| t.selection)?,
            matched: style("match", |t| t.matched)?,
            input: style("input", |t| t.input)?,
            error: style("error", |t| t.error)?,
            warning: style("warning", |t| t.warning)?,
            note: style("note", |t| t.note)?,
            success: style("success", |t| t.success)?,
            gauge: style("gauge", |t| t.gauge)?,
        })
    }

    /// An embedded theme by name.
    pub fn built_in(name: &str) -> Option<Theme> {
        let (_, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Theme::parse(text, name, None).ok()
    }

    /// The `default` theme (embedded, checked by the tests).
    pub fn default_theme() -> Theme {
        Theme::built_in("default").unwrap_or_else(Theme::plain)
    }

    /// Every style empty: what `mono` would be without its modifiers, the last resort.
    fn plain() -> Theme {
        let s = Style::default();
        Theme {
            name: "plain".to_owned(),
            text: s,
            muted: s,
            title: s,
            accent: s,
            key: s,
            border: s,
            focus: s,
            selection: s.add_modifier(Modifier::REVERSED),
            matched: s.add_modifier(Modifier::UNDERLINED),
            input: s,
            error: s,
            warning: s,
            note: s,
            success: s,
            gauge: s.add_modifier(Modifier::REVERSED),
        }
    }

    /// The theme the command line asks for: `--theme NAME|PATH` first, then `mono` when
    /// `NO_COLOR` is set and not empty (no-color.org lets explicit options win), else
    /// `default`.
    pub fn choose(requested: Option<&str>, no_color: bool) -> Result<Theme, ThemeError> {
        match requested {
            Some(spec) => {
                if let Some(theme) = Theme::built_in(spec) {
                    return Ok(theme);
                }
                let path = Path::new(spec);
                // A name is one of ours; anything that looks like a path is a file.
                let looks_like_a_path = spec.contains(['/', '.']) || path.exists();
                if !looks_like_a_path {
                    return Err(ThemeError::Unknown(spec.to_owned()));
                }
                if path.is_dir() {
                    return Err(ThemeError::Invalid {
                        file: spec.to_owned(),
                        message: "is a folder, not a theme file".to_owned(),
                    });
                }
                let text = std::fs::read_to_string(path).map_err(|reason| ThemeError::Io {
                    file: spec.to_owned(),
                    reason,
                })?;
                Theme::parse(&text, spec, Some(&Theme::default_theme()))
            }
            None if no_color => Ok(Theme::built_in("mono").unwrap_or_else(Theme::plain)),
            None => Ok(Theme::default_theme()),
        }
    }

    /// A text field with focus: the field's colours (so its text keeps its contrast) with
    /// the focus's emphasis.
    pub fn focused_input(&self) -> Style {
        self.input.add_modifier(self.focus.add_modifier)
    }

    /// The style of a violation or finding's severity.
    pub fn severity(&self, severity: crate::foundation::diagnostics::Severity) -> Style {
        match severity {
            crate::foundation::diagnostics::Severity::Error => self.error,
            crate::foundation::diagnostics::Severity::Warning => self.warning,
            crate::foundation::diagnostics::Severity::Note => self.note,
        }
    }
}

/// Characters a filter matched in text drawn with `base`: the match's colours on plain
/// rows; on a selected row (its own background) only the match's emphasis, so the
/// selection's contrast holds.
pub fn matched_in(base: Style, matched: Style) -> Style {
    if base.bg.is_some() || base.add_modifier.contains(Modifier::REVERSED) {
        base.add_modifier(matched.add_modifier)
    } else {
        base.patch(matched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::contrast::{AA_TEXT, Rgb, ratio};

    /// xterm's palette for the sixteen ANSI colours: how themes are judged.
    fn ansi(color: Color) -> Option<Rgb> {
        Some(match color {
            Color::Black => (0, 0, 0),
            Color::Red => (205, 0, 0),
            Color::Green => (0, 205, 0),
            Color::Yellow => (205, 205, 0),
            Color::Blue => (0, 0, 238),
            Color::Magenta => (205, 0, 205),
            Color::Cyan => (0, 205, 205),
            Color::Gray => (229, 229, 229),
            Color::DarkGray => (127, 127, 127),
            Color::LightRed => (255, 0, 0),
            Color::LightGreen => (0, 255, 0),
            Color::LightYellow => (255, 255, 0),
            Color::LightBlue => (92, 92, 255),
            Color::LightMagenta => (255, 0, 255),
            Color::LightCyan => (0, 255, 255),
            Color::White => (255, 255, 255),
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Indexed(n) => indexed(n),
            Color::Reset => return None,
        })
    }

    /// xterm's 256-colour palette.
    fn indexed(n: u8) -> Rgb {
        const ANSI: [Color; 16] = [
            Color::Black,
            Color::Red,
            Color::Green,
            Color::Yellow,
            Color::Blue,
            Color::Magenta,
            Color::Cyan,
            Color::Gray,
            Color::DarkGray,
            Color::LightRed,
            Color::LightGreen,
            Color::LightYellow,
            Color::LightBlue,
            Color::LightMagenta,
            Color::LightCyan,
            Color::White,
        ];
        match n {
            0..=15 => ansi(ANSI[usize::from(n)]).unwrap_or((0, 0, 0)),
            16..=231 => {
                let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
                let n = n - 16;
                (level(n / 36), level((n / 6) % 6), level(n % 6))
            }
            _ => {
                let v = 8 + 10 * (n - 232);
                (v, v, v)
            }
        }
    }

    /// The contrast of a style's text on a terminal whose own colours are `terminal`
    /// (foreground, background).
    fn contrast(style: Style, terminal: (Rgb, Rgb)) -> f64 {
        let mut fg = style.fg.and_then(ansi).unwrap_or(terminal.0);
        let mut bg = style.bg.and_then(ansi).unwrap_or(terminal.1);
        if style.add_modifier.contains(Modifier::REVERSED) {
            std::mem::swap(&mut fg, &mut bg);
        }
        ratio(fg, bg)
    }

    #[test]
    fn every_theme_reads_at_wcag_aa() {
        const DARK: (Rgb, Rgb) = ((229, 229, 229), (0, 0, 0));
        const LIGHT: (Rgb, Rgb) = ((0, 0, 0), (255, 255, 255));
        for (name, _) in BUILT_IN {
            let theme = Theme::built_in(name).unwrap();
            let terminal = if name == "light" { LIGHT } else { DARK };
            let styles = [
                ("text", theme.text),
                ("muted", theme.muted),
                ("title", theme.title),
                ("accent", theme.accent),
                ("key", theme.key),
                ("focus", theme.focus),
                ("selection", theme.selection),
                ("match", theme.matched),
                (
                    "match in the selection",
                    matched_in(theme.selection, theme.matched),
                ),
                ("input", theme.input),
                ("focused input", theme.focused_input()),
                ("error", theme.error),
                ("warning", theme.warning),
                ("note", theme.note),
                ("success", theme.success),
            ];
            for (slot, style) in styles {
                let ratio = contrast(style, terminal);
                assert!(
                    ratio >= AA_TEXT,
                    "{name}: {slot} has a contrast of {ratio:.2}:1"
                );
            }
        }
    }

    #[test]
    fn every_embedded_theme_gives_every_slot() {
        for (name, text) in BUILT_IN {
            let theme = Theme::parse(text, name, None);
            assert!(theme.is_ok(), "{name}: {:?}", theme.err());
        }
    }

    #[test]
    fn high_contrast_uses_the_sixteen_ansi_colours_only() {
        let theme = Theme::built_in("high-contrast").unwrap();
        for style in [theme.text, theme.error, theme.selection, theme.gauge] {
            for color in [style.fg, style.bg].into_iter().flatten() {
                assert!(
                    !matches!(color, Color::Rgb(..) | Color::Indexed(_)),
                    "{color:?}"
                );
            }
        }
    }

    #[test]
    fn mono_has_no_colour() {
        let theme = Theme::built_in("mono").unwrap();
        for style in [theme.text, theme.error, theme.selection, theme.matched] {
            assert_eq!((style.fg, style.bg), (None, None));
        }
        assert!(theme.selection.add_modifier.contains(Modifier::REVERSED));
    }

    #[test]
    fn no_color_selects_mono_unless_a_theme_is_named() {
        assert_eq!(Theme::choose(None, true).unwrap().name, "mono");
        assert_eq!(Theme::choose(None, false).unwrap().name, "default");
        assert_eq!(Theme::choose(Some("light"), true).unwrap().name, "light");
    }

    #[test]
    fn a_theme_file_may_override_some_slots() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("site.toml");
        std::fs::write(&path, "[slots]\nerror = { fg = \"#ff0000\" }\n").unwrap();
        let theme = Theme::choose(path.to_str(), false).unwrap();
        assert_eq!(theme.error.fg, Some(Color::Rgb(255, 0, 0)));
        assert_eq!(theme.text, Theme::default_theme().text);
    }

    #[test]
    fn bad_themes_name_the_problem() {
        let error = Theme::choose(Some("solarized"), false).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("default, light, high-contrast, mono")
        );
        let error = Theme::choose(Some("themes/missing.toml"), false).unwrap_err();
        assert_eq!(error.to_string(), "themes/missing.toml: no such file");
        let error = Theme::parse("[slots]\nerrors = {}\n", "t.toml", None).unwrap_err();
        assert!(
            error.to_string().contains("unknown slot `errors`"),
            "{error}"
        );
        let error =
            Theme::parse("[slots]\ntext = { fg = \"mauve\" }\n", "t.toml", None).unwrap_err();
        assert!(
            error.to_string().contains("`mauve` is not a colour"),
            "{error}"
        );
        let error = Theme::parse("[slots]\ntext = {}\n", "t.toml", None).unwrap_err();
        assert!(
            error.to_string().contains("slot `muted` is missing"),
            "{error}"
        );
        let error = Theme::parse("[slots\n", "t.toml", None).unwrap_err();
        assert!(error.to_string().starts_with("t.toml: "), "{error}");
    }
}
