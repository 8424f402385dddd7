//! The options taken before or after a command: the limits every loader obeys (`--max-files`
//! …, docs/limits.md) and `--lang`. One table declares the limits to clap, reads them back
//! into [`Limits`], and names the changed ones in reports.

use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use vnfwiz::foundation::limits::Limits;

use super::parse_only;

/// The limits (under their own heading, and only in the long help, `--help`, so `-h` shows
/// the commands and the wizard's own options) and the language.
#[derive(Debug, Default)]
pub struct GlobalArgs {
    /// Each limit flag's value where it was given, parallel to [`FLAGS`].
    limits: [Option<u64>; FLAGS.len()],
    /// The language of an OVF package's texts, where `--lang` was given.
    pub lang: Option<String>,
}

impl GlobalArgs {
    /// The limits the flags set, the defaults for the others.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        for (flag, value) in FLAGS.iter().zip(self.limits) {
            if let Some(value) = value {
                (flag.set)(&mut limits, value);
            }
        }
        limits
    }

    /// These options with those given after the command (`other`, read from the
    /// command's own matches in the parse-only tree); `None` when one option is given in
    /// both places, which the whole tree decides.
    pub fn joined(mut self, other: GlobalArgs) -> Option<GlobalArgs> {
        for (value, given) in self.limits.iter_mut().zip(other.limits) {
            if given.is_some() {
                if value.is_some() {
                    return None;
                }
                *value = given;
            }
        }
        if other.lang.is_some() {
            if self.lang.is_some() {
                return None;
            }
            self.lang = other.lang;
        }
        Some(self)
    }

    /// Declares the options on `command`: the whole tree's global options with their help
    /// and defaults (`whole`), or, for the parse-only tree, plain options of the command
    /// itself. Global options would be copied into every command and their defaults
    /// filled in at every run; the parse-only tree declares them on the root and on the
    /// command parsed instead ([`parse_only::Deferred`]) and joins what each took.
    pub fn declare(command: clap::Command, whole: bool) -> clap::Command {
        let defaults = Limits::default();
        let command = if whole {
            command.next_help_heading(HEADING)
        } else {
            command
        };
        let limits = FLAGS.iter().map(|flag| {
            let arg = Arg::new(flag.long)
                .long(flag.long)
                .action(ArgAction::Set)
                .value_parser(clap::value_parser!(u64));
            if whole {
                arg.value_name(flag.long.to_ascii_uppercase().replace('-', "_"))
                    .global(true)
                    .help(flag.help)
                    .hide_short_help(true)
                    .default_value((flag.get)(&defaults).to_string())
            } else {
                arg
            }
        });
        let lang = Arg::new(LANG).long(LANG).action(ArgAction::Set);
        let lang = if whole {
            lang.value_name("LANGUAGE").global(true).help(
                "The language of an OVF package's texts (a message bundle's, such as `ja` or \
                 `de-DE`); without it, LC_ALL, LC_MESSAGES or LANG decides, and a package \
                 without a bundle in that language shows its own words",
            )
        } else {
            lang
        };
        command.args(limits).arg(lang)
    }
}

/// The id and long name of the language option.
const LANG: &str = "lang";

/// One limit flag: its long name (also its id), its help line, and the field of [`Limits`]
/// it reads and sets (every value parsed as `u64`; clap's messages for a bad number are the
/// same for `u64` and `usize`).
struct LimitFlag {
    long: &'static str,
    help: &'static str,
    get: fn(&Limits) -> u64,
    set: fn(&mut Limits, u64),
}

/// A `usize` limit from a flag's `u64`: a number too large for this platform means no
/// tighter limit than the largest.
fn size(value: u64) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

/// The heading the limits (and, after them, `--lang`) are listed under in `--help`.
const HEADING: &str = "Limits (docs/limits.md)";

/// A [`LimitFlag`] for the field of [`Limits`] at `$field`, of type `u64` or `usize`.
macro_rules! limit {
    ($long:literal, u64 $($field:ident).+, $help:literal) => {
        LimitFlag {
            long: $long,
            help: $help,
            get: |l| l.$($field).+,
            set: |l, v| l.$($field).+ = v,
        }
    };
    ($long:literal, usize $($field:ident).+, $help:literal) => {
        LimitFlag {
            long: $long,
            help: $help,
            get: |l| l.$($field).+ as u64,
            set: |l, v| l.$($field).+ = size(v),
        }
    };
}

/// Every limit flag, in the order `--help` lists them.
const FLAGS: [LimitFlag; 14] = [
    limit!("max-template-size", u64 max_template_size,
        "Largest template Heat accepts, in bytes (Heat's max_template_size)"),
    limit!("max-file-size", u64 max_file_bytes,
        "Largest single file read into memory, in bytes"),
    limit!("max-entries", usize max_archive_entries,
        "Most entries in a folder or archive"),
    limit!("max-archive-size", u64 max_archive_total_bytes,
        "Most bytes decompressed from one archive in total"),
    limit!("max-yaml-depth", usize yaml.max_depth,
        "Deepest YAML nesting"),
    limit!("max-yaml-alias-nodes", usize yaml.max_alias_nodes,
        "Most nodes YAML aliases may copy into one document"),
    limit!("max-yaml-alias-bytes", usize yaml.max_alias_bytes,
        "Most bytes YAML aliases may copy into one document"),
    limit!("max-nested-depth", usize max_nested_depth,
        "Deepest nesting of templates (Heat's max_nested_stack_depth)"),
    limit!("max-line-length", usize yaml.max_line_bytes,
        "Longest line of a YAML file (template, environment, VNFD, answers), in bytes"),
    limit!("max-files", usize max_files,
        "Most files in one template set"),
    limit!("max-manifest-size", u64 max_manifest_bytes,
        "Largest OVF manifest or certificate file, in bytes"),
    limit!("max-tar-header-size", u64 max_tar_header_bytes,
        "Largest pax or GNU long-name header of one tar (OVA) entry, in bytes"),
    limit!("max-xml-depth", usize xml.max_depth,
        "Deepest XML element nesting in an OVF descriptor"),
    limit!("max-xml-elements", usize xml.max_elements,
        "Most XML elements in one OVF descriptor"),
];

impl Args for GlobalArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        GlobalArgs::declare(command, !parse_only::active())
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for GlobalArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut options = GlobalArgs::default();
        options.update_from_arg_matches(matches)?;
        Ok(options)
    }

    /// Takes the values given (not the defaults the whole tree fills in).
    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for (flag, value) in FLAGS.iter().zip(&mut self.limits) {
            if matches.value_source(flag.long) == Some(ValueSource::CommandLine) {
                *value = matches.get_one::<u64>(flag.long).copied();
            }
        }
        if let Some(lang) = matches.get_one::<String>(LANG) {
            self.lang = Some(lang.clone());
        }
        Ok(())
    }
}

/// The limits other than the defaults, as the flags that set them (`--max-files 20`): a
/// report names them among the settings in force.
pub fn changed_limits(limits: &Limits) -> Option<(String, String)> {
    let defaults = Limits::default();
    let changed: Vec<String> = FLAGS
        .iter()
        .filter(|flag| (flag.get)(limits) != (flag.get)(&defaults))
        .map(|flag| format!("--{} {}", flag.long, (flag.get)(limits)))
        .collect();
    (!changed.is_empty()).then(|| ("Limits".to_owned(), changed.join(", ")))
}
