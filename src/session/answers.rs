//! The operator's decisions: what the wizard saves (`--save-answers`) and `onboard --answers`
//! replays. One type serves both faces, so a saved file always replays the same run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::check::waivers::{Place, Waiver, WaiverSpec};
use crate::foundation::diagnostics::Span;
use crate::foundation::diagnostics::WaivedBy;
use crate::foundation::limits::{Limits, YamlLimits};
use crate::input::yaml::scalar_text;
use crate::input::yaml::write::{map, node, seq, string};
use crate::input::yaml::{Node, Value};
use crate::model::capabilities::RegistryOutput;
use crate::model::hot::classify::ANSWERS_KEYS;
use crate::transform::convert::EnvTransport;
use crate::transform::fix::FixRecord;
use crate::transform::package::PackageFormat;

/// Whether the operator accepted the EULAs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EulaAcceptance {
    /// Not answered (onboarding refuses when the package has a EULA).
    #[default]
    NotGiven,
    /// `accept_eula: false`.
    Declined,
    /// `accept_eula: true`: every EULA of the package.
    All,
    /// `accept_eula: [digest, …]`: exactly these EULA texts (SHA-256 of the text).
    Digests(Vec<String>),
}

impl EulaAcceptance {
    /// Whether this answer accepts the licence whose text has this SHA-256 digest (digests
    /// compare without regard to case): what both faces decide a licence by.
    pub fn accepts(&self, digest: &str) -> bool {
        match self {
            EulaAcceptance::All => true,
            EulaAcceptance::Digests(list) => list.iter().any(|d| d.eq_ignore_ascii_case(digest)),
            EulaAcceptance::NotGiven | EulaAcceptance::Declined => false,
        }
    }
}

/// Every decision the operator can make, keyed as in DESIGN.md's answers file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answers {
    /// `accept_eula`.
    pub accept_eula: EulaAcceptance,
    /// `deployment_option`: an `ovf:id` of the DeploymentOptionSection.
    pub deployment_option: Option<String>,
    /// `properties`: OVF ProductSection values by key, as written (typed later by `ovf:type`).
    pub properties: BTreeMap<String, Node>,
    /// `parameters`: HOT parameter values of the final template (or of nested ones); a key
    /// `name@module.yaml` sets a value for one module apart ([`parameter_key`]).
    pub parameters: BTreeMap<String, Node>,
    /// `capabilities`: resource type → chosen implementation.
    pub capabilities: BTreeMap<String, String>,
    /// `requires`: capability filters.
    pub requires: BTreeMap<String, String>,
    /// `package`.
    pub package: Option<PackageFormat>,
    /// `registry`: how chosen implementations are written (inline when not given).
    pub registry: Option<RegistryOutput>,
    /// `ovf_env_transport`: how the OVF environment reaches the guests.
    pub ovf_env_transport: Option<EnvTransport>,
    /// `descriptor_id`: the VNFD's id, recorded on the first package so every later version
    /// of the product keeps it.
    pub descriptor_id: Option<String>,
    /// `package_date`: the packages' timestamp (RFC 3339), when `SOURCE_DATE_EPOCH` does not
    /// set it.
    pub package_date: Option<String>,
    /// `etsi_types`: a folder holding ETSI's SOL001 type files, stored in the CSAR so it
    /// imports nothing from the web (a relative path in an answers file is relative to
    /// that file's folder).
    pub etsi_types: Option<PathBuf>,
    /// `fixes`: the fixes applied, in order.
    pub fixes: Vec<FixRecord>,
    /// `require_all_values`: a property without a value is a problem rather than left for
    /// instantiation.
    pub require_all_values: bool,
    /// `waivers`: findings of the output set accepted with a reason, so a replay accepts
    /// them again (globs relative to the set).
    pub waivers: Vec<Waiver>,
    /// `profile`: the rule profile the output is checked with, over the project config's
    /// (the command line's `--profile` and `--rules` win over it).
    pub profile: Option<String>,
}

