//! Rule-by-rule tests: for every rule Fairy-Stockfish cannot check for us, a hand-made
//! position whose legal move list is written out move by move from the rule text.
//!
//! Sources are named per test by the short names of docs/rules.md, "Sources", which gives
//! each one's address: "medieval variants" (list N: its Nth list of assize rules),
//! "Ludii", "17th-century page", "Cazaux", "courier rules". `docs/rules.md` itself holds the
//! preset table and the readings chosen where a source is silent or ambiguous ("Pieces",
//! "Outcomes", "Stacks"); the expected lists follow those readings and the doc comments of
//! `src/board/rules.rs`.
//!
//! Moves are written in coordinates (`mansuba::notation::coord`): the Lombard joint move as
//! `e1c3&d1d3` (coord's own form); castling, which coord writes as the king's move only,
//! gets the rook's part appended here as `+h1f1`.

use crate::common;

use mansuba::board::bits::{Bits, U256};
use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::NO_SQ;
use mansuba::board::movegen::MoveList;
use mansuba::board::outcome::{DrawKind, Outcome, WinKind};
use mansuba::board::piece::Color;
use mansuba::board::position::{FenError, IllegalPosition, Move, MoveKind, Position};
use mansuba::board::presets::PRESETS;
use mansuba::board::rules::Rules;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// A position at whatever bitboard width its rules need.
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
enum P {
    W64(Position<u64>),
    W128(Position<u128>),
    W256(Position<U256>),
}

macro_rules! on {
    ($p:expr, $x:ident => $body:expr) => {
        match $p {
            P::W64($x) => $body,
            P::W128($x) => $body,
            P::W256($x) => $body,
        }
    };
}

fn engine(preset: &str) -> AnyEngine {
    AnyEngine::new(Rules::preset(preset).unwrap()).unwrap()
}

fn try_pos(preset: &str, fen: &str) -> Result<P, FenError> {
    Ok(match engine(preset) {
        AnyEngine::W64(e) => P::W64(Position::from_fen(e, fen)?),
        AnyEngine::W128(e) => P::W128(Position::from_fen(e, fen)?),
        AnyEngine::W256(e) => P::W256(Position::from_fen(e, fen)?),
    })
}

fn pos(preset: &str, fen: &str) -> P {
    try_pos(preset, fen).unwrap_or_else(|e| panic!("{preset} '{fen}': {e}"))
}

fn start(preset: &str) -> P {
    match engine(preset) {
        AnyEngine::W64(e) => P::W64(Position::start(e).unwrap()),
        AnyEngine::W128(e) => P::W128(Position::start(e).unwrap()),
        AnyEngine::W256(e) => P::W256(Position::start(e).unwrap()),
    }
}

fn desc<B: Bits>(p: &Position<B>, m: &Move) -> String {
    let mut s = mansuba::notation::coord(p, m);
    // coord writes the Lombard joint move as `e1c3&d1d3`; castling is the king's move
    // only, so the rook's part is added here as `+h1f1`.
    if m.from2 != NO_SQ && !s.contains('&') {
        let g = p.compiled().geo;
        s.push(if m.flag == mansuba::board::position::MoveKind::Joint {
            '&'
        } else {
            '+'
        });
        s.push_str(&g.name(m.from2));
        s.push_str(&g.name(m.to2));
    }
    s
}

fn legal_of<B: Bits>(p: &mut Position<B>) -> Vec<(Move, String)> {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let mut v: Vec<(Move, String)> = l.as_slice().iter().map(|m| (*m, desc(p, m))).collect();
    v.sort_by(|a, b| a.1.cmp(&b.1));
    v
}

impl P {
    fn moves(&mut self) -> Vec<String> {
        on!(self, p => legal_of(p).into_iter().map(|x| x.1).collect())
    }
    /// Legal moves of the man (or men) on `sq`.
    fn moves_from(&mut self, sq: &str) -> Vec<String> {
        on!(self, p => {
            let s = p.compiled().geo.parse(sq).expect("square");
            legal_of(p).into_iter().filter(|x| x.0.from == s).map(|x| x.1).collect()
        })
    }
    /// Plays the legal move written `mv` (panics, listing the legal moves, if none).
    fn play(&mut self, mv: &str) {
        on!(self, p => {
            let l = legal_of(p);
            let m = l.iter().find(|x| x.1 == mv).unwrap_or_else(|| {
                panic!("{mv} is not legal in {}; legal: {:?}", p.to_fen(),
                    l.iter().map(|x| x.1.clone()).collect::<Vec<_>>())
            });
            p.make(m.0);
            assert_eq!(p.hash(), p.compute_hash(), "hash after {mv}");
        })
    }
    fn fen(&self) -> String {
        on!(self, p => p.to_fen())
    }
    fn outcome(&mut self) -> Outcome {
        on!(self, p => p.outcome())
    }
    fn in_check(&self) -> bool {
        on!(self, p => p.in_check())
    }
    fn men(&self) -> [u16; 2] {
        on!(self, p => p.state().men)
    }
    fn perft(&self, d: u32) -> u64 {
        on!(self, p => mansuba::board::perft::perft_parallel(p, d))
    }
}

/// Compares move lists, printing what is missing and what is extra.
#[track_caller]
fn assert_moves<S: AsRef<str>>(got: Vec<String>, expected: &[S], what: &str) {
    let g: BTreeSet<String> = got.iter().cloned().collect();
    let e: BTreeSet<String> = expected.iter().map(|s| s.as_ref().to_string()).collect();
    assert_eq!(g.len(), got.len(), "{what}: duplicate moves in {got:?}");
    assert_eq!(e.len(), expected.len(), "{what}: duplicate expected moves");
    let missing: Vec<_> = e.difference(&g).collect();
    let extra: Vec<_> = g.difference(&e).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what}: missing {missing:?}, unexpected {extra:?} (got {} moves, expected {})",
        got.len(),
        expected.len()
    );
}

/// `from` followed by each target: `with_from("e1", &["e2", "d2"])` = `["e1e2", "e1d2"]`.
fn with_from(from: &str, tos: &[&str]) -> Vec<String> {
    tos.iter().map(|t| format!("{from}{t}")).collect()
}

#[track_caller]
fn assert_targets(p: &mut P, from: &str, tos: &[&str], what: &str) {
    assert_moves(p.moves_from(from), &with_from(from, tos), what);
}

