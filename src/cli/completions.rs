//! `vnfwiz completions bash|zsh|fish|elvish|powershell`: a shell's completion script,
//! generated from the same clap definitions that parse the command line.

use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, CliError, print_out};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    shell: Shell,
}

pub fn run(args: CompletionsArgs) -> Result<ExitCode, CliError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "vnfwiz", &mut script);
    print_out(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}
