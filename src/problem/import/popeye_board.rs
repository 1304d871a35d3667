//! One Popeye problem as the reader builds it ([`Raw`]: its texts, options, diagram and
//! twins), and one position of it — the men (with Popeye's colours and
//! attributes), the stipulation and the conditions — and the twinning commands that turn
//! one position into the next (`move`, `exchange`, `remove`, `add`, `substitute`,
//! `rotate`, `mirror`, `shift`, `PolishType`), as Popeye's input documentation describes
//! them.

use super::{EntryError, ImportError};

/// Options that change the problem, read from its `Option` commands.
#[derive(Clone, Debug, Default)]
pub struct PopOptions {
    /// `HalfDuplex`: the other side has the task (and moves first).
    pub half_duplex: bool,
    /// `Duplex`: the task, and the task with the colours' parts exchanged (each position
    /// comes in twice, the second as with `HalfDuplex`).
    pub duplex: bool,
    /// `WhiteToPlay`: help play half a move shorter, White first (`h#2` read as `h#1.5`).
    pub white_to_play: bool,
    /// `NoCastling`: squares whose men may not castle.
    pub no_castling: Vec<usize>,
    /// `EnPassant`: the squares of the double step just played.
    pub en_passant: Option<Vec<(u8, u8)>>,
    /// Options mansuba cannot honour, with the reason and the line of the option.
    pub refused: Vec<(String, usize)>,
}

/// One problem as written: its texts, options, diagram and twins.
#[derive(Clone, Debug, Default)]
pub struct Raw {
    /// The line where it begins.
    pub line: usize,
    /// Text lines, each read by [`super::popeye_text::from_line`].
    pub author: Vec<(String, bool)>,
    /// `Origin` lines.
    pub origin: Vec<(String, bool)>,
    /// `Title` lines.
    pub title: Vec<(String, bool)>,
    /// `Award` lines.
    pub award: Vec<(String, bool)>,
    /// `Remark` lines.
    pub remarks: Vec<(String, bool)>,
    /// The options.
    pub opts: PopOptions,
    /// The diagram (or zero position).
    pub diagram: Board,
    /// The diagram is a zero position, not a problem.
    pub zero: bool,
    /// The twins, each with the line where it begins.
    pub twins: Vec<(Board, usize)>,
    /// The error that stopped it.
    pub error: Option<ImportError>,
}

/// A man's colour as Popeye names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
    /// Neutral (both sides').
    Neutral,
}

/// A man: its row of [`super::popeye_words::MEN`], colour and attributes (`Royal`...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Man {
    /// Row of `MEN`.
    pub walk: usize,
    /// Its colour.
    pub colour: Colour,
    /// The attributes given after the colour (English names).
    pub flags: Vec<String>,
}

/// What the conditions of a position ask for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conds {
    /// `BlackMustCapture`.
    pub black_must_capture: bool,
    /// `WhiteMustCapture`.
    pub white_must_capture: bool,
    /// `PromOnly`: rows of `MEN`.
    pub prom_only: Option<Vec<usize>>,
    /// The conditions mansuba has no rules for (English names), with their lines.
    pub refused: Vec<(String, usize)>,
}

/// A position of a problem: the diagram, the zero position or a twin.
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// Square `file + 8 * rank` (from 0) to its man.
    pub men: Vec<Option<Man>>,
    /// The stipulation as written, and its line.
    pub stipulation: Option<(String, usize)>,
    /// The conditions.
    pub conds: Conds,
    /// Total invisible men given (`TotalInvisible N`).
    pub invisible: u32,
    /// Men of no walk of Popeye's table (hunters), by name, with their lines.
    pub unknown_men: Vec<(String, usize)>,
    /// For each walk given, the line where a man of it was first put: a refusal of a
    /// fairy man names that line.
    pub walk_lines: Vec<(usize, usize)>,
    /// What the twinning commands that made it said (`move e1 e2`), for the notes.
    pub made_by: Vec<String>,
}

/// A square's index.
pub fn at(sq: (u8, u8)) -> usize {
    sq.0 as usize + 8 * sq.1 as usize
}

/// A square's name.
pub fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

/// The board transformations of `rotate` and `mirror`: where (file, rank) goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// `rotate 90`.
    Rot90,
    /// `rotate 180`.
    Rot180,
    /// `rotate 270`.
    Rot270,
    /// `mirror a1<-->h1` (files reversed).
    A1H1,
    /// `mirror a1<-->a8` (ranks reversed).
    A1A8,
    /// `mirror a1<-->h8` (the long diagonal a8-h1 as the axis).
    A1H8,
    /// `mirror a8<-->h1` (the long diagonal a1-h8 as the axis).
    A8H1,
}

