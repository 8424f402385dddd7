//! `vnfwiz onboard PATH --out DIR [...]`: flags into answers, the session resolves and
//! writes, `report::render::onboard` says what happened; this prints it and picks the exit
//! code. Never prompts.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use vnfwiz::check::rules::OUTPUT_PROFILE;
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::integrity::TerminalProgress;
use vnfwiz::model::open::InputError;
use vnfwiz::output::report::render::fix_hint::{self, Rerun};
use vnfwiz::output::report::render::fixes::Fixes;
use vnfwiz::output::report::render::onboard::Onboarding;
use vnfwiz::output::report::render::run::{RunInfo, Source};
use vnfwiz::session::answers::{Answers, EulaAcceptance};
use vnfwiz::session::{AnswerProblem, Answered, Origin, Session, WriteError};
use vnfwiz::transform::fix::FixLevel;
use vnfwiz::transform::package::PackageError;
use vnfwiz::transform::package::PackageFormat;

use super::{
    CliError, Format, ListFormat, RuleChoiceArgs, changed_limits, color_stdout, key_value,
    print_out, render_as,
};

/// `--package` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PackageArg {
    /// ETSI SOL004 CSAR.
    Csar,
    /// ONAP heat zip.
    HeatZip,
    /// Both packages.
    Both,
    /// Templates only.
    None,
}

impl From<PackageArg> for PackageFormat {
    fn from(arg: PackageArg) -> PackageFormat {
        match arg {
            PackageArg::Csar => PackageFormat::Csar,
            PackageArg::HeatZip => PackageFormat::HeatZip,
            PackageArg::Both => PackageFormat::Both,
            PackageArg::None => PackageFormat::None,
        }
    }
}

#[derive(Debug, Args)]
pub struct OnboardArgs {
    /// An .ovf (its files beside it), .ova, HOT template, folder or heat zip.
    path: PathBuf,
    /// The folder to write (created; a non-empty one needs --force).
    #[arg(long)]
    out: PathBuf,
    /// An answers file (as the wizard saves and the output's answers.yaml records).
    #[arg(long)]
    answers: Option<PathBuf>,
    /// Accept every EULA of the package.
    #[arg(long)]
    accept_eula: bool,
    /// The deployment option (an ovf:id of the DeploymentOptionSection).
    #[arg(long, value_name = "ID")]
    option: Option<String>,
    /// Refuse a property without a value rather than leave it for instantiation.
    #[arg(long)]
    require_all_values: bool,
    /// A property or parameter value, typed by its declaration (never a secret).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// A value read from a file (one trailing newline dropped), for secrets.
    #[arg(long = "set-file", value_name = "KEY=PATH")]
    set_file: Vec<String>,
    /// A value read from an environment variable, for secrets.
    #[arg(long = "set-env", value_name = "KEY=VAR")]
    set_env: Vec<String>,
    /// Choose the implementation of a resource type (TYPE=TEMPLATE), or enable a
    /// capabilities-map environment (ENVIRONMENT=true); overrides the answers file.
    #[arg(long, value_name = "TYPE=TEMPLATE", value_parser = key_value)]
    choose: Vec<(String, String)>,
    /// Require a capability value of the candidates (KEY=VALUE), overriding the
    /// environments' `requires:` and the answers file.
    #[arg(long, value_name = "KEY=VALUE", value_parser = key_value)]
    require: Vec<(String, String)>,
    /// The package to write besides the templates.
    #[arg(long, value_enum)]
    package: Option<PackageArg>,
    /// A folder holding ETSI's SOL001 type files (etsi_nfv_sol001_common_types.yaml and
    /// etsi_nfv_sol001_vnfd_types.yaml, v2.6.1): stored in the CSAR, which then imports
    /// nothing from the web.
    #[arg(long, value_name = "DIR")]
    etsi_types: Option<PathBuf>,
    /// Replace the content of a non-empty output folder.
    #[arg(long)]
    force: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
    /// Which fixes to apply to the set before writing it (docs/fixes.md); those applied are
    /// recorded in the output's answers.yaml.
    #[arg(long, value_enum, default_value_t = FixArg::None)]
    fix: FixArg,
    /// The rules the output is checked with (the `seed` profile when none is given).
    #[command(flatten)]
    choice: RuleChoiceArgs,
    /// Also write the validation of the output set to FILE, in the format its extension
    /// names: .html (one page to hand to the vendor), .csv, .json, .sarif, .xml (JUnit) or
    /// .txt (docs/reports.md).
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
}

/// The format a `--report` file's extension names.
fn report_format(path: &Path) -> Result<Format, CliError> {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    Ok(match extension.as_deref() {
        Some("html" | "htm") => Format::Html,
        Some("csv") => Format::Csv,
        Some("json") => Format::Json,
        Some("sarif") => Format::Sarif,
        Some("xml") => Format::Junit,
        Some("txt") => Format::Text,
        _ => {
            return Err(CliError::Usage(format!(
                "--report {}: the extension names the format: .html, .csv, .json, .sarif, .xml (JUnit) or .txt",
                path.display()
            )));
        }
    })
}

