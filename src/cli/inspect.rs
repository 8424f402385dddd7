//! `vnfwiz inspect PATH [--format text|json]`: what an OVF package asks and holds.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::integrity::TerminalProgress;
use vnfwiz::model::open::InputError;
use vnfwiz::model::ovf::inspection::inspect;
use vnfwiz::output::report::render;

use super::{CliError, ListFormat, print_out};

#[derive(Debug, Args)]
pub struct InspectArgs {
    /// An .ovf (its files beside it) or an .ova.
    path: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

pub fn run(args: InspectArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let progress = TerminalProgress::stderr("inspect");
    let package =
        vnfwiz::model::ovf::open(&args.path, &Options::new(limits).with_progress(&progress));
    progress.finish();
    let package = package.map_err(InputError::from)?;
    let envelope = match &package.descriptor.envelope {
        Ok(envelope) => envelope,
        Err(error) => {
            return Err(CliError::Descriptor {
                file: package.descriptor_name.clone(),
                line: error.span().line,
                column: error.span().column,
                error: error.clone(),
            });
        }
    };
    let inspection = inspect(&package, envelope);
    let text = match args.format {
        ListFormat::Json => render::inspect::json(&inspection),
        ListFormat::Text => render::inspect::text(&inspection),
    };
    print_out(&text)?;
    Ok(ExitCode::SUCCESS)
}
