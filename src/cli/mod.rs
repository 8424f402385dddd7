//! Argument definitions (DESIGN.md's command line) and dispatch to each command.

mod capabilities;
mod completions;
mod global;
mod inspect;
mod lsp;
mod man;
mod onboard;
mod parse_only;
mod rules;
mod validate;
mod wizard;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use global::{GlobalArgs, changed_limits};
use parse_only::Deferred;
use vnfwiz::check::config::{Lookup, ProjectConfig};
use vnfwiz::foundation::diagnostics::Report;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::output::report::render::{self, fixes::Fixes, run::RunInfo};

/// Onboard a VNF from OVF/OVA or OpenStack Heat templates, validated against ONAP's
/// VNF Heat requirements and the HOT specification.
///
/// Without a command, the wizard opens on PATH (or on a picker over the current folder).
#[derive(Debug, Parser)]
#[command(name = "vnfwiz", version, about, subcommand_precedence_over_arg = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    wizard: wizard::WizardArgs,
    #[command(flatten)]
    global: GlobalArgs,
}

/// The commands; each one's arguments are [`Deferred`], so the parse-only tree declares
/// only the arguments of the command parsed.
#[derive(Debug, Subcommand)]
enum Command {
    /// Check templates, folders or packages and report every violation.
    Validate(Deferred<validate::ValidateArgs>),
    /// Show what an OVF or OVA package asks and holds.
    Inspect(Deferred<inspect::InspectArgs>),
    /// Convert and write the final template, environment and answers without prompting.
    // Boxed: its many flags would make every other command's value as large.
    Onboard(Deferred<Box<onboard::OnboardArgs>>),
    /// Show what a template set lets the operator choose, or find templates by capability.
    Capabilities(Deferred<capabilities::CapabilitiesArgs>),
    /// List the rules.
    Rules(Deferred<rules::RulesArgs>),
    /// Serve the rules to an editor: a language server on standard input and output.
    Lsp(Deferred<lsp::LspArgs>),
    /// Print a shell's completion script (source it from the shell's start-up file).
    Completions(Deferred<completions::CompletionsArgs>),
    /// Print the manual page of vnfwiz or of one of its commands (roff, for `man -l -`).
    Man(Deferred<man::ManArgs>),
}

impl Cli {
    /// The process's arguments parsed (clap prints the message and exits on bad ones).
    /// The parse-only tree parses them first ([`parse_only`]); the whole tree only when
    /// that one stops, so help and errors are the whole tree's. The trees clap builds are
    /// left to the process's exit instead of being freed: freeing their many small parts
    /// cost a quarter of the parse (docs/performance.md).
    pub fn from_process_args() -> Cli {
        Cli::parse_only(std::env::args_os()).unwrap_or_else(|| {
            let mut command = Cli::command();
            let mut matches = command.get_matches_mut();
            let cli = Cli::from_arg_matches_mut(&mut matches)
                .unwrap_or_else(|error| error.format(&mut command).exit());
            std::mem::forget(matches);
            std::mem::forget(command);
            cli
        })
    }

    /// `args` parsed by the parse-only tree; `None` where it stops (help, a bad argument,
    /// a global option given both before and after the command), except `--version`,
    /// which it prints as the whole tree would and exits.
    fn parse_only<I, T>(args: I) -> Option<Cli>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let mut command = parse_only::command(Cli::command);
        let parsed = command
            .try_get_matches_from_mut(args)
            .and_then(|mut matches| {
                // The global options given after the command are the command's own here.
                let after = match matches.subcommand() {
                    Some((_, command)) => Some(GlobalArgs::from_arg_matches(command)?),
                    None => None,
                };
                let cli = Cli::from_arg_matches_mut(&mut matches);
                std::mem::forget(matches);
                Ok((cli?, after))
            });
        std::mem::forget(command);
        let (mut cli, after) = match parsed {
            Ok(parsed) => parsed,
            Err(error) if error.kind() == clap::error::ErrorKind::DisplayVersion => error.exit(),
            Err(_) => return None,
        };
        if let Some(after) = after {
            cli.global = std::mem::take(&mut cli.global).joined(after)?;
        }
        Some(cli)
    }
}

/// Report formats of `validate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Compiler-style diagnostics with the source line.
    Text,
    /// One JSON object (DESIGN.md).
    Json,
    /// SARIF 2.1.0 for code-scanning tools.
    Sarif,
    /// JUnit XML for CI dashboards.
    Junit,
    /// One self-contained HTML page to hand to the vendor (docs/reports.md).
    Html,
    /// One row per finding for spreadsheets (docs/reports.md).
    Csv,
}

