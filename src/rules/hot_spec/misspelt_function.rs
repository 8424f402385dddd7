//! R-92635/misspelt-function: a single-key map whose key is nearly a function name.

use crate::hot::arguments;
use crate::hot::functions::Scope;
use crate::hot::lookalike::distance;
use crate::hot::version::{Version, hot_equivalent};
use crate::report::Keyword;
use crate::rules::{Check, Context, Findings, Rule, RuleMeta};

/// A likely misspelt function.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/misspelt-function",
        keyword: Keyword::Should,
        section: "HOT specification / intrinsic functions",
        summary: "A single-key map whose key is nearly a function name (`get_parm`, \
                  `str_repalce`) is probably a misspelt function.",
        why: "Heat only calls functions it knows by their exact name; a misspelt one is passed \
              on as a plain map, so the resource gets `{get_parm: image}` instead of the image \
              name and fails (or misbehaves) at deployment.",
        fix: "Correct the function name; if the key really is data, rename it so it cannot be \
              mistaken for a function.",
    },
    check: Check::Hot(check),
};

/// Shortest key considered: shorter words (`port`, `name`, `and`) are too often data.
const MIN_LENGTH: usize = 6;

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, maps) in context.templates.iter().zip(&context.other_maps) {
        let Some(version) = template.version() else {
            continue;
        };
        for map in maps {
            let key = map.function();
            // CloudFormation-only functions are unknown-function's, with their HOT equivalent.
            if hot_equivalent(key).is_some() {
                continue;
            }
            if let Some(meant) = meant(key, map.args, map.scope, version) {
                findings.report(
                    template.file,
                    map.name.span,
                    map.path.clone(),
                    format!(
                        "`{key}` looks like a misspelt `{meant}`; Heat passes it on as a plain \
                         map instead of calling `{meant}`"
                    ),
                );
            }
        }
    }
}

/// The function `key` was probably meant to be.
fn meant(
    key: &str,
    args: &crate::yaml::Node,
    scope: Scope,
    version: Version,
) -> Option<&'static str> {
    let length = key.chars().count();
    let candidates: Vec<&'static str> = if scope == Scope::Condition {
        version.condition_functions().to_vec()
    } else {
        version.function_names().collect()
    };
    if let Some(same) = candidates.iter().find(|c| c.eq_ignore_ascii_case(key)) {
        return Some(same);
    }
    if length < MIN_LENGTH {
        return None;
    }
    candidates
        .into_iter()
        .filter(|c| c.len() >= MIN_LENGTH)
        .filter_map(|candidate| {
            let limit = if candidate.len() > 8 { 2 } else { 1 };
            let d = distance(key, candidate, limit)?;
            // A plain word (`filter`, `repeat`) only counts when letters are swapped or
            // replaced, not added (`filters` is data), and the arguments fit the function.
            let plain_word = !candidate.contains('_') && !candidate.contains(':');
            if plain_word && (length != candidate.len() || !arguments::fits(candidate, args)) {
                return None;
            }
            Some((d, candidate))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Node, Span, Value};

    fn text(s: &str) -> Node {
        Node {
            value: Value::Str(s.to_owned()),
            span: Span::default(),
        }
    }

    fn guess(key: &str, args: &Node) -> Option<&'static str> {
        meant(key, args, Scope::Resource, Version::LATEST)
    }

    #[test]
    fn finds_misspelt_functions() {
        assert_eq!(guess("get_parm", &text("image")), Some("get_param"));
        assert_eq!(guess("get_resouce", &text("port")), Some("get_resource"));
        assert_eq!(guess("getparam", &text("image")), Some("get_param"));
        assert_eq!(guess("Get_Param", &text("image")), Some("get_param"));
        assert_eq!(guess("str_repalce", &text("x")), Some("str_replace"));
    }

    #[test]
    fn leaves_ordinary_keys_alone() {
        for key in [
            "port", "name", "network", "networks", "filters", "flavor", "image",
        ] {
            assert_eq!(guess(key, &text("x")), None, "{key}");
        }
        // A swapped plain word whose arguments are not a call's stays data.
        assert_eq!(guess("fitler", &text("web")), None);
    }
}
