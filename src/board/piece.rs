//! A piece kind as movement data.
//!
//! Every man of every historical game is described by the same handful of atoms, in the
//! spirit of Betza's notation: leaps (jumping to a fixed offset), rides (repeating a step
//! over empty squares), the two bent riders of Grant Acedrex, and the pawn.

use serde::{Deserialize, Serialize};

/// Largest number of kinds in one game.
pub const MAX_KINDS: usize = 16;

/// The two colours. White moves up the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    /// White: moves up the board from rank 0; capital letters in a FEN.
    White = 0,
    /// Black: moves down the board; small letters in a FEN.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub fn idx(self) -> usize {
        self as usize
    }
    /// "White" or "Black".
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// Index of a piece kind within a rule set (0..16).
pub type Kind = u8;

/// The bent riders of Grant Acedrex.
///
/// "Outward" means the second stage keeps the signs of the first: after the anqa's
/// diagonal step (sx, sy) it may go on along (sx, 0) or (0, sy); after the unicorn's knight
/// leap with signs (sx, sy) it may go on along (sx, sy). Each may stop after the first
/// stage; to go on, the first-stage square must be empty (the knight leap itself jumps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bent {
    /// Aanca: one diagonal step, then optionally a rook ride outward.
    Anqa,
    /// Unicornio: a knight leap, then optionally a bishop ride outward.
    Unicorn,
}

/// One kind of man: its letter and how it moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// Name from the field (ferz, alfil, courier, anqa ...).
    pub name: String,
    /// FEN letter, lower case; White's men are written in upper case.
    pub letter: char,
    /// Other letters accepted on input (e.g. `f` for the ferz, `a` for the alfil).
    #[serde(default)]
    pub aliases: Vec<char>,
    /// Leap atoms (a, b): the piece jumps to every (±a, ±b) and (±b, ±a).
    #[serde(default)]
    pub leaps: Vec<[i8; 2]>,
    /// Ride atoms (a, b): the piece repeats the step over empty squares, in every symmetry.
    #[serde(default)]
    pub rides: Vec<[i8; 2]>,
    /// A bent ride (Grant Acedrex), if any.
    #[serde(default)]
    pub bent: Option<Bent>,
    /// Moves and captures as a pawn (one step forward, captures one diagonally forward).
    #[serde(default)]
    pub pawn: bool,
    /// The king: must not be left in check; its loss of all company is the bare king.
    #[serde(default)]
    pub royal: bool,
    /// May not capture a man of its own kind ("an alfil may not take an alfil").
    #[serde(default)]
    pub no_capture_same_kind: bool,
    /// Rough value in pawns, for ordering and the nine-move rule.
    #[serde(default = "one")]
    pub value: u32,
}

fn one() -> u32 {
    1
}

/// All (dx, dy) offsets of an atom under the eight symmetries, without repeats.
pub fn symmetries(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::new();
    for &(x, y) in &[(a, b), (b, a)] {
        for &sx in &[1i8, -1] {
            for &sy in &[1i8, -1] {
                let o = (x * sx, y * sy);
                if o != (0, 0) && !v.contains(&o) {
                    v.push(o);
                }
            }
        }
    }
    v
}

impl PieceDef {
    fn base(name: &str, letter: char) -> Self {
        PieceDef {
            name: name.into(),
            letter,
            aliases: vec![],
            leaps: vec![],
            rides: vec![],
            bent: None,
            pawn: false,
            royal: false,
            no_capture_same_kind: false,
            value: 1,
        }
    }
    /// The king (one step any way, royal).
    pub fn king(letter: char) -> Self {
        PieceDef {
            leaps: vec![[1, 0], [1, 1]],
            royal: true,
            value: 0,
            ..Self::base("king", letter)
        }
    }
    /// The ferz: one diagonal step.
    pub fn ferz(letter: char, aliases: &[char]) -> Self {
        PieceDef {
            leaps: vec![[1, 1]],
            aliases: aliases.to_vec(),
            value: 2,
            ..Self::base("ferz", letter)
        }
    }
    /// The alfil: a leap of exactly two squares diagonally.
    pub fn alfil(letter: char, aliases: &[char]) -> Self {
        PieceDef {
            leaps: vec![[2, 2]],
            aliases: aliases.to_vec(),
            value: 2,
            ..Self::base("alfil", letter)
        }
    }
    /// The knight.
    pub fn knight(letter: char) -> Self {
        PieceDef {
            leaps: vec![[2, 1]],
            value: 3,
            ..Self::base("knight", letter)
        }
    }
    /// The rook.
    pub fn rook(letter: char) -> Self {
        PieceDef {
            rides: vec![[1, 0]],
            value: 5,
            ..Self::base("rook", letter)
        }
    }
    /// A diagonal rider (modern bishop, courier, cockatrice).
    pub fn bishop(name: &str, letter: char) -> Self {
        PieceDef {
            rides: vec![[1, 1]],
            value: 3,
            ..Self::base(name, letter)
        }
    }
    /// The modern queen.
    pub fn queen(letter: char) -> Self {
        PieceDef {
            rides: vec![[1, 0], [1, 1]],
            value: 9,
            ..Self::base("queen", letter)
        }
    }
    /// A pawn.
    pub fn pawn(letter: char) -> Self {
        PieceDef {
            pawn: true,
            ..Self::base("pawn", letter)
        }
    }
    /// A non-royal piece built from leap atoms (sage, fool, giraffe, lion).
    pub fn leaper(name: &str, letter: char, leaps: &[[i8; 2]], value: u32) -> Self {
        PieceDef {
            leaps: leaps.to_vec(),
            value,
            ..Self::base(name, letter)
        }
    }
    /// A bent rider.
    pub fn bent(name: &str, letter: char, bent: Bent, value: u32) -> Self {
        PieceDef {
            bent: Some(bent),
            value,
            ..Self::base(name, letter)
        }
    }
    /// Every (dx, dy) leap offset of this piece.
    pub fn leap_offsets(&self) -> Vec<(i8, i8)> {
        let mut v = Vec::new();
        for l in &self.leaps {
            for o in symmetries(l[0], l[1]) {
                if !v.contains(&o) {
                    v.push(o);
                }
            }
        }
        v
    }
    /// Every (dx, dy) ride direction of this piece.
    pub fn ride_offsets(&self) -> Vec<(i8, i8)> {
        let mut v = Vec::new();
        for l in &self.rides {
            for o in symmetries(l[0], l[1]) {
                if !v.contains(&o) {
                    v.push(o);
                }
            }
        }
        v
    }
    /// True when the letter (either case) names this piece.
    pub fn answers_to(&self, c: char) -> bool {
        let c = c.to_ascii_lowercase();
        self.letter == c || self.aliases.contains(&c)
    }
}

/// The kind index of a letter among `pieces` (either case, aliases included).
pub fn kind_of(pieces: &[PieceDef], c: char) -> Option<u8> {
    pieces.iter().position(|p| p.answers_to(c)).map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms_expand_to_the_expected_counts() {
        assert_eq!(symmetries(1, 0).len(), 4);
        assert_eq!(symmetries(1, 1).len(), 4);
        assert_eq!(symmetries(2, 1).len(), 8);
        assert_eq!(PieceDef::king('k').leap_offsets().len(), 8);
        assert_eq!(PieceDef::queen('q').ride_offsets().len(), 8);
        // Grant Acedrex lion: (3,0) and (3,1) leaps = 4 + 8 targets.
        assert_eq!(
            PieceDef::leaper("lion", 'l', &[[3, 0], [3, 1]], 5)
                .leap_offsets()
                .len(),
            12
        );
    }
}
