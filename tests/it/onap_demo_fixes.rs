//! Fix coverage on the ONAP-style sets of `tests/fixtures/onap/` (written after the shapes
//! of ONAP's demo VNFs and SDC's test packages): how many error findings carry a fix, and
//! that the vFW-like set reaches 0 errors with the safe fixes alone. Prints the figures.

use std::path::{Path, PathBuf};

use vnfwiz::foundation::diagnostics::{Options, Severity};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::open::{Loaded, open};
use vnfwiz::transform::fix::{FixLevel, Offer, Safety, Workspace};

/// The sets, as ONAP's demos and SDC's packages are laid out.
const SETS: [&str; 5] = [
    "vfw",
    "vlb",
    "vfw_cnf_cds/templates/base",
    "sdc_string_is_base",
    "sdc_module_also_nested",
];

fn set(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/onap")
        .join(name)
}

fn workspace(name: &str) -> Workspace {
    let Ok((Loaded::Hot(set), _)) = open(&set(name), &Options::new(&Limits::default())) else {
        panic!("{name} loads as a HOT set");
    };
    Workspace::new(*set).unwrap_or_else(|_| panic!("{name} can be fixed"))
}

#[test]
fn nine_in_ten_error_findings_carry_a_fix() {
    let (mut errors, mut fixable, mut safe) = (0, 0, 0);
    for name in SETS {
        let workspace = workspace(name);
        let (mut e, mut f, mut s) = (0, 0, 0);
        for (violation, offer) in workspace.violations().iter().zip(workspace.offers()) {
            if violation.severity() != Severity::Error {
                continue;
            }
            e += 1;
            match offer {
                Some(Offer::Ready(fix)) => {
                    f += 1;
                    if fix.safety == Safety::Safe {
                        s += 1;
                    }
                }
                Some(Offer::NeedsText { .. }) => f += 1,
                _ => eprintln!(
                    "{name}: no fix for {} at {}:{}",
                    violation.rule.id, violation.file, violation.span.line
                ),
            }
        }
        eprintln!("{name}: {e} errors, {f} with a fix ({s} safe)");
        (errors, fixable, safe) = (errors + e, fixable + f, safe + s);
    }
    eprintln!("all: {errors} errors, {fixable} with a fix ({safe} safe)");
    assert!(
        fixable * 10 >= errors * 9,
        "{fixable} of {errors} errors carry a fix"
    );
}

#[test]
fn the_vfw_like_set_is_clean_with_the_safe_fixes_alone() {
    let mut workspace = workspace("vfw");
    let outcome = workspace.apply_level(FixLevel::Safe);
    assert_eq!(outcome.applied.len(), 10, "{outcome:?}");
    assert!(
        workspace.violations().is_empty(),
        "{:?}",
        workspace.violations()
    );
}
