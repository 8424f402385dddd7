//! The project config, `vnfwiz.toml`: the decisions a team keeps beside its templates. It
//! is found in the checked path's folder or the nearest folder above it (or named with
//! `--config`), and holds the rule profile, `[rules] select/ignore` (the forms `--rules`
//! takes) and `[[waive]]` entries whose `files` globs are relative to the config's folder.
//! Flags on the command line win over it, each over its own key.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::check::rules::{RuleChoice, Selection};
use crate::check::waivers::{Place, Waiver, WaiverSpec};
use crate::foundation::diagnostics::{LineIndex, WaivedBy};
use crate::foundation::limits::Limits;

/// The config's file name.
pub const CONFIG_FILE: &str = "vnfwiz.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    profile: Option<Spanned<String>>,
    rules: Option<Spanned<RulesTable>>,
    #[serde(default)]
    waive: Vec<Spanned<WaiveTable>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesTable {
    #[serde(default)]
    select: Vec<Spanned<String>>,
    #[serde(default)]
    ignore: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WaiveTable {
    rule: Spanned<String>,
    #[serde(default)]
    files: Vec<String>,
    path: Option<String>,
    reason: Option<String>,
    until: Option<Spanned<Until>>,
}

/// `until = "2027-06-30"` or TOML's own date, `until = 2027-06-30`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Until {
    Text(String),
    Date(toml::value::Datetime),
}

/// The project config as read.
#[derive(Clone, Debug, PartialEq)]
pub struct ProjectConfig {
    /// The file.
    pub file: PathBuf,
    /// `profile`.
    pub profile: Option<String>,
    /// `[rules] select`: replaces the profile when not empty.
    pub select: Vec<String>,
    /// `[rules] ignore`.
    pub ignore: Vec<String>,
    /// `[[waive]]`, globs relative to the config's folder.
    pub waivers: Vec<Waiver>,
}

/// Why the config cannot be used (the run stops, exit 2).
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The config file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// A key, value or waiver that does not fit.
    #[error("{file}:{line}:{column}: {message}")]
    Invalid {
        /// The config file.
        file: String,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
        /// What is wrong and what is expected.
        message: String,
    },
}

/// The folder a search for the config starts in: the path's own when it is a folder,
/// else the one holding it.
fn start_of(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if absolute.is_dir() {
        absolute
    } else {
        absolute
            .parent()
            .map_or_else(|| absolute.clone(), Path::to_path_buf)
    }
}

/// The `vnfwiz.toml` in the folder of `path` or the nearest one above it; named from the
/// working folder when it lies below it (as reports show it), else by its whole path.
pub fn find(path: &Path) -> Option<PathBuf> {
    let found = start_of(path)
        .ancestors()
        .map(|folder| folder.join(CONFIG_FILE))
        .find(|candidate| candidate.is_file())?;
    let here = std::env::current_dir().ok();
    Some(
        here.and_then(|here| found.strip_prefix(here).ok().map(Path::to_path_buf))
            .unwrap_or(found),
    )
}

/// Where a run's project config comes from (`--config FILE`, `--no-config`, or neither):
/// the one lookup `validate`, `onboard` and the wizard share.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Lookup {
    /// The `vnfwiz.toml` in the checked path's folder or the nearest one above it.
    #[default]
    Nearest,
    /// This file (`--config`).
    File(PathBuf),
    /// None (`--no-config`).
    Off,
}

impl Lookup {
    /// The config in force for a run on `path`, if any.
    pub fn load(&self, path: &Path, limits: &Limits) -> Result<Option<ProjectConfig>, ConfigError> {
        let file = match self {
            Lookup::Off => return Ok(None),
            Lookup::File(file) => file.clone(),
            Lookup::Nearest => match find(path) {
                Some(file) => file,
                None => return Ok(None),
            },
        };
        ProjectConfig::load(&file, limits).map(Some)
    }
}

