//! Times one position's solve, averaged over many runs (a developer's tool, for times too
//! short to read from one run): `loop_solve RULES FEN STIP RUNS [bare]`. With `bare`, the
//! verdict alone is asked, as `benches/popeye/compare.py` asks it (`--refutations 0
//! --least-win 0`). Built with `--features tools,counters`, it then prints the counts of
//! the search's bottom levels (`src/solve/counters.rs`) over all the solves.
use mansuba::{analyse, AnyEngine, ConditionSpec, Limits, Rules, Stipulation};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let any = AnyEngine::new(Rules::preset(&a[1]).unwrap()).unwrap();
    let stip: Stipulation = a[3].parse().unwrap();
    let n: usize = a[4].parse().unwrap();
    let limits = if a.get(5).is_some_and(|s| s == "bare") {
        Limits {
            refutations: Some(0),
            least_win: Some(0),
            ..Limits::default()
        }
    } else {
        Limits::default()
    };
    let t = std::time::Instant::now();
    for _ in 0..n {
        analyse(&any, &a[2], &stip, &ConditionSpec::default(), None, &limits).unwrap();
    }
    println!("{:?} per solve", t.elapsed() / n as u32);
    // Built with `--features counters`: what the bottom levels did, over all the solves.
    for (name, count) in mansuba::solve::counts() {
        println!("{count:>12}  {name}");
    }
}
