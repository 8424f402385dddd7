//! The line a text report ends with when fixes are ready, as ruff and cargo end theirs:
//! how many of the errors (and warnings) a fix answers and the command that applies them,
//! naming the exact level: `--fix` (`--fix safe` for `onboard`) when safe fixes exist,
//! `--fix all` where only review-level fixes remain.

use crate::session::Fixable;
use crate::transform::fix::FixLevel;

/// The command a hint tells the operator to run again.
#[derive(Clone, Copy, Debug)]
pub enum Rerun<'a> {
    /// `vnfwiz validate PATH...` (fixes are written into the files in place).
    Validate {
        /// The paths as given.
        paths: &'a [String],
    },
    /// `vnfwiz onboard PATH --out DIR` (fixes are applied to what is written).
    Onboard {
        /// The source as given.
        path: &'a str,
        /// The output folder as given.
        out: &'a str,
    },
}

impl Rerun<'_> {
    /// The command with the fix flag of `level`.
    fn with(&self, level: FixLevel) -> String {
        let flag = match (self, level) {
            (Rerun::Validate { .. }, FixLevel::All) | (Rerun::Onboard { .. }, FixLevel::All) => {
                "--fix all"
            }
            (Rerun::Validate { .. }, _) => "--fix",
            (Rerun::Onboard { .. }, _) => "--fix safe",
        };
        match self {
            Rerun::Validate { paths } => {
                let paths: Vec<String> = paths.iter().map(|p| quoted(p)).collect();
                format!("vnfwiz validate {} {flag}", paths.join(" "))
            }
            Rerun::Onboard { path, out } => {
                format!(
                    "vnfwiz onboard {} --out {} {flag}",
                    quoted(path),
                    quoted(out)
                )
            }
        }
    }
}

/// A path as a shell takes it: as it is when it holds only safe characters, else quoted.
fn quoted(path: &str) -> String {
    let plain = !path.is_empty()
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:@%,=~".contains(c));
    if plain {
        path.to_owned()
    } else {
        format!("'{}'", path.replace('\'', r"'\''"))
    }
}

/// `12 of 15 errors`, `and 1 of 2 warnings` after it, from counts of each severity.
fn how_many(
    (errors, of_errors): (usize, usize),
    (warnings, of_warnings): (usize, usize),
) -> String {
    let part = |n: usize, of: usize, what: &str| {
        format!("{n} of {of} {what}{}", if of == 1 { "" } else { "s" })
    };
    match (errors, warnings) {
        (0, _) => part(warnings, of_warnings, "warning"),
        (_, 0) => part(errors, of_errors, "error"),
        _ => format!(
            "{} and {}",
            part(errors, of_errors, "error"),
            part(warnings, of_warnings, "warning")
        ),
    }
}

/// The closing line for `fixable` out of `errors` and `warnings`, when a fix level above
/// `applied` (the one the run already applied) answers any of them.
pub fn line(
    fixable: &Fixable,
    (errors, warnings): (usize, usize),
    rerun: &Rerun<'_>,
    applied: FixLevel,
) -> Option<String> {
    let safe = (fixable.errors_safe, fixable.warnings_safe);
    let all = (fixable.errors, fixable.warnings);
    let more = all != safe;
    if applied == FixLevel::None && safe != (0, 0) {
        let mut text = format!(
            "{} can be fixed: run `{}`",
            how_many((safe.0, errors), (safe.1, warnings)),
            rerun.with(FixLevel::Safe)
        );
        if more {
            text.push_str(&format!(
                " ({} with the review-level fixes of `--fix all`)",
                how_many((all.0, errors), (all.1, warnings))
            ));
        }
        return Some(text);
    }
    // After safe fixes (or with none ready), only a review-level fix adds anything.
    let review = (all.0 - safe.0, all.1 - safe.1);
    let left = if applied == FixLevel::None {
        all
    } else {
        review
    };
    (applied != FixLevel::All && left != (0, 0)).then(|| {
        let first = match rerun {
            Rerun::Validate { .. } => " (`--fix all --diff` shows them first)",
            Rerun::Onboard { .. } => "",
        };
        format!(
            "{} can be fixed with review-level fixes: run `{}`{first}",
            how_many((left.0, errors), (left.1, warnings)),
            rerun.with(FixLevel::All)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixable(errors: (usize, usize), warnings: (usize, usize)) -> Fixable {
        Fixable {
            errors: errors.0,
            errors_safe: errors.1,
            warnings: warnings.0,
            warnings_safe: warnings.1,
        }
    }

    #[test]
    fn safe_fixes_name_fix_and_review_ones_fix_all() {
        let paths = ["vFW".to_owned()];
        let validate = Rerun::Validate { paths: &paths };
        assert_eq!(
            line(
                &fixable((12, 12), (0, 0)),
                (15, 0),
                &validate,
                FixLevel::None
            )
            .unwrap(),
            "12 of 15 errors can be fixed: run `vnfwiz validate vFW --fix`"
        );
        assert_eq!(
            line(
                &fixable((14, 12), (1, 1)),
                (15, 2),
                &validate,
                FixLevel::None
            )
            .unwrap(),
            "12 of 15 errors and 1 of 2 warnings can be fixed: run `vnfwiz validate vFW --fix` \
             (14 of 15 errors and 1 of 2 warnings with the review-level fixes of `--fix all`)"
        );
        assert_eq!(
            line(&fixable((3, 0), (0, 0)), (15, 0), &validate, FixLevel::None).unwrap(),
            "3 of 15 errors can be fixed with review-level fixes: run `vnfwiz validate vFW --fix all` \
             (`--fix all --diff` shows them first)"
        );
        assert_eq!(
            line(&fixable((0, 0), (0, 0)), (15, 0), &validate, FixLevel::None),
            None
        );
    }

    #[test]
    fn after_a_level_only_what_a_higher_one_adds_is_named() {
        let onboard = Rerun::Onboard {
            path: "my vnf",
            out: "out",
        };
        assert_eq!(
            line(&fixable((5, 2), (0, 0)), (9, 0), &onboard, FixLevel::None).unwrap(),
            "2 of 9 errors can be fixed: run `vnfwiz onboard 'my vnf' --out out --fix safe` \
             (5 of 9 errors with the review-level fixes of `--fix all`)"
        );
        assert_eq!(
            line(&fixable((5, 2), (0, 0)), (9, 0), &onboard, FixLevel::Safe).unwrap(),
            "3 of 9 errors can be fixed with review-level fixes: run `vnfwiz onboard 'my vnf' --out out --fix all`"
        );
        assert_eq!(
            line(&fixable((2, 2), (0, 0)), (9, 0), &onboard, FixLevel::Safe),
            None,
            "safe fixes left after --fix safe were tried and dropped"
        );
        assert_eq!(
            line(&fixable((5, 2), (0, 0)), (9, 0), &onboard, FixLevel::All),
            None
        );
    }
}
