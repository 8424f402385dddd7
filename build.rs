//! Compiles Heat's resource types into the binary: every `data/*.json` file (written by
//! `scripts/heat_types/`, docs/heat-types.md) becomes Rust statics in
//! `$OUT_DIR/heat_types.rs`, which `src/model/hot/heat_types.rs` includes. Nothing is
//! parsed when vnfwiz runs; the build fails, naming the file and the place, when a file does
//! not hold what the types' reader expects.
//!
//! The statics hold no pointers (texts are ranges of one string, lists and maps ranges of one
//! table per element type), so the loader of the position-independent binary has nothing of
//! them to relocate at start (docs/decisions.md).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

/// The data format this generator reads (the files' `format`).
const FORMAT: u64 = 1;

fn main() {
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
        let follows = out.text(text(here, "heat.follows", field(here, heat, "follows")));
        let releases = out.strings(here, "heat.releases", field(here, heat, "releases"));
        let heat_code = format!("HeatReleases {{ follows: {follows}, releases: {releases} }}");
        let contrail_code = match &self.contrail {
            Some(contrail) => {
                let repository = text(
                    here,
                    "contrail.repository",
                    field(here, contrail, "repository"),
                );
                let commit = text(here, "contrail.commit", field(here, contrail, "commit"));
                format!(
                    "Some(ContrailSource {{ repository: {}, commit: {} }})",
                    out.text(repository),
                    out.text(commit)
                )
            }
            None => "None".to_owned(),
        };
        let aliases: Vec<String> = self
            .aliases
            .iter()
            .map(|(name, target)| format!("({}, {})", out.text(name), out.text(target)))
            .collect();
        let types: Vec<String> = self
            .types
            .iter()
            .map(|(name, (path, definition))| {
                let code = out.resource_type(path, name, definition);
                format!("({}, {code})", out.text(name))
            })
            .collect();
        let aliases = out.range(Table::Aliases, aliases);
        let types = out.range(Table::Types, types);
        let mut code = String::new();
        let _ = writeln!(code, "static TEXT: &str = {:?};", out.text);
        for table in Table::ALL {
            let rows = &out.tables[table as usize];
            let _ = writeln!(
                code,
                "static {}: [{}; {}] = [{}];",
                table.name(),
                table.element(),
                rows.len(),
                rows.join(",\n")
            );
            let _ = writeln!(
                code,
                "impl Table for {} {{ fn table() -> &'static [Self] {{ &{} }} }}",
                table.element(),
                table.name()
            );
        }
        let _ = writeln!(
            code,
            "static HEAT_TYPES: HeatTypes = HeatTypes {{ heat: {heat_code}, contrail: {contrail_code}, aliases: Map::{aliases}, types: Map::{types} }};"
        );
        code
    }
}

/// The generated tables: every list and map is a range of the table of its element type.
#[derive(Clone, Copy)]
enum Table {
    Lists,
    Literals,
    Renames,
    Items,
    Properties,
    Attributes,
    Types,
    Aliases,
}

impl Table {
    const ALL: [Table; 8] = [
        Table::Lists,
        Table::Literals,
        Table::Renames,
        Table::Items,
        Table::Properties,
        Table::Attributes,
        Table::Types,
        Table::Aliases,
    ];

    fn name(self) -> &'static str {
        match self {
            Table::Lists => "LISTS",
            Table::Literals => "LITERALS",
            Table::Renames => "RENAMES",
            Table::Items => "ITEMS",
            Table::Properties => "PROPERTIES",
            Table::Attributes => "ATTRIBUTES",
            Table::Types => "TYPES",
            Table::Aliases => "ALIASES",
        }
    }

    fn element(self) -> &'static str {
        match self {
            Table::Lists => "Text",
            Table::Literals => "Literal",
            Table::Renames => "Rename",
            Table::Items => "PropertySchema",
            Table::Properties => "(Text, PropertySchema)",
            Table::Attributes => "(Text, AttributeSchema)",
            Table::Types => "(Text, ResourceType)",
            Table::Aliases => "(Text, Text)",
        }
    }
}

/// Writes the text and the tables that the types' value refers to.
#[derive(Default)]
struct Generator {
    /// Every text, each once.
    text: String,
    /// Where each text is in `text`.
    placed: HashMap<String, usize>,
    /// The rows of each table, in `Table` order.
    tables: [Vec<String>; 8],
}

impl Generator {
    /// `value` as a `Text::new(at, len)` expression, added to the text when new.
    fn text(&mut self, value: &str) -> String {
        let at = match self.placed.get(value) {
            Some(&at) => at,
            None => {
                let at = self.text.len();
                self.text.push_str(value);
                self.placed.insert(value.to_owned(), at);
                at
            }
        };
        let len = value.len();
        u32::try_from(at + len).expect("the types' text fits in 4 GiB");
        format!("Text::new({at}, {len})")
    }

