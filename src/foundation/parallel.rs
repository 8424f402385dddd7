//! Work spread over the machine's cores with scoped threads: results come back in input
//! order, so output never depends on scheduling. Small work stays on the calling thread.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Below this many bytes of source to go through, work runs on the calling thread: starting
/// and joining a thread costs about what parsing and checking 30 KB costs on an idle machine,
/// and a thread waiting for a core on a busy one costs milliseconds (docs/performance.md).
pub const SMALL_WORK_BYTES: usize = 128 << 10;

/// The machine's cores, asked once (the answer reads files under /sys and /proc).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// How many threads to use: one per core, never more than there are items, one for small work.
fn workers(items: usize, bytes: usize) -> usize {
    if bytes < SMALL_WORK_BYTES {
        return 1;
    }
    cores().min(items).max(1)
}

/// Applies `work` to every item and returns the results in input order; `bytes` is how much
/// source the whole work goes through. Large work runs on all cores, items handed out one at
/// a time as threads become free, so a few slow items do not leave a core idle.
pub fn map_ordered<T: Sync, R: Send>(
    items: &[T],
    bytes: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let workers = workers(items.len(), bytes);
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
    use super::{SMALL_WORK_BYTES, map_ordered};

    #[test]
    fn keeps_input_order() {
        let items: Vec<u64> = (0..1000).collect();
        for bytes in [0, SMALL_WORK_BYTES] {
            let squares = map_ordered(&items, bytes, |n| n * n);
            assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
            assert!(map_ordered(&[] as &[u64], bytes, |n| *n).is_empty());
        }
    }

    #[test]
    fn small_work_stays_on_the_calling_thread() {
        let caller = std::thread::current().id();
        let items: Vec<u64> = (0..64).collect();
        let threads = map_ordered(&items, SMALL_WORK_BYTES - 1, |_| {
            std::thread::current().id()
        });
        assert!(threads.iter().all(|t| *t == caller));
    }
}
