//! Reading SAN, long algebraic and coordinates against the legal moves.

use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::geometry::{Geometry, Square};
use crate::board::movegen::MoveList;

use super::{letters, san, sq_name, upper, NotationError};
use crate::board::piece::Kind;
use crate::board::position::{Move, MoveKind, Position};
use crate::board::rules::Rules;
use std::fmt::Write;

/// Which men a reading allows to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    /// Any man (coordinate form: the from-square says which).
    Any,
    /// A pawn (SAN without a piece letter).
    Pawn,
    /// A man of this kind.
    Kind(Kind),
}

/// One reading of a move text: who moves, from where (as far as written), to where.
#[derive(Clone, Copy, Debug)]
struct Pattern {
    who: Who,
    file: Option<u8>,
    rank: Option<u8>,
    to: Square,
    promo: Option<Kind>,
}

impl Pattern {
    /// True when a man of `piece` going `from` → `to` (becoming `promo`) fits the reading.
    fn fits(&self, rules: &Rules, g: &Geometry, piece: Kind, from: Square, to: Square) -> bool {
        let who = match self.who {
            Who::Any => true,
            Who::Pawn => rules.pieces.get(piece as usize).is_some_and(|d| d.pawn),
            Who::Kind(k) => k == piece,
        };
        who && self.to == to
            && self.file.is_none_or(|f| g.file(from) == f)
            && self.rank.is_none_or(|r| g.rank(from) == r)
    }

    /// True when an ordinary (not joint) move fits, promotion included.
    fn fits_move(&self, rules: &Rules, g: &Geometry, m: &Move) -> bool {
        m.flag != MoveKind::Joint
            && self.fits(rules, g, m.piece, m.from, m.to)
            && self.promo.is_none_or(|p| Some(p) == m.promo)
    }
}

/// A text's readings: strict SAN first; lenient ones (a lower-case piece letter that
/// could also be a file) are tried only when no strict reading names a legal move.
struct Readings {
    strict: Vec<Pattern>,
    lenient: Vec<Pattern>,
}

impl Readings {
    fn all(&self) -> impl Iterator<Item = &Pattern> {
        self.strict.iter().chain(self.lenient.iter())
    }
}

/// Reads what stands before the target square: nothing, a file, a rank or a square.
fn from_part(g: &Geometry, p: &[char]) -> Option<(Option<u8>, Option<u8>)> {
    match p {
        [] => Some((None, None)),
        [f] if f.is_ascii_lowercase() => {
            let f = *f as u8 - b'a';
            (f < g.width).then_some((Some(f), None))
        }
        [f, ..] if f.is_ascii_lowercase() => {
            let s: String = p.iter().collect();
            g.parse(&s).map(|sq| (Some(g.file(sq)), Some(g.rank(sq))))
        }
        _ if p.iter().all(|c| c.is_ascii_digit()) && p[0] != '0' => {
            let s: String = p.iter().collect();
            let r: u32 = s.parse().ok()?;
            (1..=g.height as u32)
                .contains(&r)
                .then_some((None, Some((r - 1) as u8)))
        }
        _ => None,
    }
}

/// Why a cleaned move text does not read ([`read`]); its message is the `why` of
/// [`NotationError::Unreadable`].
#[derive(Debug, thiserror::Error)]
enum ReadError {
    #[error("it holds only annotations")]
    OnlyAnnotations,
    #[error("nothing to read")]
    Nothing,
    #[error("'{letter}' is not a piece letter of {rules} (known: {known})")]
    Promotion {
        letter: char,
        rules: String,
        known: String,
    },
    #[error("it does not end in a target square like e4")]
    NoTarget,
    #[error("{square} is not a square of the {width}x{height} board")]
    OffBoard {
        square: String,
        width: u8,
        height: u8,
    },
    #[error("'{prefix}' before {square} is neither a piece letter of {rules} ({known}) nor a file, rank or square")]
    Prefix {
        prefix: String,
        square: String,
        rules: String,
        known: String,
    },
}

