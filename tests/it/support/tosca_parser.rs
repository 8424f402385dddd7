//! tosca-parser, the parser Tacker loads VNF packages with, run on the CSARs the tests
//! write (tests/tosca_parser/check.py): offline, ETSI's SOL001 type files resolved to the
//! copies Tacker's samples carry in the corpus. The parser lives in a virtual environment
//! made once under target/ (tests/tosca_parser/venv.sh). Without a Python 3, or without
//! the corpus (vnfwiz ships no ETSI file), the check says why and is skipped;
//! `VNFWIZ_TOSCA_PARSER=0` skips it on purpose.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use super::python_venv::{self, repository};

/// The corpus sample whose `Definitions/` holds ETSI's SOL001 v2.6.1 type files.
const SOL001_SAMPLE: &str = "csar/tacker__practical_vnf_package/Definitions";

/// A ready parser: the environment's python and the ETSI type files.
pub struct ToscaParser {
    python: PathBuf,
    sol001: PathBuf,
}

/// The folder holding ETSI's SOL001 type files, from the corpus (`VNFWIZ_CORPUS`).
pub fn sol001_types() -> Option<PathBuf> {
    let corpus = std::env::var_os("VNFWIZ_CORPUS")?;
    let folder = Path::new(&corpus).join(SOL001_SAMPLE);
    folder.is_dir().then_some(folder)
}

/// The parser, made ready once per test process; `None` (with the reason printed) when
/// the check cannot run here.
pub fn parser() -> Option<&'static ToscaParser> {
    static PARSER: OnceLock<Result<ToscaParser, String>> = OnceLock::new();
    match PARSER.get_or_init(prepare) {
        Ok(parser) => Some(parser),
        Err(why) => {
            eprintln!("tosca-parser check skipped: {why}");
            None
        }
    }
}

fn prepare() -> Result<ToscaParser, String> {
    let sol001 = sol001_types().ok_or_else(|| {
        "VNFWIZ_CORPUS names no corpus with ETSI's SOL001 type files (vnfwiz ships none)".to_owned()
    })?;
    let python = python_venv::prepare(
        "tests/tosca_parser/venv.sh",
        &[],
        "tosca-parser",
        "VNFWIZ_TOSCA_PARSER",
    )?;
    Ok(ToscaParser { python, sol001 })
}

impl ToscaParser {
    /// Asserts that tosca-parser loads every CSAR, and each VNFD file in it alone, without
    /// an error or an unresolved import.
    pub fn assert_loads(&self, csars: &[&Path]) {
        // tosca-parser unpacks each CSAR into a folder of the system's temporary directory
        // and leaves it there; this one is removed when the check ends.
        let unpacked = tempfile::tempdir().expect("a folder for tosca-parser's unpacking");
        let output = Command::new(&self.python)
            .env("TMPDIR", unpacked.path())
            .arg(repository().join("tests/tosca_parser/check.py"))
            .arg(&self.sol001)
            .args(csars)
            .output()
            .expect("the environment's python runs");
        let report = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            output.status.success(),
            "tosca-parser rejects what vnfwiz wrote:\n{report}"
        );
        assert!(
            report.lines().filter(|l| l.starts_with("ok ")).count() >= 2 * csars.len(),
            "each CSAR and its VNFD files are checked:\n{report}"
        );
    }
}

/// Runs the check on `csars` when it can run here.
pub fn assert_loads(csars: &[&Path]) {
    if let Some(parser) = parser() {
        parser.assert_loads(csars);
    }
}
