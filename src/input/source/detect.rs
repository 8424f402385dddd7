//! What an input path is: a HOT template or folder, a heat zip, an OVF, an OVA or a CSAR.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::error::SourceError;

/// The kinds of input vnfwiz reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A single HOT template or environment file.
    HotFile,
    /// A folder of templates and env files.
    HotFolder,
    /// An ONAP heat zip (with or without `MANIFEST.json`).
    HeatZip,
    /// An OVF descriptor with its files beside it.
    Ovf,
    /// An OVA (tar) archive.
    Ova,
    /// A SOL004 CSAR.
    Csar,
}

impl InputKind {
    /// A short name for listings.
    pub fn label(self) -> &'static str {
        match self {
            InputKind::HotFile => "HOT template",
            InputKind::HotFolder => "HOT set",
            InputKind::HeatZip => "heat zip",
            InputKind::Ovf => "OVF",
            InputKind::Ova => "OVA",
            InputKind::Csar => "CSAR",
        }
    }
}

/// The OVF package a folder stands for: its one `.ovf` (an unpacked package) or, when it has
/// no `.ovf`, its one `.ova` (an archive as downloaded); none when it holds a HOT template
/// or env file at its top, or two descriptors or two archives.
pub fn ovf_in_folder(dir: &Path) -> Option<std::path::PathBuf> {
    let mut descriptor = None;
    let mut archive = None;
    for entry in std::fs::read_dir(dir).ok()? {
        let path = entry.ok()?.path();
        let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
        let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
        match extension {
            "ovf" if descriptor.is_none() => descriptor = Some(path),
            "ova" if archive.is_none() => archive = Some(Some(path)),
            // Two archives: neither is the folder's package, unless a descriptor is.
            "ova" => archive = Some(None),
            "ovf" | "yaml" | "yml" | "template" | "env" => return None,
            _ => {}
        }
    }
    descriptor.or(archive.flatten())
}

/// How much of a root YAML file is read to tell a TOSCA template from a HOT one.
const TOSCA_HEAD_BYTES: u64 = 64 << 10;

/// True when `text` (the head of a YAML file) declares `tosca_definitions_version` at its
/// top level, as every TOSCA service template does.
fn declares_tosca(text: &[u8]) -> bool {
    text.split(|&b| b == b'\n')
        .any(|line| line.starts_with(b"tosca_definitions_version:"))
}

/// True when a zip with these names is a signed package (SOL004 §5.1, the second security
/// option): at its root a `.csar` and what signs it (`.cms`, a certificate as `.cert`,
/// `.crt` or `.pem`), nothing else and no folder.
pub fn signed_csar_layout(names: &[String]) -> bool {
    let extension = |name: &str| {
        name.rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default()
    };
    !names.is_empty()
        && names.iter().any(|n| extension(n) == "csar")
        && names.iter().all(|n| {
            !n.contains('/')
                && matches!(
                    extension(n).as_str(),
                    "csar" | "cms" | "cert" | "crt" | "pem"
                )
        })
}

/// True when a package with these top-level names is a SOL004 CSAR (Tacker's two layouts):
/// `TOSCA-Metadata/TOSCA.meta`, or a root `.mf`, or a root YAML that is a TOSCA template;
/// or a signed package holding one ([`signed_csar_layout`]).
fn csar_layout(names: &[String], mut head_of: impl FnMut(&str) -> Option<Vec<u8>>) -> bool {
    if names.iter().any(|n| n == "TOSCA-Metadata/TOSCA.meta") || signed_csar_layout(names) {
        return true;
    }
    let root = |n: &&String| !n.contains('/');
    if names
        .iter()
        .filter(root)
        .any(|n| n.to_ascii_lowercase().ends_with(".mf"))
    {
        return true;
    }
    names
        .iter()
        .filter(root)
        .filter(|n| {
            let lower = n.to_ascii_lowercase();
            lower.ends_with(".yaml") || lower.ends_with(".yml")
        })
        .any(|n| head_of(n).is_some_and(|head| declares_tosca(&head)))
}

