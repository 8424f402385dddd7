#[path = "../benches/large_vnf/mod.rs"]
mod large_vnf;
use vnfwiz::limits::Limits;
use vnfwiz::rules::{Selection, check_hot};
use vnfwiz::validation::load_hot_inputs;
fn main() {
    let dir = tempfile::tempdir().unwrap();
    large_vnf::generate(dir.path());
    let sets = load_hot_inputs(&[dir.path().to_path_buf()], &Limits::default()).unwrap();
    let mine: Vec<String> = std::fs::read_to_string("/tmp/mine.txt").unwrap().lines().map(str::to_owned).collect();
    let sel = Selection::only(&mine).unwrap();
    for _ in 0..30 { check_hot(&sets[0], &sel); }
}
