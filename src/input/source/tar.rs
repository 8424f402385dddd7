//! OVA (tar) archives read in one pass, entry by entry, without extracting anything.
//!
//! The `tar` crate parses each header (checksum, ustar prefix, GNU base-256 sizes, pax
//! records); this module drives the block loop itself so that every byte kept in memory is
//! bounded (pax and GNU long-name data by `max_tar_header_bytes`), a missing end-of-archive
//! marker is noticed, and unsafe entries are refused as they are met: links, devices,
//! sparse files, absolute or climbing names, names stored twice. Nothing is written to disk;
//! each file is handed to a visitor as a reader over exactly its stored bytes.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use ::tar::{EntryType, Header, PaxExtensions};

use super::error::SourceError;
use super::path::archive_entry_name;
use crate::foundation::limits::Limits;

const BLOCK: u64 = 512;

/// The archive as a byte stream with its read position.
struct Stream<'s> {
    inner: &'s mut dyn Read,
    /// For a file: seeks over data nobody reads, knowing the file's length.
    seeker: Option<(&'s mut dyn Seek, u64)>,
    path: &'s Path,
    pos: u64,
}

/// How much of a block could be read.
enum Block {
    Full,
    Empty,
    Partial,
}

impl Stream<'_> {
    fn io_error(&self, source: io::Error) -> SourceError {
        SourceError::Io {
            path: self.path.to_path_buf(),
            source,
        }
    }

    fn truncated(&self, what: impl Into<String>) -> SourceError {
        SourceError::Truncated {
            path: self.path.to_path_buf(),
            offset: self.pos,
            what: what.into(),
        }
    }

    fn read(&mut self, buf: &mut [u8]) -> Result<usize, SourceError> {
        loop {
            match self.inner.read(buf) {
                Ok(n) => {
                    self.pos += n as u64;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.io_error(e)),
            }
        }
    }

    fn read_block(&mut self, block: &mut [u8; BLOCK as usize]) -> Result<Block, SourceError> {
        let mut filled = 0;
        while filled < block.len() {
            let n = self.read(&mut block[filled..])?;
            if n == 0 {
                return Ok(if filled == 0 {
                    Block::Empty
                } else {
                    Block::Partial
                });
            }
            filled += n;
        }
        Ok(Block::Full)
    }

    /// Reads and discards `amount` bytes; the archive ending first means it is truncated.
    fn skip(&mut self, mut amount: u64, what: &str) -> Result<(), SourceError> {
        if let Some(length) = self.seeker.as_ref().map(|(_, length)| *length) {
            let Some(offset) = self
                .pos
                .checked_add(amount)
                .filter(|end| *end <= length)
                .and_then(|_| i64::try_from(amount).ok())
            else {
                self.pos = length;
                return Err(self.truncated(what));
            };
            let moved = match &mut self.seeker {
                Some((seeker, _)) => seeker.seek(SeekFrom::Current(offset)).map(|_| ()),
                None => Ok(()),
            };
            moved.map_err(|e| self.io_error(e))?;
            self.pos += amount;
            return Ok(());
        }
        let mut scratch = [0u8; 64 << 10];
        while amount > 0 {
            let want = amount.min(scratch.len() as u64) as usize;
            let n = self.read(&mut scratch[..want])?;
            if n == 0 {
                return Err(self.truncated(what));
            }
            amount -= n as u64;
        }
        Ok(())
    }

    /// Reads the data of an extension header (bounded) and skips its padding.
    fn read_small(&mut self, size: u64, limit: u64, offset: u64) -> Result<Vec<u8>, SourceError> {
        if size > limit {
            return Err(SourceError::TarHeaderTooLarge {
                path: self.path.to_path_buf(),
                offset,
                size,
                limit,
            });
        }
        let mut data = vec![0u8; size as usize];
        let mut filled = 0;
        while filled < data.len() {
            let n = self.read(&mut data[filled..])?;
            if n == 0 {
                return Err(self.truncated("inside a pax or GNU long-name header"));
            }
            filled += n;
        }
        self.skip(padding(size), "inside the padding after a header")?;
        Ok(data)
    }
}

/// Bytes of zero padding after `size` bytes of data.
fn padding(size: u64) -> u64 {
    (BLOCK - size % BLOCK) % BLOCK
}

