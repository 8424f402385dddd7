//! Waivers written in the file itself: a YAML comment `# vnfwiz: waive R-12345 -- reason`
//! (several ids comma-separated), or in an OVF descriptor an XML comment of the same form
//! (`<!-- vnfwiz: waive OVF-x - reason -->`: XML forbids `--` inside a comment, so there a
//! single `-` also separates the reason). A comment waives findings on its own line; one
//! alone on its line also waives the next line that is not a comment (comments stack).

use crate::check::rules::Selection;
use crate::foundation::diagnostics::{LineIndex, RuleMeta, Span};

/// How a file writes comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `# …` to the end of the line (templates, environment files, VNFDs).
    Yaml,
    /// `<!-- … -->` (OVF descriptors).
    Xml,
}

impl Syntax {
    /// The comment syntax of a file, by its extension; `None` for files without comments
    /// vnfwiz reads (JSON, manifests, certificates).
    pub fn of(path: &str) -> Option<Syntax> {
        let lower = path.to_ascii_lowercase();
        let extension = lower.rsplit_once('.').map_or("", |(_, e)| e);
        match extension {
            "yaml" | "yml" | "env" | "template" => Some(Syntax::Yaml),
            "ovf" | "xml" => Some(Syntax::Xml),
            _ => None,
        }
    }

    /// Whether a line holds nothing but a comment.
    fn comment_only(self, line: &str) -> bool {
        let line = line.trim_start();
        match self {
            Syntax::Yaml => line.starts_with('#'),
            Syntax::Xml => line.starts_with("<!--"),
        }
    }
}

/// One inline waiver with a reason.
#[derive(Clone, Debug)]
pub struct Inline {
    /// Where the comment is.
    pub span: Span,
    /// The ids as written.
    pub ids: Vec<String>,
    /// The rules they name.
    pub rules: Selection,
    /// Why.
    pub reason: String,
    /// The line after the comment it also covers, when it stands alone.
    pub next: Option<u32>,
    /// The last line of the comment (an XML comment may span several).
    pub last: u32,
}

impl Inline {
    /// Whether it covers a finding of rule `id` at `line`.
    pub fn covers(&self, id: &str, line: u32) -> bool {
        (line >= self.span.line && line <= self.last || Some(line) == self.next)
            && self.rules.includes_id(id)
    }
}

/// A `vnfwiz:` comment that waives nothing, and why.
#[derive(Clone, Debug)]
pub struct Unusable {
    /// Where it is.
    pub span: Span,
    /// `WAIVER-reason` or `WAIVER-syntax`.
    pub rule: &'static RuleMeta,
    /// What is wrong.
    pub message: String,
}

/// The `vnfwiz:` comments of a file: waivers, and those that cannot be used.
#[derive(Clone, Debug, Default)]
pub struct Scanned {
    /// Usable waivers, in file order.
    pub waivers: Vec<Inline>,
    /// Comments that waive nothing.
    pub unusable: Vec<Unusable>,
}

/// A comment found: byte range of the whole comment and of its body.
struct Comment {
    start: usize,
    end: usize,
    body: std::ops::Range<usize>,
}

/// What a comment that speaks to vnfwiz starts with.
const MARKER: &str = "vnfwiz:";

