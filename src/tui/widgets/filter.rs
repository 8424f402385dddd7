//! The `/` fuzzy filter of a list: a query field and the indices of the items it matches,
//! in list order. Typing more narrows the previous matches instead of rescanning them all.

use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;

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
    /// Matching item indices, `None` when the query is empty (every item shown).
    matches: Option<Vec<usize>>,
    /// Best matches first (a picker) instead of list order (a report).
    ranked: bool,
    matcher: SkimMatcherV2,
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
        self.applied.clear();
        self.matches = None;
    }

    /// Edits the query; returns whether it changed (the caller then calls [`Filter::apply`]).
    pub fn edit(&mut self, action: Action) -> bool {
        self.field.apply(action)
    }

    /// Recomputes the matches of the current query over `haystacks` (one per item).
    pub fn apply<S: AsRef<str>>(&mut self, haystacks: &[S]) {
        let query = self.field.text().to_owned();
        if query.is_empty() {
            self.matches = None;
        } else {
            // A longer query matches a subset of what its prefix matched.
            let narrowing = !self.applied.is_empty() && query.starts_with(&self.applied);
            let previous = match (&self.matches, narrowing) {
                (Some(previous), true) => Some(previous.as_slice()),
                _ => None,
            };
            self.matches = Some(if self.ranked {
                self.ranked_matches(haystacks, &query, previous)
            } else {
                // List order needs no scores, only whether the query is a subsequence:
                // the condition the fuzzy matcher matches on, at a fraction of its cost.
                let case_sensitive = query.chars().any(char::is_uppercase);
                let keep = |i: &usize| {
                    haystacks
                        .get(*i)
                        .is_some_and(|h| is_subsequence(&query, h.as_ref(), case_sensitive))
                };
                match previous {
                    Some(previous) => previous.iter().copied().filter(keep).collect(),
                    None => (0..haystacks.len()).filter(keep).collect(),
                }
            });
        }
        self.applied = query;
    }

    /// Matching indices, best score first.
    fn ranked_matches<S: AsRef<str>>(
        &self,
        haystacks: &[S],
        query: &str,
        previous: Option<&[usize]>,
    ) -> Vec<usize> {
        let score = |i: usize| {
            haystacks
                .get(i)
                .and_then(|h| self.matcher.fuzzy_match(h.as_ref(), query))
                .map(|score| (score, i))
        };
        let mut scored: Vec<(i64, usize)> = match previous {
            Some(previous) => previous.iter().filter_map(|&i| score(i)).collect(),
            None => (0..haystacks.len()).filter_map(score).collect(),
        };
        scored.sort_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
        scored.into_iter().map(|(_, i)| i).collect()
    }

    /// Forgets the matches (the items changed); the next [`Filter::apply`] rescans.
    pub fn invalidate(&mut self) {
        self.applied.clear();
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
        if self.applied.is_empty() {
            return Vec::new();
        }
        self.matcher
            .fuzzy_indices(haystack, &self.applied)
            .map(|(_, positions)| positions)
            .unwrap_or_default()
    }
}

/// Whether the characters of `query` appear in `text` in order; without `case_sensitive`,
/// letters match either case (the fuzzy matcher's smart case: sensitive once the query has
/// an upper-case letter).
pub fn is_subsequence(query: &str, text: &str, case_sensitive: bool) -> bool {
    let mut wanted = query.chars().peekable();
    for c in text.chars() {
        let Some(&w) = wanted.peek() else {
            return true;
        };
        let same = if case_sensitive {
            c == w
        } else if c.is_ascii() && w.is_ascii() {
            c.eq_ignore_ascii_case(&w)
        } else {
            c.to_lowercase().eq(w.to_lowercase())
        };
        if same {
            wanted.next();
        }
    }
    wanted.peek().is_none()
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

    proptest::proptest! {
        #[test]
        fn the_subsequence_test_agrees_with_the_fuzzy_matcher(
            text in "[a-cA-C/_:. 0-9é]{0,24}",
            query in "[a-cA-C/_ 0-9é]{1,5}",
        ) {
            let matcher = SkimMatcherV2::default();
            let sensitive = query.chars().any(char::is_uppercase);
            proptest::prop_assert_eq!(
                is_subsequence(&query, &text, sensitive),
                matcher.fuzzy_match(&text, &query).is_some()
            );
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
