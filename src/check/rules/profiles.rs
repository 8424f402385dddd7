//! Rule profiles: named rule selections kept as data (`assets/profiles.yaml`, built in), which
//! a user file can extend or override, and the operator's choice among them (a profile, or
//! an explicit list, minus skipped rules) as the wizard and `validate` make it.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::foundation::diagnostics::Span;
use crate::foundation::limits::Limits;
use crate::input::yaml::{self, LoadError, Mapping, Node, Value};

use super::selection::{Selection, SelectionError};

/// The built-in profiles, compiled in: what `assets/profiles.yaml` says, kept as data so a
/// run parses no YAML for them (docs/performance.md, "Fourth pass"). The file stays the
/// source and the documented format; `the_compiled_in_profiles_are_the_file` fails when
/// the two differ.
mod built_in {
    /// The profile used when none is named.
    pub const DEFAULT: &str = "onap";
    /// Selectors every profile adds.
    pub const ALWAYS: &[&str] = &["OVF-*", "CAP-*", "CSAR-*", "SDC-*", "VALUE-*"];
    /// Each profile's name, summary and selectors, in file order.
    pub const PROFILES: &[(&str, &str, &[&str])] = &[
        (
            "onap",
            "Every statically checkable ONAP VNF Heat requirement, with the HOT specification checks.",
            &["R-*"],
        ),
        (
            "heat",
            "The HOT specification checks only, what OpenStack Heat itself refuses or misreads.",
            &["R-92635"],
        ),
        (
            "seed",
            "The requirements of the seed's Heat Orchestration Template Format section that vnfwiz began with (22 ids and R-67386).",
            &[
                "R-92635", "R-27078", "R-39402", "R-35414", "R-90279", "R-25877", "R-36772",
                "R-11441", "R-44001", "R-90526", "R-26124", "R-00011", "R-23664", "R-90152",
                "R-75141", "R-16447", "R-53952", "R-71699", "R-10834", "R-67386", "R-86285",
                "R-03324", "R-67231",
            ],
        ),
    ];
}

/// Environment variable naming a user profile file.
pub const PROFILES_ENV: &str = "VNFWIZ_PROFILES";

/// One named selection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The name operators choose it by (`onap`).
    pub name: String,
    /// What it checks, in one line.
    pub summary: String,
    /// Its selectors (ids, families, `*` prefixes, section names).
    pub rules: Vec<String>,
}

/// The profiles in effect: built in, then a user file's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profiles {
    /// The profile used when none is named.
    default: String,
    /// Selectors every profile adds (the checks of other input kinds).
    always: Vec<String>,
    /// Every profile, built-in first, in file order.
    profiles: Vec<Profile>,
    /// The user file read, when one was (reports name it among the settings in force).
    file: Option<PathBuf>,
}

/// A profile file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The profile file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is bigger than files may be.
    #[error(
        "{file}: more than {limit} bytes; a profile file is small (raise --max-file-size if it must be larger)"
    )]
    TooLarge {
        /// The profile file.
        file: String,
        /// The limit.
        limit: u64,
    },
    /// The file is not valid YAML.
    #[error("{file}:{}:{}: {source}", source.span().line, source.span().column)]
    Yaml {
        /// The profile file.
        file: String,
        /// The loader's error.
        source: LoadError,
    },
    /// A key or value that does not fit the profile format, or a selector naming no rule.
    #[error("{file}:{line}:{column}: {message}")]
    Invalid {
        /// The profile file.
        file: String,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
        /// What is wrong and what is expected.
        message: String,
    },
}

/// The parts a profile file may set.
#[derive(Default)]
struct ProfileFile {
    default: Option<(String, Span)>,
    always: Option<Vec<String>>,
    profiles: Vec<Profile>,
}

