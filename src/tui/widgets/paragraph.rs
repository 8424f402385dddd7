//! Text laid out in a width of terminal cells: paragraphs wrapped by display width (wide
//! CJK characters and emoji take two cells, combining marks none), the source's hard line
//! breaks re-flowed; and single lines fitted to a width, cut at the end or the start.
//!
//! A blank line ends a paragraph; a line starting with a list marker (`-`, `*`, `•`, `1.`,
//! `a)`) starts a new line of its own, its continuation lines indented under its text.
//! Every other line break inside a paragraph is re-flowed, since licences and
//! descriptions come hard-wrapped for some other width. Finding paragraphs and list items
//! is ours; filling each into lines is textwrap's (docs/decisions.md).

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Cells a text takes on screen.
pub fn width(text: &str) -> usize {
    text.width()
}

/// Cells one character takes (control characters none).
fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The columns a list marker and the space after it take, when `line` (without its
/// indentation) starts with one.
fn marker_width(line: &str) -> Option<usize> {
    let mut chars = line.char_indices();
    let (_, first) = chars.next()?;
    let after = match first {
        '-' | '*' | '•' | '‣' | '◦' => first.len_utf8(),
        c if c.is_ascii_alphanumeric() => {
            // `1.`, `12)`, `a.`, `b)`: up to three digits, or one letter.
            let digits = line.bytes().take_while(u8::is_ascii_digit).count();
            let label = if digits > 0 {
                digits
            } else if c.is_ascii_alphabetic() {
                1
            } else {
                return None;
            };
            if label > 3 || !matches!(line.as_bytes().get(label), Some(b'.' | b')')) {
                return None;
            }
            label + 1
        }
        _ => return None,
    };
    let rest = &line[after..];
    let spaces = rest.len() - rest.trim_start_matches(' ').len();
    (spaces > 0 && !rest.trim().is_empty()).then(|| width(&line[..after]) + spaces)
}

/// The paragraph or list item being gathered: its words, with the indentation of its first
/// line and of the lines after it (a list item's text column).
struct Gathered {
    words: Vec<String>,
    indent: usize,
    hang: usize,
}

/// Fills a gathered paragraph into lines of `columns` cells (textwrap, first fit): words
/// never cut unless longer than a line, which then breaks by cells.
fn fill(gathered: &Gathered, columns: usize, out: &mut Vec<String>) {
    // Room for one wide character after any indentation.
    let cap = columns.saturating_sub(2);
    let initial = " ".repeat(gathered.indent.min(cap));
    let subsequent = " ".repeat(gathered.hang.min(cap));
    let options = textwrap::Options::new(columns)
        .initial_indent(&initial)
        .subsequent_indent(&subsequent)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit)
        .break_words(true);
    out.extend(
        textwrap::wrap(&gathered.words.join(" "), &options)
            .into_iter()
            .map(|line| line.trim_end().to_owned()),
    );
}

/// Wraps `text` to `width` cells: words are never cut unless longer than a line,
/// paragraphs are kept apart by one blank line, hard line breaks inside a paragraph are
/// re-flowed, list items keep their own lines, and tabs and control characters become
/// spaces.
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut out = Vec::new();
    let mut open: Option<Gathered> = None;
    let mut blank = false;
    for raw in text.lines() {
        let cleaned: String = raw
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let line = cleaned.trim_end();
        let body = line.trim_start();
        if body.is_empty() {
            if let Some(gathered) = open.take() {
                fill(&gathered, columns, &mut out);
            }
            blank = true;
            continue;
        }
        if blank && (!out.is_empty() || open.is_some()) {
            if let Some(gathered) = open.take() {
                fill(&gathered, columns, &mut out);
            }
            out.push(String::new());
        }
        blank = false;
        let indent = width(&line[..line.len() - body.len()]).min(columns / 2);
        if let Some(marker) = marker_width(body) {
            if let Some(gathered) = open.take() {
                fill(&gathered, columns, &mut out);
            }
            open = Some(Gathered {
                words: Vec::new(),
                indent,
                hang: (indent + marker).min(columns / 2),
            });
        }
        let gathered = open.get_or_insert_with(|| Gathered {
            words: Vec::new(),
            indent,
            hang: indent,
        });
        gathered
            .words
            .extend(body.split(' ').filter(|w| !w.is_empty()).map(str::to_owned));
    }
    if let Some(gathered) = open {
        fill(&gathered, columns, &mut out);
    }
    out
}

/// How many rows [`chunks`] cuts a line into, without building them.
pub fn chunk_count(line: &str, width: usize) -> usize {
    let width = width.max(2);
    let (mut rows, mut used) = (1, 0);
    for c in line.chars() {
        let cells = char_width(c);
        if used + cells > width {
            rows += 1;
            used = 0;
        }
        used += cells;
    }
    rows
}

/// A line cut into pieces of at most `width` cells, spaces kept (code, file text): what a
/// preview shows on the rows a long line takes.
pub fn chunks(line: &str, width: usize) -> Vec<String> {
    let width = width.max(2);
    let mut out = vec![String::new()];
    let mut used = 0;
    for c in line.chars() {
        let cells = char_width(c);
        if used + cells > width {
            out.push(String::new());
            used = 0;
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
        used += cells;
    }
    out
}

/// A count with its noun: `1 file`, `3 files` (nouns taking `-s`).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `text` on one line of at most `width` cells, its end replaced by `…` when cut.
pub fn fit(text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let cells = char_width(c);
        if used + cells + 1 > width {
            break;
        }
        out.push(c);
        used += cells;
    }
    if width > 0 {
        out.push('…');
    }
    out
}

