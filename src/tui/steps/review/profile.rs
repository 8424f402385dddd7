//! The rule profile in the review: `p` turns the answers' `profile` to the next of the
//! profiles in effect (built in, then the profile file's), as `onboard --profile` chooses
//! one; the session checks the output with it from the next evaluation on, and the saved
//! answers carry it. The review's header names the profile and the project config in force.

use ratatui::text::{Line, Span};

use crate::tui::effect::Effect;
use crate::tui::evaluated::Evaluated;
use crate::tui::state::State;
use crate::tui::theme::Theme;

/// `p`: the next profile after the one in force (the first when rules were chosen another
/// way), as the answers' `profile`.
pub(super) fn next(state: &mut State) -> Vec<Effect> {
    let Some(opened) = state.opened.clone() else {
        return Vec::new();
    };
    let profiles = &opened.profiles;
    if profiles.is_empty() {
        return Vec::new();
    }
    let current = state
        .draft
        .answers
        .profile
        .clone()
        .or_else(|| Some(state.evaluated()?.checked_with.rules.clone()));
    let at = current.and_then(|name| profiles.iter().position(|(p, _)| *p == name));
    let (name, summary) = &profiles[at.map_or(0, |at| (at + 1) % profiles.len())];
    state.draft.answers.profile = Some(name.clone());
    state.tell(format!(
        "Checking with the {name} profile: {summary} (p: the next one)."
    ));
    state.changed()
}

/// The header's right part in `width` columns: `profile onap · vnfwiz.toml` (or `no
/// vnfwiz.toml`); a config path too long for the room keeps its last folders.
pub(super) fn header(evaluated: &Evaluated, width: usize, theme: &Theme) -> Line<'static> {
    let checked = &evaluated.checked_with;
    let profile = format!("profile {}", checked.rules);
    let config = match &checked.config {
        Some(file) => {
            let room = width.saturating_sub(profile.chars().count() + 3);
            shortened(&file.display().to_string(), room)
        }
        None => "no vnfwiz.toml".to_owned(),
    };
    Line::from(vec![
        Span::styled("profile ", theme.muted),
        Span::styled(checked.rules.clone(), theme.accent),
        Span::styled(format!(" · {config}"), theme.muted),
    ])
}

/// A path in at most `room` characters: whole, or `…/` and as many of its last parts as
/// fit (the file name at least).
fn shortened(path: &str, room: usize) -> String {
    if path.chars().count() <= room {
        return path.to_owned();
    }
    let parts: Vec<&str> = path.split('/').collect();
    let mut tail = parts.last().copied().unwrap_or(path).to_owned();
    for part in parts.iter().rev().skip(1) {
        let longer = format!("{part}/{tail}");
        if longer.chars().count() + 2 > room {
            break;
        }
        tail = longer;
    }
    format!("…/{tail}")
}

#[cfg(test)]
mod tests {
    use super::shortened;

    #[test]
    fn a_long_config_path_keeps_its_last_folders() {
        let path = "tests/fixtures/faces/waived/vnfwiz.toml";
        assert_eq!(shortened(path, 60), path);
        assert_eq!(shortened(path, 24), "…/waived/vnfwiz.toml");
        assert_eq!(
            shortened(path, 3),
            "…/vnfwiz.toml",
            "the file name at least"
        );
    }
}
