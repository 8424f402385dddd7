//! `vnfwiz validate PATH... [--format …] [--rules …]`.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use vnfwiz::fix::{Edit, Offer, Safety, Workspace};
use vnfwiz::hot::Stage;
use vnfwiz::integrity::{Options, TerminalProgress};
use vnfwiz::limits::Limits;
use vnfwiz::report::render;
use vnfwiz::report::{Severity, Violation};
use vnfwiz::rules::Selection;
use vnfwiz::rules::{check_hot, find};
use vnfwiz::validation::{load_hot_inputs, validate_as};

use super::{CliError, Format, RuleChoiceArgs, color_stdout};

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
    /// Print the unified diff of every fix available for the violations found, instead of
    /// the report (HOT sets only; nothing is written; docs/fixes.md).
    #[arg(long)]
    fix_dry_run: bool,
}

pub fn run(args: ValidateArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let selection = args.choice.selection(limits)?;
    let stage = args.heat_ready.then_some(Stage::HeatReady);
    if args.fix_dry_run {
        if args.format != Format::Text {
            return Err(CliError::Usage(
                "--fix-dry-run prints a unified diff; --format does not apply to it".to_owned(),
            ));
        }
        return fix_dry_run(&args.paths, limits, &selection, stage);
    }
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
    let code = if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    // The process ends here: freeing every node of every parsed tree one by one (hundreds of
    // thousands of small frees on a large VNF) would only delay the exit.
    std::mem::forget(report);
    Ok(code)
}

/// One violation's fix as `--fix-dry-run` prints it.
struct DryRunEntry {
    /// `file:line:column`.
    at: String,
    /// The rules whose violations it answers.
    rules: Vec<&'static str>,
    /// Title and diff, or why there is no fix.
    body: String,
}

/// `--fix-dry-run`: each HOT set's violations (of the selected rules) with their fix as a
/// unified diff against the set's files, or why there is none; a summary closes. Fixes that
/// are the same edits (R-90526 and R-26124 on one default) are shown once.
fn fix_dry_run(
    paths: &[std::path::PathBuf],
    limits: &Limits,
    selection: &Selection,
    stage: Option<Stage>,
) -> Result<ExitCode, CliError> {
    let sets = load_hot_inputs(paths, limits)?;
    let several = sets.len() > 1;
    let mut out = String::new();
    let (mut safe, mut review, mut typed, mut none) = (0, 0, 0, 0);
    let mut errors = false;
    for mut set in sets {
        if let Some(stage) = stage {
            set.stage = stage;
        }
        if several {
            out.push_str(&format!("# ==> {} <==\n", set.label));
        }
        let all = Selection::all();
        let violations = check_hot(&set, &all);
        let workspace = match Workspace::with_violations(set, violations, all) {
            Ok(workspace) => workspace,
            Err(unfixable) => {
                out.push_str(&format!("# no fixes: {}\n", unfixable.reason));
                continue;
            }
        };
        let selected: Vec<(&Violation, Option<Offer>)> = workspace
            .violations()
            .iter()
            .zip(workspace.offers())
            .filter(|(v, _)| find(v.rule.id).is_some_and(|r| selection.includes(r)))
            .collect();
        errors |= selected
            .iter()
            .any(|(v, _)| v.severity() == Severity::Error);
        // The edits of each fix shown, with its entry.
        let mut shown: Vec<(Vec<Edit>, usize)> = Vec::new();
        let mut entries: Vec<DryRunEntry> = Vec::new();
        for (violation, offer) in selected {
            let body = match offer {
                // No fix exists for the rule: counted, not listed (the report lists it).
                None => {
                    none += 1;
                    continue;
                }
                Some(Offer::Ready(fix)) => {
                    if let Some((_, index)) = shown.iter().find(|(edits, _)| *edits == fix.edits) {
                        entries[*index].rules.push(violation.rule.id);
                        continue;
                    }
                    let diff = match workspace.preview(&fix) {
                        Ok(preview) => preview.unified(),
                        Err(error) => format!("# the fix does not apply: {error}\n"),
                    };
                    match fix.safety {
                        Safety::Safe => safe += 1,
                        Safety::Review => review += 1,
                    }
                    shown.push((fix.edits.clone(), entries.len()));
                    format!("{} [{}]\n{diff}", fix.title, fix.safety)
                }
                Some(Offer::NeedsText { title, prompt }) => {
                    typed += 1;
                    format!("{title}: needs the operator's text ({prompt})\n")
                }
                Some(Offer::Unavailable(reason)) => {
                    none += 1;
                    format!("no fix: {reason}\n")
                }
            };
            entries.push(DryRunEntry {
                at: format!(
                    "{}:{}:{}",
                    violation.file, violation.span.line, violation.span.column
                ),
                rules: vec![violation.rule.id],
                body,
            });
        }
        for entry in entries {
            out.push_str(&format!(
                "# {} {}: {}",
                entry.at,
                entry.rules.join(", "),
                entry.body
            ));
        }
    }
    out.push_str(&format!(
        "# {} fixes available ({safe} safe, {review} for review); {typed} need the operator's text; {none} violations have no fix\n",
        safe + review
    ));
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(if errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
