//! The die as data: which kinds of men each face names, how many dice are thrown, and
//! what happens when the rolled kind cannot move. Alfonso X played chess with dice to
//! speed it up (the "medieval variants" source of docs/rules.md): on 8×8 a six-sided die names the man that must move (6 king,
//! 5 ferz and promoted pawns, 4 alfil, 3 knight, 2 rook, 1 pawn); Grant Acedrex has an
//! eight-sided one.

use crate::board::piece::{kind_of, PieceDef};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What is wrong with a die ([`Dice::check`]) or a roll named for it ([`Dice::roll_named`]).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DieError {
    /// Fewer than 2 or more than 12 faces.
    #[error("dice.faces: a die has 2 to 12 faces, not {0}")]
    Faces(usize),
    /// Not 1 or 2 dice.
    #[error("dice.count: 1 or 2 dice, not {0}")]
    Count(u8),
    /// A face (counted from 1) with no kind.
    #[error("dice.faces: face {0} names no kind")]
    EmptyFace(usize),
    /// A face (counted from 1) naming a letter that is no kind.
    #[error("dice.faces: face {face} names '{letter}', which is not a kind of these rules")]
    UnknownKind {
        /// The face, counted from 1.
        face: usize,
        /// The letter it names.
        letter: char,
    },
    /// The king is on no face.
    #[error("dice.faces: no face names the king")]
    NoKing,
    /// Dice and forced capture together.
    #[error("dice with forced capture: the rules do not say which comes first")]
    ForcedCapture,
    /// No such result of a throw.
    #[error("no roll '{label}' with {count} {faces}-sided {}: expected one of {}", if *.count == 1 { "die" } else { "dice" }, .names.join(", "))]
    NoRoll {
        /// The roll asked for, as written.
        label: String,
        /// How many dice are thrown (1 or 2).
        count: u8,
        /// The faces of each die.
        faces: usize,
        /// The labels of every roll these dice can give.
        names: Vec<String>,
    },
}

/// What a player does when no man of the rolled kinds can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum NoMove {
    /// The turn passes to the opponent (the "medieval variants" source's rule).
    #[default]
    Forfeit,
    /// The player throws again until some man can move (Pritchard's reading).
    Reroll,
}

/// Dice (Alfonso): each throw names the kinds of men that may move this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// Face 1, 2, ... in order: the letters of the kinds that face names (`"q"`, or
    /// `"qf"` when one face names two kinds).
    pub faces: Vec<String>,
    /// Dice thrown per turn: 1, or 2 (the player uses either die).
    #[serde(default = "one")]
    pub count: u8,
    /// With two dice, a double lets any man move (the modern two-dice reading).
    #[serde(default = "yes")]
    pub double_any: bool,
    /// When the rolled kinds cannot move.
    #[serde(default)]
    pub no_move: NoMove,
}

fn one() -> u8 {
    1
}

fn yes() -> bool {
    true
}

/// One result of a throw: its name, its chance and the kinds it lets move.
#[derive(Clone, Debug, PartialEq)]
pub struct Roll {
    /// `"3"` for one die, `"2+5"` or `"6+6"` for two.
    pub label: String,
    /// Probability of this result.
    pub prob: f64,
    /// Bit k set: men of kind k may move.
    pub kinds: u16,
}

impl Dice {
    /// One six-sided die with Alfonso's table (letters as the shatranj presets: `q`
    /// ferz, `b` alfil), forfeit when the kind cannot move.
    pub fn alfonso() -> Dice {
        Dice::of_faces(&["p", "r", "n", "b", "q", "k"])
    }

    /// Grant Acedrex's eight-sided die: 8 king, 7 anqa, 6 unicorn, 5 rook, 4 lion,
    /// 3 cockatrice, 2 giraffe, 1 pawn.
    pub fn grant_acedrex() -> Dice {
        Dice::of_faces(&["p", "z", "c", "l", "r", "u", "a", "k"])
    }

    fn of_faces(f: &[&str]) -> Dice {
        Dice {
            faces: f.iter().map(|s| s.to_string()).collect(),
            count: 1,
            double_any: true,
            no_move: NoMove::Forfeit,
        }
    }

    /// Checks the die against the rules' kinds; the message says what is wrong.
    /// `forced_capture` is the rules' knob of that name.
    pub fn check(&self, pieces: &[PieceDef], forced_capture: bool) -> Result<(), DieError> {
        if !(2..=12).contains(&self.faces.len()) {
            return Err(DieError::Faces(self.faces.len()));
        }
        if !(1..=2).contains(&self.count) {
            return Err(DieError::Count(self.count));
        }
        let mut named = 0u16;
        for (i, f) in self.faces.iter().enumerate() {
            if f.is_empty() {
                return Err(DieError::EmptyFace(i + 1));
            }
            for c in f.chars() {
                match kind_of(pieces, c) {
                    Some(k) => named |= 1 << k,
                    None => {
                        return Err(DieError::UnknownKind {
                            face: i + 1,
                            letter: c,
                        })
                    }
                }
            }
        }
        if let Some(p) = pieces.iter().position(|p| p.royal) {
            if named & (1 << p) == 0 {
                return Err(DieError::NoKing);
            }
        }
        if forced_capture {
            return Err(DieError::ForcedCapture);
        }
        Ok(())
    }

