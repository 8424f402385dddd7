//! A `fail*` set's findings as the text report shows them (message, place, source line,
//! help) and, for a rule with a fix, what the fix of each finding would change as a unified
//! diff: an insta snapshot beside the set (`<set>.snap`). After a deliberate change, review
//! the `.snap.new` files (`cargo insta review`), or write them all with
//! `INSTA_UPDATE=always cargo test --test it rule_fixtures::` and read the diff.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use crate::support::rule_sets::{Materialised, RuleSet, fixtures_root, heat_ready, input_of};
use vnfwiz::check::rules::twins::twins_of;
use vnfwiz::foundation::diagnostics::{Options, Report};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::hot::Stage;
use vnfwiz::model::open::{Loaded, open};
use vnfwiz::output::report::render::text;
use vnfwiz::transform::fix::{Offer, Workspace, fixable_rules};

/// The text report of rule `id`'s findings in `report` of the set `written`, and for a rule
/// with a fix, what the fix of each finding would change.
pub fn rendered(id: &str, mut report: Report, written: &Materialised) -> String {
    for input in &mut report.inputs {
        input.violations.retain(|v| v.rule.id == id);
    }
    let mut out = text::render(&report, false);
    // A finding shared with a twin is fixed by the twin's provider too.
    if fixable_rules().any(|r| r == id || twins_of(id).any(|twin| twin == r)) {
        out.push_str(&fixes(id, written.dir()));
    }
    // A message naming the set's folder or a file outside it would show where it was
    // written and where the repository is.
    written
        .in_repo_terms(&out)
        .replace(env!("CARGO_MANIFEST_DIR"), "[repo]")
}

/// Whether `text` is the snapshot `<set>.snap` beside `set`; where it is not, insta prints
/// the difference (and writes `.snap.new`, or the snapshot under `INSTA_UPDATE=always`).
pub fn matches(set: &RuleSet, text: &str) -> bool {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(fixtures_root().join(set.rule()));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    // Every set of the rule is compared before its test fails.
    catch_unwind(AssertUnwindSafe(|| {
        settings.bind(|| insta::assert_snapshot!(set.name(), text));
    }))
    .is_ok()
}

/// What the fix of each finding of rule `id` on a HOT set would change, as a unified diff
/// under a line naming the finding and the fix.
fn fixes(id: &str, set_dir: &Path) -> String {
    let limits = Limits::default();
    let mut set = match open(&input_of(set_dir), &Options::new(&limits)) {
        Ok((Loaded::Hot(set), _)) => *set,
        Ok(_) => return "\nfixes: not a HOT set\n".to_owned(),
        Err(e) => return format!("\nfixes: cannot load: {e}\n"),
    };
    if heat_ready(set_dir) {
        set.stage = Stage::HeatReady;
    }
    let workspace = match Workspace::new(set) {
        Ok(workspace) => workspace,
        Err(unfixable) => return format!("\nfixes: none: {}\n", unfixable.reason),
    };
    let mut out = String::new();
    for v in workspace.violations().iter().filter(|v| v.breaks(id)) {
        let place = format!("{}:{}:{}", v.file, v.span.line, v.span.column);
        match workspace.offer(v, None) {
            Some(Offer::Ready(fix)) => {
                out.push_str(&format!(
                    "\nfix {place}: {} ({:?})\n",
                    fix.title, fix.safety
                ));
                match workspace.preview(&fix) {
                    Ok(preview) => out.push_str(&preview.unified()),
                    Err(e) => out.push_str(&format!("cannot preview: {e}\n")),
                }
            }
            Some(Offer::NeedsText { title, prompt }) => {
                out.push_str(&format!("\nfix {place}: {title}, once asked: {prompt}\n"));
            }
            Some(Offer::Unavailable(reason)) => {
                out.push_str(&format!("\nno fix {place}: {reason}\n"));
            }
            None => out.push_str(&format!("\nno fix {place}\n")),
        }
    }
    out
}
