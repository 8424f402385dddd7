//! `vnfwiz lsp` as an editor runs it: the real binary over standard input and output, the
//! time from an edit sent to the answer that waits for its check (the check, the publishing
//! of every file's diagnostics, and the answer), on a vFW-sized set (tests/fixtures/lsp/vdns)
//! and on the large generated VNF (benches/large_vnf, about 5 000 resources), with the
//! debounce off and at its default; then the server's peak memory beside `validate`'s on
//! the same set. Numbers go to docs/performance.md. `VNFWIZ_LARGE_VNF_NOISY=1` generates the
//! variant that ignores ONAP's naming. `VNFWIZ_BENCH_BEFORE=path` names an earlier vnfwiz
//! build: the large VNF's cases then run for it and for this build in turn, twice, so the
//! two are compared under the same load.

#[allow(dead_code)]
mod large_vnf;
#[path = "../tests/it/support/lsp_client.rs"]
#[allow(dead_code)]
mod lsp_client;

use std::path::{Path, PathBuf};
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
    binary: &Path,
    root: &Path,
    file: &Path,
    before: &str,
    after: &str,
    args: &[&str],
) -> (Duration, Duration, Option<f64>) {
    let mut client = Client::start_binary(binary, args);
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

/// The load average as `/proc/loadavg` gives it (the machine is shared).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
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
    let this_build = PathBuf::from(env!("CARGO_BIN_EXE_vnfwiz"));
    let mut builds = vec![("", this_build.clone())];
    if let Some(before) = std::env::var_os("VNFWIZ_BENCH_BEFORE") {
        let before = ("before: ", PathBuf::from(before));
        builds = vec![before.clone(), builds[0].clone(), before, builds[0].clone()];
        builds[1].0 = "after: ";
        builds[3].0 = "after: ";
    }
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
            edits(&this_build, &small, &base_env, "nova", "nova-2", args),
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
    for (build, binary) in &builds {
        for (label, args) in [
            ("no debounce", &["--debounce-ms", "0"][..]),
            ("default debounce", &[][..]),
        ] {
            eprintln!("load average {}", load_average());
            report(
                &format!("{build}large generated VNF (~5 000 resources), {label}"),
                edits(binary, &large, &env, before, after, args),
            );
        }
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
