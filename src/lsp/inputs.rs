//! What the server checks: each workspace folder as `vnfwiz validate FOLDER` takes it, and
//! each open document no folder reads, as `vnfwiz validate FILE` takes it.

use std::path::{Path, PathBuf};

use crate::input::source::{InputKind, detect, locate};

/// Extensions a template set's folder listing reads as HOT (`hot::classify` then decides).
const SET_EXTENSIONS: [&str; 5] = ["yaml", "yml", "template", "json", "env"];

fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

/// True when checking `folder` as `validate` does reads the document at `document`.
fn reads(folder: &Path, document: &Path) -> bool {
    if !document.starts_with(folder) {
        return false;
    }
    match locate(folder) {
        Ok(located) => match located.kind {
            InputKind::HotFolder => SET_EXTENSIONS.contains(&extension(document).as_str()),
            InputKind::Ovf | InputKind::Ova => located.path == document,
            // A CSAR folder reads its own files, documents included.
            InputKind::Csar | InputKind::HotFile | InputKind::HeatZip => true,
        },
        Err(_) => false,
    }
}

/// The paths to check, each as `validate` would be given it: the workspace folders, then
/// every open document that is a template, environment file or OVF descriptor no folder
/// reads.
pub fn plan(folders: &[PathBuf], documents: &[PathBuf]) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = folders.to_vec();
    for document in documents {
        if folders.iter().any(|folder| reads(folder, document)) {
            continue;
        }
        let named =
            extension(document) == "ovf" || SET_EXTENSIONS.contains(&extension(document).as_str());
        if named
            && matches!(detect(document), Ok(InputKind::HotFile | InputKind::Ovf))
            && !inputs.contains(document)
        {
            inputs.push(document.clone());
        }
    }
    inputs
}

/// The folder whose files an input reads: the input itself, or a file's folder.
pub fn root_of(input: &Path) -> &Path {
    if input.is_dir() {
        input
    } else {
        input.parent().unwrap_or(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_outside_every_folder_are_inputs_of_their_own() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let set = root.join("vnf");
        let appliance = root.join("appliance");
        for (file, text) in [
            ("vnf/base.yaml", "heat_template_version: 2016-10-14\n"),
            ("vnf/sub/vm.ovf", "<Envelope/>"),
            ("vnf/README.md", "notes"),
            ("appliance/vm.ovf", "<Envelope/>"),
            ("appliance/vm.mf", "SHA256(vm.ovf)= 00"),
            ("loose/lb.yaml", "heat_template_version: 2016-10-14\n"),
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let open = [
            set.join("base.yaml"),
            set.join("sub/vm.ovf"),
            set.join("README.md"),
            appliance.join("vm.ovf"),
            root.join("loose/lb.yaml"),
        ];
        let planned = plan(&[set.clone(), appliance.clone()], &open);
        assert_eq!(
            planned,
            [
                set.clone(),
                appliance,
                set.join("sub/vm.ovf"),
                root.join("loose/lb.yaml")
            ]
        );
        assert_eq!(root_of(&set), set);
        assert_eq!(root_of(&root.join("loose/lb.yaml")), root.join("loose"));
    }
}