    /// `rows` appended to `table`, as a `new(start, len)` call of their range.
    fn range(&mut self, table: Table, rows: Vec<String>) -> String {
        let rows_of = &mut self.tables[table as usize];
        let start = rows_of.len();
        let len = rows.len();
        rows_of.extend(rows);
        format!("new({start}, {len})")
    }

    /// A list of strings as a `Slice::new(…)` expression.
    fn strings(&mut self, path: &Path, at: &str, value: &Value) -> String {
        let Value::Array(items) = value else {
            fail(path, &format!("{at}: `{value}` is not a list"));
        };
        let items: Vec<String> = items
            .iter()
            .map(|item| self.text(text(path, at, item)))
            .collect();
        format!("Slice::{}", self.range(Table::Lists, items))
    }

    fn optional_text(&mut self, path: &Path, at: &str, value: Option<&Value>) -> String {
        match value {
            Some(value) => format!("Some({})", self.text(text(path, at, value))),
            None => "None".to_owned(),
        }
    }

    fn resource_type(&mut self, path: &Path, name: &str, definition: &Value) -> String {
        let properties = match definition.get("properties") {
            Some(properties) => self.schemas(path, name, properties),
            None => "Map::new(0, 0)".to_owned(),
        };
        let attributes = match definition.get("attributes") {
            Some(attributes) => {
                let entries: Vec<String> = object(path, name, attributes)
                    .iter()
                    .map(|(attribute, schema)| {
                        let at = format!("{name}.attributes.{attribute}");
                        format!(
                            "({}, AttributeSchema {{ kind: {}, status: {} }})",
                            self.text(attribute),
                            self.optional_text(path, &at, schema.get("type")),
                            status(path, &at, schema.get("status"))
                        )
                    })
                    .collect();
                format!("Map::{}", self.range(Table::Attributes, entries))
            }
            None => "Map::new(0, 0)".to_owned(),
        };
        let renamed: Vec<String> = match definition.get("renamed") {
            Some(Value::Array(renames)) => renames
                .iter()
                .map(|rename| {
                    let at = format!("{name}.renamed");
                    format!(
                        "Rename {{ from: {}, to: {} }}",
                        self.strings(path, &at, field(path, rename, "from")),
                        self.strings(path, &at, field(path, rename, "to"))
                    )
                })
                .collect(),
            Some(_) => fail(path, &format!("{name}.renamed: not a list")),
            None => Vec::new(),
        };
        let renamed = self.range(Table::Renames, renamed);
        let releases = match definition.get("releases") {
            Some(releases) => self.strings(path, name, releases),
            None => "Slice::new(0, 0)".to_owned(),
        };
        format!(
            "ResourceType {{ status: {}, status_since: {}, placeholder: {}, open: {}, properties: {properties}, attributes: {attributes}, custom_attributes: {}, renamed: Slice::{renamed}, releases: {releases}, schema_from: {}, vendor: {} }}",
            status(path, name, definition.get("status")),
            self.optional_text(path, name, definition.get("status_since")),
            flag(path, name, definition.get("placeholder"), false),
            flag(path, name, definition.get("open"), false),
            flag(path, name, definition.get("custom_attributes"), false),
            self.optional_text(path, name, definition.get("schema_from")),
            self.optional_text(path, name, definition.get("vendor")),
        )
    }

    /// A map of named property schemas, as a `Map::new(…)` expression.
    fn schemas(&mut self, path: &Path, owner: &str, value: &Value) -> String {
        let entries: Vec<String> = object(path, owner, value)
            .iter()
            .map(|(name, schema)| {
                let code = self.schema(path, &format!("{owner}.{name}"), schema);
                format!("({}, {code})", self.text(name))
            })
            .collect();
        format!("Map::{}", self.range(Table::Properties, entries))
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
                let literals: Vec<String> =
                    literals.iter().map(|l| self.literal(path, at, l)).collect();
                format!("Some(Slice::{})", self.range(Table::Literals, literals))
            }
            Some(_) => fail(path, &format!("{at}.allowed: not a list")),
            None => "None".to_owned(),
        };
        let custom = match value.get("custom") {
            Some(names) => format!(
                "Some({})",
                self.strings(path, &format!("{at}.custom"), names)
            ),
            None => "None".to_owned(),
        };
        let keys = match value.get("keys") {
            Some(keys) => format!("Some({})", self.schemas(path, at, keys)),
            None => "None".to_owned(),
        };
        let items = match value.get("items") {
            Some(items) => {
                let code = self.schema(path, &format!("{at}.items"), items);
                let item = self.tables[Table::Items as usize].len();
                self.tables[Table::Items as usize].push(code);
                format!("Some({item})")
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
            self.optional_text(path, at, value.get("pattern")),
        )
    }

    fn literal(&mut self, path: &Path, at: &str, value: &Value) -> String {
        match value {
            Value::Bool(b) => format!("Literal::Bool({b})"),
            Value::String(s) => format!("Literal::Str({})", self.text(s)),
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
