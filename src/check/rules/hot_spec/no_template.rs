//! R-92635/no-template: a template set holds a template. A set of environment files alone
//! is checked (their sections, their pairing) rather than refused, and this says that
//! nothing could be deployed from it.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::set::SourceFile;
use crate::model::hot::{HotSet, Role};

/// A set without a template.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/no-template",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "A template set holds at least one HOT template; environment files are read \
                  with the template they belong to.",
        why: "Heat creates a stack from a template; an environment file only gives values and \
              mappings to one, so a set of environment files alone deploys nothing, and SDC \
              refuses an environment file that is not associated with a template.",
        fix: "Add the templates the environment files belong to (`base_vfw.yaml` beside \
              `base_vfw.env`), or validate the folder that holds them.",
    },
    check: Check::Hot(check),
};

/// The environment files of a set that holds no template, in path order (empty when it holds
/// a template).
pub(crate) fn environments_without_template(set: &HotSet) -> Vec<&SourceFile> {
    if set.files.iter().any(|f| f.is_template()) {
        return Vec::new();
    }
    let mut envs: Vec<&SourceFile> = set
        .files
        .iter()
        .filter(|f| f.role == Role::Environment)
        .collect();
    envs.sort_by(|a, b| a.path.cmp(&b.path));
    envs
}

/// `a.env`, `b.env` and 3 more, for messages.
pub(crate) fn listed(files: &[&SourceFile]) -> String {
    const SHOWN: usize = 6;
    let mut names: Vec<String> = files
        .iter()
        .take(SHOWN)
        .map(|f| format!("`{}`", f.path))
        .collect();
    if files.len() > SHOWN {
        names.push(format!("{} more", files.len() - SHOWN));
    }
    names.join(", ")
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let envs = environments_without_template(context.set);
    let Some(first) = envs.first() else {
        return;
    };
    findings.report_file(
        first,
        "",
        format!(
            "no template found: the set holds only environment files ({})",
            listed(&envs)
        ),
    );
}
