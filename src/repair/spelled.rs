//! An edit as a report keeps it ([`Spelled`]): the repair search's [`Edit`] with its
//! sides, kinds and squares by name, so that it is read without the rules. Its text
//! ([`std::fmt::Display`]) is the edit in words ("move the black rook b2 to b1"); it is
//! written and read back (the shard files) as that text.

use super::edit::Edit;
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::sides::SideNames;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The words of the board turned.
const TURN: &str = "turn the board (mirrored top to bottom, the colours swapped: the problem file's orientation \"flipped\")";

/// A man on the board by name: its side and kind ("white rook") and its square ("b2").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// Its side and kind in words ("white rook").
    pub who: String,
    /// Its square ("b2").
    pub on: String,
}

/// One edit by name. Sides and kinds are those of the man before the edit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Spelled {
    /// Take a man off the board.
    Remove {
        /// The man.
        man: Man,
    },
    /// Put a man on an empty square.
    Add {
        /// Its side and kind in words ("white knight").
        who: String,
        /// The square.
        on: String,
    },
    /// Put a man on another square.
    Move {
        /// The man, on the square it leaves.
        man: Man,
        /// The square it goes to.
        to: String,
    },
    /// Make a man another kind.
    Kind {
        /// The man.
        man: Man,
        /// The kind it becomes ("ferz").
        to: String,
    },
    /// Make a man the other side's.
    Colour {
        /// The man.
        man: Man,
        /// The side it becomes ("white").
        to: String,
    },
    /// Let the other side move first.
    Side,
    /// Read the diagram the other way round.
    Turn,
    /// Pose the task in more moves.
    Stipulation {
        /// The number of moves of the task posed.
        moves: u32,
    },
}

/// "a" or "an" before a word.
pub(crate) fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// True for a square's name: a letter, then digits ("b2", "a10").
pub fn is_square(w: &str) -> bool {
    let mut c = w.chars();
    matches!(c.next(), Some('a'..='z')) && w.len() >= 2 && c.all(|d| d.is_ascii_digit())
}

impl Edit {
    /// The edit by name, under the rules of `eng` and the names of `sides`.
    pub fn spelled<B: Bits>(&self, eng: &Engine<B>, sides: &SideNames) -> Spelled {
        let kind = |k| eng.rules.pieces[k as usize].name.to_lowercase();
        let sq = |s: usize| eng.geo.name(s as u8);
        let man = |c, k, s| Man {
            who: format!("{} {}", sides.lower(c), kind(k)),
            on: sq(s),
        };
        match *self {
            Edit::Remove { sq: s, c, k } => Spelled::Remove { man: man(c, k, s) },
            Edit::Add { sq: s, c, k } => Spelled::Add {
                who: format!("{} {}", sides.lower(c), kind(k)),
                on: sq(s),
            },
            Edit::Move { from, to, c, k } => Spelled::Move {
                man: man(c, k, from),
                to: sq(to),
            },
            Edit::Kind { sq: s, c, from, to } => Spelled::Kind {
                man: man(c, from, s),
                to: kind(to),
            },
            Edit::Colour { sq: s, c, k } => Spelled::Colour {
                man: man(c, k, s),
                to: sides.lower(c.flip()).to_string(),
            },
            Edit::Side => Spelled::Side,
            Edit::Turn => Spelled::Turn,
            Edit::Stipulation { moves } => Spelled::Stipulation { moves },
        }
    }
}

impl fmt::Display for Man {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} {}", self.who, self.on)
    }
}

impl fmt::Display for Spelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spelled::Remove { man } => write!(f, "remove {man}"),
            Spelled::Add { who, on } => write!(f, "add {} {who} on {on}", article(who)),
            Spelled::Move { man, to } => write!(f, "move {man} to {to}"),
            Spelled::Kind { man, to } => write!(f, "change {man} to {} {to}", article(to)),
            Spelled::Colour { man, to } => write!(f, "make {man} {to}"),
            Spelled::Side => f.write_str("change the side to move"),
            Spelled::Stipulation { moves } => write!(f, "pose it in {moves} moves"),
            Spelled::Turn => f.write_str(TURN),
        }
    }
}

/// "white rook b2" as a man: the last word its square.
fn man_of(s: &str) -> Option<Man> {
    let (who, on) = s.rsplit_once(' ')?;
    (!who.is_empty() && is_square(on)).then(|| Man {
        who: who.to_string(),
        on: on.to_string(),
    })
}

/// `s` split at the first `sep` whose left part is a man.
fn man_then<'a>(s: &'a str, sep: &str) -> Option<(Man, &'a str)> {
    s.match_indices(sep)
        .find_map(|(at, _)| Some((man_of(&s[..at])?, &s[at + sep.len()..])))
}

