//! Package-relative paths: every reference is resolved against its file and must stay inside.

/// Why a reference cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// `/etc/passwd`, `C:\x`, `file:///x`.
    #[error("`{0}` is an absolute path; use a path relative to the referencing file")]
    Absolute(String),
    /// `../../x` climbing above the package root.
    #[error("`{0}` leads outside the package; keep every file inside the package folder")]
    Escapes(String),
    /// `http://…` and other URLs.
    #[error("`{0}` is a URL; vnfwiz only reads files inside the package")]
    Url(String),
    /// An empty reference.
    #[error("the path is empty")]
    Empty,
}

/// True when `reference` has a URL scheme (`http:`, `https:`, `file:`…).
pub fn is_url(reference: &str) -> bool {
    match reference.find("://") {
        Some(at) => {
            let scheme = &reference[..at];
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        }
        None => false,
    }
}

/// Joins `reference` to the folder of `from` (both package-relative, `/`-separated) and
/// normalises `.` and `..`; refuses anything that would leave the package.
pub fn resolve(from: &str, reference: &str) -> Result<String, PathError> {
    if reference.is_empty() {
        return Err(PathError::Empty);
    }
    if is_url(reference) {
        return Err(PathError::Url(reference.to_owned()));
    }
    let windows_drive = reference.len() >= 2
        && reference.as_bytes()[1] == b':'
        && reference.as_bytes()[0].is_ascii_alphabetic();
    if reference.starts_with('/') || reference.starts_with('\\') || windows_drive {
        return Err(PathError::Absolute(reference.to_owned()));
    }
    let base = match from.rfind('/') {
        Some(at) => &from[..at],
        None => "",
    };
    normalise(&format!("{base}/{reference}"))
        .ok_or_else(|| PathError::Escapes(reference.to_owned()))
}

/// Normalises a package path (`a/./b/../c` → `a/c`); `None` when it climbs above the root.
pub fn normalise(path: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other),
        }
    }
    Some(parts.join("/"))
}

/// Checks an archive entry name as stored and returns it normalised (`./a//b` → `a/b`;
/// empty for the root folder). Refused: absolute paths, drive letters, NUL bytes and names
/// that climb out with `..`; the error says why, for `SourceError::UnsafeEntry`.
pub fn archive_entry_name(raw: &str) -> Result<String, &'static str> {
    let name = raw.replace('\\', "/");
    let drive =
        name.len() >= 2 && name.as_bytes()[1] == b':' && name.as_bytes()[0].is_ascii_alphabetic();
    if name.starts_with('/') || drive {
        return Err("has an absolute path");
    }
    if name.contains('\0') {
        return Err("has a NUL byte in its name");
    }
    normalise(&name).ok_or("climbs out of the archive with `..`")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_relative_to_the_referencing_file() {
        assert_eq!(resolve("base.yaml", "nested.yaml").unwrap(), "nested.yaml");
        assert_eq!(resolve("a/b.yaml", "../c.yaml").unwrap(), "c.yaml");
        assert_eq!(resolve("a/b.yaml", "./d/e.sh").unwrap(), "a/d/e.sh");
    }

    #[test]
    fn refuses_escapes_absolute_paths_and_urls() {
        assert!(matches!(
            resolve("base.yaml", "../../x"),
            Err(PathError::Escapes(_))
        ));
        assert!(matches!(
            resolve("base.yaml", "/etc/passwd"),
            Err(PathError::Absolute(_))
        ));
        assert!(matches!(
            resolve("base.yaml", "C:\\x"),
            Err(PathError::Absolute(_))
        ));
        assert!(matches!(
            resolve("base.yaml", "https://example.com/t.yaml"),
            Err(PathError::Url(_))
        ));
        assert!(matches!(
            resolve("base.yaml", "file:///etc/passwd"),
            Err(PathError::Url(_))
        ));
    }

    #[test]
    fn archive_entry_names_are_normalised_or_refused() {
        assert_eq!(archive_entry_name("./vm.ovf").unwrap(), "vm.ovf");
        assert_eq!(archive_entry_name("a\\b//c").unwrap(), "a/b/c");
        assert_eq!(archive_entry_name("./").unwrap(), "");
        assert!(archive_entry_name("/etc/passwd").is_err());
        assert!(archive_entry_name("C:/x").is_err());
        assert!(archive_entry_name("a/../../x").is_err());
        assert!(archive_entry_name("a\0b").is_err());
    }
}
