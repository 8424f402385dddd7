//! The project's `.pre-commit-hooks.yaml` run by the real pre-commit tool (from the Python
//! package registry, in a virtual environment made once under target/ by
//! tests/python/venv.sh): the manifest passes pre-commit's own check, and in a throw-away
//! git repository holding a VNF's templates the hook fails on its findings and passes once
//! a vnfwiz.toml waives them. Skipped, saying why, where no Python 3 with venv is found;
//! `VNFWIZ_PRE_COMMIT=0` skips it on purpose.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::binary::fixtures;
use crate::support::python_venv::{self, repository};

/// The pre-commit release the test installs.
const VERSION: &str = "4.7.0";

/// The virtual environment's python, or why the test cannot run here.
fn python() -> Result<PathBuf, String> {
    python_venv::prepare(
        "tests/python/venv.sh",
        &["pre-commit", VERSION],
        "pre-commit",
        "VNFWIZ_PRE_COMMIT",
    )
}

/// Runs git in `dir` as a throw-away identity.
fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=vnfwiz tests",
            "-c",
            "user.email=tests@vnfwiz.invalid",
        ])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A git repository in `dir` holding `files` (name, text), committed.
fn committed(dir: &Path, files: &[(&str, String)]) -> String {
    std::fs::create_dir_all(dir).expect("folder");
    git(dir, &["init", "-q"]);
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
        std::fs::write(path, text).expect("write");
    }
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "files"]);
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(dir)
        .output()
        .expect("git runs");
    String::from_utf8_lossy(&head.stdout).trim().to_owned()
}

/// pre-commit run in `dir` with vnfwiz on PATH and its cache in `home`.
fn pre_commit(python: &Path, dir: &Path, home: &Path, args: &[&str]) -> Output {
    let binary = Path::new(env!("CARGO_BIN_EXE_vnfwiz"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().expect("a folder").to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ),
    )
    .expect("a PATH");
    Command::new(python)
        .args(["-m", "pre_commit"])
        .args(args)
        .current_dir(dir)
        .env("PATH", path)
        .env("PRE_COMMIT_HOME", home)
        .env("NO_COLOR", "1")
        .output()
        .expect("pre-commit runs")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn the_hook_runs_vnfwiz_validate_in_a_vendor_repository() {
    let python = match python() {
        Ok(python) => python,
        Err(why) => {
            eprintln!("pre-commit test skipped: {why}");
            return;
        }
    };
    let manifest = repository().join(".pre-commit-hooks.yaml");
    let dir = tempfile::tempdir().expect("temp");
    let home = dir.path().join("cache");
    let checked = pre_commit(
        &python,
        dir.path(),
        &home,
        &["validate-manifest", manifest.to_str().expect("UTF-8")],
    );
    assert!(checked.status.success(), "{}", text(&checked));
    // The hooks as a repository of their own (what `repo:` names), and a vendor's.
    let hooks = dir.path().join("hooks");
    let rev = committed(
        &hooks,
        &[(
            ".pre-commit-hooks.yaml",
            std::fs::read_to_string(&manifest).expect("manifest"),
        )],
    );
    let config = format!(
        "repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n      - id: vnfwiz-validate-system\n",
        hooks.display()
    );
    let set = |name: &str| {
        std::fs::read_to_string(fixtures("waivers/vlb_like").join(name)).expect("fixture")
    };
    let vendor = dir.path().join("vendor");
    committed(
        &vendor,
        &[
            (".pre-commit-config.yaml", config),
            ("heat/base_vlb.yaml", set("base_vlb.yaml")),
            ("heat/base_vlb.env", set("base_vlb.env")),
        ],
    );
    let failed = pre_commit(&python, &vendor, &home, &["run", "--all-files"]);
    let said = text(&failed);
    assert_eq!(failed.status.code(), Some(1), "{said}");
    assert!(
        said.contains("vnfwiz validate (vnfwiz on PATH)") && said.contains("Failed"),
        "{said}"
    );
    assert!(said.contains("error[R-25720]"), "{said}");
    // The team's decisions in vnfwiz.toml: the hook passes and still shows what it accepts.
    std::fs::write(
        vendor.join("vnfwiz.toml"),
        "[[waive]]\nrule = \"R-*\"\nfiles = [\"heat/*\"]\nreason = \"the demo as the vendor ships it; ticket 42\"\n",
    )
    .expect("config");
    git(&vendor, &["add", "-A"]);
    git(&vendor, &["commit", "-q", "-m", "decisions"]);
    let passed = pre_commit(
        &python,
        &vendor,
        &home,
        &["run", "--all-files", "--verbose"],
    );
    let said = text(&passed);
    assert!(passed.status.success(), "{said}");
    assert!(
        said.contains("Passed") && said.contains("waived[R-25720]"),
        "{said}"
    );
}