/// True when a folder is an unpacked CSAR: it holds `TOSCA-Metadata/TOSCA.meta`, or a
/// root `.mf` or root TOSCA YAML (the layout without TOSCA-Metadata).
pub fn csar_in_folder(dir: &Path) -> bool {
    let mut names: Vec<String> = Vec::new();
    if dir.join("TOSCA-Metadata/TOSCA.meta").is_file() {
        return true;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    csar_layout(&names, |name| {
        let file = std::fs::File::open(dir.join(name)).ok()?;
        let mut head = Vec::new();
        file.take(TOSCA_HEAD_BYTES).read_to_end(&mut head).ok()?;
        Some(head)
    })
}

/// Decides the kind from the file system entry, its extension and, for zips, its entries.
pub fn detect(path: &Path) -> Result<InputKind, SourceError> {
    let meta = std::fs::metadata(path).map_err(|_| SourceError::NotFound(path.to_path_buf()))?;
    if meta.is_dir() {
        return Ok(InputKind::HotFolder);
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    match extension {
        "ovf" => Ok(InputKind::Ovf),
        "ova" => Ok(InputKind::Ova),
        "csar" => Ok(InputKind::Csar),
        "zip" => zip_kind(path),
        "yaml" | "yml" | "template" | "json" | "env" | "hot" => Ok(InputKind::HotFile),
        _ => sniff(path),
    }
}

/// An onboarding output folder: `heat/` (the heat package) and `answers.yaml` at its top,
/// beside them only the packages vnfwiz wrote (`<name>.csar`, `<name>-heat.zip`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFolder {
    /// The heat package folder.
    pub heat: PathBuf,
    /// The packages beside it, sorted.
    pub packages: Vec<PathBuf>,
}

/// The onboarding output `dir` is, when it is one: a folder holding a `heat/` folder and
/// an `answers.yaml`, and besides them nothing but `.csar` and `.zip` packages.
pub fn output_folder(dir: &Path) -> Option<OutputFolder> {
    let heat = dir.join(super::HEAT_FOLDER);
    if !heat.is_dir() || !dir.join(super::ANSWERS_NAME).is_file() {
        return None;
    }
    let mut packages = Vec::new();
    for entry in std::fs::read_dir(dir).ok()? {
        let entry = entry.ok()?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == super::HEAT_FOLDER || name == super::ANSWERS_NAME {
            continue;
        }
        let lower = name.to_ascii_lowercase();
        let package = lower.ends_with(".csar") || lower.ends_with(".zip");
        if !package || !entry.file_type().ok()?.is_file() {
            return None;
        }
        packages.push(entry.path());
    }
    packages.sort();
    Some(OutputFolder { heat, packages })
}

/// An input as every face opens it: its kind and the path to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// What kind of input it is.
    pub kind: InputKind,
    /// The path to read: a folder's OVF descriptor (or OVA) for a folder holding one, else
    /// the path given.
    pub path: PathBuf,
}

/// What `path` is as `validate`, `onboard` and the wizard (its picker too) open it: a
/// folder holding one OVF descriptor (or OVA) is that package, a folder laid out as a CSAR
/// is one, an onboarding output is its `heat/` set, any other folder a HOT set; a file is
/// what [`detect`] says. (`validate` checks an output's packages too: [`output_folder`].)
pub fn locate(path: &Path) -> Result<Located, SourceError> {
    let kind = detect(path)?;
    if kind == InputKind::HotFolder {
        if let Some(output) = output_folder(path) {
            return Ok(Located {
                kind,
                path: output.heat,
            });
        }
        if let Some(descriptor) = ovf_in_folder(path) {
            let kind = detect(&descriptor)?;
            return Ok(Located {
                kind,
                path: descriptor,
            });
        }
        if csar_in_folder(path) {
            return Ok(Located {
                kind: InputKind::Csar,
                path: path.to_path_buf(),
            });
        }
    }
    Ok(Located {
        kind,
        path: path.to_path_buf(),
    })
}

