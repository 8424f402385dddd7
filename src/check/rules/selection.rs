//! Which rules run. A selector names rules by id (`R-90526`), by family (`R-92635` covers
//! every `R-92635/…`), by id prefix ending in `*` (`OVF-*`) or by catalogue section: a
//! section name, or several consecutive ones joined by ` / `, matched without regard to
//! case or spacing against the rule's section path (`Output Parameters`, `ONAP Heat Template
//! Constructs / Nested Heat Templates`).

use crate::foundation::diagnostics::Violation;

use super::meta::Rule;
use super::registry::all;
use super::twins::TWINS;

/// The place of the rule `id` in [`all`].
fn index(id: &str) -> Option<usize> {
    all().binary_search_by(|probe| probe.meta.id.cmp(id)).ok()
}

/// What is wrong with a rule selection.
#[derive(Debug, thiserror::Error)]
pub enum SelectionError {
    /// An id or section name that matches no rule.
    #[error(
        "unknown rule or section `{0}`; `vnfwiz rules` lists the ids and docs/rules.md the sections"
    )]
    Unknown(String),
    /// A profile name no profile file defines.
    #[error("unknown rule profile `{name}`; the profiles are {known}")]
    UnknownProfile {
        /// The name asked for.
        name: String,
        /// The names there are, comma-separated.
        known: String,
    },
}

/// The steps of a section path, lower-cased with spaces collapsed.
fn steps(path: &str) -> Vec<String> {
    path.split('/')
        .map(|step| {
            step.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        })
        .filter(|step| !step.is_empty())
        .collect()
}

/// True when `wanted` (normalised steps) appears as consecutive steps of `section`.
fn in_section(wanted: &[String], section: &str) -> bool {
    let have = steps(section);
    !wanted.is_empty() && have.windows(wanted.len()).any(|run| run == wanted)
}

/// True when `selector` is an id, a family or a `*` prefix that covers `id`.
pub(super) fn covers_id(selector: &str, id: &str) -> bool {
    match selector.strip_suffix('*') {
        Some(prefix) => id.starts_with(prefix),
        None => {
            id == selector
                || id
                    .strip_prefix(selector)
                    .is_some_and(|rest| rest.starts_with('/'))
        }
    }
}

/// The places in [`all`] of the rules whose ids start with `prefix`: one run, since the
/// registry is sorted by id.
fn with_prefix(prefix: &str) -> std::ops::Range<usize> {
    let rules = all();
    let start = rules.partition_point(|rule| rule.meta.id < prefix);
    let len = rules[start..].partition_point(|rule| rule.meta.id.starts_with(prefix));
    start..start + len
}

/// Marks in `marks` (parallel to [`all`]) the rules `selector` names; returns how many.
fn mark(selector: &str, marks: &mut [bool]) -> usize {
    let selector = selector.trim();
    // What `covers_id` would keep, found by binary search: every run starts the
    // registry's profile ("R-*" and the other kinds' prefixes), and a scan of every id
    // for each selector was a tenth of an empty template's run.
    let by_id: Vec<usize> = match selector.strip_suffix('*') {
        Some(prefix) => with_prefix(prefix).collect(),
        None => index(selector)
            .into_iter()
            .chain(with_prefix(&format!("{selector}/")))
            .collect(),
    };
    let chosen = if by_id.is_empty() && !selector.ends_with('*') {
        let wanted = steps(selector);
        all()
            .iter()
            .enumerate()
            .filter(|(_, rule)| in_section(&wanted, rule.meta.section))
            .map(|(i, _)| i)
            .collect()
    } else {
        by_id
    };
    for &i in &chosen {
        marks[i] = true;
    }
    chosen.len()
}

/// A set of rules to run, fixed against the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// Parallel to [`all`].
    included: Vec<bool>,
    /// Parallel to [`all`]: rules skipped by name, whose findings stay hidden even when a
    /// twin of theirs runs (`rules::twins`).
    skipped: Vec<bool>,
}