impl ProjectConfig {
    /// Reads a config file within `limits`.
    pub fn load(path: &Path, limits: &Limits) -> Result<ProjectConfig, ConfigError> {
        let bytes = limits.read_file(path).map_err(|source| ConfigError::Io {
            file: path.display().to_string(),
            source,
        })?;
        let text = String::from_utf8(bytes).map_err(|_| ConfigError::Invalid {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            message: "is not UTF-8 text".to_owned(),
        })?;
        ProjectConfig::parse(&text, path)
    }

    /// Reads a config's text; `path` names it and its folder anchors the globs.
    pub fn parse(text: &str, path: &Path) -> Result<ProjectConfig, ConfigError> {
        let index = LineIndex::new(text);
        let name = path.display().to_string();
        let at = |offset: usize, message: String| {
            let (line, column) = index
                .position(text, offset.min(text.len()))
                .unwrap_or((1, 1));
            ConfigError::Invalid {
                file: name.clone(),
                line: u32::try_from(line).unwrap_or(u32::MAX),
                column: u32::try_from(column).unwrap_or(u32::MAX),
                message,
            }
        };
        let file: File = toml::from_str(text).map_err(|e| {
            at(
                e.span().map_or(0, |s| s.start),
                e.message().trim().to_owned(),
            )
        })?;
        let selectors = |list: &[Spanned<String>]| -> Result<Vec<String>, ConfigError> {
            list.iter()
                .map(|s| {
                    Selection::only(&[s.get_ref().as_str()])
                        .map(|_| s.get_ref().clone())
                        .map_err(|e| at(s.span().start, e.to_string()))
                })
                .collect()
        };
        let (select, ignore) = match &file.rules {
            Some(rules) => (
                selectors(&rules.get_ref().select)?,
                selectors(&rules.get_ref().ignore)?,
            ),
            None => (Vec::new(), Vec::new()),
        };
        if let (Some(profile), false) = (&file.profile, select.is_empty()) {
            return Err(at(
                profile.span().start,
                "`profile` and `[rules] select` each choose the rules; keep one".to_owned(),
            ));
        }
        let folder = std::path::absolute(path)
            .unwrap_or_else(|_| path.to_path_buf())
            .parent()
            .map(Path::to_path_buf);
        let mut waivers = Vec::with_capacity(file.waive.len());
        for entry in file.waive {
            let start = entry.span().start;
            let table = entry.into_inner();
            let rule_at = table.rule.span().start;
            let until = match table.until {
                Some(until) => {
                    let until_at = until.span().start;
                    match until.into_inner() {
                        Until::Text(text) => Some((text, until_at)),
                        Until::Date(date) => Some((date.to_string(), until_at)),
                    }
                }
                None => None,
            };
            let spec = WaiverSpec {
                rule: table.rule.into_inner(),
                files: table.files,
                path: table.path,
                reason: table.reason.unwrap_or_default(),
                until: until.as_ref().map(|(text, _)| text.clone()),
            };
            let line = index.position(text, start).map_or(1, |(l, _)| l);
            let place = Place {
                file: path.to_path_buf(),
                line: u32::try_from(line).unwrap_or(u32::MAX),
            };
            let waiver =
                Waiver::new(spec, WaivedBy::Config, place, folder.clone()).map_err(|e| {
                    use crate::check::waivers::WaiverError;
                    let offset = match &e {
                        WaiverError::Rule(_) => rule_at,
                        WaiverError::Until(_) => until.as_ref().map_or(start, |(_, at)| *at),
                        _ => start,
                    };
                    at(offset, format!("[[waive]]: {e}"))
                })?;
            waivers.push(waiver);
        }
        Ok(ProjectConfig {
            file: path.to_path_buf(),
            profile: file.profile.map(Spanned::into_inner),
            select,
            ignore,
            waivers,
        })
    }