/// The comments of `text` whose body starts with `vnfwiz:`.
fn comments(text: &str, syntax: Syntax) -> Vec<Comment> {
    let mut found = Vec::new();
    // Most files hold no such comment: one search for the marker saves the walk (the wizard
    // judges every file of the set on every evaluation).
    if !text.contains(MARKER) {
        return found;
    }
    match syntax {
        Syntax::Yaml => {
            let mut offset = 0;
            for line in text.split_inclusive('\n') {
                let content = line.trim_end_matches(['\n', '\r']);
                let mut previous: Option<char> = None;
                let mut quote: Option<char> = None;
                for (i, c) in content.char_indices() {
                    // A quoted scalar starts after a space or an indicator and holds no comment.
                    if let Some(q) = quote {
                        if c == q {
                            quote = None;
                        }
                        previous = Some(c);
                        continue;
                    }
                    if (c == '\'' || c == '"')
                        && previous.is_none_or(|p| p.is_whitespace() || ":[{,-".contains(p))
                    {
                        quote = Some(c);
                    } else if c == '#' && previous.is_none_or(char::is_whitespace) {
                        let body = content[i + 1..].trim_start();
                        if body.starts_with(MARKER) {
                            let body_start = offset + content.len() - body.len();
                            found.push(Comment {
                                start: offset + i,
                                end: offset + content.len(),
                                body: body_start..offset + content.len(),
                            });
                        }
                        break;
                    }
                    previous = Some(c);
                }
                offset += line.len();
            }
        }
        Syntax::Xml => {
            let mut from = 0;
            while let Some(open) = text[from..].find("<!--").map(|i| from + i) {
                let body_start = open + 4;
                let Some(close) = text[body_start..].find("-->").map(|i| body_start + i) else {
                    break;
                };
                let body = text[body_start..close].trim_start();
                if body.starts_with(MARKER) {
                    found.push(Comment {
                        start: open,
                        end: close + 3,
                        body: close - body.len()..close,
                    });
                }
                from = close + 3;
            }
        }
    }
    found
}

/// Splits `waive R-1, R-2 -- reason` into the ids and the reason.
fn parse(body: &str) -> Result<(Vec<String>, Option<String>), String> {
    let body = body.trim_start_matches(MARKER).trim();
    let Some(rest) = body
        .strip_prefix("waive")
        .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
    else {
        let word = body.split_whitespace().next().unwrap_or("");
        return Err(format!(
            "`vnfwiz: {word}` is not a waiver; write `vnfwiz: waive R-12345 -- reason`"
        ));
    };
    let separator = [" -- ", " - "]
        .iter()
        .filter_map(|s| rest.find(s).map(|at| (at, s.len())))
        .min();
    let (ids, reason) = match separator {
        Some((at, len)) => (&rest[..at], Some(rest[at + len..].trim())),
        None => (
            rest.trim_end().trim_end_matches("--").trim_end_matches('-'),
            None,
        ),
    };
    let ids: Vec<String> = ids
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    if ids.is_empty() {
        return Err("the waiver names no rule; write `vnfwiz: waive R-12345 -- reason`".to_owned());
    }
    Ok((ids, reason.filter(|r| !r.is_empty()).map(str::to_owned)))
}

/// The first line after `last` that is not a comment, unless a blank line comes first.
fn next_line(text: &str, index: &LineIndex, last: u32, syntax: Syntax) -> Option<u32> {
    let mut line = last + 1;
    loop {
        let content = index.line(text, line as usize)?;
        if content.trim().is_empty() {
            return None;
        }
        if !syntax.comment_only(content) {
            return Some(line);
        }
        line += 1;
    }
}

/// Reads the `vnfwiz:` comments of one file.
pub fn scan(text: &str, syntax: Syntax) -> Scanned {
    let mut scanned = Scanned::default();
    let found = comments(text, syntax);
    if found.is_empty() {
        return scanned;
    }
    let index = LineIndex::new(text);
    for comment in found {
        let span = index.span(text, comment.start, comment.end);
        let last = index.span(text, comment.end, comment.end).line;
        let unusable = |rule: &'static RuleMeta, message: String| Unusable {
            span,
            rule,
            message,
        };
        let (ids, reason) = match parse(&text[comment.body]) {
            Ok(parsed) => parsed,
            Err(message) => {
                scanned.unusable.push(unusable(&super::SYNTAX, message));
                continue;
            }
        };
        let rules = match Selection::only(&ids) {
            Ok(rules) => rules,
            Err(error) => {
                scanned
                    .unusable
                    .push(unusable(&super::SYNTAX, error.to_string()));
                continue;
            }
        };
        let Some(reason) = reason else {
            scanned.unusable.push(unusable(
                &super::REASON,
                format!(
                    "the waiver of {} gives no reason, so it does not apply",
                    ids.join(", ")
                ),
            ));
            continue;
        };
        let before = &text[index
            .line_bounds(text, span.line as usize)
            .map_or(0, |b| b.0)..comment.start];
        let alone = before.trim().is_empty();
        scanned.waivers.push(Inline {
            span,
            ids,
            rules,
            reason,
            next: alone
                .then(|| next_line(text, &index, last, syntax))
                .flatten(),
            last,
        });
    }
    scanned
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "\
heat_template_version: 2016-10-14
# vnfwiz: waive R-90526 -- the vendor's image name; ticket 42
parameters:
  image: {type: string, default: 'a # vnfwiz: waive R-11441 -- inside a string'}
  vnf_id: x  # vnfwiz: waive R-20856, R-92635 -- ONAP overrides it
  # vnfwiz: waive R-44001 -- first of two
  # vnfwiz: waive R-90279 -- second of two

  unused: {type: string}
