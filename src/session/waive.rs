//! Waivers as answers: a face that lets the operator accept findings (the wizard's review)
//! turns the choice into `waivers:` entries of the answers, the form `onboard --answers`
//! reads, so a replay accepts the same findings; taking a waiver back removes the entries
//! that accept a finding. Which finding a waiver covers is still decided where every
//! waiver is judged (`check::waivers`).

use std::path::PathBuf;

use crate::check::waivers::{Place, Waiver, WaiverError, WaiverSpec};
use crate::foundation::diagnostics::{Violation, WaivedBy};

use super::answers::Answers;

/// Where a waiver made in a face is written until the answers are saved (a saved and
/// replayed one names the answers file and its line).
pub const MADE_HERE: &str = "wizard";

/// The waiver accepting exactly `violation` (its rule, its file and its key path) for
/// `reason`.
fn spec_of(violation: &Violation, reason: &str) -> WaiverSpec {
    WaiverSpec {
        rule: violation.rule.id.to_owned(),
        // A file name holding glob characters matches only itself.
        files: vec![globset::escape(&violation.file)],
        path: Some(violation.path.clone()).filter(|p| !p.is_empty()),
        reason: reason.trim().to_owned(),
        until: None,
    }
}

impl Answers {
    /// Accepts `violations` for `reason`: one waiver each, naming its rule, its file and
    /// its key path, so nothing else is accepted with them (findings a waiver of the
    /// answers already covers the same way get none twice). Returns how many waivers were
    /// added; an empty reason is refused and adds none.
    pub fn waive<'v>(
        &mut self,
        violations: impl IntoIterator<Item = &'v Violation>,
        reason: &str,
    ) -> Result<usize, WaiverError> {
        let mut added = Vec::new();
        for violation in violations {
            let spec = spec_of(violation, reason);
            let known = |w: &Waiver| w.spec == spec;
            if self.waivers.iter().any(known) || added.iter().any(known) {
                continue;
            }
            let place = Place {
                file: PathBuf::from(MADE_HERE),
                line: 0,
            };
            added.push(Waiver::new(spec, WaivedBy::Answers, place, None)?);
        }
        let count = added.len();
        self.waivers.extend(added);
        Ok(count)
    }

    /// Takes back every waiver of the answers that accepts `violation` (a broad one
    /// accepted others too, which count again); returns what was taken back.
    pub fn take_back(&mut self, violation: &Violation) -> Vec<WaiverSpec> {
        let (taken, kept) = std::mem::take(&mut self.waivers)
            .into_iter()
            .partition(|w| w.covers(violation, &violation.file));
        self.waivers = kept;
        taken.into_iter().map(|w: Waiver| w.spec).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::rules::find;
    use crate::foundation::diagnostics::Span;

    fn violation(rule: &str, file: &str, path: &str) -> Violation {
        Violation {
            rule: &find(rule).expect("a rule of the registry").meta,
            file: file.to_owned(),
            span: Span {
                line: 3,
                column: 5,
                start: 0,
                end: 0,
            },
            path: path.to_owned(),
            message: "broken".to_owned(),
            related: Vec::new(),
            also: Vec::new(),
        }
    }

    #[test]
    fn a_waiver_made_here_accepts_its_finding_alone_and_replays_from_the_answers_file() {
        let unused = violation("R-90279", "base[1].yaml", "parameters.unused");
        let other = violation("R-90279", "base[1].yaml", "parameters.other");
        let mut answers = Answers::default();
        assert_eq!(
            answers
                .waive([&unused], "  kept for release 2; ticket 12 ")
                .ok(),
            Some(1)
        );
        let waiver = &answers.waivers[0];
        assert!(waiver.covers(&unused, &unused.file));
        assert!(!waiver.covers(&other, &other.file), "its key path only");
        assert!(
            !waiver.covers(&unused, "base1.yaml"),
            "the file name's brackets are no glob class"
        );
        assert_eq!(waiver.waived().reason, "kept for release 2; ticket 12");
        assert_eq!(waiver.waived().at.as_deref(), Some(MADE_HERE));
        // The same finding again adds nothing; the answers file carries it as it is.
        assert_eq!(answers.waive([&unused, &unused], "again").ok(), Some(1));
        assert_eq!(
            answers
                .waive([&unused], "kept for release 2; ticket 12")
                .ok(),
            Some(0)
        );
        let text = answers.to_yaml(|_| false);
        let replayed = Answers::parse(text.as_bytes(), "saved.yaml").unwrap();
        assert_eq!(
            replayed.waivers.iter().map(|w| &w.spec).collect::<Vec<_>>(),
            answers.waivers.iter().map(|w| &w.spec).collect::<Vec<_>>()
        );
        assert!(replayed.waivers[0].covers(&unused, &unused.file));
    }

    #[test]
    fn an_empty_reason_is_refused_and_adds_nothing() {
        let mut answers = Answers::default();
        let v = violation("R-90279", "base.yaml", "parameters.unused");
        let error = answers.waive([&v], "   ").unwrap_err();
        assert!(matches!(error, WaiverError::NoReason(_)), "{error}");
        assert!(answers.waivers.is_empty());
    }

    #[test]
    fn taking_back_removes_every_waiver_of_the_answers_that_accepts_the_finding() {
        let v = violation("R-90279", "base.yaml", "parameters.unused");
        let mut answers = Answers::parse(
            b"waivers:\n  - {rule: R-90279, reason: broad}\n  - {rule: R-25720, reason: other}\n",
            "saved.yaml",
        )
        .unwrap();
        answers.waive([&v], "narrow").unwrap();
        let taken = answers.take_back(&v);
        let reasons: Vec<&str> = taken.iter().map(|s| s.reason.as_str()).collect();
        assert_eq!(reasons, ["broad", "narrow"]);
        assert_eq!(answers.waivers.len(), 1, "the other rule's waiver stays");
        assert!(answers.take_back(&v).is_empty());
    }
}
