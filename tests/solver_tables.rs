//! The solver with retrograde tables: `win N` endings proven at any length, with the exact
//! distance, and the same answers as the forward search where both finish.

use assert_cmd::Command;
use mansuba::analyse::analyse;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::piece::Color;
use mansuba::board::rules::Rules;
use mansuba::solve::{ConditionSpec, Limits, Solvable};
use std::time::Duration;

fn solve(
    fen: &str,
    stip: &str,
    tables: Option<&std::path::Path>,
    secs: u64,
) -> mansuba::solve::Analysis {
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_secs(secs)),
        tables_dir: tables.map(|p| p.to_path_buf()),
        ..Default::default()
    };
    analyse(
        &any,
        fen,
        &stip.parse().unwrap(),
        &ConditionSpec::default(),
        None,
        &limits,
    )
    .unwrap()
}

/// The shatranj KRKQ tables, built once through the command line for every test here.
fn krkq_dir() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let d = tempfile::tempdir().unwrap().keep();
        Command::cargo_bin("mansuba")
            .unwrap()
            .args(["tablebase", "build", "--rules", "shatranj", "KRKQ", "--dir"])
            .arg(&d)
            .assert()
            .success();
        d
    })
}

#[test]
fn tables_settle_the_longest_rook_against_ferz_win() {
    let dir = krkq_dir();
    // The longest KRKQ win (20 moves, as H. G. Muller's EGTgen finds).
    let fen = "8/8/8/8/2q5/8/2k5/KR6 w - - 0 1";
    let a = solve(fen, "win 20", Some(dir), 60);
    assert_eq!(a.report.solvable, Solvable::Yes);
    assert_eq!(a.report.shortest, Some(20));
    assert_eq!(a.report.table_distance, Some(20));
    assert!(a.report.keys_complete);
    assert!(
        a.written.main_line.last().unwrap().contains('x'),
        "the line ends by taking the ferz"
    );
    let b = solve(fen, "win 19", Some(dir), 60);
    assert_eq!(b.report.solvable, Solvable::No);
    // Short wins and failures: the table and the plain forward search agree (Rxd1 bares
    // Black at once in the second position, whose king cannot take back).
    let won = solve("8/8/8/8/8/2k5/8/KR1q4 w - - 0 1", "win 1", Some(dir), 60);
    assert_eq!(won.report.keys, ["b1d1"]);
    for (near, n) in [
        ("8/8/8/8/2k5/8/2q5/KR6 w - - 0 1", 1),
        ("8/8/8/8/2k5/8/2q5/KR6 w - - 0 1", 2),
        ("8/8/8/8/2k5/8/2q5/KR6 w - - 0 1", 3),
        ("8/8/8/8/8/2k5/8/KR1q4 w - - 0 1", 1),
        ("8/8/8/8/8/2k5/8/KR1q4 w - - 0 1", 2),
        ("8/8/8/8/8/2k5/8/KR1q4 w - - 0 1", 3),
    ] {
        let stip = format!("win {n}");
        let with = solve(near, &stip, Some(dir), 60);
        let without = solve(near, &stip, None, 60);
        assert_eq!(with.report.solvable, without.report.solvable, "{stip}");
        assert_eq!(with.report.keys, without.report.keys, "{stip}");
        // Where the search alone proves a least N, the table gives the same; where the
        // stipulation fails, the table's exact distance lies beyond it.
        if let Some(k) = without.report.shortest {
            assert_eq!(with.report.shortest, Some(k), "{stip}");
        }
        if with.report.solvable == Solvable::No {
            assert!(with.report.shortest.is_none_or(|k| k > n), "{stip}");
        }
    }
}

/// Random KRKQ positions (both sides to move): the forward search alone and the table agree
/// on "win N" for small N, in both directions.
#[test]
fn random_positions_agree_with_the_table() {
    let dir = krkq_dir();
    let rules = Rules::preset("shatranj").unwrap();
    let tables = mansuba::retro::Tables::open(dir, &rules, &Default::default());
    let any = AnyEngine::new(rules).unwrap();
    let AnyEngine::W64(e) = &any else {
        panic!("8x8 is u64")
    };
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut checked, mut won) = (0, 0);
    while checked < 150 {
        let sq: Vec<u8> = (0..4).map(|_| (next() % 64) as u8).collect();
        if (1..4).any(|i| sq[..i].contains(&sq[i])) {
            continue;
        }
        let mut p = mansuba::board::position::Position::empty(e.clone());
        for (s, c) in sq.iter().zip(['K', 'R', 'k', 'q']) {
            let col = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            p.add_man(col, e.rules.kind_of(c).unwrap(), *s as usize);
        }
        if next() % 2 == 1 {
            p.set_side(Color::Black);
        }
        p.rehash();
        if p.validate().is_err() {
            continue; // the side not to move is in check
        }
        let fen = p.to_fen();
        let (v, plies) = tables.probe(&p).unwrap();
        for n in 1..=2u32 {
            let a = solve(&fen, &format!("win {n}"), None, 60);
            let by_table = v == mansuba::retro::Value::Win && plies.div_ceil(2) <= n;
            assert_eq!(
                a.report.solvable == Solvable::Yes,
                by_table,
                "{fen} win {n}: table {v:?} {plies} plies"
            );
            won += by_table as usize;
        }
        checked += 1;
    }
    assert!(won > 10, "the sample should hold some short wins ({won})");
}

/// A five-man win probes the table of the four-man ending its captures reach (issue 29,
/// method 5): the same answer as the search alone, in fewer nodes. One thread, so that
/// the node counts are the search's own.
#[test]
fn a_larger_win_probes_the_table_of_an_ending_it_reaches() {
    let dir = krkq_dir();
    // King, rook and ferz against king and ferz (composed by benches/selfplay/endings.py):
    // where Black takes White's ferz, KRKQ is reached.
    let fen = "5K2/Q7/8/1k6/8/4q3/8/3R4 w - - 0 1";
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    for stip in ["win 5", "win 6"] {
        let with = one.install(|| solve(fen, stip, Some(dir), 60));
        let without = one.install(|| solve(fen, stip, None, 60));
        let (w, wo) = (&with.report, &without.report);
        assert_eq!(w.solvable, wo.solvable, "{stip}");
        assert_eq!(w.keys, wo.keys, "{stip}");
        assert_eq!(w.shortest, wo.shortest, "{stip}");
        assert!(w.keys_complete && wo.keys_complete, "{stip}");
        assert!(
            w.nodes < wo.nodes * 9 / 10,
            "{stip}: {} nodes with the table, {} without",
            w.nodes,
            wo.nodes
        );
    }
}
