//! VMware's way of writing OVF names, read as DSP0243's: elements written without a
//! namespace inside an OVF Envelope (VirtualCenter 2.5's exports) and OVF attributes written
//! without the `ovf:` prefix (vCenter Server, NSX and Operations appliances). The tree is
//! rewritten once, before the model is read, so every section reader sees plain OVF; each
//! kind of rewrite leaves one notice at its first place with how often it happened.

use std::collections::BTreeMap;

use super::namespace::NsKind;
use super::notice::{Notice, NoticeKind};
use super::xml::XmlTree;
use crate::foundation::diagnostics::Span;

/// The namespace the OVF 1.0 drafts gave message bundles (`ovfstr:Strings`).
const OVF_STRINGS: &str = "http://schemas.dmtf.org/ovf/strings/1";

/// The namespace VMware's tools read a prefix in when no declaration binds it: `ovfstr`,
/// the OVF 1.0 drafts' message bundles, which ovftool's own positive tests write without
/// `xmlns:ovfstr`. Any other undeclared prefix stays an error.
pub fn assumed_namespace(prefix: &str) -> Option<&'static str> {
    (prefix == "ovfstr").then_some(OVF_STRINGS)
}

/// Rewrites unqualified elements and unprefixed attributes of an OVF Envelope into the
/// Envelope's namespace, returning one notice per kind of rewrite. A tree whose root is not
/// in an OVF namespace is left alone (the envelope reader refuses it).
pub fn read_as_ovf(tree: &mut XmlTree) -> Vec<Notice> {
    let Some(root) = tree.elements.first() else {
        return Vec::new();
    };
    if root.name.kind != NsKind::Ovf {
        return Vec::new();
    }
    let ovf_ns = root.name.ns;
    let mut elements: Option<(Span, usize, String)> = None;
    let mut strings: Option<(Span, usize)> = None;
    let strings_ns = tree
        .namespaces
        .iter()
        .position(|uri| uri == OVF_STRINGS)
        .and_then(|i| u32::try_from(i).ok());
    let mut attributes: BTreeMap<String, (Span, usize)> = BTreeMap::new();
    // Depth first from the root; an element is OVF when it is in the namespace, or has none
    // and its parent is OVF (children of CIM and vendor elements stay as written).
    let mut stack = vec![0usize];
    while let Some(index) = stack.pop() {
        let element = &mut tree.elements[index];
        if element.name.kind == NsKind::Ovf {
            rename_attributes(element, ovf_ns, &mut attributes);
            let children = element.children.clone();
            for &child in &children {
                let child = &mut tree.elements[child as usize];
                if child.name.kind == NsKind::None {
                    child.name.kind = NsKind::Ovf;
                    child.name.ns = ovf_ns;
                    let entry = elements.get_or_insert((child.span, 0, child.qname.clone()));
                    entry.1 += 1;
                } else if Some(child.name.ns) == strings_ns && child.name.local == "Strings" {
                    child.name.kind = NsKind::Ovf;
                    child.name.ns = ovf_ns;
                    strings.get_or_insert((child.span, 0)).1 += 1;
                }
            }
            stack.extend(children.iter().rev().map(|&c| c as usize));
        }
    }
    let mut notices = Vec::new();
    if let Some((span, count, first)) = elements {
        notices.push(Notice {
            kind: NoticeKind::UnqualifiedElement,
            span,
            path: "Envelope".to_owned(),
            message: format!(
                "{} written without a namespace inside the OVF Envelope (the first is <{first}>); read as OVF elements, as VMware's tools read them",
                count_of(count, "element", "elements")
            ),
        });
    }
    if let Some(&first) = tree.assumed.first() {
        // One defect, one notice: the undeclared prefix is why the Strings are in the
        // drafts' namespace at all.
        notices.push(Notice {
            kind: NoticeKind::UnqualifiedElement,
            span: first,
            path: "Envelope".to_owned(),
            message: format!(
                "the prefix `ovfstr` is used on {} without an xmlns:ovfstr declaration (the first is here); read in the namespace {OVF_STRINGS} of the OVF 1.0 drafts, so its <Strings> are OVF message bundles, as ovftool reads them",
                count_of(tree.assumed.len(), "name", "names")
            ),
        });
    } else if let Some((span, count)) = strings {
        notices.push(Notice {
            kind: NoticeKind::UnqualifiedElement,
            span,
            path: "Envelope".to_owned(),
            message: format!(
                "{} written in the namespace {OVF_STRINGS} of the OVF 1.0 drafts; read as OVF <Strings>, as VMware's tools read them",
                count_of(count, "Strings element", "Strings elements")
            ),
        });
    }
    for (name, (span, count)) in attributes {
        notices.push(Notice {
            kind: NoticeKind::UnprefixedAttribute,
            span,
            path: "Envelope".to_owned(),
            message: format!(
                "`{name}` is written without the ovf: prefix on {} (the first is here); read as ovf:{name}, as VMware's tools read it",
                count_of(count, "OVF element", "OVF elements")
            ),
        });
    }
    notices
}

