//! Reading and writing moves: coordinates (`e2e4`, `a10a11`, promotions with the piece
//! letter appended), SAN with the rules' own letters on any board size, and the splitting
//! of a written solution (`1.Rh8+ Kxh8 2.Af5+ Rh2 3...Kg8`) into numbered move texts.
//!
//! SAN follows the modern conventions with the preset's letters in upper case: under
//! shatranj rules `Q` is the ferz and `B` the alfil, while `F` and `A` are read as their
//! aliases. Two forms have no modern model. The Lombard joint first move of king and
//! queen is written king part `&` queen part: `Kc3&Qd3` in SAN, `e1c3&d1d3` in
//! coordinates. A man leaving a stack is written like any other man of its kind: the
//! letter says which man leaves.
//!
//! Reading is lenient (`Ng1-f3`, `Rh8xh7`, `e2e4`, `exd6 e.p.`, `b8Q`, `0-0`, lower-case
//! piece letters, `P` for pawns) but always resolved against the legal moves: a text names
//! exactly one legal move or it is an error that says why.
//!
//! One file per job: `tokens` splits a written line into moves, `san` reads SAN, long
//! algebraic and coordinates, `murray` and `descriptive` read the older notations, and
//! `write` writes one move in SAN, long algebraic or coordinates, `letters` says which
//! letter a man is written with, and `styled` writes moves and lines in the notation and
//! letters asked for.

mod descriptive;
mod letters;
mod murray;
mod san;
mod styled;
mod tokens;
mod write;

#[cfg(test)]
mod tests;

pub use letters::{letter, relabel, Letters};
pub use san::parse_san;
pub use styled::{
    line_text, line_text_in, split_plies, write_lines, write_move, write_plies, Style,
};
pub use tokens::{parse_line, parse_solution, signs, unbalanced, Solution, Token, Variation};
pub use write::{coord, lan, lan_in, san, san_in};

use crate::board::bits::Bits;
use crate::board::geometry::Geometry;
use crate::board::piece::Kind;
use crate::board::position::{Move, Position};
use crate::board::rules::Rules;
use thiserror::Error;

/// Why a move text names no single legal move.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// The text is empty or blank.
    #[error("empty move text")]
    Empty,
    /// The text does not read as a move.
    #[error("cannot read '{text}' as a move: {why}")]
    Unreadable {
        /// The move text, trimmed.
        text: String,
        /// What could not be read (only annotations, a square off the board, ...).
        why: String,
    },
    /// More than one legal move fits the text.
    #[error("'{text}' is ambiguous: it could be {}", .candidates.join(", "))]
    Ambiguous {
        /// The move text, trimmed.
        text: String,
        /// The moves it could be, in SAN.
        candidates: Vec<String>,
    },
    /// A descriptive move that names its target's file but not its rank, and more than
    /// one legal move fits it.
    #[error(
        "'{text}' gives no rank for its target and {} legal moves fit it: {}; write the rank",
        .candidates.len(), .candidates.join(", ")
    )]
    Rankless {
        /// The move text, trimmed.
        text: String,
        /// The moves it could be, each with the rank written out and in SAN.
        candidates: Vec<String>,
    },
    /// The text reads, but no legal move of the position fits it.
    #[error("'{text}' matches no legal move: {why}")]
    NoSuchMove {
        /// The move text, trimmed.
        text: String,
        /// Why none fits (what the pattern needs, or the legal moves there are).
        why: String,
    },
    /// The text names a move the men could make that the rules forbid (it leaves the
    /// king in check, say).
    #[error("'{text}' is illegal: {why}")]
    Illegal {
        /// The move text, trimmed.
        text: String,
        /// Why it is not legal.
        why: String,
    },
    /// The position has no legal move at all.
    #[error("'{text}' cannot be played: no legal move remains ({outcome})")]
    GameOver {
        /// The move text, trimmed.
        text: String,
        /// The outcome of the position, in words (mate, stalemate, ...).
        outcome: String,
    },
}

/// A `notation` or `letters` name that names none.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameError {
    /// No notation of that name.
    #[error("unknown notation '{0}' (expected one of: {})", Notation::NAMES.join(", "))]
    Notation(String),
    /// A notation moves are read in but not written in (`auto`).
    #[error("'{0}' is read in solutions but lines are not written in it (expected one of: {})", Notation::WRITTEN.join(", "))]
    NotWritten(String),
    /// No letters of that name.
    #[error("unknown letters '{0}' (expected one of: {})", Letters::NAMES.join(", "))]
    Letters(String),
}

