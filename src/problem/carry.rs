//! Carrying a problem over to another rule set by the identity of its men.
//!
//! `verify --all-rules` asks how a problem fares under every other assize. Reading its
//! FEN again under another preset letter by letter would change the men: shatranj's `Q`
//! is a ferz, English 1650's `Q` a modern queen. So each man keeps what it is: a kind is
//! the same kind in another rule set when it moves the same way (the same leaps, rides,
//! bent ride, pawn move, royalty), whatever its letter or name there, and the FEN is
//! written anew in the other set's letters. Where the other set has no such kind, its
//! board differs, or a condition names a man it lacks, the problem is not carried over
//! and the reason says why.

use crate::board::piece::PieceDef;
use crate::board::rules::Rules;
use crate::solve::ConditionSpec;

/// A problem as another rule set reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The FEN in the other set's letters (the fields after the placement as written).
    pub fen: String,
    /// The conditions, a `mate_by` letter rewritten in the other set's letters.
    pub conditions: ConditionSpec,
}

/// Do two kinds move alike (and are both royal, or both not)? Letters, names, values and
/// the alfil's "may not take an alfil" are left out: they are not what the man is.
pub fn same_man(a: &PieceDef, b: &PieceDef) -> bool {
    let sorted = |mut v: Vec<(i8, i8)>| {
        v.sort_unstable();
        v
    };
    a.pawn == b.pawn
        && a.royal == b.royal
        && a.bent == b.bent
        && sorted(a.leap_offsets()) == sorted(b.leap_offsets())
        && sorted(a.ride_offsets()) == sorted(b.ride_offsets())
}

/// The kind of `to` that is the same man as `from`'s kind `k`.
fn counterpart<'a>(from: &PieceDef, to: &'a Rules) -> Option<&'a PieceDef> {
    to.pieces.iter().find(|d| same_man(from, d))
}

/// Why a problem cannot be carried to another rule set. The reasons do not name that
/// rule set: they stand beside it (a grid column, a CSV row).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotCarried {
    /// The other rule set is played with dice and the problem's own is not.
    #[error("played with dice: a chance of winning, not a forced verdict")]
    Dice,
    /// The two rule sets have boards of different sizes.
    #[error("played on {there}, the problem on {here}")]
    Board {
        /// The problem's board, `WxH`.
        here: String,
        /// The other rule set's board, `WxH`.
        there: String,
    },
    /// A letter of the problem's position or `mate_by` is no man of its own rules.
    #[error("'{letter}' names no man under {rules}")]
    UnknownLetter {
        /// The letter, case kept.
        letter: char,
        /// The problem's own rules.
        rules: String,
    },
    /// "no ferz (q), alfil (b) among its men".
    #[error("no {0} among its men")]
    Lacks(String),
    /// The `mate_by` condition names a man the other rule set cannot stand for: the
    /// condition as written, and why.
    #[error("mate_by '{0}' cannot be carried over: {1}")]
    MateBy(String, Box<NotCarried>),
    /// The solution is written with a letter that names another man under the other
    /// rule set, so its moves would not read there.
    #[error(
        "the manuscript's solution writes the {name} as '{letter}', which names another man there"
    )]
    Letters {
        /// The man's name under the problem's rules.
        name: String,
        /// Its letter there, as a capital.
        letter: char,
    },
}

fn unknown_letter(c: char, from: &Rules) -> NotCarried {
    NotCarried::UnknownLetter {
        letter: c,
        rules: from.name.clone(),
    }
}

/// The letter (case kept) that names in `to` the man `c` names in `from`.
fn carry_letter(c: char, from: &Rules, to: &Rules) -> Result<char, NotCarried> {
    let def = from
        .kind_of(c)
        .map(|k| &from.pieces[k as usize])
        .ok_or_else(|| unknown_letter(c, from))?;
    let there = counterpart(def, to).ok_or_else(|| lacks(&[def]))?;
    Ok(if c.is_ascii_uppercase() {
        there.letter.to_ascii_uppercase()
    } else {
        there.letter
    })
}

