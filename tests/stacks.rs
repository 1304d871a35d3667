//! Stacks of any men (issue 13, part 5): two or three men of one side on a square, two
//! of one kind included (`[PP]`, `[QPP]`), as the English manuscripts draw them. Each man
//! leaves by itself, a capture takes the whole stack, stacks form only where the rules
//! say so. Counts below are worked out by hand; each is explained where it is asserted.

use mansuba::analyse::analyse;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::movegen::MoveList;
use mansuba::board::perft::perft;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::solve::{ConditionSpec, Limits};

fn engine(stacks_may_form: bool) -> AnyEngine {
    let mut r = Rules::preset("shatranj").unwrap();
    r.stacks_may_form = stacks_may_form;
    AnyEngine::new(r).unwrap()
}

fn perft_of(fen: &str, depth: u32) -> u64 {
    mansuba::with_engine!(&engine(false), e => {
        let mut p = Position::from_fen(e.clone(), fen).unwrap();
        perft(&mut p, depth)
    })
}

/// Plays the coordinate moves and returns the FEN; checks the hash on the way and that
/// taking every move back restores the position exactly.
fn play(eng: &AnyEngine, fen: &str, moves: &[&str]) -> (String, [u16; 2]) {
    mansuba::with_engine!(eng, e => {
        let mut p = Position::from_fen(e.clone(), fen).unwrap();
        let start = (p.to_fen(), p.hash(), p.state().men);
        let mut undo = vec![];
        for t in moves {
            let m = mansuba::notation::parse_move(&p, t).unwrap_or_else(|err| panic!("{t}: {err}"));
            assert_eq!(mansuba::notation::coord(&p, &m), *t);
            undo.push((m, p.make(m)));
            assert_eq!(p.hash(), p.compute_hash(), "after {t}");
        }
        let out = (p.to_fen(), p.state().men);
        for (m, u) in undo.into_iter().rev() {
            p.unmake(m, u);
        }
        assert_eq!((p.to_fen(), p.hash(), p.state().men), start);
        out
    })
}

/// Two white pawns stacked on e3 (White Ke1 [PP]e3; Black Ke8, pa7).
const PP: &str = "4k3/p7/8/8/8/4[PP]3/8/4K3 w - - 0 1";

#[test]
fn perft_two_pawns_of_one_stack() {
    // Depth 1, White: the king has d1 f1 d2 e2 f2 (5; nothing black reaches them); the
    // stack gives one pawn move, e3-e4 (either pawn: the same position, counted once;
    // d4 and f4 are empty, so no capture): 6.
    assert_eq!(perft_of(PP, 1), 6);
    // Depth 2: after each of the 6, Black has Ke8-d8 f8 d7 e7 f7 (5; no white man
    // reaches rank 7 or 8) and a7-a6 (1): 6 x 6 = 36.
    assert_eq!(perft_of(PP, 2), 36);
    // The pawn that left stands alone on e4, its twin stays on e3.
    let (fen, men) = play(&engine(false), PP, &["e3e4"]);
    assert_eq!(fen, "4k3/p7/8/8/4P3/4P3/8/4K3 b - - 0 1");
    assert_eq!(men, [3, 2]);
}

/// A ferz and two pawns on d3 (White Ke1 [QPP]d3; Black Rd8 Ke8). `Q` is the ferz.
const QPP: &str = "3rk3/8/8/8/8/3[QPP]4/8/4K3 w - - 0 1";

#[test]
fn perft_three_man_stack() {
    // Depth 1, White: king d1 d2 e2 f1 f2 (5: the stack shuts the d-file, so the rook
    // reaches none of them); the ferz leaves by itself to c2 e2 c4 e4 (4); one pawn
    // steps d3-d4 (1; c4 and e4 are empty, no capture): 10.
    assert_eq!(perft_of(QPP, 1), 10);
    // Depth 2, Black's replies: king d7 e7 f7 f8 (4) and rook c8 b8 a8, d7 d6 d5 d4
    // and the capture on d3 (8), 12 in all,
    //   after the 5 king moves and the 4 ferz moves (two pawns still shut the file on d3):
    //   9 x 12 = 108;
    //   after d3-d4 the rook meets the lone pawn on d4: c8 b8 a8 d7 d6 d5 xd4 (7) + 4 = 11.
    // 108 + 11 = 119.
    assert_eq!(perft_of(QPP, 2), 119);
    // A man leaves by itself and the others stay stacked.
    assert_eq!(
        play(&engine(false), QPP, &["d3e4"]).0,
        "3rk3/8/8/8/4Q3/3[PP]4/8/4K3 b - - 1 1"
    );
    // A capture takes the whole stack: White is left with a bare king.
    let (fen, men) = play(&engine(false), QPP, &["e1f2", "d8d3"]);
    assert_eq!(fen, "4k3/8/8/8/8/3r4/5K2/8 w - - 0 2");
    assert_eq!(men, [1, 2]);
}

