//! The files of one package, from a folder or a zip, read on demand within limits.
//!
//! Names are package-relative with `/` separators. Nothing outside the package is listed
//! or read: symbolic links are skipped in folders and refused in archives, and archive
//! entries with absolute or climbing names make the whole archive refused.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use zip::ZipArchive;

use super::error::SourceError;
use super::overlay::Overlay;
use super::path::archive_entry_name;
use crate::foundation::limits::Limits;
use crate::input::yaml::Memo;

/// What a zip is read from: a file, a stored entry of another zip (a window on its file),
/// or bytes inflated into memory.
trait ZipSource: Read + Seek + Send {}

impl<T: Read + Seek + Send> ZipSource for T {}

enum Backend {
    /// A folder listed up front.
    Dir(PathBuf),
    /// A folder that is not listed; names are checked on the filesystem when asked for.
    Sparse(PathBuf),
    /// The archive and, for each listed name, its entry index.
    Zip(Mutex<ZipArchive<Box<dyn ZipSource>>>, Vec<usize>),
    /// Files held in memory (a generated set before it is written), parallel to the names.
    Memory(Vec<Vec<u8>>),
}

/// The files of a package, listed up front and read on demand.
pub struct PackageFiles {
    origin: PathBuf,
    backend: Backend,
    names: Vec<String>,
    sizes: Vec<u64>,
    limits: Limits,
    read_so_far: AtomicU64,
    /// Stored archive entries whose streamed bytes did not match their CRC-32.
    damaged: Mutex<Vec<String>>,
    /// Texts read instead of a folder's files (an editor's open documents), by name.
    overlaid: BTreeMap<String, Arc<[u8]>>,
    /// The documents parsed in earlier checks, from the overlay.
    memo: Option<Arc<Memo>>,
}

impl std::fmt::Debug for PackageFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackageFiles")
            .field("origin", &self.origin)
            .field("files", &self.names.len())
            .finish()
    }
}

const S_IFMT: u32 = 0o170_000;
const S_IFLNK: u32 = 0o120_000;
const S_IFREG: u32 = 0o100_000;
const S_IFDIR: u32 = 0o040_000;

impl PackageFiles {
    /// Files of `backend` with nothing read, damaged, overlaid or remembered yet.
    fn new(
        origin: PathBuf,
        backend: Backend,
        names: Vec<String>,
        sizes: Vec<u64>,
        limits: &Limits,
    ) -> PackageFiles {
        PackageFiles {
            origin,
            backend,
            names,
            sizes,
            limits: *limits,
            read_so_far: AtomicU64::new(0),
            damaged: Mutex::new(Vec::new()),
            overlaid: BTreeMap::new(),
            memo: None,
        }
    }

