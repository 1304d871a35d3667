//! What a play search found.

use crate::board::position::Move;

/// The result of [`super::solve_play`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayReport {
    /// The search ran to the end (no limit stopped it): the lists below are complete.
    pub complete: bool,
    /// Help and series play: every solution line, shortest first, then in the order the
    /// moves were generated (two move orders are two solutions). A series line holds
    /// the series moves, and for `ser-h` White's last move; for `ser-s` and `ser-r` the
    /// forced Black move is not part of it (`ser-s`: every Black move reaches the goal;
    /// `ser-r`: Black must play one that does).
    pub solutions: Vec<Vec<Move>>,
    /// Battle play: every first move that forces the goal within the stipulated moves.
    pub keys: Vec<Move>,
    /// Battle play: first moves that are refuted by one or two defences, with them.
    pub tries: Vec<(Move, Vec<Move>)>,
    /// Battle play: the least number of moves in which some first move forces the goal.
    pub shortest: Option<u32>,
    /// The lengths searched to the end, in the stipulation's moves: help and series play
    /// list every solution of up to this many moves (for `h#N.5`, `proven` = k means
    /// every solution up to k.5), battle play has settled whether a key works within
    /// each length up to it. None: not even the shortest length was settled.
    pub proven: Option<u32>,
    /// Moves played on the board.
    pub nodes: u64,
}
