//! HOT template versions and what each one allows (sections, keys, functions, policies).
//!
//! The tables follow Heat's template classes: every version lists the functions it
//! accepts; CFN functions dropped after 2013-05-23 (and `Fn::Select` after 2015-04-30)
//! stay known so a template using them gets "removed in this version", not "unknown".

use std::fmt;

/// A `heat_template_version` Heat understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Version {
    /// 2013-05-23 (Icehouse).
    V2013_05_23,
    /// 2014-10-16 (Juno).
    V2014_10_16,
    /// 2015-04-30 (Kilo).
    V2015_04_30,
    /// 2015-10-15 (Liberty).
    V2015_10_15,
    /// 2016-04-08 (Mitaka).
    V2016_04_08,
    /// 2016-10-14, alias `newton`.
    V2016_10_14,
    /// 2017-02-24, alias `ocata`.
    V2017_02_24,
    /// 2017-09-01, alias `pike`.
    V2017_09_01,
    /// 2018-03-02, alias `queens`.
    V2018_03_02,
    /// 2018-08-31, alias `rocky`.
    V2018_08_31,
    /// 2021-04-16, alias `wallaby`.
    V2021_04_16,
}

use Version::*;

/// Every version with its date and release alias, oldest first.
pub const VERSIONS: [(Version, &str, Option<&str>); 11] = [
    (V2013_05_23, "2013-05-23", None),
    (V2014_10_16, "2014-10-16", None),
    (V2015_04_30, "2015-04-30", None),
    (V2015_10_15, "2015-10-15", None),
    (V2016_04_08, "2016-04-08", None),
    (V2016_10_14, "2016-10-14", Some("newton")),
    (V2017_02_24, "2017-02-24", Some("ocata")),
    (V2017_09_01, "2017-09-01", Some("pike")),
    (V2018_03_02, "2018-03-02", Some("queens")),
    (V2018_08_31, "2018-08-31", Some("rocky")),
    (V2021_04_16, "2021-04-16", Some("wallaby")),
];

/// How a function name stands in a given version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionStatus {
    /// Usable.
    Available,
    /// Known to Heat but removed in this version (CFN functions, `Fn::Select`).
    Removed,
    /// Not a function in this version.
    Unknown,
}

/// CFN-style functions of 2013-05-23 that later versions reject as removed.
const CFN_FUNCTIONS: [&str; 9] = [
    "Fn::GetAZs",
    "Fn::Join",
    "Fn::Split",
    "Fn::Replace",
    "Fn::Base64",
    "Fn::MemberListToMap",
    "Fn::ResourceFacade",
    "Ref",
    "Fn::Select",
];

/// Each HOT function with the first version that has it.
const HOT_FUNCTIONS: [(&str, Version); 25] = [
    ("get_attr", V2013_05_23),
    ("get_file", V2013_05_23),
    ("get_param", V2013_05_23),
    ("get_resource", V2013_05_23),
    ("list_join", V2013_05_23),
    ("resource_facade", V2013_05_23),
    ("str_replace", V2013_05_23),
    ("repeat", V2015_04_30),
    ("digest", V2015_04_30),
    ("str_split", V2015_10_15),
    ("map_merge", V2016_04_08),
    ("yaql", V2016_10_14),
    ("map_replace", V2016_10_14),
    ("if", V2016_10_14),
    ("filter", V2017_02_24),
    ("str_replace_strict", V2017_02_24),
    ("make_url", V2017_09_01),
    ("list_concat", V2017_09_01),
    ("str_replace_vstrict", V2017_09_01),
    ("list_concat_unique", V2017_09_01),
    ("contains", V2017_09_01),
    // Condition-only functions, accepted inside `conditions` (and `condition:` values).
    ("equals", V2016_10_14),
    ("not", V2016_10_14),
    ("and", V2016_10_14),
    ("or", V2016_10_14),
];

/// Functions that are only valid inside conditions.
const CONDITION_ONLY: [&str; 4] = ["equals", "not", "and", "or"];

/// Condition functions in the order versions added them: 2016-10-14 (newton) the first five,
/// pike `yaql` and `contains`, wallaby `if`.
const CONDITION_FUNCTIONS: &[&str] = &[
    "get_param",
    "equals",
    "not",
    "and",
    "or",
    "yaql",
    "contains",
    "if",
];

/// True when `name` is a function (or condition function) in at least one HOT version.
pub fn is_function_name(name: &str) -> bool {
    CFN_FUNCTIONS.contains(&name) || HOT_FUNCTIONS.iter().any(|(n, _)| *n == name)
}