    /// Lists a folder recursively (symbolic links are skipped, never followed).
    pub fn open_dir(dir: &Path, limits: &Limits) -> Result<PackageFiles, SourceError> {
        let mut found: Vec<(String, u64)> = Vec::new();
        let mut pending = vec![(dir.to_path_buf(), String::new())];
        while let Some((folder, prefix)) = pending.pop() {
            let entries = std::fs::read_dir(&folder).map_err(|source| SourceError::Io {
                path: folder.clone(),
                source,
            })?;
            for entry in entries {
                let entry = entry.map_err(|source| SourceError::Io {
                    path: folder.clone(),
                    source,
                })?;
                let name = entry.file_name().to_string_lossy().into_owned();
                // Version-control folders are not part of a package.
                if name == ".git" {
                    continue;
                }
                let meta =
                    std::fs::symlink_metadata(entry.path()).map_err(|source| SourceError::Io {
                        path: entry.path(),
                        source,
                    })?;
                let rel = format!("{prefix}{name}");
                if meta.is_dir() {
                    pending.push((entry.path(), format!("{rel}/")));
                } else if meta.is_file() {
                    found.push((rel, meta.len()));
                    if found.len() > limits.max_archive_entries {
                        return Err(SourceError::TooManyEntries {
                            path: dir.to_path_buf(),
                            limit: limits.max_archive_entries,
                        });
                    }
                }
            }
        }
        found.sort();
        crate::foundation::fault::at("listed").map_err(|source| SourceError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let (names, sizes) = found.into_iter().unzip();
        Ok(PackageFiles::new(
            dir.to_path_buf(),
            Backend::Dir(dir.to_path_buf()),
            names,
            sizes,
            limits,
        ))
    }

    /// A folder whose files are looked up one by one (for templates given as single files,
    /// so a template in a large folder does not list the whole tree).
    pub fn open_sparse(dir: &Path, limits: &Limits) -> PackageFiles {
        PackageFiles::new(
            dir.to_path_buf(),
            Backend::Sparse(dir.to_path_buf()),
            Vec::new(),
            Vec::new(),
            limits,
        )
    }

    /// Opens a zip and checks every entry name before anything is read.
    pub fn open_zip(path: &Path, limits: &Limits) -> Result<PackageFiles, SourceError> {
        let file = File::open(path).map_err(|source| SourceError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        PackageFiles::from_zip(path, Box::new(file), limits)
    }

    /// Opens the zip that is entry `name` of this archive (the CSAR inside a signed
    /// package), as `origin`: a stored entry is read in place through a window on the
    /// archive's file, never copied; a compressed one is inflated into memory within the
    /// per-file limit (a package zips its CSAR stored, as it gains nothing from deflating).
    pub fn open_inner_zip(&self, name: &str, origin: &Path) -> Result<PackageFiles, SourceError> {
        let position = self
            .index(name)
            .ok_or_else(|| SourceError::Missing(name.to_owned()))?;
        let Backend::Zip(archive, indices) = &self.backend else {
            return Err(SourceError::Unsupported {
                path: origin.to_path_buf(),
                reason: "an inner archive is read only from a zip".to_owned(),
            });
        };
        let bad = |e: zip::result::ZipError| SourceError::BadArchive {
            path: self.origin.clone(),
            reason: format!("{name}: {e}"),
        };
        let (stored, start, size) = {
            let mut archive = archive.lock().unwrap_or_else(|p| p.into_inner());
            let entry = archive.by_index_raw(indices[position]).map_err(bad)?;
            (
                entry.compression() == zip::CompressionMethod::Stored,
                entry.data_start(),
                entry.compressed_size(),
            )
        };
        let source: Box<dyn ZipSource> = match (stored, start) {
            (true, Some(start)) => {
                let file = File::open(&self.origin).map_err(|source| SourceError::Io {
                    path: self.origin.clone(),
                    source,
                })?;
                Box::new(Window::new(file, start, size))
            }
            _ => Box::new(std::io::Cursor::new(self.read(name)?)),
        };
        PackageFiles::from_zip(origin, source, &self.limits)
    }

    /// Lists a zip read from `source`, checking every entry name before anything is read.
    fn from_zip(
        path: &Path,
        source: Box<dyn ZipSource>,
        limits: &Limits,
    ) -> Result<PackageFiles, SourceError> {
        let mut archive = ZipArchive::new(source).map_err(|e| SourceError::BadArchive {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })?;
        if archive.len() > limits.max_archive_entries {
            return Err(SourceError::TooManyEntries {
                path: path.to_path_buf(),
                limit: limits.max_archive_entries,
            });
        }
        let mut found: Vec<(String, u64, usize)> = Vec::with_capacity(archive.len());
        for index in 0..archive.len() {
            let entry = archive
                .by_index_raw(index)
                .map_err(|e| SourceError::BadArchive {
                    path: path.to_path_buf(),
                    reason: e.to_string(),
                })?;
            let raw = String::from_utf8_lossy(entry.name_raw()).into_owned();
            let refuse = |reason: &str| SourceError::UnsafeEntry {
                archive: path.to_path_buf(),
                entry: raw.clone(),
                reason: reason.to_owned(),
            };
            let kind = entry.unix_mode().map(|m| m & S_IFMT);
            if kind == Some(S_IFLNK) {
                return Err(refuse("is a symbolic link"));
            }
            if kind.is_some_and(|k| k != S_IFREG && k != S_IFDIR && k != 0) {
                return Err(refuse("is not a regular file"));
            }
            let clean = archive_entry_name(&raw).map_err(refuse)?;
            if entry.is_dir() || clean.is_empty() {
                continue;
            }
            found.push((clean, entry.size(), index));
        }
        found.sort();
        if let Some(pair) = found.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(SourceError::UnsafeEntry {
                archive: path.to_path_buf(),
                entry: pair[0].0.clone(),
                reason: "is stored twice".to_owned(),
            });
        }
        let mut names = Vec::with_capacity(found.len());
        let mut sizes = Vec::with_capacity(found.len());
        let mut indices = Vec::with_capacity(found.len());
        for (name, size, index) in found {
            names.push(name);
            sizes.push(size);
            indices.push(index);
        }
        Ok(PackageFiles::new(
            path.to_path_buf(),
            Backend::Zip(Mutex::new(archive), indices),
            names,
            sizes,
            limits,
        ))
    }

    /// A package held in memory: `files` are package-relative names with their bytes (a
    /// set generated by `onboard`, validated before anything is written). A name given
    /// twice keeps its last bytes; unsafe names are refused as in archives.
    pub fn from_memory(
        origin: &Path,
        files: Vec<(String, Vec<u8>)>,
        limits: &Limits,
    ) -> Result<PackageFiles, SourceError> {
        if files.len() > limits.max_archive_entries {
            return Err(SourceError::TooManyEntries {
                path: origin.to_path_buf(),
                limit: limits.max_archive_entries,
            });
        }
        let mut found: Vec<(String, Vec<u8>)> = Vec::with_capacity(files.len());
        for (name, bytes) in files {
            let clean = archive_entry_name(&name)
                .and_then(|c| if c.is_empty() { Err("is empty") } else { Ok(c) })
                .map_err(|reason| SourceError::UnsafeEntry {
                    archive: origin.to_path_buf(),
                    entry: name.clone(),
                    reason: reason.to_owned(),
                })?;
            found.push((clean, bytes));
        }
        // Stable sort keeps the given order among equal names, so the last one wins below.
        found.sort_by(|a, b| a.0.cmp(&b.0));
        let mut names: Vec<String> = Vec::with_capacity(found.len());
        let mut contents: Vec<Vec<u8>> = Vec::with_capacity(found.len());
        for (name, bytes) in found {
            if names.last() == Some(&name) {
                if let Some(last) = contents.last_mut() {
                    *last = bytes;
                }
                continue;
            }
            names.push(name);
            contents.push(bytes);
        }
        let sizes = contents.iter().map(|c| c.len() as u64).collect();
        Ok(PackageFiles::new(
            origin.to_path_buf(),
            Backend::Memory(contents),
            names,
            sizes,
            limits,
        ))
    }

    /// The same folder read through `overlay`: a text it holds for a file of the folder is
    /// read instead of the file, and one for a file not on disk (a new, unsaved document)
    /// joins the listing as a file would. Archives and files held in memory are what they
    /// are: an overlay does not reach into them.
    pub fn through(mut self, overlay: &Overlay) -> Result<PackageFiles, SourceError> {
        self.memo = overlay.memo().cloned();
        let root = match &self.backend {
            Backend::Dir(root) | Backend::Sparse(root) => root.clone(),
            Backend::Zip(..) | Backend::Memory(_) => return Ok(self),
        };
        let root = std::path::absolute(&root).unwrap_or(root);
        let mut overlaid = overlay.under(&root);
        // What a folder's listing leaves out, an overlay does not bring back.
        overlaid.retain(|name, _| !name.split('/').any(|part| part == ".git"));
        if let Backend::Dir(_) = self.backend {
            let mut listed: Vec<(String, u64)> =
                self.names.drain(..).zip(self.sizes.drain(..)).collect();
            for (name, text) in &overlaid {
                match listed.binary_search_by(|(n, _)| n.as_str().cmp(name)) {
                    Ok(at) => listed[at].1 = text.len() as u64,
                    Err(at) => listed.insert(at, (name.clone(), text.len() as u64)),
                }
            }
            if listed.len() > self.limits.max_archive_entries {
                return Err(SourceError::TooManyEntries {
                    path: self.origin.clone(),
                    limit: self.limits.max_archive_entries,
                });
            }
            (self.names, self.sizes) = listed.into_iter().unzip();
        }
        self.overlaid = overlaid;
        Ok(self)
    }

    /// This package parses its YAML through `memo` (documents kept from earlier loads), so
    /// a text seen before is not parsed again.
    pub fn with_memo(mut self, memo: Option<Arc<Memo>>) -> PackageFiles {
        self.memo = memo;
        self
    }

    /// The documents parsed in earlier checks (from the overlay), to parse this package's
    /// YAML through.
    pub fn memo(&self) -> Option<&Memo> {
        self.memo.as_deref()
    }

    /// The folder or archive this package was read from.
    pub fn origin(&self) -> &Path {
        &self.origin
    }

    /// True when the package is a zip archive.
    pub fn is_archive(&self) -> bool {
        matches!(self.backend, Backend::Zip(..))
    }

    /// Every file, package-relative and sorted (empty for a folder read file by file).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// True when the files were listed up front (a folder or an archive).
    pub fn is_listed(&self) -> bool {
        !matches!(self.backend, Backend::Sparse(_))
    }

    /// Whether `name` is a regular file of the package (never through a symbolic link).
    pub fn contains(&self, name: &str) -> bool {
        if self.overlaid.contains_key(name) {
            return true;
        }
        match &self.backend {
            Backend::Sparse(root) => sparse_size(root, name).is_some(),
            _ => self.index(name).is_some(),
        }
    }

    /// The size the folder or archive directory states for `name`.
    pub fn size(&self, name: &str) -> Option<u64> {
        if let Some(text) = self.overlaid.get(name) {
            return Some(text.len() as u64);
        }
        match &self.backend {
            Backend::Sparse(root) => sparse_size(root, name),
            _ => self.index(name).map(|i| self.sizes[i]),
        }
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.names
            .binary_search_by(|probe| probe.as_str().cmp(name))
            .ok()
    }

    /// Hands a file to `consume` as a reader, without holding it in memory (disks and
    /// images are hashed this way). Bytes inflated from a compressed archive entry count
    /// against the archive's total budget; a stored entry cannot expand beyond the
    /// archive's own size, so it does not. A read failure is returned as the package's
    /// error even when `consume` turned it into its own.
    pub fn stream<T, E: From<SourceError>>(
        &self,
        name: &str,
        consume: impl FnOnce(&mut dyn Read) -> Result<T, E>,
    ) -> Result<T, E> {
        if let Some(text) = self.overlaid.get(name) {
            return self.gated(name, &text[..], false, None, consume);
        }
        let position = match &self.backend {
            Backend::Sparse(_) if self.contains(name) => 0,
            _ => self
                .index(name)
                .ok_or_else(|| SourceError::Missing(name.to_owned()))?,
        };
        match &self.backend {
            Backend::Dir(root) | Backend::Sparse(root) => {
                let file = open_regular(&root.join(name))?;
                self.gated(name, file, false, None, consume)
            }
            Backend::Memory(contents) => {
                self.gated(name, contents[position].as_slice(), false, None, consume)
            }
            Backend::Zip(archive, indices) => {
                let mut archive = archive.lock().unwrap_or_else(|p| p.into_inner());
                let bad = |e: zip::result::ZipError| SourceError::BadArchive {
                    path: self.origin.clone(),
                    reason: format!("{name}: {e}"),
                };
                let stored = archive
                    .by_index_raw(indices[position])
                    .map_err(bad)?
                    .compression()
                    == zip::CompressionMethod::Stored;
                // A stored entry is read raw and its CRC checked here, so damaged bytes
                // still stream to the end (their digest is what reports them).
                let (entry, crc) = if stored {
                    let entry = archive.by_index_raw(indices[position]).map_err(bad)?;
                    let expected = entry.crc32();
                    (entry, Some((flate2::Crc::new(), expected)))
                } else {
                    (archive.by_index(indices[position]).map_err(bad)?, None)
                };
                self.gated(name, entry, !stored, crc, consume)
            }
        }
    }

    /// Hands `consume` the bytes of `name` from `inner` through the gate that counts them
    /// against the limits (and checks a stored entry's CRC), then gives its result unless
    /// reading failed under it.
    fn gated<R: Read, T, E: From<SourceError>>(
        &self,
        name: &str,
        inner: R,
        inflated: bool,
        crc: Option<(flate2::Crc, u32)>,
        consume: impl FnOnce(&mut dyn Read) -> Result<T, E>,
    ) -> Result<T, E> {
        let mut gate = Gate {
            inner,
            files: self,
            name,
            inflated,
            crc,
            failure: None,
        };
        let result = consume(&mut gate);
        gate.finish(result)
    }

    /// Stored archive entries streamed so far whose bytes did not match the CRC-32 their
    /// headers record (changed or damaged after the archive was written).
    pub fn damaged(&self) -> Vec<String> {
        self.damaged
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Reads a whole file, refusing more than the per-file limit whatever its header says.
    pub fn read(&self, name: &str) -> Result<Vec<u8>, SourceError> {
        let limit = self.limits.max_file_bytes;
        if let Some(text) = self.overlaid.get(name) {
            if text.len() as u64 > limit {
                return Err(SourceError::TooLarge {
                    path: name.to_owned(),
                    size: text.len() as u64,
                    limit,
                });
            }
            return Ok(text.to_vec());
        }
        let position = match &self.backend {
            Backend::Sparse(_) if self.contains(name) => 0,
            _ => self
                .index(name)
                .ok_or_else(|| SourceError::Missing(name.to_owned()))?,
        };
        let too_large = |size| SourceError::TooLarge {
            path: name.to_owned(),
            size,
            limit,
        };
        let data = match &self.backend {
            Backend::Dir(root) | Backend::Sparse(root) => {
                let path = root.join(name);
                let file = open_regular(&path)?;
                read_bounded(file, limit).map_err(|e| match e {
                    Bounded::Over(size) => too_large(size),
                    Bounded::Io(source) => SourceError::Io { path, source },
                })?
            }
            Backend::Memory(contents) => {
                let data = &contents[position];
                if data.len() as u64 > limit {
                    return Err(too_large(data.len() as u64));
                }
                data.clone()
            }
            Backend::Zip(archive, indices) => {
                let mut archive = archive.lock().unwrap_or_else(|p| p.into_inner());
                let entry =
                    archive
                        .by_index(indices[position])
                        .map_err(|e| SourceError::BadArchive {
                            path: self.origin.clone(),
                            reason: format!("{name}: {e}"),
                        })?;
                if entry.size() > limit {
                    return Err(too_large(entry.size()));
                }
                read_bounded(entry, limit).map_err(|e| match e {
                    Bounded::Over(size) => too_large(size),
                    Bounded::Io(source) => SourceError::BadArchive {
                        path: self.origin.clone(),
                        reason: format!("{name}: {source}"),
                    },
                })?
            }
        };
        let total = self
            .read_so_far
            .fetch_add(data.len() as u64, Ordering::Relaxed)
            + data.len() as u64;
        if self.is_archive() && total > self.limits.max_archive_total_bytes {
            return Err(SourceError::ArchiveBudget {
                path: self.origin.clone(),
                limit: self.limits.max_archive_total_bytes,
            });
        }
        Ok(data)
    }
}

/// A stretch of a file read as a file of its own: a stored zip entry inside its archive.
struct Window {
    file: File,
    start: u64,
    len: u64,
    at: u64,
}

impl Window {
    fn new(file: File, start: u64, len: u64) -> Window {
        Window {
            file,
            start,
            len,
            at: 0,
        }
    }
}

impl Read for Window {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.len.saturating_sub(self.at);
        if left == 0 || buf.is_empty() {
            return Ok(0);
        }
        let want = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        self.file.seek(SeekFrom::Start(self.start + self.at))?;
        let n = self.file.read(&mut buf[..want])?;
        self.at += n as u64;
        Ok(n)
    }
}

impl Seek for Window {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        let target = match to {
            SeekFrom::Start(n) => i128::from(n),
            SeekFrom::End(n) => i128::from(self.len) + i128::from(n),
            SeekFrom::Current(n) => i128::from(self.at) + i128::from(n),
        };
        if target < 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "seek before the start of the entry",
            ));
        }
        self.at = u64::try_from(target).unwrap_or(u64::MAX);
        Ok(self.at)
    }
}

