//! Where a rule's documentation is, for a diagnostic's `codeDescription`: the text the rule
//! comes from (ONAP's requirement, the HOT specification, DMTF's OVF, ETSI's SOL004, SDC,
//! Heat's environments), or the project's own page when `--rule-docs` names one.

use lsp_types::Url;

/// Where each family of rules is documented, by id prefix (the first that matches).
const SOURCES: [(&str, &str); 6] = [
    (
        "R-92635/",
        "https://docs.openstack.org/heat/latest/template_guide/hot_spec.html",
    ),
    (
        "R-",
        "https://docs.onap.org/projects/onap-vnfrqts-requirements/en/latest/search.html?q={id}",
    ),
    ("OVF-", "https://www.dmtf.org/standards/ovf"),
    (
        "CSAR-",
        "https://www.etsi.org/deliver/etsi_gs/NFV-SOL/001_099/004/",
    ),
    ("SDC-", "https://docs.onap.org/projects/onap-sdc/en/latest/"),
    (
        "CAP-",
        "https://docs.openstack.org/heat/latest/template_guide/environment.html",
    ),
];

/// The documentation of rule `id`: `template` with `{id}` replaced (the project's page),
/// else the text the rule comes from. An ONAP id is searched without its sub-code.
pub fn url(id: &str, template: Option<&str>) -> Option<Url> {
    let (requirement, _) = id.split_once('/').unwrap_or((id, ""));
    let text = match template {
        Some(template) => template.replace("{id}", id),
        None => {
            let (_, source) = SOURCES.iter().find(|(prefix, _)| id.starts_with(prefix))?;
            source.replace("{id}", requirement)
        }
    };
    Url::parse(&text).ok()
}

#[cfg(test)]
mod tests {
    use super::url;

    #[test]
    fn each_family_links_to_its_source_or_the_given_page() {
        let onap = url("R-27078/date", None).unwrap();
        assert!(onap.as_str().ends_with("search.html?q=R-27078"), "{onap}");
        let hot = url("R-92635/unknown-property", None).unwrap();
        assert!(hot.as_str().ends_with("hot_spec.html"), "{hot}");
        assert!(url("OVF-doctype", None).unwrap().as_str().contains("dmtf"));
        let own = url("R-90526", Some("https://example.org/rules#{id}")).unwrap();
        assert_eq!(own.as_str(), "https://example.org/rules#R-90526");
        assert!(url("X-1", None).is_none());
    }
}