/// Reads a profile file's text; `file` names it in errors.
fn parse(bytes: &[u8], file: &str, limits: &Limits) -> Result<ProfileFile, ProfileError> {
    let document = yaml::parse(bytes, &limits.yaml).map_err(|source| ProfileError::Yaml {
        file: file.to_owned(),
        source,
    })?;
    let invalid = |span: Span, message: String| ProfileError::Invalid {
        file: file.to_owned(),
        line: span.line,
        column: span.column,
        message,
    };
    let mut read = ProfileFile::default();
    let root = match &document.root.value {
        Value::Null => return Ok(read),
        Value::Map(root) => root,
        _ => {
            return Err(invalid(
                document.root.span,
                "a profile file is a mapping of `default`, `always` and `profiles`".to_owned(),
            ));
        }
    };
    for (key, value) in root.iter() {
        match key.text.as_str() {
            "default" => {
                let name = value
                    .as_str()
                    .ok_or_else(|| invalid(value.span, "`default` is a profile name".to_owned()))?;
                read.default = Some((name.to_owned(), value.span));
            }
            "always" => read.always = Some(selectors(value, &invalid)?),
            "profiles" => {
                let Some(profiles) = value.as_map() else {
                    return Err(invalid(
                        value.span,
                        "`profiles` maps each profile name to its `summary` and `rules`".to_owned(),
                    ));
                };
                read.profiles = profile_entries(profiles, &invalid)?;
            }
            other => {
                return Err(invalid(
                    key.span,
                    format!(
                        "unknown key `{other}`; a profile file has `default`, `always` and \
                         `profiles`"
                    ),
                ));
            }
        }
    }
    Ok(read)
}

/// The profiles of a `profiles:` mapping, each selector checked against the registry.
fn profile_entries(
    profiles: &Mapping,
    invalid: &impl Fn(Span, String) -> ProfileError,
) -> Result<Vec<Profile>, ProfileError> {
    let mut out = Vec::new();
    for (name, body) in profiles.iter() {
        let well_named = !name.text.is_empty()
            && name
                .text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !well_named {
            return Err(invalid(
                name.span,
                format!(
                    "profile name `{}` must be letters, digits, `-` and `_`",
                    name.text
                ),
            ));
        }
        let Some(body) = body.as_map() else {
            return Err(invalid(
                body.span,
                format!(
                    "profile `{}` is a mapping of `summary` and `rules`",
                    name.text
                ),
            ));
        };
        let mut summary = String::new();
        let mut rules = None;
        for (key, value) in body.iter() {
            match key.text.as_str() {
                "summary" => {
                    summary = value
                        .as_str()
                        .ok_or_else(|| invalid(value.span, "`summary` is one line of text".into()))?
                        .to_owned();
                }
                "rules" => {
                    let list = selectors(value, invalid)?;
                    if list.is_empty() {
                        return Err(invalid(
                            value.span,
                            "`rules` lists at least one rule".into(),
                        ));
                    }
                    rules = Some(list);
                }
                other => {
                    return Err(invalid(
                        key.span,
                        format!("unknown key `{other}`; a profile has `summary` and `rules`"),
                    ));
                }
            }
        }
        let Some(rules) = rules else {
            return Err(invalid(
                name.span,
                format!("profile `{}` has no `rules`", name.text),
            ));
        };
        out.push(Profile {
            name: name.text.clone(),
            summary,
            rules,
        });
    }
    Ok(out)
}

/// A list of selectors, each naming at least one rule (a `*` prefix may name none).
fn selectors(
    value: &Node,
    invalid: &impl Fn(Span, String) -> ProfileError,
) -> Result<Vec<String>, ProfileError> {
    let Some(items) = value.as_seq() else {
        return Err(invalid(
            value.span,
            "a list of rule ids, families, `*` prefixes or section names".to_owned(),
        ));
    };
    items
        .iter()
        .map(|item| {
            let text = item
                .as_str()
                .ok_or_else(|| invalid(item.span, "a selector is text (`R-90526`)".to_owned()))?;
            Selection::only(&[text]).map_err(|e| invalid(item.span, e.to_string()))?;
            Ok(text.to_owned())
        })
        .collect()
}

