//! The `/` fuzzy filter of a list: a query field and the indices of the items it matches,
//! in list order or best match first. Typing more narrows the previous matches instead of
//! rescanning them all.
//!
//! A match is scored the way fzf's first algorithm does, in time linear in the text: the
//! query as a substring scores best (earlier is better); otherwise the shortest window
//! that ends where a left-to-right scan first completes the query, with points for
//! consecutive characters and for characters starting a word, and a cost for gaps. The
//! characters it scores are the ones highlighted, so what ranks is what is shown.

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
    /// Best matches first instead of list order.
    ranked: bool,
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

    /// Matching indices, best score first (list order among equals).
    fn ranked_matches<S: AsRef<str>>(
        &self,
        haystacks: &[S],
        query: &str,
        previous: Option<&[usize]>,
    ) -> Vec<usize> {
        let wanted: Vec<char> = query.chars().collect();
        let case_sensitive = query.chars().any(char::is_uppercase);
        let score = |i: usize| {
            let text = haystacks.get(i)?.as_ref();
            Some((scored(&wanted, text, case_sensitive)?.score, i))
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
        let wanted: Vec<char> = self.applied.chars().collect();
        let case_sensitive = self.applied.chars().any(char::is_uppercase);
        let Some(found) = scored(&wanted, haystack, case_sensitive) else {
            return Vec::new();
        };
        let before = haystack[..found.start].chars().count();
        let mut positions = Vec::with_capacity(wanted.len());
        let mut next = wanted.iter().peekable();
        for (i, c) in haystack[found.start..found.end].chars().enumerate() {
            if next.peek().is_some_and(|&&w| same(c, w, case_sensitive)) {
                next.next();
                positions.push(before + i);
            }
        }
        positions
    }
}

/// Whether two characters match (letters in either case unless `case_sensitive`).
fn same(c: char, w: char, case_sensitive: bool) -> bool {
    if case_sensitive || c == w {
        c == w
    } else if c.is_ascii() && w.is_ascii() {
        c.eq_ignore_ascii_case(&w)
    } else {
        c.to_lowercase().eq(w.to_lowercase())
    }
}

/// A query found in a text: the bytes of the window it was found in, and how good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Scored {
    /// Higher is better.
    score: i64,
    /// Where the window starts (bytes).
    start: usize,
    /// Where it ends (bytes, exclusive).
    end: usize,
}

/// Points for a query found whole, before the cost of where it starts.
const WHOLE: i64 = 100_000;
/// Points per character that follows the previous one matched.
const CONSECUTIVE: i64 = 20;
/// Points per character that starts a word.
const WORD_START: i64 = 15;
/// Cost per character skipped inside the window.
const GAP: i64 = 3;

/// Whether the character after `previous` starts a word (`R-90279`, `module_7`, `baseDns`).
fn starts_word(previous: Option<char>, c: char) -> bool {
    match previous {
        None => true,
        Some(p) => !p.is_alphanumeric() || (p.is_lowercase() && c.is_uppercase()),
    }
}

/// Scores `wanted` in `text`: `None` when it is not a subsequence.
fn scored(wanted: &[char], text: &str, case_sensitive: bool) -> Option<Scored> {
    let first = *wanted.first()?;
    // Whole: the first place the query appears as it is typed.
    let whole = text.char_indices().find_map(|(at, _)| {
        let mut rest = text[at..].chars();
        wanted
            .iter()
            .all(|&w| rest.next().is_some_and(|c| same(c, w, case_sensitive)))
            .then_some(at)
    });
    if let Some(at) = whole {
        let length: usize = wanted.iter().map(|c| c.len_utf8()).sum();
        let previous = text[..at].chars().next_back();
        let word = if starts_word(previous, first) {
            WORD_START
        } else {
            0
        };
        let end = (at + length).min(text.len());
        return Some(Scored {
            score: WHOLE + word - i64::try_from(at).unwrap_or(i64::MAX).min(WHOLE / 2),
            start: at,
            end,
        });
    }
    // The end of the first window: scanning forward until every character is matched.
    let mut next = 0;
    let mut end = None;
    for (at, c) in text.char_indices() {
        if same(c, wanted[next], case_sensitive) {
            next += 1;
            if next == wanted.len() {
                end = Some(at + c.len_utf8());
                break;
            }
        }
    }
    let end = end?;
    // Its start: scanning back from the end, which gives the shortest window ending there.
    let mut left = wanted.len();
    let mut start = 0;
    for (at, c) in text[..end].char_indices().rev() {
        if same(c, wanted[left - 1], case_sensitive) {
            left -= 1;
            if left == 0 {
                start = at;
                break;
            }
        }
    }
    let mut score = 0;
    let mut previous = text[..start].chars().next_back();
    let mut matched_last = false;
    let mut next = 0;
    for c in text[start..end].chars() {
        if next < wanted.len() && same(c, wanted[next], case_sensitive) {
            next += 1;
            if matched_last {
                score += CONSECUTIVE;
            }
            if starts_word(previous, c) {
                score += WORD_START;
            }
            matched_last = true;
        } else {
            score -= GAP;
            matched_last = false;
        }
        previous = Some(c);
    }
    Some(Scored { score, start, end })
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
    use fuzzy_matcher::FuzzyMatcher;
    use fuzzy_matcher::skim::SkimMatcherV2;

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

    proptest::proptest! {
        #[test]
        fn a_score_exists_exactly_for_a_subsequence(
            text in "[a-cA-C/_:. 0-9é]{0,24}",
            query in "[a-cA-C/_ 0-9é]{1,5}",
        ) {
            let sensitive = query.chars().any(char::is_uppercase);
            let wanted: Vec<char> = query.chars().collect();
            proptest::prop_assert_eq!(
                scored(&wanted, &text, sensitive).is_some(),
                is_subsequence(&query, &text, sensitive)
            );
        }

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
