#[path = "../benches/large_vnf/mod.rs"]
mod large_vnf;
use std::time::Instant;
use vnfwiz::limits::Limits;
use vnfwiz::rules::{Selection, all, check_hot};
use vnfwiz::validation::load_hot_inputs;
fn main() {
    let dir = tempfile::tempdir().unwrap();
    large_vnf::generate(dir.path());
    let sets = load_hot_inputs(&[dir.path().to_path_buf()], &Limits::default()).unwrap();
    let set = &sets[0];
    let mine: Vec<String> = std::fs::read_to_string("/tmp/mine.txt").unwrap().lines().map(str::to_owned).collect();
    let others: Vec<&str> = all().iter().map(|r| r.meta.id).filter(|id| !mine.iter().any(|m| m == id)).collect();
    let sel_all = Selection::all();
    let sel_others = Selection::only(&others).unwrap();
    let sel_mine = Selection::only(&mine).unwrap();
    let sel_none = Selection::only(&["OVF-doctype"]).unwrap();
    let mut best = [f64::MAX; 4];
    for _ in 0..60 {
        for (k, sel) in [&sel_all, &sel_others, &sel_mine, &sel_none].into_iter().enumerate() {
            let t = Instant::now();
            check_hot(set, sel);
            best[k] = best[k].min(t.elapsed().as_secs_f64() * 1000.0);
        }
    }
    println!("all {:.2} ms ({} rules), without mine {:.2} ms ({} rules), mine only {:.2} ms ({} rules), context only {:.2} ms",
        best[0], sel_all.count(), best[1], sel_others.count(), best[2], sel_mine.count(), best[3]);
    if let Some(one) = std::env::args().nth(1) {
        let ids: Vec<&str> = mine.iter().map(String::as_str).collect();
        let mut rows = Vec::new();
        for id in ids {
            let sel = Selection::only(&[id]).unwrap();
            let mut b = f64::MAX;
            for _ in 0..30 { let t = Instant::now(); check_hot(set, &sel); b = b.min(t.elapsed().as_secs_f64() * 1000.0); }
            rows.push((b - best[3], id));
        }
        rows.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
        let _ = one;
        for (t, id) in rows.iter().take(25) { println!("{t:8.2} ms  {id}"); }
    }
}
