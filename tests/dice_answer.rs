//! `dice::answer` through the public API: the chances within a horizon and to the end
//! (known values, and the same as the searcher's and the tables' own), the best choice
//! for each throw (one per throw, a legal move of a thrown kind), a simulation the same
//! for the same seed, and the typed errors.
//!
//! Every position here is composed for the test, not historical.

use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::movegen::MoveList;
use mansuba::board::position::Position;
use mansuba::board::rules::{BareKingRule, Rules};
use mansuba::dice::answer::{check_turns, AnswerError, Watch};
use mansuba::dice::table::{ChanceTables, Stops};
use mansuba::dice::turn::moves_under;
use mansuba::dice::{
    answer, Answer, Choice, Expectimax, How, Objective, Request, Simulation, Stop, TOLERANCE,
};
use std::sync::Arc;

use crate::dice::dice_board;

/// White: Ka1, Rd1; Black: Kh8, pawn d5. One rook move (Rxd5) bares the black king.
const BARE_IN_ONE: &str = "7k/8/8/3p4/8/8/8/K2R4 w - - 0 1";

fn engine(rules: Rules) -> Arc<Engine<u64>> {
    match AnyEngine::new(rules).unwrap() {
        AnyEngine::W64(e) => e,
        _ => unreachable!("at most 64 squares"),
    }
}

fn bare_wins() -> Rules {
    let mut r = Rules::preset("shatranj-dice").unwrap();
    r.bare_king = BareKingRule::Win;
    r
}

fn request<'a>(turns: Option<u32>, stops: &'a Stops, watch: &'a dyn Watch) -> Request<'a> {
    Request {
        turns,
        tables: None,
        objective: Objective::Score,
        max_nodes: 10_000_000,
        stops,
        simulate: None,
        watch,
    }
}

/// Every best choice is for a throw of the die, once, in the die's order, and a move
/// chosen is a legal move of a kind the throw names.
fn check_best(rules: &Rules, pos: &Position<u64>, a: &Answer) {
    let rolls = rules.dice.as_ref().unwrap().rolls(&rules.pieces);
    let labels: Vec<_> = a.best.iter().map(|b| b.roll.label.clone()).collect();
    let all: Vec<_> = rolls.iter().map(|r| r.label.clone()).collect();
    assert_eq!(labels, all);
    let mut legal = MoveList::new();
    pos.clone().legal_moves(&mut legal);
    for b in &a.best {
        let under = moves_under(&legal, b.roll.kinds);
        assert_eq!(b.moves, under.len(), "{}", b.roll.label);
        match &b.choice {
            Choice::Play(m) => assert!(under.contains(m), "{}: {m:?}", b.roll.label),
            Choice::Forfeit => assert!(under.is_empty(), "{}", b.roll.label),
            Choice::TakeKing => {}
        }
        assert!(b.chances.w >= 0.0 && b.chances.l >= 0.0 && b.chances.draw() >= 0.0);
    }
}

#[test]
fn within_a_horizon_the_answer_is_the_searchers() {
    let rules = bare_wins();
    let dice = rules.dice.clone().unwrap();
    let pos = Position::from_fen(engine(rules.clone()), BARE_IN_ONE).unwrap();
    let stops = Stops::default();
    for turns in 1..=3 {
        let a = answer(&pos, &request(Some(turns), &stops, &())).unwrap();
        let mut ex = Expectimax::new(&dice, &rules, Objective::Score, 10_000_000);
        let v = ex.value(&mut pos.clone(), 2 * turns).unwrap();
        assert_eq!(a.chances, v, "turns {turns}");
        let How::Horizon {
            turns: t, plies, ..
        } = a.how
        else {
            panic!("a horizon asked for: {:?}", a.how)
        };
        assert_eq!((t, plies), (turns, 2 * turns));
        check_best(&rules, &pos, &a);
        // The chances are the throws' chances, weighed.
        let w: f64 = a.best.iter().map(|b| b.chance * b.chances.w).sum();
        assert!(
            (w - a.chances.w).abs() < 1e-12,
            "turns {turns}: {w} {:?}",
            a.chances
        );
    }
    // One turn: only the rook's face (1 in 6) wins, by Rxd5.
    let a = answer(&pos, &request(Some(1), &stops, &())).unwrap();
    assert!((a.chances.w - 1.0 / 6.0).abs() < 1e-12 && a.chances.l == 0.0);
    let rook = a.best.iter().find(|b| b.roll.label == "2").unwrap();
    let Choice::Play(m) = &rook.choice else {
        panic!("the rook's face plays: {:?}", rook.choice)
    };
    assert_eq!(mansuba::notation::san(&pos, m), "Rxd5");
    assert_eq!(rook.chances.w, 1.0);
}

