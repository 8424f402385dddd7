//! The parse-only command tree: what a run whose arguments are right needs of clap, built in
//! a fraction of the whole tree's time (docs/performance.md, "Fourth pass").
//!
//! The whole tree declares every command's arguments with their help and defaults, and clap
//! copies the global options (the limits and `--lang`) into each command and fills in their
//! defaults at every parse; that was 0.9 M instructions of a 2.4 M-instruction `validate`,
//! and 160 KB of heap. The parse-only tree declares a command's own arguments only when that
//! command is the one parsed ([`Deferred`]), and the global options without their texts and
//! defaults, on the root and on the command parsed, rather than copied into every command
//! ([`GlobalArgs::declare`]). It accepts the same command lines and gives the same values
//! (its unit tests compare both trees); whatever it does not parse to the end (help, a bad
//! argument, an option given both before and after the command) is parsed again by the
//! whole tree, which prints what clap prints: the help and the errors are the whole tree's.

use std::cell::Cell;

use clap::{ArgMatches, Args, FromArgMatches};

use super::GlobalArgs;

thread_local! {
    /// True while the parse-only tree is being built on this thread.
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
}

/// True while the parse-only tree is being built: the declarations that help alone needs
/// can be left out.
pub fn active() -> bool {
    ACTIVE.with(Cell::get)
}

/// `T`'s command tree as `build` makes it, built as the parse-only tree.
pub fn command<T>(build: impl FnOnce() -> T) -> T {
    ACTIVE.with(|active| active.set(true));
    let command = build();
    ACTIVE.with(|active| active.set(false));
    command
}

/// A command's arguments; in the parse-only tree, declared to clap (with the global
/// options) only when that command is the one parsed.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: Args> Args for Deferred<T> {
    fn augment_args(command: clap::Command) -> clap::Command {
        if active() {
            command.defer(|command| GlobalArgs::declare(T::augment_args(command), false))
        } else {
            T::augment_args(command)
        }
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        if active() {
            command.defer(|command| GlobalArgs::declare(T::augment_args_for_update(command), false))
        } else {
            T::augment_args_for_update(command)
        }
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use crate::cli::Cli;

    /// Each command's arguments as clap knows them once built: what parsing depends on.
    /// (Whether an option is global is left out: the parse-only tree declares the global
    /// options on each command instead.)
    fn declared(mut command: clap::Command) -> Vec<String> {
        command.build();
        let arguments = |command: &clap::Command| -> Vec<String> {
            let mut list: Vec<String> = command
                .get_arguments()
                .map(|a| {
                    format!(
                        "{} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
                        a.get_id(),
                        a.get_long(),
                        a.get_short(),
                        a.get_action(),
                        a.get_num_args(),
                        a.get_index(),
                        a.get_value_delimiter(),
                        a.get_possible_values()
                            .iter()
                            .map(|v| v.get_name().to_owned())
                            .collect::<Vec<_>>(),
                    )
                })
                .collect();
            list.sort();
            list
        };
        let mut out = vec![format!("vnfwiz: {:?}", arguments(&command))];
        for sub in command.get_subcommands() {
            out.push(format!("{}: {:?}", sub.get_name(), arguments(sub)));
        }
        out
    }

    #[test]
    fn both_trees_declare_the_same_arguments_to_every_command() {
        let whole = declared(Cli::command());
        let parse_only = declared(super::command(Cli::command));
        assert_eq!(whole, parse_only);
        assert!(!super::active(), "the mode ends with the tree");
    }

    #[test]
    fn both_trees_parse_a_command_line_to_the_same_values() {
        let lines: &[&[&str]] = &[
            &[],
            &["some.ova", "--theme", "mono", "--mouse", "--no-config"],
            &["--lang", "de", "some.ova"],
            &["validate", "a.yaml"],
            &["validate", "--format", "json", "a.yaml", "b.env"],
            &[
                "--max-files",
                "3",
                "validate",
                "a.yaml",
                "--max-yaml-depth",
                "9",
            ],
            &[
                "validate",
                "--profile",
                "heat",
                "--skip-rules",
                "R-1,R-2",
                "a.yaml",
            ],
            &["validate", "a.yaml", "--rules", "R-90526,OVF-*", "--fix"],
            &[
                "validate",
                "--fix=all",
                "--diff",
                "--config",
                "c.toml",
                "a.yaml",
            ],
            &["validate", "a.yaml", "--", "--max-files"],
            &[
                "inspect",
                "p.ova",
                "--format",
                "json",
                "--max-manifest-size",
                "1",
            ],
            &["onboard", "p.ova", "--out", "o", "--max-xml-elements", "10"],
            &["capabilities", "set", "--format", "json"],
            &["rules", "--format", "markdown", "--profile", "seed"],
            &["lsp"],
            &["completions", "bash"],
            &["man", "validate"],
        ];
        for line in lines {
            let argv = std::iter::once("vnfwiz").chain(line.iter().copied());
            let whole = Cli::try_parse_from(argv.clone())
                .unwrap_or_else(|error| panic!("{line:?}: {}", error.kind()));
            let parse_only = Cli::parse_only(argv)
                .unwrap_or_else(|| panic!("{line:?}: not parsed by the parse-only tree"));
            assert_eq!(format!("{whole:?}"), format!("{parse_only:?}"), "{line:?}");
        }
    }

    #[test]
    fn an_option_given_before_and_after_the_command_is_left_to_the_whole_tree() {
        for line in [
            &["--lang", "de", "validate", "--lang", "fr", "a.yaml"][..],
            &["--max-files", "1", "validate", "--max-files", "2", "a.yaml"][..],
        ] {
            let argv = std::iter::once("vnfwiz").chain(line.iter().copied());
            assert!(Cli::try_parse_from(argv.clone()).is_ok(), "{line:?}");
            assert!(Cli::parse_only(argv).is_none(), "{line:?}");
        }
    }

    #[test]
    fn the_parse_only_tree_leaves_help_and_errors_to_the_whole_tree() {
        let lines: &[&[&str]] = &[
            &["--help"],
            &["-h"],
            &["validate", "--help"],
            &["help", "onboard"],
            &["validate"],
            &["validate", "--max-files", "many", "a.yaml"],
            &["validate", "--max-file", "3", "a.yaml"],
            &["validat", "a.yaml"],
            &["validate", "--max-files", "3", "--max-files", "4", "a.yaml"],
            &["validate", "--config", "c.toml", "--no-config", "a.yaml"],
        ];
        for line in lines {
            let argv = std::iter::once("vnfwiz").chain(line.iter().copied());
            assert!(Cli::try_parse_from(argv.clone()).is_err(), "{line:?}");
            assert!(Cli::parse_only(argv).is_none(), "{line:?}");
        }
    }
}
