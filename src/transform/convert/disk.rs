//! DiskSection: the first disk of a system is its root disk (the flavor's `disk`, booted
//! from its image; a root disk with `ecs:volumeType` boots from a volume made from the
//! image); every further disk → an `OS::Cinder::Volume` (from its image when it has a
//! file, else empty) attached through `block_device_mapping`. Each item gets its own
//! volume: a disk id several items of the chosen option name (VMware's size-template disks
//! such as `disk25GB`) gives volumes numbered from 0 in item order.

use std::collections::HashMap;

use crate::input::yaml::Node;
use crate::input::yaml::write::{map, string};
use crate::model::ovf::{ResolvedDisk, SystemHardware};

use super::draft::{DraftId, Ref, get_resource, int};
use super::names::{join, role};
use super::{Converter, NoteLevel};

const SECTION: &str = "DiskSection";

/// The root disk: the first disk that is not shared.
pub fn root(hardware: &SystemHardware) -> Option<&ResolvedDisk> {
    hardware.disks.iter().find(|d| !d.shared)
}

/// The flavor's root disk in GiB: 0 when the server boots from a volume or the size is
/// unknown (Nova then sizes the disk to the image).
pub fn flavor_disk_gib(hardware: &SystemHardware) -> u128 {
    match root(hardware) {
        Some(disk) if disk.volume_type.is_none() => disk.gib_rounded_up().unwrap_or(0),
        _ => 0,
    }
}

/// How a server gets its disks.
#[derive(Debug, Default)]
pub struct Attachment {
    /// `image`, when the server boots from an image.
    pub image: Option<Node>,
    /// `block_device_mapping` entries.
    pub block_devices: Vec<Node>,
}

/// `vda`, `vdb`, … (virtio names; Nova may rename them in the guest).
fn device_name(index: usize) -> String {
    let letter = char::from(b'a' + u8::try_from(index % 26).unwrap_or(0));
    if index < 26 {
        format!("vd{letter}")
    } else {
        let first = char::from(b'a' + u8::try_from(index / 26 - 1).unwrap_or(0));
        format!("vd{first}{letter}")
    }
}

/// Declares the volumes of a system in `draft` and says how its server attaches them.
pub fn attach(
    c: &mut Converter<'_>,
    system: usize,
    draft: DraftId,
    hardware: &SystemHardware,
) -> Attachment {
    let envelope = c.envelope;
    let content = &envelope.contents[system];
    let label = content.label();
    let mut attachment = Attachment::default();
    for disk in hardware.disks.iter().filter(|d| d.shared) {
        c.note(
            NoteLevel::Error,
            "SharedDiskSection",
            label.clone(),
            format!("attaches shared disk `{}`; OpenStack shares a disk only as a multi-attach volume of a volume type the cloud defines, so create it and attach it outside this stack, or remove the disk from the system", disk.disk_id),
        );
    }
    let root = root(hardware);
    let mut volumes = Volumes::of(&content.id.value, hardware, root);
    match root {
        None => {
            let image = super::references::image(c, system, None, true);
            c.note(
                NoteLevel::Warning,
                SECTION,
                label.clone(),
                format!(
                    "has no disk; upload the image to boot as `{}` or set parameter `{image}` to an existing image",
                    super::references::unnamed_image(c, system)
                ),
            );
            attachment.image = Some(c.out.reference(draft, &Ref::Param(image)));
        }
        Some(disk) if disk.volume_type.is_some() => {
            let image = disk
                .file_ref
                .as_ref()
                .map(|_| super::references::image(c, system, Some(disk), true));
            let index = volumes.next(disk);
            if let Some(volume) = volume(c, system, draft, disk, image, index) {
                attachment.block_devices.push(map([
                    ("device_name", string(device_name(0))),
                    ("volume_id", get_resource(&volume)),
                ]));
            }
        }
        Some(disk) => {
            if disk.file_ref.is_none() {
                c.note(
                    NoteLevel::Warning,
                    SECTION,
                    label.clone(),
                    format!(
                        "root disk `{}` has no file; upload the image to boot as `{}` or set the image parameter to an existing image",
                        disk.disk_id,
                        super::references::unnamed_image(c, system)
                    ),
                );
            }
            let image = super::references::image(c, system, Some(disk), true);
            attachment.image = Some(c.out.reference(draft, &Ref::Param(image)));
        }
    }
    // By place, not by value: another item naming the root disk's id is a disk of its own.
    let extra = hardware
        .disks
        .iter()
        .filter(|d| !d.shared && !root.is_some_and(|r| std::ptr::eq(r, *d)));
    for (position, disk) in extra.enumerate() {
        let image = disk
            .file_ref
            .as_ref()
            .map(|_| super::references::image(c, system, Some(disk), false));
        let index = volumes.next(disk);
        if let Some(volume) = volume(c, system, draft, disk, image, index) {
            attachment.block_devices.push(map([
                ("device_name", string(device_name(position + 1))),
                ("volume_id", get_resource(&volume)),
            ]));
        }
    }
    attachment
}

