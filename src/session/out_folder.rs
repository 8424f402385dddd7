//! Writing the output folder atomically: every file goes to a temporary sibling folder,
//! is flushed to disk, the packages are written and validated there, and the folder is
//! then renamed into place (swapped with the old one under `--force`). A refused, failed
//! or interrupted run (a package failing its own validation included) leaves the output
//! folder as it was; environment files holding secrets are created with mode 0600.
//!
//! The layout: `heat/` holds the HOT set, flat, exactly what the heat zip holds (the folder
//! a user zips or hands to SDC and VVP holds nothing else); `answers.yaml` and the packages
//! (`<name>.csar`, `<name>-heat.zip`) sit beside it.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::foundation::atomic_file;
use crate::foundation::diagnostics::{InputRoot, Options};
use crate::foundation::interrupt::Signal;
use crate::input::source::HEAT_FOLDER;
use crate::input::source::path::normalise;
use crate::transform::package::{PackageError, WrittenPackage};

use super::Session;
use super::evaluation::Evaluation;
use super::resolve::{FileRole, OutputFile};

/// Where an output file goes, relative to the output folder: the answers file at the top,
/// every file of the HOT set in `heat/`.
pub fn placed(path: &str, role: FileRole) -> String {
    match role {
        FileRole::Answers => path.to_owned(),
        _ => format!("{HEAT_FOLDER}/{path}"),
    }
}

/// What was written.
pub struct Written {
    /// The output folder.
    pub directory: PathBuf,
    /// The files, relative to it (`heat/base.yaml`, `answers.yaml`).
    pub files: Vec<String>,
    /// The files holding secrets (mode 0600), relative to it.
    pub secret_files: Vec<String>,
    /// The packages, at the top of the output folder, each with its validation report
    /// (labelled by its path relative to the folder).
    pub packages: Vec<WrittenPackage>,
}

/// Why nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The evaluation's gate is closed (the set violates a MUST, or the answers do not
    /// resolve): vnfwiz never writes such a set. Why, in one line.
    #[error("{0}; nothing is written")]
    Closed(String),
    /// The folder has content and `--force` was not given.
    #[error("{0}: the folder is not empty; give --force to replace its content")]
    NotEmpty(PathBuf),
    /// The folder may not be replaced or a file name is unsafe.
    #[error("{path}: {reason}")]
    Refused {
        /// The folder or file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A signal arrived before the output was in place.
    #[error(
        "interrupted by {0}: nothing was written, the output folder is as it was and the temporary files are removed"
    )]
    Interrupted(Signal),
    /// A package could not be written, or fails its own validation.
    #[error(transparent)]
    Package(#[from] PackageError),
    /// The file system refused.
    #[error("{path}: {source}; nothing was written, the output folder is as it was")]
    Io {
        /// The path being written.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl Session {
    /// Writes an evaluation's resolved set and the packages it asks for into `out_dir`,
    /// all or nothing; refuses while the evaluation's gate is closed, and a non-empty
    /// folder without `force`. `options` carry the limits, progress and cancellation while
    /// images stream.
    pub fn write_outputs(
        &self,
        evaluation: &Evaluation,
        out_dir: &Path,
        force: bool,
        options: &Options<'_>,
    ) -> Result<Written, WriteError> {
        let resolved = evaluation.writable().map_err(WriteError::Closed)?;
        let files: Vec<&OutputFile> = resolved.files.iter().collect();
        // A package carries the environment files, secrets included: it gets their mode.
        let secret = files.iter().any(|f| !f.secrets.is_empty());
        let mut written = write_files(
            &files,
            out_dir,
            force,
            Path::new(&resolved.input),
            |staging| {
                // Packages go beside the answers and `heat/`, apart from the HOT set.
                let packages = self.write_packages(
                    resolved.package,
                    resolved.packaging.as_ref(),
                    &resolved.waiver_records(),
                    staging,
                    options,
                )?;
                if secret {
                    for package in &packages {
                        owner_only(&package.path)?;
                    }
                }
                Ok(packages)
            },
        )?;
        if secret {
            let names: Vec<String> = written
                .packages
                .iter()
                .filter_map(|p| p.path.strip_prefix(out_dir).ok())
                .map(|n| n.to_string_lossy().replace('\\', "/"))
                .collect();
            written.secret_files.extend(names);
        }
        Ok(written)
    }
}

/// Restricts a written file to its owner (mode 0600).
fn owner_only(path: &Path) -> Result<(), WriteError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o600)).map_err(io(path))?;
    }
    Ok(())
}