impl Profiles {
    /// The built-in profiles (`onap`, `heat`, `seed`; `onap` by default).
    pub fn built_in() -> Profiles {
        let texts = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect();
        Profiles {
            default: built_in::DEFAULT.to_owned(),
            always: texts(built_in::ALWAYS),
            profiles: built_in::PROFILES
                .iter()
                .map(|(name, summary, rules)| Profile {
                    name: (*name).to_owned(),
                    summary: (*summary).to_owned(),
                    rules: texts(rules),
                })
                .collect(),
            file: None,
        }
    }

    /// The built-in profiles extended by a user file: `explicit` when given (it must exist),
    /// otherwise the file [`Profiles::user_file`] names, when it exists.
    pub fn load(explicit: Option<&Path>, limits: &Limits) -> Result<Profiles, ProfileError> {
        let mut profiles = Profiles::built_in();
        let chosen = match explicit {
            Some(path) => Some(path.to_path_buf()),
            None => Profiles::user_file().filter(|path| {
                // The default place is optional; a file named by the variable is not.
                std::env::var_os(PROFILES_ENV).is_some_and(|v| !v.is_empty()) || path.is_file()
            }),
        };
        if let Some(path) = chosen {
            profiles = profiles.with_file(&path, limits)?;
        }
        Ok(profiles)
    }

