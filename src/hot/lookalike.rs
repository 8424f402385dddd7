//! Which known word a misspelt one was meant to be (`propeties` → `properties`).

/// Optimal-string-alignment distance (edits, with a swap of neighbours counting as one),
/// giving up once it exceeds `limit`.
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
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
    fn suggests_only_near_words() {
        let keys = ["type", "properties", "metadata", "depends_on"];
        assert_eq!(closest("propeties", keys), Some("properties"));
        assert_eq!(closest("dependson", keys), Some("depends_on"));
        assert_eq!(closest("flavor", keys), None);
    }
}
