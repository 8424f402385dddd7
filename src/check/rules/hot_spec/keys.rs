//! Messages for a key that a definition (resource, output, parameter) does not accept.

use crate::model::hot::Version;
use crate::model::hot::lookalike::closest;
use crate::model::hot::version::VERSIONS;

/// Why `key` is not accepted in `what` ("a resource definition") of `version`, or `None` when it is;
/// `keys_of` gives the accepted keys per version.
pub(super) fn unknown_key(
    what: &str,
    key: &str,
    version: Version,
    keys_of: fn(Version) -> &'static [&'static str],
) -> Option<String> {
    let allowed = keys_of(version);
    if allowed.contains(&key) {
        return None;
    }
    if let Some((_, since, _)) = VERSIONS
        .iter()
        .find(|(v, _, _)| *v > version && keys_of(*v).contains(&key))
    {
        return Some(format!(
            "`{key}` in {what} needs heat_template_version {since} or later; this template is {version}"
        ));
    }
    let hint = closest(key, allowed.iter().copied())
        .map(|k| format!("did you mean `{k}`? "))
        .unwrap_or_default();
    Some(format!(
        "`{key}` is not a key of {what}; {hint}keys are {}",
        allowed.join(", ")
    ))
}
