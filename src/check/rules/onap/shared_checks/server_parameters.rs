//! Checks shared by the Nova and Nova-metadata rules: a server value (a property such as
//! `flavor`, or a `metadata` key such as `vnf_id`) read from a parameter, that parameter's
//! declaration, and its place in the environment files.
//!
//! A value is "obtained via a `get_param`" when it is exactly one `get_param` call with a
//! plain name (`[name, index]` reads of list parameters included). A nested template's
//! parameter is judged in the environment file of every module whose parameters feed it
//! through the parents' properties (`hot::parameter_feeds`); a module without an
//! environment file is left to R-86285.

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::{Context, Findings};
use crate::input::yaml::{Key, Mapping, Node, span_at_byte};
use crate::model::hot::parameter_feeds::ModuleParameter;
use crate::model::hot::usage::{DirectRead, direct_read};
use crate::model::hot::{FileId, Template, TemplateKind};

use crate::check::rules::onap::vocabulary::server::Server;

/// Where a server value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A property (`flavor`, `image`, `name`, `availability_zone`).
    Property(&'static str),
    /// A key of the `metadata` property (`vnf_id`, `vf_module_index`, …).
    Metadata(&'static str),
}

impl Slot {
    /// The value's key and value on a server.
    pub fn of<'a>(self, server: &Server<'a>) -> Option<(&'a Key, &'a Node)> {
        match self {
            Slot::Property(name) => server.property(name),
            Slot::Metadata(name) => {
                let metadata = server.property("metadata")?.1.as_map()?;
                metadata.entry(name)
            }
        }
    }

    /// Dotted path of the value on a server.
    pub fn path(self, server: &Server<'_>) -> String {
        match self {
            Slot::Property(name) => server.path(name),
            Slot::Metadata(name) => format!("{}.{name}", server.path("metadata")),
        }
    }

    /// The value for messages: `` `flavor` `` or `` metadata `vnf_id` ``.
    pub fn label(self) -> String {
        match self {
            Slot::Property(name) => format!("`{name}`"),
            Slot::Metadata(name) => format!("metadata `{name}`"),
        }
    }

    /// The bare key name.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Property(name) | Slot::Metadata(name) => name,
        }
    }
}

/// Which servers a check covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Servers of every template.
    All,
    /// Servers defined in base and incremental module templates only.
    Modules,
}

impl Scope {
    fn covers(self, server: &Server<'_>) -> bool {
        match self {
            Scope::All => true,
            Scope::Modules => matches!(
                server.template.kind,
                TemplateKind::Base | TemplateKind::Incremental
            ),
        }
    }
}

/// A server value that is a plain `get_param`.
#[derive(Clone, Copy, Debug)]
pub struct ServerRead<'a> {
    /// Position of the server in the context's servers.
    pub server: usize,
    /// The value's key.
    pub key: &'a Key,
    /// The parameter read.
    pub read: DirectRead<'a>,
}

/// The `get_param` reads of a slot on the covered servers, in server order.
pub fn reads<'a>(context: &Context<'a>, slot: Slot, scope: Scope) -> Vec<ServerRead<'a>> {
    context
        .servers()
        .iter()
        .enumerate()
        .filter(|(_, server)| scope.covers(server))
        .filter_map(|(at, server)| {
            let (key, value) = slot.of(server)?;
            Some(ServerRead {
                server: at,
                key,
                read: direct_read(value)?,
            })
        })
        .collect()
}

/// Reports slot values that are not a `get_param` and, when `required`, servers without the
/// value (for a metadata key, also a `metadata` that is not a map).
pub fn via_get_param(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    slot: Slot,
    required: bool,
) {
    for server in context.servers() {
        match slot.of(server) {
            Some((_, value)) if direct_read(value).is_none() => {
                findings.report(
                    server.template.file,
                    value.span,
                    slot.path(server),
                    format!(
                        "{} of `{}` is {}, not a `get_param`",
                        slot.label(),
                        server.id.text,
                        describe(value)
                    ),
                );
            }
            None if required => report_missing(findings, server, slot),
            _ => {}
        }
    }
}

