//! A namespace-aware, non-expanding XML reader that builds an element tree with positions.
//!
//! quick-xml's `NsReader` never reads a DTD, so a DOCTYPE is recorded (and reported by a
//! rule) but never expanded; any entity reference other than XML's five predefined ones is
//! refused. The tree is built with an explicit stack, so nesting costs heap within the depth
//! limit and never the call stack.

use quick_xml::NsReader;
use quick_xml::XmlVersion;
use quick_xml::escape::{EscapeError, resolve_xml_entity};
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::{QName, ResolveResult};

use super::error::DescriptorError;
use super::namespace::NsKind;
use crate::foundation::diagnostics::{LineCursor, Span};
use crate::foundation::limits::XmlLimits;

/// An expanded name: namespace (classified and as written) and local name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XmlName {
    /// What the namespace is to vnfwiz.
    pub kind: NsKind,
    /// Index of the namespace URI in [`XmlTree::namespaces`].
    pub ns: u32,
    /// The local name.
    pub local: String,
}

/// One attribute (namespace declarations are not kept).
#[derive(Clone, Debug, PartialEq)]
pub struct XmlAttr {
    /// Its expanded name.
    pub name: XmlName,
    /// The value, with references resolved and whitespace normalised as XML requires.
    pub value: String,
    /// Where `name="value"` is written.
    pub span: Span,
}

/// One element of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct XmlElement {
    /// Its expanded name.
    pub name: XmlName,
    /// The name as written (with its prefix), for messages.
    pub qname: String,
    /// Attributes in document order.
    pub attrs: Vec<XmlAttr>,
    /// Child elements, as indices into [`XmlTree::elements`].
    pub children: Vec<u32>,
    /// The element's own character data (child elements' text excluded).
    pub text: String,
    /// From `<` to the end of the element name.
    pub span: Span,
    /// `xsi:type`, resolved against the namespaces in scope (OVF 0.9 names sections so).
    pub xsi_type: Option<XmlName>,
}

impl XmlElement {
    /// True when the element is `local` in an OVF namespace.
    pub fn is_ovf(&self, local: &str) -> bool {
        self.name.kind == NsKind::Ovf && self.name.local == local
    }

    /// The attribute `local` in an OVF namespace.
    pub fn ovf_attr(&self, local: &str) -> Option<&XmlAttr> {
        self.attr(NsKind::Ovf, local)
    }

    /// The value of `ovf:local`.
    pub fn ovf_value(&self, local: &str) -> Option<&str> {
        self.ovf_attr(local).map(|a| a.value.as_str())
    }

    /// The attribute `local` in a namespace of this kind.
    pub fn attr(&self, kind: NsKind, local: &str) -> Option<&XmlAttr> {
        self.attrs
            .iter()
            .find(|a| a.name.kind == kind && a.name.local == local)
    }

    /// Attributes in vendor extension namespaces (where `ecs:` attributes live).
    pub fn extension_attrs(&self) -> impl Iterator<Item = &XmlAttr> {
        self.attrs
            .iter()
            .filter(|a| a.name.kind == NsKind::Extension)
    }

    /// An extension attribute by local name (any vendor namespace).
    pub fn extension_attr(&self, local: &str) -> Option<&XmlAttr> {
        self.extension_attrs().find(|a| a.name.local == local)
    }
}

/// A parsed document: its elements, the root first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct XmlTree {
    /// Every element; index 0 is the root.
    pub elements: Vec<XmlElement>,
    /// Namespace URIs by index; index 0 is "no namespace".
    pub namespaces: Vec<String>,
    /// Where a prefix no declaration binds was read in the namespace VMware's tools give it
    /// (`dialect::assumed_namespace`), in document order.
    pub assumed: Vec<Span>,
}

impl XmlTree {
    /// The root element.
    pub fn root(&self) -> &XmlElement {
        &self.elements[0]
    }

    /// The children of `element`.
    pub fn children<'t>(&'t self, element: &'t XmlElement) -> impl Iterator<Item = &'t XmlElement> {
        element
            .children
            .iter()
            .filter_map(|&i| self.elements.get(i as usize))
    }

