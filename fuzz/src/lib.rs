//! What the fuzz targets share: a scratch folder per process for inputs the library reads
//! from a path, the validate-and-render pipeline the binary runs, and splitting one input
//! into several files.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use vnfwiz::check::rules::Selection;
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::output::report::render;

/// Separates the files of one multi-file input (kept in the seeds, so mutations keep it).
pub const SEPARATOR: &[u8] = b"\n--8<--\n";

/// A folder of this process's own under the temporary directory.
pub fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("vnfwiz-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    })
}

/// Writes `data` as `name` in the scratch folder (replacing the last input of that name).
pub fn input_file(name: &str, data: &[u8]) -> PathBuf {
    let path = scratch().join(name);
    std::fs::write(&path, data).expect("write fuzz input");
    path
}

/// Runs `validate` on `path` as the binary does and renders the report in every format;
/// unreadable input is an error value, never a panic.
pub fn validate_and_render(path: &Path) {
    let limits = Limits::default();
    let options = Options::new(&limits);
    if let Ok(report) =
        vnfwiz::check::validation::validate(&[path.to_path_buf()], &options, &Selection::all())
    {
        std::hint::black_box(render::text::render(&report, false));
        std::hint::black_box(render::json::render(&report));
        std::hint::black_box(render::sarif::render(&report));
        std::hint::black_box(render::junit::render(&report));
    }
}

/// Splits `data` at [`SEPARATOR`] into at most `parts` pieces (missing ones are empty).
pub fn split(data: &[u8], parts: usize) -> Vec<&[u8]> {
    let mut pieces = Vec::with_capacity(parts);
    let mut rest = data;
    while pieces.len() + 1 < parts {
        match rest.windows(SEPARATOR.len()).position(|w| w == SEPARATOR) {
            Some(at) => {
                pieces.push(&rest[..at]);
                rest = &rest[at + SEPARATOR.len()..];
            }
            None => break,
        }
    }
    pieces.push(rest);
    pieces.resize(parts, &[][..]);
    pieces
}