impl Default for Selection {
    fn default() -> Selection {
        Selection::all()
    }
}

impl Selection {
    /// Every rule.
    pub fn all() -> Selection {
        Selection {
            included: vec![true; all().len()],
            skipped: vec![false; all().len()],
        }
    }

    /// The rules the selectors name; an id or section matching nothing is an error (a `*`
    /// prefix may match nothing: it can name an area this build does not have).
    pub fn only<S: AsRef<str>>(selectors: &[S]) -> Result<Selection, SelectionError> {
        let mut included = vec![false; all().len()];
        for selector in selectors {
            let selector = selector.as_ref();
            if mark(selector, &mut included) == 0 && !selector.trim().ends_with('*') {
                return Err(SelectionError::Unknown(selector.trim().to_owned()));
            }
        }
        Ok(Selection {
            skipped: vec![false; included.len()],
            included,
        })
    }

    /// This selection plus every rule of `other`.
    pub fn with(mut self, other: &Selection) -> Selection {
        for (mine, theirs) in self.included.iter_mut().zip(&other.included) {
            *mine |= *theirs;
        }
        for (mine, theirs) in self.skipped.iter_mut().zip(&other.skipped) {
            *mine |= *theirs;
        }
        self
    }

    /// This selection without the rules the selectors name (the same forms as [`only`]).
    ///
    /// [`only`]: Selection::only
    pub fn skipping<S: AsRef<str>>(mut self, selectors: &[S]) -> Result<Selection, SelectionError> {
        let skipped = Selection::only(selectors)?;
        self.skip(&skipped.included);
        Ok(self)
    }

    /// This selection without one rule or family known to exist (for an output whose
    /// purpose contradicts that rule by the operator's choice).
    pub fn without(mut self, id: &str) -> Selection {
        let mut skipped = vec![false; self.included.len()];
        mark(id, &mut skipped);
        self.skip(&skipped);
        self
    }

    /// Leaves out the rules marked in `marks` (parallel to [`all`]) and remembers them.
    fn skip(&mut self, marks: &[bool]) {
        for ((on, skipped), skip) in self.included.iter_mut().zip(&mut self.skipped).zip(marks) {
            *on &= !*skip;
            *skipped |= *skip;
        }
    }

    /// This selection's rules for which `keep` holds.
    pub fn keeping(mut self, keep: impl Fn(&Rule) -> bool) -> Selection {
        for (on, rule) in self.included.iter_mut().zip(all()) {
            *on &= keep(rule);
        }
        self
    }

    /// Whether a rule runs.
    pub fn includes(&self, rule: &Rule) -> bool {
        self.runs(rule.meta.id)
    }

    /// Whether the rule with this id runs.
    pub fn runs(&self, id: &str) -> bool {
        index(id).is_some_and(|i| self.included[i])
    }

    /// Whether the rule with this id was skipped by name.
    pub fn skips(&self, id: &str) -> bool {
        index(id).is_some_and(|i| self.skipped[i])
    }

    /// Whether a finding is reported: the selection runs one of the ids it breaks and skips
    /// none of them (a finding of twins carries several, `rules::twins`).
    pub fn reports(&self, violation: &Violation) -> bool {
        violation.ids().any(|id| self.runs(id)) && !violation.ids().any(|id| self.skips(id))
    }

    /// This selection with every twin of its rules (`rules::twins`), which a run needs to
    /// know every id its findings break; skipped rules stay recorded as skipped.
    pub(super) fn with_twins(&self) -> Selection {
        let mut wider = self.clone();
        // One pass over the twin groups (not the groups once per rule): a group with a rule
        // of this selection brings in all of its members.
        for twins in TWINS {
            let members = || twins.ids.iter().filter_map(|id| index(id));
            if members().any(|i| self.included[i]) {
                members().for_each(|i| wider.included[i] = true);
            }
        }
        wider
    }