/// Reads a cleaned move text (no separators or annotations) into its readings.
fn read(rules: &Rules, g: &Geometry, s: &str) -> Result<Readings, ReadError> {
    let mut cs: Vec<char> = s.chars().collect();
    if cs.is_empty() {
        return Err(ReadError::Nothing);
    }
    let mut promo = None;
    let n = cs.len();
    if n >= 3 && cs[n - 1].is_alphabetic() && cs[n - 2].is_ascii_digit() {
        let c = cs[n - 1];
        cs.truncate(n - 1);
        promo = Some(rules.kind_of(c).ok_or_else(|| ReadError::Promotion {
            letter: c,
            rules: rules.name.clone(),
            known: letters(rules),
        })?);
    }
    let mut j = cs.len();
    while j > 0 && cs[j - 1].is_ascii_digit() {
        j -= 1;
    }
    if j == cs.len() || j == 0 || !cs[j - 1].is_ascii_lowercase() {
        return Err(ReadError::NoTarget);
    }
    let i = j - 1;
    let tname: String = cs[i..].iter().collect();
    let to = g.parse(&tname).ok_or_else(|| ReadError::OffBoard {
        square: tname.clone(),
        width: g.width,
        height: g.height,
    })?;
    let prefix = &cs[..i];
    let mut r = Readings {
        strict: vec![],
        lenient: vec![],
    };
    if let Some((file, rank)) = from_part(g, prefix) {
        let who = if file.is_some() && rank.is_some() {
            Who::Any
        } else {
            Who::Pawn
        };
        r.strict.push(Pattern {
            who,
            file,
            rank,
            to,
            promo,
        });
    }
    if let Some((&c, rest)) = prefix.split_first() {
        if let (Some(k), Some((file, rank))) = (rules.kind_of(c), from_part(g, rest)) {
            let pat = Pattern {
                who: Who::Kind(k),
                file,
                rank,
                to,
                promo,
            };
            if c.is_ascii_lowercase() {
                r.lenient.push(pat);
            } else {
                r.strict.push(pat);
            }
        }
    }
    if r.strict.is_empty() && r.lenient.is_empty() {
        return Err(ReadError::Prefix {
            prefix: prefix.iter().collect(),
            square: tname,
            rules: rules.name.clone(),
            known: letters(rules),
        });
    }
    Ok(r)
}

/// The text without annotations (`+ # ! ? e.p.`), separators (`x : - =`) and spaces;
/// figurines become letters.
fn clean(text: &str, rules: &Rules) -> String {
    let mut t = text.trim();
    loop {
        let lower = t.to_ascii_lowercase();
        if let Some(c) = t.chars().last().filter(|c| "+#!?‡†".contains(*c)) {
            t = t[..t.len() - c.len_utf8()].trim_end();
        } else if lower.ends_with("e.p.") {
            t = t[..t.len() - 4].trim_end();
        } else if lower.ends_with("e.p") {
            t = t[..t.len() - 3].trim_end();
        } else if lower.ends_with("ep")
            && t[..t.len() - 2]
                .trim_end()
                .ends_with(|c: char| c.is_ascii_digit())
        {
            t = t[..t.len() - 2].trim_end();
        } else {
            break;
        }
    }
    let x_is_letter = rules.kind_of('x').is_some();
    let mut out = String::new();
    for c in t.chars() {
        match c {
            c if c.is_whitespace() => {}
            '-' | '–' | '—' | ':' | '=' | '(' | ')' | '/' | '×' => {}
            'x' if !x_is_letter || !out.is_empty() => {}
            '♔' | '♚' => out.push('K'),
            '♕' | '♛' => out.push('Q'),
            '♖' | '♜' => out.push('R'),
            '♗' | '♝' => out.push('B'),
            '♘' | '♞' => out.push('N'),
            '♙' | '♟' => out.push('P'),
            c => out.push(c),
        }
    }
    out
}

