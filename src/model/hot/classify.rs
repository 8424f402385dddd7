//! What a YAML file of a package is, read from its name, its place and its content: a HOT
//! template, an environment file, or something else (a Kubernetes manifest, a Helm chart's
//! file, a TOSCA template, cloud-init user data, an answers file…) that is not read as Heat
//! and is reported as not checked, with the reason.

use foldhash::HashSet;
use std::fmt;

use crate::input::yaml::{Document, Mapping, Node, Value};

use super::load::ENV_SECTIONS;
use super::stage::COMPOSITION_ENV_SECTIONS;

/// Keys that make a document a template (HOT, or the CFN formats Heat also reads).
pub const VERSION_KEYS: [&str; 3] = [
    "heat_template_version",
    "HeatTemplateFormatVersion",
    "AWSTemplateFormatVersion",
];

/// Top-level keys only a template has (an environment file has none of them).
const TEMPLATE_ONLY_SECTIONS: [&str; 3] = ["outputs", "parameter_groups", "conditions"];

/// Answers keys a template or an environment file has too.
const SHARED_WITH_HEAT: [&str; 4] = ["properties", "parameters", "capabilities", "requires"];

/// Why a file of the package was not read as Heat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotHeat {
    /// `MANIFEST.json` lists it with a type that is not a Heat one (`OTHER`, `HELM`, …).
    Listed(String),
    /// A file of the Helm chart in this folder (`Chart.yaml`, `values.yaml`, `templates/…`).
    HelmChart(String),
    /// A Kubernetes manifest: top-level `apiVersion` and `kind`.
    Kubernetes,
    /// A TOSCA service template: `tosca_definitions_version`.
    Tosca,
    /// cloud-init user data: its first line is `#cloud-config`.
    CloudInit,
    /// A vnfwiz answers file.
    Answers,
    /// A map with none of the sections of a template or an environment file.
    NoSection,
    /// Nothing but blank lines and comments.
    Empty,
    /// A YAML value that is not a map (a list, a string…).
    NotMap(&'static str),
    /// A `.json` file that does not parse.
    Unparsable,
    /// SDC's `MANIFEST.json` below the package root (only the root one describes it).
    InnerManifest,
}

impl fmt::Display for NotHeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotHeat::Listed(kind) => write!(f, "MANIFEST.json lists it as {kind}, not as Heat"),
            NotHeat::HelmChart(chart) if chart.is_empty() => {
                f.write_str("a file of the Helm chart at the package root")
            }
            NotHeat::HelmChart(chart) => write!(f, "a file of the Helm chart `{chart}/`"),
            NotHeat::Kubernetes => {
                f.write_str("a Kubernetes manifest (top-level `apiVersion` and `kind`)")
            }
            NotHeat::Tosca => {
                f.write_str("a TOSCA template (`tosca_definitions_version`), not HOT")
            }
            NotHeat::CloudInit => f.write_str("cloud-init user data (`#cloud-config`)"),
            NotHeat::Answers => f.write_str("a vnfwiz answers file"),
            NotHeat::NoSection => f.write_str(
                "YAML without any section of a template (heat_template_version, parameters or \
                 resources of maps with `type:`, outputs…) or of an environment file",
            ),
            NotHeat::Empty => f.write_str("empty (blank lines and comments only)"),
            NotHeat::NotMap(kind) => write!(f, "{kind}, not a map of HOT sections"),
            NotHeat::Unparsable => f.write_str("JSON that does not parse"),
            NotHeat::InnerManifest => f.write_str(
                "SDC's MANIFEST.json of a package in a subfolder (only the root one is read)",
            ),
        }
    }
}

/// A file of the package that was not read as Heat, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotChecked {
    /// Package-relative path.
    pub path: String,
    /// Why it was not read as Heat.
    pub reason: NotHeat,
}

/// What a file is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A HOT (or CFN) template.
    Template,
    /// An environment file.
    Environment,
    /// Something else.
    NotHeat(NotHeat),
}

/// How a package's YAML files are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// SDC's reading of an ONAP heat package (one with `MANIFEST.json`, or a zip): every
    /// `.yaml`/`.yml` file that is not clearly something else is a template, so an empty,
    /// non-map or unknown one is an error at its place instead of a skipped file.
    pub sdc: bool,
    /// The file was named on the command line (`heat stack-create -f t.yaml`): a broken
    /// file is a template, reported.
    pub given: bool,
}