    /// Where a user profile file is looked for: `$VNFWIZ_PROFILES`, else
    /// `$XDG_CONFIG_HOME/vnfwiz/profiles.yaml`, else `~/.config/vnfwiz/profiles.yaml`.
    pub fn user_file() -> Option<PathBuf> {
        let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        if let Some(path) = set(PROFILES_ENV) {
            return Some(PathBuf::from(path));
        }
        let config = set("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".config")))?;
        Some(config.join("vnfwiz").join("profiles.yaml"))
    }

    /// These profiles extended by the profile file at `path` (its profiles replace ones of the
    /// same name; its `default` and `always`, when given, replace these).
    pub fn with_file(mut self, path: &Path, limits: &Limits) -> Result<Profiles, ProfileError> {
        let file = path.display().to_string();
        let io = |source| ProfileError::Io {
            file: file.clone(),
            source,
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .map_err(io)?
            .take(limits.max_file_bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() as u64 > limits.max_file_bytes {
            return Err(ProfileError::TooLarge {
                file,
                limit: limits.max_file_bytes,
            });
        }
        let read = parse(&bytes, &file, limits)?;
        if let Some((name, span)) = &read.default {
            let known = self.profiles.iter().chain(&read.profiles);
            if !known.clone().any(|p| p.name == *name) {
                return Err(ProfileError::Invalid {
                    file,
                    line: span.line,
                    column: span.column,
                    message: format!("`default` names no profile: `{name}`"),
                });
            }
        }
        self.merge(read);
        self.file = Some(path.to_path_buf());
        Ok(self)
    }

    /// The user profile file read, when one was.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    fn merge(&mut self, file: ProfileFile) {
        if let Some((name, _)) = file.default {
            self.default = name;
        }
        if let Some(always) = file.always {
            self.always = always;
        }
        for profile in file.profiles {
            match self.profiles.iter_mut().find(|p| p.name == profile.name) {
                Some(existing) => *existing = profile,
                None => self.profiles.push(profile),
            }
        }
    }

    /// Every profile, built-in first.
    pub fn all(&self) -> &[Profile] {
        &self.profiles
    }

    /// The profile used when none is named.
    pub fn default_name(&self) -> &str {
        &self.default
    }

    /// The profile called `name`.
    pub fn get(&self, name: &str) -> Result<&Profile, SelectionError> {
        self.profiles
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| SelectionError::UnknownProfile {
                name: name.to_owned(),
                known: self
                    .profiles
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The rules profile `name` runs: its own, plus the `always` rules.
    pub fn selection(&self, name: &str) -> Result<Selection, SelectionError> {
        let profile = self.get(name)?;
        Ok(Selection::only(&profile.rules)?.with(&Selection::only(&self.always)?))
    }
}

/// The built-in profile vnfwiz checks its own output with (the sets `onboard` resolves, the
/// packages it writes) unless told otherwise: every ONAP rule, as `validate` runs by
/// default, which the OVF converter's output is written to meet (docs/mapping.md, "ONAP").
pub const OUTPUT_PROFILE: &str = "onap";

/// The rules of [`OUTPUT_PROFILE`].
pub fn output_rules() -> Selection {
    // The built-in file always defines the profile (a test of this module checks it).
    Profiles::built_in()
        .selection(OUTPUT_PROFILE)
        .unwrap_or_default()
}

/// What the operator chose to run: a profile (the default one when `None`) or an explicit
/// list of selectors, minus skipped ones. `validate` fills it from `--profile`, `--rules`
/// and `--skip-rules`; the wizard keeps one and changes `profile` when the operator switches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleChoice {
    /// The profile, when no explicit list is given.
    pub profile: Option<String>,
    /// Selectors that replace the profile when not empty.
    pub rules: Vec<String>,
    /// Selectors of rules not to run.
    pub skip: Vec<String>,
}

impl RuleChoice {
    /// The rules this choice runs.
    pub fn selection(&self, profiles: &Profiles) -> Result<Selection, SelectionError> {
        let chosen = if self.rules.is_empty() {
            let name = self.profile.as_deref().unwrap_or(profiles.default_name());
            profiles.selection(name)?
        } else {
            Selection::only(&self.rules)?
        };
        if self.skip.is_empty() {
            Ok(chosen)
        } else {
            chosen.skipping(&self.skip)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::rules::all;

    fn ids(selection: &Selection) -> Vec<&'static str> {
        selection.rules().map(|r| r.meta.id).collect()
    }

    #[test]
    fn the_compiled_in_profiles_are_the_file() {
        // The file is read as a user's file is, every selector checked against the registry.
        let file = parse(
            include_bytes!("../../../assets/profiles.yaml"),
            "assets/profiles.yaml",
            &Limits::default(),
        )
        .expect("the built-in profile file is valid");
        let mut from_file = Profiles {
            default: String::new(),
            always: Vec::new(),
            profiles: Vec::new(),
            file: None,
        };
        from_file.merge(file);
        let profiles = Profiles::built_in();
        assert_eq!(
            profiles, from_file,
            "assets/profiles.yaml changed: make `built_in` in profiles.rs say the same"
        );
        assert_eq!(profiles.default_name(), "onap");
        let names: Vec<&str> = profiles.all().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["onap", "heat", "seed"]);
        assert!(profiles.get(OUTPUT_PROFILE).is_ok());
        assert_eq!(
            output_rules(),
            profiles.selection(OUTPUT_PROFILE).expect("onap")
        );
    }

    #[test]
    fn onap_is_every_rule_and_the_default() {
        let profiles = Profiles::built_in();
        let onap = RuleChoice::default()
            .selection(&profiles)
            .expect("the default profile");
        assert_eq!(onap.count(), all().len());
    }

    #[test]
    fn heat_is_the_hot_specification_plus_other_inputs() {
        let heat = Profiles::built_in().selection("heat").expect("built in");
        for rule in heat.rules() {
            let id = rule.meta.id;
            assert!(
                id.starts_with("R-92635/") || !id.starts_with("R-"),
                "{id} is not a HOT specification check"
            );
        }
        assert!(heat.rules().any(|r| r.meta.id.starts_with("OVF-")));
        assert!(heat.rules().any(|r| r.meta.id.starts_with("CAP-")));
        assert!(!heat.rules().any(|r| r.meta.id == "R-90526"));
    }

    #[test]
    fn seed_is_the_seed_requirements() {
        let profiles = Profiles::built_in();
        let seed = profiles.get("seed").expect("built in");
        // The 22 ids of the foundation's issue and R-67386, which the seed's text also holds.
        assert_eq!(seed.rules.len(), 23);
        let selection = profiles.selection("seed").expect("known ids");
        let onap_ids: Vec<&str> = ids(&selection)
            .into_iter()
            .filter(|id| id.starts_with("R-") && !id.starts_with("R-92635/"))
            .collect();
        // R-27078 is a family: its further sentence (`R-27078/date`) comes with it.
        assert!(onap_ids.contains(&"R-27078/date"));
        assert_eq!(onap_ids.iter().filter(|id| !id.contains('/')).count(), 22);
        assert!(onap_ids.contains(&"R-26124"));
        assert!(!onap_ids.contains(&"R-81339"));
    }

    #[test]
    fn a_choice_with_rules_and_skips() {
        let profiles = Profiles::built_in();
        let choice = RuleChoice {
            profile: Some("seed".into()),
            rules: Vec::new(),
            skip: vec!["R-92635".into(), "R-90526".into()],
        };
        let selection = choice.selection(&profiles).expect("known rules");
        assert!(!ids(&selection).contains(&"R-90526"));
        assert!(!ids(&selection).iter().any(|id| id.starts_with("R-92635/")));
        let explicit = RuleChoice {
            rules: vec!["R-81339".into()],
            ..RuleChoice::default()
        };
        assert_eq!(
            ids(&explicit.selection(&profiles).expect("known")),
            ["R-81339"]
        );
        let unknown = RuleChoice {
            profile: Some("strict".into()),
            ..RuleChoice::default()
        };
        assert!(matches!(
            unknown.selection(&profiles),
            Err(SelectionError::UnknownProfile { known, .. }) if known == "onap, heat, seed"
        ));
    }

    fn user_file(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("profiles.yaml");
        std::fs::write(&path, text).expect("writable");
        (dir, path)
    }

    #[test]
    fn a_user_file_adds_and_replaces_profiles() {
        let (_dir, path) = user_file(
            "default: naming\nprofiles:\n  naming:\n    summary: File names only\n    rules: \
             [ONAP Heat Orchestration Template Filenames]\n  heat:\n    summary: Heat and \
             resource ids\n    rules: [R-92635, R-75141]\n",
        );
        let profiles = Profiles::built_in()
            .with_file(&path, &Limits::default())
            .expect("a valid file");
        assert_eq!(profiles.default_name(), "naming");
        let naming = RuleChoice::default().selection(&profiles).expect("known");
        assert!(ids(&naming).contains(&"R-81339"));
        assert!(!ids(&naming).contains(&"R-90526"));
        let heat = profiles.selection("heat").expect("replaced");
        assert!(ids(&heat).contains(&"R-75141"));
        assert_eq!(profiles.all().len(), 4);
    }

    #[test]
    fn bad_user_files_name_the_place() {
        for (text, line, wanted) in [
            ("profiles:\n  strict:\n    rules: [R-99999]\n", 3, "R-99999"),
            ("default: strict\n", 1, "names no profile"),
            (
                "profile:\n  x: {rules: [R-81339]}\n",
                1,
                "unknown key `profile`",
            ),
            (
                "profiles:\n  x y: {rules: [R-81339]}\n",
                2,
                "letters, digits",
            ),
            ("profiles:\n  x: {summary: no rules}\n", 2, "has no `rules`"),
        ] {
            let (_dir, path) = user_file(text);
            let error = Profiles::built_in()
                .with_file(&path, &Limits::default())
                .expect_err(text);
            let message = error.to_string();
            assert!(message.contains(wanted), "{message}");
            assert!(
                message.contains(&format!("profiles.yaml:{line}:")),
                "{message}"
            );
        }
    }

    #[test]
    fn a_user_file_obeys_the_file_size_limit() {
        let (_dir, path) = user_file("profiles: {}\n# padding to go over a tiny limit\n");
        let limits = Limits {
            max_file_bytes: 16,
            ..Limits::default()
        };
        assert!(matches!(
            Profiles::built_in().with_file(&path, &limits),
            Err(ProfileError::TooLarge { limit: 16, .. })
        ));
        let missing = path.with_file_name("missing.yaml");
        assert!(matches!(
            Profiles::built_in().with_file(&missing, &Limits::default()),
            Err(ProfileError::Io { .. })
        ));
    }
}
