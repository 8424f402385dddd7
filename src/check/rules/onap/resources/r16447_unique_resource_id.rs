//! R-16447: a resource id is used once across every template of the VNF.
//!
//! Templates are read base module first, then incremental and volume modules, then nested
//! templates, each group in package order; a clash is reported at the later definition and
//! points at the first. A nested template used by several resources is one file and is read
//! once, so its ids never clash with themselves. Candidate implementations of one type (a
//! registry list, alternative environment files, `resource_type` annotations) never deploy
//! together, so their ids do not clash with each other.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Key;
use crate::model::hot::{FileId, Template, TemplateKind};

/// A resource id defined in two templates.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-16447",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / resources / resource ID",
        summary: "A resource id appears in only one template of the VNF (modules and nested \
                  templates together).",
        why: "Heat needs ids unique per template only, but ONAP keys VNF resources by id across \
              all modules; two `vfw_server_0` in different modules collide in SDC's model and in \
              inventory.",
        fix: "Rename one of the two resources, e.g. with the module or VM type as prefix \
              (`dns_server_0` in one, `lb_server_0` in the other), and update its references.",
    },
    check: Check::Hot(check),
};

fn rank(kind: TemplateKind) -> u8 {
    match kind {
        TemplateKind::Base => 0,
        TemplateKind::Incremental => 1,
        TemplateKind::Volume => 2,
        TemplateKind::Nested => 3,
    }
}

/// The choices each template is a candidate of (two templates sharing one never deploy
/// together).
fn choices_of(context: &Context<'_>) -> HashMap<FileId, Vec<usize>> {
    let mut of: HashMap<FileId, Vec<usize>> = HashMap::new();
    for (index, outcome) in context.composed().resolution.choices.iter().enumerate() {
        for file in outcome.choice.candidates.iter().filter_map(|c| c.file()) {
            of.entry(file).or_default().push(index);
        }
    }
    of
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let mut order: Vec<&Template<'_>> = context.templates.iter().collect();
    order.sort_by_key(|t| (rank(t.kind), t.id));
    let choices = choices_of(context);
    let exclusive = |a: FileId, b: FileId| {
        let (Some(x), Some(y)) = (choices.get(&a), choices.get(&b)) else {
            return false;
        };
        a != b && x.iter().any(|c| y.contains(c))
    };
    let mut earlier: HashMap<&str, Vec<(&Template<'_>, &Key)>> = HashMap::new();
    for template in order {
        for (name, _) in template.resources() {
            let definitions = earlier.entry(name.text.as_str()).or_default();
            let clash = definitions
                .iter()
                .find(|(other, _)| !exclusive(other.id, template.id))
                .copied();
            if let Some((first, first_key)) = clash {
                findings
                    .report(
                        template.file,
                        name.span,
                        format!("resources.{}", name.text),
                        format!(
                            "resource id `{}` is already used in `{}`",
                            name.text,
                            first.path()
                        ),
                    )
                    .also(first.path(), first_key.span, "the first definition");
            } else {
                definitions.push((template, name));
            }
        }
    }
}