/// The men `to` lacks, each once.
fn lacks(defs: &[&PieceDef]) -> NotCarried {
    let names: Vec<String> = defs
        .iter()
        .map(|d| format!("{} ({})", d.name, d.letter))
        .collect();
    NotCarried::Lacks(names.join(", "))
}

/// The problem's position and conditions carried from `from` to `to`, or why they cannot
/// be. `claim` is the manuscript's solution: its move letters are read by the rules it
/// runs under, so the problem is carried only where every man on the board keeps its
/// letters (the solution then means the same moves).
pub fn carry(
    from: &Rules,
    to: &Rules,
    fen: &str,
    cond: &ConditionSpec,
    claim: Option<&str>,
) -> Result<Carried, NotCarried> {
    if to.dice.is_some() && from.dice.is_none() {
        return Err(NotCarried::Dice);
    }
    if (from.width, from.height) != (to.width, to.height) {
        return Err(NotCarried::Board {
            here: format!("{}x{}", from.width, from.height),
            there: format!("{}x{}", to.width, to.height),
        });
    }
    let (placement, rest) = fen.trim().split_once(' ').unwrap_or((fen.trim(), ""));
    // The kinds of men on the board, each once, in the source's order.
    let mut kinds = vec![];
    for c in placement.chars().filter(|c| c.is_ascii_alphabetic()) {
        kinds.push(from.kind_of(c).ok_or_else(|| unknown_letter(c, from))?);
    }
    kinds.sort_unstable();
    kinds.dedup();
    let present: Vec<&PieceDef> = kinds.iter().map(|&k| &from.pieces[k as usize]).collect();
    let missing: Vec<&PieceDef> = present
        .iter()
        .copied()
        .filter(|d| counterpart(d, to).is_none())
        .collect();
    if !missing.is_empty() {
        return Err(lacks(&missing));
    }
    let mut out = String::with_capacity(fen.len());
    for c in placement.chars() {
        out.push(if c.is_ascii_alphabetic() {
            carry_letter(c, from, to)?
        } else {
            c
        });
    }
    let mut fields: Vec<String> = rest.split_whitespace().map(String::from).collect();
    if from.castling && !to.castling {
        if let Some(pv) = fields.get_mut(1) {
            *pv = unmoved_squares(pv, placement, from, to);
        }
    }
    for f in &fields {
        out.push(' ');
        out.push_str(f);
    }
    let mut conditions = cond.clone();
    if let Some(mb) = &cond.mate_by {
        let t = mb.trim();
        let mut chars = t.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            let there = carry_letter(c, from, to)
                .map_err(|why| NotCarried::MateBy(t.to_string(), Box::new(why)))?;
            conditions.mate_by = Some(there.to_string());
        }
    }
    if claim.is_some_and(|c| !c.trim().is_empty()) {
        if let Some(d) = present.iter().find(|d| !same_letters(d, to)) {
            return Err(NotCarried::Letters {
                name: d.name.clone(),
                letter: d.letter.to_ascii_uppercase(),
            });
        }
    }
    Ok(Carried {
        fen: out,
        conditions,
    })
}

