//! What a HOT rule sees (the set with its templates, env files and calls indexed once) and
//! where it reports.

use foldhash::{HashMap, HashMapExt, HashSet};
use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::foundation::diagnostics::{Related, Span, Violation};
use crate::input::yaml::{Node, span_at_byte};
use crate::model::capabilities::{Composition, Resolution, resolve};
use crate::model::hot::functions::{Call, single_key_maps};
use crate::model::hot::implementations::{Implementation, Implementations};
use crate::model::hot::nesting::NestingIndex;
use crate::model::hot::parameter_feeds::{ModuleParameter, ParameterFeeds};
use crate::model::hot::parameters::{ParameterSchema, ParsedSchema, Patterns, SchemaError};
use crate::model::hot::property_check::{
    self, ParamValue, ProblemKind, PropertyProblem, Subject, ValueSource,
};
use crate::model::hot::{Environment, FileId, HotSet, SourceFile, Template, Version};

use super::onap::vocabulary::ports::ip_version::v6_valued;
use super::onap::vocabulary::ports::{Ports, flow::Flow};
use super::onap::vocabulary::server::{Server, servers};
use super::onap::vocabulary::vm_type::VmTypes;
use crate::foundation::diagnostics::RuleMeta;

/// A loaded set prepared for the rules; built once per validation run.
pub struct Context<'a> {
    /// The set.
    pub set: &'a HotSet,
    /// Templates that parsed into mappings.
    pub templates: Vec<Template<'a>>,
    /// Environment files that parsed into mappings.
    pub environments: Vec<Environment<'a>>,
    /// Function calls of each template, parallel to `templates`.
    pub calls: Vec<Vec<Call<'a>>>,
    /// Other single-key maps of each template (misspelt-function candidates), parallel to
    /// `templates`.
    pub other_maps: Vec<Vec<Call<'a>>>,
    /// Parameter schemas of each HOT template, read on first use (patterns compile once).
    schemas: OnceLock<HashMap<FileId, ParameterSchemas<'a>>>,
    /// Composition data and its resolution, read on first use.
    composed: OnceLock<Composed<'a>>,
    /// The nesting graph, indexed on first use.
    nesting: OnceLock<NestingIndex<'a>>,
    /// Position of each template in `templates`, by file id.
    positions: HashMap<FileId, usize>,
    /// The `OS::Nova::Server` resources, found on first use.
    servers: OnceLock<Vec<Server<'a>>>,
    /// The VNF's `{vm-type}` vocabulary, read on first use.
    vm_types: OnceLock<VmTypes<'a>>,
    /// Nesting edges by nested template, indexed on first use.
    feeds: OnceLock<ParameterFeeds<'a>>,
    /// Port-like resources for the ONAP networking rules, found on first use.
    ports: OnceLock<Ports<'a>>,
    /// Where each parameter's value ends up in ports, followed on first use.
    flow: OnceLock<Flow<'a>>,
    /// Parameters whose default or env value holds an IPv6 address, read on first use.
    v6_valued: OnceLock<HashSet<(FileId, &'a str)>>,
    /// What implements every resource type slot, decided on first use.
    implementations: OnceLock<Implementations<'a>>,
    /// Properties Heat would refuse, by template, checked on first use.
    property_problems: OnceLock<Vec<(FileId, PropertyProblem)>>,
    /// Each file's text, when it is UTF-8, read on first use (fixes edit texts).
    texts: OnceLock<Vec<Option<&'a str>>>,
}

/// The set's composition data and its resolution without answers (what the set decides by
/// itself), built on first use and shared by the `CAP-…` rules.
#[derive(Debug)]
pub struct Composed<'a> {
    /// What the set offers.
    pub composition: Composition<'a>,
    /// What its own `requires:` decide.
    pub resolution: Resolution,
}

/// A template's parameter schemas by parameter name.
pub type ParameterSchemas<'a> = HashMap<&'a str, Result<ParsedSchema, SchemaError>>;

impl<'a> Context<'a> {
    /// Indexes a set for the rules.
    pub fn new(set: &'a HotSet) -> Context<'a> {
        let templates: Vec<Template<'a>> = set.templates().collect();
        let bytes = set.source_bytes();
        let (calls, other_maps) =
            crate::foundation::parallel::map_ordered(&templates, bytes, |t| {
                let found = single_key_maps(t);
                (found.calls, found.others)
            })
            .into_iter()
            .unzip();
        Context {
            set,
            environments: set.environments().collect(),
            positions: templates
                .iter()
                .enumerate()
                .map(|(i, t)| (t.id, i))
                .collect(),
            templates,
            calls,
            other_maps,
            schemas: OnceLock::new(),
            composed: OnceLock::new(),
            nesting: OnceLock::new(),
            servers: OnceLock::new(),
            vm_types: OnceLock::new(),
            feeds: OnceLock::new(),
            ports: OnceLock::new(),
            flow: OnceLock::new(),
            v6_valued: OnceLock::new(),
            implementations: OnceLock::new(),
            property_problems: OnceLock::new(),
            texts: OnceLock::new(),
        }
    }

    /// The text of file `id` when it is UTF-8 (each file checked once per context).
    pub fn text(&self, id: FileId) -> Option<&'a str> {
        let set = self.set;
        let texts = self.texts.get_or_init(|| {
            set.files
                .iter()
                .map(|f| std::str::from_utf8(&f.bytes).ok())
                .collect()
        });
        texts.get(id).copied().flatten()
    }

