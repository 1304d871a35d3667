//! The problem's conditions read as the terms of the play families: the marks a mate
//! must bear (`mate_by` a kind or a man, `mate_on`, `mate_from`) and the moves barred
//! (`attacker_no_capture`, `checks`, `defender = "covetous"`, `immobile`), or the
//! conditions those searches do not take, by their keys in the problem file.

use crate::board::bits::Bits;
use crate::board::position::Position;
use crate::solve::{Aim, Bars, Conditions, Marks, MateBy, Play, Squares, Terms};

/// The keys of every condition `cond` holds, as the problem file writes them.
pub(super) fn given(cond: &Conditions) -> Vec<&'static str> {
    let keys = [
        (cond.mate_by.is_some(), "mate_by"),
        (!cond.mate_on.is_empty(), "mate_on"),
        (!cond.mate_from.is_empty(), "mate_from"),
        (cond.covetous, "defender"),
        (cond.attacker_no_capture, "attacker_no_capture"),
        (!cond.immobile.is_empty(), "immobile"),
        (cond.checks, "checks"),
    ];
    keys.iter().filter(|k| k.0).map(|k| k.1).collect()
}

/// The terms of `cond` for `play` from `pos` (its diagram): the marks of a mate and the
/// moves barred ([`Bars`]: the men on `immobile` squares are those standing there in the
/// diagram), or the keys of the conditions it cannot take: a mark with a goal that is
/// not a mate, `mate_by` a man where stacks form (its kind would have to tell it from the
/// men it stands with), more men held than [`crate::solve::MAX_HELD`], and any condition
/// with the colours' parts exchanged (half-duplex).
pub(super) fn of<B: Bits>(
    pos: &Position<B>,
    play: &Play,
    cond: &Conditions,
) -> Result<Terms, Vec<&'static str>> {
    let marks = Conditions {
        mate_by: cond.mate_by,
        mate_on: cond.mate_on.clone(),
        mate_from: cond.mate_from.clone(),
        ..Conditions::default()
    };
    let mut left = vec![];
    if play.exchanged {
        // The conditions name White's and Black's parts as written: not read exchanged.
        left.extend(given(cond));
    } else if play.aim != Aim::Mate {
        left.extend(given(&marks));
    } else if matches!(cond.mate_by, Some(MateBy::Man(_))) && pos.eng.rules.stacks_may_form {
        left.push("mate_by (a man named by its square, where stacks form)");
    }
    let held: Vec<_> = cond
        .immobile
        .iter()
        .flat_map(|&sq| pos.men_on(sq).into_iter().map(move |(c, k)| (c, k, sq)))
        .collect();
    let bars = Bars::new(cond.attacker_no_capture, cond.checks, cond.covetous, &held);
    if bars.is_none() {
        left.push("immobile (more men than the play searches hold)");
    }
    if !left.is_empty() {
        return Err(left);
    }
    let marks = Marks {
        by: match cond.mate_by {
            Some(MateBy::Kind(k)) => Some(k),
            _ => None,
        },
        man: match cond.mate_by {
            Some(MateBy::Man(sq)) => Some(sq),
            _ => None,
        },
        on: Squares::of(&cond.mate_on),
        from: Squares::of(&cond.mate_from),
    };
    Ok(Terms {
        marks,
        bars: bars.unwrap_or_default(),
    })
}
