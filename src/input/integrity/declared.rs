//! What the descriptor's References section declares about each file, as plain data (the
//! OVF model fills it through `From<&FileRef>` in `ovf::sections::references`; integrity
//! neither reads XML nor imports the OVF model).

/// How a referenced file is stored (`ovf:compression`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// `gzip` (RFC 1952), the one method the OVF specification defines.
    Gzip,
    /// `bzip2`, which VMware's tools also write.
    Bzip2,
}

/// One `File` element of the References section.
///
/// Sizes and digests always describe the bytes as stored: `ovf:size` of a compressed file is
/// its compressed size, and the manifest's digest covers the compressed bytes, so integrity
/// never decompresses. A chunked file (`ovf:chunkSize`) is stored as `href.000000000`,
/// `href.000000001`, …; each chunk is `chunk_size` bytes except the last, the chunks add up
/// to `size`, and the manifest lists a digest per chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedFile {
    /// `ovf:href`, relative to the descriptor (URLs are outside the package and skipped).
    pub href: String,
    /// `ovf:size` in bytes, when given.
    pub size: Option<u64>,
    /// `ovf:chunkSize` in bytes, when the file is split into chunks.
    pub chunk_size: Option<u64>,
    /// `ovf:compression`, when not `identity`.
    pub compression: Option<Compression>,
}

impl ExpectedFile {
    /// A plain file of `size` bytes.
    pub fn new(href: impl Into<String>, size: Option<u64>) -> ExpectedFile {
        ExpectedFile {
            href: href.into(),
            size,
            chunk_size: None,
            compression: None,
        }
    }
}

/// One stored file an [`ExpectedFile`] stands for: the file itself, or one of its chunks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StoredPart {
    /// Package-relative name.
    pub name: String,
    /// The size it must have, when known.
    pub size: Option<u64>,
    /// Stored compressed (for messages).
    pub compressed: bool,
}

/// The stored files of `file` (resolved to `name`): one, or its chunks. `exists` tells
/// whether a chunk is stored, for chunked files without `ovf:size`; at most `max_parts`
/// chunks are expected, so a hostile size/chunk ratio cannot make the list huge.
pub(crate) fn stored_parts(
    file: &ExpectedFile,
    name: &str,
    exists: &dyn Fn(&str) -> bool,
    max_parts: usize,
) -> Vec<StoredPart> {
    let compressed = file.compression.is_some();
    let Some(chunk) = file.chunk_size.filter(|c| *c > 0) else {
        return vec![StoredPart {
            name: name.to_owned(),
            size: file.size,
            compressed,
        }];
    };
    let chunk_name = |index: usize| format!("{name}.{index:09}");
    let count = match file.size {
        Some(total) => total.div_ceil(chunk).max(1).min(max_parts as u64) as usize,
        None => (0..max_parts)
            .take_while(|i| exists(&chunk_name(*i)))
            .count()
            .max(1),
    };
    (0..count)
        .map(|index| {
            let size = match file.size {
                Some(total) if index + 1 == count => Some(total - chunk * (count as u64 - 1)),
                _ if index + 1 < count => Some(chunk),
                _ => None,
            };
            StoredPart {
                name: chunk_name(index),
                size,
                compressed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::XmlLimits;
    use crate::model::ovf::descriptor::parse;

    #[test]
    fn the_model_s_references_become_expected_files() {
        let descriptor = br#"<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/2" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/2">
  <References>
    <File ovf:id="system" ovf:href="vdns-system.vmdk.gz" ovf:size="1200" ovf:compression="gzip" ovf:chunkSize="1000"/>
    <File ovf:id="seed" ovf:href="vdns-seed.iso" ovf:compression="identity"/>
  </References>
  <VirtualSystem ovf:id="vDNS"><Info>A DNS resolver</Info></VirtualSystem>
</Envelope>"#;
        let envelope = parse(descriptor, &XmlLimits::default()).envelope.unwrap();
        let expected: Vec<ExpectedFile> =
            envelope.references.iter().map(ExpectedFile::from).collect();
        assert_eq!(
            expected,
            [
                ExpectedFile {
                    href: "vdns-system.vmdk.gz".into(),
                    size: Some(1200),
                    chunk_size: Some(1000),
                    compression: Some(Compression::Gzip),
                },
                ExpectedFile::new("vdns-seed.iso", None),
            ]
        );
    }

    fn parts(file: &ExpectedFile, stored: &[&str]) -> Vec<(String, Option<u64>)> {
        stored_parts(file, &file.href, &|n| stored.contains(&n), 100)
            .into_iter()
            .map(|p| (p.name, p.size))
            .collect()
    }

    #[test]
    fn a_plain_file_is_one_part() {
        let file = ExpectedFile::new("disk1.vmdk", Some(10));
        assert_eq!(parts(&file, &[]), [("disk1.vmdk".to_owned(), Some(10))]);
    }

    #[test]
    fn chunks_follow_the_declared_size() {
        let file = ExpectedFile {
            chunk_size: Some(4),
            ..ExpectedFile::new("disk.vmdk", Some(10))
        };
        assert_eq!(
            parts(&file, &[]),
            [
                ("disk.vmdk.000000000".to_owned(), Some(4)),
                ("disk.vmdk.000000001".to_owned(), Some(4)),
                ("disk.vmdk.000000002".to_owned(), Some(2)),
            ]
        );
    }

    #[test]
    fn without_a_size_the_stored_chunks_are_counted() {
        let file = ExpectedFile {
            chunk_size: Some(4),
            ..ExpectedFile::new("disk.vmdk", None)
        };
        let stored = ["disk.vmdk.000000000", "disk.vmdk.000000001"];
        assert_eq!(
            parts(&file, &stored),
            [
                ("disk.vmdk.000000000".to_owned(), Some(4)),
                ("disk.vmdk.000000001".to_owned(), None),
            ]
        );
    }

    #[test]
    fn a_hostile_ratio_is_capped() {
        let file = ExpectedFile {
            chunk_size: Some(1),
            ..ExpectedFile::new("disk.vmdk", Some(u64::MAX))
        };
        assert_eq!(parts(&file, &[]).len(), 100);
    }
}
