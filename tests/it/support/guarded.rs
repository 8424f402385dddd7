//! Runs the real binary under guard: an address-space cap (a bomb fails instead of eating
//! the machine), a generous wall-clock kill (a hang fails the test; this is not a speed
//! assertion), the child's own peak resident memory and time measured, and a snapshot of
//! every file under a folder to prove nothing outside the output was touched.

use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

/// Address-space cap for the child, a safety net above the resident-memory bound.
const ADDRESS_SPACE_CAP: u64 = 1 << 30;
/// Kill after this long: far above the expected time, so only a hang trips it.
const HANG_GUARD: Duration = Duration::from_secs(60);
/// The bound on the child's peak resident memory.
pub const PEAK_MEMORY_BOUND_KIB: i64 = 256 << 10;

/// How one run ended.
pub struct Outcome {
    /// Exit code (`None` when killed by a signal).
    pub code: Option<i32>,
    /// stdout then stderr.
    pub text: String,
    /// Peak resident memory of the child, in KiB.
    pub peak_kib: i64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Runs vnfwiz with `args` (and `envs`), stdout and stderr to files in a folder of its
/// own, `TMPDIR` pointing at an empty folder that must stay empty.
pub fn run(args: &[&str], envs: &[(&str, &str)]) -> Outcome {
    let scratch = tempfile::tempdir().expect("scratch dir");
    let tmp = scratch.path().join("tmp");
    std::fs::create_dir(&tmp).expect("tmp dir");
    let stdout_path = scratch.path().join("stdout");
    let stderr_path = scratch.path().join("stderr");
    let mut command = Command::new(env!("CARGO_BIN_EXE_vnfwiz"));
    command
        .args(args)
        .env("NO_COLOR", "1")
        .env("TMPDIR", &tmp)
        .envs(envs.iter().copied())
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).expect("stdout file"))
        .stderr(std::fs::File::create(&stderr_path).expect("stderr file"));
    // SAFETY: setrlimit is async-signal-safe and only touches the child before exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE_CAP,
                rlim_max: ADDRESS_SPACE_CAP,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let started = Instant::now();
    // Reaped below by wait4, which also gives the child's resource usage.
    let pid = command.spawn().expect("start vnfwiz").id() as libc::pid_t;
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes only to the two out-parameters given.
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            break (status, usage);
        }
        assert!(
            done == 0,
            "wait4 failed: {}",
            std::io::Error::last_os_error()
        );
        if started.elapsed() > HANG_GUARD {
            // SAFETY: the child has not been reaped, so the pid is still ours.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("vnfwiz {args:?} did not finish in {HANG_GUARD:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = started.elapsed();
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    let stdout =
        String::from_utf8_lossy(&std::fs::read(&stdout_path).expect("stdout")).into_owned();
    let stderr =
        String::from_utf8_lossy(&std::fs::read(&stderr_path).expect("stderr")).into_owned();
    let left: Vec<_> = std::fs::read_dir(&tmp).expect("tmp").flatten().collect();
    assert!(
        left.is_empty(),
        "vnfwiz {args:?} left files in TMPDIR: {left:?}"
    );
    Outcome {
        code,
        text: format!("{stdout}{stderr}"),
        peak_kib: usage.ru_maxrss,
        elapsed,
    }
}

/// Every file and folder under `root` with its kind, size and modification time.
pub fn snapshot(root: &Path) -> BTreeMap<PathBuf, (bool, u64, Option<SystemTime>)> {
    let mut found = BTreeMap::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
                continue;
            };
            if meta.is_dir() {
                pending.push(entry.path());
            }
            found.insert(
                entry.path(),
                (meta.is_dir(), meta.len(), meta.modified().ok()),
            );
        }
    }
    found
}
