//! Chess with dice (Alfonso X): the die as data, moves under a roll, and the chance
//! analysis: exact expectimax within a number of turns, interval iteration over
//! retrograde tables for few men (with a certified error), and a seeded simulation that checks both.
//!
//! How a turn goes (our reading of the sources named in docs/dice.md):
//! 1. A position decided by the preset (bare king, stalemate, kings alone) ends the game
//!    before any throw. Checkmate does not: a mated king forfeits its turns and is taken
//!    when the opponent's throw allows it.
//! 2. The side to move throws. If the opponent's king stands attacked (it was left in
//!    check by a forfeit) and the throw names a man that attacks it, the king is taken:
//!    the side to move wins.
//! 3. Otherwise the side plays a legal move of a man the throw names (in check, only a
//!    move that relieves the check is legal). With none, the turn is forfeit (or, under
//!    the re-roll policy, the throw is repeated: the chances are those of the throws that
//!    leave a move).

mod accelerate;
pub mod answer;
pub mod by_name;
mod certain;
mod certify;
mod compact;
mod components;
mod dag;
mod deflate;
mod ends;
pub mod error;
pub mod estimate;
pub(crate) mod expectimax;
pub mod file;
mod fixed;
mod graph;
mod halves;
mod index;
mod iterate;
mod krylov;
mod loops;
mod members;
#[cfg(test)]
mod methods_tests;
mod pair;
mod pair_sweep;
pub mod perft;
mod planner;
pub mod problem;
mod scc;
pub(crate) mod simulate;
mod solve;
mod stored;
mod sweep;
mod symmetry;
mod system;
pub mod table;
#[cfg(test)]
mod toy;
pub mod turn;
mod update;
pub mod watch_lines;
pub mod watch_tasks;

pub use crate::board::die::{Dice, NoMove, Roll};
pub use answer::{answer, Answer, AnswerError, BestMove, How, Request, Simulation, Watch};
pub use error::{DiceError, TableFileFault};
pub use expectimax::{Expectimax, Objective, Stop, TooBig};
pub use simulate::{generator, simulate, Generator, Simulated};
pub use turn::{Choice, Start, Throw, Thrown, Wl};

/// Chance tables are solved until every score is certain within this and no chance moves
/// by more in a sweep.
pub const TOLERANCE: f64 = 1e-10;
