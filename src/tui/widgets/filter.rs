//! The `/` fuzzy filter of a list: a query field and the indices of the items it matches,
//! in list order or best match first. Typing more narrows the previous matches instead of
//! rescanning them all.
//!
//! Matching and scoring are nucleo-matcher's (helix's and television's matcher; why this
//! crate, with figures: docs/decisions.md): the query is one fuzzy atom, its spaces
//! characters like the others, with smart case (sensitive once it holds an upper-case
//! letter) and accents folded. The characters it scores are the ones highlighted, so what
//! ranks is what is shown.

use std::cell::RefCell;

use nucleo_matcher::pattern::{Atom, AtomKind, CaseMatching, Normalization};
use nucleo_matcher::{Matcher, Utf32Str};

use super::text_field::TextField;
use crate::tui::action::Action;

/// A list's filter.
#[derive(Default)]
pub struct Filter {
    /// The query.
    pub field: TextField,
    /// Whether the query field has focus.
    pub editing: bool,
    /// The query `matches` was computed for.
    applied: String,
    /// That query as the matcher takes it.
    atom: Option<Atom>,
    /// Matching item indices, `None` when the query is empty (every item shown).
    matches: Option<Vec<usize>>,
    /// Best matches first instead of list order.
    ranked: bool,
    /// The matcher and its scratch memory, kept between keys (highlighting asks it while
    /// a frame is drawn, through `&self`).
    matcher: RefCell<Matcher>,
}

/// `query` as the matcher takes it: one fuzzy atom, spaces included as typed.
fn atom_of(query: &str) -> Atom {
    Atom::new(
        query,
        CaseMatching::Smart,
        Normalization::Smart,
        AtomKind::Fuzzy,
        false,
    )
}

impl Filter {
    /// A filter that shows the best matches first.
    pub fn ranked() -> Filter {
        Filter {
            ranked: true,
            ..Filter::default()
        }
    }

    /// The query.
    pub fn query(&self) -> &str {
        self.field.text()
    }

    /// Gives the query field focus.
    pub fn open(&mut self) {
        self.editing = true;
    }

    /// Takes focus away from the query field, keeping the query.
    pub fn keep(&mut self) {
        self.editing = false;
    }

    /// Empties the query and takes focus away.
    pub fn clear(&mut self) {
        self.editing = false;
        self.field.set("");
        self.invalidate();
    }

    /// Edits the query; returns whether it changed (the caller then calls [`Filter::apply`]).
    pub fn edit(&mut self, action: Action) -> bool {
        self.field.apply(action)
    }

    /// Recomputes the matches of the current query over `haystacks` (one per item).
    pub fn apply<S: AsRef<str>>(&mut self, haystacks: &[S]) {
        let query = self.field.text().to_owned();
        if query.is_empty() {
            self.invalidate();
            return;
        }
        // A longer query matches a subset of what its prefix matched.
        let narrowing = !self.applied.is_empty() && query.starts_with(&self.applied);
        let previous = self.matches.take().filter(|_| narrowing);
        let atom = atom_of(&query);
        let matcher = self.matcher.get_mut();
        let mut buffer = Vec::new();
        let mut score = |i: usize| {
            let text = haystacks.get(i)?.as_ref();
            atom.score(Utf32Str::new(text, &mut buffer), matcher)
        };
        let candidates: Box<dyn Iterator<Item = usize>> = match previous {
            Some(previous) => Box::new(previous.into_iter()),
            None => Box::new(0..haystacks.len()),
        };
        self.matches = Some(if self.ranked {
            let mut scored: Vec<(u16, usize)> =
                candidates.filter_map(|i| Some((score(i)?, i))).collect();
            scored.sort_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
            scored.into_iter().map(|(_, i)| i).collect()
        } else {
            candidates.filter(|&i| score(i).is_some()).collect()
        });
        self.atom = Some(atom);
        self.applied = query;
    }

    /// Forgets the matches (the items changed); the next [`Filter::apply`] rescans.
    pub fn invalidate(&mut self) {
        self.applied.clear();
        self.atom = None;
        self.matches = None;
    }

    /// Whether a query narrows the list (else every item is shown, in list order).
    pub fn active(&self) -> bool {
        self.matches.is_some()
    }

    /// How many rows are shown out of `total` items.
    pub fn len(&self, total: usize) -> usize {
        self.matches.as_ref().map_or(total, Vec::len)
    }

    /// The item shown at `row`.
    pub fn item(&self, row: usize, total: usize) -> Option<usize> {
        match &self.matches {
            Some(matches) => matches.get(row).copied(),
            None => (row < total).then_some(row),
        }
    }

