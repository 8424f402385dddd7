//! Recognises virtual machine disk and CD images by their extension or their first bytes, so
//! a template package can tell that it carries one (ONAP's R-348813).

/// A disk or CD image format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskImage {
    /// QEMU copy-on-write (`QFI\xfb`).
    Qcow,
    /// VMware disk (`KDMV` sparse extent, or a `# Disk DescriptorFile` descriptor).
    Vmdk,
    /// Hyper-V VHDX (`vhdxfile`).
    Vhdx,
    /// Virtual PC / Hyper-V VHD (`conectix` footer copy at the start of dynamic disks).
    Vhd,
    /// VirtualBox disk (`<<< Oracle VM VirtualBox Disk Image >>>`).
    Vdi,
    /// ISO 9660 CD image (`CD001` at byte 32 769).
    Iso,
    /// A raw disk, known only by its extension (`.img`, `.raw`).
    Raw,
    /// An Amazon machine, kernel or ramdisk image (`.ami`, `.aki`, `.ari`, Glance's formats),
    /// known only by its extension.
    Amazon,
    /// An OVF appliance archive (`.ova`): disk images in a tar, known by its extension.
    Ova,
}

impl DiskImage {
    /// The format's usual name, for messages.
    pub fn label(self) -> &'static str {
        match self {
            DiskImage::Qcow => "QCOW2 disk image",
            DiskImage::Vmdk => "VMDK disk image",
            DiskImage::Vhdx => "VHDX disk image",
            DiskImage::Vhd => "VHD disk image",
            DiskImage::Vdi => "VDI disk image",
            DiskImage::Iso => "ISO image",
            DiskImage::Raw => "raw disk image",
            DiskImage::Amazon => "Amazon machine, kernel or ramdisk image",
            DiskImage::Ova => "OVA appliance (disk images in a tar)",
        }
    }
}

/// How many leading bytes [`by_content`] needs to see every signature it knows.
pub const SNIFF_BYTES: usize = ISO_AT + ISO_MAGIC.len();

/// Files shorter than this are not images whatever they start with (a QCOW2 header alone
/// is 72 bytes and no image is smaller than one 512-byte sector).
pub const SMALLEST_IMAGE: u64 = 512;

const ISO_AT: usize = 32_769;
const ISO_MAGIC: &[u8] = b"CD001";

/// The image format a file name's extension says, compared without case.
pub fn by_extension(name: &str) -> Option<DiskImage> {
    let extension = name.rsplit('/').next()?.rsplit_once('.')?.1;
    let known = [
        ("qcow2", DiskImage::Qcow),
        ("qcow", DiskImage::Qcow),
        ("vmdk", DiskImage::Vmdk),
        ("vhdx", DiskImage::Vhdx),
        ("vhd", DiskImage::Vhd),
        ("vdi", DiskImage::Vdi),
        ("iso", DiskImage::Iso),
        ("img", DiskImage::Raw),
        ("raw", DiskImage::Raw),
        ("ami", DiskImage::Amazon),
        ("aki", DiskImage::Amazon),
        ("ari", DiskImage::Amazon),
        ("ova", DiskImage::Ova),
    ];
    known
        .into_iter()
        .find(|(ext, _)| extension.eq_ignore_ascii_case(ext))
        .map(|(_, image)| image)
}

/// The image format the first bytes of a file show (give up to [`SNIFF_BYTES`]).
pub fn by_content(head: &[u8]) -> Option<DiskImage> {
    let starts = |magic: &[u8]| head.starts_with(magic);
    if starts(b"QFI\xfb") {
        Some(DiskImage::Qcow)
    } else if starts(b"KDMV") || starts(b"# Disk DescriptorFile") {
        Some(DiskImage::Vmdk)
    } else if starts(b"vhdxfile") {
        Some(DiskImage::Vhdx)
    } else if starts(b"conectix") {
        Some(DiskImage::Vhd)
    } else if head.get(64..68) == Some(b"\x7f\x10\xda\xbe") || starts(b"<<< Oracle VM VirtualBox") {
        Some(DiskImage::Vdi)
    } else if head.get(ISO_AT..ISO_AT + ISO_MAGIC.len()) == Some(ISO_MAGIC) {
        Some(DiskImage::Iso)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions() {
        assert_eq!(by_extension("images/vfw.qcow2"), Some(DiskImage::Qcow));
        assert_eq!(by_extension("vfw.VMDK"), Some(DiskImage::Vmdk));
        assert_eq!(by_extension("cloud-init.iso"), Some(DiskImage::Iso));
        assert_eq!(by_extension("disk.img"), Some(DiskImage::Raw));
        assert_eq!(by_extension("vmlinuz.AKI"), Some(DiskImage::Amazon));
        assert_eq!(by_extension("initrd.ari"), Some(DiskImage::Amazon));
        assert_eq!(by_extension("vfw.ami"), Some(DiskImage::Amazon));
        assert_eq!(by_extension("vfw-appliance.ova"), Some(DiskImage::Ova));
        assert_eq!(by_extension("base_vfw.yaml"), None);
        assert_eq!(by_extension("qcow2"), None);
    }

    #[test]
    fn signatures() {
        assert_eq!(
            by_content(b"QFI\xfb\x00\x00\x00\x03"),
            Some(DiskImage::Qcow)
        );
        assert_eq!(by_content(b"KDMV\x01\x00\x00\x00"), Some(DiskImage::Vmdk));
        assert_eq!(by_content(b"vhdxfile"), Some(DiskImage::Vhdx));
        assert_eq!(by_content(b"conectix\x00"), Some(DiskImage::Vhd));
        let mut vdi = vec![0u8; 80];
        vdi[64..68].copy_from_slice(b"\x7f\x10\xda\xbe");
        assert_eq!(by_content(&vdi), Some(DiskImage::Vdi));
        let mut iso = vec![0u8; SNIFF_BYTES];
        iso[ISO_AT..].copy_from_slice(b"CD001");
        assert_eq!(by_content(&iso), Some(DiskImage::Iso));
        assert_eq!(by_content(b"#!/bin/sh\necho hello\n"), None);
        assert_eq!(by_content(&iso[..100]), None);
    }
}
