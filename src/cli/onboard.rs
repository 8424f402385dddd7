//! `vnfwiz onboard PATH --out DIR [...]`: flags into answers, the session resolves and
//! writes, this prints. Never prompts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};
use serde_json::json;
use vnfwiz::answers::{Answers, EulaAcceptance};
use vnfwiz::convert::Note;
use vnfwiz::diagnostics::{InputReport, InputRoot, Options, Report};
use vnfwiz::fix::{FixLevel, Outcome};
use vnfwiz::integrity::TerminalProgress;
use vnfwiz::limits::Limits;
use vnfwiz::package::PackageFormat;
use vnfwiz::package::{PackageError, PackageKind, WrittenPackage};
use vnfwiz::report::render;
use vnfwiz::rules::Check;
use vnfwiz::session::{
    ANSWERS_FILE, AnswerProblem, FileRole, Origin, RedactedSet, Refusal, Resolved, Session,
    SourceKind, WriteError, Written,
};

use super::{CliError, ListFormat, RuleChoiceArgs, color_stdout, key_value};

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
    /// An answers file (as the wizard saves and the output's .vnfwiz/answers.yaml records).
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
    /// recorded in .vnfwiz/answers.yaml.
    #[arg(long, value_enum, default_value_t = FixArg::None)]
    fix: FixArg,
    /// The rules the output is checked with (the `seed` profile when none is given).
    #[command(flatten)]
    choice: RuleChoiceArgs,
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
fn answers(
    args: &OnboardArgs,
    session: &Session,
    limits: &Limits,
) -> Result<(Answers, Vec<AnswerProblem>), CliError> {
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
    Ok((answers, problems))
}

pub fn run(args: OnboardArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    // Hashing an OVF package's disks takes a while: a bar on stderr when it is a terminal.
    let progress = TerminalProgress::stderr("onboard");
    // A signal stops hashing at the next block and writing before the output is in place.
    vnfwiz::interrupt::install();
    let options = Options {
        cancel: vnfwiz::interrupt::cancel_flag(),
        ..Options::new(limits).with_progress(&progress)
    };
    let session = Session::open_with(&args.path, &options);
    progress.finish();
    stop_if_interrupted()?;
    let mut session = session?;
    if args.choice.is_given() {
        session.set_rules(args.choice.selection(limits)?);
    }
    let (answers, problems) = answers(&args, &session, limits)?;
    if answers.package.is_some_and(|p| p != PackageFormat::None) {
        // A malformed SOURCE_DATE_EPOCH is the run's environment, not an answer: exit 2.
        session.package_time(&answers)?;
    }
    let resolved = session.resolve_fixing(&answers, args.fix.into());
    stop_if_interrupted()?;
    let resolved = match resolved {
        Ok(resolved) if problems.is_empty() => {
            // An answer the output may not hold is the answers' problem, not the set's.
            let problems = resolved.answer_problems(&answers);
            if !problems.is_empty() {
                return refuse(
                    &args,
                    &Refusal {
                        problems,
                        ..Refusal::default()
                    },
                );
            }
            resolved
        }
        Ok(_) => {
            let refusal = Refusal {
                problems,
                ..Refusal::default()
            };
            return refuse(&args, &refusal);
        }
        Err(mut refusal) => {
            refusal.prepend(problems);
            return refuse(&args, &refusal);
        }
    };
    if resolved.has_errors() {
        return invalid(&args, &session, resolved);
    }
    // Images stream into the CSAR: the same bar while they do.
    let progress = TerminalProgress::stderr("package");
    let written = session.write_outputs(
        &resolved,
        &args.out,
        args.force,
        &Options {
            cancel: vnfwiz::interrupt::cancel_flag(),
            ..Options::new(limits).with_progress(&progress)
        },
    );
    progress.finish();
    match written {
        Ok(written) => report(&args, &session, resolved, &written),
        Err(WriteError::Package(PackageError::Invalid { path, violations })) => {
            package_invalid(&args, &path, &violations)
        }
        Err(error) => Err(error.into()),
    }
}

/// A package vnfwiz wrote fails its own validation: print the findings, nothing is
/// written (exit 1).
fn package_invalid(
    args: &OnboardArgs,
    path: &Path,
    violations: &[vnfwiz::diagnostics::Violation],
) -> Result<ExitCode, CliError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let why = format!(
        "the package {name} fails its own validation; this is a bug in vnfwiz's package writer or a template layout the package cannot carry"
    );
    let mut out = std::io::stdout().lock();
    match args.format {
        ListFormat::Json => {
            let violations: Vec<_> = violations
                .iter()
                .map(|v| render::json::violation(&name, v))
                .collect();
            let doc = json!({"refused": true, "reason": why, "violations": violations});
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).map_err(std::io::Error::other)?
            )?;
        }
        ListFormat::Text => {
            for v in violations {
                writeln!(
                    out,
                    "{}: {name}:{}:{}:{} {}",
                    v.severity().as_str(),
                    v.file,
                    v.span.line,
                    v.span.column,
                    v.rule.id
                )?;
                writeln!(out, "  {}", v.message)?;
            }
            writeln!(out, "vnfwiz: nothing was written: {why}")?;
        }
    }
    Ok(ExitCode::from(1))
}

