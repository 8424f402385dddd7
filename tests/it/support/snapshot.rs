//! Command-line output held whole by insta snapshots (`tests/it/snapshots/`) instead of by
//! substrings: the text is made the same on every run first (temporary folders as `[tmp]`,
//! the repository as `[repo]`, vnfwiz's version as `[version]`, durations as `[time]`).
//! Update with `INSTA_UPDATE=always` like every expected output.

use std::path::Path;

/// `text` with the run-dependent parts replaced; `temps` are the run's temporary folders.
pub fn normalised(text: &str, temps: &[&Path]) -> String {
    let mut text = text.to_owned();
    for temp in temps {
        // A canonical form first: on some systems the temporary folder is behind a link.
        if let Ok(real) = temp.canonicalize() {
            text = text.replace(&real.display().to_string(), "[tmp]");
        }
        text = text.replace(&temp.display().to_string(), "[tmp]");
    }
    let text = temporary_names(&text)
        .replace(env!("CARGO_MANIFEST_DIR"), "[repo]")
        .replace(env!("CARGO_PKG_VERSION"), "[version]");
    durations(&text)
}

/// The temporary folders and files `tempfile` names by default (`<temp>/.tmpXXXXXX`) as
/// `[tmp]`, for a test that does not hold the path itself.
fn temporary_names(text: &str) -> String {
    const RANDOM: usize = 6;
    let prefix = format!(
        "{}/.tmp",
        std::env::temp_dir()
            .display()
            .to_string()
            .trim_end_matches('/')
    );
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&prefix) {
        out.push_str(&rest[..at]);
        let after = &rest[at + prefix.len()..];
        let random = after
            .char_indices()
            .take_while(|(_, c)| c.is_ascii_alphanumeric())
            .count();
        if random == RANDOM {
            out.push_str("[tmp]");
            rest = &after[RANDOM..];
        } else {
            out.push_str(&prefix);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Numbers followed by a unit of time (`12 ms`, `0.4s`, `3µs`) as `[time]`.
fn durations(text: &str) -> String {
    const UNITS: [&str; 4] = ["ms", "µs", "ns", "s"];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let preceded = out
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '-');
        let number = from
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(from.len());
        let after = &from[number..];
        let spaced = after.strip_prefix(' ').unwrap_or(after);
        let unit = UNITS.iter().find(|u| {
            spaced.starts_with(*u)
                && !spaced[u.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        });
        match unit {
            Some(unit) if !preceded => {
                out.push_str("[time]");
                rest = &spaced[unit.len()..];
            }
            _ => {
                out.push_str(&from[..number]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_replaced() {
        let temp = tempfile::tempdir().unwrap();
        let text = format!("{}/a.yaml:1:1", temp.path().display());
        assert_eq!(normalised(&text, &[]), "[tmp]/a.yaml:1:1");
    }

    #[test]
    fn paths_versions_and_durations_are_replaced() {
        let temp = tempfile::tempdir().unwrap();
        let text = format!(
            "{}/out written by vnfwiz {} in 12 ms (0.5s); 3 files, R-92635, v6_0",
            temp.path().display(),
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(
            normalised(&text, &[temp.path()]),
            "[tmp]/out written by vnfwiz [version] in [time] ([time]); 3 files, R-92635, v6_0"
        );
    }
}
