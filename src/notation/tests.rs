use super::*;
use crate::board::bits::U256;
use crate::board::engine::Engine;
use crate::board::movegen::MoveList;
use crate::board::position::MoveKind;
use std::sync::Arc;

fn pos<B: Bits>(preset: &str, fen: &str) -> Position<B> {
    let e = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
    Position::from_fen(e, fen).unwrap()
}

fn sh(fen: &str) -> Position<u64> {
    pos("shatranj", fen)
}

fn en(fen: &str) -> Position<u64> {
    pos("english-1650", fen)
}

/// Parses, checks the SAN, and checks that the SAN and the coordinates read back.
fn round<B: Bits>(p: &Position<B>, text: &str, want_san: &str) -> Move {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(san(p, &m), want_san, "SAN of {text}");
    assert_eq!(
        parse_move(p, want_san).unwrap(),
        m,
        "reading back {want_san}"
    );
    assert_eq!(
        parse_move(p, &coord(p, &m)).unwrap(),
        m,
        "coordinates of {text}"
    );
    m
}

/// Every legal move's SAN and coordinates read back to that move.
fn all_round_trip<B: Bits>(p: &Position<B>) {
    let mut q = p.clone();
    let mut l = MoveList::new();
    q.legal_moves(&mut l);
    for m in l.as_slice() {
        let s = san(p, m);
        assert_eq!(parse_move(p, &s).as_ref(), Ok(m), "SAN {s}");
        // Coordinates name a move unless two men of a stack share its squares.
        let c = coord(p, m);
        let back = parse_move(p, &c);
        assert!(
            back == Ok(*m) || matches!(back, Err(NotationError::Ambiguous { .. })),
            "{c}"
        );
    }
}

#[test]
fn shatranj_letters_and_aliases() {
    let p = sh("4k3/7p/8/8/8/8/8/2B1KQ2 w - - 0 1");
    let m = round(&p, "Qg2", "Qg2");
    assert_eq!(parse_move(&p, "Fg2").unwrap(), m);
    assert_eq!(parse_move(&p, "fg2").unwrap(), m);
    assert_eq!(parse_move(&p, "f1-g2").unwrap(), m);
    let a = round(&p, "Ba3", "Ba3");
    assert_eq!(parse_move(&p, "Aa3").unwrap(), a);
    assert_eq!(parse_move(&p, "♗a3").unwrap(), a);
    assert_eq!(coord(&p, &a), "c1a3");
    // The ferz cannot ride.
    let err = parse_move(&p, "Qh3").unwrap_err();
    assert!(matches!(err, NotationError::NoSuchMove { .. }), "{err}");
    assert!(
        err.to_string().contains("no white ferz can move to h3"),
        "{err}"
    );
    all_round_trip(&p);
}

