//! Progress of long hashing runs across threads, cancellation, and a terminal progress bar
//! for the headless commands.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::error::IntegrityError;
use crate::foundation::diagnostics::{Options, Progress};

/// Counts bytes done across threads, reports them, and checks for cancellation.
pub struct Tracker<'a> {
    done: AtomicU64,
    total: u64,
    progress: &'a dyn Progress,
    cancel: &'a AtomicBool,
    /// Set when one worker failed, so the others stop early.
    failed: AtomicBool,
}

impl<'a> Tracker<'a> {
    /// A tracker for `total` bytes of work.
    pub fn new(total: u64, options: &Options<'a>) -> Tracker<'a> {
        options.progress.update(0, total);
        Tracker {
            done: AtomicU64::new(0),
            total,
            progress: options.progress,
            cancel: options.cancel,
            failed: AtomicBool::new(false),
        }
    }

    /// Bytes done so far.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Records `bytes` more done and reports the new count (never above the total).
    pub fn advance(&self, bytes: u64) {
        let done = self.done.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.progress.update(done.min(self.total), self.total);
    }

    /// Reports the run complete.
    pub fn finish(&self) {
        self.done.store(self.total, Ordering::Relaxed);
        self.progress.update(self.total, self.total);
    }

    /// `Err(Cancelled)` once the caller cancelled or another worker failed.
    pub fn check(&self) -> Result<(), IntegrityError> {
        if self.cancel.load(Ordering::Relaxed) || self.failed.load(Ordering::Relaxed) {
            return Err(IntegrityError::Cancelled);
        }
        Ok(())
    }

    /// Tells the other workers to stop.
    pub fn fail(&self) {
        self.failed.store(true, Ordering::Relaxed);
    }
}

/// A progress bar on stderr for headless commands: drawn only when stderr is a terminal,
/// nothing at all otherwise (logs and pipes stay clean).
pub struct TerminalProgress {
    bar: ProgressBar,
}

impl TerminalProgress {
    /// A bar labelled `label` (for example the package name).
    pub fn stderr(label: &str) -> TerminalProgress {
        if !std::io::stderr().is_terminal() {
            // Nothing is drawn, so no style is made (parsing its template was a sixth of
            // the start-up work of `validate`, docs/performance.md).
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
            bar.set_prefix(label.to_owned());
            return TerminalProgress { bar };
        }
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{prefix} [{bar:30}] {bytes}/{total_bytes} {binary_bytes_per_sec} eta {eta}",
        )
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_prefix(label.to_owned());
        TerminalProgress { bar }
    }

    /// Whether anything is drawn.
    pub fn is_visible(&self) -> bool {
        !self.bar.is_hidden()
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Progress for TerminalProgress {
    fn update(&self, done: u64, total: u64) {
        if self.bar.length() != Some(total) {
            self.bar.set_length(total);
        }
        self.bar.set_position(done);
    }

    fn begin(&self, label: &str) {
        self.bar.set_prefix(label.to_owned());
        self.bar.reset();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::input::integrity::digest::{DigestAlgorithm, hash_stream};
    use std::sync::Mutex;

    #[test]
    fn progress_reaches_the_total_and_never_passes_it() {
        let seen = Mutex::new(Vec::new());
        let record = |done: u64, total: u64| seen.lock().unwrap().push((done, total));
        let limits = Limits::default();
        let options = Options::new(&limits).with_progress(&record);
        let tracker = Tracker::new(10, &options);
        tracker.advance(4);
        tracker.advance(9);
        tracker.finish();
        assert_eq!(
            *seen.lock().unwrap(),
            [(0, 10), (4, 10), (10, 10), (10, 10)]
        );
    }

    #[test]
    fn cancelling_stops_hashing_with_a_distinct_error() {
        let cancel = AtomicBool::new(false);
        let limits = Limits::default();
        // Cancel from inside the progress callback, after the first block.
        let stop = |done: u64, _: u64| {
            if done > 0 {
                cancel.store(true, Ordering::Relaxed);
            }
        };
        let options = Options::new(&limits)
            .with_progress(&stop)
            .with_cancel(&cancel);
        let data = vec![1u8; 4 << 20];
        let tracker = Tracker::new(data.len() as u64, &options);
        let result = hash_stream(&mut &data[..], &[DigestAlgorithm::Sha256], &tracker, "disk");
        assert!(matches!(result, Err(IntegrityError::Cancelled)));
        assert!(tracker.done() < data.len() as u64);
    }

    #[test]
    fn the_terminal_bar_is_hidden_when_stderr_is_not_a_terminal() {
        // Test runs capture stderr, so it is never a terminal here.
        let bar = TerminalProgress::stderr("vm.ova");
        assert_eq!(bar.is_visible(), std::io::stderr().is_terminal());
        bar.begin("vnf.ova");
        bar.update(5, 10);
        bar.finish();
    }
}
