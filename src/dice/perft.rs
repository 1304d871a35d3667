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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::engine::Engine;
    use crate::board::rules::Rules;
    use std::sync::Arc;

    /// Shatranj's starting array under one die: a throw of 3 (the knight) moves only the
    /// four knight moves, each answered by Black's 16 first moves.
    #[test]
    fn a_throw_counts_only_the_men_it_names() {
        let e = Arc::new(Engine::<u64>::new(Rules::preset("shatranj-dice").unwrap()).unwrap());
        let pos = Position::start(e).unwrap();
        let counts = perft_by_roll(&pos, 2, "3").unwrap();
        assert_eq!(counts.len(), 1);
        let c = &counts[0];
        assert_eq!(
            (c.label.as_str(), c.kinds.as_str(), c.nodes),
            ("3", "knight", 64)
        );
        let moves: Vec<&str> = c.rows.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["b1a3", "b1c3", "g1f3", "g1h3"]);
        let all = perft_by_roll(&pos, 2, "all").unwrap();
        assert_eq!(all.iter().map(|c| c.nodes).sum::<u64>(), 256);
        assert!(matches!(
            perft_by_roll(&pos, 0, "3"),
            Err(RollPerftError::NoPly)
        ));
        assert!(matches!(
            perft_by_roll(&pos, 1, "9"),
            Err(RollPerftError::Roll(_))
        ));
    }
}