/// FEN placement for a `w`×`h` board from tokens like `Ka1 rl12` (upper case White).
fn place(w: usize, h: usize, men: &str) -> String {
    let mut board = vec![vec![None; w]; h];
    for t in men.split_whitespace() {
        let c = t.chars().next().unwrap();
        let f = (t.as_bytes()[1] - b'a') as usize;
        let r: usize = t[2..].parse().unwrap();
        assert!(f < w && r >= 1 && r <= h, "{t}");
        assert!(board[r - 1][f].is_none(), "{t} twice");
        board[r - 1][f] = Some(c);
    }
    let mut ranks = vec![];
    for r in (0..h).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in board[r].iter().take(w) {
            match *cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    ranks.join("/")
}

// ---------------------------------------------------------------------------------------
// Movement of the pieces Fairy-Stockfish's shatranj does not check for us
// ---------------------------------------------------------------------------------------

/// docs/rules.md "Pieces": the alfil leaps exactly two squares diagonally, over anything
/// (so only 8 squares are reachable); medieval variants: "moves exactly 2 spaces diagonally. It can jump over other game
/// pieces. This means that its movement is restricted to only 8 places on the board."
#[test]
fn alfil_leaps_two_diagonally_over_anything() {
    // Alfil d4 with a friend on c5 and e5 (jumped over), a friend on b2 (no landing) and an
    // enemy on f6 (captured).
    let fen = "7k/8/5n2/2N1N3/3B4/8/1P6/K7 w - - 0 1";
    let mut p = pos("shatranj", fen);
    assert_targets(&mut p, "d4", &["b6", "f2", "f6"], "alfil d4");

    // Only 8 squares are ever reachable: walk the alfil from c1 over an empty board.
    let mut seen = BTreeSet::new();
    let mut todo = vec!["c1".to_string()];
    while let Some(sq) = todo.pop() {
        if !seen.insert(sq.clone()) {
            continue;
        }
        let mut p = pos(
            "shatranj",
            &format!("{} w - - 0 1", place(8, 8, &format!("Kh1 kh8 pa8 B{sq}"))),
        );
        for m in p.moves_from(&sq) {
            todo.push(m[2..].to_string());
        }
    }
    let expected: BTreeSet<String> = ["a3", "c1", "a7", "c5", "e3", "g1", "e7", "g5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(seen, expected);
}

/// docs/rules.md "Pieces" and the `Bent` doc comment (src/board/piece.rs): the anqa makes one diagonal
/// step (it may stop there), then may go on as a rook outward (same signs) over empty
/// squares, capturing at the end. Cazaux: "moves 1 diagonal step followed by any number
/// away on lines or columns. It may not jump over occupied squares."
#[test]
fn anqa_bent_ride() {
    // Empty 12x12 board, anqa on f6 (file 5, rank 5 counting from 0):
    // 4 first steps; from g7 right 5 + up 5; from g5 right 5 + down 4; from e7 left 4 + up 5;
    // from e5 left 4 + down 4 = 4 + 10 + 9 + 9 + 8 = 40.
    let fen = format!("{} w - - 0 1", place(12, 12, "Ka1 kl12 Af6 pb12"));
    let mut p = pos("grant-acedrex", &fen);
    assert_eq!(p.moves_from("f6").len(), 40, "{:?}", p.moves_from("f6"));

    // Blocking: a friend on g7 stops that first step and everything behind it; an enemy on
    // e7 is taken by the first step, which then goes no further; on the g5 branch an enemy
    // on j5 ends the ride to the right (captured) and a friend on g2 ends the ride down.
    let fen = format!(
        "{} w - - 0 1",
        place(12, 12, "Ka1 kl12 Af6 Rg7 re7 rj5 Rg2")
    );
    let mut p = pos("grant-acedrex", &fen);
    assert_targets(
        &mut p,
        "f6",
        &[
            "e7", "e5", "g5", // first steps
            "h5", "i5", "j5", "g4", "g3", // from g5
            "d5", "c5", "b5", "a5", "e4", "e3", "e2", "e1", // from e5
        ],
        "anqa with blockers",
    );
}

/// docs/rules.md "Pieces": the unicorn makes a knight leap (it may stop there; the leap jumps),
/// then may go on as a bishop outward (same signs) over empty squares, capturing at the end.
/// Cazaux: "it leaps like a Knight, then proceeds diagonally away from the square it
/// leaped to any number of vacant squares."
#[test]
fn unicorn_bent_ride() {
    // Empty 12x12 board, unicorn on f6 (5,5): 8 leaps, then 4+4+4+3+3+4+3+3 = 28 = 36.
    let fen = format!("{} w - - 0 1", place(12, 12, "Ka1 kl12 Uf6 pb12"));
    let mut p = pos("grant-acedrex", &fen);
    assert_eq!(p.moves_from("f6").len(), 36, "{:?}", p.moves_from("f6"));

    // Friends on g7 (adjacent: the leap jumps it), h7 (a leap square: no landing, no ride
    // beyond) and c8 (ends the ride from d7 at once); enemies on g8 (taken by the leap,
    // no ride beyond) and c10 (taken at the end of the ride from e8).
    let fen = format!(
        "{} w - - 0 1",
        place(12, 12, "Ka1 kl12 Uf6 Rg7 Rh7 Rc8 rg8 rc10")
    );
    let mut p = pos("grant-acedrex", &fen);
    assert_targets(
        &mut p,
        "f6",
        &[
            "g8", "e8", "d7", "g4", "h5", "e4", "d5", // leaps (h7 own)
            "d9", "c10", // from e8
            "h3", "i2", "j1", // from g4
            "i4", "j3", "k2", "l1", // from h5
            "d3", "c2", "b1", // from e4
            "c4", "b3", "a2", // from d5
        ],
        "unicorn with blockers",
    );
}

/// docs/rules.md "Pieces": the giraffe (zaraffa) makes a (3,2) leap; Cazaux: "the (3,2) leaper ...
/// leaping over occupied squares if any".
#[test]
fn giraffe_leaps_three_two() {
    // Friends around it (jumped over), a friend on h9 (no landing), an enemy on c4 (taken).
    let fen = format!(
        "{} w - - 0 1",
        place(12, 12, "Ka1 kl12 Zf6 Rg6 Rg7 Rf7 Re5 Rh9 rc4")
    );
    let mut p = pos("grant-acedrex", &fen);
    assert_targets(
        &mut p,
        "f6",
        &["i8", "i4", "c8", "c4", "d9", "h3", "d3"],
        "giraffe f6",
    );
}

/// docs/rules.md "Pieces": the lion (leon) makes (3,0) and (3,1) leaps; Cazaux: "it leaps 3 squares
/// orthogonally or 2 squares orthogonally followed by 1 diagonal step. It may leap over
/// occupied squares."
#[test]
fn lion_leaps_three_zero_and_three_one() {
    // Friends on g6 and h6 (jumped over on the way to i6), an enemy on f9 (taken), a friend
    // on c7 (no landing).
    let fen = format!(
        "{} w - - 0 1",
        place(12, 12, "Ka1 kl12 Lf6 Rg6 Rh6 rf9 Rc7")
    );
    let mut p = pos("grant-acedrex", &fen);
    assert_targets(
        &mut p,
        "f6",
        &[
            "i6", "c6", "f9", "f3", "i7", "i5", "c5", "g9", "e9", "g3", "e3",
        ],
        "lion f6",
    );
}

/// docs/rules.md "Pieces": the sage (man) makes a king's step, **not royal** (it may step
/// into attack);
/// courier rule 4(iii): "the sage moves as the king, but is not restricted from moving to
/// a threatened square".
#[test]
fn courier_sage_is_not_royal() {
    // A black rook on e8 sweeps the e-file. The king on d1 may not step onto it, the sage on
    // f4 may.
    let fen = format!("{} w - - 0 1", place(12, 8, "Kd1 Mf4 re8 kl8"));
    let mut p = pos("courier", &fen);
    assert_moves(
        p.moves(),
        &[
            "d1c1", "d1c2", "d1d2", // not e1, e2
            "f4e3", "f4e4", "f4e5", "f4f3", "f4f5", "f4g3", "f4g4", "f4g5",
        ],
        "sage and king",
    );
    // An attacked sage is no check: White to move with the sage attacked is not in check,
    // and Black to move with it attacked is a legal position.
    let fen = format!("{} w - - 0 1", place(12, 8, "Kd1 Me4 re8 kl8"));
    assert!(!pos("courier", &fen).in_check());
    let fen = format!("{} b - - 0 1", place(12, 8, "Kd1 Me4 re8 kl8"));
    try_pos("courier", &fen).expect("a sage under attack is not a king in check");
}

/// docs/rules.md "Pieces": the fool (schleich) makes one orthogonal step; courier rule 4(iv).
#[test]
fn courier_fool_steps_orthogonally() {
    // Friend on f5 (blocked), enemy on g4 (taken); no diagonal steps.
    let fen = format!("{} w - - 0 1", place(12, 8, "Ka1 Wf4 Pf5 rg4 kl8"));
    let mut p = pos("courier", &fen);
    assert_targets(&mut p, "f4", &["e4", "f3", "g4"], "fool f4");
}

// ---------------------------------------------------------------------------------------
// First-move privileges
// ---------------------------------------------------------------------------------------

/// Long assize (docs/rules.md preset table, medieval variants list 2): "The king could leap on his first
/// move to any unoccupied third square, providing he had never been checked and leaping did
/// not cross a square holding an opponent's piece." The third square = 2 squares away, the
/// whole ring (src/board/presets.rs `spanish_king_leap`); a knight-shaped leap is blocked only when
/// both ways round are (src/board/engine.rs `passed_squares`).
#[test]
fn long_assize_king_leap_ring_of_two() {
    // A black alfil on d2 blocks the straight leap to c3 (over d2) but not c2 (via d1) nor
    // d3 (via e2). c1/g1 pass d1/f1. Ranks below 1 do not exist.
    let mut p = pos("long-assize", "4k3/8/8/8/8/8/P2b4/4K3 w e1 - 0 1");
    assert_targets(
        &mut p,
        "e1",
        &[
            "d1", "d2", "e2", "f1", "f2", // steps (d2 takes the alfil)
            "c1", "c2", "d3", "e3", "f3", "g3", "g2", "g1", // leaps; not c3
        ],
        "long-assize king leap",
    );
    // No leap onto an occupied square, even an enemy's (no capture by the leap).
    let mut p = pos("long-assize", "4k3/8/8/8/8/4n3/P7/4K3 w e1 - 0 1");
    assert!(!p.moves_from("e1").contains(&"e1e3".to_string()));
}

/// Long assize: the privilege is lost the first time the king is checked ("providing he
/// had never been checked", medieval variants list 2).
#[test]
fn long_assize_king_leap_lost_once_checked() {
    let mut p = pos("long-assize", "4k3/8/8/7r/8/8/R7/4K3 b e1 - 0 1");
    p.play("h5e5"); // check
    assert!(p.in_check());
    assert_eq!(
        p.fen().split(' ').nth(2),
        Some("-"),
        "privilege gone: {}",
        p.fen()
    );
    assert_moves(
        p.moves(),
        &["a2e2", "e1d1", "e1d2", "e1f1", "e1f2"],
        "check evasions, no leap",
    );
    p.play("a2e2");
    p.play("e8d8");
    // Out of check again, but the leap is gone for good.
    assert!(!p.in_check());
    assert_targets(&mut p, "e1", &["d1", "d2", "f1", "f2"], "after the check");
    // Control: the same position with the privilege has the leaps (not e3: attacked).
    let mut q = pos("long-assize", "3k4/8/8/4r3/8/8/4R3/4K3 w e1 - 0 1");
    assert_targets(
        &mut q,
        "e1",
        &[
            "d1", "d2", "f1", "f2", "c1", "g1", "c2", "g2", "c3", "d3", "f3", "g3",
        ],
        "control with the privilege",
    );
}

/// Lombard assize (docs/rules.md preset table; medieval variants list 3; src/board/rules.rs
/// `lombard_king_leap`): two or three squares along a line to an empty square, not while in
/// check, not over an enemy man (a friend may be jumped), no capture.
#[test]
fn lombard_king_leap() {
    // Friend (the ferz) on d1: c1 and b1 are reached over it. Enemy alfil on f2 blocks g3
    // and h4 (the king may take it by a step). Enemy alfil on e4: no leap onto it.
    let mut p = pos("lombard", "4k3/8/8/8/4b3/8/5b2/3QK3 w e1 - 0 1");
    assert_targets(
        &mut p,
        "e1",
        &[
            "d2", "e2", "f1", "f2", // steps
            "e3", "c1", "b1", "g1", "h1", "c3", "b4", // leaps; not e4, g3, h4
        ],
        "lombard king leap",
    );
    // In check (rook h1 along the first rank): no leap, only the steps that evade.
    let mut p = pos("lombard", "4k3/8/8/8/8/8/5b2/3QK2r w e1 - 0 1");
    assert!(p.in_check());
    assert_moves(
        p.moves(),
        &["e1d2", "e1e2", "e1f2"],
        "lombard king in check",
    );
}

/// Alfonso (docs/rules.md preset table; medieval variants list 1): "The queen can leap two
/// squares in any direction (i.e. horizontally, as well as vertical and diagonally forward)
/// on her first move if that space is unoccupied. It cannot capture another piece on those
/// five squares." Default: the 5 forward/sideways squares; the leap jumps.
#[test]
fn alfonso_queen_leap_five_squares() {
    // Ferz d4 (privilege d4): a friend on e5 is jumped on the way to f6; an enemy on d6
    // cannot be taken by the leap. No backward leaps (b2, d2, f2).
    let mut p = pos("alfonso", "7k/8/3n4/4R3/3Q4/8/8/K7 w d4 - 0 1");
    assert_targets(
        &mut p,
        "d4",
        &["c3", "c5", "e3", "b4", "f4", "b6", "f6"],
        "alfonso ferz leap",
    );
    // Black's five squares are mirrored.
    let mut p = pos("alfonso", "7k/8/8/3q4/8/8/P7/K7 b d5 - 0 1");
    assert_targets(
        &mut p,
        "d5",
        &["c4", "c6", "e4", "e6", "b5", "f5", "d3", "b3", "f3"],
        "alfonso black ferz leap",
    );
}

/// Lombard (docs/rules.md preset table; medieval variants list 3): "The queen and the promoted pawn can
/// move to places which they can reach in two ordinary moves. The intervening square may be
/// occupied. No capture or check can be made with this move."
#[test]
fn lombard_queen_leap_eight_squares() {
    // Ferz d4: friend on e5 and enemy on d5 are passed over; enemy on b2 cannot be taken by
    // the leap; f6 would check the king on g7, so it is not allowed.
    let mut p = pos("lombard", "8/6k1/8/3pN3/3Q4/8/1p6/7K w d4 - 0 1");
    assert_targets(
        &mut p,
        "d4",
        &["c3", "c5", "e3", "b6", "f2", "f4", "b4", "d6", "d2"],
        "lombard ferz leap",
    );
}

/// Lombard (medieval variants list 3): "An unmoved king and queen can make a joint move for their
/// first move; the whole counting as a single move." As implemented (src/board/rules.rs
/// `joint_first_move`): the king's leap and the queen's leap together, to two different
/// squares, both privileges spent.
#[test]
fn lombard_joint_king_and_queen_move() {
    let mut p = pos("lombard", "4k3/8/8/8/8/8/8/3QK3 w d1e1 - 0 1");
    let king_leaps = ["e3", "e4", "c1", "b1", "g1", "h1", "c3", "b4", "g3", "h4"];
    let queen_leaps = ["f3", "b3", "f1", "b1", "d3"];
    let mut exp: Vec<String> = vec![];
    exp.extend(with_from("e1", &["d2", "e2", "f1", "f2"]));
    exp.extend(with_from("d1", &["c2", "e2"]));
    exp.extend(with_from("e1", &king_leaps));
    exp.extend(with_from("d1", &queen_leaps));
    for k in king_leaps {
        for q in queen_leaps {
            if k != q {
                exp.push(format!("e1{k}&d1{q}"));
            }
        }
    }
    assert_eq!(exp.len(), 6 + 10 + 5 + 49);
    assert_moves(p.moves(), &exp, "lombard joint move");
    p.play("e1c3&d1f3");
    assert_eq!(p.fen(), "4k3/8/8/8/8/2K2Q2/8/8 b - - 1 1");
}

// ---------------------------------------------------------------------------------------
// Pawns
// ---------------------------------------------------------------------------------------

/// Alfonso (docs/rules.md preset table; medieval variants list 1): "The pawn may move two squares on its
/// first move ... until either player has made a first capture." Every pawn, either side's
/// capture.
#[test]
fn alfonso_double_step_lapses_at_first_capture() {
    let fen = "4k3/p7/8/3N4/1n6/8/P2P3P/4K3 w a2d2h2a7 - 0 1";
    let mut p = pos("alfonso", fen);
    assert_moves(
        p.moves()
            .into_iter()
            .filter(|m| m.as_bytes()[1] == b'2' && m.as_bytes()[3] <= b'4' && !m.starts_with("e1"))
            .collect(),
        &["a2a3", "a2a4", "d2d3", "d2d4", "h2h3", "h2h4"],
        "white pawns before a capture",
    );
    p.play("d5b4"); // White captures
    assert_targets(&mut p, "a7", &["a6"], "black pawn after White's capture");
    p.play("e8d8");
    assert_moves(
        p.moves()
            .into_iter()
            .filter(|m| m.as_bytes()[1] == b'2' && !m.starts_with("e1"))
            .collect(),
        &["a2a3", "d2d3", "h2h3"],
        "white pawns after the capture",
    );
    // Black's capture counts too.
    let mut p = pos("alfonso", &fen.replace(" w ", " b "));
    p.play("b4a2");
    assert_targets(&mut p, "d2", &["d3"], "after Black's capture");
    assert_targets(&mut p, "h2", &["h3"], "after Black's capture");
}

/// German assize (docs/rules.md preset table; medieval variants list 4): "Four pawns may move an initial
/// double step (KP, QP and RP), provided no piece has been captured. The pawns before the
/// rooks (RP) do not have that restriction."
#[test]
fn german_double_step_files_and_lapse() {
    // In the starting array only the a, d, e, h pawns have it (see also the start test).
    let mut p = start("german");
    let doubles: Vec<String> = p
        .moves()
        .into_iter()
        .filter(|m| m.len() == 4 && &m[1..2] == "2" && &m[3..4] == "4" && m[..1] == m[2..3])
        .collect();
    assert_eq!(doubles, ["a2a4", "d2d4", "e2e4", "h2h4"]);

    let fen = "4k3/p3p2p/8/3n4/8/2N5/P2PP2P/4K3 w a2d2e2h2a7e7h7 - 0 1";
    let mut p = pos("german", fen);
    assert_eq!(
        p.moves()
            .iter()
            .filter(|m| m.ends_with('4') && m.as_bytes()[1] == b'2')
            .count(),
        4
    );
    p.play("c3d5");
    assert_targets(&mut p, "a7", &["a6", "a5"], "black RP keeps it");
    assert_targets(&mut p, "h7", &["h6", "h5"], "black RP keeps it");
    assert_targets(&mut p, "e7", &["e6"], "black KP lost it");
    p.play("e8d8");
    assert_targets(&mut p, "a2", &["a3", "a4"], "white RP keeps it");
    assert_targets(&mut p, "h2", &["h3", "h4"], "white RP keeps it");
    assert_targets(&mut p, "d2", &["d3"], "white QP lost it");
    assert_targets(&mut p, "e2", &["e3"], "white KP lost it");
}

/// Long assize (docs/rules.md preset table; medieval variants list 2): "A pawn passing an opponent's
/// pawn with the double move could capture that pawn" — only on the very next move.
#[test]
fn long_assize_en_passant() {
    let fen = "r3k3/3p4/8/4P3/8/8/8/4K3 b d7 - 0 1";
    let mut p = pos("long-assize", fen);
    p.play("d7d5");
    assert_eq!(p.fen(), "r3k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_targets(&mut p, "e5", &["e6", "d6"], "en passant");
    let mut q = p.clone();
    q.play("e5d6");
    assert_eq!(q.fen(), "r3k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    assert_eq!(q.men(), [2, 2]);
    // Not a move later.
    p.play("e1d1");
    p.play("a8b8");
    assert_targets(&mut p, "e5", &["e6"], "en passant only at once");
    // Alfonso's assize has the double step but no en passant.
    let mut p = pos("alfonso", fen);
    p.play("d7d5");
    assert_targets(&mut p, "e5", &["e6"], "no en passant in alfonso");
}

/// english-1650 (docs/rules.md preset table; 17th-century page): castling as today (its c. 1620 form):
/// king two squares toward an unmoved rook over empty squares, not out of, through or into
/// check (b1 may be attacked).
#[test]
fn english_castling() {
    let mut p = pos("english-1650", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_targets(
        &mut p,
        "e1",
        &["d1", "d2", "e2", "f1", "f2", "g1+h1f1", "c1+a1d1"],
        "castling",
    );
    let mut q = p.clone();
    q.play("e1g1+h1f1");
    assert_eq!(q.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    q.play("e8c8+a8d8");
    assert_eq!(q.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    // f1 attacked: no short castling (nor Kf1/Kf2); b1 attacked: long castling allowed.
    let mut p = pos("english-1650", "1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_targets(
        &mut p,
        "e1",
        &["d1", "d2", "e2", "c1+a1d1"],
        "castling through check",
    );
    // g1 attacked: no short castling into check.
    let mut p = pos("english-1650", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_targets(
        &mut p,
        "e1",
        &["d1", "d2", "e2", "f1", "f2", "c1+a1d1"],
        "castling into check",
    );
    // In check: no castling.
    let mut p = pos("english-1650", "4k3/8/8/4r3/8/8/8/R3K2R w KQ - 0 1");
    assert_targets(
        &mut p,
        "e1",
        &["d1", "d2", "f1", "f2"],
        "castling out of check",
    );
    // A rook that has moved loses its side's right.
    let mut p = pos("english-1650", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    p.play("a1a2");
    p.play("e8e7");
    p.play("a2a1");
    p.play("e7e8");
    assert_targets(
        &mut p,
        "e1",
        &["d1", "d2", "e2", "f1", "f2", "g1+h1f1"],
        "after a rook moved",
    );
}

/// Promotion (docs/rules.md preset table): shatranj promotes to the ferz only (medieval variants: "When
/// pawns reach the other end of the board they are promoted to a counsellor").
#[test]
fn shatranj_promotion_ferz_only() {
    let mut p = pos("shatranj", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_targets(&mut p, "b7", &["b8q", "a8q"], "shatranj promotion");
    // A promoted ferz may promote even with the original ferz on the board.
    let mut p = pos("shatranj", "r3k3/1P6/8/8/8/8/8/3QK3 w - - 0 1");
    assert_targets(&mut p, "b7", &["b8q", "a8q"], "second ferz");
}

/// Alfonso (docs/rules.md preset table; medieval variants list 1: "Pawns can only promote
/// to a queen when the original queen has been captured"): while the side has a ferz, a
/// pawn may still enter the last rank and stays a pawn, unable to move.
#[test]
fn alfonso_promotion_only_without_a_ferz() {
    let mut p = pos("alfonso", "r3k3/1P6/8/8/8/8/8/3QK3 w - - 0 1");
    assert_targets(&mut p, "b7", &["b8", "a8"], "ferz on board: stays a pawn");
    p.play("b7b8");
    assert_eq!(p.fen(), "rP2k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    p.play("e8e7");
    assert_targets(&mut p, "b8", &[], "a pawn on the last rank cannot move");
    // Such a position is legal FEN under alfonso (not under shatranj).
    try_pos("alfonso", "1P2k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    // Without a ferz it promotes.
    let mut p = pos("alfonso", "r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1");
    assert_targets(&mut p, "b7", &["b8q", "a8q"], "no ferz: promotes");
}

/// Long assize and Lombard (medieval variants lists 2 and 3): "The promoted queen can make the
/// privileged two square leap"; Alfonso's promoted ferz cannot (not stated for group 1).
#[test]
fn promoted_ferz_gets_the_leap() {
    // From b8 White's long-assize (alfonso-shaped) leap reaches only d8; the Lombard leap
    // reaches b6, d6 and d8.
    for (preset, leaps) in [
        ("long-assize", vec!["d8"]),
        ("lombard", vec!["b6", "d6", "d8"]),
        ("alfonso", vec![]),
    ] {
        let mut p = pos(preset, "7k/1P6/8/7p/8/8/8/K7 w - - 0 1");
        p.play("b7b8q");
        p.play("h8h7");
        let mut exp = vec!["a7", "c7"];
        exp.extend(leaps.iter());
        assert_targets(&mut p, "b8", &exp, preset);
    }
}

/// Grant Acedrex (docs/rules.md preset table; Cazaux): "when a Pawn reaches the opposite side
/// of the board, it is replaced by the piece corresponding to the file on which it lands.
/// On the g-file (the King's file), the Pawn is promoted to an Anqa."
#[test]
fn grant_acedrex_promotion_by_file() {
    // Files a..l start with R L U Z C A K C Z U L R; the king's file gives an anqa.
    let fen = format!(
        "{} w - - 0 1",
        place(
            12,
            12,
            "Ka1 ki1 pj5 Pa11 Pb11 Pc11 Pd11 Pe11 Pf11 Pg11 Ph11 Pk11 Pl11"
        )
    );
    let mut p = pos("grant-acedrex", &fen);
    let promos: Vec<String> = p.moves().into_iter().filter(|m| m.contains("11")).collect();
    assert_moves(
        promos,
        &[
            "a11a12r", "b11b12l", "c11c12u", "d11d12z", "e11e12c", "f11f12a", "g11g12a", "h11h12c",
            "k11k12l", "l11l12r",
        ],
        "promotion by file",
    );
    // By the file of arrival, also when capturing: g11xh12 gives a cockatrice.
    let fen = format!("{} w - - 0 1", place(12, 12, "Ka1 kl1 Pg11 rh12 rf12 zg12"));
    let mut p = pos("grant-acedrex", &fen);
    assert_targets(
        &mut p,
        "g11",
        &["f12a", "h12c"],
        "capture-promotion by file",
    );
}

/// english-1650 (docs/rules.md preset table; 17th-century page): promotion to queen, rook, bishop or knight.
#[test]
fn english_promotion_choice() {
    let mut p = pos("english-1650", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_targets(
        &mut p,
        "b7",
        &["b8q", "b8r", "b8b", "b8n", "a8q", "a8r", "a8b", "a8n"],
        "english promotion",
    );
}

// ---------------------------------------------------------------------------------------
// Captures
// ---------------------------------------------------------------------------------------

/// `forced` (docs/rules.md preset table; medieval variants "forced chess": "Capturing is
/// obligatory if it is possible"): among legal moves, if any captures, only captures.
#[test]
fn forced_capture() {
    // Two captures of the pawn on a5: the player chooses.
    let fen = "4k3/8/8/p7/2N5/8/8/R3K3 w - - 0 1";
    assert_moves(
        pos("forced", fen).moves(),
        &["a1a5", "c4a5"],
        "forced capture",
    );
    assert!(pos("shatranj", fen).moves().len() > 2);
    // King safety first: the only capture (Nxd4) is by a pinned knight, so it is not legal
    // and every legal non-capture may be played.
    let fen = "k3r3/8/8/8/3p4/8/4N3/4K3 w - - 0 1";
    assert_moves(
        pos("forced", fen).moves(),
        &["e1d1", "e1d2", "e1f1", "e1f2"],
        "pinned capturer",
    );
    // In check: a capturing evasion exists, so it must be played.
    let fen = "k7/8/8/4r3/2N5/8/8/4K3 w - - 0 1";
    assert_moves(pos("forced", fen).moves(), &["c4e5"], "capturing evasion");
    assert!(pos("shatranj", fen).moves().len() > 1);
    // Black is bound too.
    let fen = "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1";
    assert_moves(pos("forced", fen).moves(), &["b2a1q"], "black forced");
}

/// `ludii-medieval` (docs/rules.md preset table; Ludii: "2 x Fil (elephant): Two squares
/// diagonally, jumping over the first. Cannot capture another Fil.").
#[test]
fn ludii_alfil_may_not_take_an_alfil() {
    let fen = "4k3/8/8/8/8/n3b3/8/2B1K3 w - - 0 1";
    assert_targets(
        &mut pos("ludii-medieval", fen),
        "c1",
        &["a3"],
        "ludii alfil",
    );
    assert_targets(
        &mut pos("shatranj", fen),
        "c1",
        &["a3", "e3"],
        "shatranj alfil",
    );
    // Other men may still take an alfil.
    let fen = "4k3/8/8/8/8/4b3/8/4RK2 w - - 0 1";
    assert!(pos("ludii-medieval", fen)
        .moves()
        .contains(&"e1e3".to_string()));
}

/// Short assize stacks (docs/rules.md "Stacks": each man leaves the stack by itself, a
/// capture takes the whole stack, and by default no move forms a new stack).
#[test]
fn short_assize_stacks() {
    let mut p = start("short-assize");
    // The stacked pawn and ferz on e3 move each alone.
    assert_targets(&mut p, "e3", &["e4", "d4", "f4"], "stack e3");
    let mut q = p.clone();
    q.play("e3e4");
    assert_eq!(
        q.fen(),
        "2b1kb2/2rnnr2/pppp[qp]ppp/8/4P3/PPPPQPPP/2RNNR2/2B1KB2 b - - 0 1"
    );
    let mut q = p.clone();
    q.play("e3f4");
    assert_eq!(
        q.fen(),
        "2b1kb2/2rnnr2/pppp[qp]ppp/8/5Q2/PPPPPPPP/2RNNR2/2B1KB2 b - - 1 1"
    );
    // A capture takes the whole stack.
    let mut p = pos("short-assize", "7k/8/8/3n4/8/4[QP]3/8/K5R1 b - - 0 1");
    assert_eq!(p.men(), [4, 2]);
    p.play("d5e3");
    assert_eq!(p.men(), [2, 2]);
    assert_eq!(p.fen(), "7k/8/8/8/8/4n3/8/K5R1 w - - 0 2");
    // No new stack: the knight may not join the stack, the rook may not join the king.
    let mut p = pos("short-assize", "7k/7p/8/8/8/4[QP]3/8/K2N2R1 w - - 0 1");
    assert_targets(&mut p, "d1", &["b2", "c3", "f2"], "knight next to a stack");
    assert!(p
        .moves()
        .iter()
        .all(|m| !m.ends_with("e3") && !m.ends_with("a1")));
}

// ---------------------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------------------

fn bare(winner: Color, inferior: bool) -> Outcome {
    Outcome::Win {
        winner,
        how: WinKind::BareKing,
        inferior,
    }
}

/// Bare king (docs/rules.md "Outcomes"; medieval variants: "if one side is reduced to a king alone ...
/// he loses as a bare king, unless the other player is reduced to a bare king on the very
/// next move, in which case the game is a draw"; courier rules 11-12; tests/data/reference/README.md's
/// example `8/8/3k4/8/8/2K5/5R2/8 b`: perft 8 then 0).
#[test]
fn bare_king_win_unless_bared_back() {
    let k_v_kr = "8/8/3k4/8/8/2K5/5R2/8 b - - 0 1";
    let mut p = pos("shatranj", k_v_kr);
    assert_eq!(
        p.outcome(),
        Outcome::Ongoing,
        "the bare side to move gets its reply"
    );
    assert_eq!(p.moves().len(), 8);
    assert_eq!(p.perft(2), 0);
    p.play("d6d5");
    assert_eq!(p.outcome(), bare(Color::White, false));
    assert!(p.moves().is_empty());
    // Baring back: K v K is a draw.
    let mut p = pos("shatranj", "8/8/8/8/8/3k4/4R3/K7 b - - 0 1");
    assert_eq!(p.outcome(), Outcome::Ongoing);
    p.play("d3e2");
    assert_eq!(p.outcome(), Outcome::Draw(DrawKind::KingsOnly));
    // With king and two men against the bare king to move, the game is over.
    let mut p = pos("shatranj", "8/8/3k4/8/8/2K5/5R2/4R3 b - - 0 1");
    assert_eq!(p.outcome(), bare(Color::White, false));
    assert!(p.moves().is_empty());
    // Courier has the same rule (courier rules 11-12).
    let mut p = pos(
        "courier",
        &format!("{} b - - 0 1", place(12, 8, "kd6 Kc3 Rf2")),
    );
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

/// Bare king `win` (ludii-medieval, german, nine-moves, grant-acedrex), `inferior-win`
/// (long assize: "Bare king and stalemate are considered inferior wins"), `not-a-win`
/// (Lombard: "he must move, move for move, so long as it pleases the other side") and
/// `off` (english-1650). docs/rules.md preset table.
#[test]
fn bare_king_other_rules() {
    let k_v_kr = "8/8/3k4/8/8/2K5/5R2/8 b - - 0 1";
    for (preset, want) in [
        ("ludii-medieval", bare(Color::White, false)),
        ("german", bare(Color::White, false)),
        ("nine-moves", bare(Color::White, false)),
        ("long-assize", bare(Color::White, true)),
        ("lombard", Outcome::Ongoing),
        ("english-1650", Outcome::Ongoing),
    ] {
        let mut p = pos(preset, k_v_kr);
        assert_eq!(p.outcome(), want, "{preset}");
        assert_eq!(p.moves().is_empty(), want != Outcome::Ongoing, "{preset}");
    }
    let mut p = pos(
        "grant-acedrex",
        &format!("{} b - - 0 1", place(12, 12, "kf6 Kc3 Rh2")),
    );
    assert_eq!(p.outcome(), bare(Color::White, false));
}

/// Stalemate (docs/rules.md "Outcomes"): `stalemater-wins` (shatranj, medieval variants: "any possible
/// move would subject him to capture (stalemate), he has lost"), `stalemater-loses`
/// (short assize, english-1650), `draw` (Lombard, German, nine-moves; orthodox, FIDE Laws
/// 5.2), `inferior-win`
/// (long assize).
#[test]
fn stalemate_per_preset() {
    // Black: Ka8 and a blocked pawn h7, no move, not in check (and not bare).
    let fen = "k7/P6p/1K5P/8/8/8/8/8 b - - 0 1";
    let stale = |winner, inferior| Outcome::Win {
        winner,
        how: WinKind::Stalemate,
        inferior,
    };
    for (preset, want) in [
        ("shatranj", stale(Color::White, false)),
        ("forced", stale(Color::White, false)),
        ("courier", stale(Color::White, false)),
        ("short-assize", stale(Color::Black, false)),
        ("english-1650", stale(Color::Black, false)),
        ("orthodox", Outcome::Draw(DrawKind::Stalemate)),
        ("lombard", Outcome::Draw(DrawKind::Stalemate)),
        ("german", Outcome::Draw(DrawKind::Stalemate)),
        ("nine-moves", Outcome::Draw(DrawKind::Stalemate)),
        ("long-assize", stale(Color::White, true)),
    ] {
        let fen = if preset == "courier" {
            format!("{} b - - 0 1", place(12, 8, "ka8 Pa7 ph7 Kb6 Ph6"))
        } else {
            fen.to_string()
        };
        let mut p = pos(preset, &fen);
        assert!(p.moves().is_empty(), "{preset}: {:?}", p.moves());
        assert!(!p.in_check());
        assert_eq!(p.outcome(), want, "{preset}");
    }
}

/// Checkmate (docs/rules.md "Outcomes": in check with no legal move, loses) in every preset.
#[test]
fn checkmate_in_every_preset() {
    for preset in PRESETS {
        // A dice preset has its base preset's board and men.
        let fen = match preset.trim_end_matches("-dice") {
            "courier" => format!("{} b - - 0 1", place(12, 8, "ka8 Rh8 Kb6 pc3 Pc2")),
            "grant-acedrex" => format!("{} b - - 0 1", place(12, 12, "ka12 Rh12 Kb10 pc3 Pc2")),
            _ => "k6R/8/1K6/8/8/2p5/2P5/8 b - - 0 1".to_string(),
        };
        let mut p = pos(preset, &fen);
        assert!(p.in_check(), "{preset}");
        assert!(p.moves().is_empty(), "{preset}: {:?}", p.moves());
        assert_eq!(
            p.outcome(),
            Outcome::Win {
                winner: Color::White,
                how: WinKind::Checkmate,
                inferior: false
            },
            "{preset}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------------------

/// FEN (src/position.rs module doc): stacks in brackets, the privileges field, multi-digit
/// empty counts, KQkq under castling rules, en-passant square.
#[test]
fn fen_round_trip() {
    for (preset, fen) in [
        ("short-assize", "2b1kb2/2rnnr2/pppp[qp]ppp/8/8/PPPP[QP]PPP/2RNNR2/2B1KB2 w - - 0 1"),
        ("shatranj", "4k3/8/8/8/8/4[QNP]3/8/4K3 w - - 0 1"),
        ("short-assize", "4k3/8/2[nr]5/8/8/4[QP]3/8/4K3 b - - 12 40"),
        ("lombard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w d1e1a2b2c2d2e2f2g2h2a7b7c7d7e7f7g7h7d8e8 - 0 1"),
        ("long-assize", "4k3/8/8/3pP3/8/8/8/4K3 w e1 d6 0 1"),
        ("courier", "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"),
        ("courier", "12/12/4k7/12/3f1R6/12/1K10/12 w - - 0 1"),
        ("grant-acedrex", "rluzcakczulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUZCAKCZULR w g1a4b4c4d4e4f4g4h4i4j4k4l4a9b9c9d9e9f9g9h9i9j9k9l9g12 - 0 1"),
        ("grant-acedrex", "11k/12/12/12/12/12/12/12/12/12/a10A/K11 w - - 0 1"),
        ("english-1650", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2"),
        ("english-1650", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 20"),
    ] {
        let p = pos(preset, fen);
        assert_eq!(p.fen(), fen, "{preset}");
    }
    // Every preset's starting array, with its privileges, survives a round trip.
    for preset in PRESETS {
        let f = start(preset).fen();
        assert_eq!(pos(preset, &f).fen(), f, "{preset}");
        assert_eq!(pos(preset, &f).perft(2), start(preset).perft(2), "{preset}");
    }
}

/// FEN validation (src/position.rs `FenError`): no king, two kings, pawn on its promotion
/// rank, side not to move in check, unknown letter, wrong rank length, too many ranks.
#[test]
fn fen_validation_errors() {
    let err = |preset: &str, fen: &str| {
        try_pos(preset, fen)
            .err()
            .unwrap_or_else(|| panic!("accepted {fen}"))
    };
    assert_eq!(
        err("shatranj", "8/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::Illegal(IllegalPosition::NoKing("Black"))
    );
    assert_eq!(
        err("shatranj", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        FenError::Illegal(IllegalPosition::TooManyKings("White", 2))
    );
    assert_eq!(
        err("shatranj", "1P2k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::Illegal(IllegalPosition::PawnOnLastRank("White", "b8".into()))
    );
    assert_eq!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K2p w - - 0 1"),
        FenError::Illegal(IllegalPosition::PawnOnLastRank("Black", "h1".into()))
    );
    assert_eq!(
        err("shatranj", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        FenError::Illegal(IllegalPosition::OpponentInCheck("Black"))
    );
    assert!(matches!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
        FenError::UnknownLetter('X', _)
    ));
    // courier letters are not shatranj letters
    assert!(matches!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K2M w - - 0 1"),
        FenError::UnknownLetter('M', _)
    ));
    assert!(matches!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
        FenError::RankLength {
            rank: 1,
            expected: 8,
            found: 9,
            ..
        }
    ));
    assert!(matches!(
        err("shatranj", "4k3/7/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::RankLength {
            rank: 7,
            expected: 8,
            found: 7,
            ..
        }
    ));
    assert!(matches!(
        err("courier", "12/12/4k7/12/3f1R6/12/1K10/13 w - - 0 1"),
        FenError::RankLength {
            rank: 1,
            expected: 12,
            ..
        }
    ));
    assert_eq!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1"),
        FenError::RankCount {
            expected: 8,
            found: 9
        }
    );
    assert!(matches!(
        err(
            "grant-acedrex",
            &format!("{}/12/12/12/12/12", place(12, 12, "Ka1 kl12"))
        ),
        FenError::TooLarge(_)
    ));
    assert!(matches!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        FenError::BadSide(_)
    ));
    assert!(matches!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1"),
        FenError::BadPrivileges(_)
    ));
    assert!(matches!(
        err("shatranj", "4k3/8/8/8/8/8/8/4K3 w d4 - 0 1"),
        FenError::BadPrivileges(_)
    ));
    assert!(matches!(
        err("shatranj", "4k3/3p4/8/4P3/8/8/8/4K3 w - d6 0 1"),
        FenError::BadEnPassant(_)
    ));
    assert_eq!(err("shatranj", ""), FenError::Empty);
}

// ---------------------------------------------------------------------------------------
// Zobrist hash, make/unmake
// ---------------------------------------------------------------------------------------

use common::Rng;

/// Every field `unmake` must restore.
fn snapshot<B: Bits>(p: &Position<B>) -> String {
    format!("{} {:?}", p.to_fen(), p.state())
}

/// Random playouts: after every make the incremental hash equals `compute_hash()`, the
/// bitboards agree with a fresh parse of the FEN, every unmake restores the position
/// exactly (FEN, bitboards, counters, hash), the bulk move count equals the list's,
/// `gives_check` and `hash_after` agree with playing the move, and the fast checking-move
/// list is the slow one.
fn walk<B: Bits>(root: &Position<B>, rng: &mut Rng, games: usize, plies: usize) -> usize {
    let castling = root.compiled().rules.castling;
    let mut checked = 0;
    for _ in 0..games {
        let mut p = root.clone();
        for _ in 0..plies {
            let mut l = MoveList::new();
            p.legal_moves(&mut l);
            // perft's bulk count (from target sets, without listing) agrees with the list.
            assert_eq!(p.count_legal(), l.len(), "{}: count_legal", p.to_fen());
            // The fast checking-move generator lists what testing every move finds, in
            // the same order.
            let (mut fast, mut slow) = (MoveList::new(), MoveList::new());
            p.checking_moves(&mut fast);
            p.checking_moves_slow(&mut slow);
            assert_eq!(
                fast.as_slice(),
                slow.as_slice(),
                "{}: checking_moves",
                p.to_fen()
            );
            // With a filter asked before legality, the same list less what it drops.
            let keep = |_: &Position<B>, m: &Move| {
                !(usize::from(m.from) + usize::from(m.to)).is_multiple_of(3)
            };
            // Only some men let move: all but the first checking man (its privileged
            // moves aside).
            let first = slow.as_slice().first().map_or(0, |m| usize::from(m.from));
            let movers = p.state().occ_c[p.side().idx()] & !B::bit(first);
            let mut kept = MoveList::new();
            p.checking_moves_where(&mut kept, movers, keep);
            slow.retain(|m| {
                (m.flag > MoveKind::EnPassant || movers.has(usize::from(m.from))) && keep(&p, m)
            });
            assert_eq!(
                kept.as_slice(),
                slow.as_slice(),
                "{}: checking_moves_where",
                p.to_fen()
            );
            if l.is_empty() {
                break;
            }
            let before = snapshot(&p);
            for &m in l.as_slice() {
                let check = p.gives_check(m);
                let foreseen = p.hash_after(&m);
                let u = p.make(m);
                assert_eq!(check, p.in_check(), "{before}: gives_check of {m:?}");
                // The hash foreseen without playing the move (for prefetching) is the
                // hash make gives, where one is foreseen.
                if let Some(h) = foreseen {
                    assert_eq!(h, p.hash(), "{before}: hash_after of {m:?}");
                }
                assert_eq!(p.hash(), p.compute_hash(), "{before}: hash after {m:?}");
                let q = Position::from_fen_unchecked(p.compiled().clone(), &p.to_fen()).unwrap();
                assert_eq!(q.state().pieces, p.state().pieces, "{before} {m:?}");
                assert_eq!(
                    (
                        q.state().occ_c,
                        q.occupied(),
                        q.state().stacked,
                        q.state().men
                    ),
                    (
                        p.state().occ_c,
                        p.occupied(),
                        p.state().stacked,
                        p.state().men
                    ),
                    "{before} {m:?}"
                );
                if !castling && p.state().nine == 0 {
                    // Under castling rules the FEN only keeps KQkq (a lone unmoved rook's
                    // privilege is not written), so privileges are compared only here; the
                    // nine-move count is not in the FEN either (it is in the hash).
                    assert_eq!(
                        (q.state().privileges, q.state().ep, q.hash()),
                        (p.state().privileges, p.state().ep, p.hash()),
                        "{before} {m:?}"
                    );
                }
                p.unmake(m, u);
                assert_eq!(snapshot(&p), before, "unmake of {m:?}");
                checked += 1;
            }
            let m = l.as_slice()[(rng.next() % l.len() as u64) as usize];
            p.make(m);
        }
    }
    checked
}

#[test]
fn zobrist_and_unmake_along_random_playouts() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for preset in PRESETS {
        let mut n = 0;
        let mut roots = vec![start(preset)];
        // Extra roots with promotions, en passant and stacks close at hand.
        let extra: &[&str] = match preset.trim_end_matches("-dice") {
            "courier" => &["6kw4/1P2P7/2m9/3b8/12/12/p5K3p1/1R7N2 w - - 0 1"],
            "grant-acedrex" => &[],
            "english-1650" => &[
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            ],
            "short-assize" => &["2r5/1P1P1[np]k1/8/8/8/4b3/p3K1p1/1R1[QP]1N2 w - - 0 1"],
            _ => &["2r3k1/1P1P4/8/8/3p4/4b3/p1PPK1p1/1R3N2 w - - 0 1"],
        };
        let rules = Rules::preset(preset).unwrap();
        for f in extra {
            // Give the c2 and d2 pawns their double steps where the rules have them.
            let f = if rules.pawns.double_step && !rules.castling && *preset != "short-assize" {
                f.replace(" w - ", " w c2d2 ")
            } else {
                f.to_string()
            };
            roots.push(pos(preset, &f));
        }
        for (i, r) in roots.iter().enumerate() {
            let games = if i == 0 { 6 } else { 4 };
            n += on!(r, p => walk(p, &mut rng, games, 120));
        }
        assert!(n > 1000, "{preset}: only {n} moves checked");
    }
}

// ---------------------------------------------------------------------------------------
// Starting arrays
// ---------------------------------------------------------------------------------------

/// Depth-1 moves of each preset's starting array (`Position::start`, privileges included),
/// written out by hand from the rule text, and perft 2 and 3.
///
/// perft 2/3: shatranj (mirror image of Fairy-Stockfish's start, which has the kings on the
/// d-file: 16, 256, 4176), courier (Fairy-Stockfish: 26, 678, 18406) and english-1650
/// (orthodox chess: 20, 400, 8902) are external references. Every other value is a
/// REGRESSION value computed by mansuba itself once its depth-1 list had been checked by
/// hand: it guards against unnoticed changes, it is not an independent reference.
fn check_start<S: AsRef<str>>(preset: &str, expected: &[S], d2: u64, d3: u64) {
    let mut p = start(preset);
    assert_moves(p.moves(), expected, &format!("{preset} start"));
    assert_eq!(p.perft(1), expected.len() as u64, "{preset}");
    assert_eq!(p.perft(2), d2, "{preset} perft 2");
    assert_eq!(p.perft(3), d3, "{preset} perft 3");
}

const SHATRANJ_START: &[&str] = &[
    "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", // pawns, one step
    "b1a3", "b1c3", "g1f3", "g1h3", // knights
    "c1a3", "c1e3", "f1d3", "f1h3", // alfils
];
const DOUBLE_ALL: &[&str] = &[
    "a2a4", "b2b4", "c2c4", "d2d4", "e2e4", "f2f4", "g2g4", "h2h4",
];
/// The ferz's leap from d1 to empty squares (d3 over the d2 pawn); f1/b1 are occupied.
const QUEEN_LEAP_D1: &[&str] = &["d1b3", "d1d3", "d1f3"];
/// The ring-of-two king leap from e1 (rank 1 and 2 targets are occupied).
const RING_LEAP_E1: &[&str] = &["e1c3", "e1d3", "e1e3", "e1f3", "e1g3"];
/// The Lombard king leap from e1 (straight, 2 or 3 squares, over friends).
const LOMBARD_LEAP_E1: &[&str] = &["e1e3", "e1e4", "e1c3", "e1b4", "e1g3", "e1h4"];

fn cat(parts: &[&[&str]]) -> Vec<String> {
    parts
        .iter()
        .flat_map(|p| p.iter())
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn start_shatranj_family() {
    // medieval variants / Ludii / maidens' game: no double step, no leaps.
    check_start("shatranj", SHATRANJ_START, 256, 4176);
    check_start("ludii-medieval", SHATRANJ_START, 256, 4176);
    check_start("forced", SHATRANJ_START, 256, 4176);
}

#[test]
fn start_alfonso() {
    // Double steps for all pawns, the ferz's five-square leap (3 of them empty).
    check_start(
        "alfonso",
        &cat(&[SHATRANJ_START, DOUBLE_ALL, QUEEN_LEAP_D1]),
        729,
        19230,
    );
}

#[test]
fn start_long_assize() {
    // Double steps, king's ring leap, ferz's leap.
    check_start(
        "long-assize",
        &cat(&[SHATRANJ_START, DOUBLE_ALL, QUEEN_LEAP_D1, RING_LEAP_E1]),
        1024,
        31568,
    );
}

#[test]
fn start_lombard() {
    // Double steps, Lombard king and queen leaps, and their joint moves (6 x 3).
    let mut joint = vec![];
    for k in LOMBARD_LEAP_E1 {
        for q in QUEEN_LEAP_D1 {
            joint.push(format!("{k}&{q}"));
        }
    }
    let mut exp = cat(&[SHATRANJ_START, DOUBLE_ALL, QUEEN_LEAP_D1, LOMBARD_LEAP_E1]);
    exp.extend(joint);
    assert_eq!(exp.len(), 51);
    check_start("lombard", &exp, 2517, 93409);
}

#[test]
fn start_german() {
    // Double steps on a, d, e, h only; Lombard leaps; no joint move.
    let exp = cat(&[
        SHATRANJ_START,
        &["a2a4", "d2d4", "e2e4", "h2h4"],
        QUEEN_LEAP_D1,
        LOMBARD_LEAP_E1,
    ]);
    check_start("german", &exp, 832, 23235);
}

#[test]
fn start_nine_moves() {
    // Double steps, ring king leap, Lombard queen leap.
    let exp = cat(&[SHATRANJ_START, DOUBLE_ALL, QUEEN_LEAP_D1, RING_LEAP_E1]);
    check_start("nine-moves", &exp, 1024, 31568);
}

#[test]
fn start_short_assize() {
    // Murray's array B: Ac1 Ke1 Af1, Rc2 Nd2 Ne2 Rf2, pawns a3-h3, ferz stacked on e3.
    let exp = [
        "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", // pawns
        "e3d4", "e3f4", // the stacked ferz
        "e1d1", // king
        "c2a2", "c2b2", "f2g2", "f2h2", // rooks
        "d2b1", "d2c4", "d2e4", "e2g1", "e2d4", "e2f4", // knights
    ];
    check_start("short-assize", &exp, 441, 9735);
}

#[test]
fn start_courier() {
    let exp = [
        "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "h2h3", "i2i3", "j2j3", "k2k3", // pawns
        "a1a2", "a1a3", "l1l2", "l1l3", // rooks
        "b1a3", "b1c3", "k1j3", "k1l3", // knights
        "c1a3", "c1e3", "j1h3", "j1l3", // alfils
        "f1g1", "f1g2", // king
        "h1g1", // fool
        "g3f4", "g3h4", // ferz
    ];
    check_start("courier", &exp, 678, 18406);
}

#[test]
fn start_grant_acedrex() {
    let mut exp: Vec<String> = vec![];
    for f in "abcdefghijkl".chars() {
        exp.push(format!("{f}4{f}5"));
        exp.push(format!("{f}4{f}6")); // double step
    }
    for m in [
        "a1a2", "a1a3", "l1l2", "l1l3", // rooks
        "b1e2", "k1h2", // lions
        "c1d3", "c1b3", "c1e2", "c1a2", "c1f3", // unicorn c1 (e2 then f3)
        "j1i3", "j1k3", "j1h2", "j1l2", "j1g3", // unicorn j1
        "d1g3", "d1a3", "i1l3", "i1f3", // giraffes
        "e1d2", "e1c3", "e1f2", "e1g3", "h1g2", "h1f3", "h1i2", "h1j3", // cockatrices
        "f1g2", "f1h2", "f1i2", "f1j2", "f1k2", "f1l2", "f1g3", // anqa via g2
        "f1e2", "f1d2", "f1c2", "f1b2", "f1a2", "f1e3", // anqa via e2
        "g1f2", "g1g2", "g1h2", // king steps
        "g1e3", "g1g3", "g1i3", // king's leap
    ] {
        exp.push(m.to_string());
    }
    assert_eq!(exp.len(), 71, "{exp:?}");
    check_start("grant-acedrex", &exp, 5041, 361317);
}

#[test]
fn start_english_1650() {
    let exp = cat(&[
        &[
            "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3",
        ],
        DOUBLE_ALL,
        &["b1a3", "b1c3", "g1f3", "g1h3"],
    ]);
    check_start("english-1650", &exp, 400, 8902);
}

#[test]
fn start_privileges() {
    // In a starting array every unmoved man has its privileges (docs/rules.md, "FEN").
    assert_eq!(start("shatranj").fen().split(' ').nth(2), Some("-"));
    assert_eq!(
        start("german").fen().split(' ').nth(2),
        Some("d1e1a2d2e2h2a7d7e7h7d8e8"),
        "german: a, d, e, h pawns, king and ferz"
    );
    assert_eq!(
        start("alfonso").fen().split(' ').nth(2),
        Some("d1a2b2c2d2e2f2g2h2a7b7c7d7e7f7g7h7d8"),
        "alfonso: pawns and ferz, no king leap"
    );
    assert_eq!(start("english-1650").fen().split(' ').nth(2), Some("KQkq"));
}

// ---------------------------------------------------------------------------------------
// Knobs beyond the presets
// ---------------------------------------------------------------------------------------

fn pos_rules(rules: Rules, fen: &str) -> P {
    match AnyEngine::new(rules).unwrap() {
        AnyEngine::W64(e) => P::W64(Position::from_fen(e, fen).unwrap()),
        AnyEngine::W128(e) => P::W128(Position::from_fen(e, fen).unwrap()),
        AnyEngine::W256(e) => P::W256(Position::from_fen(e, fen).unwrap()),
    }
}

/// docs/rules.md "Stacks": by default no move may form a new stack (the knob
/// `stacks_may_form` allows it). With
/// `stacks_may_form = true` a man may join a friend of any kind, its own included (issue
/// 13: stacks of like men such as `[RR]`, up to three men a square), and every move must
/// keep the position consistent.
#[test]
fn stacks_may_form_knob() {
    let rules = Rules::from_toml_str(
        "preset = \"short-assize\"\nname = \"stacking\"\nstacks_may_form = true\n",
    )
    .unwrap();
    // Rooks a1 and a4, knight b1, pawn c3; Black: king h8, pawn h7.
    let mut p = pos_rules(rules, "7k/7p/8/8/R7/2P5/8/RN5K w - - 0 1");
    let moves = p.moves();
    assert!(
        moves.contains(&"b1c3".to_string()),
        "a knight may join the pawn: {moves:?}"
    );
    assert!(
        moves.contains(&"a1b1".to_string()),
        "a rook may join the knight: {moves:?}"
    );
    assert!(
        moves.contains(&"a1a4".to_string()) && moves.contains(&"a4a1".to_string()),
        "a rook may join a rook (two men of one kind on a square): {moves:?}"
    );
    on!(&p, q => {
        let mut r = Rng(7);
        walk(q, &mut r, 4, 40);
    });
}

/// Medieval variants, list 5: "When a player has the advantage of a rook (or more) he has nine moves
/// left to mate the opponent." The count runs over the stronger side's moves; after the
/// ninth without mate the game is drawn. (The count is not part of the FEN.)
#[test]
fn nine_move_limit() {
    let any =
        mansuba::board::compiled::AnyEngine::new(Rules::preset("nine-moves").unwrap()).unwrap();
    let mansuba::board::compiled::AnyEngine::W64(e) = any else {
        panic!("8x8 is u64")
    };
    // Two rooks against a knight: White is a rook (and more) ahead.
    let mut p = Position::from_fen(e.clone(), "7k/8/8/8/8/8/8/K1RR3n w - - 0 1").unwrap();
    let start = p.to_fen();
    let shuffle = [("c1", "c2"), ("h8", "g8"), ("c2", "c1"), ("g8", "h8")];
    let mut undo = vec![];
    for i in 0..18 {
        let (f, t) = shuffle[i % 4];
        let g = p.compiled().geo;
        let (f, t) = (g.parse(f).unwrap(), g.parse(t).unwrap());
        let mut l = MoveList::new();
        p.legal_moves(&mut l);
        let m = *l
            .as_slice()
            .iter()
            .find(|m| m.from == f && m.to == t)
            .unwrap();
        undo.push((m, p.make(m)));
        assert_eq!(p.hash(), p.compute_hash());
        let white_moves = (i / 2 + 1) as u8;
        if i % 2 == 0 {
            assert_eq!(p.state().nine, white_moves);
            let o = p.outcome();
            if white_moves >= 9 {
                assert_eq!(o, Outcome::Draw(DrawKind::NineMoves));
                break;
            }
            assert_eq!(o, Outcome::Ongoing);
        }
    }
    while let Some((m, u)) = undo.pop() {
        p.unmake(m, u);
    }
    assert_eq!(p.state().nine, 0);
    assert_eq!(p.to_fen(), start);
    assert_eq!(p.hash(), p.compute_hash());
    // Under the other presets no such limit.
    let any = mansuba::board::compiled::AnyEngine::new(Rules::preset("german").unwrap()).unwrap();
    let mansuba::board::compiled::AnyEngine::W64(e) = any else {
        panic!()
    };
    let mut q = Position::from_fen(e, "7k/8/8/8/8/8/8/K1RR3n w - - 0 1").unwrap();
    let mut l = MoveList::new();
    q.legal_moves(&mut l);
    let m = l.as_slice()[0];
    q.make(m);
    assert_eq!(q.state().nine, 0);
}

/// An en-passant square is only read when the pawn that passed stands behind it and the
/// square it came from is empty (otherwise the capture would take nothing, or a piece).
#[test]
fn en_passant_field_is_checked_against_the_board() {
    let AnyEngine::W64(e) = AnyEngine::new(Rules::preset("english-1650").unwrap()).unwrap() else {
        panic!("8x8 is u64")
    };
    assert!(Position::from_fen(e.clone(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1").is_ok());
    for bad in [
        "4k3/8/8/3P4/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/3Pn3/8/8/8/4K3 w - e6 0 1",
        "4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1",
    ] {
        assert!(
            matches!(
                Position::from_fen(e.clone(), bad),
                Err(FenError::BadEnPassant(_))
            ),
            "{bad}"
        );
    }
}