/// Functions of Heat's CloudFormation format (and `Fn::Sub`, which Heat never had) that no
/// HOT version knows, each with what a HOT template uses instead.
const CFN_ONLY: [(&str, &str); 8] = [
    ("Fn::GetAtt", "get_attr"),
    ("Fn::FindInMap", "a parameter (HOT has no mappings)"),
    ("Fn::If", "if"),
    ("Fn::Equals", "equals"),
    ("Fn::Not", "not"),
    ("Fn::And", "and"),
    ("Fn::Or", "or"),
    ("Fn::Sub", "str_replace"),
];

/// What a HOT template uses instead of a CloudFormation-only function, when `name` is one.
pub fn hot_equivalent(name: &str) -> Option<&'static str> {
    CFN_ONLY
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, instead)| *instead)
}

/// True for `equals`, `not`, `and` and `or`, which only conditions accept.
pub fn is_condition_only(name: &str) -> bool {
    CONDITION_ONLY.contains(&name)
}

/// The first version that has `name` as a function (inside or outside conditions).
pub fn introduced(name: &str) -> Option<Version> {
    if CFN_FUNCTIONS.contains(&name) {
        return Some(V2013_05_23);
    }
    HOT_FUNCTIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, since)| *since)
}

/// The first version that rejects `name` as removed (CFN functions, `Fn::Select`).
pub fn removed_in(name: &str) -> Option<Version> {
    match name {
        "Fn::Select" => Some(V2015_10_15),
        _ if CFN_FUNCTIONS.contains(&name) => Some(V2014_10_16),
        _ => None,
    }
}

impl Version {
    /// The newest version Heat knows.
    pub const LATEST: Version = V2021_04_16;

    /// Parses a `heat_template_version` value: a date or a release alias.
    pub fn parse(text: &str) -> Option<Version> {
        VERSIONS
            .iter()
            .find(|(_, date, alias)| *date == text || *alias == Some(text))
            .map(|(v, _, _)| *v)
    }

    /// The version's date.
    pub fn date(self) -> &'static str {
        VERSIONS
            .iter()
            .find(|(v, _, _)| *v == self)
            .map(|(_, d, _)| *d)
            .unwrap_or("")
    }

    /// The release alias, when the version has one.
    pub fn alias(self) -> Option<&'static str> {
        VERSIONS
            .iter()
            .find(|(v, _, _)| *v == self)
            .and_then(|(_, _, a)| *a)
    }

    /// Top-level sections this version accepts.
    pub fn sections(self) -> &'static [&'static str] {
        const SECTIONS: &[&str] = &[
            "heat_template_version",
            "description",
            "parameter_groups",
            "parameters",
            "resources",
            "outputs",
            "conditions",
        ];
        later_keys_last(SECTIONS, 1, self.has_conditions())
    }

    /// Keys a resource definition may have in this version.
    pub fn resource_keys(self) -> &'static [&'static str] {
        const KEYS: &[&str] = &[
            "type",
            "properties",
            "metadata",
            "depends_on",
            "deletion_policy",
            "update_policy",
            "description",
            "external_id",
            "condition",
        ];
        later_keys_last(KEYS, 2, self.has_conditions())
    }

    /// Keys an output may have in this version.
    pub fn output_keys(self) -> &'static [&'static str] {
        later_keys_last(
            &["description", "value", "condition"],
            1,
            self.has_conditions(),
        )
    }

    /// Keys a parameter may have in this version. Heat's schema also accepts `schema`
    /// (ignored for template parameters) and, in every version, `immutable`.
    pub fn parameter_keys(self) -> &'static [&'static str] {
        const KEYS: &[&str] = &[
            "type",
            "label",
            "description",
            "default",
            "hidden",
            "constraints",
            "immutable",
            "schema",
            "tags",
        ];
        later_keys_last(KEYS, 1, self >= V2018_03_02)
    }

    /// True when parameters may use the `modulo` constraint (since 2017-02-24).
    pub fn has_modulo(self) -> bool {
        self >= V2017_02_24
    }

    /// Accepted `deletion_policy` values (lower case since 2016-10-14).
    pub fn deletion_policies(self) -> &'static [&'static str] {
        if self.has_conditions() {
            &[
                "Delete", "Retain", "Snapshot", "delete", "retain", "snapshot",
            ]
        } else {
            &["Delete", "Retain", "Snapshot"]
        }
    }

    /// Whether `name` is a function outside conditions in this version.
    pub fn function(self, name: &str) -> FunctionStatus {
        if CFN_FUNCTIONS.contains(&name) {
            let removed = removed_in(name).is_some_and(|r| self >= r);
            return if removed {
                FunctionStatus::Removed
            } else {
                FunctionStatus::Available
            };
        }
        if CONDITION_ONLY.contains(&name) {
            return FunctionStatus::Unknown;
        }
        match introduced(name) {
            Some(since) if self >= since => FunctionStatus::Available,
            _ => FunctionStatus::Unknown,
        }
    }

    /// The functions usable inside `conditions` (and `condition:` values, and the first
    /// argument of `if`) in this version; empty before 2016-10-14.
    pub fn condition_functions(self) -> &'static [&'static str] {
        let known = if self >= V2021_04_16 {
            8
        } else if self >= V2017_09_01 {
            7
        } else if self.has_conditions() {
            5
        } else {
            0
        };
        &CONDITION_FUNCTIONS[..known]
    }

    /// Whether `name` is usable inside conditions in this version.
    pub fn condition_function(self, name: &str) -> bool {
        self.condition_functions().contains(&name)
    }

    /// Every function name this version knows (outside conditions), for suggestions.
    pub fn function_names(self) -> impl Iterator<Item = &'static str> {
        HOT_FUNCTIONS
            .iter()
            .map(|(n, _)| *n)
            .chain(CFN_FUNCTIONS)
            .filter(move |n| self.function(n) == FunctionStatus::Available)
    }

    /// True when the version has the `conditions` section (since 2016-10-14).
    pub fn has_conditions(self) -> bool {
        self >= V2016_10_14
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.date())
    }
}