    /// The rules it chooses, as the command line's `--profile`, `--rules` and
    /// `--skip-rules` would.
    pub fn choice(&self) -> RuleChoice {
        RuleChoice {
            profile: self.profile.clone(),
            rules: self.select.clone(),
            skip: self.ignore.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::waivers::Day;

    const CONFIG: &str = r#"
profile = "onap"

[rules]
ignore = ["R-90526", "Output Parameters"]

[[waive]]
rule = "R-22838"
files = ["base_*.yaml"]
reason = "ONAP supplies it; vendor ticket 42"
until = "2027-06-30"

[[waive]]
rule = "R-92635"
reason = "the vendor's generator"
until = 2027-07-01
"#;

    #[test]
    fn reads_every_key() {
        let config = ProjectConfig::parse(CONFIG, Path::new("/repo/vnfwiz.toml")).expect("reads");
        assert_eq!(config.profile.as_deref(), Some("onap"));
        assert_eq!(config.ignore, ["R-90526", "Output Parameters"]);
        assert_eq!(config.waivers.len(), 2);
        let first = &config.waivers[0];
        assert_eq!(first.at.line, 7);
        assert_eq!(first.base(), Some(Path::new("/repo")));
        assert!(first.covers_file("base_vlb.yaml") && !first.covers_file("sub/base_vlb.yaml"));
        assert_eq!(first.until(), Day::parse("2027-06-30"));
        assert_eq!(config.waivers[1].until(), Day::parse("2027-07-01"));
        assert!(config.waivers[1].covers_file("any/where.yaml"));
        assert_eq!(config.choice().skip, config.ignore);
    }

    #[test]
    fn mistakes_name_their_place() {
        let error = |text: &str| {
            ProjectConfig::parse(text, Path::new("vnfwiz.toml"))
                .expect_err("refused")
                .to_string()
        };
        let no_reason = error("[[waive]]\nrule = \"R-22838\"\n");
        assert!(no_reason.starts_with("vnfwiz.toml:1:"), "{no_reason}");
        assert!(no_reason.contains("needs a reason"), "{no_reason}");
        let blank = error("[[waive]]\nrule = \"R-22838\"\nreason = \"  \"\n");
        assert!(blank.contains("needs a reason"), "{blank}");
        let unknown = error("[[waive]]\nrule = \"R-0000\"\nreason = \"x\"\n");
        assert!(unknown.starts_with("vnfwiz.toml:2:8: "), "{unknown}");
        let day = error("[[waive]]\nrule = \"R-22838\"\nreason = \"x\"\nuntil = \"June\"\n");
        assert!(
            day.starts_with("vnfwiz.toml:4:9: ") && day.contains("YYYY-MM-DD"),
            "{day}"
        );
        let key = error("profil = \"onap\"\n");
        assert!(
            key.starts_with("vnfwiz.toml:1:1: ") && key.contains("profil"),
            "{key}"
        );
        let both = error("profile = \"onap\"\n[rules]\nselect = [\"R-92635\"]\n");
        assert!(both.contains("keep one"), "{both}");
        let selector = error("[rules]\nignore = [\"R-0000\"]\n");
        assert!(selector.starts_with("vnfwiz.toml:2:11: "), "{selector}");
        let glob = error("[[waive]]\nrule = \"R-22838\"\nreason = \"x\"\nfiles = [\"a[\"]\n");
        assert!(glob.contains("not a glob"), "{glob}");
    }

    #[test]
    fn found_in_the_folder_or_above() {
        let dir = tempfile::tempdir().expect("temp");
        let nested = dir.path().join("vnf/heat");
        std::fs::create_dir_all(&nested).expect("folders");
        std::fs::write(nested.join("base.yaml"), "x").expect("file");
        assert_eq!(find(&nested), None);
        std::fs::write(dir.path().join(CONFIG_FILE), "").expect("config");
        let found = find(&nested.join("base.yaml")).expect("found above");
        assert!(found.ends_with(CONFIG_FILE), "{}", found.display());
        assert_eq!(
            found.canonicalize().ok(),
            dir.path().join(CONFIG_FILE).canonicalize().ok()
        );
        std::fs::write(nested.join(CONFIG_FILE), "").expect("config");
        let found = find(&nested).expect("found in the folder");
        assert_eq!(
            found.canonicalize().ok(),
            nested.join(CONFIG_FILE).canonicalize().ok()
        );
    }
}
