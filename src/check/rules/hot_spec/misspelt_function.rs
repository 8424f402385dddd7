//! R-92635/misspelt-function: a single-key map whose key is nearly a function name.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::arguments;
use crate::model::hot::functions::Scope;
use crate::model::hot::lookalike::distance;
use crate::model::hot::version::{Version, hot_equivalent};

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
    // The same keys recur thousands of times (`port`, `ip_address`); their near functions
    // are computed once per key, scope kind and version.
    let mut near_by_key: HashMap<(&str, bool, Version), Near> = HashMap::new();
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
            let condition = map.scope == Scope::Condition;
            let near = near_by_key
                .entry((key, condition, version))
                .or_insert_with(|| near(key, condition, version));
            if let Some(meant) = near.meant(key, map.args) {
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

/// The functions a key is close to, before its arguments are looked at.
struct Near {
    /// A function with the same name in another letter case.
    same: Option<&'static str>,
    /// Functions within the edit limit, with their distance, in the version's order.
    close: Vec<(usize, &'static str)>,
}

/// The functions of `version` (condition functions when `condition`) close to `key`.
fn near(key: &str, condition: bool, version: Version) -> Near {
    let candidates: Vec<&'static str> = if condition {
        version.condition_functions().to_vec()
    } else {
        version.function_names().collect()
    };
    let same = candidates
        .iter()
        .copied()
        .find(|c| c.eq_ignore_ascii_case(key));
    if same.is_some() || key.chars().count() < MIN_LENGTH {
        return Near {
            same,
            close: Vec::new(),
        };
    }
    let close = candidates
        .into_iter()
        .filter(|c| c.len() >= MIN_LENGTH)
        .filter_map(|candidate| {
            let limit = if candidate.len() > 8 { 2 } else { 1 };
            distance(key, candidate, limit).map(|d| (d, candidate))
        })
        .collect();
    Near { same, close }
}

impl Near {
    /// The function `key`, written with `args`, was probably meant to be.
    fn meant(&self, key: &str, args: &crate::input::yaml::Node) -> Option<&'static str> {
        if self.same.is_some() {
            return self.same;
        }
        let length = key.chars().count();
        self.close
            .iter()
            .filter(|(_, candidate)| {
                // A plain word (`filter`, `repeat`) only counts when letters are swapped or
                // replaced, not added (`filters` is data), and the arguments fit the function.
                let plain_word = !candidate.contains('_') && !candidate.contains(':');
                !plain_word || (length == candidate.len() && arguments::fits(candidate, args))
            })
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| *c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::Span;
    use crate::input::yaml::{Node, Value};

    fn text(s: &str) -> Node {
        Node {
            value: Value::Str(s.to_owned()),
            span: Span::default(),
        }
    }

    fn guess(key: &str, args: &Node) -> Option<&'static str> {
        near(key, false, Version::LATEST).meant(key, args)
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
