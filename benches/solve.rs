//! Time to verify the reference mate positions (`tests/data/reference/mate-shatranj.csv`):
//! every key of each mate in 2-4; Dilaram's Legacy (#8) proven through its published line,
//! and with every key (the search from the root, no claim: ten runs, each about 0.9 s on
//! two cores, 1.6 s on one); the water wheel (#36) under continual check, every key, by
//! proof numbers and by deepening side by side.

use criterion::{criterion_group, criterion_main, Criterion};
use mansuba::analyse::analyse;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::rules::Rules;
use mansuba::solve::{ConditionSpec, Limits, Method, Stipulation};
use std::time::Duration;

fn rows() -> Vec<Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reference/mate-shatranj.csv"
    );
    let mut r = csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    r.records()
        .map(|x| x.unwrap().iter().map(|f| f.trim().to_string()).collect())
        .collect()
}

fn bench(c: &mut Criterion) {
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let mut g = c.benchmark_group("solve");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for row in rows() {
        let n: u32 = row[3].parse().unwrap();
        let stip: Stipulation = format!("#{n}").parse().unwrap();
        let fen = row[2].clone();
        if n <= 4 {
            g.bench_function(format!("all keys #{n} {}", row[1]), |b| {
                b.iter(|| {
                    analyse(
                        &any,
                        &fen,
                        &stip,
                        &ConditionSpec::default(),
                        None,
                        &Limits::default(),
                    )
                    .unwrap()
                })
            });
        } else {
            let claim = "1.Nxg7+ Kd8 2.Nxf7+ Kc7 3.Ne8+ Kb7 4.Nd8+ Ka6 5.Nc7+ Ka5 6.Nb7+ Ka4 7.Qb3+ Ka3 8.Bc1#";
            let limits = Limits {
                timeout: Some(Duration::from_millis(200)),
                ..Default::default()
            };
            g.bench_function(
                "Dilaram's Legacy #8 claim proof (root search capped at 0.2 s)",
                |b| {
                    b.iter(|| {
                        let a = analyse(
                            &any,
                            &fen,
                            &stip,
                            &ConditionSpec::default(),
                            Some(claim),
                            &limits,
                        )
                        .unwrap();
                        assert_eq!(a.claim.status.word(), "ok");
                    })
                },
            );
        }
    }
    g.finish();
    let row = rows()
        .into_iter()
        .find(|r| r[3] == "8")
        .expect("the #8 row");
    let stip: Stipulation = "#8".parse().unwrap();
    let mut g = c.benchmark_group("solve-long");
    g.sample_size(10).measurement_time(Duration::from_secs(60));
    g.bench_function("Dilaram's Legacy #8 every key", |b| {
        b.iter(|| {
            let a = analyse(
                &any,
                &row[2],
                &stip,
                &ConditionSpec::default(),
                None,
                &Limits::default(),
            )
            .unwrap();
            assert!(a.report.keys_complete);
            assert_eq!(a.report.keys, vec!["f5g7".to_string()]);
            assert_eq!(a.report.shortest, Some(8));
        })
    });
    // The water wheel (problems/mansubat.toml, `water-wheel`) with every Black move a check.
    let wheel = "1r3bk1/2P3n1/4p1np/Pp2Qp2/2b2Rp1/2NP1PKP/1P5p/1BBN2qR b - - 0 1";
    let checks = ConditionSpec {
        checks: true,
        ..Default::default()
    };
    let stip: Stipulation = "#36".parse().unwrap();
    for (name, method) in [
        ("pn", Method::ProofNumbers),
        ("deepening", Method::Deepening),
    ] {
        let limits = Limits {
            method,
            ..Default::default()
        };
        g.bench_function(
            format!("water wheel #36 continual check, every key, {name}"),
            |b| {
                b.iter(|| {
                    let a = analyse(&any, wheel, &stip, &checks, None, &limits).unwrap();
                    assert!(a.report.keys_complete);
                    assert_eq!(a.report.shortest, Some(36));
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
