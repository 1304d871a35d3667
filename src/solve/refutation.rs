//! A try and the defence that holds against it, as a value ([`Refutation`]: the try, the
//! holding defence and the most forcing play on, the other defences that hold against the
//! try's first move, and whether more hold than are listed), and the same written out
//! for output ([`WrittenRefutation`], made by replaying it on its position). Only the
//! written form's text, `Rh8+ Kxh8 Bf5+ Rh2 (1st move also held by Kf8, and others)`,
//! goes into the CSV and the JSON.

use super::line::{Line, Played};
use crate::board::bits::Bits;
use crate::board::position::Position;
use crate::notation::Style;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The words that introduce the other holding defences in the text form.
const ALSO_HELD: &str = " (1st move also held by ";
/// The words that end them when more hold than are listed.
const AND_OTHERS: &str = ", and others";

/// A try and the defences that hold against it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refutation {
    /// The try, the defence that holds, and the play on, a move each.
    pub line: Line,
    /// The other defences that hold against the try's first move.
    pub also_held_by: Vec<Played>,
    /// More defences hold than [`Refutation::also_held_by`] lists.
    pub and_others: bool,
}

impl Refutation {
    /// The try itself (the line's first move).
    pub fn first(&self) -> Option<&Played> {
        self.line.first()
    }

    /// The refutation written in `style` as it is replayed from `pos`: its line as
    /// [`Line::written`] writes it, the other holding defences as answers to its first
    /// move (in coordinates when that is not legal at `pos`).
    pub fn written<B: Bits>(
        &self,
        pos: &Position<B>,
        style: impl Into<Style>,
    ) -> WrittenRefutation {
        let style = style.into();
        let mut p = pos.clone();
        let first = self.first().and_then(|f| f.find(pos));
        let also_held_by = match first {
            Some(m) => {
                p.make(m);
                (self.also_held_by.iter())
                    .map(|d| d.written(&p, style))
                    .collect()
            }
            None => self.also_held_by.iter().map(Played::to_string).collect(),
        };
        WrittenRefutation {
            line: self.line.written(pos, style),
            also_held_by,
            and_others: self.and_others,
        }
    }

    /// The refutation in coordinates (it needs no position).
    pub fn coords(&self) -> WrittenRefutation {
        WrittenRefutation {
            line: self.line.coords(),
            also_held_by: self.also_held_by.iter().map(Played::to_string).collect(),
            and_others: self.and_others,
        }
    }
}

impl fmt::Display for Refutation {
    /// The text form in coordinates: `f5g7 e8d8 (1st move also held by e8f8)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.coords())
    }
}

/// A refutation as written for output, each move in one notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WrittenRefutation {
    /// The try, the defence that holds, and the play on, a ply each.
    pub line: Vec<String>,
    /// The other defences that hold against the try's first move.
    pub also_held_by: Vec<String>,
    /// More defences hold than [`WrittenRefutation::also_held_by`] lists.
    pub and_others: bool,
}

impl WrittenRefutation {
    /// What follows the line in the text form: ` (1st move also held by Kf8)`, or
    /// nothing when no other defence holds.
    pub fn held_text(&self) -> String {
        if self.also_held_by.is_empty() {
            return String::new();
        }
        let others = if self.and_others { AND_OTHERS } else { "" };
        format!("{ALSO_HELD}{}{others})", self.also_held_by.join(" "))
    }
}

impl fmt::Display for WrittenRefutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.line.join(" "), self.held_text())
    }
}

impl FromStr for WrittenRefutation {
    type Err = std::convert::Infallible;

    /// Reads a stored text form back (every text reads: its words are the plies, a check
    /// sign written after a space kept with its move).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (line, held) = match text.split_once(ALSO_HELD) {
            Some((l, h)) => (l, h.strip_suffix(')').unwrap_or(h)),
            None => (text, ""),
        };
        let (held, and_others) = match held.strip_suffix(AND_OTHERS) {
            Some(h) => (h, true),
            None => (held, false),
        };
        // A ply of the older notations may hold a space (descriptive `P-K4 ch`).
        let words = crate::notation::split_plies;
        Ok(WrittenRefutation {
            line: words(line),
            also_held_by: words(held),
            and_others,
        })
    }
}

impl Serialize for WrittenRefutation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for WrittenRefutation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        match text.parse() {
            Ok(r) => Ok(r),
            Err(never) => match never {},
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::engine::Engine;
    use crate::board::rules::Rules;
    use crate::notation::Notation;
    use std::sync::Arc;

    #[test]
    fn the_text_form_reads_back_to_the_same_value() {
        for text in [
            "Rh8+ Kxh8 Bf5+ Rh2",
            "f5g7 e8d8 (1st move also held by e8f8)",
            "a1a2 b1b2 c1c2 (1st move also held by d1d2 e1e2, and others)",
        ] {
            let r: WrittenRefutation = text.parse().unwrap();
            assert_eq!(r.to_string(), text);
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<WrittenRefutation>(&json).unwrap(), r);
        }
        let r: WrittenRefutation = "a1a2 b1b2 (1st move also held by d1d2, and others)"
            .parse()
            .unwrap();
        assert_eq!(r.line, ["a1a2", "b1b2"]);
        assert_eq!(r.also_held_by, ["d1d2"]);
        assert!(r.and_others);
    }

    #[test]
    fn a_refutation_is_written_by_replaying_it() {
        let e = Arc::new(Engine::<u64>::new(Rules::preset("orthodox").unwrap()).unwrap());
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let pos = Position::from_fen(e, fen).unwrap();
        let r = Refutation {
            line: "e2e4 e7e5 g1f3".parse().unwrap(),
            also_held_by: vec!["b8c6".parse().unwrap(), "d7d5".parse().unwrap()],
            and_others: true,
        };
        assert_eq!(r.first().map(Played::to_string).as_deref(), Some("e2e4"));
        let w = r.written(&pos, Notation::San);
        assert_eq!(
            w.to_string(),
            "e4 e5 Nf3 (1st move also held by Nc6 d5, and others)"
        );
        let c = r.written(&pos, Notation::Coord);
        assert_eq!(
            c.to_string(),
            "e2e4 e7e5 g1f3 (1st move also held by b8c6 d7d5, and others)"
        );
        // A first move not legal where the refutation is played: coordinates throughout.
        let bad = Refutation {
            line: "e2e5 e7e5".parse().unwrap(),
            also_held_by: vec!["b8c6".parse().unwrap()],
            and_others: false,
        };
        assert_eq!(
            bad.written(&pos, Notation::San).to_string(),
            "e2e5 e7e5 (1st move also held by b8c6)"
        );
        assert_eq!(r.to_string(), r.coords().to_string());
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Refutation>(&json).unwrap(), r);
    }
}