/// The privileges field of standard FEN (rules with castling) as a list of squares, for
/// rules without castling: `K` says the king on e1 (and the rook on h1) has not moved,
/// and every pawn on its home rank has its double step without being listed. Listed are
/// the unmoved men that have a first-move privilege under `to`: the king where it has a
/// leap, the pawns where they have the double step. A list of squares is kept as it is.
fn unmoved_squares(field: &str, placement: &str, from: &Rules, to: &Rules) -> String {
    let h = from.height;
    let mut squares: Vec<(u8, u8)> = vec![]; // (rank, file)
    if field != "-" {
        if !field.chars().all(|c| "KQkq".contains(c)) {
            return field.to_string();
        }
        for c in field.chars().filter(|_| to.king_leap.is_some()) {
            squares.push((if c.is_ascii_uppercase() { 0 } else { h - 1 }, 4));
        }
    }
    if from.pawns.double_step && to.pawns.double_step {
        for (ri, text) in placement.split('/').enumerate() {
            let rank = h - 1 - ri as u8;
            let mut file = 0u8;
            let mut digits = 0u8;
            let mut in_stack = false;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d as u8;
                    continue;
                }
                file += std::mem::take(&mut digits);
                let pawn = from
                    .kind_of(c)
                    .is_some_and(|k| from.pieces[k as usize].pawn);
                let home = if c.is_ascii_uppercase() { 1 } else { h - 2 };
                if pawn && rank == home {
                    squares.push((rank, file));
                }
                match c {
                    '[' => in_stack = true,
                    ']' => in_stack = false,
                    _ => {}
                }
                if !in_stack && c != '[' {
                    file += 1;
                }
            }
        }
    }
    squares.sort_unstable();
    squares.dedup();
    if squares.is_empty() {
        return "-".into();
    }
    squares
        .iter()
        .map(|&(r, f)| format!("{}{}", (b'a' + f) as char, r + 1))
        .collect()
}

