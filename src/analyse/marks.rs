//! The problem's conditions read as the marks a mate of the play families must bear
//! (`mate_by` a kind, `mate_on`, `mate_from`), or the conditions those searches do not
//! take, by their keys in the problem file.

use crate::solve::{Aim, Conditions, Marks, MateBy, Play, Squares};

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

/// The marks of `cond` for `play`, or the keys of the conditions it cannot take: any
/// but the marks of a mate, a mark with a goal that is not a mate, and `mate_by` a man
/// (tracked through the line; not in these searches yet).
pub(super) fn of(play: &Play, cond: &Conditions) -> Result<Marks, Vec<&'static str>> {
    let marks = Conditions {
        mate_by: cond.mate_by,
        mate_on: cond.mate_on.clone(),
        mate_from: cond.mate_from.clone(),
        ..Conditions::default()
    };
    let others = Conditions {
        mate_by: None,
        mate_on: vec![],
        mate_from: vec![],
        ..cond.clone()
    };
    let mut left = given(&others);
    if play.aim != Aim::Mate {
        left.extend(given(&marks));
    } else if matches!(cond.mate_by, Some(MateBy::Man(_))) {
        left.push("mate_by (a man named by its square)");
    }
    if !left.is_empty() {
        return Err(left);
    }
    Ok(Marks {
        by: match cond.mate_by {
            Some(MateBy::Kind(k)) => Some(k),
            _ => None,
        },
        on: Squares::of(&cond.mate_on),
        from: Squares::of(&cond.mate_from),
    })
}
