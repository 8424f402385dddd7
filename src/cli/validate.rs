//! `vnfwiz validate PATH... [--format …] [--rules …]`.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use vnfwiz::limits::Limits;
use vnfwiz::report::render;
use vnfwiz::rules::Selection;
use vnfwiz::validation::validate;

use super::{CliError, Format, color_stdout};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Templates, env files, folders, heat zips, .ovf/.ova packages or SOL004 CSARs.
    #[arg(required = true)]
    paths: Vec<std::path::PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Only these rules (ids, comma-separated; `R-92635` selects all its sub-codes).
    #[arg(long, value_delimiter = ',')]
    rules: Vec<String>,
}

pub fn run(args: ValidateArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let selection = if args.rules.is_empty() {
        Selection::all()
    } else {
        Selection::only(&args.rules)?
    };
    let report = validate(&args.paths, limits, &selection)?;
    let text = match args.format {
        Format::Text => render::text::render(&report, color_stdout()),
        Format::Json => render::json::render(&report),
        Format::Sarif => render::sarif::render(&report),
        Format::Junit => render::junit::render(&report),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
