//! `vnfwiz lsp` as an editor runs it: the real binary over standard input and output, the
//! time from an edit sent to the answer that waits for its check (the check, the publishing
//! of every file's diagnostics, and the answer), on a vFW-sized set (tests/fixtures/lsp/vdns)
//! and on the large generated VNF (benches/large_vnf, about 5 000 resources), with the
//! debounce off and at its default; then the server's peak memory beside `validate`'s on
//! the same set. Numbers go to docs/performance.md. `VNFWIZ_LARGE_VNF_NOISY=1` generates the
//! variant that ignores ONAP's naming. `VNFWIZ_LARGE_VNF_NOISY=1` generates the
//! variant that ignores ONAP's naming.

#[allow(dead_code)]
mod large_vnf;
#[path = "../tests/it/support/lsp_client.rs"]
#[allow(dead_code)]
mod lsp_client;

use std::path::Path;
use std::time::{Duration, Instant};

use lsp_client::Client;
use serde_json::json;

/// Edits timed per case.
const EDITS: usize = 20;

/// The peak resident memory of a process, from /proc (Linux), in MiB.
fn peak_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// Times `EDITS` edits of `file` (open in a server on `root` started with `args`), each
/// flipping `before` and `after` in its text; returns the fastest and the median, and the
/// server's peak memory.
fn edits(
    root: &Path,
    file: &Path,
    before: &str,
    after: &str,
    args: &[&str],
) -> (Duration, Duration, Option<f64>) {
    let mut client = Client::start(args);
    client.initialize(root, json!({}));
    let original = std::fs::read_to_string(file).unwrap();
    client.open(file, "yaml");
    client.settle(file);
    let mut times = Vec::new();
    for version in 2..(2 + EDITS as i32) {
        let text = if version % 2 == 0 {
            original.replace(before, after)
        } else {
            original.clone()
        };
        let started = Instant::now();
        client.change(file, version, json!([{"text": text}]));
        client.settle(file);
        times.push(started.elapsed());
    }
    times.sort();
    let peak = peak_mib(client.pid());
    client.shutdown();
    (times[0], times[times.len() / 2], peak)
}

fn report(what: &str, (fastest, median, peak): (Duration, Duration, Option<f64>)) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    eprintln!(
        "{what}: edit to checked and published, fastest {:.1} ms, median {:.1} ms; server peak {}",
        ms(fastest),
        ms(median),
        peak.map_or("?".to_owned(), |p| format!("{p:.0} MiB"))
    );
}

/// The wall time and peak memory (MiB) of `vnfwiz validate` on `root`, the yardstick.
fn validate_run(root: &Path) -> Option<(Duration, f64)> {
    let started = Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(["validate", "--format", "json"])
        .arg(root)
        .stdout(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let pid = child.id();
    let mut peak = None;
    while child.try_wait().ok()?.is_none() {
        peak = peak_mib(pid).or(peak);
        std::thread::sleep(Duration::from_millis(2));
    }
    Some((started.elapsed(), peak?))
}

fn main() {
    let temporary = tempfile::tempdir().unwrap();
    let small = temporary.path().join("vdns");
    std::fs::create_dir_all(&small).unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lsp/vdns");
    for entry in std::fs::read_dir(&fixture).unwrap().flatten() {
        std::fs::copy(entry.path(), small.join(entry.file_name())).unwrap();
    }
    let base_env = small.join("base_vdns.env");
    for (label, args) in [
        ("no debounce", &["--debounce-ms", "0"][..]),
        ("default debounce", &[][..]),
    ] {
        report(
            &format!("vDNS-sized set (5 files), {label}"),
            edits(&small, &base_env, "nova", "nova-2", args),
        );
    }
    let large = temporary.path().join("large");
    std::fs::create_dir_all(&large).unwrap();
    // `VNFWIZ_LARGE_VNF_NOISY=1`: the variant that ignores ONAP's naming, whose tens of
    // thousands of findings are all published.
    let (env, before, after) = if std::env::var_os("VNFWIZ_LARGE_VNF_NOISY").is_some() {
        (large_vnf::noisy::generate(&large), "value7", "changed")
    } else {
        (
            large_vnf::generate_sized(&large, large_vnf::SERVERS_PER_MODULE),
            large_vnf::BASE_FLAVOR,
            "m1.xlarge",
        )
    };
    for (label, args) in [
        ("no debounce", &["--debounce-ms", "0"][..]),
        ("default debounce", &[][..]),
    ] {
        report(
            &format!("large generated VNF (~5 000 resources), {label}"),
            edits(&large, &env, before, after, args),
        );
    }
    let mut runs: Vec<(Duration, f64)> = (0..5).filter_map(|_| validate_run(&large)).collect();
    runs.sort_by_key(|(took, _)| *took);
    if let (Some((fastest, _)), Some(peak)) =
        (runs.first(), runs.iter().map(|r| r.1).reduce(f64::max))
    {
        eprintln!(
            "vnfwiz validate on the large VNF, the whole process: fastest of 5 {:.1} ms, median {:.1} ms; peak {peak:.0} MiB",
            fastest.as_secs_f64() * 1000.0,
            runs[runs.len() / 2].0.as_secs_f64() * 1000.0
        );
    }
}
