//! `vnfwiz rules [--format text|json]`: the rule catalogue.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::{CliError, ListFormat};

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
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
}

pub fn run(args: RulesArgs) -> Result<ExitCode, CliError> {
    let entries: Vec<Entry> = vnfwiz::rules::all()
        .iter()
        .map(|r| Entry {
            id: r.meta.id,
            keyword: r.meta.keyword.as_str(),
            severity: r.meta.keyword.severity().as_str(),
            section: r.meta.section,
            summary: r.meta.summary,
            why: r.meta.why,
            fix: r.meta.fix,
        })
        .collect();
    let text = match args.format {
        ListFormat::Json => {
            let mut json = serde_json::to_string_pretty(&serde_json::json!({
                "tool": "vnfwiz",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": entries,
            }))
            .map_err(std::io::Error::other)?;
            json.push('\n');
            json
        }
        ListFormat::Text => {
            let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(0);
            let mut text = String::new();
            for e in &entries {
                text.push_str(&format!(
                    "{:width$}  {:10}  {}\n",
                    e.id, e.keyword, e.summary
                ));
            }
            text.push_str(&format!("{} rules\n", entries.len()));
            text
        }
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