#[test]
fn fen_reads_and_writes_stacks() {
    mansuba::with_engine!(&engine(false), e => {
        for fen in [PP, QPP, "4k3/8/8/8/8/8/[pp]7/R3K3 w - - 0 1"] {
            let p = Position::from_fen(e.clone(), fen).unwrap();
            assert_eq!(p.to_fen(), fen);
        }
        let p = Position::from_fen(e.clone(), QPP).unwrap();
        assert_eq!(p.material(mansuba::board::piece::Color::White), Position::from_fen(e.clone(), "3rk3/8/8/8/8/3Q4/3P4/3PK3 w - - 0 1").unwrap().material(mansuba::board::piece::Color::White));
        // Bad stacks are refused with a reason.
        for (fen, why) in [
            ("4k3/8/8/8/8/3[QPPP]4/8/4K3 w - - 0 1", "at most 3 men"),
            ("4k3/8/8/8/8/3[KK]4/8/8 w - - 0 1", "two kings"),
            ("4k3/8/8/8/8/3[Qp]4/8/4K3 w - - 0 1", "both sides"),
        ] {
            let err = Position::from_fen(e.clone(), fen).unwrap_err().to_string();
            assert!(err.contains(why), "{fen}: {err}");
        }
        // The diagram shows every man of a stack.
        let p = Position::from_fen(e.clone(), QPP).unwrap();
        assert!(mansuba::solve::diagram(&p).contains("QPP"));
        // Tables hold no stacks.
        let err = mansuba::retro::material_of(&p).unwrap_err().to_string();
        assert!(err.contains("stacked"), "{err}");
    });
}

#[test]
fn forming_stacks_is_a_rules_knob() {
    // Two rooks on a1 and a2: without the knob a1-a2 is no move; with it, the rook joins
    // its twin ([RR]) and a third man may still join, a fourth may not.
    let fen = "4k3/p7/8/8/8/8/R7/RN2K3 w - - 0 1";
    mansuba::with_engine!(&engine(false), e => {
        let p = Position::from_fen(e.clone(), fen).unwrap();
        assert!(mansuba::notation::parse_move(&p, "a1a2").is_err());
    });
    let (fen2, men) = play(&engine(true), fen, &["a1a2"]);
    assert_eq!(fen2, "4k3/p7/8/8/8/8/[RR]7/1N2K3 b - - 1 1");
    assert_eq!(men, [4, 2]);
    // A third man of another kind may join the pair; taken back, all is as before.
    let (fen3, men) = play(
        &engine(true),
        "4k3/p7/8/8/8/8/[RR]7/2N1K3 w - - 0 1",
        &["c1a2"],
    );
    assert_eq!(fen3, "4k3/p7/8/8/8/8/[NRR]7/4K3 b - - 1 1");
    assert_eq!(men, [4, 2]);
    // A full stack takes no fourth man: the rook on a1 cannot move onto a2.
    mansuba::with_engine!(&engine(true), e => {
        let mut p = Position::from_fen(e.clone(), "4k3/p7/8/8/8/8/[RRN]7/R3K3 w - - 0 1").unwrap();
        let mut l = MoveList::new();
        p.legal_moves(&mut l);
        let a2 = e.geo.parse("a2").unwrap();
        assert!(!l.is_empty());
        assert!(l.as_slice().iter().all(|m| m.to != a2), "{:?}", l.as_slice());
    });
}

#[test]
fn solver_mates_with_a_stacked_pair() {
    // Composed for this test: two rooks stacked on a7. 1.Ra8# needs both: one checks
    // along rank 8 while its twin, left behind on a7, guards g7 and h7. A lone rook
    // would let the king out (1.Ra8+ Kg7 or Kh7); 1.Rh7+ Kg8 is no mate.
    let any = engine(false);
    let a = analyse(
        &any,
        "7k/[RR]7/8/8/8/1p6/8/4K3 w - - 0 1",
        &"#1".parse().unwrap(),
        &ConditionSpec::default(),
        Some("1.Ra8#"),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(a.report.keys, vec!["a7a8".to_string()]);
    assert!(a.report.keys_complete);
    assert_eq!(a.claim.status.word(), "ok");
    // Without the twin the same move is no mate.
    let a = analyse(
        &any,
        "7k/R7/8/8/8/1p6/8/4K3 w - - 0 1",
        &"#1".parse().unwrap(),
        &ConditionSpec::default(),
        None,
        &Limits::default(),
    )
    .unwrap();
    assert!(a.report.keys.is_empty());
}
