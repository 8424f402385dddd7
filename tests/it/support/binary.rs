//! The built binary and the converter fixtures, as the command-line tests reach them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A file or folder under tests/fixtures/.
pub fn fixtures(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

/// A file under tests/fixtures/convert/.
pub fn convert_fixture(path: &str) -> PathBuf {
    fixtures("convert").join(path)
}

/// Runs the built vnfwiz without colour and in the C locale (descriptors' own words, not
/// a bundle's), with `env` added to its environment.
pub fn vnfwiz(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_vnfwiz"));
    command
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("the binary runs")
}

/// What a run of the binary gave back, its output as text.
pub struct Run {
    /// The exit code (`None` when a signal ended it).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(output: Output) -> Run {
        Run {
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

/// A run's stdout then stderr, as text.
pub fn output_text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `file:line:column` of a violation of a JSON report, as every format writes it.
pub fn place(violation: &serde_json::Value) -> String {
    format!(
        "{}:{}:{}",
        violation["file"].as_str().unwrap_or_default(),
        violation["line"],
        violation["column"]
    )
}

/// `(rule, file:line)` of every violation of a JSON report.
pub fn violations_at(doc: &serde_json::Value) -> Vec<(String, String)> {
    doc["violations"]
        .as_array()
        .expect("a JSON report lists violations")
        .iter()
        .map(|v| {
            (
                v["rule"].as_str().unwrap().to_owned(),
                format!("{}:{}", v["file"].as_str().unwrap(), v["line"]),
            )
        })
        .collect()
}
