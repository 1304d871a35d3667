//! mansuba: verify or refute historical chess problems under the rules of their own time.
//!
//! The layers, bottom first; each uses only the layers listed before it:
//! - [`memory`]: the one memory budget every growing allocation is checked against;
//! - [`files`]: files written whole or not at all (used by every layer that writes);
//! - [`batch`]: `--shard K/N`, the one way work is split over machines;
//! - [`board`]: a position under a rule set (squares, bitboards, pieces, rules and their
//!   compiled tables, the position and FEN, attacks, legal moves, perft, outcome);
//! - [`notation`]: reading and writing moves in the notations the sources use;
//! - [`retro`]: retrograde tables;
//! - [`solve`]: the exact solver (stipulations, conditions, search, claim checking);
//! - [`dice`]: chess with dice (expectimax, chance tables, simulation);
//! - [`analyse`]: one whole problem, whatever its rules: search, tables or dice, the claim;
//! - [`problem`]: problem files, and carrying a problem to another rule set;
//! - [`repair`]: the smallest edits that make a broken problem sound;
//! - [`report`]: text, CSV, JSON, SVG and the HTML edition;
//! - [`cli`]: the command line, one file per subcommand.

pub mod analyse;
pub mod batch;
pub mod board;
pub mod cli;
pub mod dice;
pub mod files;
pub mod memory;
pub mod notation;
pub mod problem;
pub mod repair;
pub mod report;
pub mod retro;
pub mod solve;