    /// The character positions of `haystack` the query matches, for highlighting.
    pub fn positions(&self, haystack: &str) -> Vec<usize> {
        let Some(atom) = &self.atom else {
            return Vec::new();
        };
        let mut buffer = Vec::new();
        let mut indices = Vec::new();
        atom.indices(
            Utf32Str::new(haystack, &mut buffer),
            &mut self.matcher.borrow_mut(),
            &mut indices,
        );
        indices.sort_unstable();
        indices.dedup();
        indices.into_iter().map(|i| i as usize).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(filter: &mut Filter, text: &str, haystacks: &[&str]) {
        for c in text.chars() {
            filter.edit(Action::Input(c));
            filter.apply(haystacks);
        }
    }

    #[test]
    fn matches_fuzzily_in_list_order_and_narrows() {
        let items = [
            "R-90526 default value base.yaml",
            "R-92635/unknown-function fn_gett base.yaml",
            "R-90279 parameter unused nested/lb.yaml",
        ];
        let mut filter = Filter::default();
        assert_eq!(filter.len(items.len()), 3);
        query(&mut filter, "nested", &items);
        assert_eq!(filter.len(3), 1);
        assert_eq!(filter.item(0, 3), Some(2));
        for _ in 0..6 {
            filter.edit(Action::Erase);
        }
        filter.apply(&items);
        assert_eq!(filter.len(3), 3, "an empty query shows everything");
        query(&mut filter, "unkfn", &items);
        assert_eq!(filter.item(0, 3), Some(1));
        assert_eq!(filter.item(1, 3), None);
        assert!(!filter.positions(items[1]).is_empty());
        filter.clear();
        assert_eq!(filter.len(3), 3);
        assert!(
            filter.positions(items[1]).is_empty(),
            "nothing to highlight"
        );
    }

    #[test]
    fn the_whole_query_ranks_first_then_tight_windows_at_word_starts() {
        let items = [
            "R-90526 parameter `p7` default nested/module_7.yaml:22",
            "R-90279 parameter `p2` is never read base.yaml:9",
            "R-92635/misspelt-function `get_parm` looks misspelt base.yaml:42",
        ];
        let mut filter = Filter::ranked();
        query(&mut filter, "R-90279", &items);
        assert_eq!(filter.item(0, 3), Some(1), "the id as typed");
        filter.clear();
        query(&mut filter, "mod7", &items);
        assert_eq!(filter.len(3), 1);
        assert_eq!(
            filter.positions(items[0]),
            [38, 39, 40, 45],
            "the window `module_7`, not the first `m`"
        );
        filter.clear();
        query(&mut filter, "mf", &items);
        assert_eq!(filter.item(0, 3), Some(2), "m and f starting words");
    }

    #[test]
    fn a_ranked_filter_puts_the_best_match_first() {
        let items = ["ims/vims-core.csar", "dns/dns-resolver.zip", "vrouter"];
        let mut filter = Filter::ranked();
        query(&mut filter, "vr", &items);
        assert_eq!(filter.item(0, 3), Some(2));
        let mut plain = Filter::default();
        query(&mut plain, "vr", &items);
        assert_eq!(plain.item(0, 3), Some(0), "list order");
    }

    #[test]
    fn spaces_are_part_of_the_query_and_case_is_smart() {
        let items = ["module_7 R-90279", "R-90279 module_7", "r-90279 MODULE_7"];
        let mut filter = Filter::default();
        query(&mut filter, "R-90279 module_7", &items);
        assert_eq!(filter.len(3), 1, "the words in the order typed");
        assert_eq!(filter.item(0, 3), Some(1));
        let mut lower = Filter::default();
        query(&mut lower, "r-90279 module_7", &items);
        assert_eq!(lower.len(3), 2, "lower case matches either case");
    }

    /// Whether the characters of `query` appear in `text` in order, either case.
    fn in_order(query: &str, text: &str) -> bool {
        let mut wanted = query.chars().map(|c| c.to_ascii_lowercase()).peekable();
        for c in text.chars().map(|c| c.to_ascii_lowercase()) {
            if wanted.peek() == Some(&c) {
                wanted.next();
            }
        }
        wanted.peek().is_none()
    }

    proptest::proptest! {
        #[test]
        fn an_item_matches_exactly_when_the_query_is_in_it_in_order(
            text in "[a-c/_:. 0-9]{0,24}",
            query in "[a-c/_ 0-9]{1,5}",
        ) {
            let mut filter = Filter::default();
            filter.field.set(&query);
            filter.apply(&[text.as_str()]);
            proptest::prop_assert_eq!(filter.len(1) == 1, in_order(&query, &text));
        }
    }

    #[test]
    fn narrowing_gives_the_same_as_a_fresh_scan() {
        let items: Vec<String> = (0..500)
            .map(|i| format!("R-{:05} message {i} file{}.yaml", i * 37 % 1000, i % 7))
            .collect();
        let mut typed = Filter::default();
        for c in "R-3f6".chars() {
            typed.edit(Action::Input(c));
            typed.apply(&items);
        }
        let mut fresh = Filter::default();
        fresh.field.set("R-3f6");
        fresh.apply(&items);
        let all = |f: &Filter| (0..f.len(500)).map(|r| f.item(r, 500)).collect::<Vec<_>>();
        assert_eq!(all(&typed), all(&fresh));
        assert!(typed.len(500) > 0);
    }
}
