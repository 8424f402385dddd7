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

impl Version {
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
        const BASE: &[&str] = &[
            "heat_template_version",
            "description",
            "parameter_groups",
            "parameters",
            "resources",
            "outputs",
        ];
        const WITH_CONDITIONS: &[&str] = &[
            "heat_template_version",
            "description",
            "parameter_groups",
            "parameters",
            "resources",
            "outputs",
            "conditions",
        ];
        if self >= V2016_10_14 {
            WITH_CONDITIONS
        } else {
            BASE
        }
    }

    /// Keys a resource definition may have in this version.
    pub fn resource_keys(self) -> &'static [&'static str] {
        const BASE: &[&str] = &[
            "type",
            "properties",
            "metadata",
            "depends_on",
            "deletion_policy",
            "update_policy",
            "description",
        ];
        const NEWTON: &[&str] = &[
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
        if self >= V2016_10_14 { NEWTON } else { BASE }
    }

    /// Keys an output may have in this version.
    pub fn output_keys(self) -> &'static [&'static str] {
        if self >= V2016_10_14 {
            &["description", "value", "condition"]
        } else {
            &["description", "value"]
        }
    }

    /// Keys a parameter may have in this version.
    pub fn parameter_keys(self) -> &'static [&'static str] {
        const BASE: &[&str] = &[
            "type",
            "label",
            "description",
            "default",
            "hidden",
            "constraints",
            "immutable",
        ];
        const QUEENS: &[&str] = &[
            "type",
            "label",
            "description",
            "default",
            "hidden",
            "constraints",
            "immutable",
            "tags",
        ];
        if self >= V2018_03_02 { QUEENS } else { BASE }
    }

    /// Accepted `deletion_policy` values (lower case since 2016-10-14).
    pub fn deletion_policies(self) -> &'static [&'static str] {
        if self >= V2016_10_14 {
            &[
                "Delete", "Retain", "Snapshot", "delete", "retain", "snapshot",
            ]
        } else {
            &["Delete", "Retain", "Snapshot"]
        }
    }

    /// Whether `name` is a function outside conditions in this version.
    pub fn function(self, name: &str) -> FunctionStatus {
        if CONDITION_ONLY.contains(&name) {
            return FunctionStatus::Unknown;
        }
        self.lookup(name)
    }

    /// Whether `name` is a function inside the `conditions` section in this version.
    pub fn condition_function(self, name: &str) -> FunctionStatus {
        if self < V2016_10_14 {
            return FunctionStatus::Unknown;
        }
        let allowed: &[&str] = if self >= V2021_04_16 {
            &[
                "get_param",
                "equals",
                "not",
                "and",
                "or",
                "yaql",
                "contains",
                "if",
            ]
        } else if self >= V2017_09_01 {
            &[
                "get_param",
                "equals",
                "not",
                "and",
                "or",
                "yaql",
                "contains",
            ]
        } else {
            &["get_param", "equals", "not", "and", "or"]
        };
        if allowed.contains(&name) {
            FunctionStatus::Available
        } else if self.lookup(name) != FunctionStatus::Unknown {
            // A real function that conditions cannot use.
            FunctionStatus::Removed
        } else {
            FunctionStatus::Unknown
        }
    }

    fn lookup(self, name: &str) -> FunctionStatus {
        if CFN_FUNCTIONS.contains(&name) {
            let available = self == V2013_05_23 || (name == "Fn::Select" && self <= V2015_04_30);
            return if available {
                FunctionStatus::Available
            } else {
                FunctionStatus::Removed
            };
        }
        match HOT_FUNCTIONS.iter().find(|(n, _)| *n == name) {
            Some((_, since)) if self >= *since => FunctionStatus::Available,
            _ => FunctionStatus::Unknown,
        }
    }

    /// Every function name this version knows (outside conditions), for suggestions.
    pub fn function_names(self) -> impl Iterator<Item = &'static str> {
        HOT_FUNCTIONS
            .iter()
            .map(|(n, _)| *n)
            .chain(CFN_FUNCTIONS)
            .filter(move |n| self.function(n) == FunctionStatus::Available)
    }

    /// True when names that are later functions (`if`, `equals`…) would be plain keys here.
    pub fn has_conditions(self) -> bool {
        self >= V2016_10_14
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.date())
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
        assert_eq!(
            V2016_10_14.condition_function("equals"),
            FunctionStatus::Available
        );
        assert_eq!(
            V2016_10_14.condition_function("get_resource"),
            FunctionStatus::Removed
        );
    }
}