/// One regular file of the archive, readable once while the archive streams past.
pub struct TarEntry<'e, 's> {
    name: String,
    size: u64,
    index: usize,
    header_offset: u64,
    remaining: u64,
    stream: &'e mut Stream<'s>,
    /// Set when the archive failed under the visitor; it replaces the visitor's own error.
    failure: Option<SourceError>,
}

impl TarEntry<'_, '_> {
    /// The package-relative name, normalised (`./vm.ovf` → `vm.ovf`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The size the header (or its pax record) declares; the data is exactly this long.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Position among the archive's regular files (0 is the first).
    pub fn index(&self) -> usize {
        self.index
    }

    /// Where the entry's header starts in the archive.
    pub fn header_offset(&self) -> u64 {
        self.header_offset
    }

    /// How far into the archive reading has got.
    pub fn archive_position(&self) -> u64 {
        self.stream.pos
    }
}

impl Read for TarEntry<'_, '_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.remaining == 0 || buf.is_empty() {
            return Ok(0);
        }
        let want = self.remaining.min(buf.len() as u64) as usize;
        match self.stream.read(&mut buf[..want]) {
            Ok(0) => {
                let what = format!("inside `{}`", self.name);
                self.failure = Some(self.stream.truncated(what));
                Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the archive is truncated",
                ))
            }
            Ok(n) => {
                self.remaining -= n as u64;
                Ok(n)
            }
            Err(error) => {
                let message = error.to_string();
                self.failure = Some(error);
                Err(io::Error::other(message))
            }
        }
    }
}

/// What one pass over an archive saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TarSummary {
    /// Regular files handed to the visitor.
    pub files: usize,
    /// Bytes of the archive read, up to and including the end-of-archive marker.
    pub bytes: u64,
}

/// Extension records that apply to the next real entry.
#[derive(Default)]
struct Pending {
    name: Option<Vec<u8>>,
    size: Option<u64>,
    pax: bool,
    long_name: bool,
}

impl Pending {
    fn is_empty(&self) -> bool {
        !self.pax && !self.long_name
    }
}

/// Reads a tar archive from `source` in one pass and hands every regular file, in archive
/// order, to `visit`. The whole archive is refused at the first unsafe entry; a visitor
/// error stops the pass and is returned (unless the archive itself failed under it).
pub fn read_tar<E: From<SourceError>>(
    path: &Path,
    source: &mut dyn Read,
    limits: &Limits,
    visit: impl FnMut(&mut TarEntry<'_, '_>) -> Result<(), E>,
) -> Result<TarSummary, E> {
    let stream = Stream {
        inner: source,
        seeker: None,
        path,
        pos: 0,
    };
    walk(stream, limits, visit)
}

/// [`read_tar`] over a file from its current position (normally the start): data the
/// visitor leaves unread is seeked over instead of read, and data that would lie past the
/// file's end is reported as truncation.
pub fn read_tar_file<E: From<SourceError>>(
    path: &Path,
    file: &File,
    limits: &Limits,
    visit: impl FnMut(&mut TarEntry<'_, '_>) -> Result<(), E>,
) -> Result<TarSummary, E> {
    let io = |source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    };
    let length = file.metadata().map_err(io)?.len();
    let mut seeker = file;
    let start = seeker.stream_position().map_err(io)?;
    let mut reader = file;
    let stream = Stream {
        inner: &mut reader,
        seeker: Some((&mut seeker, length)),
        path,
        pos: start,
    };
    walk(stream, limits, visit)
}

