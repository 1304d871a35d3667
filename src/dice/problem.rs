//! A problem under dice rules: "win N" has no forced answer, so its figure is the chance
//! that the side to move wins within N turns each, the side to move playing to win and the
//! other side to stop it (a draw is as good as a loss to the attacker, as in a problem).
//! The verdict follows: solvable when the win is certain, not solvable otherwise, the
//! chance reported beside it.

use super::expectimax::{Expectimax, Objective};
use super::sweep::Stops;
use super::turn::Choice;
use super::turn::{start, Start};
use crate::board::bits::Bits;
use crate::board::position::Position;
use crate::solve::{
    Conditions, DiceRefusal, Goal, Limits, Solvable, SolveError, SolveReport, Stipulation,
};

/// Positions searched when the limits name none.
const DEFAULT_NODES: u64 = 50_000_000;

/// The report of a dice problem: `win_probability`, the best move for each throw (in
/// `dice_best`), solvable only when the win is certain.
pub fn solve<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
) -> Result<SolveReport, SolveError> {
    let rules = &pos.eng.rules;
    let Some(dice) = &rules.dice else {
        return Err(SolveError::Dice(DiceRefusal::NoDice));
    };
    if stip.goal == Goal::Draw {
        return Err(SolveError::Dice(DiceRefusal::DrawStipulation));
    }
    if stip.goal != Goal::Win || stip.exact {
        return Err(SolveError::Dice(DiceRefusal::MateStipulation(
            stip.to_string(),
        )));
    }
    if !cond.is_plain() {
        return Err(SolveError::Dice(DiceRefusal::Conditions));
    }
    let t0 = std::time::Instant::now();
    let plies = 2 * stip.moves;
    let mut ex = Expectimax::new(
        dice,
        rules,
        Objective::WinFor(pos.side),
        limits.max_nodes.unwrap_or(DEFAULT_NODES),
    )
    .with_stops(&Stops {
        deadline: limits.timeout.and_then(|d| t0.checked_add(d)),
        cancel: limits.cancel.clone(),
        budget: limits.budget(),
    });
    let mut p = pos.clone();
    let mut report = SolveReport::default();
    let v = match ex.value(&mut p, plies) {
        Ok(v) => v,
        Err(t) => {
            report.nodes = t.nodes;
            report.limit_hit = Some(t.why.name());
            report.millis = t0.elapsed().as_millis() as u64;
            return Ok(report);
        }
    };
    if let Start::Throws(throws) = start(&mut p, ex.rolls(), ex.no_move()) {
        for t in &throws {
            let label = ex.rolls()[t.roll].label.clone();
            let text = match ex.choose(&mut p, plies, &t.throw) {
                Ok((Choice::Play(m), _)) => crate::notation::san(&p, &m),
                Ok((Choice::Forfeit, _)) => "forfeit".into(),
                Ok((Choice::TakeKing, _)) => "takes the king".into(),
                Err(_) => "?".into(),
            };
            report.dice_best.push(format!("{label}: {text}"));
        }
    }
    let certain = v.w >= 1.0 - 1e-12;
    report.solvable = if certain { Solvable::Yes } else { Solvable::No };
    report.keys_complete = true;
    report.win_probability = Some(v.w);
    report.nodes = ex.nodes;
    report.millis = t0.elapsed().as_millis() as u64;
    Ok(report)
}
