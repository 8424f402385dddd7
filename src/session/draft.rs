//! Answers as a face collects them before the session types them: the decisions made by
//! choosing (licences, option, transport, package, fixes), the texts typed into fields by
//! property key or parameter name, and the parameters whose environment value was cleared.
//! The session types each text by its declaration ([`Session::answered`]); a text that
//! cannot be taken is an [`AnswerProblem`], kept beside the answers so an evaluation
//! reports it with the others.

use std::collections::{BTreeMap, BTreeSet};

use crate::input::yaml::{Value, scalar_text, write};
use crate::session::answers::Answers;

use super::{AnswerProblem, Origin, Session};

/// The operator's answers so far, as the wizard keeps them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Draft {
    /// Licences, option, transport, package, fixes.
    pub answers: Answers,
    /// Field texts, by property key or parameter name.
    pub values: BTreeMap<String, String>,
    /// Parameters whose environment value is cleared (answered `null`).
    pub cleared: BTreeSet<String>,
}

impl Draft {
    /// A draft from an answers file: its property and parameter values become field
    /// texts, the session types them again.
    pub fn from_answers(mut answers: Answers) -> Draft {
        let mut values = BTreeMap::new();
        let mut cleared = BTreeSet::new();
        for (key, node) in std::mem::take(&mut answers.properties)
            .into_iter()
            .chain(std::mem::take(&mut answers.parameters))
        {
            if node.is_null() {
                cleared.insert(key);
                continue;
            }
            let text = scalar_text(&node).unwrap_or_else(|| write::flow_text(&node));
            values.insert(key, text);
        }
        Draft {
            answers,
            values,
            cleared,
        }
    }
}

/// Typed answers with the problems met while typing them (a text that does not fit its
/// declaration, a secret on the command line, a value file that cannot be read): what
/// [`Session::evaluate`] takes from every face.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answered {
    /// The answers.
    pub answers: Answers,
    /// The problems met while taking them, before any check of the answers themselves.
    pub problems: Vec<AnswerProblem>,
}

impl From<Answers> for Answered {
    fn from(answers: Answers) -> Answered {
        Answered {
            answers,
            problems: Vec::new(),
        }
    }
}

impl Session {
    /// The draft's answers: field texts typed by their declarations (typed in a form, never
    /// seen by the process list: secrets are welcome), cleared values as `null`.
    pub fn answered(&self, draft: &Draft) -> Answered {
        let mut answers = draft.answers.clone();
        let mut problems = Vec::new();
        for key in &draft.cleared {
            answers
                .parameters
                .insert(key.clone(), write::node(Value::Null));
        }
        for (key, text) in &draft.values {
            if let Err(problem) = self.assign(&mut answers, key, text, Origin::File) {
                problems.push(problem);
            }
        }
        Answered { answers, problems }
    }
}
