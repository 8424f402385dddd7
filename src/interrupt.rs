//! SIGINT and SIGTERM turned into a flag that long steps check, so an interrupted
//! `onboard` stops at a safe point and removes what it was writing instead of dying with
//! half a staging folder on disk. A second signal of the same kind ends the process at once.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

static SIGNAL: AtomicI32 = AtomicI32::new(0);
static CANCEL: AtomicBool = AtomicBool::new(false);

extern "C" fn record(signal: libc::c_int) {
    // Only atomic stores: async-signal-safe.
    SIGNAL.store(signal, Ordering::SeqCst);
    CANCEL.store(true, Ordering::SeqCst);
}

/// Catches SIGINT and SIGTERM from now on (once each: the default action comes back).
pub fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the action is fully initialised, and the handler only stores atomics.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = record as *const () as libc::sighandler_t;
            action.sa_flags = libc::SA_RESETHAND | libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal received, if any.
pub fn received() -> Option<Signal> {
    match SIGNAL.load(Ordering::SeqCst) {
        libc::SIGINT => Some(Signal::Interrupt),
        libc::SIGTERM => Some(Signal::Terminate),
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
            Signal::Interrupt => 128 + libc::SIGINT as u8,
            Signal::Terminate => 128 + libc::SIGTERM as u8,
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