/// Ends the run (before anything is written) once SIGINT or SIGTERM has arrived.
fn stop_if_interrupted() -> Result<(), CliError> {
    match vnfwiz::interrupt::received() {
        Some(signal) => Err(CliError::Interrupted(signal)),
        None => Ok(()),
    }
}

/// Prints why nothing is written (exit 1).
fn refuse(args: &OnboardArgs, refusal: &Refusal) -> Result<ExitCode, CliError> {
    let mut out = std::io::stdout().lock();
    match args.format {
        ListFormat::Json => {
            let package: Vec<_> = refusal
                .package
                .iter()
                .map(|v| render::json::violation(&v.file, v))
                .collect();
            let doc = json!({
                "refused": true,
                "problems": refusal.problems,
                "package_violations": package,
                "notes": refusal.notes,
            });
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).map_err(std::io::Error::other)?
            )?;
        }
        ListFormat::Text => {
            writeln!(out, "vnfwiz: onboarding refused; nothing was written:")?;
            for line in refusal.to_string().lines() {
                writeln!(out, "  {line}")?;
            }
        }
    }
    Ok(ExitCode::from(1))
}

/// The report of a resolved set, for the renderers.
/// Every violation of a report, as `--format json` lists them.
fn json_violations(report: &Report) -> Vec<render::json::JsonViolation<'_>> {
    report
        .inputs
        .iter()
        .flat_map(|i| {
            i.violations
                .iter()
                .map(|v| render::json::violation(&i.label, v))
        })
        .collect()
}

fn build_report(resolved: Resolved, out: &Path) -> (Report, Vec<Note>) {
    let notes = resolved.notes.clone();
    let input = resolved.input.clone();
    let selection = resolved.rules.clone();
    let not_checked = vnfwiz::validation::unchecked(&resolved.set);
    let (sources, violations) = RedactedSet::new(resolved);
    let root = InputRoot::Folder(std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf()));
    let rules = selection
        .rules()
        .filter(|r| matches!(r.check, Check::Hot(_)))
        .map(|r| &r.meta)
        .collect();
    let report = Report {
        inputs: vec![InputReport {
            label: input,
            root,
            sources: Box::new(sources),
            violations,
            not_checked,
            elapsed: Duration::ZERO,
        }],
        rules,
    };
    (report, notes)
}

/// The set violates a MUST: print the findings and write nothing (exit 1).
fn invalid(
    args: &OnboardArgs,
    session: &Session,
    resolved: Resolved,
) -> Result<ExitCode, CliError> {
    let fixes = resolved.fixes.clone();
    let (report, notes) = build_report(resolved, &args.out);
    let only_size = report
        .violations()
        .filter(|v| v.severity() == vnfwiz::diagnostics::Severity::Error)
        .all(|v| v.rule.id == "R-92635/template-size");
    let why = match session.kind() {
        _ if only_size => {
            "a template is larger than Heat's max_template_size; raise it on the cloud and here with --max-template-size"
        }
        SourceKind::Ovf => {
            "the converted templates violate the rules above; this is a bug in vnfwiz's OVF converter, please report it with the package"
        }
        SourceKind::Hot => {
            "the templates violate the rules above once the answers are applied; fix them and run again"
        }
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        ListFormat::Json => {
            let violations = json_violations(&report);
            let doc = json!({"refused": true, "reason": why, "violations": violations,
                             "notes": notes, "fixes": fixes});
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).map_err(std::io::Error::other)?
            )?;
        }
        ListFormat::Text => {
            out.write_all(render::text::render(&report, color_stdout()).as_bytes())?;
            write_fixes(&mut out, &fixes)?;
            writeln!(out, "vnfwiz: nothing was written: {why}")?;
        }
    }
    Ok(ExitCode::from(1))
}

/// A path below the output folder, relative to it.
fn relative(path: &Path, out: &Path) -> String {
    path.strip_prefix(out)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// A package kind as `--package` names it.
fn kind_name(kind: PackageKind) -> &'static str {
    match kind {
        PackageKind::Csar => "csar",
        PackageKind::HeatZip => "heat-zip",
    }
}

/// The `package` field: each written package's path and validation report, or null when
/// none was asked for.
fn package_json(packages: &[WrittenPackage], out: &Path) -> serde_json::Value {
    if packages.is_empty() {
        return serde_json::Value::Null;
    }
    packages
        .iter()
        .map(|p| {
            json!({
                "kind": kind_name(p.kind),
                "path": relative(&p.path, out),
                "report": render::json::document(&p.report),
            })
        })
        .collect()
}