#vnfwiz: waive R-90526
# vnfwiz: ignore R-90526 -- not a word vnfwiz knows
# vnfwiz: waive R-0000000 -- no such rule
";

    #[test]
    fn yaml_comments_on_the_line_or_alone_above_it() {
        let scanned = scan(TEMPLATE, Syntax::Yaml);
        let covered = |id: &str, line: u32| scanned.waivers.iter().any(|w| w.covers(id, line));
        assert!(covered("R-90526", 2));
        assert!(covered("R-90526", 3), "alone above the line");
        assert!(!covered("R-90526", 4), "only the next line");
        assert!(covered("R-20856", 5) && covered("R-92635/unknown-property", 5));
        assert!(
            !covered("R-20856", 6),
            "a comment after code covers its own line only"
        );
        assert!(
            !covered("R-44001", 9),
            "a blank line ends the comment's reach"
        );
        let w = &scanned.waivers[0];
        assert_eq!((w.span.line, w.span.column), (2, 1));
        assert_eq!(w.reason, "the vendor's image name; ticket 42");
        let rules: Vec<(&str, u32)> = scanned
            .unusable
            .iter()
            .map(|u| (u.rule.id, u.span.line))
            .collect();
        assert_eq!(
            rules,
            [
                ("WAIVER-reason", 10),
                ("WAIVER-syntax", 11),
                ("WAIVER-syntax", 12)
            ]
        );
        assert!(
            !covered("R-11441", 4),
            "a `#` inside a quoted scalar is no comment"
        );
    }

    #[test]
    fn stacked_comments_reach_the_next_line() {
        let text = "a: 1\n# vnfwiz: waive R-44001 -- one\n# vnfwiz: waive R-90279 -- two\nb: 2\n";
        let scanned = scan(text, Syntax::Yaml);
        assert!(scanned.waivers.iter().all(|w| w.next == Some(4)));
    }

    #[test]
    fn xml_comments_with_a_single_dash() {
        let text = "<Envelope>\n  <!-- vnfwiz: waive OVF-doctype - the vendor's exporter adds it -->\n  <References/>\n  <Info>x</Info> <!--vnfwiz: waive OVF-*  --  dialect -->\n</Envelope>\n";
        let scanned = scan(text, Syntax::Xml);
        assert_eq!(scanned.waivers.len(), 2, "{scanned:?}");
        assert!(scanned.waivers[0].covers("OVF-doctype", 3));
        assert_eq!(scanned.waivers[0].reason, "the vendor's exporter adds it");
        assert!(scanned.waivers[1].covers("OVF-syntax", 4));
        assert_eq!(scanned.waivers[1].next, None);
    }

    #[test]
    fn syntax_by_extension() {
        assert_eq!(Syntax::of("a/base.YAML"), Some(Syntax::Yaml));
        assert_eq!(Syntax::of("base.env"), Some(Syntax::Yaml));
        assert_eq!(Syntax::of("vm.ovf"), Some(Syntax::Xml));
        assert_eq!(Syntax::of("MANIFEST.json"), None);
        assert_eq!(Syntax::of("vm.mf"), None);
    }
}
