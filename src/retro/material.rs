//! Materials: which men a table holds, named as in the endgame literature (`KRKQ`: king
//! and rook against king and ferz in shatranj letters; the first K starts White's men, the
//! second Black's).

use super::TbError;
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::piece::{Color, Kind};
use crate::board::rules::Rules;

/// The men of a table besides the two kings: kind indices, ascending, per side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White's men other than the king.
    pub white: Vec<Kind>,
    /// Black's men other than the king.
    pub black: Vec<Kind>,
}

/// Most men a table may hold (both kings included).
pub const MAX_MEN: usize = 8;

impl Material {
    /// Reads `KRKQ`-style text in the rules' letters (either case).
    pub fn parse(text: &str, rules: &Rules) -> Result<Material, TbError> {
        let bad = |msg: String| TbError::Material(text.to_string(), msg);
        let king = rules
            .pieces
            .iter()
            .position(|p| p.royal)
            .expect("validated rules have a king") as Kind;
        let letters: String = rules
            .pieces
            .iter()
            .map(|p| p.letter.to_ascii_uppercase())
            .collect();
        let mut sides: Vec<Vec<Kind>> = vec![];
        for c in text.trim().chars() {
            let k = rules
                .kind_of(c.to_ascii_lowercase())
                .ok_or_else(|| bad(format!("unknown letter '{c}' (these rules know {letters})")))?;
            if k == king {
                sides.push(vec![]);
            } else {
                match sides.last_mut() {
                    Some(s) => s.push(k),
                    None => return Err(bad("must start with the white king".into())),
                }
            }
        }
        if sides.len() != 2 {
            return Err(bad(format!(
                "expected exactly two kings (the first starts White's men, the second Black's), found {}",
                sides.len()
            )));
        }
        let mut black = sides.pop().unwrap();
        let mut white = sides.pop().unwrap();
        white.sort_unstable();
        black.sort_unstable();
        let m = Material { white, black };
        if m.men() > MAX_MEN {
            return Err(bad(format!("at most {MAX_MEN} men per table")));
        }
        Ok(m)
    }

    /// Canonical name (`KRKQ`), men ordered by the rules' kind order.
    pub fn name(&self, rules: &Rules) -> String {
        let king = rules
            .pieces
            .iter()
            .find(|p| p.royal)
            .map(|p| p.letter)
            .unwrap_or('k');
        let mut s = String::new();
        for side in [&self.white, &self.black] {
            s.push(king.to_ascii_uppercase());
            for &k in side {
                s.push(rules.pieces[k as usize].letter.to_ascii_uppercase());
            }
        }
        s
    }

    /// Number of men, kings included.
    pub fn men(&self) -> usize {
        2 + self.white.len() + self.black.len()
    }

    /// The men of one side besides the king.
    pub fn side(&self, c: Color) -> &[Kind] {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// True when either side has a pawn.
    pub fn has_pawns(&self, pawn: Option<Kind>) -> bool {
        pawn.is_some_and(|p| self.white.contains(&p) || self.black.contains(&p))
    }

    /// From a list of (colour, kind) men, kings included.
    pub fn from_men(men: &[(Color, Kind)], king: Kind) -> Material {
        let mut white = vec![];
        let mut black = vec![];
        for &(c, k) in men {
            if k == king {
                continue;
            }
            match c {
                Color::White => white.push(k),
                Color::Black => black.push(k),
            }
        }
        white.sort_unstable();
        black.sort_unstable();
        Material { white, black }
    }

    /// The materials one move can lead to: a capture of any man but a king, a promotion of
    /// any pawn, or both at once.
    pub fn successors<B: Bits>(&self, eng: &Engine<B>) -> Vec<Material> {
        let mut promos: Vec<Kind> = eng.promo_kinds.clone();
        promos.extend(eng.promo_by_file.iter().copied());
        promos.sort_unstable();
        promos.dedup();
        let mut out = vec![];
        let captures = |m: &Material| {
            let mut v = vec![];
            for c in [Color::White, Color::Black] {
                for i in 0..m.side(c).len() {
                    let mut n = m.clone();
                    match c {
                        Color::White => n.white.remove(i),
                        Color::Black => n.black.remove(i),
                    };
                    v.push(n);
                }
            }
            v
        };
        let promotions = |m: &Material| {
            let mut v = vec![];
            let Some(pw) = eng.pawn else { return v };
            for c in [Color::White, Color::Black] {
                for i in 0..m.side(c).len() {
                    if m.side(c)[i] != pw {
                        continue;
                    }
                    for &pk in &promos {
                        let mut n = m.clone();
                        let s = match c {
                            Color::White => &mut n.white,
                            Color::Black => &mut n.black,
                        };
                        s[i] = pk;
                        s.sort_unstable();
                        v.push(n);
                    }
                }
            }
            v
        };
        out.extend(captures(self));
        for p in promotions(self) {
            out.extend(captures(&p));
            out.push(p);
        }
        out.sort();
        out.dedup();
        out.retain(|m| m != self);
        out
    }
}
