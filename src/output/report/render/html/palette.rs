//! The page's colours: a light scheme, and a dark one for screens that prefer it (print is
//! always light). Every text colour reads on every background of its scheme at WCAG AA,
//! the themes' own test (`foundation::contrast`); `line` only draws borders.

/// A scheme: each custom property of the stylesheet with its `#rrggbb` colour.
pub type Scheme = [(&'static str, &'static str); 13];

/// The properties text is drawn in.
pub const TEXT: [&str; 6] = ["text", "muted", "error", "warning", "note", "link"];

/// The properties text is drawn on.
pub const BACKGROUNDS: [&str; 6] = ["bg", "card", "code", "hit", "add", "del"];

/// For light screens and paper.
pub const LIGHT: Scheme = [
    ("bg", "#ffffff"),
    ("card", "#f6f8fa"),
    ("code", "#eef1f4"),
    ("hit", "#fff1b8"),
    ("add", "#dafbe1"),
    ("del", "#ffe3e0"),
    ("text", "#1f2328"),
    ("muted", "#59636e"),
    ("error", "#b0151f"),
    ("warning", "#8a4b00"),
    ("note", "#0a58b0"),
    ("link", "#0550ae"),
    ("line", "#d0d7de"),
];

/// For screens that prefer a dark scheme.
pub const DARK: Scheme = [
    ("bg", "#0d1117"),
    ("card", "#161b22"),
    ("code", "#1f2630"),
    ("hit", "#3a2f00"),
    ("add", "#143d24"),
    ("del", "#4d1d1f"),
    ("text", "#e6edf3"),
    ("muted", "#9ea7b3"),
    ("error", "#ff8a80"),
    ("warning", "#e3b341"),
    ("note", "#7cb7ff"),
    ("link", "#8cc4ff"),
    ("line", "#30363d"),
];

/// The custom properties of a scheme, as one CSS declaration block's content.
fn properties(scheme: &Scheme) -> String {
    scheme
        .iter()
        .map(|(name, colour)| format!("--{name}:{colour};"))
        .collect()
}

/// The stylesheet's colour rules: light by default, dark where the screen prefers it, and
/// light again on paper.
pub fn css() -> String {
    format!(
        ":root{{{light}color-scheme:light}}\n\
         @media screen and (prefers-color-scheme:dark){{:root{{{dark}color-scheme:dark}}}}\n",
        light = properties(&LIGHT),
        dark = properties(&DARK),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::contrast::{AA_TEXT, parse_hex, ratio};

    fn colour(scheme: &Scheme, name: &str) -> (u8, u8, u8) {
        let (_, hex) = scheme
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no {name}"));
        parse_hex(hex).unwrap_or_else(|| panic!("{name}: {hex}"))
    }

    #[test]
    fn every_text_colour_reads_on_every_background_at_wcag_aa() {
        for (scheme_name, scheme) in [("light", &LIGHT), ("dark", &DARK)] {
            for text in TEXT {
                for background in BACKGROUNDS {
                    let contrast = ratio(colour(scheme, text), colour(scheme, background));
                    assert!(
                        contrast >= AA_TEXT,
                        "{scheme_name}: {text} on {background} has a contrast of {contrast:.2}:1"
                    );
                }
            }
        }
    }

    #[test]
    fn both_schemes_name_the_same_properties() {
        let names = |scheme: &Scheme| scheme.iter().map(|(n, _)| *n).collect::<Vec<_>>();
        assert_eq!(names(&LIGHT), names(&DARK));
        for name in TEXT.iter().chain(&BACKGROUNDS) {
            assert!(names(&LIGHT).contains(name), "{name}");
        }
    }
}