    /// The first OVF-namespace child named `local`.
    pub fn ovf_child<'t>(&'t self, element: &'t XmlElement, local: &str) -> Option<&'t XmlElement> {
        self.children(element).find(|c| c.is_ovf(local))
    }

    /// The namespace URI of a name.
    pub fn uri(&self, name: &XmlName) -> &str {
        self.namespaces
            .get(name.ns as usize)
            .map_or("", String::as_str)
    }
}

/// Reads `text` (UTF-8, without a byte-order mark) into a tree.
pub fn parse(text: &str, limits: &XmlLimits) -> Result<XmlTree, DescriptorError> {
    parse_with_doctype(text, limits).1
}

/// Reads `text` into a tree, and says where a DOCTYPE was even when the rest fails.
pub fn parse_with_doctype(
    text: &str,
    limits: &XmlLimits,
) -> (Option<Span>, Result<XmlTree, DescriptorError>) {
    let mut builder = Builder::new(text, limits);
    let tree = builder.run();
    (builder.doctype, tree)
}

struct Builder<'t> {
    text: &'t str,
    lines: LineCursor,
    limits: XmlLimits,
    tree: XmlTree,
    stack: Vec<u32>,
    root_closed: bool,
    doctype: Option<Span>,
}

impl<'t> Builder<'t> {
    fn new(text: &'t str, limits: &XmlLimits) -> Builder<'t> {
        Builder {
            text,
            lines: LineCursor::new(text),
            limits: *limits,
            tree: XmlTree {
                elements: Vec::new(),
                namespaces: vec![String::new()],
                assumed: Vec::new(),
            },
            stack: Vec::new(),
            root_closed: false,
            doctype: None,
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        self.lines.span(self.text, start, end)
    }

    /// Byte offset of `part` inside the text, when it is a slice of it.
    fn offset_of(&self, part: &str) -> Option<usize> {
        let base = self.text.as_ptr() as usize;
        let at = part.as_ptr() as usize;
        (at >= base && at + part.len() <= base + self.text.len()).then(|| at - base)
    }

    fn run(&mut self) -> Result<XmlTree, DescriptorError> {
        let mut reader = NsReader::from_str(self.text);
        reader.config_mut().check_end_names = true;
        reader.config_mut().expand_empty_elements = false;
        loop {
            let start = reader.buffer_position() as usize;
            let event = reader.read_event().map_err(|e| {
                // Namespace errors carry no error position; they belong to the tag just read.
                let (at, message) = match &e {
                    quick_xml::Error::Namespace(_) => (
                        start,
                        "too many namespace declarations in scope (quick-xml allows 128)"
                            .to_owned(),
                    ),
                    _ => (reader.error_position() as usize, e.to_string()),
                };
                DescriptorError::Syntax {
                    span: self.span(at, at),
                    message,
                }
            })?;
            match event {
                Event::Start(e) => {
                    let id = self.element(&reader, &e, start)?;
                    self.stack.push(id);
                }
                Event::Empty(e) => {
                    self.element(&reader, &e, start)?;
                    if self.stack.is_empty() {
                        self.root_closed = true;
                    }
                }
                Event::End(_) => {
                    self.stack.pop();
                    if self.stack.is_empty() {
                        self.root_closed = true;
                    }
                }
                Event::Text(t) => {
                    let content = t.xml10_content();
                    self.text_piece(&content, start)?;
                }
                Event::CData(c) => {
                    let content = c.xml10_content();
                    if !content.is_empty() {
                        self.text_piece_forced(&content, start)?;
                    }
                }
                Event::GeneralRef(r) => {
                    let end = reader.buffer_position() as usize;
                    let resolved = match r.resolve_char_ref() {
                        Ok(Some(c)) => c.to_string(),
                        Ok(None) => match resolve_xml_entity(&r) {
                            Some(s) => s.to_owned(),
                            None => {
                                return Err(DescriptorError::Entity {
                                    span: self.span(start, end),
                                    name: r.to_string(),
                                });
                            }
                        },
                        Err(e) => {
                            return Err(DescriptorError::Syntax {
                                span: self.span(start, end),
                                message: e.to_string(),
                            });
                        }
                    };
                    self.text_piece_forced(&resolved, start)?;
                }
                Event::DocType(_) => {
                    let end = reader.buffer_position() as usize;
                    self.doctype = Some(self.span(start, end.min(start + 9)));
                }
                Event::Decl(d) => {
                    if let Some(Ok(encoding)) = d.encoding() {
                        self.check_encoding(&encoding, start)?;
                    }
                }
                Event::Comment(_) | Event::PI(_) => {}
                Event::Eof => break,
            }
        }
        if let Some(&open) = self.stack.last() {
            let element = &self.tree.elements[open as usize];
            return Err(DescriptorError::Truncated {
                span: element.span,
                name: element.qname.clone(),
            });
        }
        if self.tree.elements.is_empty() {
            let end = self.text.len();
            return Err(DescriptorError::Empty {
                span: self.span(end, end),
            });
        }
        Ok(std::mem::take(&mut self.tree))
    }

    /// Non-whitespace text belongs to the open element; outside the root it is an error.
    fn text_piece(&mut self, content: &str, start: usize) -> Result<(), DescriptorError> {
        match self.stack.last() {
            Some(&top) => {
                self.tree.elements[top as usize].text.push_str(content);
                Ok(())
            }
            None if content.trim().is_empty() => Ok(()),
            None => Err(self.outside_root(start)),
        }
    }

    fn text_piece_forced(&mut self, content: &str, start: usize) -> Result<(), DescriptorError> {
        match self.stack.last() {
            Some(&top) => {
                self.tree.elements[top as usize].text.push_str(content);
                Ok(())
            }
            None => Err(self.outside_root(start)),
        }
    }

    fn outside_root(&self, start: usize) -> DescriptorError {
        let span = self.span(start, start + 1);
        if self.root_closed {
            DescriptorError::AfterRoot { span }
        } else {
            DescriptorError::Syntax {
                span,
                message: "text before the root element".to_owned(),
            }
        }
    }

    /// Only UTF-8 is read; a declaration of another encoding is accepted when the text is
    /// plain ASCII (and so the same in either).
    fn check_encoding(&self, encoding: &str, start: usize) -> Result<(), DescriptorError> {
        let label = encoding.trim().to_ascii_lowercase();
        let utf8 = matches!(label.as_str(), "utf-8" | "utf8" | "us-ascii" | "ascii");
        if utf8 || self.text.is_ascii() {
            return Ok(());
        }
        Err(DescriptorError::Encoding {
            span: self.span(start, start + 5),
            detail: format!(
                "the XML declaration says encoding=\"{encoding}\" and the text is not plain ASCII"
            ),
        })
    }

    fn intern(&mut self, uri: &str) -> (NsKind, u32) {
        let kind = NsKind::of(uri);
        let index = match self.tree.namespaces.iter().position(|n| n == uri) {
            Some(i) => i,
            None => {
                self.tree.namespaces.push(uri.to_owned());
                self.tree.namespaces.len() - 1
            }
        };
        (kind, u32::try_from(index).unwrap_or(u32::MAX))
    }

    fn name(
        &mut self,
        resolved: ResolveResult<'_>,
        local: &str,
        span: Span,
    ) -> Result<XmlName, DescriptorError> {
        let (kind, ns) = match resolved {
            ResolveResult::Bound(ns) => {
                let uri = ns.into_inner().to_owned();
                self.intern(&uri)
            }
            ResolveResult::Unbound => (NsKind::None, 0),
            ResolveResult::Unknown(prefix) => match super::dialect::assumed_namespace(&prefix) {
                Some(uri) => {
                    self.tree.assumed.push(span);
                    self.intern(uri)
                }
                None => return Err(DescriptorError::UnboundPrefix { span, prefix }),
            },
        };
        Ok(XmlName {
            kind,
            ns,
            local: local.to_owned(),
        })
    }

    fn element(
        &mut self,
        reader: &NsReader<&[u8]>,
        e: &BytesStart<'_>,
        start: usize,
    ) -> Result<u32, DescriptorError> {
        let qname = e.name().into_inner().to_owned();
        let span = self.span(start, start + 1 + qname.len());
        if self.root_closed {
            return Err(DescriptorError::AfterRoot { span });
        }
        if self.stack.len() >= self.limits.max_depth {
            return Err(DescriptorError::TooDeep {
                span,
                limit: self.limits.max_depth,
            });
        }
        if self.tree.elements.len() >= self.limits.max_elements {
            return Err(DescriptorError::TooManyElements {
                span,
                limit: self.limits.max_elements,
            });
        }
        let (resolved, local) = reader.resolver().resolve_element(e.name());
        let name = self.name(resolved, local.into_inner(), span)?;
        let mut attrs = Vec::new();
        let mut xsi_type = None;
        for attr in e.attributes() {
            let attr = attr.map_err(|err| DescriptorError::Syntax {
                span,
                message: err.to_string(),
            })?;
            if attr.key.as_namespace_binding().is_some() {
                continue;
            }
            let key = attr.key.into_inner();
            let at = self.offset_of(key).unwrap_or(start);
            let value_start = self.offset_of(&attr.value).unwrap_or(at + key.len() + 2);
            let attr_span = self.span(at, value_start + attr.value.len() + 1);
            let (resolved, local) = reader.resolver().resolve_attribute(attr.key);
            let attr_name = self.name(resolved, local.into_inner(), attr_span)?;
            let value = attr
                .normalized_value_with(XmlVersion::Implicit1_0, 1, resolve_xml_entity)
                .map_err(|err| self.value_error(err, value_start, attr_span))?
                .into_owned();
            if attr_name.kind == NsKind::Xsi && attr_name.local == "type" {
                let type_name = QName(value.trim());
                let (local, prefix) = type_name.decompose();
                let resolved = reader.resolver().resolve_prefix(prefix, true);
                xsi_type = Some(self.name(resolved, local.into_inner(), attr_span)?);
            }
            attrs.push(XmlAttr {
                name: attr_name,
                value,
                span: attr_span,
            });
        }
        let id = u32::try_from(self.tree.elements.len()).unwrap_or(u32::MAX);
        if let Some(&parent) = self.stack.last() {
            self.tree.elements[parent as usize].children.push(id);
        }
        self.tree.elements.push(XmlElement {
            name,
            qname,
            attrs,
            children: Vec::new(),
            text: String::new(),
            span,
            xsi_type,
        });
        Ok(id)
    }

    fn value_error(
        &self,
        err: quick_xml::Error,
        value_start: usize,
        span: Span,
    ) -> DescriptorError {
        match err {
            quick_xml::Error::Escape(EscapeError::UnrecognizedEntity(range, name)) => {
                // The range covers the name; the span covers `&name;`.
                DescriptorError::Entity {
                    span: self.span(
                        value_start + range.start.saturating_sub(1),
                        value_start + range.end + 1,
                    ),
                    name,
                }
            }
            other => DescriptorError::Syntax {
                span,
                message: other.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_default(text: &str) -> Result<XmlTree, DescriptorError> {
        parse(text, &XmlLimits::default())
    }

    #[test]
    fn builds_a_tree_with_namespaces_text_and_positions() {
        let text = "<?xml version=\"1.0\"?>\n<e:Envelope xmlns:e=\"urn:x\" xmlns:o=\"http://schemas.dmtf.org/ovf/envelope/1\">\n  <o:File o:id=\"a&amp;b\">t&lt;x&#65;<![CDATA[<c>]]></o:File>\n</e:Envelope>\n";
        let tree = parse_default(text).unwrap();
        let root = tree.root();
        assert_eq!(root.name.local, "Envelope");
        assert_eq!(tree.uri(&root.name), "urn:x");
        let file = tree.children(root).next().unwrap();
        assert!(file.is_ovf("File"));
        assert_eq!(file.ovf_value("id"), Some("a&b"));
        assert_eq!(file.text, "t<xA<c>");
        assert_eq!((file.span.line, file.span.column), (3, 3));
        let id = file.ovf_attr("id").unwrap();
        assert_eq!((id.span.line, id.span.column), (3, 11));
    }

    #[test]
    fn records_a_doctype_and_refuses_declared_entities() {
        let text = "<!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<x>&xxe;</x>";
        let err = parse_default(text).unwrap_err();
        assert!(matches!(&err, DescriptorError::Entity { name, .. } if name == "xxe"));
        assert_eq!(err.span().line, 2);
        let (doctype, tree) = parse_with_doctype("<!DOCTYPE x>\n<x/>", &XmlLimits::default());
        assert!(tree.is_ok());
        assert_eq!(doctype.map(|s| s.line), Some(1));
        let (doctype, tree) = parse_with_doctype(text, &XmlLimits::default());
        assert!(tree.is_err());
        assert_eq!(doctype.map(|s| s.line), Some(1));
    }

    #[test]
    fn refuses_entities_in_attribute_values() {
        let err = parse_default("<x a=\"1 &bomb; 2\"/>").unwrap_err();
        assert!(matches!(&err, DescriptorError::Entity { name, .. } if name == "bomb"));
        assert_eq!(err.span().column, 9);
    }

    #[test]
    fn refuses_unbound_prefixes_on_elements_attributes_and_xsi_types() {
        assert!(matches!(
            parse_default("<a:x/>"),
            Err(DescriptorError::UnboundPrefix { .. })
        ));
        assert!(matches!(
            parse_default("<x b:c=\"1\"/>"),
            Err(DescriptorError::UnboundPrefix { .. })
        ));
        assert!(matches!(
            parse_default(
                "<x xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"q:T\"/>"
            ),
            Err(DescriptorError::UnboundPrefix { prefix, .. }) if prefix == "q"
        ));
    }

    #[test]
    fn the_drafts_strings_prefix_is_read_without_its_declaration_and_remembered() {
        let tree = parse_default("<x>\n  <ovfstr:Strings xml:lang=\"de\"/>\n</x>").unwrap();
        let strings = &tree.elements[1];
        assert_eq!(
            tree.namespaces[strings.name.ns as usize],
            "http://schemas.dmtf.org/ovf/strings/1"
        );
        assert_eq!(tree.assumed.len(), 1);
        assert_eq!((tree.assumed[0].line, tree.assumed[0].column), (2, 3));
    }

    #[test]
    fn resolves_xsi_type_against_namespaces_in_scope() {
        let tree = parse_default(
            "<x xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:o=\"http://www.vmware.com/schema/ovf/1/envelope\" xsi:type=\"o:DiskSection_Type\"/>",
        )
        .unwrap();
        let t = tree.root().xsi_type.as_ref().unwrap();
        assert_eq!(t.kind, NsKind::Ovf);
        assert_eq!(t.local, "DiskSection_Type");
    }

    #[test]
    fn reports_truncation_with_the_open_element() {
        let err = parse_default("<a>\n  <b>text").unwrap_err();
        assert!(matches!(&err, DescriptorError::Truncated { name, .. } if name == "b"));
        assert_eq!(err.span().line, 2);
    }

    #[test]
    fn reports_mismatched_tags_and_empty_documents() {
        assert!(matches!(
            parse_default("<a><b></a>"),
            Err(DescriptorError::Syntax { .. })
        ));
        assert!(matches!(
            parse_default("  \n"),
            Err(DescriptorError::Empty { .. })
        ));
        assert!(matches!(
            parse_default("<a/><b/>"),
            Err(DescriptorError::AfterRoot { .. })
        ));
    }

    #[test]
    fn stops_at_the_depth_and_element_limits_without_recursion() {
        let deep = format!("{}{}", "<a>".repeat(200_000), "</a>".repeat(200_000));
        assert!(matches!(
            parse_default(&deep),
            Err(DescriptorError::TooDeep { limit: 128, .. })
        ));
        // Raised limits build deep trees without the call stack (quick-xml itself stops at
        // 65 535 levels).
        let limits = XmlLimits {
            max_depth: 1_000_000,
            max_elements: 1_000_000,
        };
        let deep = format!("{}{}", "<a>".repeat(60_000), "</a>".repeat(60_000));
        let deep_result = parse(&deep, &limits);
        assert!(deep_result.is_ok(), "{deep_result:?}");
        let wide = format!("<a>{}</a>", "<b/>".repeat(20));
        let small = XmlLimits {
            max_depth: 10,
            max_elements: 10,
        };
        assert!(matches!(
            parse(&wide, &small),
            Err(DescriptorError::TooManyElements { limit: 10, .. })
        ));
    }

    #[test]
    fn refuses_non_utf8_declarations_with_non_ascii_text() {
        assert!(parse_default("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>").is_ok());
        assert!(matches!(
            parse_default("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>é</a>"),
            Err(DescriptorError::Encoding { .. })
        ));
    }
}