fn report_missing(findings: &mut Findings<'_>, server: &Server<'_>, slot: Slot) {
    let file = server.template.file;
    let Slot::Metadata(name) = slot else {
        findings.report(
            file,
            server.missing_place(),
            slot.path(server),
            format!("`{}` has no `{}` property", server.id.text, slot.name()),
        );
        return;
    };
    match server.property("metadata") {
        Some((_, metadata)) if metadata.as_map().is_none() => {
            findings.report(
                file,
                metadata.span,
                server.path("metadata"),
                format!(
                    "the metadata of `{}` is {}, so ONAP cannot find `{name}` in it; write it as \
                     a map",
                    server.id.text,
                    describe(metadata)
                ),
            );
        }
        Some((key, _)) => {
            findings.report(
                file,
                key.span,
                server.path("metadata"),
                format!("the metadata of `{}` has no `{name}`", server.id.text),
            );
        }
        None => {
            findings.report(
                file,
                server.missing_place(),
                server.path("metadata"),
                format!(
                    "`{}` has no `metadata`, so no `{name}` either",
                    server.id.text
                ),
            );
        }
    }
}

/// A value's shape for messages.
fn describe(value: &Node) -> String {
    match value
        .as_map()
        .filter(|m| m.len() == 1)
        .and_then(|m| m.iter().next())
    {
        Some((function, _)) => format!("a `{}` call", function.text),
        None => value.kind().to_owned(),
    }
}

/// Reports reads of a parameter named other than the metadata key itself
/// ("declared as `vnf_id`").
pub fn named_as_key(context: &Context<'_>, findings: &mut Findings<'_>, slot: Slot) {
    for found in reads(context, slot, Scope::All) {
        if found.read.name == slot.name() {
            continue;
        }
        let server = &context.servers()[found.server];
        findings.report(
            server.template.file,
            found.read.name_node.span,
            slot.path(server),
            format!(
                "{} of `{}` reads `{}`; ONAP supplies it only as a parameter named `{}`",
                slot.label(),
                server.id.text,
                found.read.name,
                slot.name()
            ),
        );
    }
}

/// Reports the declarations of the parameters a slot reads whose `type` is not one of
/// `allowed` (a missing `type` included), once per parameter.
pub fn declared_type(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    slot: Slot,
    scope: Scope,
    allowed: &[&str],
) {
    let mut seen: HashSet<(FileId, &str)> = HashSet::new();
    let wanted = allowed
        .iter()
        .map(|t| format!("`{t}`"))
        .collect::<Vec<_>>()
        .join(" or ");
    for found in reads(context, slot, scope) {
        let server = &context.servers()[found.server];
        let template = &server.template;
        let name = found.read.name;
        if !seen.insert((template.id, name)) {
            continue;
        }
        let Some(definition) = template.parameter(name) else {
            continue;
        };
        let Some(parameters) = template.root.get("parameters").and_then(Node::as_map) else {
            continue;
        };
        let declared = definition.get("type");
        match declared.and_then(Node::as_str) {
            Some(kind) if allowed.contains(&kind) => {}
            Some(kind) => {
                findings.report(
                    template.file,
                    declared.map_or(found.read.name_node.span, |t| t.span),
                    format!("parameters.{name}.type"),
                    format!(
                        "parameter `{name}`, read by {} of `{}`, is declared `{kind}`; it must be \
                         {wanted}",
                        slot.label(),
                        server.id.text
                    ),
                );
            }
            None => {
                let span = parameters.key(name).map_or(definition.span, |k| k.span);
                findings.report(
                    template.file,
                    span,
                    format!("parameters.{name}"),
                    format!(
                        "parameter `{name}`, read by {} of `{}`, has no `type`; it must be {wanted}",
                        slot.label(),
                        server.id.text
                    ),
                );
            }
        }
    }
}

/// Reports the `constraints` of the parameters a slot reads, once per parameter.
pub fn no_constraints(context: &Context<'_>, findings: &mut Findings<'_>, slot: Slot) {
    let mut seen: HashSet<(FileId, &str)> = HashSet::new();
    for found in reads(context, slot, Scope::All) {
        let server = &context.servers()[found.server];
        let template = &server.template;
        let name = found.read.name;
        if !seen.insert((template.id, name)) {
            continue;
        }
        let Some(definition) = template.parameter(name).and_then(Node::as_map) else {
            continue;
        };
        let Some(key) = declared_constraints(definition) else {
            continue;
        };
        findings.report(
            template.file,
            key.span,
            format!("parameters.{name}.constraints"),
            format!(
                "parameter `{name}`, read by {} of `{}`, has constraints; ONAP supplies its \
                 value and it must take it as given",
                slot.label(),
                server.id.text
            ),
        );
    }
}

