//! Popeye's fairy men whose moves are leaps and rides and nothing else, as mansuba's
//! movement atoms: `import` adds each one a problem has to its rules as a kind of its own
//! (the problem's `rules_set`), and `export --popeye` names such a kind back. The moves
//! are Popeye 4.104's (`pieces/walks/generate_moves.c`: which vectors a walk leaps or
//! rides along; `pieces/walks/vectors.c`: the vectors; github.com/thomas-maeder/popeye).
//! Popeye's other men (hoppers, locusts, Chinese men, pawns of other kinds, royal men,
//! bent riders...) are not here: `import` refuses them by name.

use super::EntryError;
use crate::board::piece::PieceDef;
use crate::board::rules::Rules;

/// One of Popeye's leapers or riders.
#[derive(Debug, PartialEq, Eq)]
pub struct Walk {
    /// Popeye's English shortcut (`ca`, `37`), as in [`super::popeye_words::MEN`].
    pub shortcut: &'static str,
    /// The kind's name in mansuba's rules (Popeye's English name).
    pub name: &'static str,
    /// The letter it gets when the rules have that letter free.
    pub letter: char,
    /// Leap atoms.
    pub leaps: &'static [[i8; 2]],
    /// Ride atoms.
    pub rides: &'static [[i8; 2]],
    /// Rough value in pawns (move order).
    pub value: u32,
}

const fn w(
    shortcut: &'static str,
    name: &'static str,
    letter: char,
    leaps: &'static [[i8; 2]],
    rides: &'static [[i8; 2]],
    value: u32,
) -> Walk {
    Walk {
        shortcut,
        name,
        letter,
        leaps,
        rides,
        value,
    }
}

/// The leapers and riders, Popeye's walk order.
pub const WALKS: &[Walk] = &[
    w("n", "nightrider", 'h', &[], &[[1, 2]], 4),
    w("z", "zebra", 'z', &[[2, 3]], &[], 2),
    w("ca", "camel", 'c', &[[1, 3]], &[], 2),
    w("gi", "giraffe", 'g', &[[1, 4]], &[], 2),
    w("rf", "root-50-leaper", 'x', &[[1, 7], [5, 5]], &[], 2),
    w("bu", "root-25-leaper", 'j', &[[3, 4], [0, 5]], &[], 2),
    w("we", "wazir", 'w', &[[0, 1]], &[], 1),
    w("al", "alfil", 'a', &[[2, 2]], &[], 1),
    w("fe", "ferz", 'f', &[[1, 1]], &[], 1),
    w("da", "dabbaba", 'd', &[[0, 2]], &[], 1),
    w("am", "amazon", 'm', &[[1, 2]], &[[0, 1], [1, 1]], 12),
    w("em", "empress", 'e', &[[1, 2]], &[[0, 1]], 8),
    w("pr", "princess", 's', &[[1, 2]], &[[1, 1]], 6),
    w("gn", "gnu", 'u', &[[1, 2], [1, 3]], &[], 5),
    w("an", "antelope", 't', &[[3, 4]], &[], 2),
    w("sq", "squirrel", 'l', &[[1, 2], [0, 2], [2, 2]], &[], 4),
    w("wa", "waran", 'v', &[], &[[1, 2], [0, 1]], 9),
    w("cr", "camelrider", 'y', &[], &[[1, 3]], 4),
    w("zr", "zebrarider", 'i', &[], &[[2, 3]], 4),
    w("gr", "gnurider", 'o', &[], &[[1, 2], [1, 3]], 7),
    w("ok", "okapi", 'o', &[[1, 2], [2, 3]], &[], 5),
    w("37", "3:7-leaper", 'x', &[[3, 7]], &[], 1),
    w("16", "1:6-leaper", 'x', &[[1, 6]], &[], 1),
    w("24", "2:4-leaper", 'x', &[[2, 4]], &[], 1),
    w("35", "3:5-leaper", 'x', &[[3, 5]], &[], 1),
    w("15", "1:5-leaper", 'x', &[[1, 5]], &[], 1),
    w("25", "2:5-leaper", 'x', &[[2, 5]], &[], 1),
    w("wr", "wazirrider", 'w', &[], &[[0, 1]], 5),
    w("fr", "fersrider", 'f', &[], &[[1, 1]], 3),
    w("bi", "bison", 'i', &[[1, 3], [2, 3]], &[], 4),
    w("et", "elephant", 'e', &[], &[[0, 1], [1, 1], [1, 2]], 13),
    w("ze", "zebu", 'u', &[[1, 3], [1, 4]], &[], 4),
    w("36", "3:6-leaper", 'x', &[[3, 6]], &[], 1),
];