/// A package written into the staging folder, moved with it to `out_dir`; its report is
/// labelled by its path relative to `out_dir`.
fn moved(mut package: WrittenPackage, staging: &Path, out_dir: &Path) -> WrittenPackage {
    let relative = package
        .path
        .strip_prefix(staging)
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| {
            package
                .path
                .file_name()
                .map(PathBuf::from)
                .unwrap_or_default()
        });
    let name = relative.to_string_lossy().replace('\\', "/");
    package.path = out_dir.join(&relative);
    let root = std::path::absolute(&package.path).unwrap_or_else(|_| package.path.clone());
    for input in &mut package.report.inputs {
        input.label = name.clone();
        input.root = InputRoot::Archive(root.clone());
    }
    package
}

/// What an output folder is before writing: what decides whether writing needs leave
/// to replace it (`--force`, the wizard's checkbox).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Nothing there: writing creates it.
    Absent,
    /// An empty folder.
    Empty,
    /// A folder with this many entries (counted up to [`MAX_COUNTED`]).
    Holds(usize),
}

/// Entries of an output folder counted at most, for a message.
pub const MAX_COUNTED: usize = 1000;

/// What `out_dir` is now; something other than a folder is refused.
pub fn target(out_dir: &Path) -> Result<Target, WriteError> {
    match fs::symlink_metadata(out_dir) {
        Ok(meta) if meta.is_dir() => {
            let count = fs::read_dir(out_dir)
                .map_err(io(out_dir))?
                .take(MAX_COUNTED)
                .count();
            Ok(if count == 0 {
                Target::Empty
            } else {
                Target::Holds(count)
            })
        }
        Ok(_) => Err(WriteError::Refused {
            path: out_dir.to_path_buf(),
            reason: "exists and is not a folder".to_owned(),
        }),
        Err(_) => Ok(Target::Absent),
    }
}

/// Whether writing into `out_dir`, found to be `target`, may go ahead: a folder holding
/// entries is replaced only with leave (`force`: `--force`, the wizard's checkbox). The
/// gate both faces pass: the wizard before it starts a write, the write itself.
pub fn write_gate(out_dir: &Path, target: Target, force: bool) -> Result<(), WriteError> {
    match target {
        Target::Holds(_) if !force => Err(WriteError::NotEmpty(out_dir.to_path_buf())),
        Target::Absent | Target::Empty | Target::Holds(_) => Ok(()),
    }
}

/// Whether the output can be written: the folder the staging goes in (the output's parent,
/// or the nearest one above that exists, where the missing ones are created) and an
/// existing output folder each take a new file. Tried for real, with a file removed at
/// once, since permissions alone miss read-only mounts and immutable folders.
pub fn writable(out_dir: &Path) -> Result<(), WriteError> {
    let mut at = match out_dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    while fs::symlink_metadata(&at).is_err() {
        match at.parent() {
            Some(p) if !p.as_os_str().is_empty() => at = p.to_path_buf(),
            _ => {
                at = PathBuf::from(".");
                break;
            }
        }
    }
    let mut folders = vec![at];
    if fs::symlink_metadata(out_dir).is_ok_and(|m| m.is_dir()) {
        folders.push(out_dir.to_path_buf());
    }
    for folder in folders {
        let probe = sibling(&folder, out_dir, "probe");
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
            .map_err(io(&folder))?;
        let _ = fs::remove_file(&probe);
    }
    Ok(())
}

/// Whether `out_dir` may be replaced (see [`check_replaceable`]): asked before a write, so
/// the wizard says so ahead.
pub fn replaceable(out_dir: &Path, input: &Path) -> Result<(), WriteError> {
    check_replaceable(out_dir, input)
}

