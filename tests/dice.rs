//! Chess with dice: chances worked out by hand on composed positions, the exact chances
//! against a seeded simulation, and the command line.
//!
//! Every position here is composed for the test, not historical.

use crate::common::mansuba;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::movegen::MoveList;
use mansuba::board::position::Position;
use mansuba::board::rules::{BareKingRule, Rules};
use mansuba::dice::turn::{moves_under, start};
use mansuba::dice::{Choice, Dice, Expectimax, NoMove, Objective, Start, Wl};
use std::sync::Arc;

#[path = "common/dice_board.rs"]
pub mod dice_board;
use dice_board::four_by_four;

/// White: Ka1, Rd1; Black: Kh8, pawn d5. One rook move (Rxd5) bares the black king.
const BARE_IN_ONE: &str = "7k/8/8/3p4/8/8/8/K2R4 w - - 0 1";
/// Black to move is checkmated in ordinary chess (Ra8+, Kg6 guards g7 and h7); under dice
/// it forfeits and White takes the king when its throw names the rook. The black pawn on
/// a3 keeps Black from being bare (it cannot move: no pawn move relieves the check).
const MATED: &str = "R6k/8/6K1/8/8/p7/8/8 b - - 0 1";

fn engine(rules: Rules) -> Arc<Engine<u64>> {
    match AnyEngine::new(rules).unwrap() {
        AnyEngine::W64(e) => e,
        _ => unreachable!("8x8"),
    }
}

fn chances(rules: Rules, fen: &str, turns: u32) -> Wl {
    let dice = rules.dice.clone().unwrap();
    let e = engine(rules.clone());
    let mut pos = Position::from_fen(e, fen).unwrap();
    let mut ex = Expectimax::new(&dice, &rules, Objective::Score, 10_000_000);
    ex.value(&mut pos, 2 * turns).unwrap()
}

