//! `vnfwiz rules [--format text|json|markdown] [--profile NAME | --rules …]`: the rule
//! list.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;
use vnfwiz::check::config::ProjectConfig;
use vnfwiz::check::rules::{Profiles, RuleExtras, Selection};
use vnfwiz::foundation::limits::Limits;

use super::{CliError, RuleChoiceArgs, print_out};

/// Formats of the rule list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// One line per rule.
    Text,
    /// JSON with every field and the profiles.
    Json,
    /// The Markdown document (docs/rules.md), always with the built-in profiles (the file adds each
    /// rule's reading, example and decisions, found beside the source).
    Markdown,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
    format: RulesFormat,
    /// List only the rules a profile or a selection runs (every rule when none is given).
    #[command(flatten)]
    choice: RuleChoiceArgs,
}

#[derive(Serialize)]
struct Entry {
    id: &'static str,
    keyword: &'static str,
    severity: &'static str,
    section: &'static str,
    summary: &'static str,
    why: &'static str,
    fix: &'static str,
    /// Whether vnfwiz makes the fix itself (`validate --fix`, the wizard, the editor).
    fixable: bool,
}

#[derive(Serialize)]
struct ProfileEntry<'p> {
    name: &'p str,
    summary: &'p str,
    default: bool,
    rules: Vec<&'static str>,
}

pub fn run(args: RulesArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    // The config `validate .` would read here.
    let config = match args.format {
        RulesFormat::Markdown => None,
        _ => args.choice.config(std::path::Path::new("."), limits)?,
    };
    let config = config.as_ref();
    let chosen_by = config
        .filter(|c| c.choice() != Default::default())
        .map(|c| c.file.display().to_string());
    let text = match args.format {
        RulesFormat::Markdown => {
            vnfwiz::check::rules::markdown(&Profiles::built_in(), &is_fixable, &|_| {
                RuleExtras::default()
            })
        }
        RulesFormat::Json => {
            let profiles = args.choice.profiles(limits)?;
            let selection = listed(&args.choice, config, limits)?;
            let listed_profiles = profiles
                .all()
                .iter()
                .map(|p| {
                    Ok(ProfileEntry {
                        name: &p.name,
                        summary: &p.summary,
                        default: p.name == profiles.default_name(),
                        rules: profiles
                            .selection(&p.name)?
                            .rules()
                            .map(|r| r.meta.id)
                            .collect(),
                    })
                })
                .collect::<Result<Vec<_>, CliError>>()?;
            let mut json = serde_json::to_string_pretty(&serde_json::json!({
                "tool": "vnfwiz",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": entries(&selection),
                "profiles": listed_profiles,
                "config": config.map(|c| c.file.display().to_string()),
            }))
            .map_err(std::io::Error::other)?;
            json.push('\n');
            json
        }
        RulesFormat::Text => {
            let entries = entries(&listed(&args.choice, config, limits)?);
            let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(0);
            let mut text = String::new();
            for e in &entries {
                text.push_str(&format!(
                    "{:width$}  {:10}  {:3}  {}\n",
                    e.id,
                    e.keyword,
                    if e.fixable { "fix" } else { "" },
                    e.summary
                ));
            }
            match &chosen_by {
                Some(file) if !args.choice.is_given() => {
                    text.push_str(&format!("{} rules (as {file} chooses)\n", entries.len()))
                }
                _ => text.push_str(&format!("{} rules\n", entries.len())),
            }
            text
        }
    };
    print_out(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// The rules to list: every rule, unless a profile or a selection is given (on the
/// command line or in the project config).
fn listed(
    choice: &RuleChoiceArgs,
    config: Option<&ProjectConfig>,
    limits: &Limits,
) -> Result<Selection, CliError> {
    if choice.chooses(config) {
        choice.selection(config, limits)
    } else {
        Ok(Selection::all())
    }
}

fn entries(selection: &Selection) -> Vec<Entry> {
    selection
        .rules()
        .map(|r| Entry {
            id: r.meta.id,
            keyword: r.meta.keyword.as_str(),
            severity: r.meta.keyword.severity().as_str(),
            section: r.meta.section,
            summary: r.meta.summary,
            why: r.meta.why,
            fix: r.meta.fix,
            fixable: is_fixable(r.meta.id),
        })
        .collect()
}

/// Whether a fix provider answers the rule.
fn is_fixable(id: &str) -> bool {
    vnfwiz::transform::fix::fixable_rules().any(|rule| rule == id)
}
