//! The play searches under the rules of the game against the goal: a line that ends
//! the game (a bare king under shatranj) without the goal fails, a goal position
//! succeeds whatever the rules say of the game.

use mansuba::board::compiled::AnyEngine;
use mansuba::board::position::{Move, MoveKind, Position};
use mansuba::board::rules::Rules;
use mansuba::notation::parse_move;
use mansuba::solve::{check_play_line, solve_play, Play, PlayLimits};
use std::sync::Arc;

fn position(preset: &str, fen: &str) -> Position<u64> {
    let Ok(AnyEngine::W64(eng)) = AnyEngine::new(Rules::preset(preset).unwrap()) else {
        panic!("{preset} is 8x8");
    };
    Position::from_fen(Arc::clone(&eng), fen).unwrap()
}

/// The moves of a series by one side (the other passing), read in turn.
fn series(pos: &Position<u64>, moves: &[&str]) -> Vec<Move> {
    let mut p = pos.clone();
    let mut line = Vec::new();
    for text in moves {
        let m = parse_move(&p, text).unwrap();
        p.make(m);
        p.set_side(p.side().flip());
        line.push(m);
    }
    line
}

/// 1.Rxe5 takes Black's last man, 2.Ra5 mates. Under shatranj the first move has won
/// the game already (White keeps three men: Black cannot bare back), so the line stops
/// there and is no ser-#2; under orthodox rules it is.
#[test]
fn a_bare_king_ends_the_series() {
    let fen = "k7/2K5/8/4n3/8/8/7P/4R3 w - - 0 1";
    let play: Play = "ser-#2".parse().unwrap();
    let ortho = position("orthodox", fen);
    let line = series(&ortho, &["Rxe5", "Ra5"]);
    assert!(check_play_line(&ortho, &play, &line));
    let r = solve_play(&ortho, &play, &PlayLimits::default());
    assert!(r.solutions.contains(&line));
    let shat = position("shatranj", fen);
    // The notation reader refuses 2.Ra5 (the game is over): the move is made by hand.
    let mut line = series(&shat, &["Rxe5"]);
    let geo = &shat.compiled().geo;
    let (e5, a5) = (geo.parse("e5").unwrap(), geo.parse("a5").unwrap());
    line.push(Move::new(
        e5 as usize,
        a5 as usize,
        line[0].piece,
        MoveKind::Normal,
    ));
    assert!(!check_play_line(&shat, &play, &line));
    let r = solve_play(&shat, &play, &PlayLimits::default());
    assert!(r.complete && !r.solutions.contains(&line));
    assert!(
        r.solutions.iter().all(|l| l[0] != line[0]),
        "no line goes on after 1.Rxe5"
    );
}

/// 1.Rxh8 takes Black's last man and mates: the goal is reached, though the bare king
/// has decided the game first.
#[test]
fn a_mate_that_bares_the_king_is_a_mate() {
    let fen = "k6n/8/1K6/8/8/8/3P4/7R w - - 0 1";
    let shat = position("shatranj", fen);
    let line = series(&shat, &["Rxh8"]);
    for stip in ["ser-#1", "h#0.5", "#1"] {
        let play: Play = stip.parse().unwrap();
        let r = solve_play(&shat, &play, &PlayLimits::default());
        assert!(
            r.solutions.contains(&line) || r.keys == line,
            "{stip}: {r:?}"
        );
    }
    assert!(check_play_line(&shat, &"h#0.5".parse().unwrap(), &line));
    // Under shatranj a stalemate wins for the stalemater, yet it is not a mate.
    assert!(!check_play_line(&shat, &"h=0.5".parse().unwrap(), &line));
}
