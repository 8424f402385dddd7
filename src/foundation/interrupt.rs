//! SIGINT and SIGTERM turned into a flag that long steps check, so an interrupted
//! `onboard` stops at a safe point and removes what it was writing instead of dying with
//! half a staging folder on disk. A second signal of the same kind ends the process at once.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Once};

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::flag;

/// The last signal caught (0 before any).
static SIGNAL: LazyLock<Arc<AtomicUsize>> = LazyLock::new(|| Arc::new(AtomicUsize::new(0)));
static CANCEL: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// Catches SIGINT and SIGTERM from now on (once each: a second one of the same kind gets
/// its default action and ends the process).
pub fn install() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        for signal in [SIGINT, SIGTERM] {
            let caught = Arc::new(AtomicBool::new(false));
            // Actions run in the order registered: the default action is armed only by an
            // earlier signal of this kind. signal-hook refuses only signals that cannot be
            // caught (SIGKILL, SIGSTOP…), never these two, so the results carry nothing.
            let _ = flag::register_conditional_default(signal, Arc::clone(&caught));
            let _ = flag::register(signal, caught);
            let _ = flag::register_usize(signal, Arc::clone(&SIGNAL), signal as usize);
            let _ = flag::register(signal, Arc::clone(&CANCEL));
        }
    });
}

/// The signal received, if any.
pub fn received() -> Option<Signal> {
    match i32::try_from(SIGNAL.load(Ordering::SeqCst)) {
        Ok(SIGINT) => Some(Signal::Interrupt),
        Ok(SIGTERM) => Some(Signal::Terminate),
        _ => None,
    }
}

/// Set when a signal arrives: the cancellation flag for integrity `Options`.
pub fn cancel_flag() -> &'static AtomicBool {
    &CANCEL
}

/// A signal that stops a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGINT (Ctrl-C).
    Interrupt,
    /// SIGTERM.
    Terminate,
}

impl Signal {
    /// The shell's exit status for a process ended by this signal (128 + number).
    pub fn exit_status(self) -> u8 {
        match self {
            Signal::Interrupt => 128 + SIGINT as u8,
            Signal::Terminate => 128 + SIGTERM as u8,
        }
    }
}

impl std::fmt::Display for Signal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Signal::Interrupt => "SIGINT",
            Signal::Terminate => "SIGTERM",
        })
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Command;

    use signal_hook::low_level::raise;

    use super::*;

    /// Set in the child process this test starts, where signals may end the process.
    const CHILD: &str = "VNFWIZ_INTERRUPT_TEST_CHILD";

    #[test]
    fn the_first_signal_of_each_kind_is_recorded_and_a_second_one_ends_the_process() {
        if std::env::var_os(CHILD).is_some() {
            install();
            install();
            assert_eq!(received(), None);
            // raise() runs the handlers on this thread before it returns.
            raise(SIGINT).unwrap();
            assert_eq!(received(), Some(Signal::Interrupt));
            assert!(cancel_flag().load(Ordering::SeqCst));
            raise(SIGTERM).unwrap();
            assert_eq!(received(), Some(Signal::Terminate));
            raise(SIGTERM).unwrap();
            // Still alive: the second SIGTERM had no effect.
            std::process::exit(3);
        }
        // The test's own name, wherever the module sits (`vnfwiz::` left out).
        let module = module_path!().split_once("::").map_or("", |(_, path)| path);
        let name = format!(
            "{module}::the_first_signal_of_each_kind_is_recorded_and_a_second_one_ends_the_process"
        );
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", &name, "--nocapture", "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .unwrap();
        assert_eq!(
            child.status.signal(),
            Some(SIGTERM),
            "{:?}\n{}",
            child.status,
            String::from_utf8_lossy(&child.stdout)
        );
        assert_eq!(Signal::Interrupt.exit_status(), 130);
        assert_eq!(Signal::Terminate.exit_status(), 143);
    }
}