/// The folders of a package's listing that hold a Helm chart (a `Chart.yaml`); `""` is the
/// package root. Found once per package, so classifying a file costs a few lookups.
pub fn chart_folders(names: &[String]) -> HashSet<String> {
    names
        .iter()
        .filter_map(|n| match n.rsplit_once('/') {
            Some((folder, "Chart.yaml")) => Some(folder.to_owned()),
            None if n == "Chart.yaml" => Some(String::new()),
            _ => None,
        })
        .collect()
}

/// The Helm chart a file belongs to (`charts`: [`chart_folders`]): a chart folder's
/// `Chart.yaml`, its `values*.yaml` and `requirements.yaml`, and everything under its
/// `templates/`, `charts/` and `crds/`. A `Chart.yaml` or `values.yaml` anywhere is Helm's
/// too.
pub fn helm_chart(path: &str, charts: &HashSet<String>) -> Option<String> {
    let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
    if name == "Chart.yaml" || name == "values.yaml" {
        return Some(folder.to_owned());
    }
    let is_values = name.starts_with("values") || name == "requirements.yaml";
    if is_values && charts.contains(folder) {
        return Some(folder.to_owned());
    }
    // Any ancestor `templates/`, `charts/` or `crds/` folder of a chart.
    let steps: Vec<&str> = folder.split('/').filter(|s| !s.is_empty()).collect();
    for (i, step) in steps.iter().enumerate() {
        if matches!(*step, "templates" | "charts" | "crds") {
            let chart = steps[..i].join("/");
            if charts.contains(&chart) {
                return Some(chart);
            }
        }
    }
    None
}

/// Signs in the raw text of a file that is not Heat, read without parsing (a Kubernetes
/// file often holds several documents, which Heat's YAML reading refuses).
fn by_text(bytes: &[u8]) -> Option<NotHeat> {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(64 << 10)]);
    let first = text
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim_end())
        .find(|l| !l.is_empty());
    if first.is_some_and(|l| l.starts_with("#cloud-config")) {
        return Some(NotHeat::CloudInit);
    }
    let top = |key: &str| text.lines().any(|l| l.starts_with(key));
    if top("tosca_definitions_version:") {
        return Some(NotHeat::Tosca);
    }
    if top("apiVersion:") && top("kind:") {
        return Some(NotHeat::Kubernetes);
    }
    None
}

/// True when a section is a non-empty map whose every entry is a map with `type:` (how
/// a template's `parameters` and `resources` are written, and an environment's are not).
fn typed_entries(map: &Mapping, section: &str) -> bool {
    map.get(section)
        .and_then(Node::as_map)
        .is_some_and(|entries| {
            !entries.is_empty()
                && entries
                    .iter()
                    .all(|(_, entry)| entry.as_map().is_some_and(|e| e.get("type").is_some()))
        })
}

/// True when a map has the sections of a template, with or without a version key.
pub fn has_template_sections(map: &Mapping) -> bool {
    VERSION_KEYS.iter().any(|k| map.key(k).is_some())
        || TEMPLATE_ONLY_SECTIONS.iter().any(|k| map.key(k).is_some())
        || typed_entries(map, "resources")
        || typed_entries(map, "parameters")
}

/// True when every key of a non-empty map is an environment section.
fn is_environment(map: &Mapping) -> bool {
    !map.is_empty()
        && map.iter().all(|(k, _)| {
            ENV_SECTIONS.contains(&k.text.as_str())
                || COMPOSITION_ENV_SECTIONS.contains(&k.text.as_str())
        })
}

/// The top-level keys of a vnfwiz answers file, which the loader tells from templates (the
/// answers file reads them from here).
pub const ANSWERS_KEYS: [&str; 16] = [
    "accept_eula",
    "deployment_option",
    "properties",
    "parameters",
    "capabilities",
    "requires",
    "package",
    "registry",
    "ovf_env_transport",
    "descriptor_id",
    "package_date",
    "etsi_types",
    "fixes",
    "require_all_values",
    "waivers",
    "profile",
];

/// True for a vnfwiz answers file: only answers keys, at least one that nothing else has.
fn is_answers(map: &Mapping) -> bool {
    map.iter()
        .all(|(k, _)| ANSWERS_KEYS.contains(&k.text.as_str()))
        && map
            .iter()
            .any(|(k, _)| !SHARED_WITH_HEAT.contains(&k.text.as_str()))
}