/// A parameter answer's key split into the parameter's name and the module it is set apart
/// for: `key_name` answers every module declaring the parameter, `key_name@dnsscaling.yaml`
/// that module alone (and wins there). HOT parameter names that ONAP accepts hold only
/// letters, digits and `_` (R-25877), so `@` cannot be part of one.
pub fn parameter_key(key: &str) -> (&str, Option<&str>) {
    match key.rsplit_once('@') {
        Some((name, module)) if !name.is_empty() && !module.is_empty() => (name, Some(module)),
        _ => (key, None),
    }
}

/// The answer key that sets parameter `name` apart for `module` (a template path).
pub fn apart_key(name: &str, module: &str) -> String {
    format!("{name}@{module}")
}

/// A problem in an answers file, with its place.
#[derive(Debug, thiserror::Error)]
pub enum AnswersError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The answers file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid YAML.
    #[error("{file}:{}:{}: {source}", source.span().line, source.span().column)]
    Yaml {
        /// The answers file.
        file: String,
        /// The loader's error.
        source: crate::input::yaml::LoadError,
    },
    /// A key or value that does not fit the answers format.
    #[error("{file}:{line}:{column}: {message}")]
    Invalid {
        /// The answers file.
        file: String,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
        /// What is wrong and what is expected.
        message: String,
    },
}

impl Answers {
    /// Reads an answers file (a small YAML document) of at most `limits.max_file_bytes`,
    /// under the YAML limits.
    pub fn load(path: &Path, limits: &Limits) -> Result<Answers, AnswersError> {
        let file = path.display().to_string();
        let bytes = limits.read_file(path).map_err(|source| AnswersError::Io {
            file: file.clone(),
            source,
        })?;
        let mut answers = Answers::parse_with(&bytes, &file, &limits.yaml)?;
        if let Some(folder) = &mut answers.etsi_types
            && folder.is_relative()
        {
            *folder = path.parent().unwrap_or(Path::new("")).join(&*folder);
        }
        Ok(answers)
    }

    /// Parses answers from YAML text; `file` names it in errors.
    pub fn parse(bytes: &[u8], file: &str) -> Result<Answers, AnswersError> {
        Answers::parse_with(bytes, file, &YamlLimits::default())
    }

