//! `docs/rules.md` is the registry's catalogue as `vnfwiz rules --format markdown` prints it;
//! this test fails when a rule changed and the document was not regenerated, and writes it
//! under `INSTA_UPDATE=always`.

use std::path::Path;
use std::process::Command;

use crate::support::expected_file::assert_file;

#[test]
fn docs_rules_md_matches_the_registry() {
    let output = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["rules", "--format", "markdown"])
        .output()
        .expect("the vnfwiz binary runs");
    assert!(output.status.success(), "{:?}", output);
    let generated = String::from_utf8(output.stdout).expect("UTF-8 Markdown");
    assert_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"),
        &generated,
    );
}

#[test]
fn the_catalogue_lists_profiles_and_sections() {
    let output = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["rules", "--format", "markdown"])
        .output()
        .expect("the vnfwiz binary runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("| `onap` |"), "{text}");
    assert!(text.contains("\n## ONAP Heat Template Constructs / Heat Files Support (get_file)\n"));
    assert!(text.contains("| `R-41888` | MUST NOT |"));
}
