//! From descriptor bytes to the model: decoding (UTF-8 only, BOM dropped), the XML tree,
//! VMware's dialect read as OVF, the envelope.

use super::dialect;
use super::envelope::{self, Envelope};
use super::error::DescriptorError;
use super::xml;
use crate::foundation::diagnostics::{LineIndex, Span};
use crate::foundation::limits::XmlLimits;

/// The descriptor's text (kept for showing lines, even when it does not parse) and its model.
#[derive(Clone, Debug)]
pub struct Descriptor {
    /// The text as decoded (without a byte-order mark).
    pub text: String,
    /// Where a DOCTYPE declaration is (never expanded), found even when parsing fails.
    pub doctype: Option<Span>,
    /// The envelope, or why there is none.
    pub envelope: Result<Envelope, DescriptorError>,
}

/// Decodes and parses descriptor bytes.
pub fn parse(bytes: &[u8], limits: &XmlLimits) -> Descriptor {
    match decode(bytes) {
        Ok(text) => {
            let (doctype, tree) = xml::parse_with_doctype(&text, limits);
            let envelope = tree.and_then(|mut tree| {
                let dialect = dialect::read_as_ovf(&mut tree);
                envelope::read(&tree).map(|mut envelope| {
                    envelope.notices.extend(dialect);
                    envelope
                })
            });
            Descriptor {
                text,
                doctype,
                envelope,
            }
        }
        Err(error) => Descriptor {
            text: String::from_utf8_lossy(bytes).into_owned(),
            doctype: None,
            envelope: Err(error),
        },
    }
}

/// UTF-8 text without its byte-order mark; UTF-16 and invalid bytes are refused.
pub fn decode(bytes: &[u8]) -> Result<String, DescriptorError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(DescriptorError::Encoding {
            span: Span {
                line: 1,
                column: 1,
                start: 0,
                end: 2,
            },
            detail: "the descriptor is UTF-16 text".to_owned(),
        });
    }
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let text = String::from_utf8_lossy(valid);
            let at = valid.len();
            Err(DescriptorError::Encoding {
                span: LineIndex::new(&text).span(&text, at, at + 1),
                detail: format!("byte {at} is not valid UTF-8"),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_drops_the_bom_and_refuses_utf16_and_bad_bytes() {
        assert_eq!(decode(b"\xEF\xBB\xBF<a/>").unwrap(), "<a/>");
        assert!(decode(b"\xFF\xFE<\0a\0").is_err());
        let err = decode(b"<a>\nok\xC3\x28</a>").unwrap_err();
        assert_eq!((err.span().line, err.span().column), (2, 3));
    }
}