fn bare_wins() -> Rules {
    let mut r = Rules::preset("shatranj-dice").unwrap();
    r.bare_king = BareKingRule::Win;
    r
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn only_the_rook_face_bares_the_king_at_once() {
    // One die, one turn each: the rook's face (1 in 6) plays Rxd5 and the black king is
    // bare; the faces of men White lacks forfeit, a king move wins nothing, and Black's
    // lone pawn and king cannot win in one turn.
    let v = chances(bare_wins(), BARE_IN_ONE, 1);
    assert!(close(v.w, 1.0 / 6.0) && close(v.l, 0.0), "{v:?}");

    // Re-rolling until a man can move leaves the rook's face and the king's: 1 in 2.
    let mut r = bare_wins();
    r.dice.as_mut().unwrap().no_move = NoMove::Reroll;
    let v = chances(r, BARE_IN_ONE, 1);
    assert!(close(v.w, 0.5), "{v:?}");

    // Two dice, either used: a 2 on either die (11 of 36) or a double that lets any man
    // move (the five doubles other than 2+2) wins: 16/36.
    let mut r = bare_wins();
    r.dice.as_mut().unwrap().count = 2;
    let v = chances(r, BARE_IN_ONE, 1);
    assert!(close(v.w, 16.0 / 36.0), "{v:?}");
}

#[test]
fn a_mated_king_is_taken_when_the_throw_allows() {
    // Black cannot relieve the check under any throw, so it forfeits; White then takes the
    // king when its throw names the rook (1 in 6). Nothing else is decided in one turn.
    let rules = Rules::preset("shatranj-dice").unwrap();
    let v = chances(rules.clone(), MATED, 1);
    assert!(close(v.l, 1.0 / 6.0) && close(v.w, 0.0), "{v:?}");
    // Over two turns each the king is taken on White's first or second rook throw:
    // 1-(5/6)^2. On a king throw White keeps the net (Kh6 still guards g7 and h7), and on
    // the other faces it forfeits, so Black never gets out.
    let v = chances(rules, MATED, 2);
    assert!(close(v.l, 1.0 - 25.0 / 36.0), "{v:?}");
}

/// Positions of a few men for the property tests.
const SMALL: &[&str] = &[
    BARE_IN_ONE,
    MATED,
    "8/8/3k4/8/8/2QK4/8/8 w - - 0 1",
    "8/8/4k3/2p5/8/2N5/2K5/8 b - - 0 1",
    "4k3/8/4K3/8/8/8/3R4/8 w - - 0 1",
];

#[test]
fn chances_sum_to_one_and_every_best_move_obeys_its_throw() {
    let rules = Rules::preset("shatranj-dice").unwrap();
    let dice = rules.dice.clone().unwrap();
    for fen in SMALL {
        let mut pos = Position::from_fen(engine(rules.clone()), fen).unwrap();
        let mut ex = Expectimax::new(&dice, &rules, Objective::Score, 10_000_000);
        let v = ex.value(&mut pos, 4).unwrap();
        let d = 1.0 - v.w - v.l;
        assert!(
            (0.0..=1.0).contains(&v.w) && (0.0..=1.0).contains(&v.l),
            "{fen}"
        );
        assert!(d >= -1e-12, "{fen}: {v:?}");
        let Start::Throws(throws) = start(&mut pos, ex.rolls(), ex.no_move()) else {
            continue;
        };
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let mut sum = Wl::default();
        for t in &throws {
            let kinds = ex.rolls()[t.roll].kinds;
            let (c, cv) = ex.choose(&mut pos, 4, &t.throw).unwrap();
            if let Choice::Play(m) = c {
                assert!(moves_under(&legal, kinds).contains(&m), "{fen}: {m:?}");
            }
            sum.w += t.prob * cv.w;
            sum.l += t.prob * cv.l;
        }
        // The value is the chance-weighted sum of the best choice under each throw.
        assert!(close(sum.w, v.w) && close(sum.l, v.l), "{fen}");
    }
}

#[test]
fn exact_chances_agree_with_a_simulation() {
    // Each position is played 20,000 times with the computed choices and seeded throws;
    // the exact chance must lie within 4 standard errors of the observed rate.
    for (rules, fen, turns) in [
        (Rules::preset("shatranj-dice").unwrap(), BARE_IN_ONE, 3),
        (Rules::preset("shatranj-dice").unwrap(), MATED, 2),
        (Rules::preset("shatranj-dice").unwrap(), SMALL[2], 2),
        (Rules::preset("alfonso-dice").unwrap(), SMALL[4], 2),
    ] {
        let dice: Dice = rules.dice.clone().unwrap();
        let mut pos = Position::from_fen(engine(rules.clone()), fen).unwrap();
        let mut ex = Expectimax::new(&dice, &rules, Objective::Score, 10_000_000);
        let v = ex.value(&mut pos, 2 * turns).unwrap();
        let s = ex.simulate(&pos, 2 * turns, 20_000, 7).unwrap();
        let err = s.standard_error.max(1e-9);
        assert!(
            (s.simulated_win - v.w).abs() <= 4.0 * err,
            "{fen}: exact {} simulated {} ± {}",
            v.w,
            s.simulated_win,
            s.standard_error
        );
    }
}

#[test]
fn the_dice_command_gives_chances_best_moves_and_a_simulation() {
    let (code, out, err) = mansuba(&[
        "dice",
        BARE_IN_ONE,
        "--rules",
        "shatranj-dice",
        "--turns",
        "2",
        "--simulate",
        "5000",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (w, d, l) = (
        j["win"].as_f64().unwrap(),
        j["draw"].as_f64().unwrap(),
        j["loss"].as_f64().unwrap(),
    );
    assert!((w + d + l - 1.0).abs() < 1e-9);
    let best = j["best"].as_array().unwrap();
    assert_eq!(best.len(), 6);
    assert_eq!(best[1]["roll"], "2");
    assert_eq!(best[1]["move"], "Rxd5");
    assert_eq!(best[0]["move"], "forfeit");
    assert!(j["simulated_win"].as_f64().is_some() && j["standard_error"].as_f64().is_some());

    // Rules without dice, and a bad FEN, are refused with exit 2.
    let (code, _, err) = mansuba(&["dice", BARE_IN_ONE, "--rules", "shatranj"]);
    assert_eq!(code, 2);
    assert!(err.contains("without dice"), "{err}");
    let (code, _, err) = mansuba(&["dice", "8/8/9/8/8/8/8/8 w", "--rules", "shatranj-dice"]);
    assert_eq!(code, 2, "{err}");
}

/// `dice --timeout` stops both ways to the chances at the limit with a word and exit 2:
/// a horizon search from the start position, and the four-man chance tables (whose
/// build takes far longer than the limit).
#[test]
fn the_dice_command_stops_at_its_time_limit() {
    let start = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
    let (code, _, err) = mansuba(&[
        "dice",
        start,
        "--turns",
        "30",
        "--max-nodes",
        "1000000000000",
        "--timeout",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("time limit reached"), "{err}");
    let (code, _, err) = mansuba(&[
        "dice",
        "8/8/8/3k4/8/1KQ5/8/q7 w - - 0 1",
        "--timeout",
        "1",
        "--max-memory-gib",
        "2",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("time limit reached while building the chance tables"),
        "{err}"
    );
}

#[test]
fn perft_by_throw_adds_up_to_plain_perft() {
    // On 8x8 Alfonso's six faces name each kind once, so the throws split the first ply.
    let (code, out, err) = mansuba(&[
        "perft",
        "--rules",
        "shatranj-dice",
        "--depth",
        "3",
        "--roll",
        "all",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let by_roll: u64 = j["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["nodes"].as_u64().unwrap())
        .sum();
    let (_, out, _) = mansuba(&["perft", "--rules", "shatranj", "--depth", "3", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(by_roll, j["nodes"].as_u64().unwrap());
    assert!(by_roll > 0);
}

fn tables_for(rules: Rules, fen: &str) -> (Position<u64>, mansuba::dice::table::ChanceTables) {
    let dice = rules.dice.clone().unwrap();
    let e = engine(rules);
    let pos = Position::from_fen(e.clone(), fen).unwrap();
    let mat = mansuba::retro::material_of(&pos).unwrap();
    let t = mansuba::dice::table::ChanceTables::build(
        &e,
        &dice,
        &mat,
        mansuba::dice::TOLERANCE,
        &|_| {},
    )
    .unwrap();
    (pos, t)
}

#[test]
fn a_chance_table_bares_back_only_on_the_king_face() {
    // Shatranj's bare king: White (K+R) has bared Black, whose king stands next to the
    // rook. Black to move draws only by taking the rook (king's face, 1 in 6: kings
    // alone); on any other face it forfeits and the bare king is lost.
    let (pos, t) = tables_for(
        Rules::preset("shatranj-dice").unwrap(),
        "8/8/8/8/8/2Rk4/8/4K3 b - - 0 1",
    );
    let v = t.value(&pos).unwrap();
    assert!(close(v.l, 5.0 / 6.0) && close(v.w, 0.0), "{v:?}");
}

#[test]
fn chance_tables_agree_with_a_simulation_to_the_end() {
    // King and knight against king: the knight can only win by taking a king left in
    // check; the chances come from value iteration and are checked by 20,000 games.
    let (pos, t) = tables_for(four_by_four("dice-4x4"), "1k2/4/1N2/K3 w - - 0 1");
    let v = t.value(&pos).unwrap();
    assert!(v.w > 0.0 && v.w < 1.0 && v.l.abs() < 1e-12, "{v:?}");
    let s = t.simulate(&pos, 5000, 20_000, 11).unwrap();
    assert!(
        (s.simulated_win - v.w).abs() <= 4.0 * s.standard_error.max(1e-9),
        "exact {} simulated {} ± {}",
        v.w,
        s.simulated_win,
        s.standard_error
    );
    // A horizon can only lower the chance of winning: expectimax within 3 turns each is
    // at most the table's value.
    let dice = four_by_four("dice-4x4").dice.unwrap();
    let mut ex = Expectimax::new(
        &dice,
        &four_by_four("dice-4x4"),
        Objective::Score,
        10_000_000,
    );
    let mut p = pos.clone();
    let h = ex.value(&mut p, 6).unwrap();
    assert!(h.w <= v.w + 1e-9, "{h:?} {v:?}");
}

#[test]
fn a_dice_problem_gets_its_chance_as_the_verdict_figure() {
    let (code, out, err) = mansuba(&["verify", "examples/dice.toml", "--json"]);
    assert!(code == 0 || code == 1, "{err}");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    // Within one turn each only the rook's face wins (see tests above): 1/6.
    let p = rows[0]["win_probability"].as_f64().unwrap();
    assert!(close(p, 1.0 / 6.0), "{p}");
    assert_eq!(rows[0]["solvable"], "no");
    assert!(rows[1]["win_probability"].as_f64().unwrap() > p);

    // The CSV carries it in the column after the contract columns.
    let (_, csv, _) = mansuba(&["verify", "examples/dice.toml", "--csv", "-"]);
    let mut r = csv::Reader::from_reader(csv.as_bytes());
    let head = r.headers().unwrap().clone();
    let col = head.iter().position(|h| h == "win_probability").unwrap();
    let first = r.records().next().unwrap().unwrap();
    assert_eq!(&first[col], "0.166667");

    // A mate stipulation under dice is refused, naming the line of the stipulation.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("p.toml");
    std::fs::write(
        &f,
        "[[problem]]\nid = \"x\"\nrules = \"shatranj-dice\"\nfen = \"7k/8/8/3p4/8/8/8/K2R4 w - - 0 1\"\nstipulation = \"#2\"\n",
    )
    .unwrap();
    let (code, out, _) = mansuba(&["verify", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("p.toml:5") && out.contains("win N"), "{out}");
}

#[test]
fn chance_tables_written_by_tablebase_build_read_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("dice-4x4.toml");
    std::fs::write(
        &rules,
        "preset = \"shatranj-dice\"\nname = \"dice-4x4\"\nwidth = 4\nheight = 4\nstart = \"rkqr/pppp/PPPP/RKQR w - - 0 1\"\nbare_king = \"off\"\n",
    )
    .unwrap();
    let (r, d) = (rules.to_str().unwrap(), dir.path().to_str().unwrap());
    let (code, _, err) = mansuba(&["tablebase", "build", "--rules", r, "KRK", "--dir", d]);
    assert_eq!(code, 0, "{err}");
    let fen = "1k2/4/2R1/K3 w - - 0 1";
    let from_file = mansuba(&["dice", fen, "--rules", r, "--tables", d, "--json"]);
    let in_memory = mansuba(&["dice", fen, "--rules", r, "--json"]);
    assert_eq!(from_file.0, 0, "{}", from_file.2);
    let a: serde_json::Value = serde_json::from_str(&from_file.1).unwrap();
    let b: serde_json::Value = serde_json::from_str(&in_memory.1).unwrap();
    assert_eq!(a["win"], b["win"]);
    assert_eq!(a["best"], b["best"]);
    let (code, out, _) = mansuba(&["tablebase", "probe", "--rules", r, "--dir", d, fen]);
    assert_eq!(code, 0);
    assert!(
        out.contains("win 1.0000") || out.contains("win 0."),
        "{out}"
    );

    // A damaged file is refused, not read.
    let f = dir.path().join("dice-4x4-KRK.dice");
    let mut bytes = std::fs::read(&f).unwrap();
    let last = bytes.len() - 3;
    bytes[last] ^= 0x55;
    std::fs::write(&f, bytes).unwrap();
    let (code, _, err) = mansuba(&["dice", fen, "--rules", r, "--tables", d]);
    assert_eq!(code, 2);
    assert!(err.contains("damaged"), "{err}");
}
