//! A reproducible zip writer: one fixed timestamp and permission for every entry, text
//! deflated at a fixed level, images stored and streamed (hashed on the way), ZIP64 past
//! 4 GiB, and a central directory sorted by name whatever order entries were written in.
//!
//! Entries are written in the order they come (images first, while they stream from their
//! source, so their digests are known before the files that name them); readers take the
//! central directory, which lists them sorted. No data descriptors: Java's
//! `ZipInputStream` (ONAP SDC) cannot read stored entries that use them, so each entry's
//! CRC is patched into its local header once its data is written.

use std::io::{Read, Seek, SeekFrom, Write};

use flate2::Crc;
use flate2::write::DeflateEncoder;

use crate::input::integrity::digest::Hasher;

/// Past this, a size or offset no longer fits the 32-bit fields and ZIP64 records are used.
const ZIP64_LIMIT: u64 = 0xFFFF_FFFF;
/// Past this many entries the end record needs ZIP64 too.
const ENTRY_LIMIT: usize = 0xFFFF;
/// `-rw-r--r--` regular file, in the high half of the external attributes.
const FILE_MODE: u32 = 0o100_644;
/// Deflate level for text entries (fixed, so output does not depend on defaults).
const DEFLATE_LEVEL: u32 = 9;
/// Copy block for stored entries.
const BLOCK: usize = 256 << 10;

/// An MS-DOS date and time as zip stores them (two-second resolution, 1980–2107).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DosTime {
    time: u16,
    date: u16,
}

impl DosTime {
    /// The DOS form of a UTC calendar time; years outside 1980–2107 are clamped.
    pub fn new(year: i64, month: u32, day: u32, hour: u32, minute: u32, second: u32) -> DosTime {
        if year < 1980 {
            return DosTime {
                time: 0,
                date: (1 << 5) | 1,
            };
        }
        let year = year.min(2107) as u32;
        DosTime {
            time: ((hour << 11) | (minute << 5) | (second / 2)) as u16,
            date: (((year - 1980) << 9) | (month << 5) | day) as u16,
        }
    }
}

/// Why an entry cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ZipWriteError {
    /// Writing the archive failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Reading an entry's source failed.
    #[error("{name}: {source}")]
    Source {
        /// The entry.
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// An entry's source held more or fewer bytes than declared.
    #[error(
        "{name}: {actual} bytes where {declared} were declared; the source changed while it was packaged"
    )]
    SizeMismatch {
        /// The entry.
        name: String,
        /// The size given when the entry started.
        declared: u64,
        /// What the source yielded.
        actual: u64,
    },
    /// An entry name used twice.
    #[error("{0}: written twice into one archive")]
    Duplicate(String),
}

/// What the central directory needs of a written entry.
#[derive(Clone, Debug)]
struct Written {
    name: String,
    method: u16,
    crc: u32,
    compressed: u64,
    size: u64,
    offset: u64,
}

/// A zip archive being written to a seekable output.
pub struct ZipWriter<W: Write + Seek> {
    out: W,
    time: DosTime,
    position: u64,
    entries: Vec<Written>,
    names: std::collections::HashSet<String>,
    zip64_limit: u64,
}

impl<W: Write + Seek> ZipWriter<W> {
    /// Starts an archive at the output's current position 0; every entry gets `time`.
    pub fn new(out: W, time: DosTime) -> ZipWriter<W> {
        ZipWriter {
            out,
            time,
            position: 0,
            entries: Vec::new(),
            names: std::collections::HashSet::new(),
            zip64_limit: ZIP64_LIMIT,
        }
    }

    /// An archive that switches to ZIP64 records past `limit` (tests use small limits to
    /// exercise the ZIP64 layout without writing 4 GiB).
    #[cfg(test)]
    fn with_zip64_limit(out: W, time: DosTime, limit: u64) -> ZipWriter<W> {
        ZipWriter {
            zip64_limit: limit,
            ..ZipWriter::new(out, time)
        }
    }

    fn claim(&mut self, name: &str) -> Result<(), ZipWriteError> {
        if !self.names.insert(name.to_owned()) {
            return Err(ZipWriteError::Duplicate(name.to_owned()));
        }
        Ok(())
    }

