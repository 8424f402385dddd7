//! The findings of the output set last checked, kept so that an evaluation whose output
//! files are byte for byte the same (an answer about the package, a licence or a waiver,
//! which the set does not hold) is not checked again. The rules are a function of the set,
//! and the set of the files it is loaded from, so the kept findings are exactly those a new
//! check would give; any other change checks the set anew.

use std::cell::RefCell;

use crate::check::rules::{Selection, check_hot};
use crate::foundation::diagnostics::Violation;
use crate::model::hot::{HotSet, Stage};

use super::resolve::{FileRole, OutputFile};

/// What a check was made of, and what it found.
#[derive(Debug)]
struct Checked {
    /// The files the set was loaded from (path and bytes, answers.yaml left out as the
    /// loader leaves it out), in order.
    files: Vec<(String, Vec<u8>)>,
    /// Whether the set was judged inside the source's package.
    in_place: bool,
    /// The stage the set was checked at.
    stage: Stage,
    /// The rules it was checked with.
    rules: Selection,
    /// What they found.
    found: Vec<Violation>,
}

/// The last check of a session's output set.
#[derive(Debug, Default)]
pub(super) struct LastCheck(RefCell<Option<Checked>>);

/// The files a set is loaded from, as the loader takes them.
fn loaded(files: &[OutputFile]) -> impl Iterator<Item = &OutputFile> {
    files.iter().filter(|f| f.role != FileRole::Answers)
}

impl LastCheck {
    /// The findings of `rules` on `set`, loaded from `files` (`in_place`: inside the
    /// source's package): the last check's when it was made of the same, else a new one.
    pub(super) fn check(
        &self,
        set: &HotSet,
        files: &[OutputFile],
        in_place: bool,
        rules: &Selection,
    ) -> Vec<Violation> {
        let same = |checked: &Checked| {
            checked.in_place == in_place
                && checked.stage == set.stage
                && checked.rules == *rules
                && checked.files.len() == loaded(files).count()
                && checked
                    .files
                    .iter()
                    .zip(loaded(files))
                    .all(|((path, bytes), file)| *path == file.path && *bytes == file.bytes)
        };
        if let Some(checked) = self.0.borrow().as_ref().filter(|c| same(c)) {
            return checked.found.clone();
        }
        let found = check_hot(set, rules);
        *self.0.borrow_mut() = Some(Checked {
            files: loaded(files)
                .map(|f| (f.path.clone(), f.bytes.clone()))
                .collect(),
            in_place,
            stage: set.stage,
            rules: rules.clone(),
            found: found.clone(),
        });
        found
    }
}