/// Formats of listing commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// Human-readable text.
    Text,
    /// JSON.
    Json,
}

/// Errors that end a command with exit code 2.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Input that cannot be read (or an OVF package whose integrity check cannot finish).
    #[error(transparent)]
    Input(#[from] vnfwiz::model::open::InputError),
    /// A file that cannot be read (a profile file).
    #[error(transparent)]
    Source(#[from] vnfwiz::input::source::SourceError),
    /// A `--rules`, `--skip-rules` or `--profile` that names no rule or profile.
    #[error(transparent)]
    Selection(#[from] vnfwiz::check::rules::SelectionError),
    /// A profile file that cannot be used.
    #[error(transparent)]
    Profiles(#[from] vnfwiz::check::rules::ProfileError),
    /// A project config that cannot be used.
    #[error(transparent)]
    Config(#[from] vnfwiz::check::config::ConfigError),
    /// A rule choice of the project config that names no profile.
    #[error("{file}: {source}")]
    ConfigChoice {
        /// The config file.
        file: String,
        /// What is wrong.
        source: vnfwiz::check::rules::SelectionError,
    },
    /// A baseline that cannot be read.
    #[error(transparent)]
    Baseline(#[from] vnfwiz::check::waivers::BaselineError),
    /// An OVF descriptor that cannot be read as one.
    #[error("{file}:{line}:{column}: {error}")]
    Descriptor {
        /// The descriptor's name.
        file: String,
        /// Where the problem is.
        line: u32,
        /// Its column.
        column: u32,
        /// What is wrong.
        error: vnfwiz::model::ovf::DescriptorError,
    },
    /// Writing to stdout failed.
    #[error("cannot write the report: {0}")]
    Output(#[from] std::io::Error),
    /// A source that cannot be opened for onboarding.
    #[error(transparent)]
    Session(#[from] vnfwiz::session::SessionError),
    /// An answers file that cannot be read.
    #[error(transparent)]
    Answers(#[from] vnfwiz::session::answers::AnswersError),
    /// The output folder cannot be written.
    #[error(transparent)]
    Write(#[from] vnfwiz::session::WriteError),
    /// A flag that cannot be used as given.
    #[error("{0}")]
    Usage(String),
    /// `--report`'s file cannot be written.
    #[error("cannot write the report {}: {}", .0.path.display(), .0.source)]
    Report(#[from] vnfwiz::foundation::atomic_file::AtomicWriteError),
    /// The language server stopped on a protocol or input/output error.
    #[error(transparent)]
    Lsp(#[from] vnfwiz::lsp::LspError),
    /// SIGINT or SIGTERM arrived before anything was written.
    #[error("interrupted by {0}: nothing was written")]
    Interrupted(vnfwiz::foundation::interrupt::Signal),
    /// The wizard could not run.
    #[error(transparent)]
    Wizard(#[from] vnfwiz::tui::WizardError),
    /// `SOURCE_DATE_EPOCH` is set but is no number of seconds.
    #[error(transparent)]
    SourceDateEpoch(#[from] vnfwiz::transform::package::time::BadSourceDateEpoch),
}

/// Which rules run: a profile or an explicit list, minus skipped rules (shared by `validate`,
/// `onboard` and `rules`). Each flag given wins over its key of the project config.
#[derive(Debug, Args)]
pub struct RuleChoiceArgs {
    /// Rule profile to run (`onap`, `heat`, `seed`, or one of the profile file); else the
    /// project config's `profile` (vnfwiz.toml), else `onap`.
    #[arg(long, conflicts_with = "rules")]
    profile: Option<String>,
    /// Only these rules, instead of a profile: ids (`R-90526`), families (`R-92635`), id
    /// prefixes (`OVF-*`) or catalogue section names (`Output Parameters`), comma-separated;
    /// replaces vnfwiz.toml's `profile` and `[rules] select`.
    #[arg(long, value_delimiter = ',')]
    rules: Vec<String>,
    /// Rules not to run, in the same forms as `--rules`, comma-separated; replaces
    /// vnfwiz.toml's `[rules] ignore`.
    #[arg(long, value_delimiter = ',')]
    skip_rules: Vec<String>,
    /// Profile file adding to the built-in profiles (default: `$VNFWIZ_PROFILES`, else
    /// `~/.config/vnfwiz/profiles.yaml` when it exists).
    #[arg(long, value_name = "FILE")]
    profiles: Option<std::path::PathBuf>,
    #[command(flatten)]
    config: ConfigArgs,
}

/// Where the project config comes from.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// The project config (profile, rules, waivers; docs/waivers.md). Default: vnfwiz.toml
    /// in the checked path's folder or the nearest folder above it.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    config: Option<std::path::PathBuf>,
    /// Read no project config (vnfwiz.toml).
    #[arg(long)]
    no_config: bool,
}

impl ConfigArgs {
    /// The config in force for a run on `path`: `--config`, else the nearest vnfwiz.toml,
    /// none with `--no-config`.
    pub fn load(
        &self,
        path: &std::path::Path,
        limits: &Limits,
    ) -> Result<Option<ProjectConfig>, CliError> {
        Ok(self.lookup().load(path, limits)?)
    }

    /// Where the config comes from, as the flags say.
    pub fn lookup(&self) -> Lookup {
        match (&self.config, self.no_config) {
            (_, true) => Lookup::Off,
            (Some(file), false) => Lookup::File(file.clone()),
            (None, false) => Lookup::Nearest,
        }
    }
}

impl RuleChoiceArgs {
    /// The profiles in effect (built in, then the user's file).
    fn profiles(&self, limits: &Limits) -> Result<vnfwiz::check::rules::Profiles, CliError> {
        Ok(vnfwiz::check::rules::Profiles::load(
            self.profiles.as_deref(),
            limits,
        )?)
    }

    /// True when a profile, a list or skipped rules are given on the command line.
    fn is_given(&self) -> bool {
        self.profile.is_some() || !self.rules.is_empty() || !self.skip_rules.is_empty()
    }

    /// The project config for a run on `path` (see [`ConfigArgs::load`]).
    fn config(
        &self,
        path: &std::path::Path,
        limits: &Limits,
    ) -> Result<Option<ProjectConfig>, CliError> {
        self.config.load(path, limits)
    }

    /// The choice in force: the config's keys, each replaced by its flag when given.
    fn choice(&self, config: Option<&ProjectConfig>) -> vnfwiz::check::rules::RuleChoice {
        let mut choice = config.map(ProjectConfig::choice).unwrap_or_default();
        if self.profile.is_some() || !self.rules.is_empty() {
            choice.profile = self.profile.clone();
            choice.rules = self.rules.clone();
        }
        if !self.skip_rules.is_empty() {
            choice.skip = self.skip_rules.clone();
        }
        choice
    }

    /// True when the flags or the config choose the rules.
    fn chooses(&self, config: Option<&ProjectConfig>) -> bool {
        self.is_given() || config.is_some_and(|c| c.choice() != Default::default())
    }

    /// The rules chosen by the flags over the config.
    fn selection(
        &self,
        config: Option<&ProjectConfig>,
        limits: &Limits,
    ) -> Result<vnfwiz::check::rules::Selection, CliError> {
        let choice = self.choice(config);
        choice
            .selection(&self.profiles(limits)?)
            .map_err(|error| choice_error(naming_config(&choice, config), error))
    }

    /// Has `session` check its output with the rules the flags choose over the config,
    /// and take the config's waivers (what `onboard` does; the wizard does the same
    /// without flags). A profile flag or rules flag wins over the answers' `profile`.
    fn check_session(
        &self,
        session: &mut vnfwiz::session::Session,
        config: Option<ProjectConfig>,
        limits: &Limits,
    ) -> Result<(), CliError> {
        let choice = self.choice(config.as_ref());
        let profiles = self.profiles(limits)?;
        let naming = naming_config(&choice, config.as_ref());
        session
            .check_with(choice, profiles, config)
            .map_err(|error| choice_error(naming, error))
    }

    /// The answers' `profile` as the flags leave it: `--profile` replaces it, `--rules`
    /// removes it (the rules listed are checked instead).
    fn over_answers(&self, profile: &mut Option<String>) {
        if self.profile.is_some() || !self.rules.is_empty() {
            profile.clone_from(&self.profile);
        }
    }

    /// The choice in force in words, for a report (`profile onap`, `rules R-90526, OVF-*`),
    /// and the settings that go with it: skipped rules, the project config and the profile
    /// file read. `fallback` names the profile used when none is chosen, where it is not
    /// the profiles' default.
    fn described(
        &self,
        config: Option<&ProjectConfig>,
        limits: &Limits,
        fallback: Option<&str>,
    ) -> Result<(String, Vec<(String, String)>), CliError> {
        let profiles = self.profiles(limits)?;
        let choice = self.choice(config);
        let rules = if choice.rules.is_empty() {
            let name = choice
                .profile
                .as_deref()
                .or(fallback)
                .unwrap_or(profiles.default_name());
            format!("profile {name}")
        } else {
            format!("rules {}", choice.rules.join(", "))
        };
        let mut settings = Vec::new();
        if !choice.skip.is_empty() {
            settings.push(("Skipped".to_owned(), choice.skip.join(", ")));
        }
        if let Some(config) = config {
            settings.push(("Config".to_owned(), config.file.display().to_string()));
        }
        if let Some(file) = profiles.file() {
            settings.push(("Profiles file".to_owned(), file.display().to_string()));
        }
        Ok((rules, settings))
    }
}

/// The config to name when `choice` names no profile or rule: the one whose `profile`
/// the choice took.
fn naming_config(
    choice: &vnfwiz::check::rules::RuleChoice,
    config: Option<&ProjectConfig>,
) -> Option<String> {
    config
        .filter(|c| c.profile.is_some() && c.profile == choice.profile)
        .map(|c| c.file.display().to_string())
}

/// A rule choice that names no profile or rule, with the config that made it.
fn choice_error(config: Option<String>, error: vnfwiz::check::rules::SelectionError) -> CliError {
    match config {
        Some(file) => CliError::ConfigChoice {
            file,
            source: error,
        },
        None => error.into(),
    }
}

/// The report in `format` (`color` for text); `run` says what the HTML page says about
/// the run.
pub fn render_as(
    format: Format,
    color: bool,
    report: &Report,
    fixes: &Fixes,
    run: impl FnOnce() -> Result<RunInfo, CliError>,
) -> Result<String, CliError> {
    Ok(match format {
        Format::Text => render::text::render(report, color),
        Format::Json => render::json::render(report),
        Format::Sarif => render::sarif::render(report),
        Format::Junit => render::junit::render(report),
        Format::Csv => render::csv::render(report, fixes),
        Format::Html => render::html::render(report, fixes, &run()?),
    })
}

/// Parses `KEY=VALUE` (`--choose`, `--require`); the key may not be empty.
pub fn key_value(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => {
            Ok((key.trim().to_owned(), value.trim().to_owned()))
        }
        _ => Err(format!("`{text}` is not KEY=VALUE")),
    }
}

/// Writes a command's output to stdout. A reader that closes the pipe early (`| head`) ends
/// the output quietly, as ripgrep does: nothing more is written and the command still ends
/// with its own exit code.
fn print_out(text: &str) -> Result<(), CliError> {
    quietly_closed(std::io::stdout().lock(), text)
}

/// Writes to stderr what a command says beside its output, closed pipe as for [`print_out`].
fn print_err(text: &str) -> Result<(), CliError> {
    quietly_closed(std::io::stderr().lock(), text)
}

/// Writes `text` to `out`; a closed pipe is a normal end, any other failure an error.
fn quietly_closed(mut out: impl Write, text: &str) -> Result<(), CliError> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => Ok(result?),
    }
}

/// True when colour is wanted on stdout: a terminal, and `NO_COLOR` unset or empty
/// (no-color.org: any non-empty value turns colour off).
fn color_stdout() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Runs the parsed command.
impl CliError {
    /// 128 + the signal's number for an interrupted run (as a shell reports it), else 2.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Interrupted(signal)
            | CliError::Write(vnfwiz::session::WriteError::Interrupted(signal))
            | CliError::Wizard(vnfwiz::tui::WizardError::Interrupted(signal)) => {
                ExitCode::from(signal.exit_status())
            }
            _ => ExitCode::from(2),
        }
    }
}

pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    let limits = cli.global.limits();
    let language = match cli.global.lang.as_deref() {
        Some(lang) => vnfwiz::foundation::locale::tag(lang),
        None => vnfwiz::foundation::locale::from_environment(|name| std::env::var(name).ok()),
    };
    vnfwiz::foundation::locale::request(language);
    match cli.command {
        Some(Command::Validate(Deferred(args))) => validate::run(args, &limits),
        Some(Command::Inspect(Deferred(args))) => inspect::run(args, &limits),
        Some(Command::Onboard(Deferred(args))) => onboard::run(*args, &limits),
        Some(Command::Capabilities(Deferred(args))) => capabilities::run(args, &limits),
        Some(Command::Rules(Deferred(args))) => rules::run(args, &limits),
        Some(Command::Lsp(Deferred(args))) => lsp::run(args, &limits),
        Some(Command::Completions(Deferred(args))) => completions::run(args),
        Some(Command::Man(Deferred(args))) => man::run(args),
        None => wizard::run(cli.wizard, &limits),
    }
}
