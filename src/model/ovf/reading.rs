//! What every section reader shares: the tree, typed attribute reads, and the notices made
//! along the way.

use super::located::Located;
use super::namespace::NsKind;
use super::notice::{Notice, NoticeKind};
use super::strings::LocalizedText;
use super::units::AllocationUnits;
use super::xml::{XmlElement, XmlTree};
use crate::foundation::diagnostics::Span;

/// The tree being read and the notices collected.
pub struct Reading<'t> {
    /// The parsed document.
    pub tree: &'t XmlTree,
    /// Findings so far.
    pub notices: Vec<Notice>,
}

impl<'t> Reading<'t> {
    /// Starts reading a tree.
    pub fn new(tree: &'t XmlTree) -> Reading<'t> {
        Reading {
            tree,
            notices: Vec::new(),
        }
    }

    /// Records a finding.
    pub fn notice(&mut self, kind: NoticeKind, span: Span, path: &str, message: String) {
        self.notices.push(Notice {
            kind,
            span,
            path: path.to_owned(),
            message,
        });
    }

    /// The children of an element.
    pub fn children(&self, element: &'t XmlElement) -> impl Iterator<Item = &'t XmlElement> + 't {
        self.tree.children(element)
    }

    /// `ovf:name` as a located string.
    pub fn attr(&self, element: &XmlElement, local: &str) -> Option<Located<String>> {
        element
            .ovf_attr(local)
            .map(|a| Located::new(a.value.clone(), a.span))
    }

    /// A required `ovf:` attribute; its absence is a notice.
    pub fn required_attr(
        &mut self,
        element: &XmlElement,
        local: &str,
        path: &str,
    ) -> Option<Located<String>> {
        let found = self.attr(element, local);
        if found.is_none() {
            self.notice(
                NoticeKind::Missing,
                element.span,
                path,
                format!("<{}> has no ovf:{local} attribute", element.qname),
            );
        }
        found
    }

    /// An `ovf:` attribute holding a whole number; a value that is not one is a notice.
    pub fn u64_attr(&mut self, element: &XmlElement, local: &str, path: &str) -> Option<u64> {
        let attr = element.ovf_attr(local)?;
        self.number(&attr.value, attr.span, &format!("ovf:{local}"), path)
    }

    /// A whole number written in `what`; anything else is a notice (a build tool's
    /// placeholder is named as one).
    pub fn number(&mut self, text: &str, span: Span, what: &str, path: &str) -> Option<u64> {
        match text.trim().parse::<u64>() {
            Ok(n) => Some(n),
            Err(_) if placeholder(text.trim()) => {
                self.notice(
                    NoticeKind::BuildTemplate,
                    span,
                    path,
                    format!(
                        "{what} is `{}`, a placeholder a build fills in: this descriptor is a build template, not the finished descriptor",
                        text.trim()
                    ),
                );
                None
            }
            Err(_) => {
                self.notice(
                    NoticeKind::Malformed,
                    span,
                    path,
                    format!("{what} is `{text}`, not a whole number ≥ 0"),
                );
                None
            }
        }
    }

    /// An `ovf:` boolean attribute (`true`/`false`, also `1`/`0` as XML Schema allows).
    pub fn bool_attr(&mut self, element: &XmlElement, local: &str, path: &str) -> Option<bool> {
        let attr = element.ovf_attr(local)?;
        let what = format!("ovf:{local}");
        let value = self.boolean(&attr.value, attr.span, &what, path)?;
        // vCenter's appliances write OVF's own booleans `True`/`False`.
        let text = attr.value.trim();
        if text != "1" && text != "0" && text != value.to_string() {
            self.boolean_case(attr.span, path, &what, text, value);
        }
        Some(value)
    }

    /// A boolean written in `what`.
    pub fn boolean(&mut self, text: &str, span: Span, what: &str, path: &str) -> Option<bool> {
        match text.trim() {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            // Real files write `True`/`False` (the seed's `ecs:` attributes too); accepted
            // although xs:boolean is lower case.
            t if t.eq_ignore_ascii_case("true") => Some(true),
            t if t.eq_ignore_ascii_case("false") => Some(false),
            _ => {
                self.notice(
                    NoticeKind::Malformed,
                    span,
                    path,
                    format!("{what} is `{text}`, not true or false"),
                );
                None
            }
        }
    }

    /// Notes a boolean written in another case than xs:boolean's `true`/`false`.
    pub fn boolean_case(&mut self, span: Span, path: &str, what: &str, text: &str, value: bool) {
        self.notice(
            NoticeKind::BooleanCase,
            span,
            path,
            format!("{what} is `{text}`; xs:boolean is written `{value}`, and it is read so"),
        );
    }

    /// A unit string; legacy names and unreadable units are notices.
    pub fn units(&mut self, text: &str, span: Span, path: &str) -> Option<AllocationUnits> {
        match AllocationUnits::parse(text) {
            Ok(units) => {
                if units.legacy {
                    self.notice(
                        NoticeKind::LegacyUnits,
                        span,
                        path,
                        format!(
                            "`{}` is a pre-DSP0004 unit name; write it by the programmatic-unit grammar",
                            units.text
                        ),
                    );
                }
                Some(units)
            }
            Err(e) => {
                self.notice(NoticeKind::BadUnits, span, path, e.to_string());
                None
            }
        }
    }

    /// The text of the first OVF-namespace child `local`, with its msgid.
    pub fn text_child(&self, element: &'t XmlElement, local: &str) -> Option<LocalizedText> {
        self.tree.ovf_child(element, local).map(localized)
    }

    /// Whether the element declares `ovf:required` (DSP0243: true when absent).
    pub fn required(&mut self, element: &XmlElement, path: &str) -> (bool, Option<bool>) {
        let explicit = self.bool_attr(element, "required", path);
        (explicit.unwrap_or(true), explicit)
    }

    /// Attributes in vendor namespaces as `(local name, value)`.
    pub fn extension_attrs(&self, element: &XmlElement) -> Vec<(String, String)> {
        element
            .attrs
            .iter()
            .filter(|a| matches!(a.name.kind, NsKind::Extension | NsKind::Vmware))
            .map(|a| (a.name.local.clone(), a.value.clone()))
            .collect()
    }
}

/// A build tool's placeholder: `@@NAME@@`, `+NAME+`, `%NAME%`, `{{NAME}}`, or an
/// upper-case name with an underscore (`DISK_CAPACITY`).
fn placeholder(text: &str) -> bool {
    let name = |inner: &str| {
        !inner.is_empty()
            && inner
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            && inner.chars().any(|c| c.is_ascii_uppercase())
    };
    let wrapped = |open: &str, close: &str| {
        text.strip_prefix(open)
            .and_then(|t| t.strip_suffix(close))
            .is_some_and(|inner| name(inner.trim()))
    };
    wrapped("@@", "@@")
        || wrapped("+", "+")
        || wrapped("%", "%")
        || wrapped("{{", "}}")
        || (text.contains('_') && name(text))
}

/// An element's text and msgid as a localisable text.
pub fn localized(element: &XmlElement) -> LocalizedText {
    LocalizedText {
        text: element.text.clone(),
        msgid: element.ovf_value("msgid").map(str::to_owned),
        span: element.span,
    }
}

#[cfg(test)]
mod tests {
    use super::placeholder;

    #[test]
    fn build_placeholders_are_told_from_bad_numbers() {
        for text in [
            "@@VMDK_FILE_SIZE@@",
            "+SIZE+",
            "DISK_CAPACITY",
            "%DISK_SIZE%",
            "{{ SIZE }}",
        ] {
            assert!(placeholder(text), "{text}");
        }
        for text in ["-1", "12 GB", "SIZE", "abc_def", "@@@@", "1_000"] {
            assert!(!placeholder(text), "{text}");
        }
    }
}