impl Turn {
    /// Where a square goes (Popeye's `rotate 90` takes a1 to h1 and a2 to g1).
    fn apply(self, f: usize, r: usize) -> (usize, usize) {
        match self {
            Turn::Rot90 => (7 - r, f),
            Turn::Rot180 => (7 - f, 7 - r),
            Turn::Rot270 => (r, 7 - f),
            Turn::A1H1 => (7 - f, r),
            Turn::A1A8 => (f, 7 - r),
            Turn::A1H8 => (7 - r, 7 - f),
            Turn::A8H1 => (r, f),
        }
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            men: vec![None; 64],
            ..Board::default()
        }
    }

    /// Puts a man on a square (a man already there is replaced, as in Popeye).
    pub fn put(&mut self, sq: (u8, u8), man: Man) {
        self.men[at(sq)] = Some(man);
    }

    /// Puts a man given by `Pieces` on an empty square; a square given twice (`Pieces
    /// White ke1 qe1`) is an error naming it, not a man silently replaced.
    pub fn put_new(&mut self, sq: (u8, u8), man: Man) -> Result<(), EntryError> {
        if self.men[at(sq)].is_some() {
            return Err(EntryError::GivenTwice(name(at(sq))));
        }
        self.put(sq, man);
        Ok(())
    }

    /// Puts a man given by `Pieces` ([`Self::put_new`]) or by a twin's `add`, which
    /// replaces a man already there ([`Self::put`]).
    pub fn place(&mut self, sq: (u8, u8), man: Man, replacing: bool) -> Result<(), EntryError> {
        if replacing {
            self.put(sq, man);
            return Ok(());
        }
        self.put_new(sq, man)
    }

    /// Notes that a man of `walk` was given on `line` (the first such line is kept).
    pub fn given_on(&mut self, walk: usize, line: usize) {
        if !self.walk_lines.iter().any(|&(w, _)| w == walk) {
            self.walk_lines.push((walk, line));
        }
    }

    /// The line where a man of `walk` was first given, if it was.
    pub fn line_of(&self, walk: usize) -> Option<usize> {
        self.walk_lines
            .iter()
            .find(|&&(w, _)| w == walk)
            .map(|&(_, l)| l)
    }

    /// `move FROM TO`: the man on FROM goes to TO (taking what stands there).
    pub fn move_man(&mut self, from: (u8, u8), to: (u8, u8)) -> Result<(), EntryError> {
        let m = self.men[at(from)]
            .take()
            .ok_or_else(|| EntryError::MoveFromEmpty(name(at(from))))?;
        self.men[at(to)] = Some(m);
        Ok(())
    }

    /// `exchange A B`: the men on A and B change places.
    pub fn exchange(&mut self, a: (u8, u8), b: (u8, u8)) -> Result<(), EntryError> {
        for s in [a, b] {
            if self.men[at(s)].is_none() {
                return Err(EntryError::ExchangeEmpty(name(at(s))));
            }
        }
        self.men.swap(at(a), at(b));
        Ok(())
    }

    /// `remove SQUARES`.
    pub fn remove(&mut self, squares: &[(u8, u8)]) -> Result<(), EntryError> {
        for &s in squares {
            self.men[at(s)]
                .take()
                .ok_or_else(|| EntryError::RemoveEmpty(name(at(s))))?;
        }
        Ok(())
    }

    /// `substitute OLD NEW`: every man of kind OLD becomes a NEW.
    pub fn substitute(&mut self, old: usize, new: usize) {
        for m in self.men.iter_mut().flatten() {
            if m.walk == old {
                m.walk = new;
            }
        }
    }

    /// `rotate` and `mirror`.
    pub fn turn(&mut self, t: Turn) {
        let mut out = vec![None; 64];
        for (i, m) in self.men.iter_mut().enumerate() {
            let (f, r) = t.apply(i % 8, i / 8);
            out[f + 8 * r] = m.take();
        }
        self.men = out;
    }

    /// `shift FROM TO`: every man moves by the step from FROM to TO; none may leave the
    /// board.
    pub fn shift(&mut self, from: (u8, u8), to: (u8, u8)) -> Result<(), EntryError> {
        let (df, dr) = (to.0 as i32 - from.0 as i32, to.1 as i32 - from.1 as i32);
        let mut out = vec![None; 64];
        for (i, m) in self.men.iter_mut().enumerate() {
            let Some(m) = m.take() else { continue };
            let (f, r) = ((i % 8) as i32 + df, (i / 8) as i32 + dr);
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                return Err(EntryError::ShiftOff(name(i)));
            }
            out[(f + 8 * r) as usize] = Some(m);
        }
        self.men = out;
        Ok(())
    }

    /// `PolishType`: White's men become Black's and Black's White's.
    pub fn polish(&mut self) {
        for m in self.men.iter_mut().flatten() {
            m.colour = match m.colour {
                Colour::White => Colour::Black,
                Colour::Black => Colour::White,
                Colour::Neutral => Colour::Neutral,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(sq: (u8, u8)) -> Board {
        let mut b = Board::new();
        b.put(
            sq,
            Man {
                walk: 0,
                colour: Colour::White,
                flags: vec![],
            },
        );
        b
    }

    fn where_is(b: &Board) -> String {
        name(b.men.iter().position(Option::is_some).unwrap())
    }

    #[test]
    fn turns_go_where_popeye_takes_them() {
        for (t, from, to) in [
            (Turn::Rot90, (0, 0), "h1"),
            (Turn::Rot90, (0, 1), "g1"),
            (Turn::Rot180, (1, 0), "g8"),
            (Turn::Rot270, (0, 0), "a8"),
            (Turn::A1H1, (1, 0), "g1"),
            (Turn::A1A8, (1, 0), "b8"),
            (Turn::A1H8, (1, 0), "h7"),
            (Turn::A8H1, (1, 0), "a2"),
        ] {
            let mut b = one(from);
            b.turn(t);
            assert_eq!(where_is(&b), to, "{t:?}");
        }
        let mut b = one((0, 0));
        assert!(b.shift((0, 0), (2, 3)).is_ok());
        assert_eq!(where_is(&b), "c4");
        assert!(
            b.shift((0, 0), (0, 5)).is_err(),
            "c4 shifted five ranks up leaves the board"
        );
    }
}
