//! `docs/user-guide.md` shows the wizard as it really draws: every fenced block after a
//! `<!-- capture: NAME -->` line is the screen of snapshot NAME (`screens.rs`), so the guide
//! cannot drift from the code. `INSTA_UPDATE=always cargo test --lib user_guide` rewrites
//! the blocks after the snapshots change, as it rewrites the snapshots themselves.

use std::path::Path;

use crate::tui::state::StepId;
use crate::tui::testing::repo;

const GUIDE: &str = "docs/user-guide.md";
const MARKER: &str = "<!-- capture: ";
const FENCE: &str = "```";

/// The screen a snapshot holds: its insta header and cursor line dropped, trailing blanks
/// trimmed.
fn screen_of(name: &str) -> String {
    let path = repo(&format!(
        "src/tui/testing/snapshots/vnfwiz__tui__testing__screens__{name}.snap"
    ));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (a capture names a missing snapshot)",
            path.display()
        )
    });
    let body = text
        .splitn(3, "---\n")
        .nth(2)
        .unwrap_or_else(|| panic!("{}: no insta header", path.display()));
    body.lines()
        .filter(|l| !l.starts_with("cursor "))
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The guide with every capture block replaced by its snapshot's screen; and the captures.
fn with_captures(guide: &str) -> (String, Vec<String>) {
    let mut out = Vec::new();
    let mut screens = Vec::new();
    let mut lines = guide.lines();
    while let Some(line) = lines.next() {
        out.push(line.to_owned());
        let Some(name) = line
            .strip_prefix(MARKER)
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            continue;
        };
        // Skip the old block, if any, up to its closing fence.
        let mut rest = lines.clone();
        if rest.next().is_some_and(|l| l.starts_with(FENCE)) {
            lines = rest;
            for l in lines.by_ref() {
                if l == FENCE {
                    break;
                }
            }
        }
        let screen = screen_of(name);
        out.push(format!("{FENCE}text"));
        out.push(screen.clone());
        out.push(FENCE.to_owned());
        screens.push(screen);
    }
    (out.join("\n") + "\n", screens)
}

#[test]
fn the_user_guide_shows_every_step_as_drawn() {
    let path = repo(GUIDE);
    let guide = std::fs::read_to_string(&path).expect("docs/user-guide.md");
    let (generated, screens) = with_captures(&guide);
    for step in StepId::ALL {
        let indicator = format!("[{}/{}] {}", step.number(), StepId::ALL.len(), step.title());
        assert!(
            screens.iter().any(|s| s.contains(&indicator)),
            "the guide has no capture of {indicator}"
        );
    }
    // Insta's switch for writing snapshots in place writes the guide too.
    if matches!(
        std::env::var("INSTA_UPDATE").as_deref(),
        Ok("always" | "1" | "force")
    ) {
        std::fs::write(Path::new(&path), &generated).expect("writes the guide");
        return;
    }
    assert!(
        guide == generated,
        "{GUIDE} differs from the snapshots: run `INSTA_UPDATE=always cargo test --lib user_guide`"
    );
}
