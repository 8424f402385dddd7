//! Writing a package and checking it as `vnfwiz validate` checks anyone's: the file is
//! re-opened, every digest re-computed and every rule run; an error-severity finding
//! deletes it. The report (warnings and notes included) is what the wizard's Write step
//! and `onboard` show.

use std::path::{Path, PathBuf};

use crate::integrity::Options;
use crate::report::Report;
use crate::rules::Selection;
use crate::validation::validate;

use super::csar_writer::{CsarRequest, write_csar};
use super::error::PackageError;
use super::heat_zip::{HeatZipRequest, write_heat_zip};

/// Writes a CSAR, then validates it; returns its report, or deletes it and fails.
pub fn write_csar_checked(
    request: &CsarRequest<'_>,
    destination: &Path,
    options: &Options<'_>,
) -> Result<Report, PackageError> {
    write_csar(request, destination, options)?;
    check(destination, options)
}

/// Writes a heat zip, then validates it; returns its report, or deletes it and fails.
pub fn write_heat_zip_checked(
    request: &HeatZipRequest<'_>,
    destination: &Path,
    options: &Options<'_>,
) -> Result<Report, PackageError> {
    write_heat_zip(request, destination)?;
    check(destination, options)
}

/// Validates a written package; an error-severity finding removes it.
fn check(destination: &Path, options: &Options<'_>) -> Result<Report, PackageError> {
    let outcome = validate(&[destination.to_path_buf()], options, &Selection::all());
    let report = match outcome {
        Ok(report) => report,
        Err(error) => {
            remove(destination);
            return Err(error.into());
        }
    };
    if report.has_errors() {
        remove(destination);
        return Err(PackageError::Invalid {
            path: PathBuf::from(destination),
            violations: report.violations().cloned().collect(),
        });
    }
    Ok(report)
}

fn remove(path: &Path) {
    // The package is refused either way; a file that cannot be removed is named in the
    // error the caller reports.
    let _ = std::fs::remove_file(path);
}