    /// The kinds face `i` (0-based) names.
    fn face_kinds(&self, pieces: &[PieceDef], i: usize) -> u16 {
        self.faces[i]
            .chars()
            .filter_map(|c| kind_of(pieces, c))
            .fold(0, |m, k| m | 1 << k)
    }

    /// Every result of a throw with its chance (summing to 1), in face order.
    pub fn rolls(&self, pieces: &[PieceDef]) -> Vec<Roll> {
        let f = self.faces.len();
        let all = (1u16 << pieces.len()) - 1;
        if self.count == 1 {
            return (0..f)
                .map(|i| Roll {
                    label: (i + 1).to_string(),
                    prob: 1.0 / f as f64,
                    kinds: self.face_kinds(pieces, i),
                })
                .collect();
        }
        let sq = (f * f) as f64;
        let mut out = vec![];
        for i in 0..f {
            for j in i..f {
                let kinds = if i == j && self.double_any {
                    all
                } else {
                    self.face_kinds(pieces, i) | self.face_kinds(pieces, j)
                };
                out.push(Roll {
                    label: format!("{}+{}", i + 1, j + 1),
                    prob: if i == j { 1.0 } else { 2.0 } / sq,
                    kinds,
                });
            }
        }
        out
    }

    /// The result named `label` (`"3"`, `"2+5"`, either order).
    pub fn roll_named(&self, pieces: &[PieceDef], label: &str) -> Result<Roll, DieError> {
        let want: Vec<&str> = label.split('+').map(str::trim).collect();
        let rolls = self.rolls(pieces);
        let found = rolls.iter().find(|r| {
            let mut a: Vec<&str> = r.label.split('+').collect();
            let mut b = want.clone();
            a.sort();
            b.sort();
            a == b
        });
        found.cloned().ok_or_else(|| DieError::NoRoll {
            label: label.to_string(),
            count: self.count,
            faces: self.faces.len(),
            names: rolls.iter().map(|r| r.label.clone()).collect(),
        })
    }

    /// One line for people: "one 6-sided die: 1 p, 2 r, 3 n, 4 b, 5 q, 6 k; forfeit".
    pub fn describe(&self) -> String {
        let faces: Vec<String> = self
            .faces
            .iter()
            .enumerate()
            .map(|(i, f)| format!("{} {f}", i + 1))
            .collect();
        format!(
            "{} {}-sided {}: {}{}; {} when the kind cannot move",
            if self.count == 1 { "one" } else { "two" },
            self.faces.len(),
            if self.count == 1 {
                "die"
            } else {
                "dice, either used"
            },
            faces.join(", "),
            if self.count == 2 && self.double_any {
                "; a double moves any man"
            } else {
                ""
            },
            match self.no_move {
                NoMove::Forfeit => "forfeit",
                NoMove::Reroll => "re-roll",
            }
        )
    }

    /// The letters of the kinds in `mask`, for people (`"q b"`).
    pub fn kind_names(pieces: &[PieceDef], mask: u16) -> String {
        pieces
            .iter()
            .enumerate()
            .filter(|(k, _)| mask & (1 << k) != 0)
            .map(|(_, p)| p.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Rules;

    #[test]
    fn one_die_and_two_dice_sum_to_one() {
        let r = Rules::preset("shatranj").unwrap();
        let mut d = Dice::alfonso();
        assert_eq!(d.rolls(&r.pieces).len(), 6);
        let s: f64 = d.rolls(&r.pieces).iter().map(|x| x.prob).sum();
        assert!((s - 1.0).abs() < 1e-12);
        d.count = 2;
        let rolls = d.rolls(&r.pieces);
        assert_eq!(rolls.len(), 21);
        let s: f64 = rolls.iter().map(|x| x.prob).sum();
        assert!((s - 1.0).abs() < 1e-12);
        // A double six lets any man move; 2+6 lets the rook or the king move.
        assert_eq!(
            rolls.iter().find(|x| x.label == "6+6").unwrap().kinds,
            0b111111
        );
        let k = r.kind_of('k').unwrap();
        let rook = r.kind_of('r').unwrap();
        assert_eq!(
            d.roll_named(&r.pieces, "6+2").unwrap().kinds,
            (1 << k) | (1 << rook)
        );
        assert!(d.roll_named(&r.pieces, "7").is_err());
    }

    #[test]
    fn a_face_naming_an_unknown_kind_is_refused() {
        let r = Rules::preset("shatranj").unwrap();
        let mut d = Dice::alfonso();
        d.faces[2] = "x".into();
        let e = d.check(&r.pieces, false).unwrap_err().to_string();
        assert!(e.contains("face 3") && e.contains("'x'"), "{e}");
    }
}