/// Moves each attribute without a namespace into the OVF namespace when the element has no
/// `ovf:` attribute of that name (the prefixed one wins and the other is left as written).
fn rename_attributes(
    element: &mut super::xml::XmlElement,
    ovf_ns: u32,
    seen: &mut BTreeMap<String, (Span, usize)>,
) {
    let prefixed: Vec<String> = element
        .attrs
        .iter()
        .filter(|a| a.name.kind == NsKind::Ovf)
        .map(|a| a.name.local.clone())
        .collect();
    for attr in element
        .attrs
        .iter_mut()
        .filter(|a| a.name.kind == NsKind::None)
    {
        if prefixed.contains(&attr.name.local) {
            continue;
        }
        attr.name.kind = NsKind::Ovf;
        attr.name.ns = ovf_ns;
        seen.entry(attr.name.local.clone())
            .or_insert((attr.span, 0))
            .1 += 1;
    }
}

fn count_of(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::XmlLimits;
    use crate::model::ovf::xml::parse;

    fn read(text: &str) -> (XmlTree, Vec<Notice>) {
        let mut tree = parse(text, &XmlLimits::default()).unwrap();
        let notices = read_as_ovf(&mut tree);
        (tree, notices)
    }

    #[test]
    fn unprefixed_attributes_on_ovf_elements_read_as_ovf_ones() {
        let (tree, notices) = read(
            "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:ovf=\"http://schemas.dmtf.org/ovf/envelope/1\">\n<Item configuration=\"tiny\"/>\n<Item configuration=\"large\" ovf:configuration=\"small\"/>\n<Item configuration=\"small\"/></Envelope>",
        );
        let items: Vec<_> = tree.children(tree.root()).collect();
        assert_eq!(items[0].ovf_value("configuration"), Some("tiny"));
        assert_eq!(items[1].ovf_value("configuration"), Some("small"));
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].kind, NoticeKind::UnprefixedAttribute);
        assert_eq!(notices[0].span.line, 2);
        assert!(notices[0].message.contains("on 2 OVF elements"));
    }

    #[test]
    fn unqualified_children_of_an_ovf_envelope_become_ovf_elements() {
        let (tree, notices) = read(
            "<ovf:Envelope xmlns:ovf=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:rasd=\"urn:rasd\">\n  <References><File ovf:id=\"a\"/></References>\n  <rasd:X><Y/></rasd:X></ovf:Envelope>",
        );
        let refs = tree.children(tree.root()).next().unwrap();
        assert!(refs.is_ovf("References"));
        assert!(tree.children(refs).next().unwrap().is_ovf("File"));
        let vendor = tree.children(tree.root()).nth(1).unwrap();
        assert_eq!(
            tree.children(vendor).next().unwrap().name.kind,
            NsKind::None
        );
        assert_eq!(notices[0].kind, NoticeKind::UnqualifiedElement);
        assert!(notices[0].message.starts_with("2 elements"));
        assert_eq!(notices[0].span.line, 2);
    }

    #[test]
    fn a_plain_ovf_descriptor_is_left_alone() {
        let (_, notices) = read(
            "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:ovf=\"http://schemas.dmtf.org/ovf/envelope/1\"><File ovf:id=\"a\"/></Envelope>",
        );
        assert!(notices.is_empty());
        let (_, notices) = read("<html id=\"x\"><body/></html>");
        assert!(notices.is_empty());
    }
}