    /// Adds a small file, deflated.
    pub fn add_deflated(&mut self, name: &str, data: &[u8]) -> Result<(), ZipWriteError> {
        self.claim(name)?;
        let mut encoder = DeflateEncoder::new(Vec::new(), flate2::Compression::new(DEFLATE_LEVEL));
        encoder.write_all(data)?;
        let compressed = encoder.finish()?;
        let mut crc = Crc::new();
        crc.update(data);
        let entry = Written {
            name: name.to_owned(),
            method: 8,
            crc: crc.sum(),
            compressed: compressed.len() as u64,
            size: data.len() as u64,
            offset: self.position,
        };
        self.write_local_header(&entry)?;
        self.write(&compressed)?;
        self.entries.push(entry);
        Ok(())
    }

    /// Adds a file stored as it is, copying exactly `size` bytes from `source` and feeding
    /// each to `hasher` on the way (one pass over the source).
    pub fn add_stored(
        &mut self,
        name: &str,
        size: u64,
        source: &mut dyn Read,
        hasher: &mut Hasher,
    ) -> Result<(), ZipWriteError> {
        self.claim(name)?;
        let mut entry = Written {
            name: name.to_owned(),
            method: 0,
            crc: 0,
            compressed: size,
            size,
            offset: self.position,
        };
        self.write_local_header(&entry)?;
        let mut crc = Crc::new();
        let mut buffer = vec![0u8; BLOCK];
        let mut copied = 0u64;
        loop {
            let n = match source.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(source) => {
                    return Err(ZipWriteError::Source {
                        name: name.to_owned(),
                        source,
                    });
                }
            };
            copied += n as u64;
            if copied > size {
                break;
            }
            crc.update(&buffer[..n]);
            hasher.update(&buffer[..n]);
            self.write(&buffer[..n])?;
        }
        if copied != size {
            return Err(ZipWriteError::SizeMismatch {
                name: name.to_owned(),
                declared: size,
                actual: copied,
            });
        }
        entry.crc = crc.sum();
        // The CRC field sits 14 bytes into the local header.
        self.out.seek(SeekFrom::Start(entry.offset + 14))?;
        self.out.write_all(&entry.crc.to_le_bytes())?;
        self.out.seek(SeekFrom::Start(self.position))?;
        self.entries.push(entry);
        Ok(())
    }

    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.out.write_all(bytes)?;
        self.position += bytes.len() as u64;
        Ok(())
    }

    fn needs_zip64(&self, entry: &Written) -> bool {
        entry.size >= self.zip64_limit || entry.compressed >= self.zip64_limit
    }

    fn flags(name: &str) -> u16 {
        // Bit 11: the name is UTF-8.
        if name.is_ascii() { 0 } else { 1 << 11 }
    }

    fn write_local_header(&mut self, entry: &Written) -> std::io::Result<()> {
        let zip64 = self.needs_zip64(entry);
        let mut header = Vec::with_capacity(30 + entry.name.len() + 20);
        header.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        header.extend_from_slice(&(if zip64 { 45u16 } else { 20u16 }).to_le_bytes());
        header.extend_from_slice(&Self::flags(&entry.name).to_le_bytes());
        header.extend_from_slice(&entry.method.to_le_bytes());
        header.extend_from_slice(&self.time.time.to_le_bytes());
        header.extend_from_slice(&self.time.date.to_le_bytes());
        header.extend_from_slice(&entry.crc.to_le_bytes());
        let (compressed, size) = if zip64 {
            (u32::MAX, u32::MAX)
        } else {
            (entry.compressed as u32, entry.size as u32)
        };
        header.extend_from_slice(&compressed.to_le_bytes());
        header.extend_from_slice(&size.to_le_bytes());
        header.extend_from_slice(&(entry.name.len() as u16).to_le_bytes());
        header.extend_from_slice(&(if zip64 { 20u16 } else { 0u16 }).to_le_bytes());
        header.extend_from_slice(entry.name.as_bytes());
        if zip64 {
            header.extend_from_slice(&1u16.to_le_bytes());
            header.extend_from_slice(&16u16.to_le_bytes());
            header.extend_from_slice(&entry.size.to_le_bytes());
            header.extend_from_slice(&entry.compressed.to_le_bytes());
        }
        self.write(&header)
    }

    /// Writes the central directory (sorted by name) and the end records; returns the
    /// output.
    pub fn finish(mut self) -> std::io::Result<W> {
        let mut entries = std::mem::take(&mut self.entries);
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        let directory_start = self.position;
        for entry in &entries {
            let big_size = entry.size >= self.zip64_limit;
            let big_compressed = entry.compressed >= self.zip64_limit;
            let big_offset = entry.offset >= self.zip64_limit;
            let mut extra = Vec::new();
            if big_size {
                extra.extend_from_slice(&entry.size.to_le_bytes());
            }
            if big_compressed {
                extra.extend_from_slice(&entry.compressed.to_le_bytes());
            }
            if big_offset {
                extra.extend_from_slice(&entry.offset.to_le_bytes());
            }
            let zip64 = !extra.is_empty() || self.needs_zip64(entry);
            let mut header = Vec::with_capacity(46 + entry.name.len() + 28);
            header.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
            // Made by: Unix (3), spec version 2.0 or 4.5.
            let version: u16 = if zip64 { 45 } else { 20 };
            header.extend_from_slice(&((3u16 << 8) | version).to_le_bytes());
            header.extend_from_slice(&version.to_le_bytes());
            header.extend_from_slice(&Self::flags(&entry.name).to_le_bytes());
            header.extend_from_slice(&entry.method.to_le_bytes());
            header.extend_from_slice(&self.time.time.to_le_bytes());
            header.extend_from_slice(&self.time.date.to_le_bytes());
            header.extend_from_slice(&entry.crc.to_le_bytes());
            let field = |big: bool, value: u64| if big { u32::MAX } else { value as u32 };
            header.extend_from_slice(&field(big_compressed, entry.compressed).to_le_bytes());
            header.extend_from_slice(&field(big_size, entry.size).to_le_bytes());
            header.extend_from_slice(&(entry.name.len() as u16).to_le_bytes());
            let extra_len = if extra.is_empty() { 0 } else { extra.len() + 4 };
            header.extend_from_slice(&(extra_len as u16).to_le_bytes());
            header.extend_from_slice(&0u16.to_le_bytes()); // comment
            header.extend_from_slice(&0u16.to_le_bytes()); // disk
            header.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
            header.extend_from_slice(&(FILE_MODE << 16).to_le_bytes());
            header.extend_from_slice(&field(big_offset, entry.offset).to_le_bytes());
            header.extend_from_slice(entry.name.as_bytes());
            if !extra.is_empty() {
                header.extend_from_slice(&1u16.to_le_bytes());
                header.extend_from_slice(&(extra.len() as u16).to_le_bytes());
                header.extend_from_slice(&extra);
            }
            self.write(&header)?;
        }
        let directory_size = self.position - directory_start;
        let count = entries.len();
        let zip64_end = count >= ENTRY_LIMIT
            || directory_size >= self.zip64_limit
            || directory_start >= self.zip64_limit;
        if zip64_end {
            let record_start = self.position;
            let mut record = Vec::with_capacity(76);
            record.extend_from_slice(&0x0606_4b50u32.to_le_bytes());
            record.extend_from_slice(&44u64.to_le_bytes());
            record.extend_from_slice(&((3u16 << 8) | 45).to_le_bytes());
            record.extend_from_slice(&45u16.to_le_bytes());
            record.extend_from_slice(&0u32.to_le_bytes());
            record.extend_from_slice(&0u32.to_le_bytes());
            record.extend_from_slice(&(count as u64).to_le_bytes());
            record.extend_from_slice(&(count as u64).to_le_bytes());
            record.extend_from_slice(&directory_size.to_le_bytes());
            record.extend_from_slice(&directory_start.to_le_bytes());
            record.extend_from_slice(&0x0706_4b50u32.to_le_bytes());
            record.extend_from_slice(&0u32.to_le_bytes());
            record.extend_from_slice(&record_start.to_le_bytes());
            record.extend_from_slice(&1u32.to_le_bytes());
            self.write(&record)?;
        }
        let mut end = Vec::with_capacity(22);
        end.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
        end.extend_from_slice(&0u16.to_le_bytes());
        end.extend_from_slice(&0u16.to_le_bytes());
        let short_count = if zip64_end { u16::MAX } else { count as u16 };
        end.extend_from_slice(&short_count.to_le_bytes());
        end.extend_from_slice(&short_count.to_le_bytes());
        let long = |value: u64| if zip64_end { u32::MAX } else { value as u32 };
        end.extend_from_slice(&long(directory_size).to_le_bytes());
        end.extend_from_slice(&long(directory_start).to_le_bytes());
        end.extend_from_slice(&0u16.to_le_bytes());
        self.write(&end)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;
    use crate::input::integrity::DigestAlgorithm;
    use crate::input::integrity::digest::to_hex;

    const TIME: DosTime = DosTime {
        time: (10 << 11) | (30 << 5),
        date: (44 << 9) | (5 << 5) | 1,
    };

    fn archive(limit: u64) -> Vec<u8> {
        let mut writer = ZipWriter::with_zip64_limit(Cursor::new(Vec::new()), TIME, limit);
        let image = vec![0x5au8; 300];
        let mut hasher = Hasher::new(&[DigestAlgorithm::Sha256]);
        writer
            .add_stored("Files/images/fw.qcow2", 300, &mut &image[..], &mut hasher)
            .unwrap();
        writer
            .add_deflated(
                "TOSCA-Metadata/TOSCA.meta",
                b"TOSCA-Meta-File-Version: 1.0\n",
            )
            .unwrap();
        writer
            .add_deflated(
                "Definitions/fw.yaml",
                "tosca: ünïcode\n".repeat(40).as_bytes(),
            )
            .unwrap();
        assert_eq!(
            to_hex(hasher.finish().get(DigestAlgorithm::Sha256).unwrap()),
            to_hex(&DigestAlgorithm::Sha256.digest(&image))
        );
        writer.finish().unwrap().into_inner()
    }

    fn read_back(bytes: &[u8]) -> Vec<(String, Vec<u8>, Option<u32>, zip::CompressionMethod)> {
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        (0..zip.len())
            .map(|i| {
                let mut entry = zip.by_index(i).unwrap();
                let mut data = Vec::new();
                entry.read_to_end(&mut data).unwrap();
                (
                    String::from_utf8_lossy(entry.name_raw()).into_owned(),
                    data,
                    entry.unix_mode(),
                    entry.compression(),
                )
            })
            .collect()
    }

    #[test]
    fn entries_read_back_sorted_with_fixed_mode_and_methods() {
        let entries = read_back(&archive(ZIP64_LIMIT));
        let names: Vec<&str> = entries.iter().map(|e| e.0.as_str()).collect();
        assert_eq!(
            names,
            [
                "Definitions/fw.yaml",
                "Files/images/fw.qcow2",
                "TOSCA-Metadata/TOSCA.meta"
            ]
        );
        assert_eq!(entries[1].1, vec![0x5au8; 300]);
        assert_eq!(entries[1].3, zip::CompressionMethod::Stored);
        assert_eq!(entries[0].3, zip::CompressionMethod::Deflated);
        assert!(entries.iter().all(|e| e.2 == Some(0o100_644)));
        assert_eq!(entries[2].1, b"TOSCA-Meta-File-Version: 1.0\n");
    }

    #[test]
    fn the_same_input_gives_the_same_bytes() {
        assert_eq!(archive(ZIP64_LIMIT), archive(ZIP64_LIMIT));
    }

    #[test]
    fn zip64_records_read_back() {
        // Every size and offset past 100 bytes takes the ZIP64 form.
        let bytes = archive(100);
        assert!(bytes.windows(4).any(|w| w == 0x0606_4b50u32.to_le_bytes()));
        let entries = read_back(&bytes);
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[1].1, vec![0x5au8; 300]);
        assert!(entries[0].1.starts_with("tosca: ünïcode".as_bytes()));
    }

    #[test]
    fn a_source_shorter_or_longer_than_declared_is_refused() {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()), TIME);
        let mut hasher = Hasher::new(&[]);
        let short = writer.add_stored("a.img", 10, &mut &[1u8; 4][..], &mut hasher);
        assert!(matches!(
            short,
            Err(ZipWriteError::SizeMismatch { actual: 4, .. })
        ));
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()), TIME);
        let long = writer.add_stored("b.img", 2, &mut &[1u8; 4][..], &mut hasher);
        assert!(matches!(long, Err(ZipWriteError::SizeMismatch { .. })));
    }

    #[test]
    fn a_name_written_twice_is_refused() {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()), TIME);
        writer.add_deflated("a.yaml", b"a: 1\n").unwrap();
        assert!(matches!(
            writer.add_deflated("a.yaml", b"a: 2\n"),
            Err(ZipWriteError::Duplicate(_))
        ));
    }

    #[test]
    fn dos_times() {
        let t = DosTime::new(2024, 5, 1, 10, 30, 59);
        assert_eq!(t.date, (44 << 9) | (5 << 5) | 1);
        assert_eq!(t.time, (10 << 11) | (30 << 5) | 29);
        assert_eq!(DosTime::new(1970, 1, 1, 0, 0, 0).date, (1 << 5) | 1);
    }
}