/// Refuses to replace a folder whose loss would hurt beyond this run's output: the root,
/// the home folder, the working folder or one above it, or a folder holding the input.
fn check_replaceable(out_dir: &Path, input: &Path) -> Result<(), WriteError> {
    let target = fs::canonicalize(out_dir).map_err(io(out_dir))?;
    let refuse = |reason: &str| WriteError::Refused {
        path: out_dir.to_path_buf(),
        reason: format!(
            "{reason}; replacing a folder replaces its whole content, so choose a folder of its own"
        ),
    };
    if target.parent().is_none() {
        return Err(refuse("this is the root folder"));
    }
    if let Some(home) = std::env::var_os("HOME").and_then(|h| fs::canonicalize(h).ok())
        && home == target
    {
        return Err(refuse("this is the home folder"));
    }
    if let Ok(cwd) = std::env::current_dir().and_then(fs::canonicalize)
        && cwd.starts_with(&target)
    {
        return Err(refuse("this is the working folder or one above it"));
    }
    if let Ok(input) = fs::canonicalize(input)
        && input.starts_with(&target)
    {
        return Err(refuse("the input lies in this folder"));
    }
    Ok(())
}

/// A name for a hidden sibling of `out_dir` that does not exist yet, in the scheme of
/// every staging name (`foundation::atomic_file::staging_name`).
fn sibling(parent: &Path, out_dir: &Path, what: &str) -> PathBuf {
    loop {
        let name = atomic_file::staging_name(out_dir, what);
        let candidate = parent.join(name.file_name().unwrap_or(name.as_os_str()));
        if fs::symlink_metadata(&candidate).is_err() {
            return candidate;
        }
    }
}

/// Writes `files` into a staging folder, then `packages` into the same folder (given its
/// path), then moves it into place.
pub fn write_files(
    files: &[&OutputFile],
    out_dir: &Path,
    force: bool,
    input: &Path,
    packages: impl FnOnce(&Path) -> Result<Vec<WrittenPackage>, WriteError>,
) -> Result<Written, WriteError> {
    for file in files {
        if normalise(&file.path).as_deref() != Some(file.path.as_str()) || file.path.is_empty() {
            return Err(WriteError::Refused {
                path: PathBuf::from(&file.path),
                reason: "is not a plain relative path inside the output folder".to_owned(),
            });
        }
    }
    let found = target(out_dir)?;
    write_gate(out_dir, found, force)?;
    let replace = matches!(found, Target::Holds(_));
    if replace {
        check_replaceable(out_dir, input)?;
    }
    let parent = match out_dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).map_err(io(&parent))?;
    let staging = sibling(&parent, out_dir, "new");
    let result = stage(files, &staging)
        .and_then(|()| crate::foundation::fault::at("package").map_err(io(&staging)))
        .and_then(|()| not_interrupted())
        .and_then(|()| packages(&staging))
        .and_then(|written| not_interrupted().map(|()| written))
        .and_then(|written| swap(&staging, out_dir, &parent, replace).map(|()| written));
    let packages = match result {
        Ok(packages) => packages,
        Err(error) => {
            // Nothing of this run may stay behind.
            let _ = fs::remove_dir_all(&staging);
            return Err(match (error, crate::foundation::interrupt::received()) {
                // A package cancelled by the signal says so, not what it was writing.
                (_, Some(signal)) => WriteError::Interrupted(signal),
                // Name the file as the operator knows it, not its staging path.
                (WriteError::Io { path, source }, None) => WriteError::Io {
                    path: path
                        .strip_prefix(&staging)
                        .map(|rel| out_dir.join(rel))
                        .unwrap_or(path),
                    source,
                },
                (other, None) => other,
            });
        }
    };
    atomic_file::sync_folder(&parent);
    Ok(Written {
        directory: out_dir.to_path_buf(),
        files: files.iter().map(|f| placed(&f.path, f.role)).collect(),
        secret_files: files
            .iter()
            .filter(|f| !f.secrets.is_empty())
            .map(|f| placed(&f.path, f.role))
            .collect(),
        packages: packages
            .into_iter()
            .map(|p| moved(p, &staging, out_dir))
            .collect(),
    })
}

