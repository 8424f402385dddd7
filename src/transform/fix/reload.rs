//! Loads a set again from its own files with some texts changed or added, exactly as it was
//! first loaded (same roots, listing and stage), so a fix is judged by a full validation.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use crate::foundation::diagnostics::Violation;
use crate::input::source::PackageFiles;
use crate::input::yaml::LoadError;
use crate::model::hot::{HotSet, ReferenceError, Roots, Stage, load_set_as};

/// Why a set cannot be edited by fixes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReloadError {
    /// A file of the set could not be read, so the set cannot be loaded again from memory
    /// the way it was loaded from its source.
    #[error(
        "{0}: the file could not be read, so fixes cannot check their result; make it readable (see the report) and run again"
    )]
    Unreadable(String),
    /// The edited files do not form a package (a name the package gate refuses).
    #[error("{0}")]
    Package(String),
}

/// A set fixes cannot edit, handed back with the reason.
#[derive(Debug)]
pub struct Unfixable {
    /// Why.
    pub reason: ReloadError,
    /// The set, as given.
    pub set: HotSet,
    /// Its violations, as given.
    pub violations: Vec<Violation>,
}

/// Refuses sets that cannot be reloaded faithfully: one with a file that could not be read.
pub fn check_reloadable(set: &HotSet) -> Result<(), ReloadError> {
    if let Some(file) = set
        .files
        .iter()
        .find(|f| matches!(f.load_error, Some(LoadError::Unreadable { .. })))
    {
        return Err(ReloadError::Unreadable(file.path.clone()));
    }
    if let Some(reference) = set
        .references
        .iter()
        .find(|r| matches!(r.resolved, Err(ReferenceError::Unreadable(_))))
    {
        return Err(ReloadError::Unreadable(reference.target.clone()));
    }
    Ok(())
}

/// The set with `changed` texts (new paths are added) and without `removed` files, loaded
/// again.
pub fn reload(
    set: &HotSet,
    changed: &BTreeMap<String, Vec<u8>>,
    removed: &[String],
) -> Result<HotSet, ReloadError> {
    let known: HashSet<&str> = set.files.iter().map(|f| f.path.as_str()).collect();
    let kept = |path: &String| !removed.contains(path);
    let mut entries: Vec<(String, Vec<u8>)> = set
        .files
        .iter()
        .filter(|f| kept(&f.path))
        .map(|f| {
            let bytes = changed.get(&f.path).unwrap_or(&f.bytes).clone();
            (f.path.clone(), bytes)
        })
        .collect();
    let added: Vec<String> = changed
        .keys()
        .filter(|p| !known.contains(p.as_str()))
        .cloned()
        .collect();
    for path in &added {
        entries.push((path.clone(), changed[path].clone()));
    }
    let files = PackageFiles::from_memory(Path::new(&set.label), entries, &set.limits)
        .map_err(|e| ReloadError::Package(e.to_string()))?;
    let roots = if set.given_roots {
        // The files given one by one are those no reference leads to; new files join them.
        let referenced: HashSet<usize> = set
            .references
            .iter()
            .filter_map(|r| r.resolved.as_ref().ok().copied())
            .collect();
        let mut names: Vec<String> = set
            .files
            .iter()
            .enumerate()
            .filter(|(id, f)| !referenced.contains(id) && kept(&f.path))
            .map(|(_, f)| f.path.clone())
            .collect();
        names.extend(added.iter().cloned());
        Roots::Given(names)
    } else {
        Roots::Discover
    };
    let mut reloaded = load_set_as(
        &files,
        roots,
        set.label.clone(),
        &set.limits,
        set.sdc_reading,
    );
    // The listing is the package's, not only what the set read.
    reloaded.keep_listing_of(set, removed);
    if set.stage == Stage::HeatReady {
        reloaded.stage = Stage::HeatReady;
    }
    Ok(reloaded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;

    #[test]
    fn a_reloaded_set_keeps_the_packages_listing_and_entries() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/faces/helm-beside");
        let limits = Limits::default();
        let files = PackageFiles::open_dir(&dir, &limits).unwrap();
        let set = crate::model::hot::load_set(
            &files,
            Roots::Discover,
            dir.display().to_string(),
            &limits,
        );
        let text = b"parameters:\n  fw_names: fw-west-0\n".to_vec();
        let size = text.len() as u64;
        let edited = BTreeMap::from([("base_vfw.env".to_owned(), text)]);
        let reloaded = reload(&set, &edited, &[]).unwrap();
        // The archive is listed only, never read: it stays in the package all the same.
        assert!(set.find("vpkg-chart.tgz").is_none());
        assert_eq!(reloaded.package_files, set.package_files);
        let paths =
            |s: &HotSet| -> Vec<String> { s.package.iter().map(|e| e.path.clone()).collect() };
        assert_eq!(paths(&reloaded), paths(&set));
        let env = reloaded
            .package
            .iter()
            .find(|e| e.path == "base_vfw.env")
            .unwrap();
        assert_eq!(env.size, size, "an edited file's entry has its new size");
    }
}
