//! The main line a report prints is the fastest win against the defence that holds out
//! longest: as long as the least N the search proved, even where the remainder is too
//! long to ask every defence for its own least N.

use mansuba::analyse::analyse;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::outcome::Outcome;
use mansuba::board::piece::Color;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::notation;
use mansuba::solve::{ConditionSpec, Limits, Solvable};
use mansuba::with_engine;

/// A Fairy-Stockfish self-play ending (examples/selfplay-mates.toml, `selfplay-g2-185w`):
/// Black wins in 10 by baring the White king. The first White defence in move order
/// (2.Kc3) is bared on move 7; the engine's 2.Kd3 lasts to move 10.
#[test]
fn a_long_main_line_defends_as_long_as_the_least_n() {
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let fen = "8/8/4k2p/6pP/1bqK2P1/5P2/8/8 b - - 5 185";
    let stip = "win 10".parse().unwrap();
    let a = analyse(
        &any,
        fen,
        &stip,
        &ConditionSpec::default(),
        None,
        &Limits::default(),
    )
    .unwrap();
    let r = &a.report;
    assert_eq!(r.solvable, Solvable::Yes);
    assert_eq!(r.shortest, Some(10));
    assert_eq!(
        r.main_line.len(),
        19,
        "main line {:?} is not ten Black moves long",
        r.main_line
    );
    // It replays, and the last move wins.
    let end = with_engine!(&any, e => {
        let mut p = Position::from_fen(e.clone(), fen).unwrap();
        for m in r.main_line.replay(&p).unwrap() {
            p.make(m);
        }
        p.settled_outcome()
    });
    assert!(
        matches!(
            end,
            Outcome::Win {
                winner: Color::Black,
                ..
            }
        ),
        "{end:?}"
    );
}

/// The report's keys, main line and tree come from the search in SAN: writing them in SAN
/// (the default notation) again is left out, so they must be SAN already. And a tree
/// rewritten in another notation a shared prefix at a time reads as each line rewritten
/// alone. A position made for this test (English rules of 1650, #3: 1.Qf7+, 19 lines).
#[test]
fn searched_lines_are_san_and_a_tree_rewrites_line_by_line() {
    let any = AnyEngine::new(Rules::preset("english-1650").unwrap()).unwrap();
    let fen = "8/3k4/8/2K5/8/8/4pQ2/3N4 w - - 0 1";
    let stip = "#3".parse().unwrap();
    let spec = ConditionSpec::default();
    let a = analyse(&any, fen, &stip, &spec, None, &Limits::default()).unwrap();
    let r = &a.report;
    assert!(r.tree.len() > 10, "{:?}", r.tree);
    with_engine!(&any, e => {
        let pos = Position::from_fen(e.clone(), fen).unwrap();
        let san = |plies: &[String]| notation::write_plies(&pos, plies, notation::Notation::San);
        assert_eq!(a.written.tree.len(), r.tree.len());
        for (v, w) in r.tree.iter().zip(&a.written.tree) {
            assert_eq!(&san(&v.line.coords()), w);
        }
        assert_eq!(san(&r.main_line.coords()), a.written.main_line);
        for (k, s) in r.keys.iter().zip(&a.written.keys) {
            assert_eq!(&san(&[k.to_string()])[0], s);
        }
        let coords: Vec<Vec<String>> = r.tree.iter().map(|v| v.line.coords()).collect();
        let lines: Vec<&[String]> = coords.iter().map(|c| &c[..]).collect();
        for n in [notation::Notation::Lan, notation::Notation::Descriptive] {
            let shared = notation::write_lines(&pos, &lines, n);
            let alone: Vec<Vec<String>> =
                lines.iter().map(|l| notation::write_plies(&pos, l, n)).collect();
            assert_eq!(shared, alone);
            assert_ne!(shared[1], a.written.tree[1]);
            // The analysis rewritten in `n` writes its tree's lines the same way.
            let mut b = a.clone();
            mansuba::solve::written::rewrite(&any, &mut b, n);
            assert_eq!(b.written.tree, shared);
        }
    });
}
