//! The files of an output: a folder's (recursively) or a zip's, with their bytes, so a
//! test can say that two hold the same.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The files of a folder (recursively, relative, `/`-separated), or of a zip, with their
/// bytes.
pub fn contents(path: &Path) -> BTreeMap<String, Vec<u8>> {
    if path.is_dir() {
        walk(path)
            .into_iter()
            .map(|file| {
                let name = file
                    .strip_prefix(path)
                    .expect("inside")
                    .to_string_lossy()
                    .replace('\\', "/");
                (name, std::fs::read(&file).expect("read"))
            })
            .collect()
    } else {
        let mut zip = zip::ZipArchive::new(std::fs::File::open(path).expect("zip")).expect("zip");
        (0..zip.len())
            .map(|i| {
                let mut entry = zip.by_index(i).expect("entry");
                let mut bytes = Vec::new();
                std::io::Read::read_to_end(&mut entry, &mut bytes).expect("inflate");
                (entry.name().expect("name").into_owned(), bytes)
            })
            .collect()
    }
}

/// Every file under `dir`, recursively.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}