/// `text` on one line of at most `width` cells, its start replaced by `…` when cut (a
/// path keeps its file name).
pub fn fit_start(text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_owned();
    }
    let mut kept: Vec<char> = Vec::new();
    let mut used = 0;
    for c in text.chars().rev() {
        let cells = char_width(c);
        if used + cells + 1 > width {
            break;
        }
        kept.push(c);
        used += cells;
    }
    let mut out = String::new();
    if width > 0 {
        out.push('…');
    }
    out.extend(kept.into_iter().rev());
    out
}

/// `text` on one line of at most `width` cells, its middle replaced by `…` when cut: the
/// end, which tells rows apart, keeps its last part whole where it can (a file name and
/// line after the last `/`, a property's key after `[`) and at least two thirds of the
/// room; the start keeps the rest.
pub fn fit_middle(text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_owned();
    }
    if width < 2 {
        return fit(text, width);
    }
    let room = width - 1;
    let last = text.rfind(['/', '[', ' ']).map_or(text, |at| &text[at..]);
    let tail_room = (room * 2 / 3).max(self::width(last)).min(room - 1);
    let mut tail: Vec<char> = Vec::new();
    let mut used = 0;
    for c in text.chars().rev() {
        let cells = char_width(c);
        if used + cells > tail_room {
            break;
        }
        tail.push(c);
        used += cells;
    }
    let head_room = room - used;
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let cells = char_width(c);
        if used + cells > head_room {
            break;
        }
        out.push(c);
        used += cells;
    }
    out.push('…');
    out.extend(tail.into_iter().rev());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_middle_gives_way_and_the_end_that_tells_rows_apart_stays() {
        let cut = fit_middle("templates/base_dummy/base_template.yaml:123", 30);
        assert_eq!(cut, "templa…/base_template.yaml:123");
        let key = fit_middle(
            "ProductSection Property[guestinfo.cis.appliance.net.addr]",
            30,
        );
        assert!(
            key.ends_with("appliance.net.addr]") && width(&key) == 30,
            "{key}"
        );
        assert_eq!(fit_middle("short", 30), "short");
    }

    #[test]
    fn paragraphs_wrap_at_spaces_and_long_words_break() {
        let text = "The licensee may install the software.\n\nNo warranty.\nhttps://example.com/a/very/long/address";
        assert_eq!(
            wrap(text, 16),
            [
                "The licensee may",
                "install the",
                "software.",
                "",
                "No warranty.",
                "https://example.",
                "com/a/very/long/",
                "address"
            ]
        );
        // A word longer than a line starts on a line of its own (textwrap's first fit).
        assert_eq!(
            wrap("see https://example.com/a/long/path", 16),
            ["see", "https://example.", "com/a/long/path"]
        );
        assert_eq!(wrap("  indented text", 40), ["  indented text"]);
        assert!(wrap("", 10).is_empty());
    }

    #[test]
    fn hard_line_breaks_are_reflowed_and_blank_runs_kept_as_one() {
        let text = "This licence is\nwrapped for a\nnarrow window.\n\n\n\nSecond part.";
        assert_eq!(
            wrap(text, 40),
            [
                "This licence is wrapped for a narrow",
                "window.",
                "",
                "Second part."
            ]
        );
    }

    #[test]
    fn list_items_keep_their_lines_and_hang_under_their_text() {
        let text = "Terms:\n1. Grant of licence to run the\n   software.\n2. No warranty.\n- a dash item that wraps here";
        assert_eq!(
            wrap(text, 20),
            [
                "Terms:",
                "1. Grant of licence",
                "   to run the",
                "   software.",
                "2. No warranty.",
                "- a dash item that",
                "  wraps here",
            ]
        );
        assert_eq!(wrap("e.g. this is no item", 40), ["e.g. this is no item"]);
    }

    #[test]
    fn wide_characters_count_two_cells() {
        let lines = wrap("许可证文本必须完整显示在屏幕上", 10);
        assert!(lines.iter().all(|l| width(l) <= 10), "{lines:?}");
        assert_eq!(lines.concat(), "许可证文本必须完整显示在屏幕上");
        assert_eq!(lines[0], "许可证文本");
        let emoji = wrap("ok 🚀🚀🚀 go", 6);
        assert!(emoji.iter().all(|l| width(l) <= 6), "{emoji:?}");
        assert_eq!(emoji.join(" "), "ok 🚀🚀🚀 go");
    }

    #[test]
    fn nothing_is_wider_than_asked() {
        let text = "a\tb \u{7} mixed 中文 words and averyveryverylongwordthatmustbreak\n  - item 長い長い長い";
        for width in 1..30 {
            for line in wrap(text, width) {
                assert!(super::width(&line) <= width.max(2), "{width}: {line:?}");
            }
        }
    }

    #[test]
    fn chunks_keep_spaces_and_cut_by_cells() {
        assert_eq!(chunks("  key: value", 6), ["  key:", " value"]);
        assert_eq!(chunks("", 6), [""]);
        assert_eq!(chunks("中文中文", 5), ["中文", "中文"]);
        for (line, width) in [("  key: value", 6), ("", 6), ("中文中文", 5), ("abc", 1)] {
            assert_eq!(chunk_count(line, width), chunks(line, width).len());
        }
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1, "file"), "1 file");
        assert_eq!(count(0, "file"), "0 files");
        assert_eq!(count(17, "error"), "17 errors");
    }

    #[test]
    fn fitting_cuts_at_the_end_or_the_start() {
        assert_eq!(fit("short", 10), "short");
        assert_eq!(fit("a longer text", 8), "a longe…");
        assert_eq!(
            fit_start("/srv/vnfs/edge/vfw-edge.ova", 14),
            "…/vfw-edge.ova"
        );
        assert_eq!(fit_start("中文中文", 5), "…中文");
        assert_eq!(width(&fit("中文中文", 4)), 3);
    }
}
