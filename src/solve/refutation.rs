//! A try and the defence that holds against it, as a value: the line (the try, the
//! holding defence and the most forcing play on, each ply as written), the other
//! defences that hold against the try's first move, and whether more hold than are
//! listed. Writers take its parts; only its text form,
//! `Rh8+ Kxh8 Bf5+ Rh2 (1st move also held by Kf8, and others)`, goes into the CSV and the
//! JSON, which read it back through [`std::str::FromStr`].

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The words that introduce the other holding defences in the text form.
const ALSO_HELD: &str = " (1st move also held by ";
/// The words that end them when more hold than are listed.
const AND_OTHERS: &str = ", and others";

/// A try and the defences that hold against it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refutation {
    /// The try, the defence that holds, and the play on, a ply each.
    pub line: Vec<String>,
    /// The other defences that hold against the try's first move.
    pub also_held_by: Vec<String>,
    /// More defences hold than [`Refutation::also_held_by`] lists.
    pub and_others: bool,
}

impl Refutation {
    /// The try itself (the line's first ply).
    pub fn first(&self) -> Option<&str> {
        self.line.first().map(String::as_str)
    }

    /// The same refutation with every ply rewritten by `f` (the line's plies with their
    /// index in it; the other defences as answers to the first ply, index 1).
    pub fn map_plies(&self, f: impl Fn(usize, &str) -> String) -> Refutation {
        Refutation {
            line: self.line.iter().enumerate().map(|(i, p)| f(i, p)).collect(),
            also_held_by: self.also_held_by.iter().map(|d| f(1, d)).collect(),
            and_others: self.and_others,
        }
    }
}

impl Refutation {
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

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.line.join(" "), self.held_text())
    }
}

impl FromStr for Refutation {
    type Err = std::convert::Infallible;

    /// Reads the text form back (every text reads: its words are the plies, a check sign
    /// written after a space kept with its move).
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
        Ok(Refutation {
            line: words(line),
            also_held_by: words(held),
            and_others,
        })
    }
}

impl From<&str> for Refutation {
    fn from(text: &str) -> Self {
        match text.parse() {
            Ok(r) => r,
            Err(never) => match never {},
        }
    }
}

impl Serialize for Refutation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Refutation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Refutation::from(String::deserialize(d)?.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_reads_back_to_the_same_value() {
        for text in [
            "Rh8+ Kxh8 Bf5+ Rh2",
            "f5g7 e8d8 (1st move also held by e8f8)",
            "a1a2 b1b2 c1c2 (1st move also held by d1d2 e1e2, and others)",
        ] {
            let r = Refutation::from(text);
            assert_eq!(r.to_string(), text);
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<Refutation>(&json).unwrap(), r);
        }
        let r = Refutation::from("a1a2 b1b2 (1st move also held by d1d2, and others)");
        assert_eq!(r.line, ["a1a2", "b1b2"]);
        assert_eq!(r.also_held_by, ["d1d2"]);
        assert!(r.and_others);
        assert_eq!(r.first(), Some("a1a2"));
    }
}
