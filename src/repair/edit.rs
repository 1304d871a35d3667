//! One edit of a position, as an editor makes it: remove a man, add one, move one, change
//! its kind or its colour, change the side to move, turn the board. The edits act on a
//! [`Grid`] (the men square by square, the side to move, the privileges still held), so
//! that two edits can pass through a position that is not legal on its own; only the end
//! result is read back as a position and checked.

use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::piece::{Color, Kind};
use crate::board::position::{FenError, Position};
use crate::board::sides::SideNames;
use std::sync::Arc;

/// The men square by square, the side to move and the privileges, with the counters of
/// the position it came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Files of the board.
    pub width: u8,
    /// Ranks of the board.
    pub height: u8,
    /// The men on each square (more than one: a stack).
    pub men: Vec<Vec<(Color, Kind)>>,
    /// The side to move.
    pub side: Color,
    /// The squares whose men keep their first-move privilege.
    pub privileges: Vec<bool>,
}

/// One edit. Squares are indices of the board; colours and kinds are those of the man
/// before the edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edit {
    /// Take a man off the board.
    Remove {
        /// The square.
        sq: usize,
        /// The man's colour.
        c: Color,
        /// The man's kind.
        k: Kind,
    },
    /// Put a man on an empty square.
    Add {
        /// The square.
        sq: usize,
        /// The man's colour.
        c: Color,
        /// The man's kind.
        k: Kind,
    },
    /// Put a man on another (empty) square.
    Move {
        /// The square it leaves.
        from: usize,
        /// The square it goes to.
        to: usize,
        /// The man's colour.
        c: Color,
        /// The man's kind.
        k: Kind,
    },
    /// Make a man another kind (the copyist's ferz for an alfil).
    Kind {
        /// The square.
        sq: usize,
        /// The man's colour.
        c: Color,
        /// Its kind before the edit.
        from: Kind,
        /// Its kind after.
        to: Kind,
    },
    /// Make a man the other side's.
    Colour {
        /// The square.
        sq: usize,
        /// The man's colour before the edit.
        c: Color,
        /// The man's kind.
        k: Kind,
    },
    /// Let the other side move first.
    Side,
    /// Read the diagram the other way round: mirrored top to bottom with the colours
    /// swapped (the problem files' `orientation = "flipped"`).
    Turn,
    /// Pose the task in more moves (the position unchanged).
    Stipulation {
        /// The number of moves of the task posed.
        moves: u32,
    },
}

impl<B: Bits> From<&Position<B>> for Grid {
    fn from(p: &Position<B>) -> Grid {
        let g = p.eng.geo;
        let n = g.squares();
        Grid {
            width: g.width,
            height: g.height,
            men: (0..n).map(|s| p.men_on(s as u8)).collect(),
            side: p.side,
            privileges: (0..n).map(|s| p.privileges.has(s)).collect(),
        }
    }
}

impl Grid {
    /// The grid after `e` (the edit is assumed to fit: made by [`crate::repair::candidates`]).
    pub fn apply(&self, e: &Edit) -> Grid {
        let mut g = self.clone();
        let take = |g: &mut Grid, sq: usize, c: Color, k: Kind| {
            if let Some(i) = g.men[sq].iter().position(|&m| m == (c, k)) {
                g.men[sq].remove(i);
            }
            g.privileges[sq] = false;
        };
        match *e {
            Edit::Remove { sq, c, k } => take(&mut g, sq, c, k),
            Edit::Add { sq, c, k } => g.men[sq].push((c, k)),
            Edit::Move { from, to, c, k } => {
                take(&mut g, from, c, k);
                g.men[to].push((c, k));
                g.privileges[to] = false;
            }
            Edit::Kind { sq, c, from, to } => {
                take(&mut g, sq, c, from);
                g.men[sq].push((c, to));
            }
            Edit::Colour { sq, c, k } => {
                take(&mut g, sq, c, k);
                g.men[sq].push((c.flip(), k));
            }
            Edit::Side => g.side = g.side.flip(),
            Edit::Turn => g = g.turned(),
            Edit::Stipulation { .. } => {}
        }
        g
    }

    /// Mirrored top to bottom, colours and side to move swapped.
    fn turned(&self) -> Grid {
        let w = self.width as usize;
        let h = self.height as usize;
        let mirror = |s: usize| (h - 1 - s / w) * w + s % w;
        let n = self.men.len();
        let mut men = vec![vec![]; n];
        let mut privileges = vec![false; n];
        for s in 0..n {
            men[mirror(s)] = self.men[s].iter().map(|&(c, k)| (c.flip(), k)).collect();
            privileges[mirror(s)] = self.privileges[s];
        }
        Grid {
            width: self.width,
            height: self.height,
            men,
            side: self.side.flip(),
            privileges,
        }
    }

    /// The grid as a position under `eng`, checked as a problem position must be (one
    /// king a side, no pawn on its last rank, the side not to move not in check). The
    /// counters are `fen_tail` ("0 1"); an en-passant square is not kept.
    pub fn position<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        fen_tail: &str,
    ) -> Result<Position<B>, FenError> {
        let mut p = Position::empty(Arc::clone(eng));
        for (sq, men) in self.men.iter().enumerate() {
            for &(c, k) in men {
                p.add_to_stack(c, k, sq)
                    .map_err(|why| FenError::BadStack(eng.geo.name(sq as u8), why))?;
            }
        }
        p.side = self.side;
        let privs = self
            .privileges
            .iter()
            .enumerate()
            .filter(|&(s, &has)| has && !self.men[s].is_empty())
            .fold(B::EMPTY, |b, (s, _)| b | B::bit(s));
        p.set_privileges(privs);
        let fen = format!(
            "{} {fen_tail}",
            p.to_fen().rsplitn(3, ' ').nth(2).unwrap_or("")
        );
        Position::from_fen(Arc::clone(eng), &fen)
    }
}

impl Edit {
    /// The edit that undoes this one (made on the grid this one leaves).
    pub fn inverse(&self) -> Edit {
        match *self {
            Edit::Remove { sq, c, k } => Edit::Add { sq, c, k },
            Edit::Add { sq, c, k } => Edit::Remove { sq, c, k },
            Edit::Move { from, to, c, k } => Edit::Move {
                from: to,
                to: from,
                c,
                k,
            },
            Edit::Kind { sq, c, from, to } => Edit::Kind {
                sq,
                c,
                from: to,
                to: from,
            },
            Edit::Colour { sq, c, k } => Edit::Colour { sq, c: c.flip(), k },
            Edit::Side => Edit::Side,
            Edit::Turn => Edit::Turn,
            Edit::Stipulation { moves } => Edit::Stipulation { moves },
        }
    }

    /// The edit in words: "remove the white pawn a3", "move the white pawn a3 to a5" (the
    /// text of [`Edit::spelled`]).
    pub fn words<B: Bits>(&self, eng: &Engine<B>, sides: &SideNames) -> String {
        self.spelled(eng, sides).to_string()
    }
}
