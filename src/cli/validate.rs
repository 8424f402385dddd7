//! `vnfwiz validate PATH... [--format …] [--rules …] [--fix [safe|all] [--diff]]`.

use std::process::ExitCode;

use clap::Args;
use vnfwiz::check::rules::Selection;
use vnfwiz::check::validation::{check_inputs, waive};
use vnfwiz::check::waivers::{Baseline, Day, Waivers, baseline};
use vnfwiz::foundation::diagnostics::{InputRoot, Options, Severity, Violation};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::integrity::TerminalProgress;
use vnfwiz::input::source::{Overlay, output_folder};
use vnfwiz::model::hot::Stage;
use vnfwiz::model::open::{InputError, load_hot_inputs_rooted};
use vnfwiz::output::report::render::fix_hint::{self, Rerun};
use vnfwiz::output::report::render::fixes::{Fixes, FixesFor, find_fixes};
use vnfwiz::output::report::render::run::{RunInfo, Source};
use vnfwiz::session::{Applied, FixOrder, apply_fixes};
use vnfwiz::transform::fix::write_back::{self, write_back};
use vnfwiz::transform::fix::{FixLevel, Safety, Workspace};

use super::{
    CliError, Format, RuleChoiceArgs, changed_limits, color_stdout, print_err, print_out, render_as,
};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Templates, env files, folders, heat zips, .ovf/.ova packages or SOL004 CSARs.
    #[arg(required = true)]
    paths: Vec<std::path::PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    choice: RuleChoiceArgs,
    /// Check the sets as given to Heat as they are: composition annotations (`capabilities:`,
    /// `requires:`, lists in `resource_registry`) are errors even where they would be read
    /// as input to `vnfwiz onboard`.
    #[arg(long)]
    heat_ready: bool,
    /// Write the fixes of the violations found into the files in place, each file
    /// atomically, then check again: `safe` (the default) or `all` (review fixes too).
    /// HOT folders and files only; docs/fixes.md.
    #[arg(
        long,
        value_name = "LEVEL",
        num_args = 0..=1,
        default_missing_value = "safe",
        value_parser = ["safe", "all"]
    )]
    fix: Option<String>,
    /// With `--fix`: print what it would change as a unified diff; nothing is written.
    #[arg(long)]
    diff: bool,
    /// The same as `--fix --diff`.
    #[arg(long)]
    fix_dry_run: bool,
    /// Report only findings not recorded in this baseline (written by `--write-baseline`),
    /// and the entries that no longer occur.
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    baseline: Option<std::path::PathBuf>,
    /// Record the findings that count today in FILE, by rule, file, key path and offending
    /// text; the run then exits 0, since they are accepted from now on.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<std::path::PathBuf>,
}

