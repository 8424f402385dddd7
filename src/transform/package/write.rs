//! Writing a package and checking it as `vnfwiz validate` checks anyone's: the file is
//! re-opened, every digest re-computed and every rule run; an error-severity finding
//! deletes it. The report (warnings and notes included) is what the wizard's Write step
//! and `onboard` show.

use std::path::{Path, PathBuf};

use crate::check::rules::Selection;
use crate::check::validation::validate_waiving;
use crate::check::waivers::{Day, Record, Waivers};
use crate::foundation::diagnostics::{Options, Report};
use crate::input::source::Overlay;
use crate::model::hot::HotSet;

use super::csar_writer::{CsarRequest, write_csar};
use super::error::PackageError;
use super::heat_zip::{HeatZipRequest, write_heat_zip};

/// Which package `onboard` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackageFormat {
    /// An ETSI SOL004 CSAR.
    Csar,
    /// An ONAP heat zip.
    HeatZip,
    /// Both.
    Both,
    /// Templates only.
    None,
}

impl PackageFormat {
    /// The answers-file and command-line spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            PackageFormat::Csar => "csar",
            PackageFormat::HeatZip => "heat-zip",
            PackageFormat::Both => "both",
            PackageFormat::None => "none",
        }
    }

    /// Parses `csar`, `heat-zip`, `both` or `none`.
    pub fn parse(text: &str) -> Option<PackageFormat> {
        [
            PackageFormat::Csar,
            PackageFormat::HeatZip,
            PackageFormat::Both,
            PackageFormat::None,
        ]
        .into_iter()
        .find(|f| f.as_str() == text)
    }
}

/// Everything the packages of one onboarding run are made of.
#[derive(Clone, Copy, Debug)]
pub struct PackageSet<'a> {
    /// The CSAR's content; its name (`<name>.csar`, `<name>.zip`), identity, description,
    /// waivers and time serve the heat zip too.
    pub csar: CsarRequest<'a>,
    /// The resolved template set (the heat zip's content).
    pub templates: &'a HotSet,
}

/// Which package a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackageKind {
    /// An ETSI SOL004 CSAR.
    Csar,
    /// An ONAP heat zip.
    HeatZip,
}

impl PackageKind {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            PackageKind::Csar => "csar",
            PackageKind::HeatZip => "zip",
        }
    }

    /// The package's file name for VNF `name`: `<name>.csar`, `<name>-heat.zip` (the heat
    /// zip is named apart from a CSAR's `.zip` spelling).
    pub fn file_name(self, name: &str) -> String {
        match self {
            PackageKind::Csar => format!("{name}.csar"),
            PackageKind::HeatZip => format!("{name}-heat.zip"),
        }
    }
}

/// A package written and validated clean (its report may hold warnings and notes).
pub struct WrittenPackage {
    /// Which package.
    pub kind: PackageKind,
    /// Where it is.
    pub path: PathBuf,
    /// Its own validation.
    pub report: Report,
}

/// The packages `format` asks for.
pub fn kinds(format: PackageFormat) -> &'static [PackageKind] {
    match format {
        PackageFormat::Csar => &[PackageKind::Csar],
        PackageFormat::HeatZip => &[PackageKind::HeatZip],
        PackageFormat::Both => &[PackageKind::Csar, PackageKind::HeatZip],
        PackageFormat::None => &[],
    }
}

/// Writes the packages `format` asks for into `out_dir`, each validated with `rules`; when
/// one fails, the ones already written are removed too, so the run leaves all or nothing.
pub fn write_packages(
    set: &PackageSet<'_>,
    format: PackageFormat,
    out_dir: &Path,
    options: &Options<'_>,
    rules: &Selection,
) -> Result<Vec<WrittenPackage>, PackageError> {
    let mut written: Vec<WrittenPackage> = Vec::new();
    for &kind in kinds(format) {
        let path = out_dir.join(kind.file_name(set.csar.name));
        let outcome = match kind {
            PackageKind::Csar => write_csar_checked(&set.csar, &path, options, rules),
            PackageKind::HeatZip => write_heat_zip_checked(
                &HeatZipRequest {
                    name: &set.csar.identity.product_name,
                    description: set.csar.description,
                    version: &set.csar.identity.software_version,
                    set: set.templates,
                    waivers: set.csar.waivers,
                    time: set.csar.time,
                },
                &path,
                options,
                rules,
            ),
        };
        match outcome {
            Ok(report) => written.push(WrittenPackage { kind, path, report }),
            Err(error) => {
                for done in &written {
                    remove(&done.path);
                }
                return Err(error);
            }
        }
    }
    Ok(written)
}

/// Writes a CSAR, then validates it with `rules`; returns its report, or deletes it and
/// fails.
pub fn write_csar_checked(
    request: &CsarRequest<'_>,
    destination: &Path,
    options: &Options<'_>,
    rules: &Selection,
) -> Result<Report, PackageError> {
    write_csar(request, destination, options)?;
    check(destination, options, rules, request.waivers)
}

/// Writes a heat zip, then validates it with `rules`; returns its report, or deletes it and
/// fails.
pub fn write_heat_zip_checked(
    request: &HeatZipRequest<'_>,
    destination: &Path,
    options: &Options<'_>,
    rules: &Selection,
) -> Result<Report, PackageError> {
    write_heat_zip(request, destination)?;
    check(destination, options, rules, request.waivers)
}

/// Validates a written package with `rules` (the session's output rules), the findings
/// its waivers record accepted again; an error-severity finding left removes it.
fn check(
    destination: &Path,
    options: &Options<'_>,
    rules: &Selection,
    waivers: &[Record],
) -> Result<Report, PackageError> {
    let accepted = Waivers {
        accepted: waivers.to_vec(),
        ..Waivers::default()
    };
    let outcome = validate_waiving(
        &[destination.to_path_buf()],
        options,
        rules,
        None,
        &accepted,
        Day::today(),
        &Overlay::none(),
    );
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