/// A file being streamed: read errors and the archive budget are recorded with the
/// package's path, so the consumer's own error never hides them.
struct Gate<'f, R> {
    inner: R,
    files: &'f PackageFiles,
    name: &'f str,
    /// True for a compressed archive entry, whose bytes count against the budget.
    inflated: bool,
    /// For a stored entry read raw: the running CRC-32 and the one its header records.
    crc: Option<(flate2::Crc, u32)>,
    failure: Option<SourceError>,
}

impl<R> Gate<'_, R> {
    /// The consumer's result, unless reading failed under it.
    fn finish<T, E: From<SourceError>>(self, result: Result<T, E>) -> Result<T, E> {
        match self.failure {
            Some(failure) => Err(E::from(failure)),
            None => result,
        }
    }
}

impl<R: Read> Read for Gate<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = match self.inner.read(buf) {
            Ok(n) => n,
            Err(source) => {
                let message = source.to_string();
                self.failure = Some(match &self.files.backend {
                    Backend::Zip(..) => SourceError::BadArchive {
                        path: self.files.origin.clone(),
                        reason: format!("{}: {source}", self.name),
                    },
                    _ => SourceError::Io {
                        path: self.files.origin.join(self.name),
                        source,
                    },
                });
                return Err(std::io::Error::other(message));
            }
        };
        if let Some((crc, expected)) = &mut self.crc {
            if n > 0 {
                crc.update(&buf[..n]);
            } else if crc.sum() != *expected && !buf.is_empty() {
                self.files
                    .damaged
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(self.name.to_owned());
                self.crc = None;
            }
        }
        if !self.inflated {
            return Ok(n);
        }
        let total = self
            .files
            .read_so_far
            .fetch_add(n as u64, Ordering::Relaxed)
            + n as u64;
        if total > self.files.limits.max_archive_total_bytes {
            self.failure = Some(SourceError::ArchiveBudget {
                path: self.files.origin.clone(),
                limit: self.files.limits.max_archive_total_bytes,
            });
            return Err(std::io::Error::other("archive budget exceeded"));
        }
        Ok(n)
    }
}

