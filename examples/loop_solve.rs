//! Times one position's solve, averaged over many runs (a developer's tool, for times too
//! short to read from one run): `loop_solve RULES FEN STIP RUNS`.
use mansuba::{analyse, AnyEngine, ConditionSpec, Limits, Rules, Stipulation};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let any = AnyEngine::new(Rules::preset(&a[1]).unwrap()).unwrap();
    let stip: Stipulation = a[3].parse().unwrap();
    let n: usize = a[4].parse().unwrap();
    let t = std::time::Instant::now();
    for _ in 0..n {
        analyse(
            &any,
            &a[2],
            &stip,
            &ConditionSpec::default(),
            None,
            &Limits::default(),
        )
        .unwrap();
    }
    println!("{:?} per solve", t.elapsed() / n as u32);
}