#[test]
fn lower_case_file_wins_over_alias() {
    // `e` is an alfil alias in shatranj and also a file: `exd5` is the pawn.
    let p = sh("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let m = round(&p, "exd5", "exd5");
    assert_eq!(p.eng.rules.pieces[m.piece as usize].name, "pawn");
    assert_eq!(parse_move(&p, "e4:d5").unwrap(), m);
    assert_eq!(parse_move(&p, "Pxd5").unwrap(), m);
    assert_eq!(parse_move(&p, "ed5").unwrap(), m);
    round(&p, "e5", "e5");
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    let p = sh("4k3/7p/8/8/3N4/R7/8/R3K1N1 w - - 0 1");
    round(&p, "R1a2", "R1a2");
    round(&p, "R3a2", "R3a2");
    let err = parse_move(&p, "Ra2").unwrap_err();
    match &err {
        NotationError::Ambiguous { candidates, .. } => {
            assert_eq!(candidates, &["R1a2".to_string(), "R3a2".to_string()])
        }
        e => panic!("{e}"),
    }
    assert!(err.to_string().contains("ambiguous"));
    round(&p, "Ng1f3", "Ngf3");
    round(&p, "Nd4f3", "Ndf3");
    round(&p, "ng1e2", "Nge2");
    round(&p, "Ng1-h3", "Nh3");
    all_round_trip(&p);
    let q = en("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    round(&q, "Qa1b2", "Qa1b2");
    round(&q, "Qcb2", "Qcb2");
    round(&q, "Q3b2", "Q3b2");
    all_round_trip(&q);
}

#[test]
fn promotion_with_and_without_letter() {
    let p = sh("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1");
    let m = round(&p, "b8", "b8=Q");
    assert_eq!(coord(&p, &m), "b7b8q");
    assert_eq!(parse_move(&p, "b8=F").unwrap(), m);
    let err = parse_move(&p, "b8=R").unwrap_err();
    assert!(err.to_string().contains("may only be to Q"), "{err}");
    let q = en("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(
        parse_move(&q, "b8"),
        Err(NotationError::Ambiguous { .. })
    ));
    round(&q, "b7b8n", "b8=N");
    round(&q, "b8Q", "b8=Q+");
    round(&q, "b8=R", "b8=R+");
    let err = parse_move(&q, "b7b8k").unwrap_err();
    assert!(err.to_string().contains("may only be to"), "{err}");
    all_round_trip(&q);
}

#[test]
fn castling_and_en_passant_in_english_1650() {
    let p = en("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = round(&p, "O-O", "O-O");
    assert_eq!(m.flag, MoveKind::Castle);
    assert_eq!(coord(&p, &m), "e1g1");
    assert_eq!(parse_move(&p, "0-0").unwrap(), m);
    assert_eq!(parse_move(&p, "Kg1").unwrap(), m);
    let l = round(&p, "0-0-0", "O-O-O");
    assert_eq!(coord(&p, &l), "e1c1");
    all_round_trip(&p);
    // Without the privileges there is no castling.
    let n = en("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    let err = parse_move(&n, "O-O").unwrap_err();
    assert!(
        err.to_string().contains("castling is not possible"),
        "{err}"
    );
    // Castling into check is illegal, not impossible.
    let c = en("r3k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let err = parse_move(&c, "O-O").unwrap_err();
    assert!(matches!(err, NotationError::Illegal { .. }), "{err}");

    let ep = en("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = round(&ep, "exd6", "exd6");
    assert_eq!(m.flag, MoveKind::EnPassant);
    assert_eq!(parse_move(&ep, "exd6 e.p.").unwrap(), m);
    assert_eq!(parse_move(&ep, "e5xd6ep").unwrap(), m);
    assert_eq!(parse_move(&ep, "e5d6").unwrap(), m);
    all_round_trip(&ep);
}

#[test]
fn courier_twelve_files() {
    let p: Position<u128> = pos(
        "courier",
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
    );
    let m = round(&p, "Rl3", "Rl3");
    assert_eq!(coord(&p, &m), "l1l3");
    round(&p, "Ea3", "Ea3");
    round(&p, "Aa3", "Ea3");
    round(&p, "Wg1", "Wg1");
    round(&p, "Kg1", "Kg1");
    round(&p, "k2k3", "k3");
    all_round_trip(&p);
}

#[test]
fn grant_acedrex_two_digit_ranks() {
    let p: Position<U256> = pos(
        "grant-acedrex",
        "6k4r/12/P11/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
    );
    let m = round(&p, "a10a11", "a11");
    assert_eq!(coord(&p, &m), "a10a11");
    assert_eq!(parse_move(&p, "a10-a11").unwrap(), m);
    let q: Position<U256> = pos(
        "grant-acedrex",
        "6k4r/P11/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
    );
    let m = round(&q, "a12", "a12=R+");
    assert_eq!(coord(&q, &m), "a11a12r");
    let err = parse_move(&q, "a13").unwrap_err();
    assert!(err.to_string().contains("not a square"), "{err}");
    all_round_trip(&q);
}

#[test]
fn check_and_checkmate_suffixes() {
    let p = sh("k7/8/1K6/2p5/8/8/8/7R w - - 0 1");
    round(&p, "Rh8", "Rh8#");
    round(&p, "Ra1", "Ra1+");
    round(&p, "Rh7", "Rh7");
    assert_eq!(
        parse_move(&p, "Rh8#!").unwrap(),
        parse_move(&p, "Rh8").unwrap()
    );
    let m = parse_move(&p, "Rh8").unwrap();
    assert_eq!(line_text(&p, &[m]), "1.Rh8#");
}

#[test]
fn errors_are_precise() {
    let p = sh("4k3/8/8/8/8/8/3r4/R3K1N1 w - - 0 1");
    assert_eq!(parse_move(&p, "  "), Err(NotationError::Empty));
    for junk in ["zz9", "Xe4", "e", "+!", "Nf33", "hello"] {
        let err = parse_move(&p, junk).unwrap_err();
        assert!(
            matches!(
                err,
                NotationError::Unreadable { .. } | NotationError::NoSuchMove { .. }
            ),
            "{junk}: {err}"
        );
    }
    let err = parse_move(&p, "Ke2").unwrap_err();
    assert!(matches!(err, NotationError::Illegal { .. }), "{err}");
    assert!(err.to_string().contains("would stand in check"), "{err}");
    let err = parse_move(&p, "Qd2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "'Qd2' matches no legal move: White has no ferz"
    );
    let err = parse_move(&p, "Ng1-g3").unwrap_err();
    assert!(
        err.to_string()
            .contains("the knight on g1 cannot move to g3"),
        "{err}"
    );
    let err = parse_move(&p, "Nb1-c3").unwrap_err();
    assert!(
        err.to_string().contains("White has no knight on b1"),
        "{err}"
    );
    // A check must be met; a pinned man may not leave the line.
    let c = sh("4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1");
    let err = parse_move(&c, "Ne3").unwrap_err();
    assert!(err.to_string().contains("does not meet the check"), "{err}");
    let pin = sh("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let err = parse_move(&pin, "Nf4").unwrap_err();
    assert!(err.to_string().contains("leave the king in check"), "{err}");
    // Bare king: the game is over.
    let bare = sh("4k3/8/8/8/8/8/8/R3K2R b - - 0 1");
    let err = parse_move(&bare, "Kd8").unwrap_err();
    assert!(matches!(err, NotationError::GameOver { .. }), "{err}");
}

#[test]
fn forced_capture_is_explained() {
    let p: Position<u64> = pos("forced", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let err = parse_move(&p, "e5").unwrap_err();
    assert!(err.to_string().contains("compulsory"), "{err}");
    assert!(err.to_string().contains("exd5"), "{err}");
}

#[test]
fn stacks_and_joint_moves() {
    // Short assize: the ferz stacked with the pawn on e3.
    let p: Position<u64> = pos(
        "short-assize",
        "2b1kb2/2rnnr2/pppp[qp]ppp/8/8/PPPP[QP]PPP/2RNNR2/2B1KB2 w - - 0 1",
    );
    let pawn = round(&p, "e4", "e4");
    let ferz = round(&p, "Qd4", "Qd4");
    assert_eq!((pawn.from, ferz.from), (20, 20));
    assert_eq!(coord(&p, &ferz), "e3d4");
    all_round_trip(&p);

    let mut l: Position<u64> = pos("lombard", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    l.set_privileges(u64::bit(3) | u64::bit(4));
    let mut list = MoveList::new();
    l.legal_moves(&mut list);
    let joint = *list
        .as_slice()
        .iter()
        .find(|m| m.flag == MoveKind::Joint)
        .expect("a joint move");
    let s = san(&l, &joint);
    let c = coord(&l, &joint);
    assert!(s.starts_with('K') && s.contains("&Q"), "{s}");
    assert!(c.starts_with("e1") && c.contains("&d1"), "{c}");
    assert_eq!(parse_move(&l, &s).unwrap(), joint);
    assert_eq!(parse_move(&l, &c).unwrap(), joint);
    // The halves may come in either order.
    let (k, q) = s.split_once('&').unwrap();
    assert_eq!(parse_move(&l, &format!("{q}&{k}")).unwrap(), joint);
    all_round_trip(&l);
}

#[test]
fn long_algebraic_and_odd_input_never_panic() {
    let p: Position<u64> = Position::start(Arc::new(
        Engine::new(Rules::preset("english-1650").unwrap()).unwrap(),
    ))
    .unwrap();
    let m = round(&p, "e2e4", "e4");
    assert_eq!(m.flag, MoveKind::DoubleStep);
    assert_eq!(parse_move(&p, "e2-e4!").unwrap(), m);
    assert_eq!(parse_move(&p, "P e2 - e4").unwrap(), m);
    round(&p, "Ng1-f3", "Nf3");
    round(&p, "♘g1f3", "Nf3");
    all_round_trip(&p);
    let r = en("4k3/7p/8/8/8/8/8/4K2R w - - 0 1");
    round(&r, "Rh1xh7", "Rxh7");
    round(&r, "Rh1:h7", "Rxh7");
    let g: Position<U256> = pos(
        "grant-acedrex",
        "rluzcakczulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUZCAKCZULR w - - 0 1",
    );
    all_round_trip(&g);
    for text in [
        "é4",
        "Q♕",
        "a0",
        "a01",
        "1",
        "x",
        "&",
        "K&",
        "e1&",
        "O-O-O-O",
        "💥e4",
        "e9=",
        "=Q",
        "a99999999999",
        "9999999999e4",
        "e.p.",
        "Kc3&Qd3&Qe3",
        "…",
        "e4\u{0}",
        "ab12cd",
    ] {
        assert!(parse_move(&p, text).is_err(), "{text}");
        assert!(parse_move(&g, text).is_err(), "{text}");
    }
    let junk = Move {
        from: 200,
        to: 250,
        piece: 99,
        promo: Some(77),
        flag: MoveKind::Normal,
        from2: 255,
        to2: 3,
    };
    assert_eq!(coord(&p, &junk), "???");
    assert_eq!(san(&g, &junk), "???");
    assert_eq!(line_text(&p, &[junk]), "1.?????");
}

fn tok(n: Option<u32>, black: bool, numbered: bool, text: &str) -> Token {
    Token {
        move_number: n,
        black_marker: black,
        numbered,
        text: text.into(),
        any: text == "~" || text == "any",
    }
}

#[test]
fn lines_split_into_numbered_moves() {
    assert_eq!(
        parse_line("1.Rh8+ Kxh8 2.Af5+ Rh2 3...Kg8 4. Nf7#"),
        vec![
            tok(Some(1), false, true, "Rh8+"),
            tok(Some(1), true, false, "Kxh8"),
            tok(Some(2), false, true, "Af5+"),
            tok(Some(2), true, false, "Rh2"),
            tok(Some(3), true, true, "Kg8"),
            tok(Some(4), false, true, "Nf7#"),
        ]
    );
}

#[test]
fn results_comments_and_any_moves_are_not_moves() {
    assert_eq!(
        parse_line("1. e4 e5 2. Nf3 1-0"),
        vec![
            tok(Some(1), false, true, "e4"),
            tok(Some(1), true, false, "e5"),
            tok(Some(2), false, true, "Nf3"),
        ]
    );
    assert_eq!(
        parse_line("1...Kd8 2.Nc7 {only move} (2.Nb6? Kc7) ~ 3. ... any"),
        vec![
            tok(Some(1), true, true, "Kd8"),
            tok(Some(2), false, true, "Nc7"),
            tok(Some(2), true, false, "~"),
            tok(Some(3), true, true, "any"),
        ]
    );
}

#[test]
fn castling_annotations_and_unnumbered_lines() {
    assert_eq!(
        parse_line("1.0-0 0-0-0, 2.exd6 e.p. !? Kb8 … Ka8 *"),
        vec![
            tok(Some(1), false, true, "0-0"),
            tok(Some(1), true, false, "0-0-0"),
            tok(Some(2), false, true, "exd6"),
            tok(Some(2), true, false, "Kb8"),
            tok(Some(2), true, false, "Ka8"),
        ]
    );
    assert_eq!(
        parse_line("Rh8+ Kxh8"),
        vec![
            tok(None, false, false, "Rh8+"),
            tok(None, false, false, "Kxh8")
        ]
    );
    assert!(parse_line("").is_empty());
    // An unclosed brace (written as an escape: the brace-counting length check reads
    // source lines, not strings).
    assert!(parse_line("\u{7b} unclosed (").is_empty());
}

#[test]
fn line_text_numbers_from_either_side() {
    let p = sh("k7/8/1K6/2p5/8/8/8/7R b - - 0 7");
    let a = parse_move(&p, "c4").unwrap();
    let mut q = p.clone();
    q.make(a);
    let b = parse_move(&q, "Rh8").unwrap();
    assert_eq!(line_text(&p, &[a, b]), "7...c4 8.Rh8#");
    assert_eq!(line_text(&p, &[b]), "7...h1h8??");
}

/// al-Adli's mate (problems/mansubat.toml, `al-adli-rooks`), White to move.
fn adli() -> Position<u64> {
    sh("6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1")
}

#[test]
fn descriptive_counts_from_each_side() {
    let p = adli();
    let m = parse_move(&p, "R-KKt6 ch").unwrap();
    assert_eq!(san(&p, &m), "Rg6+");
    assert_eq!(parse_move(&p, "R to KKt6").unwrap(), m);
    assert_eq!(
        parse_move_in(&p, "R-KKt6", Notation::Descriptive).unwrap(),
        m
    );
    assert_eq!(write_move(&p, &m, Notation::Descriptive), "R-KKt6 ch");
    let mut q = p.clone();
    q.make(m);
    // Black's KR1 is h8.
    let k = parse_move(&q, "K-KRsq").unwrap();
    assert_eq!(san(&q, &k), "Kh8");
    assert_eq!(write_move(&q, &k, Notation::Descriptive), "K-KR1");
    // Two rooks could go to a B-file square: R-B8 is still one move here (f8 only).
    q.make(k);
    let r = parse_move(&q, "R-B8").unwrap();
    assert_eq!(san(&q, &r), "Rf8+");
    // A capture names the man taken.
    let c = sh("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let x = parse_move(&c, "PxP").unwrap();
    assert_eq!(san(&c, &x), "exd5");
    assert_eq!(write_move(&c, &x, Notation::Descriptive), "PxP");
    // Every legal move's descriptive text reads back to it.
    for pos in [p, c] {
        let mut l = MoveList::new();
        pos.clone().legal_moves(&mut l);
        for m in l.as_slice() {
            let d = write_move(&pos, m, Notation::Descriptive);
            assert_eq!(
                parse_move_in(&pos, &d, Notation::Descriptive).as_ref(),
                Ok(m),
                "{d}"
            );
            let lan = write_move(&pos, m, Notation::Lan);
            assert_eq!(parse_move(&pos, &lan).as_ref(), Ok(m), "{lan}");
        }
    }
    let err = parse_move_in(&adli(), "R-KZ6", Notation::Descriptive).unwrap_err();
    assert!(err.to_string().contains("no descriptive square"), "{err}");
}

/// A target written without its rank (`K-R`, `Kt-B`) is read when exactly one legal move
/// fits, with a note; several fits or none are errors naming the candidates.
#[test]
fn descriptive_target_without_its_rank() {
    // Philidor's Legacy after 1.Qe6+ (problems/early-modern.toml): Black's king on g8 has
    // one move to a rook's file, h8, Black's KR1.
    let p = en("rr4k1/6pp/4Q3/3KN3/8/q7/8/8 b - - 0 1");
    let (m, note) = parse_move_noted_in(&p, "K-R", Notation::Auto).unwrap();
    assert_eq!(san(&p, &m), "Kh8");
    assert_eq!(
        note.as_deref(),
        Some("K-R read as K-R1, the only legal fit")
    );
    let (_, note) = parse_move_noted_in(&p, "K to KR", Notation::Descriptive).unwrap();
    assert_eq!(
        note.as_deref(),
        Some("K-KR read as K-KR1, the only legal fit")
    );
    // With the rank written there is nothing to note.
    let (k, note) = parse_move_noted_in(&p, "K-R sq", Notation::Descriptive).unwrap();
    assert_eq!((k, note), (m, None));
    // White's knight on e5 reaches three bishop's-file squares: an error naming them.
    let w = en("rr4k1/6pp/2Q5/3KN3/8/q7/8/8 w - - 0 1");
    let err = parse_move_in(&w, "Kt-B ch", Notation::Descriptive).unwrap_err();
    match &err {
        NotationError::Rankless { candidates, .. } => {
            let mut c = candidates.clone();
            c.sort();
            assert_eq!(c, ["Kt-B3 (Nf3)", "Kt-B4 (Nc4)", "Kt-B7 (Nf7)"], "{err}")
        }
        e => panic!("{e}"),
    }
    assert!(err.to_string().contains("write the rank"), "{err}");
    // None fits: the king cannot reach a rook's file.
    let err = parse_move_in(&w, "K-R", Notation::Descriptive).unwrap_err();
    assert!(
        matches!(err, NotationError::NoSuchMove { .. })
            && err.to_string().contains("to any rank of that file"),
        "{err}"
    );
    // After x a bare name is the man taken, not a file: RxR takes a rook.
    let c = en("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let (x, note) = parse_move_noted_in(&c, "RxR", Notation::Descriptive).unwrap();
    assert_eq!((san(&c, &x).as_str(), note), ("Rxa8+", None));
}

#[test]
fn murray_and_long_algebraic() {
    let p = adli();
    let m = parse_move(&p, "Kt-f3").unwrap();
    assert_eq!(san(&p, &m), "Nf3");
    assert_eq!(parse_move_in(&p, "Kte5-f3", Notation::Murray).unwrap(), m);
    assert_eq!(parse_move(&p, "N e5-f3").unwrap(), m);
    assert_eq!(parse_move(&p, "Ne5:f3").unwrap(), m);
    assert_eq!(parse_move(&p, "e5f3").unwrap(), m);
    assert_eq!(lan(&p, &m), "Ne5-f3");
    let r = parse_move(&p, "R-g6+").unwrap();
    assert_eq!(lan(&p, &r), "Rh6-g6+");
}

#[test]
fn manuscript_lines_split() {
    let words = |t: &str| -> Vec<String> { parse_line(t).into_iter().map(|t| t.text).collect() };
    assert_eq!(
        words("1. R to KKt6 ch K to KR sq 2. R to KB8 ch"),
        ["R-KKt6+", "K-KR1", "R-KB8+"]
    );
    assert_eq!(words("Q to K B 8th mate"), ["Q-KB8#"]);
    assert_eq!(
        words("1 R-h8+, K×h8; 2 B-f5+, K-g8; 5 Kt-h6 m."),
        ["R-h8+", "K×h8", "B-f5+", "K-g8", "Kt-h6#"]
    );
    let t = parse_line("1. ..., N f5xg7+ 2.Kh1");
    assert_eq!(t[0], tok(Some(1), true, true, "Nf5xg7+"));
    assert_eq!(t[1], tok(Some(2), false, true, "Kh1"));
    let s = parse_solution("4...Kxf8 (4...Kxh6 5.Rf7) 5.Rh8# (5.R(KB7)-KKt7?)");
    assert_eq!(s.main.len(), 2);
    assert_eq!(s.variations.len(), 2);
    assert_eq!(s.variations[0].replaces, 0);
    assert_eq!(s.variations[0].tokens[1], tok(Some(5), false, true, "Rf7"));
    assert_eq!(s.variations[1].replaces, 1);
    assert_eq!(signs("Rg6+"), (true, false));
    assert_eq!(signs("Kt-h6#"), (false, true));
    assert_eq!(signs("R-KB8 ch"), (true, false));
    assert_eq!(signs("Rh8"), (false, false));
}