    /// What implements each resource type slot: a Heat type, nested templates, a registry
    /// mapping, or nothing Heat knows.
    pub fn implementations(&self) -> &Implementations<'a> {
        self.implementations
            .get_or_init(|| Implementations::of(self.set, &self.templates))
    }

    /// The properties of Heat-typed resources Heat would refuse, of one kind, with their
    /// templates (checked once for the three property rules).
    pub fn property_problems(
        &self,
        kind: ProblemKind,
    ) -> impl Iterator<Item = (&Template<'a>, &PropertyProblem)> {
        self.property_problems
            .get_or_init(|| self.check_properties())
            .iter()
            .filter(move |(_, p)| p.kind == kind)
            .filter_map(|(id, p)| Some((self.template(*id)?, p)))
    }

    fn check_properties(&self) -> Vec<(FileId, PropertyProblem)> {
        let mut patterns = Patterns::default();
        let mut values = HashMap::new();
        let mut out = Vec::new();
        for found in &self.implementations().slots {
            let Implementation::Heat(known) = &found.implementation else {
                continue;
            };
            let (template, slot) = (&found.template, &found.slot);
            // An external resource's properties are not used (HOT spec, `external_id`).
            let external = slot.member_of.is_none() && slot.definition.get("external_id").is_some();
            // Properties that are not a map are R-92635/resource-definition's to report.
            let unreadable = slot
                .definition
                .get("properties")
                .is_some_and(|p| p.as_map().is_none() && !p.is_null());
            if !template.is_hot() || known.resource_type.takes_anything() || external || unreadable
            {
                continue;
            }
            let owner = slot.owner();
            let subject = Subject {
                resource: &slot.resource.text,
                written: slot.written,
                owner: &owner,
                at: slot.properties_span(),
            };
            let values = values
                .entry(template.id)
                .or_insert_with(|| self.parameter_values(template));
            let problems = property_check::check(
                subject,
                known.resource_type,
                slot.properties(),
                &|name| values.get(name).copied(),
                &mut patterns,
            );
            out.extend(problems.into_iter().map(|p| (template.id, p)));
        }
        out
    }

    /// The values `get_param` gives a module template's text, number and boolean parameters
    /// when its stack is created: its environment file's `parameters`, else its
    /// `parameter_defaults`, else the default. A nested template's values come from its
    /// parent, so it has none here; lists and JSON values, which Heat converts first, are left
    /// out.
    fn parameter_values(&self, template: &Template<'a>) -> HashMap<&'a str, ParamValue<'a>> {
        let mut out = HashMap::new();
        if !self.set.modules.iter().any(|m| m.template == template.id) {
            return out;
        }
        let env = self.environment_of(template.id);
        for (name, definition) in template.parameters() {
            let kind = definition.get("type").and_then(Node::as_str);
            if !matches!(kind, Some("string" | "number" | "boolean")) {
                continue;
            }
            let from_env = env.as_ref().and_then(|env| {
                [
                    ("parameters", ValueSource::Parameters),
                    ("parameter_defaults", ValueSource::ParameterDefaults),
                ]
                .into_iter()
                .find_map(|(section, source)| {
                    let node = env.root.get(section)?.as_map()?.get(&name.text)?;
                    (!node.is_null()).then_some((node, env.file.path.as_str(), source))
                })
            });
            let value = from_env.or_else(|| {
                definition
                    .get("default")
                    .filter(|d| !d.is_null())
                    .map(|node| (node, template.path(), ValueSource::Default))
            });
            if let Some((node, file, source)) = value {
                out.insert(name.text.as_str(), ParamValue { node, file, source });
            }
        }
        out
    }

    /// Every `OS::Nova::Server` resource, in template then source order.
    pub fn servers(&self) -> &[Server<'a>] {
        self.servers.get_or_init(|| servers(&self.templates))
    }

    /// The VNF's `{vm-type}` vocabulary, read from its servers' names.
    pub fn vm_types(&self) -> &VmTypes<'a> {
        self.vm_types.get_or_init(|| VmTypes::of(self.servers()))
    }

    /// The module parameters whose values reach parameter `name` of `template` (itself, in
    /// a module template).
    pub fn module_parameters(
        &self,
        template: &Template<'a>,
        name: &'a str,
    ) -> Vec<ModuleParameter<'a>> {
        self.feeds
            .get_or_init(|| ParameterFeeds::of(self.set))
            .module_parameters(template, name)
    }

    /// Every Neutron port and Contrail interface or instance IP, with its network and the
    /// parameters it reads.
    pub fn ports(&self) -> &Ports<'a> {
        self.ports
            .get_or_init(|| Ports::of(&self.templates, self.v6_valued()))
    }

    /// The parameters of each template whose default or module env value holds an IPv6
    /// address.
    pub fn v6_valued(&self) -> &HashSet<(FileId, &'a str)> {
        self.v6_valued
            .get_or_init(|| v6_valued(&self.templates, self.set))
    }

    /// The port properties each template parameter feeds, through nested templates too.
    pub fn flow(&self) -> &Flow<'a> {
        self.flow
            .get_or_init(|| Flow::of(&self.templates, self.ports(), &self.set.nesting))
    }

    /// The composition data and its resolution without answers.
    pub fn composed(&self) -> &Composed<'a> {
        self.composed.get_or_init(|| {
            let composition = Composition::read(self.set);
            let resolution = resolve(&composition, &BTreeMap::new(), &BTreeMap::new());
            Composed {
                composition,
                resolution,
            }
        })
    }

    /// The parameter schemas of a HOT template, read once per run for all rules.
    pub fn parameter_schemas(&self, template: FileId) -> Option<&ParameterSchemas<'a>> {
        self.schemas
            .get_or_init(|| {
                let mut patterns = Patterns::default();
                self.templates
                    .iter()
                    .filter(|t| t.is_hot())
                    .map(|t| {
                        let version = t.version().unwrap_or(Version::LATEST);
                        let schemas = t
                            .parameters()
                            .map(|(name, definition)| {
                                let schema = ParameterSchema::from_definition_with(
                                    definition,
                                    version,
                                    &mut patterns,
                                );
                                (name.text.as_str(), schema)
                            })
                            .collect();
                        (t.id, schemas)
                    })
                    .collect()
            })
            .get(&template)
    }

    /// The nesting graph: callers, callees and levels of every nested template.
    pub fn nesting(&self) -> &NestingIndex<'a> {
        self.nesting.get_or_init(|| NestingIndex::of(self.set))
    }

    /// A template that parsed, by file id.
    pub fn template(&self, id: FileId) -> Option<&Template<'a>> {
        self.positions.get(&id).map(|&i| &self.templates[i])
    }

    /// The calls of a template that parsed, by file id.
    pub fn calls_of(&self, id: FileId) -> &[Call<'a>] {
        self.positions
            .get(&id)
            .map_or(&[], |&i| self.calls[i].as_slice())
    }

    /// Templates with their calls.
    pub fn templates_with_calls(&self) -> impl Iterator<Item = (&Template<'a>, &[Call<'a>])> {
        self.templates
            .iter()
            .zip(self.calls.iter().map(Vec::as_slice))
    }

    /// The environment file paired with a module template.
    pub fn environment_of(&self, template: FileId) -> Option<Environment<'a>> {
        let module = self.set.modules.iter().find(|m| m.template == template)?;
        self.set.environment(module.env?)
    }
}