/// `--fix` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FixArg {
    /// Only the fixes an answers file records.
    None,
    /// Every fix that keeps the set's meaning.
    Safe,
    /// Every fix, those for review included (descriptions excepted: they need the operator's
    /// text).
    All,
}

impl From<FixArg> for FixLevel {
    fn from(arg: FixArg) -> FixLevel {
        match arg {
            FixArg::None => FixLevel::None,
            FixArg::Safe => FixLevel::Safe,
            FixArg::All => FixLevel::All,
        }
    }
}

/// `KEY=VALUE` split at the first `=`.
fn split(flag: &str, text: &str) -> Result<(String, String), CliError> {
    text.split_once('=')
        .filter(|(k, _)| !k.is_empty())
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .ok_or_else(|| CliError::Usage(format!("{flag} {text}: expected KEY=VALUE")))
}

/// The text of a `--set-file` value: bounded, UTF-8, one trailing newline dropped.
fn read_value_file(key: &str, path: &Path, limits: &Limits) -> Result<String, AnswerProblem> {
    let problem = |message: String| AnswerProblem {
        subject: key.to_owned(),
        rule: "--set-file".to_owned(),
        message,
        choices: Vec::new(),
    };
    let bytes = limits
        .read_file(path)
        .map_err(|e| problem(format!("{}: {e}", path.display())))?;
    let mut text = String::from_utf8(bytes)
        .map_err(|_| problem(format!("{}: is not UTF-8 text", path.display())))?;
    if text.ends_with('\n') {
        text.pop();
        if text.ends_with('\r') {
            text.pop();
        }
    }
    Ok(text)
}

/// Builds the answers from the answers file and the flags; value problems are collected.
fn answers(args: &OnboardArgs, session: &Session, limits: &Limits) -> Result<Answered, CliError> {
    let mut answers = match &args.answers {
        Some(path) => Answers::load(path, limits)?,
        None => Answers::default(),
    };
    if args.accept_eula {
        answers.accept_eula = EulaAcceptance::All;
    }
    if let Some(option) = &args.option {
        answers.deployment_option = Some(option.clone());
    }
    answers.require_all_values |= args.require_all_values;
    if let Some(package) = args.package {
        answers.package = Some(package.into());
    }
    if let Some(folder) = &args.etsi_types {
        answers.etsi_types = Some(folder.clone());
    }
    answers.capabilities.extend(args.choose.iter().cloned());
    answers.requires.extend(args.require.iter().cloned());
    let mut problems = Vec::new();
    for text in &args.set {
        let (key, value) = split("--set", text)?;
        if let Err(problem) = session.assign(&mut answers, &key, &value, Origin::Argv) {
            problems.push(problem);
        }
    }
    for text in &args.set_file {
        let (key, path) = split("--set-file", text)?;
        let assigned = read_value_file(&key, Path::new(&path), limits)
            .and_then(|value| session.assign(&mut answers, &key, &value, Origin::File));
        if let Err(problem) = assigned {
            problems.push(problem);
        }
    }
    for text in &args.set_env {
        let (key, variable) = split("--set-env", text)?;
        let assigned = match std::env::var(&variable) {
            Ok(value) => session.assign(&mut answers, &key, &value, Origin::Environment),
            Err(_) => Err(AnswerProblem {
                subject: key.clone(),
                rule: "--set-env".to_owned(),
                message: format!("environment variable `{variable}` is not set or not UTF-8"),
                choices: Vec::new(),
            }),
        };
        if let Err(problem) = assigned {
            problems.push(problem);
        }
    }
    Ok(Answered { answers, problems })
}