/// Whether an environment file must or must not list the parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// Listed under `parameters:` with a value.
    Required,
    /// Not listed under `parameters:`.
    Forbidden,
}

/// A value read from a parameter, on a server or any other resource.
#[derive(Clone, Debug)]
pub struct FedValue<'a> {
    /// The template holding the resource.
    pub template: Template<'a>,
    /// The resource id.
    pub owner: &'a str,
    /// The value's key.
    pub key: &'a Key,
    /// The parameter read.
    pub name: &'a str,
    /// The value for messages (`` `flavor` ``, `` metadata `vnf_id` ``).
    pub what: String,
}

/// Reports module parameters feeding a slot that the module's environment file lists
/// (`Forbidden`) or does not list with a value (`Required`), once per module parameter.
pub fn in_environment(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    slot: Slot,
    scope: Scope,
    listing: Listing,
) {
    let servers = context.servers();
    let values = reads(context, slot, scope).into_iter().map(|found| {
        let server = &servers[found.server];
        FedValue {
            template: server.template,
            owner: &server.id.text,
            key: found.key,
            name: found.read.name,
            what: slot.label(),
        }
    });
    listed_in_environment(context, findings, values, listing);
}

/// Reports module parameters feeding the values that the module's environment file lists
/// (`Forbidden`) or does not list with a value (`Required`), once per module parameter.
pub fn listed_in_environment<'a>(
    context: &Context<'a>,
    findings: &mut Findings<'_>,
    values: impl IntoIterator<Item = FedValue<'a>>,
    listing: Listing,
) {
    let mut seen: HashSet<ModuleParameter<'_>> = HashSet::new();
    for value in values {
        // Built only for a finding: most values are fine, and this runs per server and rule.
        let feeds = || format!("{} of `{}`", value.what, value.owner);
        for fed in context.module_parameters(&value.template, value.name) {
            if !seen.insert(fed) {
                continue;
            }
            let Some(env) = context.environment_of(fed.module) else {
                continue;
            };
            let listed = env.root.get("parameters").and_then(Node::as_map);
            let entry = listed.and_then(|p| Some((p.key(fed.name)?, p.get(fed.name)?)));
            match (listing, entry) {
                (Listing::Forbidden, Some((key, _))) => {
                    findings
                        .report(
                            env.file,
                            key.span,
                            format!("parameters.{}", fed.name),
                            format!(
                                "`{}` lists `{}`, which feeds {}; ONAP supplies that value, \
                                 so the environment file must not list it",
                                env.file.path,
                                fed.name,
                                feeds(),
                            ),
                        )
                        .also(value.template.path(), value.key.span, "the value it feeds");
                }
                (Listing::Required, entry) => {
                    if entry.is_some_and(|(_, listed)| !listed.is_blank()) {
                        continue;
                    }
                    let Some(module) = context.set.template(fed.module) else {
                        continue;
                    };
                    let Some(declared) = module
                        .root
                        .get("parameters")
                        .and_then(Node::as_map)
                        .and_then(|p| p.key(fed.name))
                    else {
                        continue;
                    };
                    let state = if entry.is_some() {
                        "lists it without a value"
                    } else {
                        "does not list it"
                    };
                    let violation = findings.report(
                        module.file,
                        declared.span,
                        format!("parameters.{}", fed.name),
                        format!(
                            "parameter `{}` feeds {}, but `{}` {state}",
                            fed.name,
                            feeds(),
                            env.file.path
                        ),
                    );
                    match entry {
                        Some((key, _)) => violation.also(&env.file.path, key.span, "listed here"),
                        None => violation.also(
                            &env.file.path,
                            env.root
                                .key("parameters")
                                .map_or_else(|| span_at_byte(&env.file.bytes, 0), |k| k.span),
                            "the environment file",
                        ),
                    };
                    if value.template.id != module.id {
                        violation.also(value.template.path(), value.key.span, "the value it feeds");
                    }
                }
                (Listing::Forbidden, None) => {}
            }
        }
    }
}

/// The `constraints:` key of a parameter's definition, when it declares any (`constraints: []`
/// declares nothing).
pub fn declared_constraints(definition: &Mapping) -> Option<&Key> {
    let value = definition.get("constraints")?;
    if value.is_blank() {
        return None;
    }
    definition.key("constraints")
}
