//! Builds the chance tables of a material with the solving methods switched on or off
//! one by one, and prints each table's sweeps, time, memory and certified error (the
//! figures of docs/dice.md). Run under `/usr/bin/time -v` for the peak memory.
//!
//! Usage: dice_methods RULES MATERIAL [jacobi] [no-deflate] [no-certain] [no-symmetry] [no-scc] [accelerate] [no-halves] [exact-rounds] [no-pairs] [stored|regenerated]
//! [tolerance=T] [seconds=S] [gib=G]
//! (RULES: a dice preset or a rules file; e.g. `dice_methods shatranj-dice KQKQ`).

use mansuba::board::compiled::AnyEngine;
use mansuba::board::rules::Rules;
use mansuba::dice::estimate::Estimate;
use mansuba::dice::table::{ChanceTables, Layout, Options, Progress, Stops};
use mansuba::retro::Material;
use std::time::{Duration, Instant};

fn main() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let [spec, mat, rest @ ..] = &a[..] else {
        return Err("usage: dice_methods RULES MATERIAL [jacobi] [no-deflate] [no-certain] [no-symmetry] [no-scc] [accelerate] [no-halves] [exact-rounds] [no-pairs] [stored|regenerated] [tolerance=T] [seconds=S] [gib=G]".into());
    };
    let rules = Rules::resolve(spec, None).map_err(|e| e.to_string())?;
    let dice = rules.dice.clone().ok_or("rules without dice")?;
    let mat = Material::parse(mat, &rules).map_err(|e| e.to_string())?;
    let AnyEngine::W64(e) = AnyEngine::new(rules).map_err(|e| e.to_string())? else {
        return Err("at most 64 squares".into());
    };
    let t0 = Instant::now();
    let mut opt = Options::default();
    for r in rest {
        let num = |s: &str| s.parse::<f64>().map_err(|e| format!("'{s}': {e}"));
        match r.split_once('=') {
            Some(("tolerance", t)) => opt.tolerance = num(t)?,
            Some(("seconds", s)) => {
                opt.stops = Stops {
                    deadline: Some(t0 + Duration::from_secs_f64(num(s)?)),
                    ..opt.stops
                }
            }
            Some(("gib", g)) => opt.stops.budget = mansuba::memory::Budget::of_gib(num(g)?),
            _ => match r.as_str() {
                "stored" => opt.layout = Some(Layout::Stored),
                "regenerated" => opt.layout = Some(Layout::Regenerated),
                "accelerate" => _ = opt.methods.switch("accelerate", true),
                "jacobi" => _ = opt.methods.switch("gauss-seidel", false),
                "exact-rounds" => _ = opt.methods.switch("loose-rounds", false),
                other => match other.strip_prefix("no-") {
                    Some(m) if opt.methods.switch(m, false) => {}
                    _ => return Err(format!("unknown option '{r}'")),
                },
            },
        }
    }
    eprintln!(
        "estimate:\n{}",
        Estimate::of(&e, &mat, opt.layout, opt.stops.budget).describe()
    );
    let r = ChanceTables::build_with(&e, &dice, &mat, &opt, &|p| match p {
        Progress::Table { material, .. } => {
            eprintln!("{:8.1} s  {material}", t0.elapsed().as_secs_f64())
        }
        Progress::Sweep {
            material,
            sweeps,
            bound,
        } if sweeps % 10 == 0 => eprintln!(
            "{:8.1} s  {material} sweep {sweeps}, bound {bound:.1e}",
            t0.elapsed().as_secs_f64()
        ),
        Progress::Sweep { .. } => {}
    })
    .map_err(|e| e.to_string())?;
    for f in r.figures() {
        println!(
            "{:<6} {:>10} positions {} symmetries {:>9} certain {:>8} components (largest {:>8}) {:>6} sweeps {:>3} deflations  error {:.1e}  residual {:.1e}  {:>8.1} MiB  {:>8.2} s  mean White win {:.6} / {:.6}",
            f.material,
            f.positions,
            f.symmetries,
            f.certain,
            f.components,
            f.largest_component,
            f.iterations,
            f.deflations,
            f.error_bound,
            f.residual,
            f.bytes as f64 / (1u64 << 20) as f64,
            f.seconds,
            f.mean_white_win,
            f.mean_white_win_black_to_move
        );
        if f.krylov > 0 {
            println!(
                "       accelerated: {} Krylov iterations, certificate {}",
                f.krylov,
                if f.certified {
                    "held"
                } else {
                    "failed (interval iteration went on)"
                }
            );
        }
        let p = f.phases;
        println!(
            "       canonical {:.2} s, graph {:.2} s, certain {:.2} s, components {:.2} s, sweeps {:.2} s",
            p.canonical, p.graph, p.certain, p.components, p.sweeps
        );
    }
    println!("total {:.2} s", t0.elapsed().as_secs_f64());
    Ok(())
}
