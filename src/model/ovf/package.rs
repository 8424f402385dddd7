//! An OVF package opened from an `.ovf` (files beside it) or an `.ova`: the descriptor read
//! through the package's file gate within limits, parsed, with external message bundles,
//! and the package's integrity checked against what the descriptor references. An OVA's
//! data is read once: the integrity scan hands over the descriptor and the listing.

use std::io::Read;
use std::path::Path;

use super::descriptor::{self, Descriptor};
use super::envelope::{self, Envelope};
use super::notice::{Notice, NoticeKind};
use super::ova::OvaFiles;
use super::sections::FileRef;
use super::sections::disk::format_from_header;
use super::xml;
use crate::foundation::diagnostics::Options;
use crate::foundation::limits::Limits;
use crate::input::integrity::{
    ExpectedFile, IntegrityError, IntegrityReport, scan_ova, verify_folder,
};
use crate::input::source::disk_image::{SNIFF_BYTES, by_content};
use crate::input::source::path::resolve;
use crate::input::source::{InputKind, Overlay, PackageFiles, SourceError, detect};

/// Where a package's files are read from.
#[derive(Debug)]
pub enum OvfFiles {
    /// The folder of an `.ovf`, looked up file by file.
    Folder(PackageFiles),
    /// The entries of an `.ova`.
    Ova(OvaFiles),
}

impl OvfFiles {
    /// The size of a package file, when it exists.
    pub fn size(&self, name: &str) -> Option<u64> {
        match self {
            OvfFiles::Folder(files) => files.size(name),
            OvfFiles::Ova(ova) => ova.size(name),
        }
    }

    /// Reads a package file within the per-file limit.
    pub fn read(&self, name: &str) -> Result<Vec<u8>, SourceError> {
        match self {
            OvfFiles::Folder(files) => files.read(name),
            OvfFiles::Ova(ova) => ova.read(name),
        }
    }

    /// Streams each of `names` once to `visit` (name, size, reader), without holding any in
    /// memory: a folder's files in the order given, an OVA's entries in archive order in one
    /// forward pass. A name the package lacks is an error.
    pub fn stream_each<E: From<SourceError>>(
        &self,
        names: &[String],
        mut visit: impl FnMut(&str, u64, &mut dyn std::io::Read) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            OvfFiles::Folder(files) => {
                for name in names {
                    let size = files
                        .size(name)
                        .ok_or_else(|| SourceError::Missing(name.clone()))?;
                    files.stream(name, |reader| visit(name, size, reader))?;
                }
                Ok(())
            }
            OvfFiles::Ova(ova) => ova.stream_each(names, visit),
        }
    }
}

/// An opened OVF package.
#[derive(Debug)]
pub struct OvfPackage {
    /// The path the operator gave.
    pub label: String,
    /// `.ovf` or `.ova`.
    pub kind: InputKind,
    /// The descriptor's package-relative name.
    pub descriptor_name: String,
    /// The descriptor's text and model.
    pub descriptor: Descriptor,
    /// The package's files.
    pub files: OvfFiles,
    /// Manifest, certificate, sizes and digests checked against the descriptor's References
    /// (against none when the descriptor does not parse).
    pub integrity: IntegrityReport,
}

impl OvfPackage {
    /// The envelope, when the descriptor parsed.
    pub fn envelope(&self) -> Option<&Envelope> {
        self.descriptor.envelope.as_ref().ok()
    }

    /// The package-relative name a File's href resolves to (`None` for URLs and escapes).
    pub fn file_name(&self, file: &FileRef) -> Option<String> {
        resolve(&self.descriptor_name, &file.href.value).ok()
    }

    /// The bytes a File occupies in the package: its file, or the sum of its chunks;
    /// `None` when any part is absent.
    pub fn present_size(&self, file: &FileRef) -> Option<u64> {
        let name = self.file_name(file)?;
        if file.chunk_count().is_some() {
            let mut total = 0u64;
            for chunk in file.chunk_names() {
                let chunk = resolve(&self.descriptor_name, &chunk).ok()?;
                total = total.checked_add(self.files.size(&chunk)?)?;
            }
            Some(total)
        } else {
            self.files.size(&name)
        }
    }
}

/// Opens an `.ovf` or `.ova`, parses its descriptor and checks the package's integrity
/// (progress, cancellation and certificate time from `options`). Unreadable input, or a
/// check that cannot finish, is an error; a descriptor that does not parse is kept with its
/// error (rules report it) and the files are still checked against the manifest.
pub fn open(path: &Path, options: &Options<'_>) -> Result<OvfPackage, IntegrityError> {
    open_through(path, options, &Overlay::none())
}

/// Like [`open`], an `.ovf`'s folder read through `overlay` (the descriptor an editor holds
/// open, unsaved edits included; the integrity check hashes that text too). An `.ova` is
/// an archive: the overlay does not reach into it.
pub fn open_through(
    path: &Path,
    options: &Options<'_>,
    overlay: &Overlay,
) -> Result<OvfPackage, IntegrityError> {
    let limits = options.limits;
    let label = path.display().to_string();
    let kind = detect(path)?;
    options.progress.begin(&label);
    let mut package = match kind {
        InputKind::Ovf => {
            let folder = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => Path::new(".").to_path_buf(),
            };
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .ok_or_else(|| SourceError::NotFound(path.to_path_buf()))?;
            let files = PackageFiles::open_sparse(&folder, limits).through(overlay)?;
            let descriptor = descriptor::parse(&files.read(&name)?, &limits.xml);
            let integrity = verify_folder(&files, &name, &expected_files(&descriptor), options)?;
            OvfPackage {
                label,
                kind,
                descriptor_name: name,
                descriptor,
                files: OvfFiles::Folder(files),
                integrity,
            }
        }
        InputKind::Ova => {
            let scan = scan_ova(path, options)?;
            let descriptor = descriptor::parse(scan.descriptor(), &limits.xml);
            let integrity = scan.verify(&expected_files(&descriptor), options);
            OvfPackage {
                label,
                kind,
                descriptor_name: scan.descriptor_name().to_owned(),
                descriptor,
                files: OvfFiles::Ova(OvaFiles::from_scan(&scan, limits)),
                integrity,
            }
        }
        other => {
            return Err(SourceError::Unsupported {
                path: path.to_path_buf(),
                reason: format!("this is a {}, not an OVF or OVA package", other.label()),
            }
            .into());
        }
    };
    load_bundles(&mut package, limits);
    read_disk_headers(&mut package);
    if let Ok(envelope) = &mut package.descriptor.envelope {
        envelope.strings.requested = crate::foundation::locale::requested();
    }
    Ok(package)
}