/// Prints what was written.
fn report(
    args: &OnboardArgs,
    session: &Session,
    resolved: Resolved,
    written: &Written,
) -> Result<ExitCode, CliError> {
    let template = resolved.template.clone();
    let environment = resolved.environment.clone();
    let fixes = resolved.fixes.clone();
    let unset = resolved.unset.clone();
    let roles: Vec<(String, FileRole, Vec<String>)> = resolved
        .files
        .iter()
        .map(|f| (f.path.clone(), f.role, f.secrets.clone()))
        .collect();
    let of = |role: FileRole| -> Vec<&str> {
        roles
            .iter()
            .filter(|(_, r, _)| *r == role)
            .map(|(p, _, _)| p.as_str())
            .collect()
    };
    let secrets: Vec<(&str, &Vec<String>)> = roles
        .iter()
        .filter(|(_, _, s)| !s.is_empty())
        .map(|(p, _, s)| (p.as_str(), s))
        .collect();
    // A package holds every environment file, so every secret.
    let mut all_secrets: Vec<String> = secrets
        .iter()
        .flat_map(|(_, s)| s.iter().cloned())
        .collect();
    all_secrets.sort();
    all_secrets.dedup();
    let package_names: Vec<String> = written
        .packages
        .iter()
        .map(|p| relative(&p.path, &args.out))
        .filter(|name| written.secret_files.contains(name))
        .collect();
    let package_warnings: Vec<String> = session
        .package_violations()
        .iter()
        .map(|v| {
            format!(
                "{}:{}:{}: {} {}",
                v.file, v.span.line, v.span.column, v.rule.id, v.message
            )
        })
        .collect();
    let (report, notes) = build_report(resolved, &args.out);
    let mut out = std::io::stdout().lock();
    match args.format {
        ListFormat::Json => {
            let violations = json_violations(&report);
            let doc = json!({
                "template": template,
                "environment": environment,
                "nested": of(FileRole::Nested),
                "files": of(FileRole::Artifact),
                "package": package_json(&written.packages, &args.out),
                "answers": of(FileRole::Answers).first(),
                "violations": violations,
                "warnings": notes,
                "package_warnings": package_warnings,
                "secrets": secrets
                    .iter()
                    .map(|(f, p)| json!({"file": f, "parameters": p}))
                    .chain(package_names.iter().map(|f| json!({"file": f, "parameters": all_secrets})))
                    .collect::<Vec<_>>(),
                "unset_parameters": unset.iter().map(|(n, t)| json!({"name": n, "template": t})).collect::<Vec<_>>(),
                "fixes": fixes,
            });
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).map_err(std::io::Error::other)?
            )?;
        }
        ListFormat::Text => {
            let kind = match session.kind() {
                SourceKind::Ovf => "OVF package",
                SourceKind::Hot => "HOT set",
            };
            writeln!(
                out,
                "vnfwiz: onboarded {} ({kind}) into {}",
                session.label(),
                written.directory.display()
            )?;
            writeln!(out, "  template     {template}")?;
            writeln!(out, "  environment  {environment}")?;
            for (title, role) in [
                ("nested", FileRole::Nested),
                ("files", FileRole::Artifact),
                ("answers", FileRole::Answers),
            ] {
                for path in of(role) {
                    writeln!(out, "  {title:<12} {path}")?;
                }
            }
            for (file, names) in &secrets {
                writeln!(
                    out,
                    "  {file} holds secrets ({}): written with mode 0600, and left out of {ANSWERS_FILE}",
                    names.join(", ")
                )?;
            }
            if !unset.is_empty() {
                let names: Vec<String> = unset.iter().map(|(n, t)| format!("{n} ({t})")).collect();
                writeln!(
                    out,
                    "  left for stack creation (no value yet): {}",
                    names.join(", ")
                )?;
            }
            for package in &written.packages {
                let report = &package.report;
                let name = relative(&package.path, &args.out);
                writeln!(
                    out,
                    "  package      {name} ({}): {}",
                    kind_name(package.kind),
                    render::text::summary(report, color_stdout())
                )?;
                if package_names.contains(&name) {
                    writeln!(
                        out,
                        "  {name} holds secrets ({}): written with mode 0600",
                        all_secrets.join(", ")
                    )?;
                }
                if report.violations().next().is_some() {
                    out.write_all(render::text::render(report, color_stdout()).as_bytes())?;
                }
            }
            for warning in &package_warnings {
                writeln!(out, "warning: {warning}")?;
            }
            for note in &notes {
                writeln!(out, "{note}")?;
            }
            write_fixes(&mut out, &fixes)?;
            if report.violations().next().is_some() {
                out.write_all(render::text::render(&report, color_stdout()).as_bytes())?;
            } else {
                writeln!(out, "{}", render::text::summary(&report, color_stdout()))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The fixes applied (`fixed`) and those skipped or dropped (`not fixed`), one a line.
fn write_fixes(out: &mut impl Write, fixes: &Outcome) -> std::io::Result<()> {
    for line in fixes.lines() {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
