//! The release binary timed as a user runs it: whole processes, each run interleaved round by
//! round with its yardstick, medians of at least ten rounds, and the ratios the speed goals
//! are stated in (docs/performance.md). No assertion on time: it prints, a person judges.
//!
//! `cargo bench --bench process` (or `scripts/bench.sh`) runs every group:
//! - `startup`: `vnfwiz --version` and `validate` of a template without resources, against a
//!   bare `fn main() {}` built with the same `rustc`;
//! - `vfw`: `validate` of a vFW-like set (`VNFWIZ_BENCH_VFW`, default the bundled
//!   `assets/samples/vfw-heat`) against the bare binary and, when `VNFWIZ_BENCH_VVP` names
//!   VVP's source tree (the folder holding `ice_validator/`), against VVP run by
//!   `VNFWIZ_BENCH_VVP_PYTHON` (default `python3`);
//! - `large`: `validate` of the generated VNFs of both shapes at about 5 000 and 10 000
//!   resources, with the 10 000 : 5 000 ratio of each;
//! - `hashing`: `validate` of a folder package and of an OVA with one disk of
//!   `VNFWIZ_BENCH_DISK_MIB` MiB (default 768), each against `openssl dgst -sha256` over the
//!   same bytes, page cache warm.
//!
//! `VNFWIZ_BENCH_ONLY=startup,large` picks groups, `VNFWIZ_BENCH_ROUNDS` the rounds (default
//! 15, at least 10), `VNFWIZ_BENCH_BIN` another vnfwiz binary to time (an earlier build, for
//! before and after). The inputs are generated into a temporary folder, or into
//! `VNFWIZ_BENCH_DIR` and kept there (to profile the binary on them).

mod disk_package;
// Each bench uses part of the generators.
#[allow(dead_code)]
mod large_vnf;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Instant;

/// Writes a generated VNF with the given servers per module into a folder.
type Generate = fn(&Path, usize);

/// A group of comparisons, run in a scratch folder for a number of rounds.
type Group = fn(&Path, usize);

/// A command timed as a whole process.
struct Contender {
    label: String,
    program: OsString,
    args: Vec<OsString>,
    directory: Option<PathBuf>,
}

impl Contender {
    fn new(label: impl Into<String>, program: impl Into<OsString>) -> Contender {
        Contender {
            label: label.into(),
            program: program.into(),
            args: Vec::new(),
            directory: None,
        }
    }

    fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Contender {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    fn in_directory(mut self, directory: &Path) -> Contender {
        self.directory = Some(directory.to_path_buf());
        self
    }

    /// Runs once, output discarded: wall and CPU (user + system) milliseconds. Exit codes 0
    /// and 1 (findings) are normal; anything else means the run timed an error.
    fn run(&self) -> Sample {
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some(directory) = &self.directory {
            command.current_dir(directory);
        }
        let cpu_before = children_cpu();
        let started = Instant::now();
        let status = command
            .status()
            .unwrap_or_else(|e| panic!("{}: {e}", self.label));
        let wall = started.elapsed().as_secs_f64() * 1e3;
        assert!(
            matches!(status.code(), Some(0 | 1)),
            "{}: exited with {status}",
            self.label
        );
        let cpu = children_cpu() - cpu_before;
        Sample { wall, cpu }
    }
}

/// CPU milliseconds (user + system) of every child waited for so far; runs are one at a
/// time, so the difference around a run is that run's.
fn children_cpu() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
    ms(usage.ru_utime) + ms(usage.ru_stime)
}

/// One run's wall and CPU milliseconds.
#[derive(Clone, Copy)]
struct Sample {
    wall: f64,
    cpu: f64,
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Every contender's samples, run interleaved: round after round, each contender once.
struct Timed {
    samples: Vec<Vec<Sample>>,
}

impl Timed {
    fn wall(&self, i: usize) -> f64 {
        median(self.samples[i].iter().map(|s| s.wall).collect())
    }

    /// The median over rounds of contender `a`'s wall time divided by `b`'s in the same round.
    fn ratio(&self, a: usize, b: usize) -> f64 {
        median(
            self.samples[a]
                .iter()
                .zip(&self.samples[b])
                .map(|(x, y)| x.wall / y.wall)
                .collect(),
        )
    }