/// `rest` with the article `word` takes stripped.
fn after_article(rest: &str) -> Option<&str> {
    let (a, word) = rest.split_once(' ')?;
    (a == article(word)).then_some(word)
}

impl Spelled {
    /// Reads an edit in words, as [`std::fmt::Display`] writes it (`None`: not an edit).
    pub fn parse(s: &str) -> Option<Spelled> {
        match s {
            "change the side to move" => return Some(Spelled::Side),
            TURN => return Some(Spelled::Turn),
            _ => {}
        }
        let moves = s
            .strip_prefix("pose it in ")
            .and_then(|r| r.strip_suffix(" moves"));
        if let Some(n) = moves {
            return n.parse().ok().map(|moves| Spelled::Stipulation { moves });
        }
        if let Some(r) = s.strip_prefix("remove the ") {
            return man_of(r).map(|man| Spelled::Remove { man });
        }
        if let Some(r) = s.strip_prefix("add ") {
            let (who, on) = after_article(r)?.rsplit_once(" on ")?;
            return is_square(on).then(|| Spelled::Add {
                who: who.to_string(),
                on: on.to_string(),
            });
        }
        if let Some(r) = s.strip_prefix("move the ") {
            let (man, to) = r.rsplit_once(" to ")?;
            return (is_square(to)).then_some(Spelled::Move {
                man: man_of(man)?,
                to: to.to_string(),
            });
        }
        if let Some(r) = s.strip_prefix("change the ") {
            let (man, to) = man_then(r, " to ")?;
            return after_article(to).map(|to| Spelled::Kind {
                man,
                to: to.to_string(),
            });
        }
        let (man, to) = man_then(s.strip_prefix("make the ")?, " ")?;
        Some(Spelled::Colour {
            man,
            to: to.to_string(),
        })
    }

    /// The edit up to where it goes or what it becomes, and that ("move the black rook b2
    /// to" and "b1"; "add a white pawn on" and "c5"; "change the black rook b2 to" and "a
    /// ferz"); `None` for an edit that names no such thing.
    pub fn varying(&self) -> Option<(String, String)> {
        match self {
            Spelled::Add { who, on } => {
                Some((format!("add {} {who} on", article(who)), on.clone()))
            }
            Spelled::Move { man, to } => Some((format!("move {man} to"), to.clone())),
            Spelled::Kind { man, to } => {
                Some((format!("change {man} to"), format!("{} {to}", article(to))))
            }
            _ => None,
        }
    }

    /// The squares the edit names: where the man stands, then where it goes.
    pub fn squares(&self) -> Vec<&str> {
        match self {
            Spelled::Remove { man } | Spelled::Kind { man, .. } | Spelled::Colour { man, .. } => {
                vec![&man.on]
            }
            Spelled::Add { on, .. } => vec![on],
            Spelled::Move { man, to } => vec![&man.on, to],
            Spelled::Side | Spelled::Turn | Spelled::Stipulation { .. } => vec![],
        }
    }
}

impl Serialize for Spelled {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Spelled {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Spelled, D::Error> {
        let s = String::deserialize(d)?;
        Spelled::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("not an edit in words: {s:?}")))
    }
}

/// Edits (or a reconstruction's filled squares) in words, joined by `sep` ("; " in the
/// reports).
pub fn joined<T: fmt::Display>(edits: &[T], sep: &str) -> String {
    edits
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of edit reads back from its words, with sides of two words too.
    #[test]
    fn spelled_edits_read_back_from_their_words() {
        let man = |who: &str, on: &str| Man {
            who: who.into(),
            on: on.into(),
        };
        let all = [
            Spelled::Remove {
                man: man("white pawn", "a3"),
            },
            Spelled::Add {
                who: "sky blue elephant".into(),
                on: "c10".into(),
            },
            Spelled::Move {
                man: man("black rook", "b2"),
                to: "b1".into(),
            },
            Spelled::Kind {
                man: man("black rook", "b2"),
                to: "ferz".into(),
            },
            Spelled::Colour {
                man: man("dark green alfil", "e3"),
                to: "light red".into(),
            },
            Spelled::Side,
            Spelled::Turn,
            Spelled::Stipulation { moves: 6 },
        ];
        for e in all {
            let words = e.to_string();
            assert_eq!(Spelled::parse(&words), Some(e.clone()), "{words}");
            let json = serde_json::to_string(&e).unwrap();
            assert_eq!(json, format!("{words:?}"));
            assert_eq!(serde_json::from_str::<Spelled>(&json).unwrap(), e);
        }
        assert_eq!(Spelled::parse("remove the white pawn"), None);
        assert_eq!(
            Spelled::Kind {
                man: man("black rook", "b2"),
                to: "alfil".into()
            }
            .to_string(),
            "change the black rook b2 to an alfil"
        );
    }
}
