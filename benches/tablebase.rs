//! Table generation speed: English KRK (82 K entries) and shatranj KRKQ (5.2 M entries,
//! with its sub-tables). Run with `cargo bench --bench tablebase`.

use criterion::{criterion_group, criterion_main, Criterion};
use mansuba::board::compiled::AnyEngine;
use mansuba::board::rules::Rules;
use mansuba::retro::{self, BuildOptions, Material};

fn build(rules: &str, mat: &str) {
    let AnyEngine::W64(e) = AnyEngine::new(Rules::resolve(rules, None).unwrap()).unwrap() else {
        panic!("8x8 expected")
    };
    let m = Material::parse(mat, &e.rules).unwrap();
    let d = tempfile::tempdir().unwrap();
    let opts = BuildOptions {
        force: true,
        ..Default::default()
    };
    retro::build(&e, &m, d.path(), &opts, &|_, _, _, _| {}).unwrap();
}

fn benches(c: &mut Criterion) {
    c.bench_function("tablebase english-1650 KRK", |b| {
        b.iter(|| build("english-1650", "KRK"))
    });
    let mut g = c.benchmark_group("tablebase-large");
    g.sample_size(10);
    g.bench_function("tablebase shatranj KRKQ", |b| {
        b.iter(|| build("shatranj", "KRKQ"))
    });
    g.finish();
}

criterion_group!(tb, benches);
criterion_main!(tb);