    /// The median over rounds of `a`'s wall time minus `b`'s in the same round.
    fn difference(&self, a: usize, b: usize) -> f64 {
        median(
            self.samples[a]
                .iter()
                .zip(&self.samples[b])
                .map(|(x, y)| x.wall - y.wall)
                .collect(),
        )
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// Runs `contenders` interleaved for `rounds` rounds after one warm-up round, prints each
/// one's medians with the load before and after, and returns the samples.
fn compare(title: &str, contenders: &[Contender], rounds: usize) -> Timed {
    let before = load();
    for contender in contenders {
        contender.run();
    }
    let mut samples = vec![Vec::with_capacity(rounds); contenders.len()];
    for _ in 0..rounds {
        for (i, contender) in contenders.iter().enumerate() {
            samples[i].push(contender.run());
        }
    }
    println!(
        "\n== {title} ({rounds} rounds interleaved; load average {before} before, {} after)",
        load()
    );
    let timed = Timed { samples };
    for (i, contender) in contenders.iter().enumerate() {
        let walls: Vec<f64> = timed.samples[i].iter().map(|s| s.wall).collect();
        let fastest = walls.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "  {:<58} median {:>9.2} ms  fastest {:>9.2} ms  CPU {:>9.2} ms",
            contender.label,
            timed.wall(i),
            fastest,
            median(timed.samples[i].iter().map(|s| s.cpu).collect())
        );
    }
    timed
}

/// The vnfwiz binary to time.
/// The vnfwiz binary timed: the installed copy `main` made.
fn vnfwiz() -> OsString {
    INSTALLED
        .get()
        .expect("main installs the binary first")
        .clone()
        .into_os_string()
}

/// The copy of the binary under test, as `cargo install` puts one in place.
static INSTALLED: OnceLock<PathBuf> = OnceLock::new();

/// Copies a binary into `scratch/bin`, as an installation does. A file the linker has just
/// written sits in the page cache in small pieces and costs about 50 more page faults (0.4
/// ms) at every start than the same bytes copied (docs/performance.md, "Fourth pass: the
/// three branches merged"); users run copies.
fn install(scratch: &Path, binary: &Path) -> PathBuf {
    let bin = scratch.join("bin");
    std::fs::create_dir_all(&bin).expect("scratch bin folder");
    let copy = bin.join(binary.file_name().expect("a binary has a name"));
    std::fs::copy(binary, &copy).expect("binary copied into the scratch folder");
    copy
}

fn validate(label: &str, path: &Path) -> Contender {
    Contender::new(label, vnfwiz()).args([
        OsString::from("validate"),
        "--format".into(),
        "json".into(),
        path.into(),
    ])
}

/// A bare `fn main() {}` built with the same compiler, the floor of any Rust process.
fn bare_binary(scratch: &Path) -> Contender {
    let source = scratch.join("bare.rs");
    std::fs::write(&source, "fn main() {}\n").expect("bare.rs");
    let binary = scratch.join("bare-built");
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let built = Command::new(rustc)
        .args(["-C", "opt-level=3", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .expect("rustc runs");
    assert!(built.success(), "bare binary builds");
    Contender::new("bare `fn main() {}`", install(scratch, &binary))
}

fn startup(scratch: &Path, rounds: usize) {
    let empty = scratch.join("empty");
    std::fs::create_dir_all(&empty).expect("empty folder");
    std::fs::write(
        empty.join("empty.yaml"),
        "heat_template_version: 2016-10-14\ndescription: nothing\nresources: {}\n",
    )
    .expect("empty template");
    let contenders = [
        bare_binary(scratch),
        Contender::new("vnfwiz --version", vnfwiz()).args(["--version"]),
        validate(
            "vnfwiz validate, a template without resources",
            &empty.join("empty.yaml"),
        ),
    ];
    let timed = compare("start-up", &contenders, rounds);
    println!(
        "  above the bare binary (median of per-round differences; goal < 1 ms): --version {:+.2} ms, validate {:+.2} ms",
        timed.difference(1, 0),
        timed.difference(2, 0)
    );
}

fn vfw(scratch: &Path, rounds: usize) {
    let set = std::env::var_os("VNFWIZ_BENCH_VFW").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/samples/vfw-heat"),
        PathBuf::from,
    );
    let mut contenders = vec![
        bare_binary(scratch),
        validate(&format!("vnfwiz validate {}", set.display()), &set),
    ];
    let vvp = std::env::var_os("VNFWIZ_BENCH_VVP").map(PathBuf::from);
    if let Some(tree) = &vvp {
        let python =
            std::env::var_os("VNFWIZ_BENCH_VVP_PYTHON").unwrap_or_else(|| "python3".into());
        let out = scratch.join("vvp-out");
        std::fs::create_dir_all(&out).expect("VVP output folder");
        let mut template_directory = OsString::from("--template-directory=");
        template_directory.push(&set);
        let mut output_directory = OsString::from("--output-directory=");
        output_directory.push(&out);
        contenders.push(
            Contender::new("VVP (pytest ice_validator/tests)", python)
                .args([
                    OsString::from("-m"),
                    "pytest".into(),
                    "-q".into(),
                    "-p".into(),
                    "no:cacheprovider".into(),
                    "--ignore=app_tests".into(),
                    "--continue-on-failure".into(),
                    "--report-format=json".into(),
                    template_directory,
                    output_directory,
                    "tests".into(),
                ])
                .in_directory(&tree.join("ice_validator")),
        );
    }
    let timed = compare("validate, vFW-like set", &contenders, rounds);
    println!(
        "  vnfwiz above the bare binary: {:+.2} ms",
        timed.difference(1, 0)
    );
    if vvp.is_some() {
        println!(
            "  VVP / vnfwiz (median of per-round ratios; goal >= 1000): {:.0}x",
            timed.ratio(2, 1)
        );
    } else {
        println!("  VVP: skipped (set VNFWIZ_BENCH_VVP to VVP's source tree)");
    }
}

fn large(scratch: &Path, rounds: usize) {
    let mut contenders = vec![bare_binary(scratch)];
    let shapes: [(&str, usize, Generate); 2] = [
        (
            "8 modules nesting 3 deep, per-server parameters",
            large_vnf::SERVERS_PER_MODULE,
            |dir, servers| {
                large_vnf::generate_sized(dir, servers);
            },
        ),
        (
            "20 flat modules, list parameters, volumes",
            large_vnf::modules::SERVERS_PER_MODULE,
            large_vnf::modules::generate,
        ),
    ];
    for (s, (shape, servers, generate)) in shapes.iter().enumerate() {
        for (size, factor) in [("~5 000", 1), ("~10 000", 2)] {
            let dir = scratch.join(format!("large-{s}-{factor}"));
            std::fs::create_dir_all(&dir).expect("VNF folder");
            generate(&dir, servers * factor);
            contenders.push(validate(
                &format!("validate {size} resources: {shape}"),
                &dir,
            ));
        }
    }
    let timed = compare("validate, generated large VNFs", &contenders, rounds);
    for (s, (shape, ..)) in shapes.iter().enumerate() {
        let (five, ten) = (1 + 2 * s, 2 + 2 * s);
        println!(
            "  {shape}: 5 000 in {:.1} ms (goal < 30 ms); 10 000 : 5 000 = {:.2} (linear: about 2)",
            timed.wall(five),
            timed.ratio(ten, five)
        );
    }
}

fn hashing(scratch: &Path, rounds: usize) {
    let mib: u64 = std::env::var("VNFWIZ_BENCH_DISK_MIB")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(768);
    let package = disk_package::write(scratch, mib << 20);
    for (label, opened, hashed) in [
        ("folder package", &package.descriptor, &package.disk),
        ("OVA", &package.ova, &package.ova),
    ] {
        disk_package::warm(hashed);
        let contenders = [
            Contender::new(format!("openssl dgst -sha256 ({mib} MiB)"), "openssl").args([
                OsString::from("dgst"),
                "-sha256".into(),
                hashed.into(),
            ]),
            validate(&format!("vnfwiz validate, {label}"), opened),
        ];
        let timed = compare(&format!("hashing, {label}"), &contenders, rounds);
        println!(
            "  vnfwiz / openssl (median of per-round ratios; goal <= 1.05): {:.3}",
            timed.ratio(1, 0)
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; this harness takes no arguments.
    let rounds = std::env::var("VNFWIZ_BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(15usize)
        .max(10);
    let only = std::env::var("VNFWIZ_BENCH_ONLY").unwrap_or_default();
    let wanted = |group: &str| only.is_empty() || only.split(',').any(|g| g.trim() == group);
    let temporary = tempfile::tempdir().expect("scratch folder");
    let scratch = std::env::var_os("VNFWIZ_BENCH_DIR")
        .map_or_else(|| temporary.path().to_path_buf(), PathBuf::from);
    std::fs::create_dir_all(&scratch).expect("scratch folder");
    let built = std::env::var_os("VNFWIZ_BENCH_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_vnfwiz")),
        PathBuf::from,
    );
    INSTALLED
        .set(install(&scratch, &built))
        .expect("installed once");
    println!(
        "vnfwiz: {} (timed as a copy in {})\ncores: {}",
        built.display(),
        scratch.join("bin").display(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let groups: [(&str, Group); 4] = [
        ("startup", startup),
        ("vfw", vfw),
        ("large", large),
        ("hashing", hashing),
    ];
    for (name, group) in groups {
        if wanted(name) {
            group(&scratch, rounds);
        }
    }
}
