//! The main line a report prints is the fastest win against the defence that holds out
//! longest: as long as the least N the search proved, even where the remainder is too
//! long to ask every defence for its own least N.

use mansuba::analyse::analyse;
use mansuba::board::any::AnyEngine;
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
        for c in &r.main_line_coord {
            let m = notation::parse_move(&p, c).unwrap();
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
