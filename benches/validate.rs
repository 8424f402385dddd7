//! Validation speed on a large generated VNF: full validation (read, parse, all rules),
//! rules alone on a loaded set, and re-validation after one parameter value changes.
//! Peak heap is printed once per case. Numbers go to docs/performance.md.
//! `VNFWIZ_LARGE_VNF_DIR=DIR` keeps the generated VNF in DIR; `VNFWIZ_LARGE_VNF_SERVERS=N`
//! sets the servers per module (default `large_vnf::SERVERS_PER_MODULE`) for the scaling
//! check; `VNFWIZ_LARGE_VNF_FLAT=1` generates the second shape (`large_vnf::modules`, 20 flat
//! modules; the servers per module default to its own); `VNFWIZ_LARGE_VNF_NOISY=1` the
//! variant that ignores ONAP's naming.

mod large_vnf;

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use criterion::{Criterion, criterion_group, criterion_main};
use vnfwiz::check::rules::{Selection, check_hot};
use vnfwiz::check::validation::validate;
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::open::load_hot_inputs;

/// Counts live heap bytes and remembers the peak.
struct PeakAlloc;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for PeakAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

fn peak_of(what: &str, run: impl FnOnce()) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    run();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    eprintln!(
        "peak heap, {what}: {:.1} MiB",
        peak as f64 / (1024.0 * 1024.0)
    );
}

fn bench(c: &mut Criterion) {
    // `VNFWIZ_LARGE_VNF_DIR=DIR` writes the VNF to DIR and keeps it, to profile the binary
    // on the same input (docs/performance.md).
    let temporary = tempfile::tempdir().unwrap();
    let root = std::env::var_os("VNFWIZ_LARGE_VNF_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| temporary.path().to_path_buf());
    std::fs::create_dir_all(&root).unwrap();
    let servers = std::env::var("VNFWIZ_LARGE_VNF_SERVERS")
        .ok()
        .and_then(|n| n.parse().ok());
    let noisy = std::env::var_os("VNFWIZ_LARGE_VNF_NOISY").is_some();
    let flat = std::env::var_os("VNFWIZ_LARGE_VNF_FLAT").is_some();
    // The noisy variant's env files hold `value7`; the ONAP ones' base env holds its flavor.
    let (env, before, after) = if noisy {
        (large_vnf::noisy::generate(&root), "value7", "changed")
    } else if flat {
        let servers = servers.unwrap_or(large_vnf::modules::SERVERS_PER_MODULE);
        large_vnf::modules::generate(&root, servers);
        (root.join("base_vnf.env"), "m1.medium", "m1.xlarge")
    } else {
        let servers = servers.unwrap_or(large_vnf::SERVERS_PER_MODULE);
        let env = large_vnf::generate_sized(&root, servers);
        (env, large_vnf::BASE_FLAVOR, "m1.xlarge")
    };
    let limits = Limits::default();
    let options = Options::new(&limits);
    let selection = Selection::all();
    let paths = vec![root.clone()];

    let sets = load_hot_inputs(&paths, &limits).unwrap();
    let set = &sets[0];
    let resources: usize = set.templates().map(|t| t.resources().count()).sum();
    let parameters: usize = set.templates().map(|t| t.parameters().count()).sum();
    let findings: usize = validate(&paths, &options, &selection)
        .unwrap()
        .inputs
        .iter()
        .map(|input| input.violations.len())
        .sum();
    eprintln!(
        "generated VNF: {} templates, {resources} resources, {parameters} parameters, {} rules, {findings} findings",
        set.templates().count(),
        selection.count()
    );

    peak_of("full validation", || {
        validate(&paths, &options, &selection).unwrap();
    });
    // On a shared machine the fastest run says most about an idle one.
    let fastest = (0..20)
        .map(|_| {
            let started = std::time::Instant::now();
            let report = validate(&paths, &options, &selection).unwrap();
            let took = started.elapsed();
            drop(report);
            took
        })
        .min()
        .unwrap_or_default();
    eprintln!(
        "fastest of 20 full validations: {:.1} ms",
        fastest.as_secs_f64() * 1000.0
    );
    // The report is dropped outside the timing, as `vnfwiz validate` never frees it (the
    // process exits); a long-lived caller pays for the drop when it replaces the report.
    c.bench_function("full validation (read, parse, all rules)", |b| {
        b.iter_with_large_drop(|| validate(&paths, &options, &selection).unwrap())
    });
    c.bench_function("rules only, set already loaded", |b| {
        b.iter(|| check_hot(set, &selection))
    });

    let mut set = load_hot_inputs(&paths, &limits).unwrap().remove(0);
    let env_id = set.find("base_vnf.env").unwrap();
    let original = std::fs::read_to_string(&env).unwrap();
    let mut flip = false;
    peak_of("re-validation after one parameter", || {
        set.replace_text(env_id, original.replace(before, after).into_bytes());
        check_hot(&set, &selection);
    });
    c.bench_function("re-validation after one parameter changes", |b| {
        b.iter(|| {
            flip = !flip;
            let text = if flip {
                original.replace(before, after)
            } else {
                original.clone()
            };
            set.replace_text(env_id, text.into_bytes());
            check_hot(&set, &selection)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