/// Reads a move in SAN, long algebraic (`Ng1-f3`, `Rh8xh7`) or coordinates (`e2e4`,
/// `b7b8q`, `a10a11`) and returns the one legal move it names.
///
/// Tolerated: `x :` for captures, `-`, `+ # ! ?`, `=` or nothing before a promotion
/// letter, a trailing `e.p.`, `0-0`/`O-O`, piece letters in either case (the rules'
/// letters or their aliases), pawns with or without `P`, and the joint move written
/// `Kc3&Qd3` or `e1c3&d1d3`.
pub fn parse_san<B: Bits>(pos: &Position<B>, text: &str) -> Result<Move, NotationError> {
    if text.trim().is_empty() {
        return Err(NotationError::Empty);
    }
    let mut p = pos.clone();
    let e = std::sync::Arc::clone(&p.eng);
    let (rules, g) = (&e.rules, &e.geo);
    let unreadable = |why: ReadError| NotationError::Unreadable {
        text: text.trim().to_string(),
        why: why.to_string(),
    };
    let s = clean(text, rules);
    if s.is_empty() {
        return Err(unreadable(ReadError::OnlyAnnotations));
    }
    let mut legal = MoveList::new();
    p.legal_moves(&mut legal);
    let mut pseudo = MoveList::new();
    p.pseudo_moves(&mut pseudo);

    let shape: String = s
        .chars()
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .collect();
    if shape == "OO" || shape == "OOO" {
        let short = shape.len() == 2;
        let fits =
            |m: &Move| m.flag == MoveKind::Castle && (g.file(m.to) > g.file(m.from)) == short;
        return select(&mut p, text, &legal, &pseudo, &[&fits], |_| {
            "castling is not possible here (the king or that rook has moved or is missing, \
             a square between them is occupied, or the king is in check or would pass an \
             attacked square)"
                .into()
        });
    }

    if let Some((a, b)) = s.split_once('&') {
        let ra = read(rules, g, a).map_err(&unreadable)?;
        let rb = read(rules, g, b).map_err(&unreadable)?;
        let q = e.queen.unwrap_or(NO_SQ);
        let any_fits = |r: &Readings, piece: Kind, from: Square, to: Square| {
            r.all()
                .any(|pat| pat.promo.is_none() && pat.fits(rules, g, piece, from, to))
        };
        let fits = |m: &Move| {
            m.flag == MoveKind::Joint
                && ((any_fits(&ra, m.piece, m.from, m.to) && any_fits(&rb, q, m.from2, m.to2))
                    || (any_fits(&rb, m.piece, m.from, m.to) && any_fits(&ra, q, m.from2, m.to2)))
        };
        return select(&mut p, text, &legal, &pseudo, &[&fits], |_| {
            "no joint first move of king and queen fits it (both need their first-move \
             privilege and the rules must allow the joint move)"
                .into()
        });
    }

    let r = read(rules, g, &s).map_err(&unreadable)?;
    let strict = |m: &Move| r.strict.iter().any(|pat| pat.fits_move(rules, g, m));
    let lenient = |m: &Move| r.lenient.iter().any(|pat| pat.fits_move(rules, g, m));
    let first = r.strict.first().or(r.lenient.first()).copied();
    select(&mut p, text, &legal, &pseudo, &[&strict, &lenient], |p| {
        let all: Vec<Pattern> = r.all().copied().collect();
        match first {
            Some(pat) => explain(p, &pat, &all, &pseudo),
            None => "no move fits".into(),
        }
    })
}

/// Picks the one legal move fitting the first tier that fits any, or says why none does.
fn select<B: Bits>(
    p: &mut Position<B>,
    text: &str,
    legal: &MoveList,
    pseudo: &MoveList,
    tiers: &[&dyn Fn(&Move) -> bool],
    no_match: impl FnOnce(&Position<B>) -> String,
) -> Result<Move, NotationError> {
    let text = text.trim().to_string();
    for tier in tiers {
        let found: Vec<Move> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|m| tier(m))
            .collect();
        match found.len() {
            0 => continue,
            1 => return Ok(found[0]),
            _ => {
                let candidates = found.iter().map(|m| san(p, m)).collect();
                return Err(NotationError::Ambiguous { text, candidates });
            }
        }
    }
    if legal.is_empty() {
        let outcome = p.outcome_with(legal).describe();
        return Err(NotationError::GameOver { text, outcome });
    }
    let bad = pseudo
        .as_slice()
        .iter()
        .copied()
        .find(|m| tiers.iter().any(|t| t(m)));
    if let Some(m) = bad {
        let why = why_illegal(p, m, legal);
        return Err(NotationError::Illegal { text, why });
    }
    let why = no_match(p);
    Err(NotationError::NoSuchMove { text, why })
}