    /// Parses answers under the given YAML limits.
    fn parse_with(bytes: &[u8], file: &str, limits: &YamlLimits) -> Result<Answers, AnswersError> {
        let document =
            crate::input::yaml::parse(bytes, limits).map_err(|source| AnswersError::Yaml {
                file: file.to_owned(),
                source,
            })?;
        let invalid = |span: Span, message: String| AnswersError::Invalid {
            file: file.to_owned(),
            line: span.line,
            column: span.column,
            message,
        };
        let mut answers = Answers::default();
        let root = match &document.root.value {
            Value::Null => return Ok(answers),
            Value::Map(m) => m,
            _ => {
                return Err(invalid(
                    document.root.span,
                    format!(
                        "an answers file is a mapping of {}",
                        ANSWERS_KEYS.join(", ")
                    ),
                ));
            }
        };
        for (key, value) in root.iter() {
            match key.text.as_str() {
                "accept_eula" => {
                    answers.accept_eula = match &value.value {
                        Value::Bool(true) => EulaAcceptance::All,
                        Value::Bool(false) => EulaAcceptance::Declined,
                        Value::Seq(items) => EulaAcceptance::Digests(
                            items
                                .iter()
                                .map(|i| {
                                    i.as_str().map(str::to_owned).ok_or_else(|| {
                                        invalid(i.span, "a EULA digest is a hex string".to_owned())
                                    })
                                })
                                .collect::<Result<_, _>>()?,
                        ),
                        _ => {
                            return Err(invalid(
                                value.span,
                                "accept_eula is true, false or a list of EULA digests".to_owned(),
                            ));
                        }
                    }
                }
                "deployment_option" => {
                    answers.deployment_option = Some(scalar_text(value).ok_or_else(|| {
                        invalid(value.span, "deployment_option is an option id".to_owned())
                    })?)
                }
                "properties" => answers.properties = entries(value, &invalid, true)?,
                "parameters" => answers.parameters = entries(value, &invalid, false)?,
                "capabilities" | "requires" => {
                    let texts = entries(value, &invalid, true)?
                        .into_iter()
                        .map(|(k, v)| (k, scalar_text(&v).unwrap_or_default()))
                        .collect();
                    if key.text == "capabilities" {
                        answers.capabilities = texts;
                    } else {
                        answers.requires = texts;
                    }
                }
                "package" => {
                    answers.package = Some(
                        value
                            .as_str()
                            .and_then(PackageFormat::parse)
                            .ok_or_else(|| {
                                invalid(
                                    value.span,
                                    "package is csar, heat-zip, both or none".to_owned(),
                                )
                            })?,
                    )
                }
                "registry" => {
                    answers.registry = Some(
                        value
                            .as_str()
                            .and_then(RegistryOutput::parse)
                            .ok_or_else(|| {
                                invalid(
                                    value.span,
                                    "registry is inline (chosen templates named in each type:, \
                                     as ONAP needs) or env (a resource_registry, for plain Heat)"
                                        .to_owned(),
                                )
                            })?,
                    )
                }
                "ovf_env_transport" => {
                    answers.ovf_env_transport = Some(
                        value
                            .as_str()
                            .and_then(EnvTransport::parse)
                            .ok_or_else(|| {
                                invalid(
                                    value.span,
                                    "ovf_env_transport is personality, user_data or none"
                                        .to_owned(),
                                )
                            })?,
                    )
                }
                "descriptor_id" => {
                    answers.descriptor_id = Some(non_empty(
                        value,
                        "descriptor_id is the VNFD's id, a UUID written as text",
                        &invalid,
                    )?)
                }
                "package_date" => {
                    answers.package_date = Some(
                        value
                            .as_str()
                            .filter(|d| {
                                crate::transform::package::PackageTime::parse_rfc3339(d).is_some()
                            })
                            .ok_or_else(|| {
                                invalid(
                                    value.span,
                                    "package_date is an RFC 3339 date-time such as \
                                     2024-05-01T10:00:00Z"
                                        .to_owned(),
                                )
                            })?
                            .to_owned(),
                    )
                }
                "etsi_types" => {
                    answers.etsi_types = Some(PathBuf::from(non_empty(
                        value,
                        "etsi_types is the folder holding ETSI's SOL001 type files",
                        &invalid,
                    )?))
                }
                "profile" => {
                    let name = non_empty(
                        value,
                        "profile is the name of a rule profile (onap, heat, seed or one of \
                         the profile file)",
                        &invalid,
                    )?;
                    answers.profile = Some(name.trim().to_owned());
                }
                "fixes" => answers.fixes = fix_records(value, &invalid)?,
                "waivers" => answers.waivers = waivers(value, file, &invalid)?,
                "require_all_values" => {
                    answers.require_all_values = match value.value {
                        Value::Bool(b) => b,
                        _ => {
                            return Err(invalid(
                                value.span,
                                "require_all_values is true or false".to_owned(),
                            ));
                        }
                    }
                }
                other => {
                    return Err(invalid(
                        key.span,
                        format!(
                            "unknown key `{other}`; an answers file has {}",
                            ANSWERS_KEYS.join(", ")
                        ),
                    ));
                }
            }
        }
        Ok(answers)
    }