/// Collects the violations of one rule.
pub struct Findings<'o> {
    rule: &'static RuleMeta,
    out: &'o mut Vec<Violation>,
}

impl<'o> Findings<'o> {
    /// Findings of `rule`, appended to `out`.
    pub fn new(rule: &'static RuleMeta, out: &'o mut Vec<Violation>) -> Findings<'o> {
        Findings { rule, out }
    }

    /// The rule being checked.
    pub fn rule(&self) -> &'static RuleMeta {
        self.rule
    }

    /// Reports a violation at `span` of `file`; returns it so related places can be added.
    pub fn report(
        &mut self,
        file: &SourceFile,
        span: Span,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> &mut Violation {
        self.report_at(&file.path, span, path, message)
    }

    /// Reports a violation at `span` of the file named `file` (relative to the input root).
    pub fn report_at(
        &mut self,
        file: &str,
        span: Span,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> &mut Violation {
        self.out.push(Violation {
            rule: self.rule,
            file: file.to_owned(),
            span,
            path: path.into(),
            message: message.into(),
            related: Vec::new(),
            also: Vec::new(),
        });
        let last = self.out.len() - 1;
        &mut self.out[last]
    }

    /// Reports a violation about `file` as a whole (a missing section), at its first line.
    pub fn report_file(
        &mut self,
        file: &SourceFile,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> &mut Violation {
        self.report(file, span_at_byte(&file.bytes, 0), path, message)
    }

    /// Walks a list of parameter names in `file` written at `path`: an item that is not a
    /// string is reported with the message `not_a_name` writes from its kind; each name is
    /// handed to `each` with its node and its path (`{path}.{index}`).
    pub fn each_name<'n>(
        &mut self,
        file: &SourceFile,
        items: &'n [Node],
        path: &str,
        not_a_name: impl Fn(&str) -> String,
        mut each: impl FnMut(&mut Self, &'n str, &'n Node, String),
    ) {
        for (i, item) in items.iter().enumerate() {
            let item_path = format!("{path}.{i}");
            match item.as_str() {
                Some(name) => each(self, name, item, item_path),
                None => {
                    self.report(file, item.span, item_path, not_a_name(item.kind()));
                }
            }
        }
    }
}

impl Violation {
    /// Adds another place that explains this violation.
    pub fn also(&mut self, file: &str, span: Span, message: impl Into<String>) -> &mut Self {
        self.related.push(Related {
            file: file.to_owned(),
            span,
            message: message.into(),
        });
        self
    }
}