/// Disks with a file but no `ovf:format`: where the file is in the package, its first bytes
/// tell the format (as virt-v2v and ovftool read it), over what the file's name said. A
/// file that cannot be read keeps what the name told; its integrity check reports it.
fn read_disk_headers(package: &mut OvfPackage) {
    let Ok(envelope) = &package.descriptor.envelope else {
        return;
    };
    let mut wanted: Vec<(String, String)> = Vec::new();
    for disk in envelope.disks() {
        let Some(file) = disk
            .file_ref
            .as_ref()
            .filter(|_| disk.format.is_none())
            .and_then(|f| envelope.file(&f.value))
        else {
            continue;
        };
        if file.chunk_count().is_some() {
            continue;
        }
        if let Some(name) = package.file_name(file)
            && package.files.size(&name).is_some()
        {
            wanted.push((disk.disk_id.value.clone(), name));
        }
    }
    if wanted.is_empty() {
        return;
    }
    let mut names: Vec<String> = wanted.iter().map(|(_, n)| n.clone()).collect();
    names.sort();
    names.dedup();
    let mut heads: std::collections::HashMap<String, Vec<u8>> = Default::default();
    let streamed: Result<(), SourceError> = package.files.stream_each(&names, |name, _, reader| {
        heads.insert(name.to_owned(), read_head(reader, SNIFF_BYTES));
        Ok(())
    });
    if streamed.is_err() {
        return;
    }
    let Ok(envelope) = &mut package.descriptor.envelope else {
        return;
    };
    for (disk_id, name) in wanted {
        let Some(image) = heads.get(&name).and_then(|h| by_content(h)) else {
            continue;
        };
        let mut notice = None;
        for disk in envelope
            .disk_section
            .iter_mut()
            .chain(envelope.shared_disks.iter_mut())
            .flat_map(|s| s.disks.iter_mut())
            .filter(|d| d.disk_id.value == disk_id)
        {
            notice = Some(format_from_header(disk, image, &name));
        }
        if let Some(notice) = notice {
            envelope.notices.retain(|n| {
                n.span != notice.span
                    || !(n.kind == NoticeKind::DiskFormat
                        || (n.kind == NoticeKind::Missing && n.message.contains("ovf:format")))
            });
            envelope.notices.push(notice);
        }
    }
}

/// Up to `limit` leading bytes of a stream (fewer when it is shorter or fails).
fn read_head(reader: &mut dyn Read, limit: usize) -> Vec<u8> {
    let mut head = Vec::with_capacity(limit.min(64 << 10));
    let _ = reader.take(limit as u64).read_to_end(&mut head);
    head
}

/// What the descriptor's References declare, for the integrity check.
fn expected_files(descriptor: &Descriptor) -> Vec<ExpectedFile> {
    descriptor
        .envelope
        .as_ref()
        .map(|envelope| envelope.references.iter().map(ExpectedFile::from).collect())
        .unwrap_or_default()
}

/// Reads every external `Strings` bundle; a failure is a notice, not a refusal.
fn load_bundles(package: &mut OvfPackage, limits: &Limits) {
    let Ok(envelope) = &package.descriptor.envelope else {
        return;
    };
    let mut loaded = Vec::new();
    let mut notices = Vec::new();
    for (index, bundle) in envelope.strings.bundles.iter().enumerate() {
        let Some(file_ref) = &bundle.file_ref else {
            continue;
        };
        let fail = |message: String| Notice {
            kind: NoticeKind::StringsBundle,
            span: file_ref.span,
            path: "Strings".to_owned(),
            message: format!("{message}; its texts fall back to the descriptor's own"),
        };
        let Some(file) = envelope.file(&file_ref.value) else {
            notices.push(fail(format!(
                "message bundle `{}` names no File of the References section",
                file_ref.value
            )));
            continue;
        };
        let Some(name) = package.file_name(file) else {
            notices.push(fail(format!(
                "message bundle `{}` is not a file inside the package",
                file.href.value
            )));
            continue;
        };
        let result = package
            .files
            .read(&name)
            .map_err(|e| e.to_string())
            .and_then(|bytes| descriptor::decode(&bytes).map_err(|e| e.to_string()))
            .and_then(|text| xml::parse(&text, &limits.xml).map_err(|e| e.to_string()))
            .and_then(|tree| envelope::bundle_messages(&tree));
        match result {
            Ok(messages) => loaded.push((index, messages)),
            Err(reason) => notices.push(fail(format!(
                "message bundle `{name}` cannot be read: {reason}"
            ))),
        }
    }
    if let Ok(envelope) = &mut package.descriptor.envelope {
        for (index, messages) in loaded {
            envelope.strings.bundles[index].file_messages = messages;
        }
        envelope.notices.extend(notices);
    }
}
