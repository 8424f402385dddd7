//! `{index}` sequences: ONAP numbers the members of a naming family from zero, one by one
//! (R-11690, R-54171, R-98450), so a family whose numbers skip one is reported.

use foldhash::{HashMap, HashMapExt};
use std::hash::Hash;
use std::ops::RangeInclusive;

/// Numbers seen per family, each with the place of its first use.
#[derive(Debug)]
pub struct IndexSequences<K, P> {
    families: HashMap<K, Vec<(u64, P)>>,
    order: Vec<K>,
}

/// A family whose numbers do not run 0, 1, 2, … without a hole.
#[derive(Debug)]
pub struct Gap<K, P> {
    /// The family.
    pub family: K,
    /// The numbers nobody uses, below the highest used one.
    pub missing: Vec<RangeInclusive<u64>>,
    /// The first number used above the first hole, with its place.
    pub after: (u64, P),
}

impl<K: Clone + Eq + Hash, P> Default for IndexSequences<K, P> {
    fn default() -> Self {
        IndexSequences {
            families: HashMap::new(),
            order: Vec::new(),
        }
    }
}

impl<K: Clone + Eq + Hash, P> IndexSequences<K, P> {
    /// Records that `family` uses `index` at `place`.
    pub fn add(&mut self, family: K, index: u64, place: P) {
        match self.families.get_mut(&family) {
            Some(uses) => uses.push((index, place)),
            None => {
                self.order.push(family.clone());
                self.families.insert(family, vec![(index, place)]);
            }
        }
    }

    /// The families with holes, in the order they were first seen.
    pub fn gaps(mut self) -> Vec<Gap<K, P>> {
        let mut gaps = Vec::new();
        for family in self.order {
            let Some(mut uses) = self.families.remove(&family) else {
                continue;
            };
            // Stable: among uses of one number the first place stays first.
            uses.sort_by_key(|(index, _)| *index);
            let mut missing = Vec::new();
            let mut after = None;
            let mut next = 0u64;
            for (index, place) in uses {
                if index > next {
                    missing.push(next..=index - 1);
                    if after.is_none() {
                        after = Some((index, place));
                    }
                }
                next = next.max(index.saturating_add(1));
            }
            if let Some(after) = after {
                gaps.push(Gap {
                    family,
                    missing,
                    after,
                });
            }
        }
        gaps
    }
}

/// The missing numbers as text: `1`, `1, 3`, `0–4093`.
pub fn describe_missing(missing: &[RangeInclusive<u64>]) -> String {
    missing
        .iter()
        .map(|range| {
            if range.start() == range.end() {
                range.start().to_string()
            } else {
                format!("{}–{}", range.start(), range.end())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::vocabulary::index::*;

    #[test]
    fn finds_holes_and_the_first_number_after_them() {
        let mut sequences = IndexSequences::default();
        for (family, index, place) in [
            ("vfw", 0, "a"),
            ("vfw", 2, "b"),
            ("vfw", 5, "c"),
            ("vlb", 1, "d"),
            ("vdns", 0, "e"),
            ("vdns", 1, "f"),
            ("vdns", 1, "g"),
        ] {
            sequences.add(family, index, place);
        }
        let gaps = sequences.gaps();
        assert_eq!(gaps.len(), 2);
        assert_eq!(gaps[0].family, "vfw");
        assert_eq!(describe_missing(&gaps[0].missing), "1, 3–4");
        assert_eq!(gaps[0].after, (2, "b"));
        assert_eq!(gaps[1].family, "vlb");
        assert_eq!(describe_missing(&gaps[1].missing), "0");
        assert_eq!(gaps[1].after, (1, "d"));
    }
}
