//! R-10834: at most two levels of `get_param` in a resource property, the inner one a plain
//! parameter name.
//!
//! `{get_param: [names, {get_param: index}]}` is the deepest nesting allowed. A `get_param`
//! inside another `get_param`'s arguments (directly or through other functions) must take a
//! plain name: a list there is the "list inside list" SDC cannot read, and a function there is
//! a third level. Each offending inner `get_param` is reported once, by its nearest enclosing
//! `get_param`.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::{Key, Node, Value};
use crate::model::hot::functions::Call;

/// A `get_param` nested too deep.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-10834",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / resources / properties",
        summary: "A property nests `get_param` at most two deep, and the inner `get_param` reads \
                  a plain parameter name (no list, no further function).",
        why: "SDC resolves nested `get_param` only in the form `{get_param: [list, {get_param: \
              index}]}`; deeper nesting or a list inside the inner lookup is rejected or \
              resolved wrongly when the service is designed.",
        fix: "Make the inner lookup a single parameter: `{get_param: [vfw_names, {get_param: \
              vfw_index}]}`; pass an already-selected value as its own parameter instead of \
              indexing twice.",
    },
    check: Check::Hot(check),
};

/// True when `call` sits in the `properties` of its resource.
fn in_properties(call: &Call<'_>) -> bool {
    call.path
        .strip_prefix("resources.")
        .and_then(|rest| rest.strip_prefix(call.owner))
        .is_some_and(|rest| rest == ".properties" || rest.starts_with(".properties."))
}

/// The `get_param` key and arguments when `node` is a `{get_param: …}` call.
fn as_get_param(node: &Node) -> Option<(&Key, &Node)> {
    let map = node.as_map()?;
    let (key, args) = map.iter().next()?;
    (map.len() == 1 && key.text == "get_param").then_some((key, args))
}

/// The `get_param` calls nearest inside `args`, with their dotted paths relative to `args`.
fn inner_get_params(args: &Node) -> Vec<(String, &Key, &Node)> {
    let mut found = Vec::new();
    let mut pending: Vec<(String, &Node)> = vec![(String::new(), args)];
    while let Some((path, node)) = pending.pop() {
        if let Some((key, inner_args)) = as_get_param(node) {
            found.push((path, key, inner_args));
            continue;
        }
        match &node.value {
            Value::Map(map) => {
                for (key, value) in map.iter().rev() {
                    pending.push((format!("{path}.{}", key.text), value));
                }
            }
            Value::Seq(items) => {
                for (i, value) in items.iter().enumerate().rev() {
                    pending.push((format!("{path}.{i}"), value));
                }
            }
            _ => {}
        }
    }
    found
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, calls) in context.templates_with_calls() {
        for call in calls {
            if call.function() != "get_param" || !in_properties(call) {
                continue;
            }
            // A plain name has nothing nested.
            if call.args.as_str().is_some() {
                continue;
            }
            for (relative, key, inner_args) in inner_get_params(call.args) {
                if inner_args.as_str().is_some() {
                    continue;
                }
                let shape = match inner_args.as_seq() {
                    Some(items) if items.iter().any(|item| as_get_param(item).is_some()) => {
                        "a list with a further `get_param` (a third level)"
                    }
                    Some(_) => "a list (a list inside a list)",
                    None => "a computed value (a third level)",
                };
                findings.report(
                    template.file,
                    key.span,
                    format!("{}.get_param{relative}", call.path),
                    format!(
                        "the inner `get_param` reads {shape}; it must read a plain parameter name"
                    ),
                );
            }
        }
    }
}
