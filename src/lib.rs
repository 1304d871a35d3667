//! mansuba: verify or refute historical chess problems under the rules of their own time.
//!
//! Layers, each using only those above it: [`geometry`] and [`bits`] (squares, bitboards),
//! [`piece`] and [`rules`] (games as data), [`engine`] (rules compiled to tables),
//! [`position`] (board, FEN, make/unmake), [`movegen`] (legal moves), [`outcome`],
//! [`perft`], [`notation`], then the solver and the command line.

pub mod any;
pub mod attacks;
pub mod bent;
pub mod bits;
pub mod carry;
pub mod cli;
pub mod cli_diagram;
pub mod cli_dice;
pub mod cli_interrupt;
pub mod cli_solve;
pub mod cli_tablebase;
pub mod count;
pub mod dice;
pub mod engine;
pub mod fen;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod problem;
pub mod report;
pub mod retro;
pub mod rules;
pub mod sides;
pub mod solve;
pub mod squareset;
pub mod stack;
