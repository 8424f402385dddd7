//! Work spread over the machine's cores with scoped threads: results come back in input
//! order, so output never depends on scheduling.

use std::sync::atomic::{AtomicUsize, Ordering};

/// How many threads to use: one per core, never more than there are items.
fn workers(items: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.min(items).max(1)
}

/// Applies `work` to every item on all cores and returns the results in input order. Items
/// are handed out one at a time as threads become free, so a few slow items do not leave a
/// core idle.
pub fn map_ordered<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = workers(items.len());
    if workers < 2 {
        return items.iter().map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let run = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            done.push((i, work(item)));
        }
    };
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..workers).map(|_| scope.spawn(run)).collect();
        let mut all = run();
        for helper in helpers {
            all.extend(
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        all
    });
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::map_ordered;

    #[test]
    fn keeps_input_order() {
        let items: Vec<u64> = (0..1000).collect();
        let squares = map_ordered(&items, |n| n * n);
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        assert!(map_ordered(&[] as &[u64], |n| *n).is_empty());
    }
}
