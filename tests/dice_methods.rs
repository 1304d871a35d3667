//! The ways a chance table is solved: Gauss–Seidel order and Jacobi give the same chances
//! (within the tolerance), the bounds of interval iteration hold the chances and meet
//! within the tolerance (deflated where the game can go on forever), and the command
//! line shows the estimate first, carries the certified error, and refuses five men with
//! the estimate's numbers.
//!
//! The boards and materials are composed for the test, not historical.

use crate::common::mansuba;
use mansuba::board::any::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::rules::Rules;
use mansuba::dice::table::{ChanceTables, Options, TableFigures};
use mansuba::retro::Material;
use std::sync::Arc;

use super::dice::dice_board::four_by_four;

fn engine(rules: Rules) -> Arc<Engine<u64>> {
    match AnyEngine::new(rules).unwrap() {
        AnyEngine::W64(e) => e,
        _ => unreachable!("at most 64 squares"),
    }
}

/// The tables of `mat` on the 4x4 board without the bare-king win, solved as `opt` says.
fn solved(mat: &str, opt: &Options) -> (Arc<Engine<u64>>, ChanceTables) {
    let rules = four_by_four("dice-4x4");
    let e = engine(rules.clone());
    let m = Material::parse(mat, &rules).unwrap();
    let t = ChanceTables::build_with(&e, rules.dice.as_ref().unwrap(), &m, opt, &|_| {}).unwrap();
    (e, t)
}

fn target<'a>(t: &'a ChanceTables, e: &Engine<u64>, mat: &str) -> &'a TableFigures {
    let m = Material::parse(mat, &e.rules).unwrap();
    &t.table(&m).unwrap().figures
}

/// Every position of the 4x4 KNK table: (chance to win, to lose) in both builds.
fn largest_difference(e: &Arc<Engine<u64>>, a: &ChanceTables, b: &ChanceTables) -> f64 {
    use mansuba::board::position::Position;
    let mut worst: f64 = 0.0;
    for wk in 0..16 {
        for n in 0..16 {
            for bk in 0..16 {
                if wk == n || n == bk || wk == bk {
                    continue;
                }
                for side in ["w", "b"] {
                    let mut board = ['.'; 16];
                    board[wk] = 'K';
                    board[n] = 'N';
                    board[bk] = 'k';
                    let rows: Vec<String> = (0..4)
                        .rev()
                        .map(|r| {
                            board[r * 4..r * 4 + 4]
                                .iter()
                                .collect::<String>()
                                .replace("....", "4")
                                .replace("...", "3")
                                .replace("..", "2")
                                .replace('.', "1")
                        })
                        .collect();
                    let fen = format!("{} {side} - - 0 1", rows.join("/"));
                    let Ok(p) = Position::from_fen(Arc::clone(e), &fen) else {
                        continue;
                    };
                    let (x, y) = (a.value(&p).unwrap(), b.value(&p).unwrap());
                    worst = worst.max((x.w - y.w).abs()).max((x.l - y.l).abs());
                }
            }
        }
    }
    worst
}

#[test]
fn gauss_seidel_and_jacobi_give_the_same_chances_with_fewer_sweeps() {
    let tight = Options {
        tolerance: 1e-12,
        ..Options::default()
    };
    let jacobi = Options {
        gauss_seidel: false,
        ..tight.clone()
    };
    let (e, a) = solved("KNK", &tight);
    let (_, b) = solved("KNK", &jacobi);
    let d = largest_difference(&e, &a, &b);
    assert!(d < 1e-10, "the chances differ by {d:e}");
    let (fa, fb) = (target(&a, &e, "KNK"), target(&b, &e, "KNK"));
    assert!(
        fa.iterations < fb.iterations,
        "{} against {}",
        fa.iterations,
        fb.iterations
    );
    assert!(fa.error_bound <= 1e-12 && fb.error_bound <= 1e-12);
}

#[test]
fn the_certified_error_bounds_the_distance_to_a_tighter_solution() {
    // Solved loosely, the table's error bound covers its distance to a tight solution;
    // the knight must take the king, so the game can go on forever and the bounds are
    // deflated on the way.
    let loose = Options {
        tolerance: 1e-4,
        ..Options::default()
    };
    let tight = Options {
        tolerance: 1e-12,
        ..Options::default()
    };
    let (e, a) = solved("KNK", &loose);
    let (_, b) = solved("KNK", &tight);
    let f = target(&a, &e, "KNK");
    assert!(f.error_bound <= 1e-4, "{}", f.error_bound);
    assert!(target(&b, &e, "KNK").deflations > 0);
    let d = largest_difference(&e, &a, &b);
    assert!(
        d <= f.error_bound + 1e-12,
        "{d:e} beyond the bound {:e}",
        f.error_bound
    );
}

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
    let fen = "1k2/4/1N2/K3 w - - 0 1";
    let (code, out, err) = mansuba(&["dice", fen, "--rules", r, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(estimate)") && err.contains("KNK"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let bound = v["error_bound"].as_f64().unwrap();
    assert!(bound <= 1e-10, "{v}");
    let (code, _, err) = mansuba(&["tablebase", "build", "--rules", r, "KNK", "--dir", d]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = mansuba(&[
        "tablebase",
        "stats",
        "--rules",
        r,
        "KNK",
        "--dir",
        d,
        "--json",
    ]);
    assert_eq!(code, 0);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(s["error_bound"].as_f64().unwrap() <= 1e-10, "{s}");
    let (_, out, _) = mansuba(&["tablebase", "stats", "--rules", r, "KNK", "--dir", d]);
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
