//! The command line on a chance table: it shows the estimate first, carries the certified
//! error into `dice --json` and `tablebase stats`, and refuses five men with the
//! estimate's numbers. (The ways a table is solved, each switched off against the
//! default, are the crate's own unit tests: `src/dice/methods_tests.rs`.)
//!
//! The boards and materials are composed for the test, not historical.

use crate::common::mansuba;

#[test]
fn the_command_line_shows_the_estimate_and_the_certified_error() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("dice-4x4.toml");
    std::fs::write(
        &rules,
        "preset = \"shatranj-dice\"\nname = \"dice-4x4\"\nwidth = 4\nheight = 4\nstart = \"rkqr/pppp/PPPP/RKQR w - - 0 1\"\nbare_king = \"off\"\n",
    )
    .unwrap();
    let (r, d) = (rules.to_str().unwrap(), dir.path().to_str().unwrap());
    let fen = "1k2/4/2R1/K3 w - - 0 1";
    let (code, out, err) = mansuba(&["dice", fen, "--rules", r, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(estimate)") && err.contains("KRK"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let bound = v["error_bound"].as_f64().unwrap();
    assert!(bound <= 1e-10, "{v}");
    let (code, _, err) = mansuba(&["tablebase", "build", "--rules", r, "KRK", "--dir", d]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = mansuba(&[
        "tablebase",
        "stats",
        "--rules",
        r,
        "KRK",
        "--dir",
        d,
        "--json",
    ]);
    assert_eq!(code, 0);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(s["error_bound"].as_f64().unwrap() <= 1e-10, "{s}");
    let (_, out, _) = mansuba(&["tablebase", "stats", "--rules", r, "KRK", "--dir", d]);
    assert!(out.contains("certified within"), "{out}");
}

#[test]
fn five_men_are_refused_with_the_estimate() {
    let (code, _, err) = mansuba(&["dice", "7k/8/8/3p4/8/8/8/KQ1R4 w - - 0 1"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("(estimate)") && err.contains("KQRKP") && err.contains("entries"),
        "{err}"
    );
    assert!(err.contains("needs about"), "{err}");
}
