//! A problem's position as the concordance compares it: the board's size, the men by
//! square (colour and piece letter, so that two rule sets with the same letters compare),
//! the side to move (read under the problem's own rules by [`super::entry`]).

/// One man: its square (file, rank), colour (0 White, 1 Black) and lower-case letter
/// (a stack: its letters in order, bottom first).
pub type Man = ((u8, u8), u8, String);

/// A position to compare.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Files of the board.
    pub width: u8,
    /// Ranks of the board.
    pub height: u8,
    /// The men, sorted by square.
    pub men: Vec<Man>,
    /// The side to move (0 White, 1 Black).
    pub side: u8,
}
