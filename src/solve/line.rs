//! Moves and lines as values: a move played ([`Played`]: from-square, to-square, the
//! promotion's letter, a joint move's second man) that needs no engine to be kept, compared
//! or written in coordinates, and a [`Line`] of them from a given position. Coordinates are
//! their one text form (`d5h5`, `b7b8q`, `e1c3&d1d3`); every other notation is written
//! only when a line is written out, by replaying it on its position
//! ([`Line::written`]).

use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, MoveKind, Position};
use crate::notation::{write_move, Style};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A square by its file and rank, counted from 0 (`a1` is file 0, rank 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot {
    /// The file, 0 for `a`.
    pub file: u8,
    /// The rank, 0 for the first.
    pub rank: u8,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// A move as played, without its engine: where the man goes from and to, the letter of
/// the man a pawn promotes to, and for a joint leap the second man's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Played {
    /// The square the man leaves.
    pub from: Spot,
    /// The square it goes to.
    pub to: Spot,
    /// The rules' letter of the man a promoting pawn becomes.
    pub promo: Option<char>,
    /// A joint leap's second man: the square it leaves and the one it goes to.
    pub joint: Option<(Spot, Spot)>,
}

/// Why a text is not a move in coordinates, or a line does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// The text is not a move in coordinates.
    #[error("'{0}' is not a move in coordinates")]
    Unreadable(String),
    /// The move is not legal where the line plays it.
    #[error("{0} is not legal at ply {1} of the line")]
    Illegal(Played, usize),
}

impl Played {
    /// The move `m` as played from `pos`.
    pub fn of<B: Bits>(pos: &Position<B>, m: &Move) -> Played {
        let g = &pos.eng.geo;
        let spot = |sq: u8| Spot {
            file: g.file(sq),
            rank: g.rank(sq),
        };
        let promo = m.promo.map(|k| {
            let piece = pos.eng.rules.pieces.get(k as usize);
            piece.map_or('?', |p| p.letter)
        });
        let joint = (m.flag == MoveKind::Joint).then(|| (spot(m.from2), spot(m.to2)));
        Played {
            from: spot(m.from),
            to: spot(m.to),
            promo,
            joint,
        }
    }

    /// The legal move of `pos` played as `self`, if there is one.
    pub fn find<B: Bits>(&self, pos: &Position<B>) -> Option<Move> {
        let mut p = pos.clone();
        let mut legal = MoveList::new();
        p.legal_moves(&mut legal);
        legal
            .as_slice()
            .iter()
            .copied()
            .find(|m| Played::of(pos, m) == *self)
    }

    /// The move written in `style` where `pos` plays it (its coordinates when it is not
    /// legal there).
    pub fn written<B: Bits>(&self, pos: &Position<B>, style: impl Into<Style>) -> String {
        match self.find(pos) {
            Some(m) => write_move(pos, &m, style),
            None => self.to_string(),
        }
    }
}

impl fmt::Display for Played {
    /// Coordinates: `f5g7`, `b7b8q`, `a10a11`; a joint leap `e1c3&d1d3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(c) = self.promo {
            write!(f, "{c}")?;
        }
        if let Some((a, b)) = self.joint {
            write!(f, "&{a}{b}")?;
        }
        Ok(())
    }
}

/// Reads one square's name from the front of `s`: the square and what is left.
fn spot_at(s: &str) -> Option<(Spot, &str)> {
    let b = s.as_bytes();
    let file = *b.first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count();
    if s[1..].starts_with('0') {
        return None;
    }
    let rank: u8 = s[1..1 + digits].parse().ok()?;
    let spot = Spot {
        file: file - b'a',
        rank: rank.checked_sub(1)?,
    };
    Some((spot, &s[1 + digits..]))
}

impl FromStr for Played {
    type Err = LineError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || LineError::Unreadable(text.to_string());
        let (main, joint) = match text.split_once('&') {
            Some((m, j)) => (m, Some(j)),
            None => (text, None),
        };
        let (from, rest) = spot_at(main).ok_or_else(bad)?;
        let (to, rest) = spot_at(rest).ok_or_else(bad)?;
        let mut chars = rest.chars();
        let promo = chars.next();
        if chars.next().is_some() || promo.is_some_and(|c| !c.is_alphabetic()) {
            return Err(bad());
        }
        let joint = match joint {
            Some(j) => {
                let (a, rest) = spot_at(j).ok_or_else(bad)?;
                let (b, rest) = spot_at(rest).ok_or_else(bad)?;
                if !rest.is_empty() {
                    return Err(bad());
                }
                Some((a, b))
            }
            None => None,
        };
        Ok(Played {
            from,
            to,
            promo,
            joint,
        })
    }
}

/// A move equals the text of its coordinates.
impl PartialEq<&str> for Played {
    fn eq(&self, other: &&str) -> bool {
        other.parse::<Played>().is_ok_and(|p| p == *self)
    }
}

impl PartialEq<String> for Played {
    fn eq(&self, other: &String) -> bool {
        *self == other.as_str()
    }
}

impl Serialize for Played {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Played {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// The moves of a line of play, in order, from the position it starts at.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Line(pub Vec<Played>);

impl Line {
    /// The moves `moves` played one after another from `pos`.
    pub fn of<B: Bits>(pos: &Position<B>, moves: &[Move]) -> Line {
        let mut p = pos.clone();
        let played = moves.iter().map(|m| {
            let x = Played::of(&p, m);
            p.make(*m);
            x
        });
        Line(played.collect())
    }

