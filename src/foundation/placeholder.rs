//! Values that are not values: what vendors and template authors leave where the operator
//! must put something (`PUT THE VM IMAGE NAME HERE`, `CHANGEME`, `<image>`, `TBD`, a value
//! of blanks or quotes). Such a default passes every type check and deploys nothing; the
//! OVF and HOT rules and the wizard's forms flag it by this one test.

/// Why `value` reads as a placeholder rather than a value, or `None` when it does not. An
/// empty value is no value at all (left for instantiation), not a placeholder.
pub fn placeholder(value: &str) -> Option<&'static str> {
    if value.is_empty() {
        return None;
    }
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Some("it holds only blanks");
    }
    if matches!(
        trimmed,
        "\"\"" | "''" | "-" | "--" | "---" | "?" | "???" | "..." | "…"
    ) {
        return Some("it only looks like a value: quotes, dashes or dots");
    }
    let upper = trimmed.to_ascii_uppercase();
    let words: Vec<&str> = upper
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let compact: String = words.concat();
    const MARKERS: &[&str] = &[
        "CHANGEME",
        "CHANGETHIS",
        "REPLACEME",
        "FILLME",
        "FILLMEIN",
        "TBD",
        "TBA",
        "TODO",
        "FIXME",
        "XXX",
        "XXXX",
        "NA",
        "PLACEHOLDER",
        "YOURVALUEHERE",
        "SETME",
    ];
    if MARKERS.contains(&compact.as_str()) {
        return Some("it is a marker authors leave for a value to fill in");
    }
    // `PUT THE VM IMAGE NAME HERE`, `ENTER YOUR KEY HERE`, `INSERT … HERE`.
    if words.len() >= 3
        && matches!(
            words[0],
            "PUT" | "ENTER" | "INSERT" | "ADD" | "TYPE" | "SET" | "REPLACE" | "FILL" | "PROVIDE"
        )
        && words.last() == Some(&"HERE")
    {
        return Some("it asks for a value instead of giving one");
    }
    // `<image>`, `<your-key-here>`, `${IMAGE}`: a name in brackets stands for a value.
    let bracketed = |open: &str, close: &str| {
        trimmed
            .strip_prefix(open)
            .and_then(|rest| rest.strip_suffix(close))
            .is_some_and(|inner| {
                !inner.trim().is_empty() && !inner.contains(open) && !inner.contains(close)
            })
    };
    if bracketed("<", ">") || bracketed("${", "}") || bracketed("{{", "}}") {
        return Some("it names the value in brackets instead of giving it");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_vendors_and_onap_demos_write_are_found() {
        for text in [
            "PUT THE VM IMAGE NAME HERE",
            "PUT THE ONAP PRIVATE NETWORK NAME HERE",
            "CHANGEME",
            "change_me",
            "Change-Me",
            "<image>",
            "<your ssh key here>",
            "${IMAGE_NAME}",
            "{{ flavor }}",
            "TBD",
            "N/A",
            "   ",
            "\"\"",
            "''",
            "-",
            "xxx",
        ] {
            assert!(placeholder(text).is_some(), "{text:?}");
        }
    }

    #[test]
    fn real_values_are_not_placeholders() {
        for text in [
            "",
            "ubuntu-22.04-server-cloudimg-amd64",
            "m1.large",
            "192.0.2.10",
            "admin",
            "none",
            "true",
            "0",
            "<b>bold</b> banner",
            "put the kettle on",
            "HERE",
            "-v",
            "a<b>",
        ] {
            assert_eq!(placeholder(text), None, "{text:?}");
        }
    }
}
