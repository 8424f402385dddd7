//! The latest evaluation in the wizard: asking the session for one when the answers
//! change, taking one that arrives (a stale one is dropped), and the write gate every step
//! reads from it. The review lists its findings, the parameters and capabilities steps
//! follow its questions, the write step and the step strip its gate; none of them reaches
//! into another step for it.

use std::sync::Arc;

use super::effect::Effect;
use super::evaluated::Evaluated;
use super::state::State;
use super::steps::parameters;

impl State {
    /// The latest evaluation, when there is one.
    pub fn evaluated(&self) -> Option<&Evaluated> {
        self.evaluation.as_deref()
    }

    /// Asks the session to evaluate the answers as they are now.
    pub fn evaluate(&mut self) -> Vec<Effect> {
        if self.opened.is_none() {
            return Vec::new();
        }
        self.generation += 1;
        self.evaluating = true;
        vec![Effect::Evaluate {
            generation: self.generation,
            draft: self.draft.clone(),
        }]
    }

    /// The answers changed: they are unsaved, and evaluated again.
    pub fn changed(&mut self) -> Vec<Effect> {
        self.unsaved = true;
        self.evaluate()
    }

    /// Whether the outputs can be written: the latest evaluation's gate is open.
    pub fn ready(&self) -> bool {
        self.evaluated().is_some_and(|e| e.gate.is_open())
    }

    /// Why the outputs cannot be written, in one line; none while there is no evaluation
    /// yet or its gate is open.
    pub fn blocking(&self) -> Option<String> {
        let gate = &self.evaluated()?.gate;
        let reason = gate.reason()?;
        Some(if gate.refused.is_empty() {
            format!("{reason} (see Review)")
        } else {
            reason
        })
    }
}

/// An evaluation arrived: the newest one asked for replaces the one shown (the review
/// keeps its selection, the forms follow its questions); a stale one is dropped.
pub fn arrived(state: &mut State, generation: u64, evaluated: Arc<Evaluated>) {
    if generation != state.generation {
        return;
    }
    state.evaluating = false;
    state.problems = evaluated.evaluation.problems.clone();
    state.left_open = evaluated.evaluation.left_open.clone();
    state.review.show(state.evaluation.as_deref(), &evaluated);
    state.evaluation = Some(evaluated);
    parameters::questions_changed(state);
}
