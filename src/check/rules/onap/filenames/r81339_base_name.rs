//! R-81339: the base module's file name is `base_<text>`, `<text>_base`, `base` or
//! `<text>_base_<text>`, where each `<text>` is letters, digits and underscores without
//! `base` or `volume` (in any case).
//!
//! The extension is R-87485's concern; this rule reads the name before it. `base` may be
//! written in any case, as the requirement says the match is case insensitive.

use crate::check::rules::onap::vocabulary::file_name::{contains_ignoring_case, file_name, stem};
use crate::check::rules::onap::vocabulary::is_plain_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

/// A base module whose name does not follow one of ONAP's four forms.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-81339",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames / Base Modules",
        summary: "The base module is named `base_<text>.yaml`, `<text>_base.yaml`, `base.yaml` \
                  or `<text>_base_<text>.yaml`, each `<text>` made of letters, digits and \
                  underscores without `base` or `volume`.",
        why: "SDC recognises the base module, and pairs its environment and volume module, by \
              these name forms; a base named otherwise is onboarded as an add-on module and the \
              VNF has no base to deploy first.",
        fix: "Rename the base template (and its `.env`) to one of the forms, e.g. \
              `base_vfw.yaml` with `base_vfw.env`, and update `MANIFEST.json` if the package \
              has one.",
    },
    check: Check::Hot(check),
};

/// Why a base module name falls outside the four forms, if it does.
fn problem(stem: &str) -> Option<String> {
    let lower = stem.to_ascii_lowercase();
    let parts: Vec<&str> = lower.split("base").collect();
    let texts: Vec<&str> = match parts.as_slice() {
        [_] => return Some("it does not contain `base`".to_owned()),
        ["", ""] => return None,
        ["", rest] => match rest.strip_prefix('_') {
            Some(text) => vec![text],
            None => return Some("`base` must be followed by `_`".to_owned()),
        },
        [rest, ""] => match rest.strip_suffix('_') {
            Some(text) => vec![text],
            None => return Some("`base` must be preceded by `_`".to_owned()),
        },
        [before, after] => match (before.strip_suffix('_'), after.strip_prefix('_')) {
            (Some(a), Some(b)) => vec![a, b],
            _ => return Some("`base` must stand between underscores".to_owned()),
        },
        _ => return Some("it contains `base` more than once".to_owned()),
    };
    for text in texts {
        if !is_plain_name(text) {
            return Some(format!(
                "`{text}` beside `base` must be letters, digits and underscores"
            ));
        }
        if contains_ignoring_case(text, "volume") {
            return Some(format!("`{text}` beside `base` must not contain `volume`"));
        }
    }
    None
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for module in &context.set.modules {
        if module.kind != TemplateKind::Base {
            continue;
        }
        let file = context.set.file(module.template);
        if let Some(problem) = problem(stem(&file.path)) {
            findings.report_file(
                file,
                "",
                format!(
                    "base module `{}` is not named as ONAP names a base module: {problem}",
                    file_name(&file.path)
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn the_four_forms() {
        for good in [
            "base",
            "base_vfw",
            "vfw_base",
            "vfw_base_01",
            "Base_vFW",
            "VFW_BASE",
        ] {
            assert_eq!(problem(good), None, "{good}");
        }
        for bad in [
            "vfw",
            "basevfw",
            "vfwbase",
            "vfw-x_base",
            "base_",
            "_base",
            "base_base",
            "base_vfw_volume_x",
            "database_vfw",
        ] {
            assert!(problem(bad).is_some(), "{bad}");
        }
    }
}
