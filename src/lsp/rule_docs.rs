//! Where a rule's documentation is, for a diagnostic's `codeDescription`: the project's own
//! page when `--rule-docs` names one, else the published text the rule comes from.

use lsp_types::Url;

/// The documentation of rule `id`: `template` with `{id}` replaced, else the rule's source.
pub fn url(id: &str, template: Option<&str>) -> Option<Url> {
    let text = match template {
        Some(template) => template.replace("{id}", id),
        None => crate::check::rule_source::url(id)?,
    };
    Url::parse(&text).ok()
}

#[cfg(test)]
mod tests {
    use super::url;

    #[test]
    fn the_given_page_wins_over_the_rules_source() {
        let own = url("R-90526", Some("https://example.org/rules#{id}")).unwrap();
        assert_eq!(own.as_str(), "https://example.org/rules#R-90526");
        let onap = url("R-90526", None).unwrap();
        assert!(onap.as_str().ends_with(".html#R-90526"), "{onap}");
        assert!(url("X-1", None).is_none());
    }
}
