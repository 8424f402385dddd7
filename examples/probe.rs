fn main() {
    let arg = std::env::args().nth(1).unwrap();
    let text = std::fs::read(&arg).unwrap();
    let t = std::time::Instant::now();
    match vnfwiz::yaml::parse(&text, &Default::default()) {
        Ok(n) => { if text.len() < 3000 { println!("{n:#?}") } else { println!("ok") } }
        Err(e) => println!("ERR: {e} at {:?}", e.span()),
    }
    eprintln!("{:?}", t.elapsed());
}
