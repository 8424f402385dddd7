//! `vnfwiz man [COMMAND] [--out FOLDER]`: the manual pages of vnfwiz and of its commands, in
//! roff, generated from the same clap definitions that parse the command line, so no page
//! is written by hand.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Command, CommandFactory};

use super::{Cli, CliError, print_out};

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (`validate`, `onboard`…); vnfwiz's own page when
    /// none is given.
    command: Option<String>,
    /// Write every page into this folder instead (`vnfwiz.1` and one `vnfwiz-<command>.1`
    /// per command), for packaging.
    #[arg(long, value_name = "FOLDER", conflicts_with = "command")]
    out: Option<PathBuf>,
}

pub fn run(args: ManArgs) -> Result<ExitCode, CliError> {
    let mut vnfwiz = Cli::command();
    vnfwiz.build();
    if let Some(folder) = &args.out {
        std::fs::create_dir_all(folder)?;
        std::fs::write(folder.join("vnfwiz.1"), roff(vnfwiz.clone())?)?;
        for command in vnfwiz.get_subcommands().filter(|c| c.get_name() != "help") {
            let page = page_of(command);
            let file = folder.join(format!("{}.1", page.get_name()));
            std::fs::write(file, roff(page)?)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let page = match &args.command {
        None => vnfwiz,
        Some(name) => match vnfwiz.find_subcommand(name) {
            Some(command) => page_of(command),
            None => {
                let known: Vec<&str> = vnfwiz.get_subcommands().map(Command::get_name).collect();
                return Err(CliError::Usage(format!(
                    "no command `{name}`; the commands are {}",
                    known.join(", ")
                )));
            }
        },
    };
    print_out(&String::from_utf8_lossy(&roff(page)?))?;
    Ok(ExitCode::SUCCESS)
}

/// A command as its own page: named `vnfwiz-<command>`, used as `vnfwiz <command>`.
fn page_of(command: &Command) -> Command {
    let name = format!("vnfwiz-{}", command.get_name());
    let used = format!("vnfwiz {}", command.get_name());
    command
        .clone()
        .name(name.clone())
        .display_name(name)
        .bin_name(used)
        .version(env!("CARGO_PKG_VERSION"))
}

/// A page rendered as roff.
fn roff(page: Command) -> Result<Vec<u8>, CliError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(page).render(&mut out)?;
    Ok(out)
}