/// The volumes of one system: how many items make a volume of each name, and the next
/// number of a name several items make (one disk id several items name, or ids that reduce
/// to one name, such as `data-1` and `data_1`).
struct Volumes {
    /// The system's id, which a disk id may start with.
    system: String,
    /// Items per volume name, among those that become volumes.
    uses: HashMap<String, usize>,
    /// Volumes numbered so far per name.
    given: HashMap<String, usize>,
}

impl Volumes {
    /// Counts the disks of `hardware` that become volumes: a root disk with a volume type
    /// and every further disk that is not shared.
    fn of(system: &str, hardware: &SystemHardware, root: Option<&ResolvedDisk>) -> Volumes {
        let mut uses: HashMap<String, usize> = HashMap::new();
        for disk in hardware.disks.iter().filter(|d| !d.shared) {
            let boots_from_image =
                root.is_some_and(|r| std::ptr::eq(r, disk)) && disk.volume_type.is_none();
            if !boots_from_image {
                *uses.entry(volume_stem(system, &disk.disk_id)).or_default() += 1;
            }
        }
        Volumes {
            system: system.to_owned(),
            uses,
            given: HashMap::new(),
        }
    }

    /// The number of the next volume of `disk`: `None` when one item alone makes a volume
    /// of its name, else 0, 1, 2, … in item order, so ONAP's `{index}` runs without a hole
    /// (R-11690).
    fn next(&mut self, disk: &ResolvedDisk) -> Option<usize> {
        let stem = volume_stem(&self.system, &disk.disk_id);
        if self.uses.get(&stem).copied().unwrap_or(0) < 2 {
            return None;
        }
        let given = self.given.entry(stem).or_default();
        *given += 1;
        Some(*given - 1)
    }
}

/// The part of a volume's name a disk gives: its id as an ONAP role, without the system's
/// id in front (`db-root` of system `db` makes `root`, so the volume is `db_root_volume`,
/// not `db_db_root_volume`). A disk id's numbers join the text before them (`disk-2017` →
/// `disk2017`): ONAP reads a numeric part of a resource id as an `{index}` (R-11690).
fn volume_stem(system: &str, disk_id: &str) -> String {
    let name = [format!("{system}-"), format!("{system}_")]
        .iter()
        .find_map(|prefix| disk_id.strip_prefix(prefix.as_str()))
        .unwrap_or(disk_id);
    role(name, "disk")
}

/// An `OS::Cinder::Volume` for `disk`, from `image` when given, numbered `index` when
/// several items name the disk; `None` (with an error note) when its size is unknown.
fn volume(
    c: &mut Converter<'_>,
    system: usize,
    draft: DraftId,
    disk: &ResolvedDisk,
    image: Option<String>,
    index: Option<usize>,
) -> Option<String> {
    let content = &c.envelope.contents[system];
    let label = content.label();
    let system_id = content.id.value.clone();
    let name = content
        .name
        .as_ref()
        .map(|n| c.envelope.text(n).trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or(system_id.clone());
    let Some(gib) = disk.gib_rounded_up() else {
        let why = match &disk.capacity_property {
            Some(key) => {
                format!("its capacity comes from property `{key}`, which has no numeric value")
            }
            None => "it has no capacity".to_owned(),
        };
        c.note(
            NoteLevel::Error,
            SECTION,
            label,
            format!("disk `{}` cannot become a volume: {why}", disk.disk_id),
        );
        return None;
    };
    let number = index.map(|i| i.to_string()).unwrap_or_default();
    let volume_name = super::identity::name(
        c,
        draft,
        format!("{name} {} {number}", disk.disk_id).trim_end(),
    );
    let mut properties = vec![
        ("name", volume_name),
        ("size", int(i64::try_from(gib.max(1)).unwrap_or(i64::MAX))),
    ];
    if let Some(image) = image {
        properties.push(("image", c.out.reference(draft, &Ref::Param(image))));
    }
    let vm = c.vm_type(system);
    Some(c.out.resource(
        draft,
        &join(&[
            &vm,
            &volume_stem(&system_id, &disk.disk_id),
            "volume",
            &number,
        ]),
        "volume",
        "OS::Cinder::Volume",
        properties,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_names_follow_virtio() {
        assert_eq!(device_name(0), "vda");
        assert_eq!(device_name(1), "vdb");
        assert_eq!(device_name(25), "vdz");
        assert_eq!(device_name(26), "vdaa");
    }
}
