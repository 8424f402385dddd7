fn main() {
    let arg = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&arg).unwrap();
    let t = std::time::Instant::now();
    let mut p = serde_saphyr::granit_parser::Parser::new_from_str(&text);
    let mut n = 0usize;
    while let Some(ev) = p.next_event() { let _ = ev.unwrap(); n += 1; }
    eprintln!("{n} events {:?}", t.elapsed());
}
