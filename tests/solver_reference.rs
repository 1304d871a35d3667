//! The solver against Popeye's keys (`tests/data/reference/mate-*.csv`): every key, no more.

use crate::common::reference::rows as reference;
use mansuba::analyse::analyse;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::rules::Rules;
use mansuba::solve::{ConditionSpec, Limits, Solvable, Stipulation};
use std::time::Duration;

fn keys_of(
    rules: &str,
    fen: &str,
    n: u32,
    spec: &ConditionSpec,
    limit: Option<Duration>,
) -> (Solvable, Vec<String>, bool) {
    let any = AnyEngine::new(Rules::preset(rules).unwrap()).unwrap();
    let stip: Stipulation = format!("#{n}").parse().unwrap();
    let limits = Limits {
        timeout: limit,
        ..Default::default()
    };
    let a = analyse(&any, fen, &stip, spec, None, &limits).unwrap();
    let mut k: Vec<String> = a.report.keys.iter().map(|k| k.to_string()).collect();
    k.sort();
    (a.report.solvable, k, a.report.keys_complete)
}

fn sorted(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn popeye_keys_for_shatranj_mates() {
    for row in reference("mate-shatranj.csv") {
        let (rules, name, fen, n, keys) = (
            &row[0],
            &row[1],
            &row[2],
            row[3].parse::<u32>().unwrap(),
            &row[4],
        );
        if n > 4 {
            continue; // the full Dilaram's Legacy: see the ignored test below
        }
        let (solv, got, complete) = keys_of(rules, fen, n, &ConditionSpec::default(), None);
        assert!(complete, "{name}: search incomplete");
        assert_eq!(got, sorted(keys), "{name}");
        assert_eq!(solv, Solvable::Yes, "{name}");
    }
}

#[test]
fn popeye_keys_under_conditions() {
    for row in reference("mate-conditions.csv") {
        let (cond, rules, fen, n, keys, plain) = (
            &row[0],
            &row[1],
            &row[2],
            row[3].parse::<u32>().unwrap(),
            &row[4],
            &row[5],
        );
        let spec = ConditionSpec {
            covetous: cond.contains("covetous"),
            ..Default::default()
        };
        let (solv, got, complete) = keys_of(rules, fen, n, &spec, None);
        assert!(complete);
        assert_eq!(got, sorted(keys), "{cond} {fen}");
        assert_eq!(solv == Solvable::Yes, !keys.is_empty(), "{cond} {fen}");
        // Without the condition (plain shatranj rules), the plain keys.
        let (_, got_plain, _) = keys_of("shatranj", fen, n, &ConditionSpec::default(), None);
        assert_eq!(got_plain, sorted(plain), "plain {fen}");
    }
}

/// The side-by-side set of `benches/popeye/` (generated positions): mansuba's keys must
/// stay the ones Popeye gave when the set was made, and a row without keys unsolvable.
#[test]
fn popeye_keys_of_the_benchmark_set() {
    let path = format!("{}/benches/popeye/problems.csv", env!("CARGO_MANIFEST_DIR"));
    let mut r = csv::Reader::from_path(&path).expect("benches/popeye/problems.csv");
    let mut rows = 0;
    for rec in r.records() {
        let row = rec.unwrap();
        let (id, rules, fen, stip, keys) = (&row[0], &row[1], &row[2], &row[3], &row[4]);
        let n: u32 = stip.trim_start_matches('#').parse().unwrap();
        let (solv, got, complete) = keys_of(rules, fen, n, &ConditionSpec::default(), None);
        assert!(complete, "{id}: search incomplete");
        assert_eq!(got, sorted(keys), "{id}");
        assert_eq!(solv == Solvable::Yes, !keys.is_empty(), "{id}");
        rows += 1;
    }
    assert_eq!(rows, 25, "the set has 25 rows");
}