/// The notation a solution is written in, or a line is to be written in.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// Reading: whichever reader understands the move (SAN, long algebraic and
    /// coordinates first, Murray's `Kt`, then English descriptive on 8x8 boards).
    /// Writing: SAN.
    #[default]
    Auto,
    /// Standard algebraic (`Nf5`, `Rxh8#`).
    San,
    /// Long algebraic (`Ng3-f5`, `Rh1xh8#`).
    Lan,
    /// Coordinates (`g3f5`).
    Coord,
    /// Murray's *A History of Chess* (`Kt-f5+`, `R×h8 m.`).
    Murray,
    /// English descriptive (`Kt-KB5 ch`, `RxR mate`), 8x8 boards only.
    Descriptive,
}

impl Notation {
    /// The names the `notation` key and the `--notation` flag accept.
    pub const NAMES: [&'static str; 6] = ["auto", "san", "lan", "coord", "murray", "descriptive"];

    /// The name as written in files and flags.
    pub fn name(&self) -> &'static str {
        match self {
            Notation::Auto => "auto",
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Coord => "coord",
            Notation::Murray => "murray",
            Notation::Descriptive => "descriptive",
        }
    }
}

impl Notation {
    /// The names a line can be written in (`--notation`).
    pub const WRITTEN: [&'static str; 5] = ["san", "lan", "coord", "murray", "descriptive"];

    /// Reads a `--notation` name: a notation lines can be written in (`auto` is for
    /// reading only).
    pub fn for_writing(s: &str) -> Result<Notation, NameError> {
        let n: Notation = s.parse()?;
        if Notation::WRITTEN.contains(&n.name()) {
            Ok(n)
        } else {
            Err(NameError::NotWritten(s.to_string()))
        }
    }
}

impl std::str::FromStr for Notation {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Self, NameError> {
        let all = [
            Notation::Auto,
            Notation::San,
            Notation::Lan,
            Notation::Coord,
            Notation::Murray,
            Notation::Descriptive,
        ];
        let t = s.trim().to_ascii_lowercase();
        all.into_iter()
            .find(|n| n.name() == t)
            .ok_or_else(|| NameError::Notation(s.to_string()))
    }
}

/// Reads a move in any notation the tool knows (see [`Notation::Auto`]) and returns the
/// one legal move it names.
pub fn parse_move<B: Bits>(pos: &Position<B>, text: &str) -> Result<Move, NotationError> {
    parse_move_in(pos, text, Notation::Auto)
}

/// Reads a move written in `notation` and returns the one legal move it names.
pub fn parse_move_in<B: Bits>(
    pos: &Position<B>,
    text: &str,
    notation: Notation,
) -> Result<Move, NotationError> {
    parse_move_noted_in(pos, text, notation).map(|(m, _)| m)
}

/// Reads a move written in `notation`: the one legal move it names, and a note when the
/// reading had to complete the text (a descriptive target without its rank, `K-R`, read
/// as the only legal move that fits: "K-R read as K-R1, the only legal fit").
pub fn parse_move_noted_in<B: Bits>(
    pos: &Position<B>,
    text: &str,
    notation: Notation,
) -> Result<(Move, Option<String>), NotationError> {
    let rules = &pos.eng.rules;
    let plain = |r: Result<Move, NotationError>| r.map(|m| (m, None));
    match notation {
        // The SAN reader is lenient enough for long algebraic and coordinates too.
        Notation::San | Notation::Lan | Notation::Coord => plain(parse_san(pos, text)),
        Notation::Murray => plain(parse_san(pos, &murray::normalise(rules, text))),
        Notation::Descriptive => descriptive::parse_noted(pos, text),
        Notation::Auto => {
            let first = parse_san(pos, &murray::normalise(rules, text));
            match first {
                Err(NotationError::Unreadable { .. }) if descriptive::looks_descriptive(text) => {
                    match descriptive::parse_noted(pos, text) {
                        Err(NotationError::Unreadable { .. }) => plain(first),
                        r => r,
                    }
                }
                r => plain(r),
            }
        }
    }
}

/// A square's name, or `?` for an index off the board.
pub(crate) fn sq_name(g: &Geometry, sq: u8) -> String {
    if (sq as usize) < g.squares() {
        g.name(sq)
    } else {
        "?".into()
    }
}

/// The upper-case letter of a kind, or `?` for an unknown kind.
pub(crate) fn upper(rules: &Rules, k: Kind) -> char {
    rules
        .pieces
        .get(k as usize)
        .map_or('?', |p| p.letter.to_ascii_uppercase())
}

/// The rules' piece letters in upper case, for messages.
pub(crate) fn letters(rules: &Rules) -> String {
    rules
        .pieces
        .iter()
        .map(|p| p.letter.to_ascii_uppercase())
        .collect()
}
