//! Compiles Heat's resource types into the binary: every `data/*.json` file (written by
//! `scripts/heat_types/`, docs/heat-types.md) becomes Rust statics in
//! `$OUT_DIR/heat_types.rs`, which `src/model/hot/heat_types.rs` includes. Nothing is
//! parsed when vnfwiz runs; the build fails, naming the file and the place, when a file does
//! not hold what the types' reader expects.
//!
//! On Linux the `vnfwiz` binary is linked as a position-dependent executable: a PIE's
//! loader applies 35 000 relocations to 1 MiB of pointer tables (most of them Heat's types)
//! and copies each page it writes, about half of every start-up's cost (docs/performance.md,
//! docs/decisions.md).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

/// The data format this generator reads (the files' `format`).
const FORMAT: u64 = 1;

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
    let data = Path::new("data");
    println!("cargo::rerun-if-changed={}", data.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(data)
        .unwrap_or_else(|e| fail(data, &format!("cannot list: {e}")))
        .map(|entry| entry.expect("a readable folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut merged = Merged::default();
    for path in &files {
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(path, &e.to_string()));
        let json: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| fail(path, &e.to_string()));
        merged.add(path, &json);
    }
    let code = merged.generate();
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("heat_types.rs"), code).expect("the generated types are written");
}

fn fail(path: &Path, message: &str) -> ! {
    panic!("{}: {message}", path.display())
}

/// Every file's facts together.
#[derive(Default)]
struct Merged {
    heat: Option<Value>,
    contrail: Option<Value>,
    aliases: BTreeMap<String, String>,
    /// Each type with the file that defined it.
    types: BTreeMap<String, (PathBuf, Value)>,
}

impl Merged {
    fn add(&mut self, path: &Path, json: &Value) {
        let top = object(path, "the file", json);
        match top.get("format").and_then(Value::as_u64) {
            Some(FORMAT) => {}
            other => fail(
                path,
                &format!("format {other:?}, this build reads format {FORMAT}"),
            ),
        }
        for (key, slot) in [("heat", &mut self.heat), ("contrail", &mut self.contrail)] {
            match (top.get(key), &slot) {
                (Some(value), Some(earlier)) if value != earlier => fail(
                    path,
                    &format!("`{key}` differs from another data file's: give it once"),
                ),
                (Some(value), _) => *slot = Some(value.clone()),
                (None, _) => {}
            }
        }
        if let Some(aliases) = top.get("aliases") {
            for (name, target) in object(path, "aliases", aliases) {
                let target = text(path, name, target).to_owned();
                self.aliases.insert(name.clone(), target);
            }
        }
        let Some(types) = top.get("types") else {
            return;
        };
        for (name, definition) in object(path, "types", types) {
            object(path, name, definition);
            let open = |v: &Value| v.get("open").and_then(Value::as_bool) == Some(true);
            match self.types.get(name) {
                // A type another file records by name only is replaced by a full schema.
                Some((_, earlier)) if open(earlier) => {}
                Some(_) if open(definition) => continue,
                Some((other, _)) => fail(
                    path,
                    &format!("type `{name}` is also defined in {}", other.display()),
                ),
                None => {}
            }
            self.types
                .insert(name.clone(), (path.to_path_buf(), definition.clone()));
        }
    }

    fn generate(&self) -> String {
        let mut out = Generator::default();
        let heat = self.heat.as_ref().unwrap_or_else(|| {
            fail(
                Path::new("data"),
                "no file gives `heat` (the releases read)",
            )
        });
        let here = Path::new("data/*.json");
        let heat_code = format!(
            "HeatReleases {{ follows: {:?}, releases: &[{}] }}",
            text(here, "heat.follows", field(here, heat, "follows")),
            strings(here, "heat.releases", field(here, heat, "releases"))
        );
        let contrail_code = match &self.contrail {
            Some(contrail) => format!(
                "Some(ContrailSource {{ repository: {:?}, commit: {:?} }})",
                text(
                    here,
                    "contrail.repository",
                    field(here, contrail, "repository")
                ),
                text(here, "contrail.commit", field(here, contrail, "commit"))
            ),
            None => "None".to_owned(),
        };
        let aliases: Vec<String> = self
            .aliases
            .iter()
            .map(|(name, target)| format!("({name:?}, {target:?})"))
            .collect();
        let types: Vec<String> = self
            .types
            .iter()
            .map(|(name, (path, definition))| {
                let code = out.resource_type(path, name, definition);
                format!("({name:?}, {code})")
            })
            .collect();
        let mut code = out.statics;
        let _ = writeln!(
            code,
            "static TYPES: [(&str, ResourceType); {}] = [{}];",
            types.len(),
            types.join(",\n")
        );
        let _ = writeln!(
            code,
            "static ALIASES: [(&str, &str); {}] = [{}];",
            aliases.len(),
            aliases.join(", ")
        );
        let _ = writeln!(
            code,
            "static HEAT_TYPES: HeatTypes = HeatTypes {{ heat: {heat_code}, contrail: {contrail_code}, aliases: Map::new(&ALIASES), types: Map::new(&TYPES) }};"
        );
        code
    }
}