fn walk<E: From<SourceError>>(
    mut stream: Stream<'_>,
    limits: &Limits,
    mut visit: impl FnMut(&mut TarEntry<'_, '_>) -> Result<(), E>,
) -> Result<TarSummary, E> {
    let path = stream.path;
    let mut seen: HashSet<String> = HashSet::new();
    let mut entries = 0usize;
    let mut files = 0usize;
    let mut pending = Pending::default();
    let mut block = [0u8; BLOCK as usize];
    loop {
        let offset = stream.pos;
        match stream.read_block(&mut block)? {
            Block::Full => {}
            Block::Empty if offset == 0 => {
                return Err(bad(path, 0, "the file is empty, not a tar archive").into());
            }
            Block::Empty if pending.is_empty() => {
                return Err(stream
                    .truncated("the archive ends without tar's end-of-archive marker")
                    .into());
            }
            Block::Empty | Block::Partial => {
                return Err(stream.truncated("inside an entry header").into());
            }
        }
        if block.iter().all(|b| *b == 0) {
            if !pending.is_empty() {
                return Err(bad(
                    path,
                    offset,
                    "an extension header is not followed by an entry",
                )
                .into());
            }
            return Ok(TarSummary {
                files,
                bytes: stream.pos,
            });
        }
        let header = Header::from_byte_slice(&block);
        check_sum(header, path, offset, files == 0 && entries == 0)?;
        let entry_type = header.entry_type();
        let declared = header
            .entry_size()
            .map_err(|e| bad(path, offset, &format!("bad size field: {e}")))?;
        match entry_type {
            EntryType::XHeader => {
                if pending.pax {
                    return Err(bad(path, offset, "two pax headers describe one entry").into());
                }
                pending.pax = true;
                let data = stream.read_small(declared, limits.max_tar_header_bytes, offset)?;
                read_pax(&data, path, offset, &mut pending)?;
                continue;
            }
            EntryType::GNULongName => {
                if pending.long_name {
                    return Err(
                        bad(path, offset, "two long-name headers describe one entry").into(),
                    );
                }
                pending.long_name = true;
                let mut data = stream.read_small(declared, limits.max_tar_header_bytes, offset)?;
                while data.last() == Some(&0) {
                    data.pop();
                }
                // A pax `path` record, when present, wins over the GNU long name.
                pending.name.get_or_insert(data);
                continue;
            }
            EntryType::XGlobalHeader => {
                // Archive-wide defaults (comments, times): nothing that vnfwiz uses.
                stream.skip(declared + padding(declared), "inside a pax global header")?;
                continue;
            }
            _ => {}
        }
        let size = pending.size.unwrap_or(declared);
        let raw = match pending.name.take() {
            Some(name) => name,
            None => header.path_bytes().into_owned(),
        };
        pending = Pending::default();
        let raw = String::from_utf8(raw)
            .map_err(|e| refuse(path, &String::from_utf8_lossy(e.as_bytes()), "is not UTF-8"))?;
        if let Some(reason) = refused_type(entry_type) {
            return Err(refuse(path, &raw, reason).into());
        }
        let name = archive_entry_name(&raw).map_err(|reason| refuse(path, &raw, reason))?;
        entries += 1;
        if entries > limits.max_archive_entries {
            return Err(SourceError::TooManyEntries {
                path: path.to_path_buf(),
                limit: limits.max_archive_entries,
            }
            .into());
        }
        if entry_type == EntryType::Directory || name.is_empty() {
            stream.skip(size + padding(size), "inside a folder entry")?;
            continue;
        }
        if !seen.insert(name.clone()) {
            return Err(refuse(path, &name, "is stored twice").into());
        }
        let mut entry = TarEntry {
            name,
            size,
            index: files,
            header_offset: offset,
            remaining: size,
            stream: &mut stream,
            failure: None,
        };
        let visited = visit(&mut entry);
        if let Some(failure) = entry.failure.take() {
            return Err(failure.into());
        }
        visited?;
        let rest = entry.remaining + padding(size);
        let what = format!("inside `{}`", entry.name);
        stream.skip(rest, &what)?;
        files += 1;
    }
}

/// Why an entry type is refused; `None` for regular files, folders and contiguous files.
fn refused_type(entry_type: EntryType) -> Option<&'static str> {
    match entry_type {
        EntryType::Regular | EntryType::Continuous | EntryType::Directory => None,
        EntryType::Symlink => Some("is a symbolic link"),
        EntryType::Link => Some("is a hard link"),
        EntryType::GNULongLink => Some("carries a link target"),
        EntryType::Char | EntryType::Block => Some("is a device, not a regular file"),
        EntryType::Fifo => Some("is a named pipe, not a regular file"),
        EntryType::GNUSparse => Some("is a sparse file; store disks as plain files"),
        _ => Some("has an entry type vnfwiz does not read; store plain files only"),
    }
}

