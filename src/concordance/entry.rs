//! A problem read for the concordance: its position as a [`Shape`] under its own rules,
//! the symmetries those rules allow, and the names its differences are spelled with.

use super::shape::Shape;
use super::symmetry::{allowed, Allowed};
use crate::board::bits::Bits;
use crate::board::piece::Color;
use crate::board::position::{FenError, Position};
use crate::problem::{OwnRulesError, Problem};
use crate::with_engine;
use std::collections::HashMap;

/// A problem as the concordance knows it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The problem's id in its file.
    pub id: String,
    /// The file it came from.
    pub file: String,
    /// The line of its `[[problem]]` table (1-based).
    pub line: usize,
    /// Where it comes from (empty when the file does not say).
    pub source: String,
    /// Its rules: a preset name or a rules file, as the problem names them.
    pub rules: String,
    /// Its stipulation, written out.
    pub stipulation: String,
    /// Its position as the program plays it (after any flip).
    pub fen: String,
    /// The position.
    pub shape: Shape,
    /// The symmetries its rules and the problem allow, and why the others are not.
    pub allowed: Allowed,
    /// The piece names by letter, for the differences in words.
    pub names: HashMap<char, String>,
    /// The names of the sides (White's, Black's).
    pub sides: [String; 2],
}

/// Why a problem cannot be read into an entry.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError {
    /// Its own rules cannot be had.
    #[error(transparent)]
    Rules(#[from] OwnRulesError),
    /// Its FEN does not read under them.
    #[error(transparent)]
    Fen(#[from] FenError),
}

/// Compiled rule sets shared by the problems that name the same rules, taken as every
/// command takes a problem's rules ([`crate::problem::Engines::own`]).
#[derive(Default)]
pub struct Shapes {
    engines: crate::problem::Engines,
}

impl Shapes {
    /// Positions read under rules compiled by `engines` (and as the folders they allow).
    pub fn with(engines: crate::problem::Engines) -> Shapes {
        Shapes { engines }
    }

    /// The compiled rules, shared with the members' verdicts.
    pub fn engines(&self) -> &crate::problem::Engines {
        &self.engines
    }

    /// The problem read into an entry, or why it cannot be.
    pub fn entry(&mut self, p: &Problem) -> Result<Entry, EntryError> {
        let eng = &self.engines.own(p)?;
        with_engine!(eng, e => {
            let pos = Position::from_fen(e.clone(), &p.fen)?;
            let geo = e.geo;
            let mut men = vec![];
            for sq in 0..geo.squares() {
                let on = pos.men_on(sq as u8);
                if on.is_empty() {
                    continue;
                }
                // A stack is one man of its top's colour, its letters in order.
                let letters: String = on.iter().map(|&(_, k)| e.rules.pieces[k as usize].letter).collect();
                let colour = on.last().map_or(0, |m| m.0 as u8);
                men.push(((geo.file(sq as u8), geo.rank(sq as u8)), colour, letters));
            }
            men.sort();
            let shape = Shape { width: geo.width, height: geo.height, men, side: pos.side as u8 };
            let names = e.rules.pieces.iter().map(|d| (d.letter, d.name.to_lowercase())).collect();
            Ok(Entry {
                id: p.id.clone(),
                file: p.file.display().to_string(),
                line: p.line,
                source: p.source.clone().unwrap_or_default(),
                rules: p.rules.clone(),
                stipulation: p.stipulation.to_string(),
                fen: p.fen.clone(),
                allowed: allowed(&e.rules, p, !pos.privileges.is_empty(), &shape),
                shape,
                names,
                sides: [p.sides.lower(Color::White).to_string(), p.sides.lower(Color::Black).to_string()],
            })
        })
    }
}
