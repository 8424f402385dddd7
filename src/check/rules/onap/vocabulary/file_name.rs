//! The parts of a package path that ONAP's file naming rules speak about.

/// The file name: the last step of a package path.
pub fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The file name without its extension (`vfw_base.yaml` → `vfw_base`).
pub fn stem(path: &str) -> &str {
    let name = file_name(path);
    name.rsplit_once('.').map_or(name, |(stem, _)| stem)
}

/// The extension as written, without the dot (`vfw.YAML` → `YAML`); `None` without one.
pub fn extension(path: &str) -> Option<&str> {
    file_name(path).rsplit_once('.').map(|(_, ext)| ext)
}

/// True when the extension is exactly `yaml` or `yml` (ONAP wants them in lower case).
pub fn has_yaml_extension(path: &str) -> bool {
    matches!(extension(path), Some("yaml" | "yml"))
}

/// True when `text` contains `word` in any letter case.
pub fn contains_ignoring_case(text: &str, word: &str) -> bool {
    text.to_ascii_lowercase().contains(word)
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::vocabulary::file_name::*;

    #[test]
    fn parts_of_a_path() {
        assert_eq!(file_name("nested/vfw_server.yaml"), "vfw_server.yaml");
        assert_eq!(stem("nested/vfw_server.yaml"), "vfw_server");
        assert_eq!(stem("vfw.tar.gz"), "vfw.tar");
        assert_eq!(stem("README"), "README");
        assert_eq!(extension("base_vfw.YAML"), Some("YAML"));
        assert_eq!(extension("base_vfw"), None);
        assert!(has_yaml_extension("base_vfw.yml"));
        assert!(!has_yaml_extension("base_vfw.Yaml"));
        assert!(!has_yaml_extension("base_vfw.template"));
    }

    #[test]
    fn case() {
        assert!(contains_ignoring_case("DataBase_vdns", "base"));
        assert!(!contains_ignoring_case("vdns", "base"));
    }
}
