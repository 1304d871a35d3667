//! Dice: chance tables (interval iteration) for KRK and KQK (ferz) under shatranj-dice
//! with one die and with two, KRK without the bare-king win (the rook must take the
//! king), a 4x4 king-and-knight table where the knight must take the king,
//! and expectimax within a horizon. Each table's figures (positions, sweeps, memory, the
//! stronger side's mean chance) are printed once before it is timed.

use criterion::{criterion_group, criterion_main, Criterion};
use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::dice::table::ChanceTables;
use mansuba::dice::{Expectimax, Objective};
use mansuba::retro::Material;
use std::sync::Arc;

#[path = "../tests/common/dice_board.rs"]
mod dice_board;
use dice_board::four_by_four;
use std::time::Duration;

fn engine(rules: Rules) -> Arc<Engine<u64>> {
    match AnyEngine::new(rules).unwrap() {
        AnyEngine::W64(e) => e,
        _ => unreachable!(),
    }
}

fn no_bare_king(mut r: Rules) -> Rules {
    r.bare_king = mansuba::board::rules::BareKingRule::Off;
    r.name.push_str("-no-bare-king");
    r
}

fn two_dice(mut r: Rules) -> Rules {
    r.dice.as_mut().unwrap().count = 2;
    r.name.push_str("-two-dice");
    r
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dice");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let cases = [
        (Rules::preset("shatranj-dice").unwrap(), "KRK"),
        (Rules::preset("shatranj-dice").unwrap(), "KQK"),
        (two_dice(Rules::preset("shatranj-dice").unwrap()), "KRK"),
        (no_bare_king(Rules::preset("shatranj-dice").unwrap()), "KRK"),
        (four_by_four("dice-4x4-no-bare-king"), "KNK"),
    ];
    for (rules, mat) in cases {
        let e = engine(rules.clone());
        let dice = rules.dice.clone().unwrap();
        let m = Material::parse(mat, &rules).unwrap();
        let t = ChanceTables::build(&e, &dice, &m, mansuba::dice::TOLERANCE, &|_| {}).unwrap();
        for f in t.figures() {
            eprintln!(
                "{} {}: {} positions, {} sweeps, error within {:.1e}, {:.1} MiB, mean chance White wins: {:.4} (White to move), {:.4} (Black to move)",
                rules.name,
                f.material,
                f.positions,
                f.iterations,
                f.error_bound,
                f.bytes as f64 / (1 << 20) as f64,
                f.mean_white_win,
                f.mean_white_win_black_to_move
            );
        }
        g.bench_function(format!("table {mat} {}", rules.name), |b| {
            b.iter(|| {
                ChanceTables::build(&e, &dice, &m, mansuba::dice::TOLERANCE, &|_| {}).unwrap()
            })
        });
    }
    let rules = Rules::preset("shatranj-dice").unwrap();
    let e = engine(rules.clone());
    let dice = rules.dice.clone().unwrap();
    let pos = Position::from_fen(e, "7k/8/8/3p4/8/8/8/K2R4 w - - 0 1").unwrap();
    g.bench_function("expectimax KRKP 5 turns each", |b| {
        b.iter(|| {
            let mut ex = Expectimax::new(&dice, &rules, Objective::Score, 100_000_000);
            ex.value(&mut pos.clone(), 10).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