/// Writes the statics that the types' value refers to.
#[derive(Default)]
struct Generator {
    statics: String,
    count: usize,
}

impl Generator {
    /// A new static holding `value` of type `kind`; returns its name.
    fn push(&mut self, kind: &str, value: &str) -> String {
        self.count += 1;
        let name = format!("S{}", self.count);
        let _ = writeln!(self.statics, "static {name}: {kind} = {value};");
        name
    }

    fn resource_type(&mut self, path: &Path, name: &str, definition: &Value) -> String {
        let properties = match definition.get("properties") {
            Some(properties) => self.schemas(path, name, properties),
            None => "Map::new(&[])".to_owned(),
        };
        let attributes = match definition.get("attributes") {
            Some(attributes) => {
                let entries: Vec<String> = object(path, name, attributes)
                    .iter()
                    .map(|(attribute, schema)| {
                        let at = format!("{name}.attributes.{attribute}");
                        format!(
                            "({attribute:?}, AttributeSchema {{ kind: {}, status: {} }})",
                            optional_text(path, &at, schema.get("type")),
                            status(path, &at, schema.get("status"))
                        )
                    })
                    .collect();
                let array = self.push(
                    &format!("[(&str, AttributeSchema); {}]", entries.len()),
                    &format!("[{}]", entries.join(", ")),
                );
                format!("Map::new(&{array})")
            }
            None => "Map::new(&[])".to_owned(),
        };
        let renamed: Vec<String> = match definition.get("renamed") {
            Some(Value::Array(renames)) => renames
                .iter()
                .map(|rename| {
                    let at = format!("{name}.renamed");
                    format!(
                        "Rename {{ from: &[{}], to: &[{}] }}",
                        strings(path, &at, field(path, rename, "from")),
                        strings(path, &at, field(path, rename, "to"))
                    )
                })
                .collect(),
            Some(_) => fail(path, &format!("{name}.renamed: not a list")),
            None => Vec::new(),
        };
        let releases = match definition.get("releases") {
            Some(releases) => strings(path, name, releases),
            None => String::new(),
        };
        format!(
            "ResourceType {{ status: {}, status_since: {}, placeholder: {}, open: {}, properties: {properties}, attributes: {attributes}, custom_attributes: {}, renamed: &[{}], releases: &[{releases}], schema_from: {}, vendor: {} }}",
            status(path, name, definition.get("status")),
            optional_text(path, name, definition.get("status_since")),
            flag(path, name, definition.get("placeholder"), false),
            flag(path, name, definition.get("open"), false),
            flag(path, name, definition.get("custom_attributes"), false),
            renamed.join(", "),
            optional_text(path, name, definition.get("schema_from")),
            optional_text(path, name, definition.get("vendor")),
        )
    }

    /// A map of named property schemas, as a `Map::new(&S…)` expression.
    fn schemas(&mut self, path: &Path, owner: &str, value: &Value) -> String {
        let entries: Vec<String> = object(path, owner, value)
            .iter()
            .map(|(name, schema)| {
                let code = self.schema(path, &format!("{owner}.{name}"), schema);
                format!("({name:?}, {code})")
            })
            .collect();
        let array = self.push(
            &format!("[(&str, PropertySchema); {}]", entries.len()),
            &format!("[{}]", entries.join(",\n")),
        );
        format!("Map::new(&{array})")
    }

