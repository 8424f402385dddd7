//! The block structure shared by `TOSCA.meta` and SOL004 manifests: `key: value` lines in
//! blocks separated by blank lines (Tacker splits on `\n\n+`), and in a manifest a closing
//! CMS signature between `-----BEGIN CMS-----` and `-----END CMS-----`.

use crate::foundation::diagnostics::Span;

/// One `key: value` line (or a line without a colon, kept so it can be reported).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The key, without surrounding spaces (the whole line when it has no colon).
    pub key: String,
    /// Where the key is written.
    pub key_span: Span,
    /// The value after the colon, trimmed.
    pub value: String,
    /// Where the value is written (just past the colon when it is empty).
    pub value_span: Span,
    /// True when the line starts with a space or tab (an entry of a `metadata:` block).
    pub indented: bool,
    /// False for a line without a colon.
    pub has_colon: bool,
}

/// Consecutive non-blank lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The lines, in order.
    pub fields: Vec<Field>,
    /// The start of the block's first line.
    pub span: Span,
}

/// The keys Tacker takes from an artifact block, exactly as it spells them.
pub const SOURCE: &str = "Source";
/// `TOSCA.meta` spelling of the artifact path (TOSCA 1.0 §16.2); Tacker renames it.
pub const NAME: &str = "Name";
/// The hash algorithm key.
pub const ALGORITHM: &str = "Algorithm";
/// The digest key.
pub const HASH: &str = "Hash";
/// The MIME type key, which Tacker drops before checking the others.
pub const CONTENT_TYPE: &str = "Content-Type";

/// An artifact block read Tacker's way: `Name` standing for `Source`, `Content-Type`
/// ignored, and every other key out of place.
#[derive(Clone, Debug, Default)]
pub struct Artifact<'b> {
    /// `Source:` (or `Name:`).
    pub source: Option<&'b Field>,
    /// `Algorithm:`.
    pub algorithm: Option<&'b Field>,
    /// `Hash:`.
    pub hash: Option<&'b Field>,
    /// A key written a second time in the block (two entries run together).
    pub repeated: Vec<&'b Field>,
    /// Keys Tacker does not take (misspelt or wrongly capitalised ones included).
    pub unknown: Vec<&'b Field>,
}

impl Artifact<'_> {
    /// True when Source, Algorithm and Hash are all given: Tacker checks the keys of a
    /// block before anything else, so an incomplete entry is reported for its keys only.
    pub fn is_complete(&self) -> bool {
        self.source.is_some() && self.algorithm.is_some() && self.hash.is_some()
    }
}

impl Block {
    /// The field with exactly this key.
    pub fn get(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.has_colon && f.key == key)
    }

    /// True when Tacker treats the block as an artifact entry: it has an `Algorithm` or a
    /// `Hash` line. Other blocks (metadata, `Name`/`Content-Type` only) are not checked.
    pub fn is_artifact(&self) -> bool {
        self.fields
            .iter()
            .any(|f| f.has_colon && (f.key == ALGORITHM || f.key == HASH))
    }

    /// The block read as an artifact entry.
    pub fn artifact(&self) -> Artifact<'_> {
        let mut artifact = Artifact::default();
        for field in &self.fields {
            let slot = match field.key.as_str() {
                _ if !field.has_colon => None,
                SOURCE | NAME => Some(&mut artifact.source),
                ALGORITHM => Some(&mut artifact.algorithm),
                HASH => Some(&mut artifact.hash),
                CONTENT_TYPE => continue,
                _ => None,
            };
            match slot {
                Some(slot) if slot.is_none() => *slot = Some(field),
                Some(_) => artifact.repeated.push(field),
                None => artifact.unknown.push(field),
            }
        }
        artifact
    }
}

/// A CMS signature block closing a manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureBlock {
    /// The `-----BEGIN CMS-----` line.
    pub begin: Span,
    /// The `-----END CMS-----` line, when present.
    pub end: Option<Span>,
    /// The base64 text between the two lines, line breaks removed.
    pub base64: String,
    /// Bytes of the text before the BEGIN line: what the signature covers.
    pub signed_len: usize,
    /// True when anything but blank lines follows the END line.
    pub trailing_text: Option<Span>,
}

/// A file split into blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockText {
    /// The blocks before any signature.
    pub blocks: Vec<Block>,
    /// The CMS signature, when the text has one.
    pub signature: Option<SignatureBlock>,
}

const BEGIN_CMS: &str = "-----BEGIN CMS-----";
const END_CMS: &str = "-----END CMS-----";

/// Span of `text[from..to]` on a line starting at byte `line_start`, line number `line`.
fn span_in_line(text: &str, line: u32, line_start: usize, from: usize, to: usize) -> Span {
    let column = text[line_start..from].chars().count() as u32 + 1;
    Span {
        line,
        column,
        start: from as u32,
        end: to as u32,
    }
}

/// Splits `text` into blocks and the closing signature.
pub fn split(text: &str) -> BlockText {
    let mut out = BlockText::default();
    let mut current: Option<Block> = None;
    let mut offset = 0usize;
    let mut lines = text.split_inclusive('\n').enumerate().peekable();
    while let Some((index, raw)) = lines.next() {
        let line_number = index as u32 + 1;
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if line.trim() == BEGIN_CMS {
            if let Some(block) = current.take() {
                out.blocks.push(block);
            }
            out.signature = Some(signature(
                text,
                start,
                line_number,
                line,
                &mut lines,
                &mut offset,
            ));
            break;
        }
        if line.trim().is_empty() {
            if let Some(block) = current.take() {
                out.blocks.push(block);
            }
            continue;
        }
        let field = field(text, line_number, start, line);
        match &mut current {
            Some(block) => block.fields.push(field),
            None => {
                current = Some(Block {
                    span: span_in_line(text, line_number, start, start, start + line.len()),
                    fields: vec![field],
                })
            }
        }
    }
    if let Some(block) = current.take() {
        out.blocks.push(block);
    }
    out
}

