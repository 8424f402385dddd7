//! A minimal bounded OVA (tar) reader: lists entries once, refuses unsafe ones, and reads
//! an entry by seeking to its data. It stays behind [`OvaFiles`] so the package's own tar
//! reader can replace it in one place.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use tar::EntryType;

use crate::limits::Limits;
use crate::source::SourceError;
use crate::source::path::normalise;

/// One regular file of the archive.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    size: u64,
    offset: u64,
}

/// The entries of an OVA, in archive order.
#[derive(Debug)]
pub struct OvaFiles {
    path: PathBuf,
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    limits: Limits,
}

impl OvaFiles {
    /// Lists the archive; a link, device, absolute or climbing name refuses it whole.
    pub fn open(path: &Path, limits: &Limits) -> Result<OvaFiles, SourceError> {
        let io = |source| SourceError::Io {
            path: path.to_path_buf(),
            source,
        };
        let bad = |reason: String| SourceError::BadArchive {
            path: path.to_path_buf(),
            reason,
        };
        let file = File::open(path).map_err(io)?;
        let mut archive = tar::Archive::new(file);
        let mut entries = Vec::new();
        let mut by_name = HashMap::new();
        for entry in archive
            .entries_with_seek()
            .map_err(|e| bad(e.to_string()))?
        {
            let entry = entry.map_err(|e| bad(format!("not a readable tar archive ({e})")))?;
            let raw = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
            let refuse = |reason: &str| SourceError::UnsafeEntry {
                archive: path.to_path_buf(),
                entry: raw.clone(),
                reason: reason.to_owned(),
            };
            match entry.header().entry_type() {
                EntryType::Regular | EntryType::Continuous => {}
                EntryType::Directory => continue,
                EntryType::Symlink | EntryType::Link => return Err(refuse("is a link")),
                EntryType::GNUSparse => return Err(refuse("is a sparse file")),
                _ => return Err(refuse("is not a regular file")),
            }
            if raw.starts_with('/') || raw.contains('\0') {
                return Err(refuse("has an absolute path"));
            }
            let Some(name) = normalise(&raw.replace('\\', "/")) else {
                return Err(refuse("climbs out of the archive with `..`"));
            };
            if by_name.insert(name.clone(), entries.len()).is_some() {
                return Err(refuse("is stored twice"));
            }
            entries.push(Entry {
                name,
                size: entry.size(),
                offset: entry.raw_file_position(),
            });
            if entries.len() > limits.max_archive_entries {
                return Err(SourceError::TooManyEntries {
                    path: path.to_path_buf(),
                    limit: limits.max_archive_entries,
                });
            }
        }
        Ok(OvaFiles {
            path: path.to_path_buf(),
            entries,
            by_name,
            limits: *limits,
        })
    }

    /// The first `.ovf` entry: DSP0243 puts the descriptor first in an OVA.
    pub fn descriptor(&self) -> Option<&str> {
        self.entries
            .iter()
            .map(|e| e.name.as_str())
            .find(|n| n.to_ascii_lowercase().ends_with(".ovf"))
    }

    fn entry(&self, name: &str) -> Option<&Entry> {
        self.by_name.get(name).and_then(|&i| self.entries.get(i))
    }

    /// The size the tar header states.
    pub fn size(&self, name: &str) -> Option<u64> {
        self.entry(name).map(|e| e.size)
    }

    /// Reads an entry, refusing more than the per-file limit.
    pub fn read(&self, name: &str) -> Result<Vec<u8>, SourceError> {
        let entry = self
            .entry(name)
            .ok_or_else(|| SourceError::Missing(name.to_owned()))?;
        let limit = self.limits.max_file_bytes;
        if entry.size > limit {
            return Err(SourceError::TooLarge {
                path: name.to_owned(),
                size: entry.size,
                limit,
            });
        }
        let io = |source| SourceError::Io {
            path: self.path.clone(),
            source,
        };
        let mut file = File::open(&self.path).map_err(io)?;
        file.seek(SeekFrom::Start(entry.offset)).map_err(io)?;
        let mut data = Vec::new();
        file.take(entry.size).read_to_end(&mut data).map_err(io)?;
        if (data.len() as u64) < entry.size {
            return Err(SourceError::BadArchive {
                path: self.path.clone(),
                reason: format!("{name}: the archive ends inside this entry; it is truncated"),
            });
        }
        Ok(data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ova(entries: &[(&str, &[u8])]) -> tempfile::NamedTempFile {
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut builder = tar::Builder::new(file.reopen().unwrap());
        for (name, data) in entries {
            let mut header = tar::Header::new_gnu();
            header.set_size(data.len() as u64);
            header.set_mode(0o644);
            header.set_entry_type(EntryType::Regular);
            builder.append_data(&mut header, name, *data).unwrap();
        }
        builder.finish().unwrap();
        file
    }

    #[test]
    fn lists_entries_finds_the_descriptor_and_reads_within_limits() {
        let file = ova(&[
            ("vfw.ovf", b"<Envelope/>"),
            ("vfw-disk1.vmdk", b"0123456789"),
        ]);
        let ova = OvaFiles::open(file.path(), &Limits::default()).unwrap();
        assert_eq!(ova.descriptor(), Some("vfw.ovf"));
        assert_eq!(ova.read("vfw.ovf").unwrap(), b"<Envelope/>");
        assert_eq!(ova.size("vfw-disk1.vmdk"), Some(10));
        let small = Limits {
            max_file_bytes: 5,
            ..Limits::default()
        };
        let ova = OvaFiles::open(file.path(), &small).unwrap();
        assert!(matches!(
            ova.read("vfw-disk1.vmdk"),
            Err(SourceError::TooLarge { .. })
        ));
        let few = Limits {
            max_archive_entries: 1,
            ..Limits::default()
        };
        assert!(matches!(
            OvaFiles::open(file.path(), &few),
            Err(SourceError::TooManyEntries { .. })
        ));
    }

    #[test]
    fn refuses_a_file_that_is_not_a_tar() {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), vec![7u8; 1024]).unwrap();
        assert!(OvaFiles::open(file.path(), &Limits::default()).is_err());
    }
}