    /// Writes the answers as YAML; values of keys for which `is_secret` holds are left out.
    pub fn to_yaml(&self, is_secret: impl Fn(&str) -> bool) -> String {
        let mut entries: Vec<(&str, Node)> = Vec::new();
        match &self.accept_eula {
            EulaAcceptance::NotGiven => {}
            EulaAcceptance::Declined => entries.push(("accept_eula", node(Value::Bool(false)))),
            EulaAcceptance::All => entries.push(("accept_eula", node(Value::Bool(true)))),
            EulaAcceptance::Digests(d) => {
                entries.push(("accept_eula", seq(d.iter().map(|x| string(x.clone())))))
            }
        }
        if let Some(option) = &self.deployment_option {
            entries.push(("deployment_option", string(option.clone())));
        }
        let public = |values: &BTreeMap<String, Node>| {
            map(values
                .iter()
                .filter(|(k, _)| !is_secret(k))
                .map(|(k, v)| (k.clone(), v.clone())))
        };
        let texts = |values: &BTreeMap<String, String>| {
            map(values.iter().map(|(k, v)| (k.clone(), string(v.clone()))))
        };
        for (key, value, empty) in [
            (
                "properties",
                public(&self.properties),
                self.properties.is_empty(),
            ),
            (
                "parameters",
                public(&self.parameters),
                self.parameters.is_empty(),
            ),
            (
                "capabilities",
                texts(&self.capabilities),
                self.capabilities.is_empty(),
            ),
            ("requires", texts(&self.requires), self.requires.is_empty()),
        ] {
            if !empty {
                entries.push((key, value));
            }
        }
        if let Some(package) = self.package {
            entries.push(("package", string(package.as_str())));
        }
        if let Some(registry) = self.registry {
            entries.push(("registry", string(registry.as_str())));
        }
        if let Some(transport) = self.ovf_env_transport {
            entries.push(("ovf_env_transport", string(transport.as_str())));
        }
        if let Some(id) = &self.descriptor_id {
            entries.push(("descriptor_id", string(id.clone())));
        }
        if let Some(date) = &self.package_date {
            entries.push(("package_date", string(date.clone())));
        }
        if let Some(folder) = &self.etsi_types {
            entries.push(("etsi_types", string(folder.display().to_string())));
        }
        if self.require_all_values {
            entries.push(("require_all_values", node(Value::Bool(true))));
        }
        if let Some(profile) = &self.profile {
            entries.push(("profile", string(profile.clone())));
        }
        if !self.fixes.is_empty() {
            entries.push(("fixes", seq(self.fixes.iter().map(fix_node))));
        }
        if !self.waivers.is_empty() {
            entries.push((
                "waivers",
                seq(self.waivers.iter().map(|w| waiver_node(&w.spec))),
            ));
        }
        if entries.is_empty() {
            return "{}\n".to_owned();
        }
        crate::input::yaml::write::to_string(
            &map(entries),
            crate::model::hot::version::is_function_name,
        )
    }
}

/// A text value that is not blank, as written; else `expected` at its place.
fn non_empty(
    value: &Node,
    expected: &str,
    invalid: &impl Fn(Span, String) -> AnswersError,
) -> Result<String, AnswersError> {
    value
        .as_str()
        .filter(|text| !text.trim().is_empty())
        .map(str::to_owned)
        .ok_or_else(|| invalid(value.span, expected.to_owned()))
}

/// A fix record as written in the answers file.
fn fix_node(record: &FixRecord) -> Node {
    let mut entries = vec![
        ("rule", string(record.rule.clone())),
        ("file", string(record.file.clone())),
        ("path", string(record.path.clone())),
        ("line", node(Value::Int(i64::from(record.line)))),
        ("column", node(Value::Int(i64::from(record.column)))),
    ];
    if let Some(text) = &record.text {
        entries.push(("text", string(text.clone())));
    }
    map(entries)
}

/// The items of a list of maps (`fixes:`, `waivers:`), each with its map; `shape` says what
/// an item holds.
fn maps<'n>(
    value: &'n Node,
    key: &str,
    shape: &str,
    invalid: &impl Fn(Span, String) -> AnswersError,
) -> Result<Vec<(&'n Node, &'n crate::input::yaml::Mapping)>, AnswersError> {
    let items = match &value.value {
        Value::Null => return Ok(Vec::new()),
        Value::Seq(items) => items,
        _ => return Err(invalid(value.span, format!("{key} is a list; {shape}"))),
    };
    items
        .iter()
        .map(|item| match item.as_map() {
            Some(fields) => Ok((item, fields)),
            None => Err(invalid(item.span, shape.to_owned())),
        })
        .collect()
}

/// A waiver as written in the answers file.
fn waiver_node(spec: &WaiverSpec) -> Node {
    let mut entries = vec![("rule", string(spec.rule.clone()))];
    if !spec.files.is_empty() {
        entries.push(("files", seq(spec.files.iter().map(|f| string(f.clone())))));
    }
    if let Some(path) = &spec.path {
        entries.push(("path", string(path.clone())));
    }
    entries.push(("reason", string(spec.reason.clone())));
    if let Some(until) = &spec.until {
        entries.push(("until", string(until.clone())));
    }
    map(entries)
}

