//! A strict little XML reader for tests: every element with its attributes and text, in
//! document order. Malformed XML, unknown entities and characters XML 1.0 forbids fail.

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::XmlVersion;
use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::{BytesStart, Event};

/// One element.
#[derive(Debug)]
pub struct Element {
    /// The tag name.
    pub name: String,
    /// Attribute values, unescaped.
    pub attributes: HashMap<String, String>,
    /// The text directly inside, unescaped.
    pub text: String,
    /// The index of the enclosing element.
    pub parent: Option<usize>,
}

impl Element {
    /// An attribute's value, or "" when absent.
    pub fn attr(&self, key: &str) -> &str {
        self.attributes.get(key).map_or("", String::as_str)
    }
}

fn element(start: &BytesStart<'_>, parent: Option<usize>) -> Result<Element, String> {
    let mut attributes = HashMap::new();
    for a in start.attributes() {
        let a = a.map_err(|e| format!("bad attribute: {e}"))?;
        let value = a
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|e| format!("bad attribute value: {e}"))?;
        attributes.insert(a.key.as_ref().to_owned(), value.into_owned());
    }
    Ok(Element {
        name: start.name().as_ref().to_owned(),
        attributes,
        text: String::new(),
        parent,
    })
}

fn legal(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// Parses a whole document.
pub fn parse(xml: &str) -> Result<Vec<Element>, String> {
    if let Some(c) = xml.chars().find(|&c| !legal(c)) {
        return Err(format!("character {c:?} is not allowed in XML 1.0"));
    }
    let mut reader = Reader::from_str(xml);
    let mut out: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("malformed XML: {e}"))?;
        match event {
            Event::Start(e) => {
                out.push(element(&e, open.last().copied())?);
                open.push(out.len() - 1);
            }
            Event::Empty(e) => out.push(element(&e, open.last().copied())?),
            Event::End(_) => {
                open.pop();
            }
            Event::Text(t) => {
                if let Some(&i) = open.last() {
                    out[i].text.push_str(&t.xml10_content());
                } else if !t.xml10_content().trim().is_empty() {
                    return Err("text outside the root element".to_owned());
                }
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref().map_err(|e| e.to_string())? {
                    Some(c) => c.to_string(),
                    None => resolve_predefined_entity(&r.xml10_content())
                        .ok_or_else(|| format!("unknown entity &{};", r.xml10_content()))?
                        .to_owned(),
                };
                if let Some(&i) = open.last() {
                    out[i].text.push_str(&resolved);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !open.is_empty() {
        return Err("unclosed element".to_owned());
    }
    if out.is_empty() {
        return Err("no root element".to_owned());
    }
    Ok(out)
}
