//! The files of an OVA for the model: listed once by the package's tar reader
//! (`source::tar`), each read on demand by seeking to its data.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use crate::limits::Limits;
use crate::source::SourceError;
use crate::source::tar::read_tar_file;

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
    /// Lists the archive with the package's tar reader (headers only, data seeked over): a
    /// link, device, sparse file, absolute or climbing name, name stored twice or truncated
    /// archive refuses it whole.
    pub fn open(path: &Path, limits: &Limits) -> Result<OvaFiles, SourceError> {
        let file = File::open(path).map_err(|source| SourceError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let mut entries = Vec::new();
        let mut by_name = HashMap::new();
        read_tar_file(path, &file, limits, |entry| {
            by_name.insert(entry.name().to_owned(), entries.len());
            entries.push(Entry {
                name: entry.name().to_owned(),
                size: entry.size(),
                offset: entry.archive_position(),
            });
            Ok::<(), SourceError>(())
        })?;
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

    /// Hands each wanted entry to `visit` as it streams past, in one forward pass over the
    /// archive (entries nobody wants are seeked over); every wanted name must be met.
    pub fn stream_each<E: From<SourceError>>(
        &self,
        wanted: &[String],
        mut visit: impl FnMut(&str, u64, &mut dyn Read) -> Result<(), E>,
    ) -> Result<(), E> {
        let file = File::open(&self.path).map_err(|source| SourceError::Io {
            path: self.path.clone(),
            source,
        })?;
        let mut met = 0usize;
        read_tar_file(&self.path, &file, &self.limits, |entry| {
            if !wanted.iter().any(|w| w == entry.name()) {
                return Ok(());
            }
            met += 1;
            let (name, size) = (entry.name().to_owned(), entry.size());
            visit(&name, size, entry)
        })?;
        if met < wanted.len() {
            let missing = wanted
                .iter()
                .find(|w| self.entry(w).is_none())
                .cloned()
                .unwrap_or_default();
            return Err(SourceError::Missing(missing).into());
        }
        Ok(())
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
    use tar::EntryType;

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