/// Applies the pax records vnfwiz needs: the path and the size of the next entry.
fn read_pax(
    data: &[u8],
    path: &Path,
    offset: u64,
    pending: &mut Pending,
) -> Result<(), SourceError> {
    for record in PaxExtensions::new(data) {
        let record = record.map_err(|e| bad(path, offset, &format!("bad pax record: {e}")))?;
        let key = record
            .key()
            .map_err(|_| bad(path, offset, "a pax key is not UTF-8"))?;
        match key {
            "path" => pending.name = Some(record.value_bytes().to_vec()),
            "size" => {
                let size = record
                    .value()
                    .ok()
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| bad(path, offset, "the pax size is not a number"))?;
                pending.size = Some(size);
            }
            key if key.starts_with("GNU.sparse") => {
                return Err(bad(
                    path,
                    offset,
                    "a pax sparse file; store disks as plain files",
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Verifies a header's checksum (the sum of its bytes with the checksum field as spaces).
fn check_sum(header: &Header, path: &Path, offset: u64, first: bool) -> Result<(), SourceError> {
    let bytes = header.as_bytes();
    let sum: u32 = bytes[..148]
        .iter()
        .chain(&bytes[156..])
        .map(|b| u32::from(*b))
        .sum::<u32>()
        + 8 * u32::from(b' ');
    let stored = header.cksum().ok();
    if stored == Some(sum) {
        return Ok(());
    }
    let reason = if first {
        "this is not a tar archive: the first header's checksum does not match"
    } else {
        "a header's checksum does not match; the archive is corrupt"
    };
    Err(bad(path, offset, reason))
}

fn bad(path: &Path, offset: u64, reason: &str) -> SourceError {
    SourceError::BadTar {
        path: path.to_path_buf(),
        offset,
        reason: reason.to_owned(),
    }
}

fn refuse(path: &Path, entry: &str, reason: &str) -> SourceError {
    SourceError::UnsafeEntry {
        archive: PathBuf::from(path),
        entry: entry.to_owned(),
        reason: reason.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A raw ustar header, written byte by byte so hostile names and types can be made.
    fn raw_header(name: &[u8], entry_type: EntryType, size: u64) -> Vec<u8> {
        let mut header = Header::new_ustar();
        header.as_old_mut().name[..name.len()].copy_from_slice(name);
        header.set_size(size);
        header.set_mode(0o644);
        header.set_entry_type(entry_type);
        header.set_cksum();
        header.as_bytes().to_vec()
    }

    fn with_data(mut header: Vec<u8>, data: &[u8]) -> Vec<u8> {
        header.extend_from_slice(data);
        header.resize(header.len() + padding(data.len() as u64) as usize, 0);
        header
    }

    fn file(name: &str, data: &[u8]) -> Vec<u8> {
        with_data(
            raw_header(name.as_bytes(), EntryType::Regular, data.len() as u64),
            data,
        )
    }

    fn archive(parts: &[Vec<u8>]) -> Vec<u8> {
        let mut out: Vec<u8> = parts.concat();
        out.extend_from_slice(&[0u8; 1024]);
        out
    }

    /// Reads every entry fully; returns (name, data) pairs or the error.
    fn read_all(bytes: &[u8], limits: &Limits) -> Result<Vec<(String, Vec<u8>)>, SourceError> {
        let mut seen = Vec::new();
        let mut source = bytes;
        read_tar(Path::new("x.ova"), &mut source, limits, |entry| {
            let mut data = Vec::new();
            entry
                .read_to_end(&mut data)
                .map_err(|source| SourceError::Io {
                    path: PathBuf::from(entry.name()),
                    source,
                })?;
            seen.push((entry.name().to_owned(), data));
            Ok::<_, SourceError>(())
        })?;
        Ok(seen)
    }

    fn names(result: &[(String, Vec<u8>)]) -> Vec<&str> {
        result.iter().map(|(n, _)| n.as_str()).collect()
    }

    #[test]
    fn reads_files_in_order_and_skips_folders() {
        let mut builder = ::tar::Builder::new(Vec::new());
        for (name, data) in [
            ("vm.ovf", &b"<Envelope/>"[..]),
            ("vm.mf", b"SHA256(vm.ovf)= 00\n"),
        ] {
            let mut header = Header::new_ustar();
            header.set_size(data.len() as u64);
            header.set_mode(0o644);
            builder.append_data(&mut header, name, data).unwrap();
        }
        let mut dir = Header::new_ustar();
        dir.set_entry_type(EntryType::Directory);
        dir.set_size(0);
        builder.append_data(&mut dir, "images/", &[][..]).unwrap();
        let long = format!("images/{}.vmdk", "d".repeat(150));
        let mut header = Header::new_gnu();
        header.set_size(3);
        builder
            .append_data(&mut header, &long, &b"abc"[..])
            .unwrap();
        let bytes = builder.into_inner().unwrap();
        let read = read_all(&bytes, &Limits::default()).unwrap();
        assert_eq!(names(&read), ["vm.ovf", "vm.mf", long.as_str()]);
        assert_eq!(read[2].1, b"abc");
    }

    #[test]
    fn pax_records_set_the_path_and_size() {
        // A pax record is `<length> <key>=<value>\n`, the length counting its own digits.
        let record = |key: &str, value: &str| {
            let body = format!(" {key}={value}\n");
            let mut length = body.len() + 1;
            while length.to_string().len() + body.len() != length {
                length += 1;
            }
            format!("{length}{body}")
        };
        let records = record("path", "dir/pax.txt") + &record("size", "5");
        let pax = with_data(
            raw_header(b"PaxHeader", EntryType::XHeader, records.len() as u64),
            records.as_bytes(),
        );
        // The ustar size field says 0; the pax size (5) wins, as every modern reader does.
        let entry = with_data(raw_header(b"short", EntryType::Regular, 0), b"hello");
        let read = read_all(&archive(&[pax, entry]), &Limits::default()).unwrap();
        assert_eq!(read, [("dir/pax.txt".to_owned(), b"hello".to_vec())]);
    }

    #[test]
    fn names_are_normalised() {
        let bytes = archive(&[file("./vm.ovf", b"x"), file("a//b.txt", b"y")]);
        let read = read_all(&bytes, &Limits::default()).unwrap();
        assert_eq!(names(&read), ["vm.ovf", "a/b.txt"]);
    }

    fn refused(bytes: &[u8]) -> (String, String) {
        match read_all(bytes, &Limits::default()) {
            Err(SourceError::UnsafeEntry { entry, reason, .. }) => (entry, reason),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn climbing_and_absolute_names_are_refused() {
        let (entry, reason) = refused(&archive(&[file("../evil.sh", b"x")]));
        assert_eq!(entry, "../evil.sh");
        assert!(reason.contains(".."), "{reason}");
        let (entry, reason) = refused(&archive(&[file("a/../../etc/cron.d/x", b"x")]));
        assert_eq!(entry, "a/../../etc/cron.d/x");
        assert!(reason.contains(".."));
        let (entry, reason) = refused(&archive(&[file("/etc/passwd", b"x")]));
        assert_eq!(entry, "/etc/passwd");
        assert!(reason.contains("absolute"));
    }

    #[test]
    fn links_devices_and_sparse_files_are_refused_and_never_followed() {
        let mut link = Header::new_ustar();
        link.as_old_mut().name[..8].copy_from_slice(b"disk.lnk");
        link.set_link_name("/etc/shadow").unwrap();
        link.set_entry_type(EntryType::Symlink);
        link.set_size(0);
        link.set_cksum();
        let (entry, reason) = refused(&archive(&[link.as_bytes().to_vec()]));
        assert_eq!(entry, "disk.lnk");
        assert!(reason.contains("symbolic link"));
        let mut hard = link.clone();
        hard.set_entry_type(EntryType::Link);
        hard.set_cksum();
        assert!(
            refused(&archive(&[hard.as_bytes().to_vec()]))
                .1
                .contains("hard link")
        );
        for kind in [EntryType::Char, EntryType::Block] {
            let bytes = archive(&[raw_header(b"dev", kind, 0)]);
            assert!(refused(&bytes).1.contains("device"));
        }
        let fifo = archive(&[raw_header(b"pipe", EntryType::Fifo, 0)]);
        assert!(refused(&fifo).1.contains("pipe"));
        let sparse = archive(&[raw_header(b"disk.vmdk", EntryType::GNUSparse, 0)]);
        assert!(refused(&sparse).1.contains("sparse"));
    }

    #[test]
    fn a_refusal_stops_before_anything_after_it_is_read() {
        let bytes = archive(&[
            file("vm.ovf", b"<Envelope/>"),
            file("../../escape", b"payload"),
            file("disk.vmdk", b"disk"),
        ]);
        let mut visited = Vec::new();
        let mut source = &bytes[..];
        let result = read_tar(Path::new("x.ova"), &mut source, &Limits::default(), |e| {
            visited.push(e.name().to_owned());
            Ok::<_, SourceError>(())
        });
        assert!(matches!(result, Err(SourceError::UnsafeEntry { .. })));
        assert_eq!(visited, ["vm.ovf"]);
    }

    #[test]
    fn a_name_stored_twice_is_refused() {
        let bytes = archive(&[file("disk.vmdk", b"a"), file("./disk.vmdk", b"b")]);
        assert!(refused(&bytes).1.contains("twice"));
    }

    #[test]
    fn truncation_is_a_clear_error_wherever_it_happens() {
        let whole = archive(&[
            file("vm.ovf", b"<Envelope/>"),
            file("disk.vmdk", &[7u8; 2000]),
        ]);
        let in_data = &whole[..512 + 512 + 512 + 1000];
        match read_all(in_data, &Limits::default()) {
            Err(SourceError::Truncated { what, offset, .. }) => {
                assert!(what.contains("disk.vmdk"), "{what}");
                assert_eq!(offset, 512 + 512 + 512 + 1000);
            }
            other => panic!("{other:?}"),
        }
        let at_boundary = &whole[..whole.len() - 1024];
        match read_all(at_boundary, &Limits::default()) {
            Err(SourceError::Truncated { what, .. }) => assert!(what.contains("end-of-archive")),
            other => panic!("{other:?}"),
        }
        let in_header = &whole[..1024 + 100];
        assert!(matches!(
            read_all(in_header, &Limits::default()),
            Err(SourceError::Truncated { .. })
        ));
        let message = read_all(in_data, &Limits::default())
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("x.ova") && message.contains("truncated"),
            "{message}"
        );
    }

    #[test]
    fn corrupt_headers_and_other_formats_are_refused() {
        let mut bytes = archive(&[file("vm.ovf", b"x"), file("disk.vmdk", b"y")]);
        bytes[1024 + 10] ^= 0x20;
        match read_all(&bytes, &Limits::default()) {
            Err(SourceError::BadTar { offset, reason, .. }) => {
                assert_eq!(offset, 1024);
                assert!(reason.contains("checksum"));
            }
            other => panic!("{other:?}"),
        }
        match read_all(b"", &Limits::default()) {
            Err(SourceError::BadTar { reason, .. }) => assert!(reason.contains("empty")),
            other => panic!("{other:?}"),
        }
        let mut zip = b"PK\x03\x04".to_vec();
        zip.resize(2048, 1);
        match read_all(&zip, &Limits::default()) {
            Err(SourceError::BadTar { reason, .. }) => assert!(reason.contains("not a tar")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_entry_limit_is_enforced() {
        let parts: Vec<Vec<u8>> = (0..4).map(|i| file(&format!("f{i}"), b"x")).collect();
        let limits = Limits {
            max_archive_entries: 3,
            ..Limits::default()
        };
        assert!(matches!(
            read_all(&archive(&parts), &limits),
            Err(SourceError::TooManyEntries { limit: 3, .. })
        ));
        assert_eq!(read_all(&archive(&parts[..3]), &limits).unwrap().len(), 3);
    }

    #[test]
    fn the_extension_header_limit_is_enforced() {
        let long = "x".repeat(300);
        let mut builder = ::tar::Builder::new(Vec::new());
        let mut header = Header::new_gnu();
        header.set_size(1);
        builder.append_data(&mut header, &long, &b"a"[..]).unwrap();
        let bytes = builder.into_inner().unwrap();
        let limits = Limits {
            max_tar_header_bytes: 200,
            ..Limits::default()
        };
        assert!(matches!(
            read_all(&bytes, &limits),
            Err(SourceError::TarHeaderTooLarge { limit: 200, .. })
        ));
        assert_eq!(read_all(&bytes, &Limits::default()).unwrap()[0].0, long);
    }

    #[test]
    fn entries_left_unread_are_skipped_exactly() {
        let bytes = archive(&[file("a", &[1u8; 700]), file("b", b"second")]);
        let mut got = Vec::new();
        let mut source = &bytes[..];
        let summary = read_tar(Path::new("x.ova"), &mut source, &Limits::default(), |e| {
            let mut first = [0u8; 3];
            e.read_exact(&mut first).unwrap();
            got.push((e.name().to_owned(), e.index(), first));
            Ok::<_, SourceError>(())
        })
        .unwrap();
        assert_eq!(got[1], ("b".to_owned(), 1, *b"sec"));
        assert_eq!(summary.files, 2);
        assert_eq!(summary.bytes as usize, bytes.len() - 512);
    }
}