/// Why a pseudo-legal move is not among the legal ones.
fn why_illegal<B: Bits>(p: &mut Position<B>, m: Move, legal: &MoveList) -> String {
    let e = std::sync::Arc::clone(&p.eng);
    let us = p.side;
    let was_in_check = p.in_check();
    let u = p.make(m);
    let king_sq = p.king_sq(us);
    let exposed = p.attacked(king_sq, us.flip(), p.occ);
    let gives_check = p.in_check();
    p.unmake(m, u);
    if exposed {
        return if m.piece == e.king {
            format!(
                "the king would stand in check on {}",
                sq_name(&e.geo, king_sq as u8)
            )
        } else if was_in_check {
            "it does not meet the check".into()
        } else {
            "it would leave the king in check".into()
        };
    }
    let leap_no_check = e.rules.queen_leap.as_ref().is_some_and(|q| q.no_check);
    if (m.flag == MoveKind::QueenLeap || m.flag == MoveKind::Joint) && leap_no_check && gives_check
    {
        let name = e
            .queen
            .and_then(|q| e.rules.pieces.get(q as usize))
            .map_or("queen", |d| d.name.as_str());
        return format!("the {name}'s first leap may not give check");
    }
    if e.rules.forced_capture && !p.is_capture(&m) {
        if let Some(c) = legal.as_slice().iter().find(|c| p.is_capture(c)) {
            return format!(
                "capture is compulsory under these rules (for example {})",
                san(p, c)
            );
        }
    }
    "the rules do not allow it here".into()
}

/// Why no pseudo-legal move fits a reading: a missing man, a wrong promotion, no route.
fn explain<B: Bits>(p: &Position<B>, pat: &Pattern, all: &[Pattern], pseudo: &MoveList) -> String {
    let e = &*p.eng;
    let (rules, g) = (&e.rules, &e.geo);
    let to = g.name(pat.to);
    if pat.promo.is_some() {
        let reached: Vec<&Move> = pseudo
            .as_slice()
            .iter()
            .filter(|m| {
                m.flag != MoveKind::Joint
                    && all.iter().any(|q| q.fits(rules, g, m.piece, m.from, m.to))
            })
            .collect();
        if !reached.is_empty() {
            let mut choices: Vec<String> = reached
                .iter()
                .filter_map(|m| m.promo)
                .map(|k| upper(rules, k).to_string())
                .collect();
            choices.dedup();
            return if choices.is_empty() {
                format!("no promotion takes place on {to}")
            } else {
                format!(
                    "the promotion on {to} may only be to {}",
                    choices.join(" or ")
                )
            };
        }
    }
    let side = p.side.name();
    let us = p.side.idx();
    let (name, men) = match pat.who {
        Who::Kind(k) => (
            rules
                .pieces
                .get(k as usize)
                .map_or("man".to_string(), |d| d.name.clone()),
            p.pieces[us].get(k as usize).copied().unwrap_or(B::EMPTY),
        ),
        Who::Pawn => {
            let mut men = B::EMPTY;
            for (k, d) in rules.pieces.iter().enumerate() {
                if d.pawn {
                    men |= p.pieces[us].get(k).copied().unwrap_or(B::EMPTY);
                }
            }
            ("pawn".to_string(), men)
        }
        Who::Any => ("man".to_string(), p.occ_c[us]),
    };
    if men.is_empty() {
        return format!("{side} has no {name}");
    }
    if let (Some(f), Some(r)) = (pat.file, pat.rank) {
        let from = g.square(f, r);
        return if men.has(from as usize) {
            format!("the {name} on {} cannot move to {to}", g.name(from))
        } else {
            format!("{side} has no {name} on {}", g.name(from))
        };
    }
    let mut s = format!("no {} {name} can move to {to}", side.to_lowercase());
    if let Some(f) = pat.file {
        let _ = write!(s, " from the {}-file", (b'a' + f) as char);
    }
    if let Some(r) = pat.rank {
        let _ = write!(s, " from rank {}", r as u32 + 1);
    }
    s
}
