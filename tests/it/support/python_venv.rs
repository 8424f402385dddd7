//! A checker written in Python (tosca-parser, Heat) in a virtual environment made once under
//! target/ by tests/python/venv.sh (through the checker's own `venv.sh`, or directly): ready, skipped with the reason, or a
//! failure to install, which fails the test.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
pub fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The environment's python, made by `script` (relative to the repository, given `args`
/// after the folder) under `target/<folder>`; `Err` with the reason when `skip` (an environment variable) is `0` or no
/// Python 3 is found. A failed install panics, naming `skip`.
pub fn prepare(script: &str, args: &[&str], folder: &str, skip: &str) -> Result<PathBuf, String> {
    if std::env::var_os(skip).is_some_and(|v| v == "0") {
        return Err(format!("{skip}=0"));
    }
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map_or_else(|| repository().join("target"), Path::to_path_buf)
        .join(folder);
    let made = Command::new("sh")
        .arg(repository().join(script))
        .arg(&target)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let stderr = String::from_utf8_lossy(&made.stderr).trim().to_owned();
    match made.status.code() {
        Some(0) => Ok(PathBuf::from(String::from_utf8_lossy(&made.stdout).trim())),
        Some(3) => Err(format!("no Python 3 found ({stderr})")),
        _ => panic!("{script} could not install (set {skip}=0 to skip this check): {stderr}"),
    }
}
