//! R-50011: an `OS::Heat::ResourceGroup`'s `count` comes from a parameter that the module's
//! environment file lists with a value.
//!
//! `count` must read `{get_param: P}`. In a module, `P` must be under the environment's
//! `parameters:` with a non-empty value; in a nested file, each calling resource must pass `P`
//! as a `get_param` that leads, the same way, to a value in its module's environment. A
//! missing `count`, a literal or a value computed another way is not enumerated in an
//! environment. A module without an environment file is R-86285's.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};
use crate::model::hot::usage::direct_read;
use crate::model::hot::{FileId, TemplateKind};

/// A group size not taken from the environment.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-50011",
        keyword: Keyword::Must,
        section: "ONAP Heat Template Constructs / Nested Heat Templates / Use of Heat \
                  ResourceGroup / OS::Heat::ResourceGroup Property count",
        summary: "An `OS::Heat::ResourceGroup`'s `count` reads a parameter that the module's \
                  environment file lists with a value.",
        why: "The number of VMs or ports a group creates is the operator's decision per \
              deployment; ONAP sets it only through the environment file, so a count fixed in \
              the template or left without a value cannot be sized when the module is created.",
        fix: "Write `count: {get_param: <vm-type>_count}` (passed down unchanged through nested \
              files), declare the parameter in the module and give it a value under \
              `parameters:` in the module's `.env`.",
    },
    check: Check::Hot(check),
};

const GROUP: &str = "OS::Heat::ResourceGroup";

/// Where the chain from a `count` to an environment value breaks.
#[derive(Clone, Debug)]
enum Break {
    /// The module's environment does not list the parameter.
    NotListed { env: FileId, parameter: String },
    /// The environment lists it without a value.
    Empty {
        env: FileId,
        at: Span,
        parameter: String,
    },
    /// A calling resource does not pass it.
    NotPassed {
        parent: FileId,
        at: Span,
        resource: String,
        parameter: String,
    },
    /// A calling resource passes something other than a `get_param`.
    Fixed {
        parent: FileId,
        at: Span,
        parameter: String,
    },
}

struct Tracer<'c, 'a> {
    context: &'c Context<'a>,
    memo: HashMap<(FileId, String), Option<Break>>,
}

impl Tracer<'_, '_> {
    /// Where the chain from `parameter` of `template` to an environment value breaks.
    fn trace(&mut self, template: FileId, parameter: &str) -> Option<Break> {
        let key = (template, parameter.to_owned());
        if let Some(known) = self.memo.get(&key) {
            return known.clone();
        }
        // A loop counts as no break while it is being followed.
        self.memo.insert(key.clone(), None);
        let found = self.follow(template, parameter);
        self.memo.insert(key, found.clone());
        found
    }

    fn follow(&mut self, template: FileId, parameter: &str) -> Option<Break> {
        let context = self.context;
        let kind = context.template(template)?.kind;
        if kind != TemplateKind::Nested {
            let env = context.environment_of(template)?;
            let listed = env.parameters().find(|(name, _)| name.text == parameter);
            return match listed {
                None => Some(Break::NotListed {
                    env: env.id,
                    parameter: parameter.to_owned(),
                }),
                Some((name, value)) if value.is_blank() => Some(Break::Empty {
                    env: env.id,
                    at: name.span,
                    parameter: parameter.to_owned(),
                }),
                Some(_) => None,
            };
        }
        let callers: Vec<_> = context.nesting().callers(template).copied().collect();
        for caller in callers {
            let passed = caller.slot.properties().and_then(|p| p.get(parameter));
            let found = match passed {
                None => Some(Break::NotPassed {
                    parent: caller.parent.id,
                    at: caller.slot.type_node.span,
                    resource: caller.slot.resource.text.clone(),
                    parameter: parameter.to_owned(),
                }),
                Some(value) => match direct_read(value).map(|r| r.name) {
                    Some(upper) => self.trace(caller.parent.id, upper),
                    None => Some(Break::Fixed {
                        parent: caller.parent.id,
                        at: value.span,
                        parameter: parameter.to_owned(),
                    }),
                },
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let mut tracer = Tracer {
        context,
        memo: HashMap::new(),
    };
    let set = context.set;
    for template in &context.templates {
        for (name, resource) in template.resources() {
            if crate::model::hot::template::resource_type(resource) != Some(GROUP) {
                continue;
            }
            let path = format!("resources.{}.properties.count", name.text);
            let Some(count) = resource.get("properties").and_then(|p| p.get("count")) else {
                findings.report(
                    template.file,
                    name.span,
                    path,
                    format!(
                        "resource group `{}` sets no `count`; read it from a parameter the \
                         environment file lists",
                        name.text
                    ),
                );
                continue;
            };
            let Some(parameter) = direct_read(count).map(|r| r.name) else {
                findings.report(
                    template.file,
                    count.span,
                    path,
                    "`count` is fixed in the template; read it with `get_param` from a \
                     parameter the environment file lists",
                );
                continue;
            };
            let Some(broken) = tracer.trace(template.id, parameter) else {
                continue;
            };
            let (message, related): (String, Option<(FileId, Span, String)>) = match broken {
                Break::NotListed { env, parameter } => (
                    format!(
                        "`count` reads `{parameter}`, which `{}` does not list",
                        file_name(&set.file(env).path)
                    ),
                    None,
                ),
                Break::Empty { env, at, parameter } => (
                    format!("`count` reads `{parameter}`, which the environment leaves empty"),
                    Some((env, at, format!("`{parameter}` has no value"))),
                ),
                Break::NotPassed {
                    parent,
                    at,
                    resource,
                    parameter,
                } => (
                    format!(
                        "`count` reads `{parameter}`, which `{resource}` in `{}` does not pass",
                        file_name(&set.file(parent).path)
                    ),
                    Some((parent, at, format!("`{resource}` calls this file"))),
                ),
                Break::Fixed {
                    parent,
                    at,
                    parameter,
                } => (
                    format!(
                        "`count` reads `{parameter}`, which `{}` sets in the template instead \
                         of from the environment",
                        file_name(&set.file(parent).path)
                    ),
                    Some((parent, at, format!("`{parameter}` is set here"))),
                ),
            };
            let violation = findings.report(template.file, count.span, path, message);
            if let Some((file, at, note)) = related {
                violation.also(&set.file(file).path, at, note);
            }
        }
    }
}