/// The `waivers:` list: each item a map of rule, files, path, reason and until, as the
/// project config's `[[waive]]` (globs relative to the output set).
fn waivers(
    value: &Node,
    file: &str,
    invalid: &impl Fn(Span, String) -> AnswersError,
) -> Result<Vec<Waiver>, AnswersError> {
    let shape = "each waiver is a map of rule, reason and optionally files (globs), path and until (YYYY-MM-DD)";
    let items = maps(value, "waivers", shape, invalid)?;
    let mut out = Vec::with_capacity(items.len());
    for (item, fields) in items {
        let mut spec = WaiverSpec::default();
        for (key, field) in fields.iter() {
            let text = || {
                scalar_text(field).ok_or_else(|| {
                    invalid(field.span, format!("`{}` needs a single value", key.text))
                })
            };
            match key.text.as_str() {
                "rule" => spec.rule = text()?,
                "path" => spec.path = Some(text()?),
                "reason" => spec.reason = text()?,
                "until" => spec.until = Some(text()?),
                "files" => {
                    spec.files = match &field.value {
                        Value::Seq(globs) => globs
                            .iter()
                            .map(|g| {
                                scalar_text(g).ok_or_else(|| {
                                    invalid(g.span, "`files` is a list of globs".to_owned())
                                })
                            })
                            .collect::<Result<_, _>>()?,
                        _ => vec![text()?],
                    }
                }
                other => {
                    return Err(invalid(
                        key.span,
                        format!("unknown key `{other}` in a waiver; {shape}"),
                    ));
                }
            }
        }
        let place = Place {
            file: PathBuf::from(file),
            line: item.span.line,
        };
        let waiver = Waiver::new(spec, WaivedBy::Answers, place, None)
            .map_err(|e| invalid(item.span, e.to_string()))?;
        out.push(waiver);
    }
    Ok(out)
}

/// The `fixes:` list: each item a map of rule, file, path, line, column and optional text.
fn fix_records(
    value: &Node,
    invalid: &impl Fn(Span, String) -> AnswersError,
) -> Result<Vec<FixRecord>, AnswersError> {
    let shape = "each fix is a map of rule, file, path, line, column and, for descriptions, text";
    let items = maps(value, "fixes", shape, invalid)?;
    let mut records = Vec::with_capacity(items.len());
    for (item, fields) in items {
        let mut record = FixRecord::default();
        for (key, field) in fields.iter() {
            let text = || {
                scalar_text(field).ok_or_else(|| {
                    invalid(field.span, format!("`{}` needs a single value", key.text))
                })
            };
            let place = |name: &str| match field.value {
                Value::Int(n) if n >= 1 && n <= i64::from(u32::MAX) => Ok(n as u32),
                _ => Err(invalid(field.span, format!("`{name}` is a number from 1"))),
            };
            match key.text.as_str() {
                "rule" => record.rule = text()?,
                "file" => record.file = text()?,
                "path" => record.path = text()?,
                "line" => record.line = place("line")?,
                "column" => record.column = place("column")?,
                "text" => record.text = Some(text()?),
                other => {
                    return Err(invalid(
                        key.span,
                        format!("unknown key `{other}` in a fix; {shape}"),
                    ));
                }
            }
        }
        if record.rule.is_empty()
            || record.file.is_empty()
            || record.line == 0
            || record.column == 0
        {
            return Err(invalid(
                item.span,
                format!("a fix needs rule, file, line and column; {shape}"),
            ));
        }
        records.push(record);
    }
    Ok(records)
}