/// The size of `name` under `root` when every step is a real folder and the last a regular
/// file; symbolic links anywhere on the way make it absent.
fn sparse_size(root: &Path, name: &str) -> Option<u64> {
    let mut path = root.to_path_buf();
    let mut parts = name.split('/').peekable();
    while let Some(part) = parts.next() {
        if part.is_empty() || part == "." || part == ".." {
            return None;
        }
        path.push(part);
        let meta = std::fs::symlink_metadata(&path).ok()?;
        if parts.peek().is_some() {
            if !meta.is_dir() {
                return None;
            }
        } else if meta.is_file() {
            return Some(meta.len());
        }
    }
    None
}

/// Opens a file that was regular when the package was listed, refusing what it may have
/// become since: a symbolic link is not followed, a pipe or device is not waited on.
fn open_regular(path: &Path) -> Result<File, SourceError> {
    let io = |source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io)?;
    if !file.metadata().map_err(io)?.is_file() {
        return Err(io(std::io::Error::other("is no longer a regular file")));
    }
    advise_sequential(&file);
    Ok(file)
}

/// Tells the kernel the file is read once from start to end, so it reads ahead further
/// (package files are hashed or copied whole). Only advice: a failure changes nothing.
fn advise_sequential(file: &File) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: the descriptor is open for the life of `file`; the call reads no memory.
        unsafe {
            libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_SEQUENTIAL);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