#[test]
fn a_simulation_is_the_same_for_the_same_seed() {
    let pos = Position::from_fen(engine(bare_wins()), BARE_IN_ONE).unwrap();
    let stops = Stops::default();
    let run = |seed| {
        let mut req = request(Some(2), &stops, &());
        req.simulate = Some(Simulation { games: 2000, seed });
        answer(&pos, &req).unwrap()
    };
    let (a, b, c) = (run(3), run(3), run(4));
    let (sa, sb, sc) = (
        a.simulated.unwrap(),
        b.simulated.unwrap(),
        c.simulated.unwrap(),
    );
    assert_eq!((sa.games, sa.asked, sa.seed), (2000, 2000, 3));
    assert_eq!(sa.simulated_win, sb.simulated_win);
    assert_eq!(sa.simulated_loss, sb.simulated_loss);
    assert_eq!(sc.seed, 4);
    assert!(
        (sa.simulated_win - a.chances.w).abs() <= 4.0 * sa.standard_error.max(1e-9),
        "exact {} simulated {} ± {}",
        a.chances.w,
        sa.simulated_win,
        sa.standard_error
    );
}

#[test]
fn to_the_end_the_answer_is_the_tables() {
    let rules = dice_board::four_by_four("dice-4x4");
    let dice = rules.dice.clone().unwrap();
    let e = engine(rules.clone());
    let pos = Position::from_fen(e.clone(), "1k2/4/2R1/K3 w - - 0 1").unwrap();
    let stops = Stops::default();
    let a = answer(&pos, &request(None, &stops, &())).unwrap();
    let How::Tables {
        figures,
        error_bound,
    } = &a.how
    else {
        panic!("tables without turns: {:?}", a.how)
    };
    let names: Vec<_> = figures.iter().map(|f| f.material.as_str()).collect();
    assert_eq!(names, ["KK", "KRK"]);
    assert!(
        error_bound.is_some_and(|b| b <= TOLERANCE),
        "{error_bound:?}"
    );
    let mat = mansuba::retro::material_of(&pos).unwrap();
    let t = ChanceTables::build(&e, &dice, &mat, TOLERANCE, &|_| {}).unwrap();
    assert_eq!(a.chances, t.value(&pos).unwrap());
    assert!((a.chances.w - 15.0 / 16.0).abs() < 1e-9, "{:?}", a.chances);
    check_best(&rules, &pos, &a);
}

#[test]
fn what_cannot_be_answered_says_why() {
    let stops = Stops::default();
    let pos = Position::from_fen(engine(bare_wins()), BARE_IN_ONE).unwrap();
    assert!(matches!(check_turns(Some(0)), Err(AnswerError::Turns(0))));
    assert!(matches!(check_turns(Some(61)), Err(AnswerError::Turns(61))));
    assert!(matches!(check_turns(Some(60)), Ok(Some(60))));
    let e = answer(&pos, &request(Some(0), &stops, &())).unwrap_err();
    assert!(matches!(e, AnswerError::Turns(0)), "{e}");

    let mut req = request(None, &stops, &());
    req.objective = Objective::WinFor(pos.side());
    let e = answer(&pos, &req).unwrap_err();
    assert!(matches!(e, AnswerError::WinToTheEnd), "{e}");

    let mut req = request(Some(3), &stops, &());
    req.max_nodes = 10;
    match answer(&pos, &req).unwrap_err() {
        AnswerError::Search(t) => assert_eq!(t.why, Stop::Nodes),
        e => panic!("a node limit: {e}"),
    }

    let plain =
        Position::from_fen(engine(Rules::preset("shatranj").unwrap()), BARE_IN_ONE).unwrap();
    let e = answer(&plain, &request(Some(1), &stops, &())).unwrap_err();
    assert!(
        matches!(&e, AnswerError::NoDice(r) if r == "shatranj"),
        "{e}"
    );
    assert!(e.to_string().contains("without dice"), "{e}");
}
