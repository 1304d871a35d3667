//! Command line.
use crate::any::AnyEngine;
use crate::position::Position;
use crate::rules::Rules;
use crate::with_engine;

pub fn main() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    let rules = Rules::preset(&args[1]).unwrap();
    let depth: u32 = args[3].parse().unwrap();
    let any = AnyEngine::new(rules).unwrap();
    with_engine!(&any, e => {
        let pos = if args[2] == "start" { Position::start(e.clone()).unwrap() } else { Position::from_fen(e.clone(), &args[2]).unwrap() };
        let t = std::time::Instant::now();
        let n = crate::perft::perft(&mut pos.clone(), depth);
        let ms = t.elapsed().as_secs_f64();
        println!("{n} {:.3}s {:.1} Mnps", ms, n as f64 / ms / 1e6);
    });
    0
}
