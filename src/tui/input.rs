//! The thread that reads the terminal's events (keys, resizes, the mouse) and hands them
//! to the loop. It can be paused while another program owns the terminal (the operator's
//! editor): a paused reader reads nothing, so every key typed meanwhile reaches that
//! program.

use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use ratatui::crossterm::event::{self as terminal_event, Event};

/// How long the reader waits for an event before it looks whether it should pause.
const POLL: Duration = Duration::from_millis(40);

/// The longest a pause waits for the reader to stop.
const PAUSE_LIMIT: Duration = Duration::from_secs(2);

/// Where the reader stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Reading events.
    Reading,
    /// Asked to stop reading.
    Pausing,
    /// Not reading until resumed.
    Paused,
    /// Gone (the terminal failed or the loop ended).
    Ended,
}

struct Gate {
    phase: Mutex<Phase>,
    changed: Condvar,
}

impl Gate {
    fn lock(&self) -> MutexGuard<'_, Phase> {
        self.phase
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn set(&self, phase: Phase) {
        *self.lock() = phase;
        self.changed.notify_all();
    }
}

/// The reader thread of the terminal's events.
pub struct Input {
    gate: Arc<Gate>,
}

/// The reader held still; it reads again when this is dropped.
pub struct Paused<'i> {
    input: &'i Input,
}

impl Drop for Paused<'_> {
    fn drop(&mut self) {
        let gate = &self.input.gate;
        let mut phase = gate.lock();
        if *phase != Phase::Ended {
            *phase = Phase::Reading;
        }
        drop(phase);
        gate.changed.notify_all();
    }
}

/// The next event of the terminal, waiting a moment at most (`None`: none came).
fn next_event() -> std::io::Result<Option<Event>> {
    if terminal_event::poll(POLL)? {
        terminal_event::read().map(Some)
    } else {
        Ok(None)
    }
}

impl Input {
    /// Starts reading the terminal's events, sending each one converted by `wrap` to
    /// `outbox`.
    pub fn start<T: Send + 'static>(outbox: Sender<T>, wrap: fn(Event) -> T) -> Input {
        Input::reading(outbox, wrap, next_event)
    }

    /// Starts reading events from `next`.
    fn reading<T: Send + 'static>(
        outbox: Sender<T>,
        wrap: fn(Event) -> T,
        next: fn() -> std::io::Result<Option<Event>>,
    ) -> Input {
        let gate = Arc::new(Gate {
            phase: Mutex::new(Phase::Reading),
            changed: Condvar::new(),
        });
        let reader = gate.clone();
        thread::spawn(move || {
            read(&reader, &outbox, wrap, next);
            reader.set(Phase::Ended);
        });
        Input { gate }
    }

    /// Stops reading until the returned guard is dropped; waits (a moment at most) for an
    /// event being waited for to be given up.
    pub fn pause(&self) -> Paused<'_> {
        let mut phase = self.gate.lock();
        if *phase == Phase::Reading {
            *phase = Phase::Pausing;
        }
        while *phase == Phase::Pausing {
            let (next, timeout) = self
                .gate
                .changed
                .wait_timeout(phase, PAUSE_LIMIT)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            phase = next;
            if timeout.timed_out() {
                break;
            }
        }
        Paused { input: self }
    }
}

/// Reads events until the loop is gone or the terminal fails, holding still while paused.
fn read<T>(
    gate: &Gate,
    outbox: &Sender<T>,
    wrap: fn(Event) -> T,
    next: fn() -> std::io::Result<Option<Event>>,
) {
    loop {
        {
            let mut phase = gate.lock();
            loop {
                match *phase {
                    Phase::Reading => break,
                    Phase::Pausing => {
                        *phase = Phase::Paused;
                        gate.changed.notify_all();
                    }
                    Phase::Paused => {}
                    Phase::Ended => return,
                }
                phase = gate
                    .changed
                    .wait(phase)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        }
        match next() {
            Ok(None) => {}
            Ok(Some(event)) => {
                if outbox.send(wrap(event)).is_err() {
                    return;
                }
            }
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc::channel;

    static READS: AtomicUsize = AtomicUsize::new(0);

    /// A terminal that sends an event every few milliseconds.
    fn ticking() -> std::io::Result<Option<Event>> {
        thread::sleep(Duration::from_millis(3));
        READS.fetch_add(1, Ordering::SeqCst);
        Ok(Some(Event::FocusGained))
    }

    #[test]
    fn a_paused_reader_reads_nothing_until_resumed() {
        let (outbox, inbox) = channel();
        let input = Input::reading(outbox, |e| e, ticking);
        inbox.recv_timeout(Duration::from_secs(5)).expect("reading");
        let paused = input.pause();
        let before = READS.load(Ordering::SeqCst);
        thread::sleep(Duration::from_millis(60));
        assert_eq!(
            READS.load(Ordering::SeqCst),
            before,
            "nothing read while paused"
        );
        while inbox.try_recv().is_ok() {}
        drop(paused);
        inbox
            .recv_timeout(Duration::from_secs(5))
            .expect("reading again");
        assert!(READS.load(Ordering::SeqCst) > before);
        // The loop going away ends the reader; pausing an ended reader does not wait.
        drop(inbox);
        thread::sleep(Duration::from_millis(30));
        let started = std::time::Instant::now();
        drop(input.pause());
        assert!(started.elapsed() < PAUSE_LIMIT);
    }
}
