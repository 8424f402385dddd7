//! DiskSection and SharedDiskSection: virtual disks, their capacity and backing file.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::input::source::disk_image::{self, DiskImage};
use crate::model::ovf::located::Located;
use crate::model::ovf::notice::{Notice, NoticeKind};
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::units::AllocationUnits;
use crate::model::ovf::xml::XmlElement;

/// `ovf:capacity`: a number, or `${key}` naming a property that holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Capacity {
    /// A number of capacity units.
    Value(u64),
    /// The key of the property whose value is the capacity.
    Property(String),
}

/// One `Disk` (or `SharedDisk`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Disk {
    /// `ovf:diskId`, what `ovf:/disk/<id>` host resources name.
    pub disk_id: Located<String>,
    /// `ovf:capacity`.
    pub capacity: Option<Located<Capacity>>,
    /// `ovf:capacityAllocationUnits` (bytes when absent).
    pub capacity_units: Option<AllocationUnits>,
    /// `ovf:fileRef`: the File holding the disk image; none for an empty disk.
    pub file_ref: Option<Located<String>>,
    /// `ovf:format` URI.
    pub format: Option<String>,
    /// Where the format of a disk with a file but without `ovf:format` was read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format_read: Option<FormatRead>,
    /// `ovf:populatedSize` in bytes.
    pub populated_size: Option<u64>,
    /// `ovf:parentRef` for delta disks.
    pub parent_ref: Option<Located<String>>,
    /// `ecs:volumeType` (SATA or SSD): the disk becomes a block storage volume.
    pub volume_type: Option<String>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

impl Disk {
    /// The capacity in bytes, rounded up; `property` resolves `${key}` capacities.
    pub fn capacity_bytes(&self, property: impl Fn(&str) -> Option<String>) -> Option<u128> {
        let quantity = match &self.capacity.as_ref()?.value {
            Capacity::Value(n) => *n,
            Capacity::Property(key) => property(key)?.trim().parse().ok()?,
        };
        match &self.capacity_units {
            Some(units) => units.bytes(quantity),
            None => Some(u128::from(quantity)),
        }
    }
}

/// A DiskSection or a SharedDiskSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiskSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// The disks.
    pub disks: Vec<Disk>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a DiskSection (`Disk` children) or SharedDiskSection (`SharedDisk` children).
pub fn read(reading: &mut Reading<'_>, element: &XmlElement, child_name: &str) -> DiskSection {
    let mut disks = Vec::new();
    let path = format!("DiskSection/{child_name}");
    for child in reading.children(element) {
        if !child.is_ovf(child_name) {
            continue;
        }
        let Some(disk_id) = reading.required_attr(child, "diskId", &path) else {
            continue;
        };
        let capacity = reading
            .required_attr(child, "capacity", &path)
            .and_then(|c| capacity(reading, c, &path));
        let capacity_units = child
            .ovf_attr("capacityAllocationUnits")
            .and_then(|a| reading.units(&a.value, a.span, &path));
        let disk = Disk {
            disk_id,
            capacity,
            capacity_units,
            file_ref: file_ref(reading, child, &path),
            format: child.ovf_value("format").map(str::to_owned),
            format_read: None,
            populated_size: reading.u64_attr(child, "populatedSize", &path),
            parent_ref: reading.attr(child, "parentRef"),
            volume_type: child.extension_attr("volumeType").map(|a| a.value.clone()),
            span: child.span,
        };
        check_disk(reading, &disk, &path);
        disks.push(disk);
    }
    DiskSection {
        info: reading.text_child(element, "Info"),
        disks,
        span: element.span,
    }
}

/// A disk holds no more than it can (a disk with content but no format is judged once the
/// References are known: [`read_formats`]).
fn check_disk(reading: &mut Reading<'_>, disk: &Disk, path: &str) {
    let capacity = disk.capacity_bytes(|_| None);
    if let (Some(populated), Some(capacity)) = (disk.populated_size, capacity)
        && u128::from(populated) > capacity
    {
        reading.notice(
            NoticeKind::Malformed,
            disk.span,
            path,
            format!(
                "disk `{}` says ovf:populatedSize is {populated} bytes, more than its capacity of {capacity} bytes",
                disk.disk_id.value
            ),
        );
    }
}

