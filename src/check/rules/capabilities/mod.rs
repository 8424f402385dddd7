//! Template composition (the capabilities spec, seed 004): annotations, registry lists, the
//! TripleO capabilities map, environment merging, and choices that do not resolve. Ids are
//! vnfwiz's own (`CAP-…`); every check is a MUST because Heat (or the composition) fails
//! otherwise.

mod ambiguous;
mod annotation;
mod map;
mod merge;
mod registry_list;
mod unresolved;

use crate::model::capabilities::ProblemKind;

use super::{Context, Findings, Rule};

/// The composition rules.
pub const RULES: &[&Rule] = &[
    &annotation::RULE,
    &registry_list::RULE,
    &map::RULE,
    &merge::RULE,
    &ambiguous::RULE,
    &unresolved::RULE,
];

/// Reports every finding of one kind made while reading or merging the composition data.
fn report_problems(context: &Context<'_>, findings: &mut Findings<'_>, kind: ProblemKind) {
    let composed = context.composed();
    let problems = composed
        .composition
        .problems
        .iter()
        .chain(&composed.resolution.problems);
    for problem in problems.filter(|p| p.kind == kind) {
        findings.report(
            context.set.file(problem.file),
            problem.span,
            problem.path.clone(),
            problem.message.clone(),
        );
    }
}

/// Candidates shown as related places of one violation at most.
const RELATED: usize = 24;

/// Reports the choices whose outcome `is_reported` selects, at the place the choice is made,
/// with each candidate as a related place.
fn report_choices(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    is_reported: fn(&crate::model::capabilities::Outcome) -> bool,
) {
    let composed = context.composed();
    let (composition, resolution) = (&composed.composition, &composed.resolution);
    for outcome in resolution
        .choices
        .iter()
        .filter(|c| is_reported(&c.outcome))
    {
        let Some(message) = outcome.problem(composition, resolution) else {
            continue;
        };
        let Some((file, span, path)) = outcome.place(composition) else {
            continue;
        };
        let violation = findings.report(context.set.file(file), span, path, message);
        // Each candidate's first place; a list of thousands stays a readable report.
        for (i, candidate) in outcome.choice.candidates.iter().enumerate().take(RELATED) {
            if let Some(&(at, place)) = candidate.places.first() {
                violation.also(
                    &context.set.file(at).path,
                    place,
                    format!("candidate {}", outcome.describe(composition, i)),
                );
            }
        }
    }
}
