//! The answer that decides what a violation of the output set points at: an entry of an
//! environment file written from a parameter answer, or, for an OVF package, from the
//! property that decides that parameter. The wizard takes the operator from the violation
//! to that answer's field; the subject is written as answer problems write theirs
//! (`parameter dns_image_name`, `property vfw.site.name`).

use crate::foundation::diagnostics::Violation;
use crate::model::hot::HotSet;
use crate::transform::convert::{Note, Owner};

use super::{Resolved, Session};

/// The section of the warning an answer chosen against the requirements gets; its
/// subject is the resource type.
pub const CHOSEN_AGAINST_REQUIREMENTS: &str = "capability choice";

/// The subject of the answer a conversion or composition note is about, when one is.
pub fn note_answer_subject(note: &Note) -> Option<String> {
    (note.section == CHOSEN_AGAINST_REQUIREMENTS).then(|| format!("capabilities {}", note.subject))
}

impl Resolved {
    /// The module template whose environment file `file` is.
    pub fn module_of_environment(&self, file: &str) -> Option<String> {
        super::environment::module_envs(&self.set)
            .into_iter()
            .find(|(_, env, _)| env == file)
            .map(|(template, _, _)| template)
    }

    /// The parameter whose entry of an environment file (`parameters:` or
    /// `parameter_defaults:`) a violation points at.
    pub fn environment_parameter<'v>(&self, violation: &'v Violation) -> Option<&'v str> {
        environment_parameter(&self.set, violation)
    }
}

/// The parameter whose entry of an environment file of `set` a violation points at.
fn environment_parameter<'v>(set: &HotSet, violation: &'v Violation) -> Option<&'v str> {
    if !set.environments().any(|e| e.file.path == violation.file) {
        return None;
    }
    let rest = violation
        .path
        .strip_prefix("parameters.")
        .or_else(|| violation.path.strip_prefix("parameter_defaults."))?;
    Some(rest.split_once('.').map_or(rest, |(name, _)| name))
}

impl Session {
    /// The subject of the answer that decides the value a violation of the output `set`
    /// points at, when an answer does.
    pub fn answer_subject(&self, set: &HotSet, violation: &Violation) -> Option<String> {
        let name = environment_parameter(set, violation)?;
        let owners = self.generated().map(|g| &g.owners);
        Some(match owners.and_then(|o| o.get(name)) {
            Some(Owner::Property(key)) => format!("property {key}"),
            None => format!("parameter {name}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::session::answers::Answers;
    use std::path::Path;

    #[test]
    fn an_environment_entry_is_decided_by_its_parameter_answer() {
        let folder =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wizard/dns-needs-work");
        let session = Session::open(&folder, &Limits::default()).unwrap();
        let mut answers = Answers::default();
        // vnf_id is supplied by ONAP: an answer for it breaks R-20856 in the environment.
        session
            .assign(&mut answers, "vnf_id", "vnf-7", super::super::Origin::File)
            .unwrap();
        let resolved = session.resolve(&answers).unwrap();
        let subjects: Vec<Option<String>> = resolved
            .violations
            .iter()
            .map(|v| session.answer_subject(&resolved.set, v))
            .collect();
        let decided: Vec<(&str, &str)> = resolved
            .violations
            .iter()
            .zip(&subjects)
            .filter_map(|(v, s)| Some((v.rule.id, s.as_deref()?)))
            .collect();
        assert!(
            decided.contains(&("R-20856", "parameter vnf_id")),
            "{decided:?}"
        );
        assert!(
            resolved
                .violations
                .iter()
                .zip(&subjects)
                .all(|(v, s)| s.is_none() || v.file.ends_with(".env")),
            "only environment entries are decided by answers"
        );
    }
}
