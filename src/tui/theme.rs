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
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The theme file.
        file: String,
        /// Why.
        source: std::io::Error,
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
                if !path.is_file() {
                    return Err(ThemeError::Unknown(spec.to_owned()));
                }
                let text = std::fs::read_to_string(path).map_err(|source| ThemeError::Io {
                    file: spec.to_owned(),
                    source,
                })?;
                Theme::parse(&text, spec, Some(&Theme::default_theme()))
            }
            None if no_color => Ok(Theme::built_in("mono").unwrap_or_else(Theme::plain)),
            None => Ok(Theme::default_theme()),
        }
    }

    /// The style of a violation or finding's severity.
    pub fn severity(&self, severity: crate::report::Severity) -> Style {
        match severity {
            crate::report::Severity::Error => self.error,
            crate::report::Severity::Warning => self.warning,
            crate::report::Severity::Note => self.note,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