/// Does every letter of `d` name the same man under `to` (or nothing there)?
fn same_letters(d: &PieceDef, to: &Rules) -> bool {
    let Some(there) = counterpart(d, to) else {
        return false;
    };
    std::iter::once(d.letter)
        .chain(d.aliases.iter().copied())
        .all(|c| match to.kind_of(c) {
            None => c != d.letter,
            Some(k) => std::ptr::eq(&to.pieces[k as usize], there),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none() -> ConditionSpec {
        ConditionSpec::default()
    }

    fn mate_by(m: &str) -> ConditionSpec {
        ConditionSpec {
            mate_by: Some(m.into()),
            ..none()
        }
    }

    /// The FEN carried over, without conditions or a claim.
    fn fen_to(from: &Rules, to: &Rules, fen: &str) -> Result<String, NotCarried> {
        carry(from, to, fen, &none(), None).map(|c| c.fen)
    }

    /// Shatranj with the ferz written `f`, the alfil `a`, and a modern queen `q`: the
    /// same letter `Q` now names another man.
    fn mixed() -> Rules {
        let mut r = Rules::preset("shatranj").unwrap();
        r.name = "mixed".into();
        r.pieces[1] = PieceDef::ferz('f', &[]);
        r.pieces[2] = PieceDef::alfil('a', &[]);
        r.pieces.push(PieceDef::queen('q'));
        r.validate().unwrap();
        r
    }

    #[test]
    fn a_ferz_stays_a_ferz_whatever_its_letter() {
        let shat = Rules::preset("shatranj").unwrap();
        let c = fen_to(&shat, &mixed(), "k7/8/1K6/8/3p4/8/8/7Q w - - 0 1").unwrap();
        // Letter by letter this would have been a queen on h1.
        assert_eq!(c, "k7/8/1K6/8/3p4/8/8/7F w - - 0 1");
        let back = fen_to(&mixed(), &shat, &c).unwrap();
        assert_eq!(back, "k7/8/1K6/8/3p4/8/8/7Q w - - 0 1");
        // Aliases and stacks are carried too.
        let s = fen_to(&shat, &mixed(), "k7/8/8/8/8/8/[FA]7/K7 w - - 0 1");
        assert_eq!(s.unwrap(), "k7/8/8/8/8/8/[FA]7/K7 w - - 0 1");
    }

    #[test]
    fn a_missing_kind_or_another_board_is_a_stated_reason() {
        let shat = Rules::preset("shatranj").unwrap();
        let eng = Rules::preset("english-1650").unwrap();
        let e = fen_to(&shat, &eng, "k7/8/1K6/8/8/8/1B6/7Q w - - 0 1").unwrap_err();
        assert_eq!(e.to_string(), "no ferz (q), alfil (b) among its men");
        // Rooks, knights, pawns and kings are the same men in both.
        let ok = fen_to(&shat, &eng, "k7/8/1K6/8/3p4/8/8/6NR w - - 0 1");
        assert_eq!(ok.unwrap(), "k7/8/1K6/8/3p4/8/8/6NR w - - 0 1");
        let courier = Rules::preset("courier").unwrap();
        let e = fen_to(&shat, &courier, "k7/8/8/8/8/8/8/K7 w - - 0 1")
            .unwrap_err()
            .to_string();
        assert!(e.contains("12x8") && e.contains("8x8"), "{e}");
    }

    #[test]
    fn castling_rights_become_the_squares_of_unmoved_men() {
        let eng = Rules::preset("english-1650").unwrap();
        let alf = Rules::preset("alfonso").unwrap();
        let long = Rules::preset("long-assize").unwrap();
        let fen = "r3k3/p7/8/8/8/2P5/1P6/4K2R w Kq - 0 1";
        // The pawns still on their home ranks (b2 and a7; c3 has moved); the long
        // assize's kings leap, and these have not moved; Alfonso's have no leap.
        let a = fen_to(&eng, &alf, fen).unwrap();
        assert_eq!(a, "r3k3/p7/8/8/8/2P5/1P6/4K2R w b2a7 - 0 1");
        let l = fen_to(&eng, &long, fen).unwrap();
        assert_eq!(l, "r3k3/p7/8/8/8/2P5/1P6/4K2R w e1b2a7e8 - 0 1");
        let shat = Rules::preset("shatranj").unwrap();
        assert_eq!(
            fen_to(&eng, &shat, fen).unwrap(),
            "r3k3/p7/8/8/8/2P5/1P6/4K2R w - - 0 1"
        );
        // A stack with a pawn on the home rank keeps the file count right.
        let r = fen_to(&eng, &alf, "4k3/8/8/8/8/8/[RP]P6/4K3 w - - 0 1");
        assert_eq!(r.unwrap(), "4k3/8/8/8/8/8/[RP]P6/4K3 w a2b2 - 0 1");
        // Back to English 1650 the list of squares is read as it is.
        let back = fen_to(&alf, &eng, "4k3/8/8/8/8/8/8/4K2R w e1h1 - 0 1");
        assert_eq!(back.unwrap(), "4k3/8/8/8/8/8/8/4K2R w e1h1 - 0 1");
    }

    #[test]
    fn conditions_and_the_claim_follow_the_men() {
        let shat = Rules::preset("shatranj").unwrap();
        let fen = "k7/8/1K6/8/8/8/8/6QR w - - 0 1";
        let cond = mate_by("q");
        let c = carry(&shat, &mixed(), fen, &cond, None).unwrap();
        assert_eq!(c.conditions.mate_by.as_deref(), Some("f"));
        let by_square = mate_by("h1");
        let c = carry(&shat, &mixed(), fen, &by_square, None).unwrap();
        assert_eq!(c.conditions.mate_by.as_deref(), Some("h1"));
        // A solution's `Q` would name the queen under `mixed`: not carried.
        let e = carry(&shat, &mixed(), fen, &none(), Some("1.Qg2")).unwrap_err();
        assert_eq!(
            e,
            NotCarried::Letters {
                name: "ferz".into(),
                letter: 'Q'
            }
        );
        // Between the shatranj presets the letters agree.
        let alf = Rules::preset("alfonso").unwrap();
        assert!(carry(&shat, &alf, fen, &cond, Some("1.Qg2")).is_ok());
        let eng = Rules::preset("english-1650").unwrap();
        // A ferz to mate with where there is none.
        let e = carry(
            &shat,
            &eng,
            "k7/8/1K6/8/8/8/8/6NR w - - 0 1",
            &mate_by("Q"),
            None,
        );
        assert!(matches!(e.unwrap_err(), NotCarried::MateBy(by, _) if by == "Q"));
    }
}
