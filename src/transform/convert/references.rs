//! References: the file behind a disk names the Glance image its server or volume boots
//! from, through an `<system>_image_name` parameter (ONAP's `{vm-type}_image_name`)
//! valued with the file's name (or, without a file, with a name to upload the image as).

use crate::input::yaml::write::string;
use crate::model::hot::parameters::ParameterType;
use crate::model::ovf::ResolvedDisk;

use super::Converter;
use super::draft::{BASE, Parameter};
use super::names::{join, role};

/// The Glance image name given to a boot image the OVF has no file for:
/// `<module>_<vm-type>`.
pub fn unnamed_image(c: &Converter<'_>, system: usize) -> String {
    format!("{}_{}", c.module, c.vm_type(system))
}

/// Declares the image parameter of a system's disk (`None`: a system without disks), its
/// root disk when `is_root`, and returns its name; the value is the disk file's name, or
/// left for the operator. A disk id several items name has one image parameter, declared
/// at its first item.
pub fn image(
    c: &mut Converter<'_>,
    system: usize,
    disk: Option<&ResolvedDisk>,
    is_root: bool,
) -> String {
    let key = (system, disk.map(|d| d.disk_id.clone()));
    if let Some(name) = c.images.get(&key) {
        return name.clone();
    }
    let envelope = c.envelope;
    let content = &envelope.contents[system];
    let label = content.label();
    let file = disk
        .and_then(|d| d.file_ref.as_deref())
        .and_then(|id| envelope.file(id));
    let vm = c.vm_type(system);
    let hint = match disk {
        Some(d) if !is_root => join(&[&vm, &role(&d.disk_id, "disk"), "image_name"]),
        _ => format!("{vm}_image_name"),
    };
    let mut description = match (disk, file) {
        (Some(d), Some(f)) => format!(
            "Glance image of disk {} of {label} (OVF file {})",
            d.disk_id, f.href.value
        ),
        (Some(d), None) => format!("Glance image of disk {} of {label}", d.disk_id),
        (None, _) => format!("Glance image {label} boots from (the OVF gives it no disk)"),
    };
    if is_root
        && let Some(os) = content
            .operating_system
            .as_ref()
            .and_then(|os| c.text(&os.description))
    {
        description.push_str(&format!("; guest operating system: {os}"));
    }
    let mut parameter = Parameter::new(ParameterType::String, description);
    parameter.label = Some(format!("Image of {}", content.id.value));
    let name = c.out.parameter(BASE, &hint, "image_name", parameter);
    if let Some(file) = file {
        let href = &file.href.value;
        let base = href.rsplit('/').next().unwrap_or(href);
        let base = match file.compression.as_deref() {
            Some("gzip") => base.strip_suffix(".gz").unwrap_or(base),
            _ => base,
        };
        c.out.set_value(&name, string(base));
    } else {
        // ONAP reads every image from the environment file (R-91125): the name the
        // operator uploads the image as, which the disk's note gives.
        c.out.set_value(&name, string(unnamed_image(c, system)));
    }
    c.out.group("Images", &name);
    c.images.insert(key, name.clone());
    name
}
