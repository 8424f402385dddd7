//! Documents parsed in one check kept for the next, so that a re-check parses only the texts
//! that changed: `vnfwiz lsp` checks the whole set again after every edit, and parsing is
//! over half of a large set's check (docs/performance.md).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use foldhash::fast::RandomState;

use super::{Document, LoadError, parse};
use crate::foundation::limits::YamlLimits;

/// A parse whose tree can be shared between checks.
pub type Parsed = Result<Arc<Document>, LoadError>;

/// Parses by text: the same bytes under the same limits give the same document, so a text
/// seen before is not parsed again. Texts not asked for since the last [`Memo::sweep`] are
/// dropped then, so the memo holds about one check's documents.
#[derive(Debug)]
pub struct Memo {
    limits: YamlLimits,
    entries: Mutex<HashMap<Box<[u8]>, Entry, RandomState>>,
    parsed: AtomicUsize,
    reused: AtomicUsize,
}

/// How many texts a memo parsed and how many it answered from before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoCounts {
    /// Texts parsed.
    pub parsed: usize,
    /// Texts whose document was kept from before.
    pub reused: usize,
}

#[derive(Debug)]
struct Entry {
    parsed: Parsed,
    /// Asked for since the last sweep.
    used: bool,
}

impl Memo {
    /// An empty memo for texts parsed under `limits`.
    pub fn new(limits: YamlLimits) -> Memo {
        Memo {
            limits,
            entries: Mutex::new(HashMap::default()),
            parsed: AtomicUsize::new(0),
            reused: AtomicUsize::new(0),
        }
    }

    /// The document of `bytes`, parsed now or kept from before. Other limits than the
    /// memo's are parsed without it.
    pub fn parse(&self, bytes: &[u8], limits: &YamlLimits) -> Parsed {
        if *limits != self.limits {
            return parse(bytes, limits).map(Arc::new);
        }
        if let Some(entry) = self.lock().get_mut(bytes) {
            entry.used = true;
            self.reused.fetch_add(1, Ordering::Relaxed);
            return entry.parsed.clone();
        }
        self.parsed.fetch_add(1, Ordering::Relaxed);
        // Parsed outside the lock, so files parse on every core at once.
        let parsed = parse(bytes, limits).map(Arc::new);
        let entry = Entry {
            parsed: parsed.clone(),
            used: true,
        };
        self.lock().insert(bytes.into(), entry);
        parsed
    }

    /// Drops the texts not asked for since the last sweep.
    pub fn sweep(&self) {
        self.lock()
            .retain(|_, entry| std::mem::take(&mut entry.used));
    }

    /// How many texts were parsed and reused since the memo was made.
    pub fn counts(&self) -> MemoCounts {
        MemoCounts {
            parsed: self.parsed.load(Ordering::Relaxed),
            reused: self.reused.load(Ordering::Relaxed),
        }
    }

    /// How many texts are kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when no text is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Box<[u8]>, Entry, RandomState>> {
        // An entry is inserted whole or not at all: a panic elsewhere leaves it consistent.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Parses `bytes` through `memo` when there is one.
pub fn parse_shared(bytes: &[u8], limits: &YamlLimits, memo: Option<&Memo>) -> Parsed {
    match memo {
        Some(memo) => memo.parse(bytes, limits),
        None => parse(bytes, limits).map(Arc::new),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_seen_before_shares_its_document_and_unused_texts_are_swept() {
        let memo = Memo::new(YamlLimits::default());
        let limits = YamlLimits::default();
        let first = memo.parse(b"a: 1\n", &limits).unwrap();
        let again = memo.parse(b"a: 1\n", &limits).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        let other = memo.parse(b"a: 2\n", &limits).unwrap();
        assert!(!Arc::ptr_eq(&first, &other));
        assert_eq!(*other, parse(b"a: 2\n", &limits).unwrap());
        assert_eq!(memo.len(), 2);
        memo.sweep();
        assert_eq!(memo.len(), 2, "both were asked for before the sweep");
        memo.parse(b"a: 2\n", &limits).unwrap();
        memo.sweep();
        assert_eq!(memo.len(), 1, "only the text asked for since is kept");
        let kept = memo.parse(b"a: 2\n", &limits).unwrap();
        assert!(Arc::ptr_eq(&other, &kept));
        assert_eq!(
            memo.counts(),
            MemoCounts {
                parsed: 2,
                reused: 3
            }
        );
    }

    #[test]
    fn errors_are_kept_and_other_limits_bypass_the_memo() {
        let memo = Memo::new(YamlLimits::default());
        let limits = YamlLimits::default();
        let broken = b"a: [1\n";
        assert_eq!(
            memo.parse(broken, &limits).unwrap_err(),
            parse(broken, &limits).unwrap_err()
        );
        assert!(memo.parse(broken, &limits).is_err());
        let tight = YamlLimits {
            max_depth: 1,
            ..YamlLimits::default()
        };
        assert!(memo.parse(b"a: {b: {c: 1}}\n", &tight).is_err());
        assert_eq!(memo.len(), 1, "a parse under other limits is not kept");
    }
}