/// Creates `staging` with every file, each flushed to disk.
fn stage(files: &[&OutputFile], staging: &Path) -> Result<(), WriteError> {
    fs::create_dir(staging).map_err(io(staging))?;
    for (index, file) in files.iter().enumerate() {
        let path = staging.join(placed(&file.path, file.role));
        not_interrupted()?;
        crate::foundation::fault::at(&format!("write:{}", index + 1)).map_err(io(&path))?;
        not_interrupted()?;
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder).map_err(io(folder))?;
        }
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(if file.secrets.is_empty() {
                0o644
            } else {
                0o600
            });
        }
        let mut handle = options.open(&path).map_err(io(&path))?;
        handle.write_all(&file.bytes).map_err(io(&path))?;
        handle.sync_all().map_err(io(&path))?;
    }
    atomic_file::sync_folder(staging);
    Ok(())
}

/// Stops a write once SIGINT or SIGTERM has arrived (`interrupt::install`).
fn not_interrupted() -> Result<(), WriteError> {
    match crate::foundation::interrupt::received() {
        Some(signal) => Err(WriteError::Interrupted(signal)),
        None => Ok(()),
    }
}

/// Moves `staging` to `out_dir`: a rename onto an absent or empty folder; over a folder
/// with content, an atomic exchange where the file system offers one, else two renames.
fn swap(staging: &Path, out_dir: &Path, parent: &Path, replace: bool) -> Result<(), WriteError> {
    if !replace {
        return fs::rename(staging, out_dir).map_err(io(out_dir));
    }
    if exchange(staging, out_dir).is_ok() {
        // `staging` now holds the old content.
        let _ = fs::remove_dir_all(staging);
        return Ok(());
    }
    let old = sibling(parent, out_dir, "old");
    fs::rename(out_dir, &old).map_err(io(out_dir))?;
    if let Err(error) = fs::rename(staging, out_dir) {
        let _ = fs::rename(&old, out_dir);
        return Err(io(out_dir)(error));
    }
    let _ = fs::remove_dir_all(&old);
    Ok(())
}

/// Swaps two paths in one step (Linux `renameat2(RENAME_EXCHANGE)`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let a = CString::new(a.as_os_str().as_bytes())?;
    let b = CString::new(b.as_os_str().as_bytes())?;
    // SAFETY: both pointers are valid NUL-terminated strings for the duration of the call.
    let rc = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Other systems have no atomic exchange; the caller falls back to two renames.