/// The leaper or rider of a Popeye shortcut (`ca`), if it is one.
pub fn walk(shortcut: &str) -> Option<&'static Walk> {
    WALKS.iter().find(|w| w.shortcut == shortcut)
}

/// Atoms as a set: each `[a, b]` as `[min, max]` of its absolute values, sorted.
fn atoms(v: &[[i8; 2]]) -> Vec<[i8; 2]> {
    let mut out: Vec<[i8; 2]> = v
        .iter()
        .map(|&[a, b]| {
            let (a, b) = (a.abs(), b.abs());
            [a.min(b), a.max(b)]
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

impl Walk {
    /// Does a kind of the rules move as this walk (nothing else: no pawn, no bent ride,
    /// not royal, may take any man)?
    pub fn moves_as(&self, p: &PieceDef) -> bool {
        !p.pawn
            && !p.royal
            && p.bent.is_none()
            && !p.no_capture_same_kind
            && atoms(&p.leaps) == atoms(self.leaps)
            && atoms(&p.rides) == atoms(self.rides)
    }

    /// The kind, named `name`, lettered `letter`.
    pub fn piece(&self, name: &str, letter: char) -> PieceDef {
        PieceDef {
            name: name.to_string(),
            letter,
            aliases: vec![],
            leaps: self.leaps.to_vec(),
            rides: self.rides.to_vec(),
            bent: None,
            pawn: false,
            royal: false,
            no_capture_same_kind: false,
            value: self.value,
        }
    }
}

/// The name of the kind `add` gives a walk when the rules have a kind of its name that
/// moves otherwise (Grant Acedrex's giraffe is a (2,3) leaper, Popeye's a (1,4) one).
fn other_name(w: &Walk) -> String {
    format!("popeye-{}", w.name)
}

/// The letter of the rules' kind of a walk: one of its name (or the name `add` gives it)
/// that moves as it.
pub fn kind_in(rules: &Rules, w: &Walk) -> Option<char> {
    rules
        .pieces
        .iter()
        .find(|p| w.moves_as(p) && (p.name == w.name || p.name == other_name(w)))
        .map(|p| p.letter)
}

/// Adds a kind to `rules` for each walk of `walks`, each its own letter when that is free,
/// else the first free letter of the alphabet; the letters given. (The rules' check, at
/// most 15 kinds, comes after.)
pub fn add(rules: &mut Rules, walks: &[&Walk]) -> Vec<char> {
    let mut out = vec![];
    for w in walks {
        let taken = |c: char| {
            rules
                .pieces
                .iter()
                .any(|p| p.letter == c || p.aliases.contains(&c))
        };
        let Some(letter) = std::iter::once(w.letter)
            .chain('a'..='z')
            .find(|&c| !taken(c))
        else {
            break;
        };
        let name = match rules.pieces.iter().any(|p| p.name == w.name) {
            true => other_name(w),
            false => w.name.to_string(),
        };
        rules.pieces.push(w.piece(&name, letter));
        out.push(letter);
    }
    out
}

/// The knobs that give rules their pieces and promotion: the entry's `rules_set`
/// (`pieces`, the whole list; `promotion.to`).
pub fn knobs(rules: &Rules) -> Result<toml::Table, EntryError> {
    let value = |v: Result<toml::Value, toml::ser::Error>| v.map_err(EntryError::Knobs);
    let mut promotion = toml::Table::new();
    promotion.insert(
        "to".into(),
        value(toml::Value::try_from(&rules.promotion.to))?,
    );
    let mut t = toml::Table::new();
    t.insert(
        "pieces".into(),
        value(toml::Value::try_from(&rules.pieces))?,
    );
    t.insert("promotion".into(), toml::Value::Table(promotion));
    Ok(t)
}

/// Popeye's shortcut of a kind that moves as one of its leapers or riders.
pub fn shortcut_of(p: &PieceDef) -> Option<&'static str> {
    WALKS.iter().find(|w| w.moves_as(p)).map(|w| w.shortcut)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::import::popeye_words::MEN;

    #[test]
    fn every_walk_is_a_man_of_popeye_and_moves_as_no_other() {
        for (i, w) in WALKS.iter().enumerate() {
            assert!(MEN.iter().any(|m| m.0[0] == w.shortcut), "{}", w.shortcut);
            let p = w.piece(w.name, w.letter);
            assert!(w.moves_as(&p));
            for (j, o) in WALKS.iter().enumerate() {
                assert_eq!(o.moves_as(&p), i == j, "{} as {}", w.name, o.name);
            }
        }
    }
}
