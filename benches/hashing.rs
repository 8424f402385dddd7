//! Hashing throughput: vnfwiz's SHA-256 against `openssl dgst -sha256` on the same 1 GiB
//! file (page-cached, best of five alternating runs each), then the package paths built on it: a
//! folder of two disks hashed on all cores, and an OVA read in one streaming pass; last, one
//! 768 MiB disk opened as a folder package and as an OVA (`ovf::open`, what `validate` does),
//! each beside `openssl dgst -sha256` of the same bytes, with user and system time.
//!
//! Run with `cargo bench --bench hashing` (`VNFWIZ_BENCH_PACKAGES_ONLY=1` for the last part
//! alone); `VNFWIZ_BENCH_DIR` picks the scratch folder
//! (default: the system temp folder). Numbers go to docs/performance.md.

mod disk_package;

use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use disk_package::{sha256_hex, warm, write_data, write_ova};
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::integrity::digest::{hash_stream, to_hex};
use vnfwiz::input::integrity::{DigestAlgorithm, ExpectedFile, Tracker, scan_ova, verify_folder};
use vnfwiz::input::source::PackageFiles;

const GIB: u64 = 1 << 30;
const RUNS: usize = 3;
const COMPARISON_RUNS: usize = 5;

fn best<T>(mut run: impl FnMut() -> T) -> (Duration, T) {
    let mut fastest = Duration::MAX;
    let mut last = None;
    for _ in 0..RUNS {
        let start = Instant::now();
        let value = run();
        fastest = fastest.min(start.elapsed());
        last = Some(value);
    }
    (fastest, last.expect("at least one run"))
}

fn gib_per_s(bytes: u64, time: Duration) -> f64 {
    bytes as f64 / GIB as f64 / time.as_secs_f64()
}

fn ours(path: &Path, limits: &Limits) -> String {
    let options = Options::new(limits);
    let tracker = Tracker::new(GIB, &options);
    let mut file = File::open(path).expect("open");
    let hashed =
        hash_stream(&mut file, &[DigestAlgorithm::Sha256], &tracker, "disk").expect("hash");
    to_hex(hashed.digests.get(DigestAlgorithm::Sha256).expect("sha256"))
}

fn openssl(path: &Path) -> Option<String> {
    let output = Command::new("openssl")
        .args(["dgst", "-sha256", "-r"])
        .arg(path)
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    text.split_whitespace().next().map(str::to_owned)
}

