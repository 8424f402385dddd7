//! `vnfwiz lsp [--profile …] [--rules …] [--skip-rules …] [--heat-ready]`: the language
//! server on standard input and output (docs/editors.md).

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use vnfwiz::check::waivers::Waivers;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::lsp::{DEFAULT_DEBOUNCE, Settings, run_stdio};
use vnfwiz::model::hot::Stage;

use super::{CliError, RuleChoiceArgs};

#[derive(Debug, Args)]
pub struct LspArgs {
    #[command(flatten)]
    choice: RuleChoiceArgs,
    /// Check the sets as given to Heat as they are (as `validate --heat-ready`).
    #[arg(long)]
    heat_ready: bool,
    /// How long to wait after an edit for the next one before checking, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_DEBOUNCE.as_millis() as u64)]
    debounce_ms: u64,
    /// The rule documentation a diagnostic links to, `{id}` standing for the rule's id
    /// (default: the text each rule comes from: ONAP's requirements, the HOT
    /// specification, OVF, SOL004).
    #[arg(long, value_name = "URL")]
    rule_docs: Option<String>,
}

pub fn run(args: LspArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    // An editor starts its server in the workspace: the config is the one found from there.
    let here = std::env::current_dir()
        .map_err(|source| CliError::Usage(format!("cannot read the working folder: {source}")))?;
    let config = args.choice.config(&here, limits)?;
    let settings = Settings {
        selection: args.choice.selection(config.as_ref(), limits)?,
        stage: args.heat_ready.then_some(Stage::HeatReady),
        limits: *limits,
        debounce: Duration::from_millis(args.debounce_ms),
        waivers: Waivers {
            listed: config.map(|c| c.waivers).unwrap_or_default(),
            baseline: None,
            accepted: Vec::new(),
            inline: true,
        },
    };
    run_stdio(settings, args.rule_docs)?;
    Ok(ExitCode::SUCCESS)
}
