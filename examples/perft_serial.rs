//! Serial perft for timing: `perft_serial RULES DEPTH [FEN]`.
use mansuba::{AnyEngine, Position, Rules};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let any = AnyEngine::new(Rules::preset(&a[1]).unwrap()).unwrap();
    let d: u32 = a[2].parse().unwrap();
    mansuba::with_engine!(&any, e => {
        let mut p = match a.get(3) { Some(f) => Position::from_fen(e.clone(), f).unwrap(), None => Position::start(e.clone()).unwrap() };
        let t = std::time::Instant::now();
        let n = mansuba::board::perft::perft(&mut p, d);
        let s = t.elapsed().as_secs_f64();
        println!("{n} {:.3}s {:.1} Mnps", s, n as f64 / s / 1e6);
    });
}
