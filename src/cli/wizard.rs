//! `vnfwiz [PATH] [--answers FILE] [--theme NAME] [--mouse] [--config FILE | --no-config]`:
//! the wizard.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use vnfwiz::foundation::interrupt::Signal;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::tui::state::Exit;
use vnfwiz::tui::{WizardOptions, run as run_wizard};

use super::{CliError, ConfigArgs, print_err, print_out};

/// The wizard's arguments (no subcommand given).
#[derive(Debug, Args)]
pub struct WizardArgs {
    /// The package or templates to onboard (a picker over the current folder otherwise).
    path: Option<PathBuf>,
    /// Start from the answers in this file (as `--save-answers` writes them).
    #[arg(long, value_name = "FILE")]
    answers: Option<PathBuf>,
    /// Save the answers (without secrets) to this file when writing, or when quitting.
    #[arg(long, value_name = "FILE")]
    save_answers: Option<PathBuf>,
    /// Colours: default, light, high-contrast, mono, or a path to a theme file.
    #[arg(long, value_name = "NAME")]
    theme: Option<String>,
    /// Let the mouse wheel scroll lists and texts, and a click select a row or a step.
    #[arg(long)]
    mouse: bool,
    #[command(flatten)]
    config: ConfigArgs,
}

pub fn run(args: WizardArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let exit = run_wizard(WizardOptions {
        path: args.path,
        answers: args.answers,
        save_answers: args.save_answers,
        theme: args.theme,
        mouse: args.mouse,
        config: args.config.lookup(),
        limits: *limits,
    })?;
    Ok(match exit {
        Exit::Quit => ExitCode::SUCCESS,
        // Ctrl-C is a key in the wizard's raw terminal, but it means what it means in a
        // shell: the run was interrupted (128 + SIGINT), once the terminal is restored.
        Exit::Interrupted => ExitCode::from(Signal::Interrupt.exit_status()),
        Exit::Declined => {
            print_err("vnfwiz: the licence was declined; nothing was written\n")?;
            ExitCode::from(1)
        }
        Exit::Written(summary) => {
            print_out(&format!("vnfwiz: {summary}\n"))?;
            ExitCode::SUCCESS
        }
    })
}