    /// The engine's moves of the line replayed from `pos`.
    pub fn replay<B: Bits>(&self, pos: &Position<B>) -> Result<Vec<Move>, LineError> {
        let moves = self.moves(pos);
        match self.0.get(moves.len()) {
            Some(x) => Err(LineError::Illegal(*x, moves.len())),
            None => Ok(moves),
        }
    }

    /// The engine's moves of the line replayed from `pos`, as far as they are legal.
    pub fn moves<B: Bits>(&self, pos: &Position<B>) -> Vec<Move> {
        let mut p = pos.clone();
        let mut out = Vec::with_capacity(self.0.len());
        for x in &self.0 {
            let Some(m) = x.find(&p) else { break };
            p.make(m);
            out.push(m);
        }
        out
    }

    /// Each ply written in `style` as the line is replayed from `pos`. Where a ply is not
    /// legal, it and the rest are taken from `otherwise` (the same plies as written
    /// before), or written in coordinates where that has none.
    pub fn written_or<B: Bits>(
        &self,
        pos: &Position<B>,
        style: impl Into<Style>,
        otherwise: &[String],
    ) -> Vec<String> {
        let style = style.into();
        let mut p = pos.clone();
        let mut out = Vec::with_capacity(self.0.len());
        for (i, x) in self.0.iter().enumerate() {
            let Some(m) = x.find(&p) else {
                let rest = self.0[i..].iter().enumerate();
                out.extend(rest.map(|(j, x)| match otherwise.get(i + j) {
                    Some(w) => w.clone(),
                    None => x.to_string(),
                }));
                break;
            };
            out.push(write_move(&p, &m, style));
            p.make(m);
        }
        out
    }

    /// Each ply written in `style` as the line is replayed from `pos` (a ply that is not
    /// legal there, and those after it, in coordinates).
    pub fn written<B: Bits>(&self, pos: &Position<B>, style: impl Into<Style>) -> Vec<String> {
        self.written_or(pos, style, &[])
    }

    /// Each ply in coordinates.
    pub fn coords(&self) -> Vec<String> {
        self.0.iter().map(Played::to_string).collect()
    }

    /// The first move.
    pub fn first(&self) -> Option<&Played> {
        self.0.first()
    }

    /// The number of plies.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No move at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Line {
    /// The plies in coordinates, separated by spaces (`f5g7 e8d8`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}

impl FromStr for Line {
    type Err = LineError;

    /// Plies in coordinates separated by spaces.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let plies = text.split_whitespace().map(str::parse);
        Ok(Line(plies.collect::<Result<_, _>>()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::engine::Engine;
    use crate::board::rules::Rules;
    use crate::notation::Notation;
    use std::sync::Arc;

    fn start() -> Position<u64> {
        let e = Arc::new(Engine::<u64>::new(Rules::preset("orthodox").unwrap()).unwrap());
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        Position::from_fen(e, fen).unwrap()
    }

    #[test]
    fn a_move_reads_and_writes_its_coordinates() {
        for text in ["d5h5", "b7b8q", "a10a11", "e1c3&d1d3", "l12a1"] {
            let m: Played = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
            assert_eq!(serde_json::to_string(&m).unwrap(), format!("\"{text}\""));
        }
        let m: Played = "b7b8q".parse().unwrap();
        assert_eq!(m.promo, Some('q'));
        assert_eq!((m.from.file, m.from.rank, m.to.rank), (1, 6, 7));
        for bad in [
            "", "e2", "e2e", "e0e1", "e02e4", "e2e4qq", "E2e4", "e2e4&d1",
        ] {
            assert!(bad.parse::<Played>().is_err(), "{bad}");
        }
        assert!(m == "b7b8q" && m != "b7b8r");
        assert_eq!(vec![m], vec!["b7b8q".to_string()]);
    }

    #[test]
    fn a_line_renders_coordinates_and_san_from_its_position() {
        let pos = start();
        let line: Line = "e2e4 e7e5 g1f3 b8c6 f1b5".parse().unwrap();
        assert_eq!(line.to_string(), "e2e4 e7e5 g1f3 b8c6 f1b5");
        assert_eq!(line.coords(), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
        assert_eq!(
            line.written(&pos, Notation::San),
            ["e4", "e5", "Nf3", "Nc6", "Bb5"]
        );
        assert_eq!(line.written(&pos, Notation::Coord), line.coords());
        let descriptive = line.written(&pos, Notation::Descriptive);
        assert_eq!(descriptive.len(), 5);
        assert_ne!(descriptive, line.written(&pos, Notation::San));
        let moves = line.replay(&pos).unwrap();
        assert_eq!(Line::of(&pos, &moves), line);
        let json = serde_json::to_string(&line).unwrap();
        assert_eq!(json, r#"["e2e4","e7e5","g1f3","b8c6","f1b5"]"#);
        assert_eq!(serde_json::from_str::<Line>(&json).unwrap(), line);
    }

    #[test]
    fn a_line_that_does_not_replay_keeps_what_was_written_before() {
        let pos = start();
        let line: Line = "e2e4 e2e4 g1f3".parse().unwrap();
        assert_eq!(line.replay(&pos), Err(LineError::Illegal(line.0[1], 1)));
        assert_eq!(line.moves(&pos).len(), 1);
        assert_eq!(line.written(&pos, Notation::San), ["e4", "e2e4", "g1f3"]);
        let before = ["x".to_string(), "y".into(), "z".into()];
        assert_eq!(
            line.written_or(&pos, Notation::San, &before),
            ["e4", "y", "z"]
        );
    }
}
