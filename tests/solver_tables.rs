//! The solver with retrograde tables: `win N` endings proven at any length, with the exact
//! distance, and the same answers as the forward search where both finish.

use assert_cmd::Command;
use mansuba::any::AnyEngine;
use mansuba::rules::Rules;
use mansuba::solve::{analyse, ConditionSpec, Limits, Solvable};
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

#[test]
fn tables_settle_the_longest_rook_against_ferz_win() {
    let dir = tempfile::tempdir().unwrap();
    Command::cargo_bin("mansuba")
        .unwrap()
        .args(["tablebase", "build", "--rules", "shatranj", "KRKQ", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    // The longest KRKQ win (20 moves, as H. G. Muller's EGTgen finds).
    let fen = "8/8/8/8/2q5/8/2k5/KR6 w - - 0 1";
    let a = solve(fen, "win 20", Some(dir.path()), 60);
    assert_eq!(a.report.solvable, Solvable::Yes);
    assert_eq!(a.report.shortest, Some(20));
    assert_eq!(a.report.table_distance, Some(20));
    assert!(a.report.keys_complete);
    assert!(
        a.report.main_line.last().unwrap().contains('x'),
        "the line ends by taking the ferz"
    );
    let b = solve(fen, "win 19", Some(dir.path()), 60);
    assert_eq!(b.report.solvable, Solvable::No);
    // Short wins and failures: the table and the plain forward search agree (Rxd1 bares
    // Black at once in the second position, whose king cannot take back).
    let won = solve(
        "8/8/8/8/8/2k5/8/KR1q4 w - - 0 1",
        "win 1",
        Some(dir.path()),
        60,
    );
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
        let with = solve(near, &stip, Some(dir.path()), 60);
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
