//! `vnfwiz capabilities PATH... [--find KEY=VALUE]... [--choose TYPE=TEMPLATE]...
//! [--require KEY=VALUE]... [--format text|json]`: what a template set lets the operator
//! choose, or the templates matching capability filters.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::capabilities::Filter;
use vnfwiz::model::open::load_hot_inputs;
use vnfwiz::output::report::render::capabilities::{self as render, SetCapabilities};

use super::{CliError, ListFormat, key_value, print_out};

#[derive(Debug, Args)]
pub struct CapabilitiesArgs {
    /// Templates, env files, folders or heat zips (loose files form one set).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// List the templates whose capabilities match (repeat to require all):
    /// `resource_type=OS::X::Y`, `deployment=puppet`.
    #[arg(long, value_name = "KEY=VALUE")]
    find: Vec<Filter>,
    /// Preview a choice: TYPE=TEMPLATE, or ENVIRONMENT=true for a capabilities-map option.
    #[arg(long, value_name = "TYPE=TEMPLATE", value_parser = key_value)]
    choose: Vec<(String, String)>,
    /// Preview a requirement, overriding the environments' `requires:`.
    #[arg(long, value_name = "KEY=VALUE", value_parser = key_value)]
    require: Vec<(String, String)>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    format: ListFormat,
}

pub fn run(args: CapabilitiesArgs, limits: &Limits) -> Result<ExitCode, CliError> {
    let sets = load_hot_inputs(&args.paths, limits)?;
    let choose: BTreeMap<String, String> = args.choose.into_iter().collect();
    let require: BTreeMap<String, String> = args.require.into_iter().collect();
    let shown: Vec<SetCapabilities> = sets
        .iter()
        .map(|set| SetCapabilities::read(set, &choose, &require, &args.find))
        .collect();
    let text = match args.format {
        ListFormat::Json => render::json(&shown, &args.find),
        ListFormat::Text => render::text(&shown, &args.find),
    };
    print_out(&text)?;
    let refused = shown.iter().any(|s| !s.errors.is_empty());
    Ok(if refused {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
