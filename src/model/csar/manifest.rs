//! A SOL004 manifest (`.mf`): an optional `metadata:` block, artifact blocks of
//! `Source`/`Algorithm`/`Hash`, and an optional closing CMS signature.

use super::blocks::{self, Block, BlockText};

/// The metadata keys SOL004 names for a VNF package (Tacker's documentation lists them).
pub const METADATA_KEYS: [&str; 4] = [
    "vnf_product_name",
    "vnf_provider_id",
    "vnf_package_version",
    "vnf_release_date_time",
];

/// ONAP vnfsdk's misspelling of `vnf_release_date_time`, which its checks require.
pub const VNFSDK_RELEASE_KEY: &str = "vnf_release_data_time";

/// A manifest file read into blocks.
#[derive(Clone, Debug)]
pub struct ManifestFile {
    /// Package-relative path.
    pub path: String,
    /// The text (lossy when not UTF-8).
    pub text: String,
    /// Blocks and signature.
    pub blocks: BlockText,
}

impl ManifestFile {
    /// Reads a manifest's bytes.
    pub fn parse(path: &str, bytes: &[u8]) -> ManifestFile {
        let text = String::from_utf8_lossy(bytes).into_owned();
        ManifestFile {
            path: path.to_owned(),
            blocks: blocks::split(&text),
            text,
        }
    }

    /// The `metadata:` block, when the manifest has one.
    pub fn metadata(&self) -> Option<&Block> {
        self.blocks.blocks.iter().find(|b| {
            b.fields
                .first()
                .is_some_and(|f| f.has_colon && !f.indented && f.key == "metadata")
        })
    }

    /// The texts the signature may cover, most literal first: everything before the
    /// `-----BEGIN CMS-----` line; the same without the blank lines that separate the
    /// signature (the manifest as it was signed, before the block was appended); and that
    /// without its final line break.
    pub fn signed_contents(&self) -> Vec<&[u8]> {
        let Some(signature) = &self.blocks.signature else {
            return Vec::new();
        };
        let before = &self.text[..signature.signed_len];
        let trimmed = before.trim_end_matches(['\n', '\r']);
        let one_break = &before[..(trimmed.len() + 1).min(before.len())];
        let mut out: Vec<&[u8]> = Vec::new();
        for candidate in [before, one_break, trimmed] {
            if !out.contains(&candidate.as_bytes()) {
                out.push(candidate.as_bytes());
            }
        }
        out
    }
}

/// True for an RFC 3339 date-time: `2024-05-01T10:00:00Z`, fractions of a second and
/// numeric offsets allowed (`2024-05-01T10:00:00.5+09:00`).
pub fn is_rfc3339(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = text.get(range)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (Some(_year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
        digits(0..4),
        digits(5..7),
        digits(8..10),
        digits(11..13),
        digits(14..16),
        digits(17..19),
    ) else {
        return false;
    };
    let separators = bytes.get(4) == Some(&b'-')
        && bytes.get(7) == Some(&b'-')
        && matches!(bytes.get(10), Some(b'T' | b't'))
        && bytes.get(13) == Some(&b':')
        && bytes.get(16) == Some(&b':');
    let ranges = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && hour <= 23
        && minute <= 59
        && second <= 60;
    if !separators || !ranges {
        return false;
    }
    let mut rest = &text[19..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let digits_len = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if digits_len == 0 {
            return false;
        }
        rest = &fraction[digits_len..];
    }
    match rest.as_bytes() {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|b| b.is_ascii_digit())
                && (*h1 - b'0') * 10 + (*h2 - b'0') <= 23
                && (*m1 - b'0') * 10 + (*m2 - b'0') <= 59
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_date_times() {
        assert!(is_rfc3339("2020-01-01T10:00:00+09:00"));
        assert!(is_rfc3339("2024-05-01T10:00:00Z"));
        assert!(is_rfc3339("2024-05-01T10:00:00.275281-05:30"));
        assert!(!is_rfc3339("2019-08-29T22:17:39.275281"));
        assert!(!is_rfc3339("2024/05/01 10:00:00"));
        assert!(!is_rfc3339("2024-13-01T10:00:00Z"));
        assert!(!is_rfc3339("2024-05-01"));
        assert!(!is_rfc3339("2024-05-01T10:00:00+0900"));
    }

    #[test]
    fn metadata_block_and_signed_content() {
        let manifest = ManifestFile::parse(
            "vdns.mf",
            b"metadata:\n  vnf_product_name: vDNS\n\nSource: a\nAlgorithm: SHA-256\nHash: 00\n\n\
              -----BEGIN CMS-----\nAAAA\n-----END CMS-----\n",
        );
        let metadata = manifest.metadata().unwrap();
        assert_eq!(metadata.fields[1].key, "vnf_product_name");
        let contents = manifest.signed_contents();
        assert_eq!(contents.len(), 3);
        assert!(contents[0].ends_with(b"Hash: 00\n\n"));
        assert!(contents[1].ends_with(b"Hash: 00\n"));
        assert!(contents[2].ends_with(b"Hash: 00"));
    }
}