    /// Whether the rule with this id runs (`false` for an id no rule has).
    pub fn includes_id(&self, id: &str) -> bool {
        super::registry::find(id).is_some_and(|rule| self.includes(rule))
    }

    /// Whether a rule runs in both selections.
    pub fn overlaps(&self, other: &Selection) -> bool {
        self.included
            .iter()
            .zip(&other.included)
            .any(|(mine, theirs)| *mine && *theirs)
    }

    /// The rules that run, sorted by id.
    pub fn rules(&self) -> impl Iterator<Item = &'static Rule> + '_ {
        all()
            .iter()
            .zip(&self.included)
            .filter(|(_, on)| **on)
            .map(|(rule, _)| *rule)
    }

    /// How many rules run.
    pub fn count(&self) -> usize {
        self.included.iter().filter(|on| **on).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(selection: &Selection) -> Vec<&'static str> {
        selection.rules().map(|r| r.meta.id).collect()
    }

    #[test]
    fn a_selector_marks_what_covers_id_covers() {
        let mut selectors = vec!["*", "R-*", "R-9*", "OVF-*", "CAP-*", "R-92635", "R-", ""];
        selectors.extend(all().iter().map(|rule| rule.meta.id));
        selectors.extend(
            all()
                .iter()
                .filter_map(|rule| rule.meta.id.split_once('/'))
                .map(|(f, _)| f),
        );
        for selector in selectors {
            let mut marks = vec![false; all().len()];
            mark(selector, &mut marks);
            let covered: Vec<bool> = all()
                .iter()
                .map(|rule| covers_id(selector, rule.meta.id))
                .collect();
            // A selector naming no id is read as a section name instead.
            if covered.contains(&true) {
                assert_eq!(marks, covered, "{selector}");
            }
        }
    }

    #[test]
    fn ids_families_and_prefixes() {
        let one = Selection::only(&["R-90526"]).expect("registered");
        assert_eq!(ids(&one), ["R-90526"]);
        let family = Selection::only(&["R-92635"]).expect("registered");
        assert!(family.count() > 10);
        assert!(ids(&family).iter().all(|id| id.starts_with("R-92635/")));
        let ovf = Selection::only(&["OVF-*"]).expect("a prefix");
        assert!(ids(&ovf).iter().all(|id| id.starts_with("OVF-")));
        assert!(ovf.count() > 5);
        assert!(Selection::only(&["CSAR-*"]).expect("a prefix").count() > 5);
        // A prefix no rule has selects nothing, without an error.
        assert_eq!(Selection::only(&["XYZ-*"]).expect("a prefix").count(), 0);
        assert!(matches!(
            Selection::only(&["R-00000"]),
            Err(SelectionError::Unknown(id)) if id == "R-00000"
        ));
    }

    #[test]
    fn sections_by_name_in_any_case_and_spacing() {
        let outputs = Selection::only(&["output  parameters"]).expect("a section");
        assert_eq!(ids(&outputs), ["R-07443", "R-20547", "R-22608", "R-89913"]);
        let volume = Selection::only(&["Output Parameters / ONAP Volume Module Output Parameters"])
            .expect("consecutive sections");
        assert_eq!(ids(&volume), ["R-07443", "R-20547", "R-89913"]);
        // Steps that are not consecutive in any path select nothing.
        assert!(
            Selection::only(&["ONAP Heat Orchestration Templates Overview / Base Modules"])
                .is_err()
        );
    }

    #[test]
    fn skipping_removes_rules() {
        let selection = Selection::only(&["Output Parameters"])
            .and_then(|s| s.skipping(&["R-22608", "R-20547"]))
            .expect("known rules");
        assert_eq!(ids(&selection), ["R-07443", "R-89913"]);
        assert!(Selection::all().skipping(&["no such section"]).is_err());
        let all = Selection::all();
        assert!(all.includes(all.rules().next().expect("a rule")));
    }
}
