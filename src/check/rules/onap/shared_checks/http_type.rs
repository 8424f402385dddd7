//! Resource types that point at a web address (R-53952, R-71699).

use crate::model::hot::template::is_template_reference;

/// What a resource type fetched over HTTP would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HttpType {
    /// A nested template (the address ends like a template file, as the loader decides).
    NestedTemplate,
    /// Any other resource definition.
    Definition,
}

/// What kind of web reference `resource_type` is, when it is an `http://` or `https://`
/// address (scheme compared without case, as URLs allow).
pub fn http_type(resource_type: &str) -> Option<HttpType> {
    let trimmed = resource_type.trim();
    let web = ["http://", "https://"].iter().any(|scheme| {
        trimmed
            .get(..scheme.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(scheme))
    });
    if !web {
        return None;
    }
    Some(if is_template_reference(trimmed) {
        HttpType::NestedTemplate
    } else {
        HttpType::Definition
    })
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::shared_checks::http_type::*;

    #[test]
    fn web_types() {
        assert_eq!(
            http_type("https://repo.example.net/heat/vfw_server.yaml"),
            Some(HttpType::NestedTemplate)
        );
        assert_eq!(
            http_type("HTTP://repo.example.net/heat/dns.template"),
            Some(HttpType::NestedTemplate)
        );
        assert_eq!(
            http_type("http://repo.example.net/types/firewall"),
            Some(HttpType::Definition)
        );
        assert_eq!(http_type("OS::Nova::Server"), None);
        assert_eq!(http_type("nested/vfw_server.yaml"), None);
        assert_eq!(http_type("httpd.yaml"), None);
        assert_eq!(http_type("ftp://repo.example.net/x.yaml"), None);
    }
}