pub fn run(args: OnboardArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let report_format = args.report.as_deref().map(report_format).transpose()?;
    // Hashing an OVF package's disks takes a while: a bar on stderr when it is a terminal.
    let progress = TerminalProgress::stderr("onboard");
    // A signal stops hashing at the next block and writing before the output is in place.
    vnfwiz::foundation::interrupt::install();
    let options = Options {
        cancel: vnfwiz::foundation::interrupt::cancel_flag(),
        ..Options::new(limits).with_progress(&progress)
    };
    let session = Session::open_with(&args.path, &options);
    progress.finish();
    stop_if_interrupted()?;
    let mut session = session?;
    let config = args.choice.config(&args.path, limits)?;
    args.choice.check_session(&mut session, config, limits)?;
    let mut answered = answers(&args, &session, limits)?;
    args.choice.over_answers(&mut answered.answers.profile);
    if answered
        .answers
        .package
        .is_some_and(|p| p != PackageFormat::None)
    {
        // A malformed SOURCE_DATE_EPOCH is the run's environment, not an answer: exit 2.
        session.package_time(&answered.answers)?;
    }
    let level = FixLevel::from(args.fix);
    // A report file in HTML or CSV shows each finding's fix with its diff.
    let previews = matches!(report_format, Some(Format::Html | Format::Csv));
    let evaluation = session.evaluate_fixing(&answered, level, previews);
    stop_if_interrupted()?;
    let fixes = if previews {
        Fixes::of_evaluation(&evaluation)
    } else {
        Fixes::none()
    };
    // The evaluation's gate decides, as it does for the wizard and the write itself.
    let counts = evaluation.counts();
    let (path, out) = (
        args.path.display().to_string(),
        args.out.display().to_string(),
    );
    let hint = fix_hint::line(
        &counts.fixable,
        (counts.errors, counts.warnings),
        &Rerun::Onboard {
            path: &path,
            out: &out,
        },
        level,
    );
    let profile = answered.answers.profile.as_deref();
    let evaluation = match Onboarding::closed(session.kind(), evaluation, &args.out, hint) {
        Ok(mut shown) => {
            write_report(&args, &mut shown, &session, (&fixes, profile), limits)?;
            return print(&args, &shown);
        }
        Err(evaluation) => *evaluation,
    };
    // Images stream into the CSAR: the same bar while they do.
    let progress = TerminalProgress::stderr("package");
    let written = session.write_outputs(
        &evaluation,
        &args.out,
        args.force,
        &Options {
            cancel: vnfwiz::foundation::interrupt::cancel_flag(),
            ..Options::new(limits).with_progress(&progress)
        },
    );
    progress.finish();
    match written {
        Ok(written) => {
            let mut shown = Onboarding::written(&session, evaluation, &written, &args.out);
            write_report(&args, &mut shown, &session, (&fixes, profile), limits)?;
            print(&args, &shown)
        }
        Err(WriteError::Package(PackageError::Invalid { path, violations })) => {
            let mut shown = Onboarding::package_invalid(&path, &violations);
            write_report(&args, &mut shown, &session, (&fixes, profile), limits)?;
            print(&args, &shown)
        }
        Err(error) => Err(error.into()),
    }
}

/// Writes `--report`'s file from an OVF source's own findings and the validation of the
/// output set, with each finding's fix and the answers' profile (when they name one, it
/// chose the rules); says on stderr why there is none when nothing was validated.
fn write_report(
    args: &OnboardArgs,
    shown: &mut Onboarding<'_>,
    session: &Session,
    (fixes, profile): (&Fixes, Option<&str>),
    limits: &Limits,
) -> Result<(), CliError> {
    let Some(path) = &args.report else {
        return Ok(());
    };
    let Some(report) = shown.report_mut() else {
        eprintln!(
            "vnfwiz: no report written to {}: no output set was validated",
            path.display()
        );
        return Ok(());
    };
    let format = report_format(path)?;
    // An OVF source's own findings first, as the wizard's review and its report list them.
    let text = report.with_first_input(session.package_input(), |report| {
        render_as(format, false, report, fixes, || {
            let config = args.choice.config(&args.path, limits)?;
            let (mut rules, mut settings) =
                args.choice
                    .described(config.as_ref(), limits, Some(OUTPUT_PROFILE))?;
            if let Some(profile) = profile {
                rules = format!("profile {profile}");
            }
            settings.push((
                "Checked".to_owned(),
                format!("the set written to {}", args.out.display()),
            ));
            if let Some(answers) = &args.answers {
                settings.push(("Answers".to_owned(), answers.display().to_string()));
            }
            if let Some(level) = args
                .fix
                .to_possible_value()
                .filter(|_| args.fix != FixArg::None)
            {
                settings.push(("Fixes applied".to_owned(), level.get_name().to_owned()));
            }
            settings.extend(changed_limits(limits));
            // The source's digest: a large OVA takes a while, under the same bar as its hashing.
            let progress = TerminalProgress::stderr("report");
            let source = Source::read(&args.path, &Options::new(limits).with_progress(&progress));
            progress.finish();
            let mut run = RunInfo::now(vec![source.map_err(InputError::from)?], rules)?;
            run.settings = settings;
            Ok(run)
        })
    })?;
    vnfwiz::foundation::atomic_file::write(path, text.as_bytes())?;
    Ok(())
}

/// Ends the run (before anything is written) once SIGINT or SIGTERM has arrived.
fn stop_if_interrupted() -> Result<(), CliError> {
    match vnfwiz::foundation::interrupt::received() {
        Some(signal) => Err(CliError::Interrupted(signal)),
        None => Ok(()),
    }
}

/// Prints one shape of the output in the format asked for; exit 0 once written, else 1.
fn print(args: &OnboardArgs, shown: &Onboarding<'_>) -> Result<ExitCode, CliError> {
    let text = match args.format {
        ListFormat::Json => shown.json(),
        ListFormat::Text => shown.text(color_stdout()),
    };
    print_out(&text)?;
    Ok(match shown {
        Onboarding::Written(_) => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}
