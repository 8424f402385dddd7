//! `vnfwiz validate PATH... [--format …] [--rules …]`.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use vnfwiz::hot::Stage;
use vnfwiz::integrity::{Options, TerminalProgress};
use vnfwiz::limits::Limits;
use vnfwiz::report::render;
use vnfwiz::rules::Selection;
use vnfwiz::validation::validate_as;

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
    /// Check the sets as given to Heat as they are: composition annotations (`capabilities:`,
    /// `requires:`, lists in `resource_registry`) are errors even where they would be read
    /// as input to `vnfwiz onboard`.
    #[arg(long)]
    heat_ready: bool,
}

pub fn run(args: ValidateArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let selection = if args.rules.is_empty() {
        Selection::all()
    } else {
        Selection::only(&args.rules)?
    };
    let stage = args.heat_ready.then_some(Stage::HeatReady);
    // Hashing an OVF package's disks takes a while: a bar on stderr when it is a terminal.
    let progress = TerminalProgress::stderr("validate");
    let report = validate_as(
        &args.paths,
        &Options::new(limits).with_progress(&progress),
        &selection,
        stage,
    );
    progress.finish();
    let report = report?;
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