/// True for the extensions SDC reads as Heat (`.yaml`, `.yml`, in any letter case).
fn sdc_yaml(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".yaml") || lower.ends_with(".yml")
}

/// What a file that `MANIFEST.json` does not describe is, from its path (`charts`: the
/// package's chart folders), its bytes and how it parsed. `paired`: an `.env` of the same stem
/// sits beside it, so SDC takes it for a module whatever it holds.
pub fn classify(
    path: &str,
    charts: &HashSet<String>,
    bytes: &[u8],
    document: Option<&Document>,
    reading: Reading,
    paired: bool,
) -> Kind {
    if path.rsplit('/').next() == Some("MANIFEST.json") {
        return Kind::NotHeat(NotHeat::InnerManifest);
    }
    let root = document.map(|d| &d.root);
    if let Some(map) = root.and_then(Node::as_map)
        && VERSION_KEYS.iter().any(|k| map.key(k).is_some())
    {
        return Kind::Template;
    }
    if let Some(chart) = helm_chart(path, charts)
        && !root
            .and_then(Node::as_map)
            .is_some_and(has_template_sections)
    {
        return Kind::NotHeat(NotHeat::HelmChart(chart));
    }
    if let Some(other) = by_text(bytes) {
        return Kind::NotHeat(other);
    }
    // SDC takes every `.yaml`/`.yml` of its package, and a file beside its `.env`, for a
    // template; so does Heat a file named on its command line.
    let taken = (reading.sdc && sdc_yaml(path)) || paired || reading.given;
    let Some(root) = root else {
        // A broken file is reported as a template, so its error is not lost.
        return if path.to_ascii_lowercase().ends_with(".json") && !taken {
            Kind::NotHeat(NotHeat::Unparsable)
        } else {
            Kind::Template
        };
    };
    let other = match &root.value {
        Value::Map(map) if has_template_sections(map) => return Kind::Template,
        Value::Map(map) if is_environment(map) => return Kind::Environment,
        Value::Map(map) if is_answers(map) => return Kind::NotHeat(NotHeat::Answers),
        Value::Map(_) => NotHeat::NoSection,
        Value::Null => NotHeat::Empty,
        other => NotHeat::NotMap(other.kind()),
    };
    // A file named on the command line is taken as Heat only when it has some structure:
    // an empty or plain-text file is not a template anyone meant.
    let given_only = reading.given && !paired && !(reading.sdc && sdc_yaml(path));
    if taken && !(given_only && matches!(other, NotHeat::Empty | NotHeat::NotMap("a string"))) {
        Kind::Template
    } else {
        Kind::NotHeat(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;

    fn kind_in(path: &str, names: &[&str], text: &str, reading: Reading, paired: bool) -> Kind {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let parsed = parse(text.as_bytes(), &YamlLimits::default());
        let charts = chart_folders(&names);
        classify(
            path,
            &charts,
            text.as_bytes(),
            parsed.as_ref().ok(),
            reading,
            paired,
        )
    }

    fn kind(path: &str, text: &str) -> Kind {
        kind_in(path, &[path], text, Reading::default(), false)
    }

    #[test]
    fn templates_are_known_by_their_sections_without_a_version() {
        let resources = "resources:\n  server:\n    type: OS::Nova::Server\n";
        assert_eq!(kind("base.yaml", resources), Kind::Template);
        let parameters = "parameters:\n  image:\n    type: string\n";
        assert_eq!(kind("stuff.yaml", parameters), Kind::Template);
        assert_eq!(kind("o.yaml", "outputs: {}\n"), Kind::Template);
        assert_eq!(
            kind("v.yaml", "heat_template_version: 2016-10-14\n"),
            Kind::Template
        );
        // Values, not definitions: an environment file.
        assert_eq!(
            kind("e.yaml", "parameters:\n  image: ubuntu\n"),
            Kind::Environment
        );
    }

    #[test]
    fn other_yaml_is_named_with_its_reason() {
        let k8s = "apiVersion: v1\nkind: ConfigMap\n---\napiVersion: v1\nkind: Service\n";
        assert_eq!(kind("cm.yaml", k8s), Kind::NotHeat(NotHeat::Kubernetes));
        assert_eq!(
            kind(
                "vnfd.yaml",
                "tosca_definitions_version: tosca_simple_yaml_1_2\n"
            ),
            Kind::NotHeat(NotHeat::Tosca)
        );
        assert_eq!(
            kind("user_data.yaml", "#cloud-config\npackages: [nginx]\n"),
            Kind::NotHeat(NotHeat::CloudInit)
        );
        assert_eq!(
            kind("answers.yaml", "package: none\nparameters:\n  a: 1\n"),
            Kind::NotHeat(NotHeat::Answers)
        );
        assert_eq!(
            kind("roles.yaml", "name: x\nvalue: 3\n"),
            Kind::NotHeat(NotHeat::NoSection)
        );
        assert_eq!(kind("e.yaml", "# nothing\n"), Kind::NotHeat(NotHeat::Empty));
        assert_eq!(
            kind("l.yaml", "- a\n"),
            Kind::NotHeat(NotHeat::NotMap("a list"))
        );
        assert_eq!(
            kind("x.json", "{not json"),
            Kind::NotHeat(NotHeat::Unparsable)
        );
        assert_eq!(kind("x.yaml", "a: [b"), Kind::Template);
        assert_eq!(
            kind("base/MANIFEST.json", "{\"data\": []}"),
            Kind::NotHeat(NotHeat::InnerManifest)
        );
    }

    #[test]
    fn helm_charts_are_found_by_their_chart_file() {
        let names: Vec<String> = [
            "helm/vfw/Chart.yaml",
            "helm/vfw/values.yaml",
            "helm/vfw/values-lab.yaml",
            "helm/vfw/templates/deployment.yaml",
            "helm/vfw/templates/tests/ping.yaml",
            "helm/vfw/charts/db/templates/x.yaml",
            "base_vfw.yaml",
            "templates/base.yaml",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let charts = chart_folders(&names);
        for path in &names[..6] {
            assert_eq!(
                helm_chart(path, &charts).as_deref(),
                Some("helm/vfw"),
                "{path}"
            );
        }
        assert_eq!(helm_chart("base_vfw.yaml", &charts), None);
        // A `templates/` folder without a chart above it is not Helm's.
        assert_eq!(helm_chart("templates/base.yaml", &charts), None);
        // A Helm template does not parse as YAML; it is still not Heat.
        let text =
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n";
        assert_eq!(
            kind_in(
                "helm/vfw/templates/deployment.yaml",
                &["helm/vfw/Chart.yaml"],
                text,
                Reading {
                    sdc: true,
                    given: false
                },
                false
            ),
            Kind::NotHeat(NotHeat::HelmChart("helm/vfw".into()))
        );
    }

    #[test]
    fn sdc_and_pairing_take_every_yaml_for_a_template() {
        let sdc = Reading {
            sdc: true,
            given: false,
        };
        assert_eq!(kind_in("b.yaml", &[], "", sdc, false), Kind::Template);
        assert_eq!(kind_in("b.yaml", &[], "- a\n", sdc, false), Kind::Template);
        assert_eq!(kind_in("b.yaml", &[], "a: 1\n", sdc, false), Kind::Template);
        // SDC reads only `.yaml`/`.yml` as Heat.
        assert_eq!(
            kind_in("b.json", &[], "[1]", sdc, false),
            Kind::NotHeat(NotHeat::NotMap("a list"))
        );
        // A file beside its `.env` is a module template.
        let plain = Reading::default();
        assert_eq!(kind_in("b.yaml", &[], "", plain, true), Kind::Template);
        // Something else stays something else.
        assert_eq!(
            kind_in("b.yaml", &[], "apiVersion: v1\nkind: Pod\n", sdc, true),
            Kind::NotHeat(NotHeat::Kubernetes)
        );
    }

    #[test]
    fn a_given_file_is_a_template_unless_it_is_empty_or_text() {
        let given = Reading {
            sdc: false,
            given: true,
        };
        assert_eq!(
            kind_in("t.yaml", &[], "a: 1\n", given, false),
            Kind::Template
        );
        assert_eq!(
            kind_in("t.yaml", &[], "- a\n", given, false),
            Kind::Template
        );
        assert_eq!(
            kind_in("notes.txt", &[], "hello\n", given, false),
            Kind::NotHeat(NotHeat::NotMap("a string"))
        );
        assert_eq!(
            kind_in("t.yaml", &[], "", given, false),
            Kind::NotHeat(NotHeat::Empty)
        );
    }
}
