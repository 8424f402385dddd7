//! The `vnfwiz` command line: parses arguments, runs a command, prints, sets the exit code.

mod cli;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::from_process_args();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            // One clear line (plus causes) instead of a panic or a debug dump; a closed
            // stderr leaves nothing to say it on.
            let _ = writeln!(std::io::stderr(), "vnfwiz: {}", vnfwiz::error_chain(&error));
            error.exit_code()
        }
    }
}