enum Bounded {
    Over(u64),
    Io(std::io::Error),
}

/// Reads at most `limit` bytes; one byte more means the source is too large.
fn read_bounded(source: impl Read, limit: u64) -> Result<Vec<u8>, Bounded> {
    let mut data = Vec::new();
    source
        .take(limit + 1)
        .read_to_end(&mut data)
        .map_err(Bounded::Io)?;
    if data.len() as u64 > limit {
        return Err(Bounded::Over(data.len() as u64));
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_with(entries: &[(&str, &[u8])]) -> tempfile::NamedTempFile {
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut writer = zip::ZipWriter::new(file.reopen().unwrap());
        for (name, data) in entries {
            writer
                .start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(data).unwrap();
        }
        writer.finish().unwrap();
        file
    }

    fn count(files: &PackageFiles, name: &str) -> Result<u64, SourceError> {
        files.stream(name, |reader| {
            std::io::copy(reader, &mut std::io::sink()).map_err(|source| SourceError::Io {
                path: PathBuf::from(name),
                source,
            })
        })
    }

    #[test]
    fn streams_folder_and_zip_files_without_the_per_file_limit() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("disk.vmdk"), vec![7u8; 5000]).unwrap();
        let limits = Limits {
            max_file_bytes: 100,
            ..Limits::default()
        };
        let folder = PackageFiles::open_sparse(dir.path(), &limits);
        assert_eq!(count(&folder, "disk.vmdk").unwrap(), 5000);
        assert!(matches!(
            count(&folder, "absent.vmdk"),
            Err(SourceError::Missing(_))
        ));
        let zip = zip_with(&[("disk.vmdk", &[7u8; 5000])]);
        let archive = PackageFiles::open_zip(zip.path(), &limits).unwrap();
        assert_eq!(count(&archive, "disk.vmdk").unwrap(), 5000);
    }

    #[test]
    fn a_folder_listing_leaves_out_version_control_only() {
        let dir = tempfile::tempdir().unwrap();
        // A hidden folder is part of the package (ONAP wants none: R-511776 reports it).
        for name in ["base.yaml", ".git/HEAD", ".vnfwiz/answers.yaml"] {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        let files = PackageFiles::open_dir(dir.path(), &Limits::default()).unwrap();
        assert_eq!(files.names(), [".vnfwiz/answers.yaml", "base.yaml"]);
    }

    #[test]
    fn an_overlay_stands_in_for_files_and_adds_unsaved_ones() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("base.yaml"), "on disk").unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join("lb.yaml"), "lb on disk").unwrap();
        let root = std::path::absolute(dir.path()).unwrap();
        let mut overlay = Overlay::none();
        let text = |s: &str| Arc::<[u8]>::from(s.as_bytes());
        overlay.insert(root.join("base.yaml"), text("in the editor"));
        overlay.insert(root.join("new.env"), text("unsaved"));
        overlay.insert(root.join(".git/COMMIT_EDITMSG"), text("left out"));
        let limits = Limits::default();
        let files = PackageFiles::open_dir(dir.path(), &limits)
            .unwrap()
            .through(&overlay)
            .unwrap();
        assert_eq!(files.names(), ["base.yaml", "lb.yaml", "new.env"]);
        assert_eq!(files.read("base.yaml").unwrap(), b"in the editor");
        assert_eq!(files.size("base.yaml"), Some(13));
        assert_eq!(files.read("new.env").unwrap(), b"unsaved");
        assert_eq!(files.read("lb.yaml").unwrap(), b"lb on disk");
        assert_eq!(count(&files, "base.yaml").unwrap(), 13);
        let sparse = PackageFiles::open_sparse(dir.path(), &limits)
            .through(&overlay)
            .unwrap();
        assert!(sparse.contains("new.env") && sparse.contains("lb.yaml"));
        assert_eq!(sparse.read("base.yaml").unwrap(), b"in the editor");
        let small = Limits {
            max_file_bytes: 4,
            ..Limits::default()
        };
        let bounded = PackageFiles::open_sparse(dir.path(), &small)
            .through(&overlay)
            .unwrap();
        assert!(matches!(
            bounded.read("base.yaml"),
            Err(SourceError::TooLarge { size: 13, .. })
        ));
    }

    #[test]
    fn zip_streams_share_the_archive_budget() {
        let zip = zip_with(&[("a.img", &[1u8; 3000]), ("b.img", &[2u8; 3000])]);
        let limits = Limits {
            max_archive_total_bytes: 4000,
            ..Limits::default()
        };
        let archive = PackageFiles::open_zip(zip.path(), &limits).unwrap();
        assert_eq!(count(&archive, "a.img").unwrap(), 3000);
        assert!(matches!(
            count(&archive, "b.img"),
            Err(SourceError::ArchiveBudget { limit: 4000, .. })
        ));
    }

    fn memory(files: &[(&str, &str)]) -> Result<PackageFiles, SourceError> {
        let files = files
            .iter()
            .map(|(n, b)| (n.to_string(), b.as_bytes().to_vec()))
            .collect();
        PackageFiles::from_memory(Path::new("out"), files, &Limits::default())
    }

    #[test]
    fn memory_packages_list_sorted_names_and_read_the_last_copy() {
        let files = memory(&[("b.yaml", "1"), ("./a/x.sh", "2"), ("b.yaml", "3")]).unwrap();
        assert_eq!(files.names(), ["a/x.sh", "b.yaml"]);
        assert!(files.is_listed() && !files.is_archive());
        assert_eq!(files.read("b.yaml").unwrap(), b"3");
        assert_eq!(files.size("a/x.sh"), Some(1));
        assert!(matches!(files.read("c"), Err(SourceError::Missing(_))));
    }

    #[test]
    fn memory_packages_refuse_escaping_names_and_obey_limits() {
        assert!(matches!(
            memory(&[("../x", "1")]),
            Err(SourceError::UnsafeEntry { .. })
        ));
        assert!(matches!(
            memory(&[("/etc/passwd", "1")]),
            Err(SourceError::UnsafeEntry { .. })
        ));
        let limits = Limits {
            max_file_bytes: 2,
            max_archive_entries: 1,
            ..Limits::default()
        };
        let big = vec![("a".to_owned(), b"abc".to_vec())];
        let files = PackageFiles::from_memory(Path::new("out"), big, &limits).unwrap();
        assert!(matches!(files.read("a"), Err(SourceError::TooLarge { .. })));
        let two = vec![("a".to_owned(), Vec::new()), ("b".to_owned(), Vec::new())];
        assert!(matches!(
            PackageFiles::from_memory(Path::new("out"), two, &limits),
            Err(SourceError::TooManyEntries { .. })
        ));
    }

    #[test]
    fn stored_entries_stream_outside_the_archive_budget() {
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut writer = zip::ZipWriter::new(file.reopen().unwrap());
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for name in ["disk1.qcow2", "disk2.qcow2"] {
            writer.start_file(name, stored).unwrap();
            writer.write_all(&[9u8; 3000]).unwrap();
        }
        writer.finish().unwrap();
        let limits = Limits {
            max_archive_total_bytes: 4000,
            ..Limits::default()
        };
        let archive = PackageFiles::open_zip(file.path(), &limits).unwrap();
        assert_eq!(count(&archive, "disk1.qcow2").unwrap(), 3000);
        assert_eq!(count(&archive, "disk2.qcow2").unwrap(), 3000);
    }

    #[test]
    fn a_damaged_stored_entry_streams_to_its_end_and_is_named() {
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut writer = zip::ZipWriter::new(file.reopen().unwrap());
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        writer.start_file("Files/images/fw.qcow2", stored).unwrap();
        writer.write_all(b"QFI\xfb firewall root disk").unwrap();
        writer.finish().unwrap();
        let mut bytes = std::fs::read(file.path()).unwrap();
        let at = bytes.windows(8).position(|w| w == b"firewall").unwrap();
        bytes[at] ^= 0x20;
        std::fs::write(file.path(), &bytes).unwrap();
        let archive = PackageFiles::open_zip(file.path(), &Limits::default()).unwrap();
        assert_eq!(count(&archive, "Files/images/fw.qcow2").unwrap(), 23);
        assert_eq!(archive.damaged(), ["Files/images/fw.qcow2"]);
    }
}
