//! The essential requirements of the SARIF 2.1.0 schema (and of the spec where the schema
//! cannot say it), checked by hand on a parsed log: required properties, types, enums,
//! minimums, no unknown properties on the objects vnfwiz writes, unique rule ids, result
//! indices that point at their rule, relative URIs whose base id is declared.

use serde_json::{Map, Value};

const LEVELS: &[&str] = &["none", "note", "warning", "error"];

/// Every place where `log` breaks the requirements; empty when it meets them.
pub fn problems(log: &Value) -> Vec<String> {
    let mut c = Checker::default();
    c.log(log);
    c.problems
}

#[derive(Default)]
struct Checker {
    problems: Vec<String>,
}

impl Checker {
    fn fail(&mut self, at: &str, what: impl std::fmt::Display) {
        self.problems.push(format!("{at}: {what}"));
    }

    /// The object at `at`, with only `allowed` properties and every one of `required`.
    fn object<'v>(
        &mut self,
        at: &str,
        value: &'v Value,
        allowed: &[&str],
        required: &[&str],
    ) -> Option<&'v Map<String, Value>> {
        let Some(map) = value.as_object() else {
            self.fail(at, "not an object");
            return None;
        };
        for key in map.keys() {
            if !allowed.contains(&key.as_str()) {
                self.fail(at, format!("unknown property `{key}`"));
            }
        }
        for key in required {
            if !map.contains_key(*key) {
                self.fail(at, format!("missing required `{key}`"));
            }
        }
        Some(map)
    }

    fn string(&mut self, at: &str, map: &Map<String, Value>, key: &str) -> Option<String> {
        let value = map.get(key)?;
        match value.as_str() {
            Some(s) => Some(s.to_owned()),
            None => {
                self.fail(&format!("{at}.{key}"), "not a string");
                None
            }
        }
    }

    fn integer(&mut self, at: &str, map: &Map<String, Value>, key: &str, min: i64) -> Option<i64> {
        let value = map.get(key)?;
        match value.as_i64() {
            Some(n) if n >= min => Some(n),
            _ => {
                self.fail(&format!("{at}.{key}"), format!("not an integer >= {min}"));
                None
            }
        }
    }

    fn level(&mut self, at: &str, map: &Map<String, Value>) {
        if let Some(level) = self.string(at, map, "level")
            && !LEVELS.contains(&level.as_str())
        {
            self.fail(&format!("{at}.level"), format!("`{level}` is not a level"));
        }
    }

    fn array<'v>(&mut self, at: &str, map: &'v Map<String, Value>, key: &str) -> &'v [Value] {
        match map.get(key) {
            None => &[],
            Some(Value::Array(items)) => items,
            Some(_) => {
                self.fail(&format!("{at}.{key}"), "not an array");
                &[]
            }
        }
    }

    fn unique(&mut self, at: &str, items: &[Value]) {
        for (i, a) in items.iter().enumerate() {
            if items[..i].contains(a) {
                self.fail(&format!("{at}[{i}]"), "duplicate item in a unique array");
            }
        }
    }

    fn log(&mut self, log: &Value) {
        let Some(map) = self.object(
            "log",
            log,
            &["$schema", "version", "runs", "properties"],
            &["version", "runs"],
        ) else {
            return;
        };
        if let Some(schema) = self.string("log", map, "$schema")
            && !is_absolute_uri(&schema)
        {
            self.fail("log.$schema", "not an absolute URI");
        }
        if map.get("version") != Some(&Value::from("2.1.0")) {
            self.fail("log.version", "must be \"2.1.0\"");
        }
        for (i, run) in self.array("log", map, "runs").iter().enumerate() {
            self.run(&format!("runs[{i}]"), run);
        }
    }

    fn run(&mut self, at: &str, run: &Value) {
        let allowed = [
            "tool",
            "originalUriBaseIds",
            "columnKind",
            "results",
            "artifacts",
            "invocations",
            "automationDetails",
            "properties",
        ];
        let Some(map) = self.object(at, run, &allowed, &["tool"]) else {
            return;
        };
        if let Some(kind) = self.string(at, map, "columnKind")
            && !["utf16CodeUnits", "unicodeCodePoints"].contains(&kind.as_str())
        {
            self.fail(
                &format!("{at}.columnKind"),
                format!("`{kind}` is not a column kind"),
            );
        }
        let rule_ids = map
            .get("tool")
            .map(|t| self.tool(&format!("{at}.tool"), t))
            .unwrap_or_default();
        let mut bases = Vec::new();
        if let Some(value) = map.get("originalUriBaseIds") {
            match value.as_object() {
                Some(ids) => {
                    for (id, location) in ids {
                        bases.push(id.clone());
                        let at = format!("{at}.originalUriBaseIds.{id}");
                        if let Some(uri) = self.artifact_location(&at, location, &[]) {
                            let based = location.get("uriBaseId").is_some();
                            if !based && !is_absolute_uri(&uri) {
                                self.fail(&at, "a base URI without uriBaseId must be absolute");
                            }
                            if !uri.ends_with('/') {
                                self.fail(&at, "a base URI must end with `/`");
                            }
                        }
                    }
                }
                None => self.fail(&format!("{at}.originalUriBaseIds"), "not an object"),
            }
        }
        for (i, result) in self.array(at, map, "results").iter().enumerate() {
            self.result(&format!("{at}.results[{i}]"), result, &rule_ids, &bases);
        }
    }

    /// Checks the tool and returns the rule ids in order.
    fn tool(&mut self, at: &str, tool: &Value) -> Vec<String> {
        let Some(map) = self.object(
            at,
            tool,
            &["driver", "extensions", "properties"],
            &["driver"],
        ) else {
            return Vec::new();
        };
        let Some(driver) = map.get("driver") else {
            return Vec::new();
        };
        let at = format!("{at}.driver");
        let allowed = [
            "name",
            "version",
            "semanticVersion",
            "informationUri",
            "rules",
            "fullName",
            "organization",
            "properties",
        ];
        let Some(driver) = self.object(&at, driver, &allowed, &["name"]) else {
            return Vec::new();
        };
        if self
            .string(&at, driver, "name")
            .is_some_and(|n| n.is_empty())
        {
            self.fail(&at, "empty name");
        }
        self.string(&at, driver, "version");
        self.string(&at, driver, "semanticVersion");
        if let Some(uri) = self.string(&at, driver, "informationUri")
            && !is_absolute_uri(&uri)
        {
            self.fail(&format!("{at}.informationUri"), "not an absolute URI");
        }
        let rules = self.array(&at, driver, "rules");
        self.unique(&format!("{at}.rules"), rules);
        let mut ids = Vec::new();
        for (i, rule) in rules.iter().enumerate() {
            let at = format!("{at}.rules[{i}]");
            let allowed = [
                "id",
                "name",
                "shortDescription",
                "fullDescription",
                "help",
                "helpUri",
                "defaultConfiguration",
                "properties",
            ];
            let Some(rule) = self.object(&at, rule, &allowed, &["id"]) else {
                continue;
            };
            let id = self.string(&at, rule, "id").unwrap_or_default();
            if ids.contains(&id) {
                self.fail(&at, format!("rule id `{id}` listed twice"));
            }
            ids.push(id);
            self.string(&at, rule, "name");
            for key in ["shortDescription", "fullDescription", "help"] {
                if let Some(text) = rule.get(key) {
                    self.multiformat(&format!("{at}.{key}"), text);
                }
            }
            if let Some(config) = rule.get("defaultConfiguration") {
                let at = format!("{at}.defaultConfiguration");
                if let Some(config) = self.object(
                    &at,
                    config,
                    &["enabled", "level", "rank", "parameters", "properties"],
                    &[],
                ) {
                    self.level(&at, config);
                }
            }
            if let Some(properties) = rule.get("properties") {
                self.property_bag(&format!("{at}.properties"), properties);
            }
        }
        ids
    }

    fn multiformat(&mut self, at: &str, value: &Value) {
        if let Some(map) = self.object(at, value, &["text", "markdown", "properties"], &["text"]) {
            self.string(at, map, "text");
        }
    }

    fn message(&mut self, at: &str, value: &Value) {
        if let Some(map) = self.object(
            at,
            value,
            &["text", "markdown", "id", "arguments", "properties"],
            &[],
        ) {
            let text = self.string(at, map, "text");
            let id = self.string(at, map, "id");
            if text.is_none() && id.is_none() {
                self.fail(at, "a message needs `text` or `id`");
            }
        }
    }

    fn property_bag(&mut self, at: &str, value: &Value) {
        let Some(map) = value.as_object() else {
            self.fail(at, "not an object");
            return;
        };
        if let Some(tags) = map.get("tags") {
            match tags.as_array() {
                Some(items) if items.iter().all(Value::is_string) => {
                    self.unique(&format!("{at}.tags"), items)
                }
                _ => self.fail(&format!("{at}.tags"), "not an array of strings"),
            }
        }
    }

    fn result(&mut self, at: &str, result: &Value, rule_ids: &[String], bases: &[String]) {
        let allowed = [
            "ruleId",
            "ruleIndex",
            "level",
            "kind",
            "message",
            "locations",
            "relatedLocations",
            "partialFingerprints",
            "properties",
        ];
        let Some(map) = self.object(at, result, &allowed, &["message"]) else {
            return;
        };
        if let Some(message) = map.get("message") {
            self.message(&format!("{at}.message"), message);
        }
        self.level(at, map);
        let rule_id = self.string(at, map, "ruleId");
        if let Some(index) = self.integer(at, map, "ruleIndex", -1)
            && index >= 0
        {
            match rule_ids.get(index as usize) {
                None => self.fail(
                    &format!("{at}.ruleIndex"),
                    format!("{index} is past the rules"),
                ),
                Some(id) if Some(id) != rule_id.as_ref() => self.fail(
                    &format!("{at}.ruleIndex"),
                    format!("points at `{id}`, not at ruleId {rule_id:?}"),
                ),
                Some(_) => {}
            }
        }
        for (i, location) in self.array(at, map, "locations").iter().enumerate() {
            self.location(&format!("{at}.locations[{i}]"), location, bases);
        }
        let related = self.array(at, map, "relatedLocations");
        self.unique(&format!("{at}.relatedLocations"), related);
        for (i, location) in related.iter().enumerate() {
            self.location(&format!("{at}.relatedLocations[{i}]"), location, bases);
        }
    }

    fn location(&mut self, at: &str, location: &Value, bases: &[String]) {
        let allowed = [
            "id",
            "physicalLocation",
            "logicalLocations",
            "message",
            "properties",
        ];
        let Some(map) = self.object(at, location, &allowed, &[]) else {
            return;
        };
        self.integer(at, map, "id", -1);
        if let Some(message) = map.get("message") {
            self.message(&format!("{at}.message"), message);
        }
        for (i, logical) in self.array(at, map, "logicalLocations").iter().enumerate() {
            let at = format!("{at}.logicalLocations[{i}]");
            let allowed = [
                "name",
                "index",
                "fullyQualifiedName",
                "decoratedName",
                "parentIndex",
                "kind",
                "properties",
            ];
            if let Some(logical) = self.object(&at, logical, &allowed, &[]) {
                self.string(&at, logical, "fullyQualifiedName");
                self.string(&at, logical, "kind");
            }
        }
        let Some(physical) = map.get("physicalLocation") else {
            return;
        };
        let at = format!("{at}.physicalLocation");
        let allowed = [
            "address",
            "artifactLocation",
            "region",
            "contextRegion",
            "properties",
        ];
        let Some(physical) = self.object(&at, physical, &allowed, &[]) else {
            return;
        };
        match physical.get("artifactLocation") {
            Some(artifact) => {
                self.artifact_location(&format!("{at}.artifactLocation"), artifact, bases);
            }
            None if physical.contains_key("address") => {}
            None => self.fail(&at, "needs `artifactLocation` or `address`"),
        }
        if let Some(region) = physical.get("region") {
            self.region(&format!("{at}.region"), region);
        }
    }

    /// Checks an artifact location and returns its URI. With `bases` non-empty, a relative
    /// URI needs a declared base id.
    fn artifact_location(&mut self, at: &str, value: &Value, bases: &[String]) -> Option<String> {
        let allowed = ["uri", "uriBaseId", "index", "description", "properties"];
        let map = self.object(at, value, &allowed, &[])?;
        if let Some(description) = map.get("description") {
            self.message(&format!("{at}.description"), description);
        }
        let base = self.string(at, map, "uriBaseId");
        let uri = self.string(at, map, "uri");
        if let Some(uri) = &uri {
            if let Err(why) = check_uri_reference(uri) {
                self.fail(
                    &format!("{at}.uri"),
                    format!("`{uri}` is not a URI reference: {why}"),
                );
            }
            if base.is_some() && is_absolute_uri(uri) {
                self.fail(
                    &format!("{at}.uri"),
                    "a URI with uriBaseId must be relative",
                );
            }
        }
        if let Some(base) = &base
            && !bases.is_empty()
            && !bases.contains(base)
        {
            self.fail(
                &format!("{at}.uriBaseId"),
                format!("`{base}` is not in originalUriBaseIds"),
            );
        }
        uri
    }

    fn region(&mut self, at: &str, value: &Value) {
        let allowed = [
            "startLine",
            "startColumn",
            "endLine",
            "endColumn",
            "charOffset",
            "charLength",
            "byteOffset",
            "byteLength",
            "snippet",
            "message",
            "sourceLanguage",
            "properties",
        ];
        let Some(map) = self.object(at, value, &allowed, &[]) else {
            return;
        };
        let start_line = self.integer(at, map, "startLine", 1);
        let start_column = self.integer(at, map, "startColumn", 1);
        let end_line = self.integer(at, map, "endLine", 1);
        let end_column = self.integer(at, map, "endColumn", 1);
        if let (Some(start), Some(end)) = (start_line, end_line)
            && end < start
        {
            self.fail(at, "endLine before startLine");
        }
        if let (Some(start), Some(end)) = (start_column, end_column)
            && start_line == end_line.or(start_line)
            && end < start
        {
            self.fail(at, "endColumn before startColumn on one line");
        }
        if start_line.is_none()
            && !map.contains_key("charOffset")
            && !map.contains_key("byteOffset")
        {
            self.fail(at, "a text region needs startLine (or an offset)");
        }
    }
}

/// A URI with a scheme (`https:`, `file:`).
fn is_absolute_uri(uri: &str) -> bool {
    match uri.split_once(':') {
        Some((scheme, _)) => {
            let mut chars = scheme.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// RFC 3986: only unreserved, reserved and `%XX` sequences; a relative reference has no `:`
/// in its first segment.
fn check_uri_reference(uri: &str) -> Result<(), String> {
    let bytes = uri.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            let hex = bytes.get(i + 1..i + 3).unwrap_or_default();
            if hex.len() != 2 || !hex.iter().all(u8::is_ascii_hexdigit) {
                return Err(format!("bad escape at byte {i}"));
            }
            i += 3;
            continue;
        }
        let allowed = b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&b);
        if !allowed {
            return Err(format!("byte {b:#04x} must be percent-encoded"));
        }
        i += 1;
    }
    if !is_absolute_uri(uri) {
        let first = uri.split(['/', '?', '#']).next().unwrap_or_default();
        if first.contains(':') {
            return Err("`:` in the first segment of a relative reference".to_owned());
        }
    }
    Ok(())
}