#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::FileRole;

    #[test]
    fn a_folder_that_takes_no_file_is_not_writable_and_the_probe_leaves_nothing() {
        let (tmp, out) = earlier_output();
        writable(&out).expect("a plain folder takes files");
        writable(&out.join("a/b/new")).expect("folders to create are made where one exists");
        let listed = |dir: &Path| {
            let mut names: Vec<String> = fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        assert_eq!(listed(tmp.path()), ["out"], "the probe file is removed");
        assert_eq!(listed(&out), ["old.yaml"]);
        // Under a file, nothing can be created.
        let file = tmp.path().join("plain");
        fs::write(&file, "x").unwrap();
        assert!(writable(&file.join("out")).is_err());
        // An immutable folder, where the system lets this process make one.
        let sealed = tmp.path().join("sealed");
        fs::create_dir(&sealed).unwrap();
        let chattr = |flag: &str| {
            std::process::Command::new("chattr")
                .arg(flag)
                .arg(&sealed)
                .status()
                .is_ok_and(|s| s.success())
        };
        if chattr("+i") {
            let refused = writable(&sealed);
            chattr("-i");
            assert!(refused.is_err(), "an immutable folder takes no file");
        }
    }

    /// A temporary folder holding `out/`, an output folder with an earlier `old.yaml`.
    fn earlier_output() -> (tempfile::TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        fs::create_dir(&out).unwrap();
        fs::write(out.join("old.yaml"), "old").unwrap();
        (tmp, out)
    }

    fn none(_: &Path) -> Result<Vec<WrittenPackage>, WriteError> {
        Ok(Vec::new())
    }

    fn file(path: &str, text: &str, secret: bool) -> OutputFile {
        OutputFile {
            path: path.to_owned(),
            bytes: text.as_bytes().to_vec(),
            role: FileRole::Artifact,
            secrets: if secret {
                vec!["p".to_owned()]
            } else {
                Vec::new()
            },
            source: None,
        }
    }

    #[test]
    fn writes_into_a_new_folder_with_secret_modes() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("a/out");
        let files = [file("t.yaml", "x", false), file("t.env", "y", true)];
        let refs: Vec<&OutputFile> = files.iter().collect();
        let written = write_files(&refs, &out, false, Path::new("/nonexistent"), none).unwrap();
        assert_eq!(written.secret_files, ["heat/t.env"]);
        assert_eq!(written.files, ["heat/t.yaml", "heat/t.env"]);
        assert_eq!(fs::read_to_string(out.join("heat/t.yaml")).unwrap(), "x");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(out.join("heat/t.env"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let leftovers: Vec<_> = fs::read_dir(tmp.path().join("a")).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no staging folder stays behind");
    }

    #[test]
    fn a_full_folder_needs_force_and_is_replaced_whole() {
        let (tmp, out) = earlier_output();
        let files = [file("new.yaml", "new", false)];
        let refs: Vec<&OutputFile> = files.iter().collect();
        let input = Path::new("/nonexistent");
        assert!(matches!(
            write_files(&refs, &out, false, input, none),
            Err(WriteError::NotEmpty(_))
        ));
        assert!(out.join("old.yaml").exists());
        write_files(&refs, &out, true, input, none).unwrap();
        assert!(!out.join("old.yaml").exists());
        assert_eq!(
            fs::read_to_string(out.join("heat/new.yaml")).unwrap(),
            "new"
        );
        assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failure_while_staging_leaves_the_folder_as_it_was() {
        let (tmp, out) = earlier_output();
        // `x` as a file and as a folder cannot both be written.
        let files = [file("x", "1", false), file("x/y", "2", false)];
        let refs: Vec<&OutputFile> = files.iter().collect();
        assert!(write_files(&refs, &out, true, Path::new("/nonexistent"), none).is_err());
        assert_eq!(fs::read_to_string(out.join("old.yaml")).unwrap(), "old");
        assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failing_package_step_leaves_the_folder_as_it_was() {
        let (tmp, out) = earlier_output();
        let files = [file("new.yaml", "new", false)];
        let refs: Vec<&OutputFile> = files.iter().collect();
        let result = write_files(&refs, &out, true, Path::new("/nonexistent"), |staging| {
            // The package step sees the staged files and writes beside them.
            assert!(staging.join("heat/new.yaml").exists());
            fs::write(staging.join("vfw.csar"), "half").unwrap();
            Err(WriteError::Package(PackageError::Incomplete(
                "no CPU count".to_owned(),
            )))
        });
        assert!(matches!(result, Err(WriteError::Package(_))));
        assert_eq!(fs::read_to_string(out.join("old.yaml")).unwrap(), "old");
        assert!(!out.join("heat/new.yaml").exists());
        assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 1);
    }

    #[test]
    fn unsafe_names_and_precious_folders_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let files = [file("../escape", "1", false)];
        let refs: Vec<&OutputFile> = files.iter().collect();
        assert!(matches!(
            write_files(&refs, &tmp.path().join("o"), false, Path::new("/x"), none),
            Err(WriteError::Refused { .. })
        ));
        let input = tmp.path().join("pkg.ovf");
        fs::write(&input, "x").unwrap();
        let ok = [file("a", "1", false)];
        let refs: Vec<&OutputFile> = ok.iter().collect();
        assert!(matches!(
            write_files(&refs, tmp.path(), true, &input, none),
            Err(WriteError::Refused { .. })
        ));
        assert!(input.exists());
    }
}
