//! Text made safe for HTML: escaped, control characters shown as their pictures, very long
//! source lines cut to a window around the place a finding points at.

use std::borrow::Cow;
use std::ops::Range;

/// `text` as HTML text or a quoted attribute value: `& < > " '` escaped, C0 controls other
/// than tab and line feed (and DEL) shown as their Unicode pictures (U+2400…), which HTML
/// may not carry as they are.
pub fn escape(text: &str) -> Cow<'_, str> {
    let special = |c: char| matches!(c, '&' | '<' | '>' | '"' | '\'') || is_control(c);
    if !text.contains(special) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\u{7f}' => out.push('\u{2421}'),
            c if is_control(c) => {
                out.push(char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A sentence of vnfwiz's (a message, a rule's text) escaped, its `backticked` names set
/// as code; a lone backtick stays as it is.
pub fn prose(text: &str) -> Cow<'_, str> {
    let escaped = escape(text);
    if escaped.matches('`').count() < 2 {
        return escaped;
    }
    let mut out = String::with_capacity(escaped.len() + 32);
    let mut rest = escaped.as_ref();
    while let Some(open) = rest.find('`') {
        let Some(close) = rest[open + 1..].find('`') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str("<code>");
        out.push_str(&rest[open + 1..open + 1 + close]);
        out.push_str("</code>");
        rest = &rest[open + close + 2..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn is_control(c: char) -> bool {
    (c < ' ' && c != '\t' && c != '\n') || c == '\u{7f}'
}

/// Characters of a source line shown on each side of the part a finding marks; a longer
/// line (a minified JSON template) is cut, so one finding never carries a whole file.
pub const WINDOW: usize = 160;

/// The part of `line` shown around the byte range `marked` (clamped to it), as three
/// escaped pieces (before, marked, after), with `…` where the line was cut.
pub fn window(line: &str, marked: Range<usize>) -> (String, String, String) {
    let start = marked.start.min(line.len());
    let end = marked.end.clamp(start, line.len());
    let (before, rest) = line.split_at(start);
    let (middle, after) = rest.split_at(end - start);
    let kept_before = match before.char_indices().rev().nth(WINDOW - 1) {
        Some((at, _)) if at > 0 => format!("…{}", &before[at..]),
        _ => before.to_owned(),
    };
    let kept_middle = match middle.char_indices().nth(WINDOW) {
        Some((at, _)) => format!("{}…", &middle[..at]),
        None => middle.to_owned(),
    };
    let kept_after = match after.char_indices().nth(WINDOW) {
        Some((at, _)) => format!("{}…", &after[..at]),
        None => after.to_owned(),
    };
    (
        escape(&kept_before).into_owned(),
        escape(&kept_middle).into_owned(),
        escape(&kept_after).into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_controls_are_escaped() {
        assert!(matches!(escape("plain text"), Cow::Borrowed(_)));
        assert_eq!(
            escape("<a href=\"x\">'b' & c</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;b&#39; &amp; c&lt;/a&gt;"
        );
        assert_eq!(escape("a\u{1}b\u{7f}\tc\n"), "a\u{2401}b\u{2421}\tc\n");
    }

    #[test]
    fn backticked_names_become_code() {
        assert_eq!(prose("no names"), "no names");
        assert_eq!(
            prose("`a<b>` and `c` but `d"),
            "<code>a&lt;b&gt;</code> and <code>c</code> but `d"
        );
        assert_eq!(prose("one ` only"), "one ` only");
    }

    #[test]
    fn long_lines_keep_a_window_around_the_mark() {
        let line = format!("{}<key>{}", "a".repeat(500), "b".repeat(500));
        let (before, marked, after) = window(&line, 500..505);
        assert_eq!(before, format!("…{}", "a".repeat(WINDOW)));
        assert_eq!(marked, "&lt;key&gt;");
        assert_eq!(after, format!("{}…", "b".repeat(WINDOW)));
        let short = window("type: string", 6..12);
        assert_eq!(short, ("type: ".into(), "string".into(), String::new()));
        // Multi-byte characters are never split.
        let wide = "ü".repeat(400);
        let (before, _, _) = window(&wide, 400..400);
        assert_eq!(before.chars().count(), WINDOW + 1);
    }
}