/// How the format of a disk without `ovf:format` was told, as virt-v2v and ovftool tell
/// it: from the image's own header, else from the file's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "from", content = "format", rename_all = "lowercase")]
pub enum FormatRead {
    /// The first bytes of the disk's file.
    Header(&'static str),
    /// The extension of the file's `ovf:href`.
    Extension(&'static str),
}

impl FormatRead {
    /// The format's name (`VMDK disk image`).
    pub fn label(self) -> &'static str {
        match self {
            FormatRead::Header(label) | FormatRead::Extension(label) => label,
        }
    }
}

/// The format a disk file's name tells: its extension, after a `.gz` the References
/// compress it with.
pub fn format_by_name(href: &str) -> Option<DiskImage> {
    let name = href.rsplit('/').next().unwrap_or(href);
    let name = name
        .strip_suffix(".gz")
        .or_else(|| name.strip_suffix(".GZ"))
        .unwrap_or(name);
    disk_image::by_extension(name)
}

/// Every disk with a file but no `ovf:format` gets the format its file's name tells, with
/// a notice; a name that tells nothing leaves the disk without one (an error, unless the
/// file's header tells when the package is opened: [`format_from_header`]).
pub fn read_formats(
    reading: &mut Reading<'_>,
    disks: &mut [&mut Disk],
    href: impl Fn(&str) -> Option<String>,
) {
    for disk in disks.iter_mut() {
        let Some(file_ref) = &disk.file_ref else {
            continue;
        };
        if disk.format.is_some() {
            continue;
        }
        let name = href(&file_ref.value);
        let path = "DiskSection/Disk";
        match name.as_deref().and_then(format_by_name) {
            Some(image) => {
                disk.format_read = Some(FormatRead::Extension(image.label()));
                reading.notice(
                    NoticeKind::DiskFormat,
                    disk.span,
                    path,
                    format!(
                        "disk `{}` has no ovf:format; read as a {} from its file's name `{}`",
                        disk.disk_id.value,
                        image.label(),
                        name.unwrap_or_default()
                    ),
                );
            }
            None => reading.notice(
                NoticeKind::Missing,
                disk.span,
                path,
                format!(
                    "disk `{}` has content but no ovf:format, and neither its file's name nor (in the package) its header tells how to read its image",
                    disk.disk_id.value
                ),
            ),
        }
    }
}

/// The notice of a disk whose format its file's header tells, replacing the one made
/// from the file's name (or the missing-format error).
pub fn format_from_header(disk: &mut Disk, image: DiskImage, file: &str) -> Notice {
    disk.format_read = Some(FormatRead::Header(image.label()));
    Notice {
        kind: NoticeKind::DiskFormat,
        span: disk.span,
        path: "DiskSection/Disk".to_owned(),
        message: format!(
            "disk `{}` has no ovf:format; read as a {} from the header of its file `{file}`",
            disk.disk_id.value,
            image.label()
        ),
    }
}

/// `ovf:fileRef`; an empty one is VMware's way of writing a blank disk.
fn file_ref(reading: &mut Reading<'_>, disk: &XmlElement, path: &str) -> Option<Located<String>> {
    let file_ref = reading.attr(disk, "fileRef")?;
    if !file_ref.value.trim().is_empty() {
        return Some(file_ref);
    }
    reading.notice(
        NoticeKind::BlankFileRef,
        file_ref.span,
        path,
        "ovf:fileRef is empty; read as a blank disk without content".to_owned(),
    );
    None
}

fn capacity(
    reading: &mut Reading<'_>,
    text: Located<String>,
    path: &str,
) -> Option<Located<Capacity>> {
    let value = text.value.trim();
    if let Some(key) = value.strip_prefix("${").and_then(|v| v.strip_suffix('}')) {
        return Some(Located::new(
            Capacity::Property(key.trim().to_owned()),
            text.span,
        ));
    }
    reading
        .number(value, text.span, "ovf:capacity", path)
        .map(|n| Located::new(Capacity::Value(n), text.span))
}
