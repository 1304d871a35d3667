//! perft under a throw: the count of the legal move tree whose first ply moves only men
//! the throw names, one count per throw asked for.

use crate::board::bits::Bits;
use crate::board::die::{Dice, DieError};
use crate::board::movegen::MoveList;
use crate::board::perft::divide_moves;
use crate::board::position::Position;
use crate::notation::coord;
use thiserror::Error;

/// Why a count by throw was not made.
#[derive(Debug, Error)]
pub enum RollPerftError {
    /// The rules (their name) are played without dice.
    #[error("rules '{0}' are played without dice (try shatranj-dice)")]
    NoDice(String),
    /// A depth of 0 has no first ply for the throw to restrict.
    #[error("a count under a throw needs a depth of 1 or more")]
    NoPly,
    /// The throw named does not read.
    #[error(transparent)]
    Roll(#[from] DieError),
}

/// The count under one throw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollCount {
    /// The throw (`3`, `2+5`).
    pub label: String,
    /// The kinds of men it names, by name.
    pub kinds: String,
    /// The count under each first move, in coordinates, sorted by move.
    pub rows: Vec<(String, u64)>,
    /// The total.
    pub nodes: u64,
}

/// perft to `depth` plies from `pos`, whose first ply moves only men the throw `roll`
/// names (`3`, `2+5`), or one count per throw for `all`.
pub fn perft_by_roll<B: Bits>(
    pos: &Position<B>,
    depth: u32,
    roll: &str,
) -> Result<Vec<RollCount>, RollPerftError> {
    let rules = &pos.eng.rules;
    let Some(dice) = &rules.dice else {
        return Err(RollPerftError::NoDice(rules.name.clone()));
    };
    if depth == 0 {
        return Err(RollPerftError::NoPly);
    }
    let rolls = if roll == "all" {
        dice.rolls(&rules.pieces)
    } else {
        vec![dice.roll_named(&rules.pieces, roll)?]
    };
    let mut legal = MoveList::new();
    pos.clone().legal_moves(&mut legal);
    Ok(rolls
        .iter()
        .map(|r| {
            let moves = super::turn::moves_under(&legal, r.kinds);
            let mut rows: Vec<(String, u64)> = divide_moves(pos, &moves, depth)
                .iter()
                .map(|(m, n)| (coord(pos, m), *n))
                .collect();
            rows.sort();
            RollCount {
                label: r.label.clone(),
                kinds: Dice::kind_names(&rules.pieces, r.kinds),
                nodes: rows.iter().map(|x| x.1).sum(),
                rows,
            }
        })
        .collect())
}
