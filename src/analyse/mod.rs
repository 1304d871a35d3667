//! One whole problem, whatever its rules: a FEN and the conditions as written are read
//! against the compiled rules, then a game played with dice goes to the chance analysis
//! ([`crate::dice`]) and every other game to the exact solver ([`crate::solve`]). This is
//! the boundary the problem files, the reports and the command line call.
//!
//! Uses the board, notation, solve and dice layers; nothing here knows files or terminals.

use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::notation::Notation;
use crate::solve::{
    analyse_draw, analyse_play, analyse_position, diagram, resolve_conditions, Analysis,
    ClaimCheck, ConditionSpec, Conditions, DiceRefusal, Goal, Limits, Play, SolveError,
    Stipulation,
};
use crate::with_engine;

mod marks;

/// Analyses one problem: the search for every key, and the claimed solution's check
/// (read in whichever notation the tool recognises).
pub fn analyse(
    engine: &AnyEngine,
    fen: &str,
    stip: &Stipulation,
    spec: &ConditionSpec,
    claim: Option<&str>,
    limits: &Limits,
) -> Result<Analysis, SolveError> {
    analyse_in(engine, fen, stip, spec, claim, Notation::Auto, limits)
}

/// [`analyse`] with the claimed solution read in `notation`.
pub fn analyse_in(
    engine: &AnyEngine,
    fen: &str,
    stip: &Stipulation,
    spec: &ConditionSpec,
    claim: Option<&str>,
    notation: Notation,
    limits: &Limits,
) -> Result<Analysis, SolveError> {
    with_engine!(engine, e => {
        let pos = Position::from_fen(e.clone(), fen)?;
        // A man named to mate is the mating side's: in the play families not always the
        // side to move in the diagram (Black mates in `s#`, White in `h#`).
        let mut mater = pos.clone();
        if let Some(play) = &stip.play {
            mater.side = play.mater();
        }
        let cond = resolve_conditions(&mater, spec)?;
        if let Some(play) = &stip.play {
            return play_analysis(&pos, stip, play, &cond, claim, limits);
        }
        if pos.eng.rules.dice.is_some() {
            return dice_analysis(&pos, stip, &cond, claim, limits);
        }
        if stip.goal == Goal::Draw {
            if !cond.is_plain() {
                return Err(not_taken(stip, &cond, &marks::given(&cond)));
            }
            return Ok(analyse_draw(&pos, stip, &cond, claim, notation, limits));
        }
        Ok(analyse_position(&pos, stip, &cond, claim, notation, limits))
    })
}

/// A problem of the help, series, self and reflex families or of a stalemate goal:
/// refused under dice and with the conditions its searches do not take, else solved.
fn play_analysis<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    play: &Play,
    cond: &Conditions,
    claim: Option<&str>,
    limits: &Limits,
) -> Result<Analysis, SolveError> {
    if pos.eng.rules.dice.is_some() {
        return Err(SolveError::Dice(DiceRefusal::MateStipulation(
            stip.to_string(),
        )));
    }
    let terms = marks::of(pos, play, cond).map_err(|left| not_taken(stip, cond, &left))?;
    Ok(analyse_play(pos, (play, terms), claim, limits))
}

/// The refusal of conditions `left` (by their keys) with `stip`.
fn not_taken(stip: &Stipulation, cond: &Conditions, left: &[&str]) -> SolveError {
    debug_assert!(!cond.is_plain());
    let conditions = match left {
        [one] => format!("the condition {one} is"),
        _ => format!("the conditions {} are", left.join(", ")),
    };
    SolveError::PlayConditions {
        stipulation: stip.to_string(),
        conditions,
    }
}

/// A problem under dice rules: the chance of winning, no claim check (a manuscript line
/// cannot be "right" when the throws decide which man moves).
fn dice_analysis<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    claim: Option<&str>,
    limits: &Limits,
) -> Result<Analysis, SolveError> {
    let report = crate::dice::problem::solve(pos, stip, cond, limits)?;
    let mut check = ClaimCheck::none();
    if claim.is_some_and(|c| !c.trim().is_empty()) {
        check
            .remarks
            .push("the solution line is not checked under dice".into());
    }
    Ok(Analysis {
        report,
        claim: check,
        diagram: diagram(pos),
        fen: pos.to_fen(),
        continual_check: None,
        extras_left_out: vec![],
        written: Default::default(),
        tables_refused: Default::default(),
    })
}