/// The entries of a `key: value` section; `scalars_only` refuses lists and maps as values.
fn entries(
    value: &Node,
    invalid: &impl Fn(Span, String) -> AnswersError,
    scalars_only: bool,
) -> Result<BTreeMap<String, Node>, AnswersError> {
    match &value.value {
        Value::Null => Ok(BTreeMap::new()),
        Value::Map(m) => m
            .iter()
            .map(|(k, v)| {
                if scalars_only && matches!(v.value, Value::Map(_) | Value::Seq(_) | Value::Null) {
                    Err(invalid(
                        v.span,
                        format!("`{}` needs a single value", k.text),
                    ))
                } else {
                    Ok((k.text.clone(), v.clone()))
                }
            })
            .collect(),
        _ => Err(invalid(
            value.span,
            "expected a mapping of names to values".to_owned(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "accept_eula: true
deployment_option: large
properties:
  site.name: berlin-07
  admin.password: hunter2
parameters:
  image_name: edge-7.2
  dns_servers: [10.0.0.2, 10.0.0.3]
capabilities:
  OS::Example::Controller: puppet/controller.yaml
requires:
  deployment: puppet
package: csar
registry: env
ovf_env_transport: user_data
descriptor_id: 4bae615d-dd55-55df-87bf-ab891588edea
package_date: 2024-05-01T10:00:00Z
etsi_types: /srv/etsi/SOL001
profile: heat
fixes:
  - rule: R-90526
    file: base_vfw.yaml
    path: parameters.vfw_image_name.default
    line: 14
    column: 5
  - rule: R-44001
    file: base_vfw.yaml
    path: parameters.oam_net_id
    line: 20
    column: 3
    text: 'Neutron network id of the OAM network: where operators log in'
";

    #[test]
    fn reads_every_key_of_the_design() {
        let a = Answers::parse(SAMPLE.as_bytes(), "a.yaml").unwrap();
        assert_eq!(a.accept_eula, EulaAcceptance::All);
        assert_eq!(a.deployment_option.as_deref(), Some("large"));
        assert_eq!(
            scalar_text(&a.properties["site.name"]).as_deref(),
            Some("berlin-07")
        );
        assert!(a.parameters["dns_servers"].as_seq().is_some());
        assert_eq!(
            a.capabilities["OS::Example::Controller"],
            "puppet/controller.yaml"
        );
        assert_eq!(a.requires["deployment"], "puppet");
        assert_eq!(a.package, Some(PackageFormat::Csar));
        assert_eq!(a.registry, Some(RegistryOutput::Env));
        assert_eq!(a.ovf_env_transport, Some(EnvTransport::UserData));
        assert_eq!(
            a.descriptor_id.as_deref(),
            Some("4bae615d-dd55-55df-87bf-ab891588edea")
        );
        assert_eq!(a.package_date.as_deref(), Some("2024-05-01T10:00:00Z"));
        assert_eq!(a.etsi_types, Some(PathBuf::from("/srv/etsi/SOL001")));
        assert_eq!(a.profile.as_deref(), Some("heat"));
        assert_eq!(a.fixes.len(), 2);
        assert_eq!(a.fixes[0].rule, "R-90526");
        assert_eq!((a.fixes[0].line, a.fixes[0].column), (14, 5));
        assert_eq!(
            a.fixes[1].text.as_deref(),
            Some("Neutron network id of the OAM network: where operators log in")
        );
        let error = Answers::parse(b"package_date: yesterday\n", "a.yaml").unwrap_err();
        assert!(error.to_string().contains("a.yaml:1:15"), "{error}");
    }

    #[test]
    fn writing_leaves_secrets_out_and_reads_back() {
        let a = Answers::parse(SAMPLE.as_bytes(), "a.yaml").unwrap();
        let text = a.to_yaml(|k| k == "admin.password");
        assert!(!text.contains("hunter2"), "{text}");
        let mut back = Answers::parse(text.as_bytes(), "b.yaml").unwrap();
        back.properties.insert(
            "admin.password".into(),
            a.properties["admin.password"].clone(),
        );
        assert_eq!(back.to_yaml(|_| false), a.to_yaml(|_| false));
    }

    #[test]
    fn unknown_keys_and_bad_values_name_their_place() {
        let error = Answers::parse(b"accept_eula: true\npakage: csar\n", "a.yaml").unwrap_err();
        assert_eq!(
            error.to_string().split(':').take(3).collect::<Vec<_>>(),
            ["a.yaml", "2", "1"]
        );
        let error = Answers::parse(b"registry: list\n", "a.yaml").unwrap_err();
        assert!(error.to_string().contains("inline"));
        let error = Answers::parse(b"package: tarball\n", "a.yaml").unwrap_err();
        assert!(error.to_string().contains("csar, heat-zip, both or none"));
        let error = Answers::parse(b"ovf_env_transport: iso\n", "a.yaml").unwrap_err();
        assert!(error.to_string().contains("personality, user_data or none"));
        let error = Answers::parse(b"accept_eula: maybe\n", "a.yaml").unwrap_err();
        assert!(error.to_string().contains("accept_eula"));
        let error = Answers::parse(
            b"fixes: [{rule: R-1, file: a.yaml, line: 0, column: 1}]\n",
            "a.yaml",
        )
        .unwrap_err();
        assert!(error.to_string().contains("a.yaml:1:"), "{error}");
        let error =
            Answers::parse(b"fixes:\n  - {rule: R-1, file: a.yaml}\n", "a.yaml").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("needs rule, file, line and column"),
            "{error}"
        );
        let error = Answers::parse(b"fixes: {rule: R-1}\n", "a.yaml").unwrap_err();
        assert!(error.to_string().contains("fixes is a list"), "{error}");
    }

    #[test]
    fn loading_obeys_the_file_limit() {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), SAMPLE).unwrap();
        let limits = Limits {
            max_file_bytes: 16,
            ..Limits::default()
        };
        let error = Answers::load(file.path(), &limits).unwrap_err();
        assert!(error.to_string().contains("16-byte limit"), "{error}");
        assert!(Answers::load(file.path(), &Limits::default()).is_ok());
    }

    #[test]
    fn a_relative_etsi_types_folder_is_relative_to_the_answers_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("answers.yaml");
        std::fs::write(&file, "etsi_types: sol001\n").unwrap();
        let answers = Answers::load(&file, &Limits::default()).unwrap();
        assert_eq!(answers.etsi_types, Some(dir.path().join("sol001")));
        let error = Answers::parse(b"etsi_types: ''\n", "a.yaml").unwrap_err();
        assert!(error.to_string().contains("a.yaml:1:13"), "{error}");
    }

    #[test]
    fn waivers_read_with_their_place_and_write_back() {
        let text = "waivers:\n  - rule: R-25720\n    files: [base_vlb.yaml]\n    path: resources.net\n    reason: named by SO; ticket 42\n    until: 2027-06-30\n  - rule: R-92635\n    files: 'nested/*.yaml'\n    reason: the vendor's generator\n";
        let a = Answers::parse(text.as_bytes(), "a.yaml").unwrap();
        assert_eq!(a.waivers.len(), 2);
        let first = &a.waivers[0];
        assert_eq!(
            (first.at.label(), first.by),
            ("a.yaml:2".to_owned(), WaivedBy::Answers)
        );
        assert_eq!(first.spec.path.as_deref(), Some("resources.net"));
        assert!(a.waivers[1].covers_file("nested/x.yaml"));
        let written = a.to_yaml(|_| false);
        let back = Answers::parse(written.as_bytes(), "a.yaml").unwrap();
        assert_eq!(
            back.waivers.iter().map(|w| &w.spec).collect::<Vec<_>>(),
            a.waivers.iter().map(|w| &w.spec).collect::<Vec<_>>()
        );
        for (bad, said) in [
            (
                "waivers: [{rule: R-25720}]\n",
                "a.yaml:1:11: a waiver needs a reason",
            ),
            (
                "waivers: [{rule: R-0, reason: x}]\n",
                "unknown rule or section `R-0`",
            ),
            (
                "waivers: [{rule: R-25720, reason: x, until: soon}]\n",
                "until `soon`",
            ),
            (
                "waivers: [{rule: R-25720, reason: x, line: 3}]\n",
                "unknown key `line` in a waiver",
            ),
            ("waivers: {rule: R-25720}\n", "waivers is a list"),
        ] {
            let error = Answers::parse(bad.as_bytes(), "a.yaml")
                .unwrap_err()
                .to_string();
            assert!(error.contains(said), "{bad}: {error}");
        }
    }

    #[test]
    fn eula_digests_are_kept() {
        let a = Answers::parse(b"accept_eula: [ab12, cd34]\n", "a.yaml").unwrap();
        assert_eq!(
            a.accept_eula,
            EulaAcceptance::Digests(vec!["ab12".into(), "cd34".into()])
        );
    }
}