pub fn run(args: ValidateArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let config = args.choice.config(&args.paths[0], limits)?;
    let selection = args.choice.selection(config.as_ref(), limits)?;
    // The page names the rules and the settings in force, the config among them.
    let described = match args.format {
        Format::Html => Some(args.choice.described(config.as_ref(), limits, None)?),
        _ => None,
    };
    let waivers = Waivers {
        listed: config.map(|c| c.waivers).unwrap_or_default(),
        baseline: match &args.baseline {
            Some(file) => Some(Baseline::load(file, limits)?),
            None => None,
        },
        accepted: Vec::new(),
        inline: true,
    };
    let stage = args.heat_ready.then_some(Stage::HeatReady);
    let level = match (&args.fix, args.fix_dry_run) {
        (Some(level), _) => FixLevel::parse(level),
        (None, true) => Some(FixLevel::Safe),
        (None, false) => None,
    };
    let diff = args.diff || args.fix_dry_run;
    match level {
        None if diff => {
            return Err(CliError::Usage(
                "--diff shows what --fix would change; give --fix (or --fix-dry-run)".to_owned(),
            ));
        }
        Some(level) if diff => {
            if args.format != Format::Text {
                return Err(CliError::Usage(
                    "--fix --diff prints a unified diff; --format does not apply to it".to_owned(),
                ));
            }
            return fix_diff(&args.paths, limits, &selection, stage, level);
        }
        Some(level) => {
            let lines = fix_in_place(&args.paths, limits, &selection, stage, level)?;
            // The report stays the only thing on stdout in the machine-readable formats.
            let text = lines.join("\n") + if lines.is_empty() { "" } else { "\n" };
            if args.format == Format::Text {
                print_out(&text)?;
            } else {
                print_err(&text)?;
            }
        }
        None => {}
    }
    // An onboarding output is checked as its heat package and the packages beside it; the
    // report says so first (stdout in text, stderr beside a machine-readable report).
    let outputs = output_notes(&args.paths);
    if !outputs.is_empty() {
        let text = outputs.join("\n") + "\n";
        if args.format == Format::Text {
            print_out(&text)?;
        } else {
            print_err(&text)?;
        }
    }
    // Hashing an OVF package's disks takes a while: a bar on stderr when it is a terminal.
    let progress = TerminalProgress::stderr("validate");
    let options = Options::new(limits).with_progress(&progress);
    let (checked, rules) =
        match check_inputs(&args.paths, &options, &selection, stage, &Overlay::none()) {
            Ok(checked) => checked,
            Err(error) => {
                progress.finish();
                return Err(error.into());
            }
        };
    // HTML and CSV show each finding's fix, found on the sets as loaded; text counts the
    // fixes ready for its closing line.
    let (checked, fixes) = match args.format {
        Format::Html | Format::Csv => find_fixes(checked, &selection, FixesFor::Shown),
        Format::Text => find_fixes(checked, &selection, FixesFor::Counted),
        _ => (checked, Fixes::none()),
    };
    let report = waive(checked, rules, &selection, &waivers, Day::today(), limits);
    progress.finish();
    let baseline_written = match &args.write_baseline {
        Some(file) => {
            let entries = baseline::entries(&report);
            std::fs::write(file, baseline::render(&entries)).map_err(|source| {
                CliError::Usage(format!(
                    "{}: cannot write the baseline: {source}",
                    file.display()
                ))
            })?;
            eprintln!(
                "vnfwiz: wrote {} finding{} to {}; `--baseline {}` reports only new ones",
                entries.len(),
                if entries.len() == 1 { "" } else { "s" },
                file.display(),
                file.display()
            );
            true
        }
        None => false,
    };
    let mut text = render_as(args.format, color_stdout(), &report, &fixes, || {
        let (rules, settings) = described.unwrap_or_default();
        run_info(&args, rules, settings, limits)
    })?;
    if args.format == Format::Text {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        let counts = (
            report.count(Severity::Error),
            report.count(Severity::Warning),
        );
        let applied = level.unwrap_or(FixLevel::None);
        let rerun = Rerun::Validate { paths: &paths };
        if let Some(hint) = fix_hint::line(&fixes.fixable(&report), counts, &rerun, applied) {
            text.push_str(&hint);
            text.push('\n');
        }
    }
    print_out(&text)?;
    let code = if report.has_errors() && !baseline_written {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    // The process ends here: freeing every node of every parsed tree one by one (hundreds of
    // thousands of small frees on a large VNF) would only delay the exit.
    std::mem::forget(report);
    Ok(code)
}

/// One line per onboarding output among `paths`, saying what is checked of it.
fn output_notes(paths: &[std::path::PathBuf]) -> Vec<String> {
    paths
        .iter()
        .filter_map(|path| {
            let output = output_folder(path)?;
            let name = |p: &std::path::Path| {
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            };
            let packages: Vec<String> = output.packages.iter().map(|p| name(p)).collect();
            let beside = if packages.is_empty() {
                "no package beside it".to_owned()
            } else {
                format!("the packages beside it: {}", packages.join(", "))
            };
            Some(format!(
                "note: {} is an onboarding output: checking {}/ as the heat package, and {beside}",
                path.display(),
                name(&output.heat)
            ))
        })
        .collect()
}

/// What the HTML page says about this run: the paths given (a file's SHA-256 with them), the
/// rules, and with `settings` every other setting that changes the findings.
fn run_info(
    args: &ValidateArgs,
    rules: String,
    mut settings: Vec<(String, String)>,
    limits: &Limits,
) -> Result<RunInfo, CliError> {
    // A large package takes a while to hash again: a bar while it does.
    let progress = TerminalProgress::stderr("digest");
    let options = Options::new(limits).with_progress(&progress);
    let sources = args
        .paths
        .iter()
        .map(|path| Source::read(path, &options))
        .collect::<Result<Vec<_>, _>>();
    progress.finish();
    let sources = sources.map_err(InputError::from)?;
    if let Some(file) = &args.baseline {
        settings.push(("Baseline".to_owned(), file.display().to_string()));
    }
    if args.heat_ready {
        settings.push((
            "Stage".to_owned(),
            "--heat-ready: the sets as given to Heat, composition annotations are errors"
                .to_owned(),
        ));
    }
    settings.extend(changed_limits(limits));
    let mut run = RunInfo::now(sources, rules)?;
    run.settings = settings;
    Ok(run)
}

/// A set ready for fixes (or the line saying why it is not), with the folder its files are
/// written back to (none for an archive).
type FixInput = (Result<Workspace, String>, Option<std::path::PathBuf>);

/// The sets of `paths` ready for fixes, each with its folder; a zip is refused (it cannot
/// be fixed in place) unless only a diff is asked for.
fn fix_workspaces(
    paths: &[std::path::PathBuf],
    limits: &Limits,
    stage: Option<Stage>,
    in_place: bool,
) -> Result<Vec<FixInput>, CliError> {
    let mut out = Vec::new();
    for (mut set, root) in load_hot_inputs_rooted(paths, limits)? {
        let folder = match root {
            InputRoot::Folder(folder) => Some(folder),
            InputRoot::Archive(archive) if in_place => {
                return Err(CliError::Usage(format!(
                    "{}: --fix writes the files in place, which a zip archive cannot take; unpack it, or see the changes with --fix --diff",
                    archive.display()
                )));
            }
            InputRoot::Archive(_) => None,
        };
        if let Some(stage) = stage {
            set.stage = stage;
        }
        let label = set.label.clone();
        let workspace = Workspace::new(set)
            .map_err(|unfixable| format!("not fixed: {label}: {}", unfixable.reason));
        out.push((workspace, folder));
    }
    Ok(out)
}

/// `--fix`: applies the fixes `level` admits to the violations of the selected rules and
/// writes the changed files back; returns the lines saying what was fixed, not fixed,
/// written and left alone.
fn fix_in_place(
    paths: &[std::path::PathBuf],
    limits: &Limits,
    selection: &Selection,
    stage: Option<Stage>,
    level: FixLevel,
) -> Result<Vec<String>, CliError> {
    let mut lines = Vec::new();
    for (workspace, folder) in fix_workspaces(paths, limits, stage, true)? {
        let (mut workspace, folder) = match (workspace, folder) {
            (Ok(workspace), Some(folder)) => (workspace, folder),
            (Err(line), _) => {
                lines.push(line);
                continue;
            }
            // Refused above: in place, every input is a folder.
            (Ok(_), None) => continue,
        };
        let wanted = |v: &Violation| selection.reports(v);
        let outcome = workspace.apply_level_to(level, wanted);
        lines.extend(outcome.lines());
        let done = write_back(&folder, &write_back::changes(&workspace));
        if !done.written.is_empty() {
            lines.push(format!("wrote: {}", done.written.join(", ")));
        }
        if !done.created.is_empty() {
            lines.push(format!("created: {}", done.created.join(", ")));
        }
        for (path, reason) in &done.skipped {
            lines.push(format!("left alone: {path}: {reason}"));
        }
    }
    Ok(lines)
}

/// `--fix --diff` (`--fix-dry-run`): what `--fix` would do, as its lines (each prefixed
/// `# `) and one unified diff of every file it would change, with a closing count; nothing
/// is written. Exits 1 when errors of the selected rules would remain.
fn fix_diff(
    paths: &[std::path::PathBuf],
    limits: &Limits,
    selection: &Selection,
    stage: Option<Stage>,
    level: FixLevel,
) -> Result<ExitCode, CliError> {
    let workspaces = fix_workspaces(paths, limits, stage, false)?;
    let several = workspaces.len() > 1;
    let mut out = String::new();
    let (mut safe, mut review, mut errors, mut warnings) = (0, 0, 0, 0);
    for (workspace, _) in workspaces {
        let mut workspace = match workspace {
            Ok(workspace) => workspace,
            Err(line) => {
                out.push_str(&format!("# {line}\n"));
                continue;
            }
        };
        if several {
            out.push_str(&format!("# ==> {} <==\n", workspace.set().label));
        }
        let selected = |v: &Violation| selection.reports(v);
        let Applied { outcome, preview } =
            apply_fixes(&mut workspace, &FixOrder::Level(level), selected);
        for applied in &outcome.applied {
            match applied.safety {
                Safety::Safe => safe += 1,
                Safety::Review => review += 1,
            }
        }
        for line in outcome.lines() {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str(&preview.unified());
        let left = workspace.violations().iter().filter(|v| selected(v));
        for violation in left {
            match violation.severity() {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
                Severity::Note => {}
            }
        }
    }
    out.push_str(&format!(
        "# {} fixes ({safe} safe, {review} for review) would leave {errors} errors and {warnings} warnings; nothing was written\n",
        safe + review
    ));
    print_out(&out)?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
