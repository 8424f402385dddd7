//! The language the operator asks descriptors' texts in: `--lang`, else the locale of the
//! environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, as gettext reads them). Set once by the
//! command line before any package is opened; OVF packages show a message bundle's texts
//! in that language when they hold one, and their own words otherwise.

use std::sync::RwLock;

static REQUESTED: RwLock<Option<String>> = RwLock::new(None);

/// Records the language asked for (`None`: the descriptors' own words).
pub fn request(language: Option<String>) {
    *REQUESTED.write().unwrap_or_else(|p| p.into_inner()) = language;
}

/// The language asked for, as a language tag (`ja-JP`), if any.
pub fn requested() -> Option<String> {
    REQUESTED.read().unwrap_or_else(|p| p.into_inner()).clone()
}

/// A POSIX locale name as a language tag: `ja_JP.UTF-8` → `ja-JP`, `de_DE@euro` → `de-DE`;
/// none for the C and POSIX locales or an empty value.
pub fn tag(locale: &str) -> Option<String> {
    let name = locale.split(['.', '@']).next().unwrap_or("").trim();
    if name.is_empty() || name == "C" || name == "POSIX" {
        return None;
    }
    Some(name.replace('_', "-"))
}

/// The language the environment's locale names (`LC_ALL`, then `LC_MESSAGES`, then `LANG`;
/// the first one set and not empty decides).
pub fn from_environment(get: impl Fn(&str) -> Option<String>) -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| get(name))
        .find(|value| !value.is_empty())
        .and_then(|value| tag(&value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posix_locales_become_language_tags() {
        assert_eq!(tag("ja_JP.UTF-8").as_deref(), Some("ja-JP"));
        assert_eq!(tag("de_DE@euro").as_deref(), Some("de-DE"));
        assert_eq!(tag("fr").as_deref(), Some("fr"));
        assert_eq!(tag("C.UTF-8"), None);
        assert_eq!(tag("POSIX"), None);
        assert_eq!(tag(""), None);
    }

    #[test]
    fn lc_all_wins_over_lang_and_empty_values_are_skipped() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert_eq!(
            from_environment(env(&[("LANG", "ja_JP.UTF-8"), ("LC_ALL", "de_DE.UTF-8")])).as_deref(),
            Some("de-DE")
        );
        assert_eq!(
            from_environment(env(&[("LC_ALL", ""), ("LANG", "ja_JP.UTF-8")])).as_deref(),
            Some("ja-JP")
        );
        assert_eq!(from_environment(env(&[("LANG", "C.UTF-8")])), None);
    }
}
