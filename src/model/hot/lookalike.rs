//! Which known word a misspelt one was meant to be (`propeties` → `properties`).

/// Longest name compared, in characters: HOT and ONAP names stay far below it.
pub const LONGEST_NAME: usize = 128;

/// Optimal-string-alignment distance (edits, with a swap of neighbours counting as one),
/// giving up once it exceeds `limit`.
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    // Lengths alone rule most pairs out; check before allocating. The table is quadratic,
    // so names longer than any real identifier are not compared at all.
    let (a_len, b_len) = (a.chars().count(), b.chars().count());
    if a_len.abs_diff(b_len) > limit || a_len.max(b_len) > LONGEST_NAME {
        return None;
    }
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    let mut rows = vec![0usize; (a.len() + 1) * width];
    for (j, cell) in rows.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i * width] = i;
        let mut best = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[(i - 1) * width + j] + 1)
                .min(rows[i * width + j - 1] + 1)
                .min(rows[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[(i - 2) * width + j - 2] + 1);
            }
            rows[i * width + j] = d;
            best = best.min(d);
        }
        if best > limit {
            return None;
        }
    }
    let d = rows[a.len() * width + b.len()];
    (d <= limit).then_some(d)
}

/// The candidate closest to `word` within a distance that grows with the word's length
/// (1 edit up to 8 characters, 2 beyond), when there is one.
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let limit = if word.chars().count() > 8 { 2 } else { 1 };
    candidates
        .into_iter()
        .filter(|c| *c != word)
        .filter_map(|c| distance(word, c, limit).map(|d| (d, c)))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Near-name suggestions from a fixed set of names, within a total budget of table cells
/// (the work of the comparisons), so that a file full of long wrong names still takes
/// linear time to check.
pub struct Suggestions<'c> {
    candidates: Vec<&'c str>,
    budget: usize,
}

impl<'c> Suggestions<'c> {
    /// Table cells allowed per set of names (about 100 000 comparisons of 9-character
    /// names).
    const BUDGET: usize = 10_000_000;

    /// Suggestions drawn from `candidates`.
    pub fn new(candidates: impl IntoIterator<Item = &'c str>) -> Suggestions<'c> {
        Suggestions {
            candidates: candidates.into_iter().collect(),
            budget: Self::BUDGET,
        }
    }

    /// The candidate `word` was probably meant to be, while the budget lasts.
    pub fn hint(&mut self, word: &str) -> Option<&'c str> {
        let rows = word.len().min(LONGEST_NAME) + 1;
        let cost = self
            .candidates
            .iter()
            .map(|c| rows * (c.len().min(LONGEST_NAME) + 1))
            .fold(0usize, usize::saturating_add);
        self.budget = self.budget.checked_sub(cost)?;
        closest(word, self.candidates.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_edits_and_swaps() {
        assert_eq!(distance("get_parm", "get_param", 2), Some(1));
        assert_eq!(distance("str_repalce", "str_replace", 2), Some(1));
        assert_eq!(distance("get_resouce", "get_resource", 2), Some(1));
        assert_eq!(distance("port", "get_attr", 2), None);
        assert_eq!(distance("same", "same", 0), Some(0));
    }

    #[test]
    fn suggestions_stop_when_the_budget_is_spent() {
        let names: Vec<String> = (0..40_000).map(|i| format!("port_{i}")).collect();
        let mut suggestions = Suggestions::new(names.iter().map(String::as_str));
        assert_eq!(suggestions.hint("port_7x"), Some("port_7"));
        assert!(suggestions.hint("port_8x").is_some());
        assert_eq!(suggestions.hint("port_9x"), None);
    }

    #[test]
    fn suggests_only_near_words() {
        let keys = ["type", "properties", "metadata", "depends_on"];
        assert_eq!(closest("propeties", keys), Some("properties"));
        assert_eq!(closest("dependson", keys), Some("depends_on"));
        assert_eq!(closest("flavor", keys), None);
    }

    #[test]
    fn long_names_are_not_compared_and_the_budget_counts_work() {
        let long = "x".repeat(LONGEST_NAME + 1);
        assert_eq!(distance(&long, &long.replace('x', "y"), 2), None);
        let names: Vec<String> = (0..100)
            .map(|i| format!("{i:03}{}", "p".repeat(120)))
            .collect();
        let mut suggestions = Suggestions::new(names.iter().map(String::as_str));
        let near = format!("007{}q", "p".repeat(119));
        assert_eq!(suggestions.hint(&near), Some(names[7].as_str()));
        // Each 123-character name costs 100 comparisons of 124 x 124 cells, so a few
        // spend the budget that thousands of short names would.
        for _ in 0..5 {
            suggestions.hint(&"q".repeat(123));
        }
        assert_eq!(suggestions.hint(&near), None);
    }
}
