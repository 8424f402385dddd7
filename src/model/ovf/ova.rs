//! The files of an OVA for the model, as listed by the integrity scan's single pass over
//! the archive (`integrity::scan_ova`); each is read again on demand by seeking to its data.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;

use crate::foundation::limits::Limits;
use crate::input::integrity::OvaScan;
use crate::input::source::SourceError;
use crate::input::source::tar::read_tar_file;

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
    /// The entries a scan listed (the scan refused links, devices, sparse files, absolute
    /// or climbing names, names stored twice and truncation).
    pub fn from_scan(scan: &OvaScan, limits: &Limits) -> OvaFiles {
        let entries: Vec<Entry> = scan
            .listing()
            .map(|e| Entry {
                name: e.name.to_owned(),
                size: e.size,
                offset: e.data_offset,
            })
            .collect();
        let by_name = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.name.clone(), i))
            .collect();
        OvaFiles {
            path: scan.archive().to_path_buf(),
            entries,
            by_name,
            limits: *limits,
        }
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
            return Err(SourceError::Truncated {
                path: self.path.clone(),
                offset: entry.offset + data.len() as u64,
                what: format!("inside `{name}`"),
            });
        }
        Ok(data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::Options;
    use crate::input::integrity::scan_ova;
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
        let limits = Limits::default();
        let scan = scan_ova(file.path(), &Options::new(&limits)).unwrap();
        let ova = OvaFiles::from_scan(&scan, &limits);
        assert_eq!(ova.read("vfw.ovf").unwrap(), b"<Envelope/>");
        assert_eq!(ova.read("vfw-disk1.vmdk").unwrap(), b"0123456789");
        assert_eq!(ova.size("vfw-disk1.vmdk"), Some(10));
        assert!(matches!(
            ova.read("notes.txt"),
            Err(SourceError::Missing(_))
        ));
        let small = Limits {
            max_file_bytes: 5,
            ..Limits::default()
        };
        let ova = OvaFiles::from_scan(&scan, &small);
        assert!(matches!(
            ova.read("vfw-disk1.vmdk"),
            Err(SourceError::TooLarge { .. })
        ));
    }

    #[test]
    fn an_archive_cut_after_the_scan_is_reported_as_truncated() {
        let file = ova(&[("vfw.ovf", b"<Envelope/>"), ("vfw.iso", &[7u8; 3000])]);
        let limits = Limits::default();
        let scan = scan_ova(file.path(), &Options::new(&limits)).unwrap();
        let ova = OvaFiles::from_scan(&scan, &limits);
        std::fs::OpenOptions::new()
            .write(true)
            .open(file.path())
            .unwrap()
            .set_len(1600)
            .unwrap();
        assert!(matches!(
            ova.read("vfw.iso"),
            Err(SourceError::Truncated { offset: 1600, .. })
        ));
    }
}
