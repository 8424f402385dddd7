//! Where the text a rule comes from is published: ONAP's requirement (its page and anchor),
//! the HOT specification, DMTF's OVF, ETSI's SOL004, SDC, Heat's environments. Reports and
//! the editor link each finding there.

mod onap_pages;

/// ONAP's VNF requirements site, before the release.
const ONAP_SITE: &str = "https://docs.onap.org/projects/onap-vnfrqts-requirements/en";

/// Where each family of rules other than ONAP's is documented, by id prefix (the first that
/// matches).
const SOURCES: [(&str, &str); 5] = [
    (
        "R-92635/",
        "https://docs.openstack.org/heat/latest/template_guide/hot_spec.html",
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

/// The published text of rule `id`: an ONAP requirement's own page at its anchor (a search
/// of the site for an id the export does not hold), else its family's document.
pub fn url(id: &str) -> Option<String> {
    if let Some((_, source)) = SOURCES.iter().find(|(prefix, _)| id.starts_with(prefix)) {
        return Some((*source).to_owned());
    }
    let requirement = id
        .split_once('/')
        .map_or(id, |(requirement, _)| requirement);
    if !requirement.starts_with("R-") {
        return None;
    }
    let release = onap_pages::RELEASE;
    let mut key = [0u8; onap_pages::ID_BYTES];
    let found = match key.get_mut(..requirement.len()) {
        Some(start) => {
            start.copy_from_slice(requirement.as_bytes());
            onap_pages::REQUIREMENTS.binary_search_by(|(known, _)| known.cmp(&key))
        }
        None => Err(0),
    };
    Some(match found {
        Ok(found) => {
            let page = onap_pages::PAGES[usize::from(onap_pages::REQUIREMENTS[found].1)];
            format!("{ONAP_SITE}/{release}/{page}.html#{requirement}")
        }
        Err(_) => format!("{ONAP_SITE}/{release}/search.html?q={requirement}"),
    })
}

#[cfg(test)]
mod tests {
    use super::{onap_pages, url};

    #[test]
    fn an_onap_requirement_links_to_its_page_at_its_anchor() {
        assert_eq!(
            url("R-27078/date").as_deref(),
            Some(
                "https://docs.onap.org/projects/onap-vnfrqts-requirements/en/frankfurt/\
                 Chapter5/Heat/ONAP%20Heat%20Orchestration%20Template%20Format.html#R-27078"
            )
        );
        assert!(url("R-99999").unwrap().ends_with("search.html?q=R-99999"));
        assert!(
            url("R-9979070")
                .unwrap()
                .ends_with("search.html?q=R-9979070")
        );
        assert!(url("R-997907").unwrap().ends_with("#R-997907"));
    }

    #[test]
    fn other_families_link_to_their_document() {
        assert!(
            url("R-92635/unknown-property")
                .unwrap()
                .ends_with("hot_spec.html")
        );
        assert!(url("OVF-doctype").unwrap().contains("dmtf"));
        assert!(url("CSAR-signed-layout").unwrap().contains("etsi"));
        assert_eq!(url("X-1"), None);
    }

    #[test]
    fn the_generated_table_is_sorted_for_bisection() {
        let ids: Vec<&[u8]> = onap_pages::REQUIREMENTS
            .iter()
            .map(|(id, _)| id.as_slice())
            .collect();
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