    fn schema(&mut self, path: &Path, at: &str, value: &Value) -> String {
        object(path, at, value);
        let kind = match text(path, at, field(path, value, "type")) {
            "string" => "String",
            "integer" => "Integer",
            "number" => "Number",
            "boolean" => "Boolean",
            "map" => "Map",
            "list" => "List",
            "any" => "Any",
            other => fail(path, &format!("{at}: unknown type `{other}`")),
        };
        let update = match text(path, at, field(path, value, "update")) {
            "allowed" => "Allowed",
            "replace" => "Replace",
            "immutable" => "Immutable",
            other => fail(path, &format!("{at}: unknown update `{other}`")),
        };
        let allowed = match value.get("allowed") {
            Some(Value::Array(literals)) => {
                let literals: Vec<String> = literals.iter().map(|l| literal(path, at, l)).collect();
                let array = self.push(
                    &format!("[Literal; {}]", literals.len()),
                    &format!("[{}]", literals.join(", ")),
                );
                format!("Some(&{array})")
            }
            Some(_) => fail(path, &format!("{at}.allowed: not a list")),
            None => "None".to_owned(),
        };
        let custom = match value.get("custom") {
            Some(names) => format!("Some(&[{}])", strings(path, &format!("{at}.custom"), names)),
            None => "None".to_owned(),
        };
        let keys = match value.get("keys") {
            Some(keys) => format!("Some({})", self.schemas(path, at, keys)),
            None => "None".to_owned(),
        };
        let items = match value.get("items") {
            Some(items) => {
                let code = self.schema(path, &format!("{at}.items"), items);
                format!("Some(&{})", self.push("PropertySchema", &code))
            }
            None => "None".to_owned(),
        };
        format!(
            "PropertySchema {{ kind: Kind::{kind}, required: {}, update: Update::{update}, conversion: {}, implemented: {}, status: {}, allowed: {allowed}, range: {}, length: {}, pattern: {}, custom: {custom}, keys: {keys}, items: {items} }}",
            flag(path, at, value.get("required"), false),
            flag(path, at, value.get("conversion"), false),
            flag(path, at, value.get("implemented"), true),
            status(path, at, value.get("status")),
            bounds(path, &format!("{at}.range"), value.get("range")),
            bounds(path, &format!("{at}.length"), value.get("length")),
            optional_text(path, at, value.get("pattern")),
        )
    }
}

fn object<'v>(path: &Path, at: &str, value: &'v Value) -> &'v Map<String, Value> {
    value
        .as_object()
        .unwrap_or_else(|| fail(path, &format!("{at}: not an object")))
}

fn field<'v>(path: &Path, value: &'v Value, key: &str) -> &'v Value {
    value
        .get(key)
        .unwrap_or_else(|| fail(path, &format!("`{key}` missing in {value}")))
}

fn text<'v>(path: &Path, at: &str, value: &'v Value) -> &'v str {
    value
        .as_str()
        .unwrap_or_else(|| fail(path, &format!("{at}: `{value}` is not text")))
}

/// A list of strings as the inside of a Rust slice literal.
fn strings(path: &Path, at: &str, value: &Value) -> String {
    let Value::Array(items) = value else {
        fail(path, &format!("{at}: `{value}` is not a list"));
    };
    let items: Vec<String> = items
        .iter()
        .map(|item| format!("{:?}", text(path, at, item)))
        .collect();
    items.join(", ")
}

fn optional_text(path: &Path, at: &str, value: Option<&Value>) -> String {
    match value {
        Some(value) => format!("Some({:?})", text(path, at, value)),
        None => "None".to_owned(),
    }
}

fn flag(path: &Path, at: &str, value: Option<&Value>, default: bool) -> bool {
    match value {
        Some(value) => value
            .as_bool()
            .unwrap_or_else(|| fail(path, &format!("{at}: `{value}` is not a boolean"))),
        None => default,
    }
}

fn status(path: &Path, at: &str, value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "None".to_owned();
    };
    let variant = match text(path, at, value) {
        "deprecated" => "Deprecated",
        "hidden" => "Hidden",
        "unsupported" => "Unsupported",
        "unknown" => "Unknown",
        other => fail(path, &format!("{at}: unknown status `{other}`")),
    };
    format!("Some(Status::{variant})")
}

/// A float as Rust source (always with a fraction or exponent, so it types as `f64`).
fn float(value: f64) -> String {
    let text = format!("{value:?}");
    if text.contains(['.', 'e', 'E']) {
        text
    } else {
        format!("{text}.0")
    }
}

fn bounds(path: &Path, at: &str, value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "None".to_owned();
    };
    let bound = |v: &Value| match v {
        Value::Null => "None".to_owned(),
        v => match v.as_f64() {
            Some(n) => format!("Some({})", float(n)),
            None => fail(path, &format!("{at}: `{v}` is not a number")),
        },
    };
    match value.as_array().map(Vec::as_slice) {
        Some([min, max]) => format!("Some([{}, {}])", bound(min), bound(max)),
        _ => fail(path, &format!("{at}: `{value}` is not [min, max]")),
    }
}

fn literal(path: &Path, at: &str, value: &Value) -> String {
    match value {
        Value::Bool(b) => format!("Literal::Bool({b})"),
        Value::String(s) => format!("Literal::Str({s:?})"),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => format!("Literal::Int({i})"),
            (None, Some(_)) if n.is_u64() => {
                fail(path, &format!("{at}: allowed value {n} is beyond 64 bits"))
            }
            (None, Some(f)) => format!("Literal::Float({})", float(f)),
            (None, None) => fail(path, &format!("{at}: allowed value {n} is no number")),
        },
        other => fail(
            path,
            &format!("{at}: allowed value `{other}` is no literal"),
        ),
    }
}