fn field(text: &str, line: u32, start: usize, content: &str) -> Field {
    let indented = content.starts_with([' ', '\t']);
    let lead = content.len() - content.trim_start().len();
    let Some(colon) = content.find(':') else {
        let end = start + content.trim_end().len();
        let span = span_in_line(text, line, start, start + lead, end);
        return Field {
            key: content.trim().to_owned(),
            key_span: span,
            value: String::new(),
            value_span: span,
            indented,
            has_colon: false,
        };
    };
    let key_text = &content[..colon];
    let key_end = start + key_text.trim_end().len();
    let key_span = span_in_line(text, line, start, start + lead, key_end.max(start + lead));
    let after = &content[colon + 1..];
    let value = after.trim();
    let value_from = start + colon + 1 + (after.len() - after.trim_start().len());
    let value_span = span_in_line(text, line, start, value_from, value_from + value.len());
    Field {
        key: key_text.trim().to_owned(),
        key_span,
        value: value.to_owned(),
        value_span,
        indented,
        has_colon: true,
    }
}

fn signature<'t>(
    text: &str,
    begin_start: usize,
    begin_line: u32,
    begin: &str,
    lines: &mut std::iter::Peekable<impl Iterator<Item = (usize, &'t str)>>,
    offset: &mut usize,
) -> SignatureBlock {
    let mut block = SignatureBlock {
        begin: span_in_line(
            text,
            begin_line,
            begin_start,
            begin_start,
            begin_start + begin.len(),
        ),
        end: None,
        base64: String::new(),
        signed_len: begin_start,
        trailing_text: None,
    };
    for (index, raw) in lines.by_ref() {
        let start = *offset;
        *offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let number = index as u32 + 1;
        if block.end.is_some() {
            if !line.trim().is_empty() && block.trailing_text.is_none() {
                block.trailing_text =
                    Some(span_in_line(text, number, start, start, start + line.len()));
            }
            continue;
        }
        if line.trim() == END_CMS {
            block.end = Some(span_in_line(text, number, start, start, start + line.len()));
        } else {
            block.base64.push_str(line.trim());
        }
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "metadata:\n  vnf_product_name: vFW\n  vnf_provider_id: Acme\n\n\
        Source: Files/images/fw.qcow2\nAlgorithm: SHA-256\nHash: ab12\n\n\n\
        Source: Scripts/init.sh\nAlgorithm: SHA-256\nHash: cd34\nSource: Scripts/x.sh\n\
        \n-----BEGIN CMS-----\nMIIB\nAAAA\n-----END CMS-----\n";

    #[test]
    fn blocks_fields_and_positions() {
        let text = split(MANIFEST);
        assert_eq!(text.blocks.len(), 3);
        let metadata = &text.blocks[0];
        assert_eq!(metadata.fields[0].key, "metadata");
        assert!(metadata.fields[1].indented);
        assert_eq!(metadata.fields[1].value, "vFW");
        let image = &text.blocks[1];
        assert!(image.is_artifact());
        let artifact = image.artifact();
        let source = artifact.source.unwrap();
        assert_eq!(source.value, "Files/images/fw.qcow2");
        assert_eq!((source.key_span.line, source.key_span.column), (5, 1));
        assert_eq!((source.value_span.line, source.value_span.column), (5, 9));
        assert_eq!(
            &MANIFEST[source.value_span.start as usize..source.value_span.end as usize],
            "Files/images/fw.qcow2"
        );
        let run_together = text.blocks[2].artifact();
        assert_eq!(run_together.repeated.len(), 1);
        assert_eq!(run_together.repeated[0].key_span.line, 13);
        assert!(!metadata.is_artifact());
    }

    #[test]
    fn signature_block() {
        let text = split(MANIFEST);
        let signature = text.signature.unwrap();
        assert_eq!(signature.begin.line, 15);
        assert_eq!(signature.end.unwrap().line, 18);
        assert_eq!(signature.base64, "MIIBAAAA");
        assert!(MANIFEST[..signature.signed_len].ends_with("Scripts/x.sh\n\n"));
        assert!(signature.trailing_text.is_none());
    }

    #[test]
    fn tacker_key_spellings() {
        let text =
            split("Name: a.sh\nContent-Type: x\nAlgorithm: SHA-256\nhash: 00\nContent-type: y\n");
        let artifact = text.blocks[0].artifact();
        assert_eq!(artifact.source.unwrap().value, "a.sh");
        assert!(artifact.hash.is_none());
        let unknown: Vec<&str> = artifact.unknown.iter().map(|f| f.key.as_str()).collect();
        assert_eq!(unknown, ["hash", "Content-type"]);
    }

    #[test]
    fn crlf_and_lines_without_colon() {
        let text = split("Source: a\r\nAlgorithm SHA-256\r\n");
        let fields = &text.blocks[0].fields;
        assert_eq!(fields[0].value, "a");
        assert!(!fields[1].has_colon);
        assert_eq!(fields[1].key, "Algorithm SHA-256");
    }
}