/// A zip is a CSAR when it has `TOSCA-Metadata/TOSCA.meta`, a root `.mf` or a root TOSCA
/// YAML; any other zip is a heat zip.
fn zip_kind(path: &Path) -> Result<InputKind, SourceError> {
    let file = std::fs::File::open(path).map_err(|source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut archive = zip::ZipArchive::new(file).map_err(|e| SourceError::BadArchive {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    let names: Vec<String> = (0..archive.len())
        .filter_map(|i| archive.name_for_index(i)?.ok().map(|n| n.into_owned()))
        .collect();
    let csar = csar_layout(&names, |name| {
        let entry = archive.by_name(name).ok()?;
        let mut head = Vec::new();
        entry.take(TOSCA_HEAD_BYTES).read_to_end(&mut head).ok()?;
        Some(head)
    });
    Ok(if csar {
        InputKind::Csar
    } else {
        InputKind::HeatZip
    })
}

/// Files without a telling extension: an OVF envelope, a tar, or text taken as HOT.
fn sniff(path: &Path) -> Result<InputKind, SourceError> {
    let mut head = [0u8; 512];
    let mut file = std::fs::File::open(path).map_err(|source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let n = file.read(&mut head).map_err(|source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let head = &head[..n];
    if n >= 262 && &head[257..262] == b"ustar" {
        return Ok(InputKind::Ova);
    }
    if head.starts_with(b"PK\x03\x04") {
        return zip_kind(path);
    }
    let text = String::from_utf8_lossy(head);
    if text.contains("<Envelope") || text.contains(":Envelope") {
        return Ok(InputKind::Ovf);
    }
    Ok(InputKind::HotFile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csar_layouts() {
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let none = |_: &str| None;
        assert!(csar_layout(&names(&["TOSCA-Metadata/TOSCA.meta"]), none));
        assert!(csar_layout(&names(&["vnfd.yaml", "vnfd.mf"]), none));
        assert!(!csar_layout(&names(&["base.yaml", "base.env"]), none));
        assert!(!csar_layout(&names(&["Files/x.mf", "base.yaml"]), none));
        // SOL004's second option: the CSAR with its signature (and certificate) in a zip.
        assert!(csar_layout(
            &names(&["vfw.csar", "vfw.cms", "vfw.cert"]),
            none
        ));
        assert!(csar_layout(
            &names(&["vfw.csar", "vdns.csar", "vfw.cms"]),
            none
        ));
        assert!(!csar_layout(&names(&["vfw.csar", "base.yaml"]), none));
        assert!(!csar_layout(&names(&["pkg/vfw.csar", "pkg/vfw.cms"]), none));
        let tosca = |_: &str| {
            Some(b"description: x\ntosca_definitions_version: tosca_simple_yaml_1_2\n".to_vec())
        };
        assert!(csar_layout(&names(&["vnfd.yaml"]), tosca));
        let hot = |_: &str| Some(b"heat_template_version: 2016-10-14\n".to_vec());
        assert!(!csar_layout(&names(&["base.yaml"]), hot));
    }

    fn folder(names: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for name in names {
            std::fs::write(dir.path().join(name), b"x").unwrap();
        }
        dir
    }

    fn package(names: &[&str]) -> Option<String> {
        let dir = folder(names);
        ovf_in_folder(dir.path()).map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
    }

    #[test]
    fn a_folder_is_the_package_it_holds() {
        assert_eq!(
            package(&["vfw.ovf", "vfw.mf", "disk1.vmdk"]).as_deref(),
            Some("vfw.ovf")
        );
        assert_eq!(
            package(&["vfw.ova", "README.txt"]).as_deref(),
            Some("vfw.ova")
        );
        // The unpacked descriptor wins over the archive it came from.
        assert_eq!(package(&["vfw.ova", "vfw.ovf"]).as_deref(), Some("vfw.ovf"));
        assert_eq!(package(&["vfw.ova", "vlb.ova"]), None);
        assert_eq!(package(&["vfw.ovf", "vlb.ovf"]), None);
        assert_eq!(package(&["vfw.ova", "base.yaml"]), None);
        assert_eq!(package(&["base.yaml", "base.env"]), None);
    }

    #[test]
    fn an_onboarding_output_is_its_heat_set_and_packages() {
        let dir = folder(&["answers.yaml", "vfw.csar", "vfw-heat.zip"]);
        std::fs::create_dir(dir.path().join("heat")).unwrap();
        std::fs::write(dir.path().join("heat/base_vfw.yaml"), b"x").unwrap();
        let output = output_folder(dir.path()).expect("an output folder");
        assert_eq!(output.heat, dir.path().join("heat"));
        assert_eq!(
            output.packages,
            [dir.path().join("vfw-heat.zip"), dir.path().join("vfw.csar")]
        );
        let located = locate(dir.path()).unwrap();
        assert_eq!(located.kind, InputKind::HotFolder);
        assert_eq!(located.path, dir.path().join("heat"));
        // A template beside heat/ makes it an ordinary folder.
        std::fs::write(dir.path().join("extra.yaml"), b"x").unwrap();
        assert_eq!(output_folder(dir.path()), None);
        // So does a heat/ folder without the answers file.
        let plain = folder(&["vfw.csar"]);
        std::fs::create_dir(plain.path().join("heat")).unwrap();
        assert_eq!(output_folder(plain.path()), None);
    }
}
