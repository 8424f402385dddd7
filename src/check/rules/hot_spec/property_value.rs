//! R-92635/property-value: a property value of a resource of one of Heat's types, written or
//! given by a plain `get_param` at create, has the property's type (as Heat converts it) and
//! lies within its allowed values, range, length, pattern and offline custom constraints.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::Template;
use crate::model::hot::property_check::{ProblemKind, PropertyProblem, Via};

/// A literal Heat would refuse for its property.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/property-value",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A property value, written or given by `get_param` from the environment file \
                  or the parameter's default, has the property's type (text, integer, number, \
                  boolean, map, list, with Heat's conversions) and lies within its allowed \
                  values, range, length, pattern and address form (`ip_addr`, `net_cidr`, …).",
        why: "Heat converts and checks every property before creating anything, once \
              `get_param` is resolved; a map where a list belongs, `ten` for an integer, \
              `normal or direct` for a vnic type or a placeholder text for an IP address \
              fails the stack.",
        fix: "Write the value in the property's type, or pick one of the allowed values the \
              message lists; where an environment value or a default is at fault, correct it \
              there.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    // A parameter value at fault is one finding at the value, however many properties take
    // it; each property is a related place.
    let mut by_value: Vec<(&Via, Vec<(&Template<'_>, &PropertyProblem)>)> = Vec::new();
    for (template, problem) in context.property_problems(ProblemKind::Value) {
        let Some(via) = &problem.via else {
            findings.report(
                template.file,
                problem.span,
                problem.path.clone(),
                problem.message.clone(),
            );
            continue;
        };
        match by_value.iter_mut().find(|(v, _)| *v == via) {
            Some((_, uses)) => uses.push((template, problem)),
            None => by_value.push((via, vec![(template, problem)])),
        }
    }
    for (via, uses) in by_value {
        let (_, first) = uses[0];
        let violation =
            findings.report_at(&via.file, via.span, via.path.clone(), first.message.clone());
        for (template, problem) in uses {
            violation.also(
                template.path(),
                problem.span,
                format!("`{}` takes it through get_param", problem.path),
            );
        }
    }
}