fn main() {
    let base = std::env::var_os("VNFWIZ_BENCH_DIR").map_or_else(std::env::temp_dir, Into::into);
    let dir = tempfile::tempdir_in(base).expect("scratch folder");
    let limits = Limits::default();
    if std::env::var_os("VNFWIZ_BENCH_PACKAGES_ONLY").is_some() {
        package_paths(dir.path(), &limits);
        return;
    }
    let disk = dir.path().join("disk.vmdk");
    write_data(&disk, GIB, 0x9e37_79b9_7f4a_7c15);
    warm(&disk);

    // Runs alternate between the two so that load from other processes hits both alike.
    let mut our_time = Duration::MAX;
    let mut their_time = Duration::MAX;
    let mut digests = (String::new(), None);
    for _ in 0..COMPARISON_RUNS {
        let start = Instant::now();
        digests.0 = ours(&disk, &limits);
        our_time = our_time.min(start.elapsed());
        let start = Instant::now();
        digests.1 = openssl(&disk);
        their_time = their_time.min(start.elapsed());
    }
    println!(
        "vnfwiz sha256, 1 GiB:          {:.2} GiB/s ({:.3} s)",
        gib_per_s(GIB, our_time),
        our_time.as_secs_f64()
    );
    match digests.1 {
        Some(digest) => {
            assert_eq!(digest, digests.0, "openssl and vnfwiz disagree");
            println!(
                "openssl dgst -sha256, 1 GiB:   {:.2} GiB/s ({:.3} s)",
                gib_per_s(GIB, their_time),
                their_time.as_secs_f64()
            );
            println!(
                "ratio (vnfwiz time / openssl time): {:.3}",
                our_time.as_secs_f64() / their_time.as_secs_f64()
            );
        }
        None => println!("openssl not found; no comparison"),
    }
    std::fs::remove_file(&disk).expect("remove");

    // A folder package with two 512 MiB disks: one per core.
    let half = GIB / 2;
    let names = ["vfw-a.vmdk", "vfw-b.vmdk"];
    let mut manifest = String::new();
    for (i, name) in names.iter().enumerate() {
        let path = dir.path().join(name);
        write_data(&path, half, 7 + i as u64);
        warm(&path);
        let digest = openssl(&path).unwrap_or_else(|| sha256_hex(&path));
        manifest.push_str(&format!("SHA256({name})= {digest}\n"));
    }
    std::fs::write(dir.path().join("vfw.ovf"), "<Envelope/>").expect("descriptor");
    std::fs::write(dir.path().join("vfw.mf"), &manifest).expect("manifest");
    let expected: Vec<ExpectedFile> = names
        .iter()
        .map(|n| ExpectedFile::new(*n, Some(half)))
        .collect();
    let files = PackageFiles::open_sparse(dir.path(), &limits);
    let (time, report) = best(|| {
        verify_folder(&files, "vfw.ovf", &expected, &Options::new(&limits)).expect("verify")
    });
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.rule().id == "OVF-unlisted-file"),
        "{:?}",
        report.findings
    );
    println!(
        "folder, 2 x 512 MiB on {} threads: {:.2} GiB/s ({:.3} s)",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        gib_per_s(GIB, time),
        time.as_secs_f64()
    );

    // The same disks in an OVA, read in one pass: with the manifest after the descriptor
    // (SHA-256 only), then with the manifest last (every algorithm until it is seen).
    for (label, order) in [
        ("manifest second", ["vfw.ovf", "vfw.mf", names[0], names[1]]),
        ("manifest last", ["vfw.ovf", names[0], names[1], "vfw.mf"]),
    ] {
        let ova = dir.path().join("vfw.ova");
        write_ova(&ova, dir.path(), &order);
        warm(&ova);
        let (time, report) = best(|| {
            let options = Options::new(&limits);
            scan_ova(&ova, &options)
                .expect("scan")
                .verify(&expected, &options)
        });
        assert!(
            report
                .findings
                .iter()
                .all(|f| f.rule().id == "OVF-unlisted-file"),
            "{:?}",
            report.findings
        );
        println!(
            "OVA, 1 GiB in one pass, {label}: {:.2} GiB/s ({:.3} s)",
            gib_per_s(GIB, time),
            time.as_secs_f64()
        );
        std::fs::remove_file(&ova).expect("remove");
    }
    package_paths(dir.path(), &limits);
}

/// CPU seconds (user, system) of this process or of its waited-for children.
fn cpu(who: libc::c_int) -> (f64, f64) {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(who, &mut usage) };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (seconds(usage.ru_utime), seconds(usage.ru_stime))
}

/// One timed run: wall, user and system seconds of `who` while `run` ran.
fn timed(who: libc::c_int, run: impl FnOnce()) -> (f64, f64, f64) {
    let (user, system) = cpu(who);
    let start = Instant::now();
    run();
    let wall = start.elapsed().as_secs_f64();
    let (user_after, system_after) = cpu(who);
    (wall, user_after - user, system_after - system)
}

/// A package with one 768 MiB disk opened as a folder and as an OVA, each against openssl
/// over the same bytes, alternating, best of five by wall time.
fn package_paths(dir: &Path, limits: &Limits) {
    let written = disk_package::write(dir, 768 << 20);
    for (label, package, hashed) in [
        ("folder", &written.descriptor, &written.disk),
        ("OVA", &written.ova, &written.ova),
    ] {
        warm(hashed);
        let mut ours = (f64::MAX, 0.0, 0.0);
        let mut theirs = (f64::MAX, 0.0, 0.0);
        for _ in 0..COMPARISON_RUNS {
            let run = timed(libc::RUSAGE_SELF, || {
                let opened = vnfwiz::model::ovf::open(package, &Options::new(limits))
                    .expect("package opens");
                assert!(
                    opened.integrity.findings.is_empty(),
                    "{:?}",
                    opened.integrity.findings
                );
            });
            if run.0 < ours.0 {
                ours = run;
            }
            let run = timed(libc::RUSAGE_CHILDREN, || {
                openssl(hashed).expect("openssl");
            });
            if run.0 < theirs.0 {
                theirs = run;
            }
        }
        println!(
            "{label}, 768 MiB: vnfwiz {:.3} s (user {:.3}, sys {:.3}), openssl {:.3} s (user {:.3}, sys {:.3}); ratio (time) {:.3}",
            ours.0,
            ours.1,
            ours.2,
            theirs.0,
            theirs.1,
            theirs.2,
            ours.0 / theirs.0
        );
    }
}
