//! perft speed on the reference positions (`tests/data/reference/perft-*.csv`, and Grant
//! Acedrex's start), single
//! threaded (`perft`) and with two threads (`perft_parallel` in a rayon pool of 2).
//! Criterion prints elements/s = leaf nodes per second.
//!
//! `cargo bench --bench perft` (about a minute and a half on two cores).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mansuba::board::compiled::AnyEngine;
use mansuba::board::perft::{perft, perft_parallel};
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use std::time::Duration;

/// (name, preset, FEN, depth, nodes from the reference CSV).
const CASES: &[(&str, &str, &str, u32, u64)] = &[
    (
        "shatranj-start-d5",
        "shatranj",
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
        5,
        1_164_248,
    ),
    (
        "shatranj-middlegame-d4",
        "shatranj",
        "r3q2r/1pp1kp1p/p2p2pb/3n4/1nb5/PPPBP1PN/3P1P1P/RN1KQR2 w - - 2 16",
        4,
        239_714,
    ),
    (
        "courier-start-d4",
        "courier",
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
        4,
        500_337,
    ),
    // No peer counts Grant Acedrex; this is mansuba's own count, which tests/legality.rs
    // backs by playing every pseudo-legal move and looking at the king.
    (
        "grant-acedrex-start-d3",
        "grant-acedrex",
        "rluzcakczulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUZCAKCZULR w g1a4b4c4d4e4f4g4h4i4j4k4l4a9b9c9d9e9f9g9h9i9j9k9l9g12 - 0 1",
        3,
        361_317,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("rayon pool");
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for &(name, preset, fen, depth, nodes) in CASES {
        let any = AnyEngine::new(Rules::preset(preset).unwrap()).unwrap();
        mansuba::with_engine!(&any, e => {
            let pos = Position::from_fen(e.clone(), fen).unwrap();
            // The counts are the reference ones: a benchmark of a wrong generator is no use.
            assert_eq!(perft(&mut pos.clone(), depth), nodes, "{name}");
            group.throughput(Throughput::Elements(nodes));
            group.bench_with_input(BenchmarkId::new("1-thread", name), &pos, |b, pos| {
                let mut p = pos.clone();
                b.iter(|| perft(&mut p, depth))
            });
            group.bench_with_input(BenchmarkId::new("2-threads", name), &pos, |b, pos| {
                b.iter(|| pool.install(|| perft_parallel(pos, depth)))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
