//! Expected output kept as a plain file (docs/rules.md, a fix's `after/` files, the list of
//! rule tests): held to what the code produces, and rewritten instead under insta's own
//! switch, `INSTA_UPDATE=always`, so that one command updates every expected output,
//! snapshots included (README.md, "Tests").

use std::path::Path;

use similar::TextDiff;

/// Whether this run rewrites expected output, as insta does its snapshots in place.
pub fn updating() -> bool {
    matches!(
        std::env::var("INSTA_UPDATE").as_deref(),
        Ok("always" | "1" | "force")
    )
}

/// Holds the file at `path` to `produced`; under [`updating`] writes it instead.
pub fn assert_file(path: &Path, produced: &str) {
    let written = std::fs::read_to_string(path).unwrap_or_default();
    if written == produced {
        return;
    }
    if updating() {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("creates the file's folder");
        }
        std::fs::write(path, produced).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let diff = TextDiff::from_lines(written.as_str(), produced)
        .unified_diff()
        .header("written", "produced")
        .to_string();
    panic!(
        "{} differs from what the code produces; review and write it with \
         `INSTA_UPDATE=always cargo test`:\n{diff}",
        path.display()
    );
}
