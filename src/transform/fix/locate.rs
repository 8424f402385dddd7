//! Finding what a violation points at (the template, the parameter or resource, the file's
//! layout) from its file and span, the way providers need it.

use crate::check::rules::Context;
use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Key, Node};
use crate::model::hot::set::Nesting;
use crate::model::hot::template::TypeSlot;
use crate::model::hot::{Environment, FileId, HotSet, Template};

use super::layout::Layout;

/// True when two spans cover the same bytes.
pub fn same_place(a: Span, b: Span) -> bool {
    a.start == b.start && a.end == b.end
}

/// The template named `file`.
pub fn template<'c, 'a>(context: &'c Context<'a>, file: &str) -> Option<&'c Template<'a>> {
    context.templates.iter().find(|t| t.file.path == file)
}

/// The environment file named `file`.
pub fn environment<'a>(context: &Context<'a>, file: &str) -> Option<Environment<'a>> {
    context
        .environments
        .iter()
        .find(|e| e.file.path == file)
        .copied()
}

/// The layout of a file of the set (its text must be UTF-8 and parsed; the context reads
/// each file's text once, however many fixes are offered on it).
pub fn layout<'a>(context: &Context<'a>, id: FileId) -> Option<Layout<'a>> {
    let file = context.set.files.get(id)?;
    let text = context.text(id)?;
    let syntax = file.document.as_ref()?.syntax;
    Some(Layout::new(&file.path, text, syntax))
}

/// The entry of a template section whose key is written at `span`.
pub fn entry_at<'a>(
    template: &Template<'a>,
    section: &str,
    span: Span,
) -> Option<(&'a Key, &'a Node)> {
    entry_holding(template, section, span, |key, _| same_place(key.span, span))
}

/// The parameter whose attribute `attribute` (its key) is written at `span`.
pub fn parameter_with_attribute<'a>(
    template: &Template<'a>,
    attribute: &str,
    span: Span,
) -> Option<(&'a Key, &'a Node)> {
    entry_holding(template, "parameters", span, |_, definition| {
        definition
            .as_map()
            .and_then(|m| m.key(attribute))
            .is_some_and(|k| same_place(k.span, span))
    })
}

/// The entry of a template section holding `span` that `is` accepts: the one whose key
/// comes last before it (a bisection, so a set with thousands of fixable findings is not
/// walked once per finding), else any that `is` accepts.
fn entry_holding<'a>(
    template: &Template<'a>,
    section: &str,
    span: Span,
    is: impl Fn(&Key, &Node) -> bool,
) -> Option<(&'a Key, &'a Node)> {
    let (_, entries) = template.section(section)?;
    let found = entries
        .as_map()?
        .entry_before(span.start)
        .filter(|(key, node)| is(key, node));
    found.or_else(|| template.entries(section).find(|(key, node)| is(key, node)))
}

/// The top-level node of a file's document.
pub fn root(set: &HotSet, id: FileId) -> Option<&Node> {
    set.files.get(id)?.document.as_ref().map(|d| &d.root)
}

/// The edges from resources to nested template `child`, each resource once: several
/// environments mapping its type to the same file give the same edge again.
pub fn parent_edges(set: &HotSet, child: FileId) -> Vec<&Nesting> {
    let mut seen = std::collections::HashSet::new();
    set.nesting
        .iter()
        .filter(|n| n.child == child && seen.insert((n.parent, n.span.start)))
        .collect()
}

/// Each edge to nested template `child` with its parent template and the slot (a resource's
/// `type:` or a group's member definition) naming the child; fails when a parent could not be
/// read.
pub fn parent_slots<'c, 'a>(
    context: &'c Context<'a>,
    child: &Template<'_>,
) -> Result<Vec<(&'a Nesting, &'c Template<'a>, TypeSlot<'a>)>, &'static str> {
    let mut slots = Vec::new();
    for edge in parent_edges(context.set, child.id) {
        let parent = context
            .templates
            .iter()
            .find(|t| t.id == edge.parent)
            .ok_or("a parent template could not be read")?;
        let slot = parent
            .type_slots()
            .into_iter()
            .find(|s| same_place(s.type_node.span, edge.span));
        slots.extend(slot.map(|slot| (edge, parent, slot)));
    }
    Ok(slots)
}
