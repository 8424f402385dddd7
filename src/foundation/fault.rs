//! Faults injected through the environment, so the fault tests can reach states a healthy
//! machine never shows on demand (a full disk without root, a signal mid-write, a source
//! vanishing between listing and reading). Unset, every point is a no-op.
//!
//! `VNFWIZ_FAULT=<action>@<point>`: actions `enospc` and `erofs` (fail with "No space left
//! on device" / "Read-only file system"), `stall` (print `vnfwiz: fault: stalled at
//! <point>` on stderr, then wait until the path in `VNFWIZ_FAULT_RESUME` exists or a signal
//! arrives, 60 s at most) and `drag` (a stall that goes on for `DRAG` after the signal, as
//! a slow block write does before the next safe point); points `write:<n>` (before the n-th output file, from 1),
//! `package` (the files staged, the packages not yet written) and `listed` (a source
//! folder listed, nothing read yet).

use std::io;
use std::time::{Duration, Instant};

/// The longest a stall waits.
const STALL_LIMIT: Duration = Duration::from_secs(60);
/// How long a `drag` goes on once the signal has come.
const DRAG: Duration = Duration::from_millis(500);

/// Runs the fault configured for `point`, if any; an injected error is returned.
pub fn at(point: &str) -> io::Result<()> {
    let Ok(spec) = std::env::var("VNFWIZ_FAULT") else {
        return Ok(());
    };
    let Some((action, at)) = spec.split_once('@') else {
        return Ok(());
    };
    if at != point {
        return Ok(());
    }
    match action {
        "enospc" => Err(io::Error::from_raw_os_error(libc::ENOSPC)),
        "erofs" => Err(io::Error::from_raw_os_error(libc::EROFS)),
        "stall" | "drag" => {
            eprintln!("vnfwiz: fault: stalled at {point}");
            let resume = std::env::var_os("VNFWIZ_FAULT_RESUME");
            let started = Instant::now();
            while started.elapsed() < STALL_LIMIT
                && crate::foundation::interrupt::received().is_none()
                && !resume
                    .as_ref()
                    .is_some_and(|path| std::path::Path::new(path).exists())
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            if action == "drag" {
                std::thread::sleep(DRAG);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