/// `keys`, whose last `added` came with a later version: all of them when the version has
/// them, the ones before otherwise.
fn later_keys_last(
    keys: &'static [&'static str],
    added: usize,
    has_them: bool,
) -> &'static [&'static str] {
    if has_them {
        keys
    } else {
        &keys[..keys.len() - added]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_dates_and_aliases() {
        assert_eq!(Version::parse("2013-05-23"), Some(V2013_05_23));
        assert_eq!(Version::parse("wallaby"), Some(V2021_04_16));
        assert_eq!(Version::parse("2019-01-01"), None);
        assert_eq!(VERSIONS.len(), 11);
    }

    #[test]
    fn functions_follow_versions() {
        assert_eq!(V2013_05_23.function("Fn::Join"), FunctionStatus::Available);
        assert_eq!(V2014_10_16.function("Fn::Join"), FunctionStatus::Removed);
        assert_eq!(
            V2015_04_30.function("Fn::Select"),
            FunctionStatus::Available
        );
        assert_eq!(V2015_10_15.function("Fn::Select"), FunctionStatus::Removed);
        assert_eq!(V2015_04_30.function("str_split"), FunctionStatus::Unknown);
        assert_eq!(V2017_09_01.function("make_url"), FunctionStatus::Available);
        assert_eq!(V2018_08_31.function("equals"), FunctionStatus::Unknown);
        assert_eq!(V2013_05_23.function("Ref"), FunctionStatus::Available);
        assert_eq!(V2021_04_16.function("Ref"), FunctionStatus::Removed);
        assert_eq!(V2016_04_08.function("if"), FunctionStatus::Unknown);
        assert_eq!(V2016_10_14.function("if"), FunctionStatus::Available);
        assert_eq!(V2017_02_24.function("filter"), FunctionStatus::Available);
        assert_eq!(V2016_10_14.function("filter"), FunctionStatus::Unknown);
    }

    #[test]
    fn condition_functions_follow_versions() {
        assert!(!V2016_04_08.condition_function("equals"));
        assert!(V2016_10_14.condition_function("equals"));
        assert!(!V2016_10_14.condition_function("get_resource"));
        assert!(!V2016_10_14.condition_function("contains"));
        assert!(V2017_09_01.condition_function("contains"));
        assert!(V2017_09_01.condition_function("yaql"));
        assert!(!V2018_08_31.condition_function("if"));
        assert!(V2021_04_16.condition_function("if"));
    }

    #[test]
    fn introductions_and_removals() {
        assert_eq!(introduced("str_split"), Some(V2015_10_15));
        assert_eq!(introduced("Fn::Join"), Some(V2013_05_23));
        assert_eq!(introduced("equals"), Some(V2016_10_14));
        assert_eq!(introduced("get_parm"), None);
        assert_eq!(removed_in("Fn::Join"), Some(V2014_10_16));
        assert_eq!(removed_in("Fn::Select"), Some(V2015_10_15));
        assert_eq!(removed_in("get_param"), None);
        assert!(is_function_name("list_concat_unique"));
        assert_eq!(hot_equivalent("Fn::GetAtt"), Some("get_attr"));
        assert_eq!(hot_equivalent("get_attr"), None);
        assert!(!is_function_name("port"));
    }

    #[test]
    fn keys_follow_versions() {
        assert!(!V2017_09_01.parameter_keys().contains(&"tags"));
        assert!(V2018_03_02.parameter_keys().contains(&"tags"));
        assert!(!V2016_04_08.resource_keys().contains(&"condition"));
        assert!(V2016_10_14.resource_keys().contains(&"external_id"));
        assert!(!V2015_10_15.deletion_policies().contains(&"retain"));
        assert!(!V2016_10_14.has_modulo());
        assert!(V2017_02_24.has_modulo());
    }
}
