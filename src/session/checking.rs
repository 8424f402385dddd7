//! What a session checks its output with: the rule profiles in effect (built in and the
//! profile file's), the choice the project config and the command line make, the answers'
//! `profile` over it, and the project config in force. `onboard` and the wizard set it
//! alike ([`Session::check_with`]); every evaluation follows the answers' profile
//! ([`Session::follow_profile`]), so a profile chosen in the wizard is an answer that
//! `onboard --answers` replays.

use std::path::PathBuf;

use crate::check::config::ProjectConfig;
use crate::check::rules::output_rules;
use crate::check::rules::{OUTPUT_PROFILE, Profile, Profiles, RuleChoice, SelectionError};

use super::Session;
use super::answers::Answers;
use super::check::AnswerProblem;

/// The rule choice a session was given and the answers' profile it follows now.
#[derive(Clone, Debug)]
pub(super) struct Checking {
    profiles: Profiles,
    /// The project config's keys with the command line's flags over them.
    choice: RuleChoice,
    /// The project config in force.
    config: Option<PathBuf>,
    /// The answers' profile the rules were chosen for last.
    followed: Option<String>,
}

impl Default for Checking {
    fn default() -> Checking {
        Checking {
            profiles: Profiles::built_in(),
            choice: RuleChoice::default(),
            config: None,
            followed: None,
        }
    }
}

/// What the output is checked with, in words (the review's header).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckedWith {
    /// The profile's name, or the rules chosen instead of one.
    pub rules: String,
    /// The project config in force, as found or named.
    pub config: Option<PathBuf>,
}

impl Checking {
    /// The choice in force for answers asking for `profile`: it replaces the profile and
    /// the selected rules, as `--profile` does, and keeps the rules skipped.
    fn choice_for(&self, profile: Option<&String>) -> RuleChoice {
        match profile {
            Some(name) => RuleChoice {
                profile: Some(name.clone()),
                rules: Vec::new(),
                skip: self.choice.skip.clone(),
            },
            None => self.choice.clone(),
        }
    }
}

impl Session {
    /// Checks the output with `choice` among `profiles` (the project config's keys with the
    /// command line's over them; no choice: the built-in output profile) and takes the
    /// config's waivers; refused when the choice names no rule or profile.
    pub fn check_with(
        &mut self,
        choice: RuleChoice,
        profiles: Profiles,
        config: Option<ProjectConfig>,
    ) -> Result<(), SelectionError> {
        let selection = if choice == RuleChoice::default() {
            output_rules()
        } else {
            choice.selection(&profiles)?
        };
        self.set_rules(selection);
        self.checking = Checking {
            profiles,
            choice,
            config: config.as_ref().map(|c| c.file.clone()),
            followed: None,
        };
        if let Some(config) = config {
            self.set_waivers(config.waivers);
        }
        Ok(())
    }

    /// Chooses the rules for the answers' `profile` (over the choice the session was
    /// given), when it changed since the last answers; an unknown profile is a problem of
    /// the answers and leaves the rules as they were.
    pub fn follow_profile(&mut self, answers: &Answers) -> Result<(), AnswerProblem> {
        if answers.profile == self.checking.followed {
            return Ok(());
        }
        let choice = self.checking.choice_for(answers.profile.as_ref());
        let selection = if choice == RuleChoice::default() {
            output_rules()
        } else {
            choice
                .selection(&self.checking.profiles)
                .map_err(|error| AnswerProblem {
                    subject: "profile".to_owned(),
                    rule: "profile".to_owned(),
                    message: error.to_string(),
                    choices: self.profiles().iter().map(|p| p.name.clone()).collect(),
                })?
        };
        self.set_rules(selection);
        self.checking.followed = answers.profile.clone();
        Ok(())
    }

    /// The profiles an operator can choose among, built-in first.
    pub fn profiles(&self) -> &[Profile] {
        self.checking.profiles.all()
    }

    /// The profile (or rules) the output is checked with now, and the project config.
    pub fn checked_with(&self) -> CheckedWith {
        let choice = self.checking.choice_for(self.checking.followed.as_ref());
        let mut rules = if !choice.rules.is_empty() {
            format!("rules {}", choice.rules.join(","))
        } else {
            choice.profile.unwrap_or_else(|| OUTPUT_PROFILE.to_owned())
        };
        if !choice.skip.is_empty() {
            rules.push_str(&format!(" without {}", choice.skip.join(",")));
        }
        CheckedWith {
            rules,
            config: self.checking.config.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;

    fn session() -> Session {
        let set =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/faces/waived");
        Session::open(&set, &Limits::default()).expect("opens")
    }

    #[test]
    fn the_answers_profile_replaces_the_choice_given_and_keeps_its_skips() {
        let mut session = session();
        assert_eq!(session.checked_with().rules, "onap");
        let given = RuleChoice {
            profile: Some("onap".to_owned()),
            rules: Vec::new(),
            skip: vec!["R-90279".to_owned()],
        };
        session
            .check_with(given, Profiles::built_in(), None)
            .unwrap();
        assert!(!session.rules().includes_id("R-90279"));
        let heat = Answers {
            profile: Some("heat".to_owned()),
            ..Answers::default()
        };
        session.follow_profile(&heat).unwrap();
        assert_eq!(session.checked_with().rules, "heat without R-90279");
        assert!(!session.rules().includes_id("R-44001"), "HOT spec only");
        // Back to the choice given when the answers name none.
        session.follow_profile(&Answers::default()).unwrap();
        assert!(session.rules().includes_id("R-44001"));
        assert_eq!(session.checked_with().rules, "onap without R-90279");
    }

    #[test]
    fn an_unknown_profile_is_a_problem_naming_the_choices() {
        let mut session = session();
        let before = session.rules().clone();
        let answers = Answers {
            profile: Some("strict".to_owned()),
            ..Answers::default()
        };
        let problem = session.follow_profile(&answers).unwrap_err();
        assert_eq!(problem.subject, "profile");
        assert_eq!(problem.choices, ["onap", "heat", "seed"]);
        assert_eq!(session.rules(), &before);
    }
}
