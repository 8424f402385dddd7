//! The nesting graph of a loaded set, indexed once: which resource of which template calls
//! which nested template (with the resource's type slot, so its properties are at hand), who
//! calls a template, and at which nesting levels each template is reached from the modules.

use foldhash::{HashMap, HashMapExt};

use super::set::{FileId, HotSet};
use super::template::{Template, TypeSlot};

/// Levels at or beyond this one are counted together (ONAP allows two levels of nesting, so
/// knowing "three or more" is enough, and capping keeps the walk linear even with loops).
pub const DEEPEST_LEVEL: usize = 3;

/// One nesting edge whose parent parsed: the calling resource's type slot and the child.
#[derive(Clone, Copy, Debug)]
pub struct NestedUse<'a> {
    /// The calling template.
    pub parent: Template<'a>,
    /// The resource (or group member definition) whose `type:` leads to the child.
    pub slot: TypeSlot<'a>,
    /// The nested template.
    pub child: FileId,
}

/// How a template was first reached at a level: the edge into it.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    /// Index into [`HotSet::nesting`].
    edge: usize,
    /// The level the parent was at.
    from: usize,
}

/// The nesting graph of a set.
#[derive(Debug, Default)]
pub struct NestingIndex<'a> {
    /// Every nesting edge whose parent parsed, with its slot, in the set's edge order.
    pub uses: Vec<NestedUse<'a>>,
    /// Indices into `uses` by child.
    by_child: HashMap<FileId, Vec<usize>>,
    /// Indices into `uses` by parent.
    by_parent: HashMap<FileId, Vec<usize>>,
    /// For each template reached from a module, the first arrival at each level
    /// (`0` = the module itself, capped at [`DEEPEST_LEVEL`]).
    levels: HashMap<FileId, [Option<Option<Arrival>>; DEEPEST_LEVEL + 1]>,
}

impl<'a> NestingIndex<'a> {
    /// Indexes the nesting edges of `set` and walks them from every module.
    pub fn of(set: &'a HotSet) -> NestingIndex<'a> {
        let mut index = NestingIndex::default();
        let mut edges_by_parent: HashMap<FileId, Vec<usize>> = HashMap::new();
        for (i, edge) in set.nesting.iter().enumerate() {
            edges_by_parent.entry(edge.parent).or_default().push(i);
        }
        let mut parents: Vec<FileId> = edges_by_parent.keys().copied().collect();
        parents.sort_unstable();
        for parent in parents {
            let Some(template) = set.template(parent) else {
                continue;
            };
            // Each edge's span is the `type:` value of its slot (also for registry mappings).
            let slots: HashMap<u32, TypeSlot<'a>> = template
                .type_slots()
                .into_iter()
                .map(|slot| (slot.type_node.span.start, slot))
                .collect();
            for &i in &edges_by_parent[&parent] {
                let edge = &set.nesting[i];
                if edge.written_in != parent {
                    continue;
                }
                let Some(slot) = slots.get(&edge.span.start) else {
                    continue;
                };
                let at = index.uses.len();
                index.uses.push(NestedUse {
                    parent: template,
                    slot: *slot,
                    child: edge.child,
                });
                index.by_child.entry(edge.child).or_default().push(at);
                index.by_parent.entry(parent).or_default().push(at);
            }
        }
        index.walk_levels(set, &edges_by_parent);
        index
    }

    /// Breadth-first from every module; each (template, level) state is visited once, so the
    /// walk is linear in the edges whatever loops or shared templates the set has.
    fn walk_levels(&mut self, set: &HotSet, edges_by_parent: &HashMap<FileId, Vec<usize>>) {
        let mut queue: std::collections::VecDeque<(FileId, usize)> =
            std::collections::VecDeque::new();
        for module in &set.modules {
            let slot = &mut self.levels.entry(module.template).or_default()[0];
            if slot.is_none() {
                *slot = Some(None);
                queue.push_back((module.template, 0));
            }
        }
        while let Some((file, level)) = queue.pop_front() {
            let next = (level + 1).min(DEEPEST_LEVEL);
            for &edge in edges_by_parent.get(&file).into_iter().flatten() {
                let child = set.nesting[edge].child;
                let slot = &mut self.levels.entry(child).or_default()[next];
                if slot.is_none() {
                    *slot = Some(Some(Arrival { edge, from: level }));
                    queue.push_back((child, next));
                }
            }
        }
    }

    /// The uses of `child` as a nested template.
    pub fn callers(&self, child: FileId) -> impl Iterator<Item = &NestedUse<'a>> {
        self.by_child
            .get(&child)
            .into_iter()
            .flatten()
            .map(|&i| &self.uses[i])
    }

    /// The nested templates `parent` calls.
    pub fn calls_from(&self, parent: FileId) -> impl Iterator<Item = &NestedUse<'a>> {
        self.by_parent
            .get(&parent)
            .into_iter()
            .flatten()
            .map(|&i| &self.uses[i])
    }

    /// The nested template a type slot of `parent` calls, if any (matched by the slot's
    /// `type:` position).
    pub fn child_of(&self, parent: FileId, slot: &TypeSlot<'_>) -> Option<FileId> {
        self.calls_from(parent)
            .find(|u| u.slot.type_node.span.start == slot.type_node.span.start)
            .map(|u| u.child)
    }

    /// True when `file` is reached from some module at `level` (0 = a module; levels at or
    /// beyond [`DEEPEST_LEVEL`] count as that level).
    pub fn reached_at(&self, file: FileId, level: usize) -> bool {
        self.levels
            .get(&file)
            .is_some_and(|l| l[level.min(DEEPEST_LEVEL)].is_some())
    }

    /// The chain of template paths by which `file` was first reached at `level`, module first.
    pub fn chain_to(&self, set: &HotSet, file: FileId, level: usize) -> Vec<String> {
        let mut chain = vec![set.file(file).path.clone()];
        let (mut at, mut level) = (file, level.min(DEEPEST_LEVEL));
        // Arrivals form the walk's breadth-first tree, so following them ends at a module;
        // the bound is a guard, never reached.
        for _ in 0..set.files.len() {
            let Some(Some(Some(arrival))) = self.levels.get(&at).map(|l| l[level]) else {
                break;
            };
            let parent = set.nesting[arrival.edge].parent;
            chain.push(set.file(parent).path.clone());
            at = parent;
            level = arrival.from;
        }
        chain.reverse();
        chain
    }
}
