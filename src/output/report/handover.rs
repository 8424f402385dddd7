//! The HTML report the wizard's review writes for the vendor (`r`): an OVF source's own
//! findings, then the output set as the answers make it, checked as the session evaluates
//! it (the same findings, fixes and waivers the review lists), rendered as `validate --format html` renders a report and
//! written beside the output folder, where a later write of the output leaves it alone.

use std::path::{Path, PathBuf};

use super::render::fixes::Fixes;
use super::render::html;
use super::render::onboard::Onboarding;
use super::render::run::{RunInfo, Source};
use crate::foundation::atomic_file::{AtomicWriteError, write};
use crate::foundation::diagnostics::{Options, Report, Severity};
use crate::foundation::limits::Limits;
use crate::input::integrity::IntegrityError;
use crate::session::{Answered, Refusal, Session};
use crate::transform::package::time::BadSourceDateEpoch;

/// Why no report was written.
#[derive(Debug, thiserror::Error)]
pub enum HandoverError {
    /// The answers are refused: there is no output set to report on.
    #[error("no output set to report on: {}", .0.to_string().replace('\n', "; "))]
    Refused(Refusal),
    /// The source could not be read again for its digest.
    #[error("cannot read the source for its digest: {0}")]
    Source(#[from] IntegrityError),
    /// `SOURCE_DATE_EPOCH` is set but no date.
    #[error(transparent)]
    Date(#[from] BadSourceDateEpoch),
    /// The folder the report goes in cannot be made.
    #[error("cannot make the folder {}: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error(transparent)]
    File(#[from] AtomicWriteError),
}

/// A report written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handed {
    /// Where it was written.
    pub path: PathBuf,
    /// How many findings it holds that count (errors, warnings, notes), and waived ones.
    pub counts: [usize; 4],
}

/// Where the report for an output folder `out` goes: beside it, `<out>-report.html`
/// (`vfw-onboarded` gives `vfw-onboarded-report.html`), not inside it, so writing or
/// replacing the output neither counts it nor removes it.
pub fn report_path(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    out.with_file_name(format!("{name}-report.html"))
}

/// Evaluates `answered` on `session` and writes the HTML report of the output set it makes
/// beside `out` (see [`report_path`]), naming `source` (hashed when it is one file), the
/// profile and project config in force, and where the set will be written.
pub fn write_html(
    session: &mut Session,
    answered: &Answered,
    source: &Path,
    out: &Path,
    limits: &Limits,
) -> Result<Handed, HandoverError> {
    let evaluation = session.evaluate(answered);
    let fixes = Fixes::of_evaluation(&evaluation);
    let mut report =
        Onboarding::evaluated_report(evaluation, out).map_err(HandoverError::Refused)?;
    let checked = session.checked_with();
    let mut run = RunInfo::now(
        vec![Source::read(source, &Options::new(limits))?],
        format!("profile {}", checked.rules),
    )?;
    run.settings = vec![
        (
            "Config".to_owned(),
            checked.config.as_ref().map_or_else(
                || "none (no vnfwiz.toml)".to_owned(),
                |c| c.display().to_string(),
            ),
        ),
        (
            "Checked".to_owned(),
            format!(
                "the output set the wizard's answers make, to be written to {}",
                out.display()
            ),
        ),
    ];
    let path = report_path(out);
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|source| HandoverError::Folder {
            path: parent.to_path_buf(),
            source,
        })?;
    }
    // An OVF source's own findings first, as the review lists them.
    let (page, counts) = report.with_first_input(session.package_input(), |report| {
        (html::render(report, &fixes, &run), counts(report))
    });
    write(&path, page.as_bytes())?;
    Ok(Handed { path, counts })
}

/// The findings that count by severity, and the waived ones.
fn counts(report: &Report) -> [usize; 4] {
    let mut counts = [0; 4];
    for violation in report.violations() {
        let at = match violation.severity() {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Note => 2,
        };
        counts[at] += 1;
    }
    counts[3] = report.inputs.iter().map(|i| i.waived.len()).sum();
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_goes_beside_the_output_folder() {
        assert_eq!(
            report_path(Path::new("/tmp/work/vfw-onboarded")),
            Path::new("/tmp/work/vfw-onboarded-report.html")
        );
        assert_eq!(report_path(Path::new("out")), Path::new("out-report.html"));
    }

    #[test]
    fn a_set_is_reported_with_its_findings_beside_its_output() {
        let dir = tempfile::tempdir().unwrap();
        let source =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wizard/dns-needs-work");
        let limits = Limits::default();
        let mut session = Session::open(&source, &limits).unwrap();
        let out = dir.path().join("dns-onboarded");
        let handed = write_html(&mut session, &Answered::default(), &source, &out, &limits)
            .expect("written");
        assert_eq!(handed.path, dir.path().join("dns-onboarded-report.html"));
        assert!(!out.exists(), "the output folder is not made");
        let page = std::fs::read_to_string(&handed.path).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..80]);
        assert!(page.contains("R-90279"), "the findings are on the page");
        assert!(handed.counts[0] > 0, "{:?}", handed.counts);
    }

    #[test]
    fn an_ovf_sources_own_findings_are_reported_with_a_clean_output_set() {
        let dir = tempfile::tempdir().unwrap();
        let source =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/package/vfw/vfw.ovf");
        let limits = Limits::default();
        let mut session = Session::open(&source, &limits).unwrap();
        let answered = Answered::from(crate::session::answers::Answers {
            accept_eula: crate::session::answers::EulaAcceptance::All,
            ..Default::default()
        });
        let out = dir.path().join("vfw-onboarded");
        let handed = write_html(&mut session, &answered, &source, &out, &limits).expect("written");
        let page = std::fs::read_to_string(&handed.path).unwrap();
        // The output set is clean; the package's own warning is what the review lists.
        assert!(
            page.contains("OVF-no-manifest"),
            "the package's finding is on the page"
        );
        assert!(page.contains("vfw.ovf:1:1"), "at its place");
        assert!(!page.contains("<p>No findings: "), "no clean page");
        assert_eq!(handed.counts, [0, 1, 0, 0]);
    }
}
