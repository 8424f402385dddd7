mod large_vnf;
use std::time::Instant;
use vnfwiz::limits::Limits;
use vnfwiz::rules::{Selection, all, check_hot};
use vnfwiz::validation::load_hot_inputs;

fn time(label: &str, set: &vnfwiz::hot::HotSet, selection: &Selection) {
    let mut best = f64::MAX;
    let mut found = 0;
    for _ in 0..15 {
        let start = Instant::now();
        found = check_hot(set, selection).len();
        best = best.min(start.elapsed().as_secs_f64() * 1000.0);
    }
    println!("{label}: {} rules, {found} violations, best {best:.2} ms", selection.count());
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    large_vnf::generate(dir.path());
    let limits = Limits::default();
    let sets = load_hot_inputs(&[dir.path().to_path_buf()], &limits).unwrap();
    let set = &sets[0];
    let mine: Vec<String> = std::fs::read_to_string("/tmp/gen/mine.txt").unwrap().split(',').map(str::to_owned).collect();
    let others: Vec<&str> = all().iter().map(|r| r.meta.id).filter(|id| !mine.iter().any(|m| m == id)).collect();
    for _ in 0..2 {
        time("all rules", set, &Selection::all());
        time("without the networking rules", set, &Selection::only(&others).unwrap());
        time("networking rules only", set, &Selection::only(&mine).unwrap());
    }
}
