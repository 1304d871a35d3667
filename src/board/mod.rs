//! The board layer: everything about a position under a rule set, and nothing about
//! problems, searches or files. Uses no other layer.
//!
//! Bottom up: [`geometry`] and [`bits`] (board sizes, squares, bitboards generic over
//! width), [`squareset`] (named square sets), [`piece`], [`die`], [`rules`] and [`presets`] (a game as
//! data), [`engine`], `bent` and [`compiled`] (rules compiled into per-square tables, and the
//! choice of bitboard width), [`cover`] and [`flights`] (what one man can attack around a king), [`position`], `stack`, [`sides`] and `fen` (the board,
//! make and unmake), `attacks`, [`movegen`] and `count` (legal moves), [`outcome`]
//! (is the game over) and [`perft`].

pub(crate) mod attacks;
pub(crate) mod bent;
pub mod bits;
pub mod compiled;
pub(crate) mod count;
pub mod cover;
pub mod die;
pub mod engine;
pub(crate) mod fen;
pub mod flights;
pub mod geometry;
pub mod movegen;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod presets;
pub mod rules;
pub mod sides;
pub mod squareset;
pub(crate) mod stack;
