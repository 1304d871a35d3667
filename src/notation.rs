//! Reading and writing moves: coordinates (`e2e4`, `a10a11`, promotions with the piece
//! letter appended), SAN with the rules' own letters on any board size, and the splitting
//! of a written solution (`1.Rh8+ Kxh8 2.Af5+ Rh2 3...Kg8`) into numbered move texts.
//!
//! SAN follows the modern conventions with the preset's letters in upper case: under
//! shatranj rules `Q` is the ferz and `B` the alfil, while `F` and `A` are read as their
//! aliases. Two forms have no modern model. The Lombard joint first move of king and
//! queen is written king part `&` queen part: `Kc3&Qd3` in SAN, `e1c3&d1d3` in
//! coordinates. A man leaving a stack is written like any other man of its kind: the
//! letter says which man leaves.
//!
//! Reading is lenient (`Ng1-f3`, `Rh8xh7`, `e2e4`, `exd6 e.p.`, `b8Q`, `0-0`, lower-case
//! piece letters, `P` for pawns) but always resolved against the legal moves: a text names
//! exactly one legal move or it is an error that says why.

use crate::bits::Bits;
use crate::engine::NO_SQ;
use crate::geometry::{Geometry, Square};
use crate::movegen::MoveList;
use crate::outcome::{Outcome, WinKind};
use crate::piece::{Color, Kind};
use crate::position::{flag, Move, Position};
use crate::rules::Rules;
use std::fmt::Write;
use thiserror::Error;

/// Why a move text names no single legal move.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum NotationError {
    #[error("empty move text")]
    Empty,
    #[error("cannot read '{text}' as a move: {why}")]
    Unreadable { text: String, why: String },
    #[error("'{text}' is ambiguous: it could be {}", .candidates.join(", "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
    #[error("'{text}' matches no legal move: {why}")]
    NoSuchMove { text: String, why: String },
    #[error("'{text}' is illegal: {why}")]
    Illegal { text: String, why: String },
    #[error("'{text}' cannot be played: no legal move remains ({outcome})")]
    GameOver { text: String, outcome: String },
}

/// A square's name, or `?` for an index off the board.
fn sq_name(g: &Geometry, sq: u8) -> String {
    if (sq as usize) < g.squares() {
        g.name(sq)
    } else {
        "?".into()
    }
}

/// The upper-case letter of a kind, or `?` for an unknown kind.
fn upper(rules: &Rules, k: Kind) -> char {
    rules
        .pieces
        .get(k as usize)
        .map_or('?', |p| p.letter.to_ascii_uppercase())
}

/// Coordinate notation: from-square, to-square, promotion letter (`f5g7`, `b7b8q`,
/// `a10a11`); castling is the king's move (`e1g1`); a joint move is the king's move, `&`,
/// then the queen's (`e1c3&d1d3`).
pub fn coord<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    let g = &pos.eng.geo;
    let mut s = format!("{}{}", sq_name(g, m.from), sq_name(g, m.to));
    if m.promo != NO_SQ {
        s.push(
            pos.eng
                .rules
                .pieces
                .get(m.promo as usize)
                .map_or('?', |p| p.letter),
        );
    }
    if m.flag == flag::JOINT {
        let _ = write!(s, "&{}{}", sq_name(g, m.from2), sq_name(g, m.to2));
    }
    s
}

/// The shortest prefix (file, rank or square of `from`) telling it apart from `others`.
fn disambiguation(g: &Geometry, from: Square, others: &[Square]) -> String {
    if others.is_empty() {
        return String::new();
    }
    let file = (b'a' + g.file(from)) as char;
    if others.iter().all(|&o| g.file(o) != g.file(from)) {
        file.to_string()
    } else if others.iter().all(|&o| g.rank(o) != g.rank(from)) {
        (g.rank(from) as u32 + 1).to_string()
    } else {
        g.name(from)
    }
}

/// SAN without the check suffix, disambiguated against `legal`.
fn san_body<B: Bits>(pos: &Position<B>, m: &Move, legal: &MoveList) -> String {
    let e = &*pos.eng;
    let g = &e.geo;
    let Some(def) = e.rules.pieces.get(m.piece as usize) else {
        return coord(pos, m);
    };
    if m.flag == flag::CASTLE {
        return if g.file(m.to) > g.file(m.from) {
            "O-O"
        } else {
            "O-O-O"
        }
        .into();
    }
    if m.flag == flag::JOINT {
        let others: Vec<Square> = legal
            .as_slice()
            .iter()
            .filter(|o| {
                o.flag == flag::JOINT && o.to == m.to && o.to2 == m.to2 && o.from2 != m.from2
            })
            .map(|o| o.from2)
            .collect();
        return format!(
            "{}{}&{}{}{}",
            upper(&e.rules, m.piece),
            sq_name(g, m.to),
            upper(&e.rules, e.queen.unwrap_or(NO_SQ)),
            disambiguation(g, m.from2, &others),
            sq_name(g, m.to2)
        );
    }
    let others: Vec<Square> = legal
        .as_slice()
        .iter()
        .filter(|o| {
            o.piece == m.piece
                && o.to == m.to
                && o.from != m.from
                && o.flag != flag::JOINT
                && o.flag != flag::CASTLE
        })
        .map(|o| o.from)
        .collect();
    let capture = pos.is_capture(m);
    let mut s = String::new();
    if def.pawn {
        if capture {
            // A pawn capture always names the file it comes from.
            if others.iter().any(|&o| g.file(o) == g.file(m.from)) {
                s += &g.name(m.from);
            } else {
                s.push((b'a' + g.file(m.from)) as char);
            }
        } else {
            s += &disambiguation(g, m.from, &others);
        }
    } else {
        s.push(def.letter.to_ascii_uppercase());
        s += &disambiguation(g, m.from, &others);
    }
    if capture {
        s.push('x');
    }
    s += &sq_name(g, m.to);
    if m.promo != NO_SQ {
        s.push('=');
        s.push(upper(&e.rules, m.promo));
    }
    s
}

/// SAN with the rules' letters in upper case (`Nbd2`, `exd6`, `b8=Q`, `O-O`, `Kc3&Qd3`),
/// `+` for check and `#` for checkmate; a move that is not even pseudo-legal is written in
/// coordinates.
pub fn san<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    let mut p = pos.clone();
    let mut legal = MoveList::new();
    p.legal_moves(&mut legal);
    if !legal.as_slice().contains(m) {
        let mut pseudo = MoveList::new();
        p.pseudo_moves(&mut pseudo);
        return if pseudo.as_slice().contains(m) {
            san_body(&p, m, &legal)
        } else {
            coord(pos, m)
        };
    }
    let mut s = san_body(&p, m, &legal);
    p.make(*m);
    if matches!(
        p.outcome(),
        Outcome::Win {
            how: WinKind::Checkmate,
            ..
        }
    ) {
        s.push('#');
    } else if p.in_check() {
        s.push('+');
    }
    s
}

/// A numbered line in SAN from `pos` (`1.Rh8+ Kxh8 2.Af5+`, or `1...Kd8 2.Nc7` when the
/// second player starts); stops after the first move that is not legal, written in
/// coordinates with `??`.
pub fn line_text<B: Bits>(pos: &Position<B>, moves: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = String::new();
    let mut legal = MoveList::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if p.side == Color::White {
            let _ = write!(out, "{}.", p.fullmove);
        } else if i == 0 {
            let _ = write!(out, "{}...", p.fullmove);
        }
        p.legal_moves(&mut legal);
        if !legal.as_slice().contains(m) {
            out += &coord(&p, m);
            out += "??";
            break;
        }
        out += &san(&p, m);
        p.make(*m);
    }
    out
}

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
        m.flag != flag::JOINT
            && self.fits(rules, g, m.piece, m.from, m.to)
            && self.promo.is_none_or(|p| p == m.promo)
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

/// Reads a cleaned move text (no separators or annotations) into its readings.
fn read(rules: &Rules, g: &Geometry, s: &str) -> Result<Readings, String> {
    let mut cs: Vec<char> = s.chars().collect();
    if cs.is_empty() {
        return Err("nothing to read".into());
    }
    let mut promo = None;
    let n = cs.len();
    if n >= 3 && cs[n - 1].is_alphabetic() && cs[n - 2].is_ascii_digit() {
        let c = cs[n - 1];
        cs.truncate(n - 1);
        promo = Some(rules.kind_of(c).ok_or_else(|| {
            format!(
                "'{c}' is not a piece letter of {} (known: {})",
                rules.name,
                letters(rules)
            )
        })?);
    }
    let mut j = cs.len();
    while j > 0 && cs[j - 1].is_ascii_digit() {
        j -= 1;
    }
    if j == cs.len() || j == 0 || !cs[j - 1].is_ascii_lowercase() {
        return Err("it does not end in a target square like e4".into());
    }
    let i = j - 1;
    let tname: String = cs[i..].iter().collect();
    let to = g.parse(&tname).ok_or_else(|| {
        format!(
            "{tname} is not a square of the {}x{} board",
            g.width, g.height
        )
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
        let p: String = prefix.iter().collect();
        return Err(format!(
            "'{p}' before {tname} is neither a piece letter of {} ({}) nor a file, rank or square",
            rules.name,
            letters(rules)
        ));
    }
    Ok(r)
}

/// The rules' piece letters in upper case, for messages.
fn letters(rules: &Rules) -> String {
    rules
        .pieces
        .iter()
        .map(|p| p.letter.to_ascii_uppercase())
        .collect()
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
pub fn parse_move<B: Bits>(pos: &Position<B>, text: &str) -> Result<Move, NotationError> {
    if text.trim().is_empty() {
        return Err(NotationError::Empty);
    }
    let mut p = pos.clone();
    let e = std::sync::Arc::clone(&p.eng);
    let (rules, g) = (&e.rules, &e.geo);
    let unreadable = |why: String| NotationError::Unreadable {
        text: text.trim().to_string(),
        why,
    };
    let s = clean(text, rules);
    if s.is_empty() {
        return Err(unreadable("it holds only annotations".into()));
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
        let fits = |m: &Move| m.flag == flag::CASTLE && (g.file(m.to) > g.file(m.from)) == short;
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
            m.flag == flag::JOINT
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
    if (m.flag == flag::QUEEN_LEAP || m.flag == flag::JOINT) && leap_no_check && gives_check {
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
                m.flag != flag::JOINT && all.iter().any(|q| q.fits(rules, g, m.piece, m.from, m.to))
            })
            .collect();
        if !reached.is_empty() {
            let mut choices: Vec<String> = reached
                .iter()
                .filter(|m| m.promo != NO_SQ)
                .map(|m| upper(rules, m.promo).to_string())
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

/// One move of a written solution, as the text gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The move number: written right before the move, or carried on from the move before
    /// (`e5` in `1.e4 e5` is move 1); `None` while the text has given no number.
    pub move_number: Option<u32>,
    /// The second player's move of its number: written after `N...`, or the move after
    /// `N.` in a pair (`e5` in `1.e4 e5`).
    pub black_marker: bool,
    /// True when the number was written right before this move.
    pub numbered: bool,
    /// The move as written, annotations kept (`Kxh8`, `Nf7#`); `~` for any move.
    pub text: String,
    /// `~` or `any`: any move of that side will do.
    pub any: bool,
}

/// Splits a written solution into moves: `1.Rh8+ Kxh8 2.Af5+ Rh2 3...Kg8 4. Nf7#`.
///
/// Comments in braces or parentheses (variations) are skipped, as are results (`1-0`,
/// `0-1`, `1/2-1/2`, `*`), lone annotations and `e.p.`; commas, semicolons and square
/// brackets separate like spaces. `~` or `any` is a token meaning any move.
pub fn parse_line(text: &str) -> Vec<Token> {
    let mut words: Vec<String> = vec![];
    let mut cur = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' | '(' => {
                depth += 1;
                if !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                }
            }
            '}' | ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            c if c.is_whitespace() || matches!(c, ',' | ';' | '[' | ']') => {
                if !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        words.push(cur);
    }

    let mut tokens = vec![];
    // The number (and side) written and not yet used by a move.
    let mut pending: Option<(Option<u32>, bool)> = None;
    let mut last: Option<(u32, bool)> = None;
    for w in &words {
        let mut rest: &str = w;
        if is_result(rest) || is_annotation(rest) {
            continue;
        }
        let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            let after = &rest[digits..];
            let dots = dot_count(after);
            if after.is_empty() || dots.0 > 0 {
                if let Ok(n) = rest[..digits].parse::<u32>() {
                    pending = Some((Some(n), dots.0 >= 2));
                    rest = &after[dots.1..];
                    if rest.is_empty() {
                        continue;
                    }
                }
            }
        }
        let dots = dot_count(rest);
        if dots.0 > 0 {
            // `1. ...` or `... Kd8`: the next move is the second player's.
            let n = pending.and_then(|p| p.0);
            pending = Some((n, true));
            rest = &rest[dots.1..];
            if rest.is_empty() {
                continue;
            }
        }
        if is_annotation(rest) {
            continue;
        }
        let (move_number, black_marker, numbered) = match (pending.take(), last) {
            (Some((Some(n), b)), _) => (Some(n), b, true),
            (Some((None, b)), Some((n, lb))) => (
                Some(if lb && !b { n.saturating_add(1) } else { n }),
                b,
                false,
            ),
            (Some((None, b)), None) => (None, b, false),
            (None, Some((n, true))) => (Some(n.saturating_add(1)), false, false),
            (None, Some((n, false))) => (Some(n), true, false),
            (None, None) => (None, false, false),
        };
        if let Some(n) = move_number {
            last = Some((n, black_marker));
        }
        let any = rest == "~" || rest.eq_ignore_ascii_case("any");
        tokens.push(Token {
            move_number,
            black_marker,
            numbered,
            text: rest.to_string(),
            any,
        });
    }
    tokens
}

/// Dots at the start of `s`: (count, with `…` as three; bytes used).
fn dot_count(s: &str) -> (usize, usize) {
    let mut n = 0;
    let mut bytes = 0;
    for c in s.chars() {
        match c {
            '.' => n += 1,
            '…' => n += 3,
            _ => break,
        }
        bytes += c.len_utf8();
    }
    (n, bytes)
}

/// A game result, not a move.
fn is_result(w: &str) -> bool {
    matches!(
        w,
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "+-" | "-+" | "=" | "1:0" | "0:1"
    )
}

/// A lone annotation (`+`, `!?`, `e.p.`), not a move.
fn is_annotation(w: &str) -> bool {
    w.chars().all(|c| "+#!?‡†".contains(c))
        || matches!(w.to_ascii_lowercase().as_str(), "e.p." | "e.p" | "ep")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::U256;
    use crate::engine::Engine;
    use std::sync::Arc;

    fn pos<B: Bits>(preset: &str, fen: &str) -> Position<B> {
        let e = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        Position::from_fen(e, fen).unwrap()
    }

    fn sh(fen: &str) -> Position<u64> {
        pos("shatranj", fen)
    }

    fn en(fen: &str) -> Position<u64> {
        pos("english-1650", fen)
    }

    /// Parses, checks the SAN, and checks that the SAN and the coordinates read back.
    fn round<B: Bits>(p: &Position<B>, text: &str, want_san: &str) -> Move {
        let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(san(p, &m), want_san, "SAN of {text}");
        assert_eq!(
            parse_move(p, want_san).unwrap(),
            m,
            "reading back {want_san}"
        );
        assert_eq!(
            parse_move(p, &coord(p, &m)).unwrap(),
            m,
            "coordinates of {text}"
        );
        m
    }

    /// Every legal move's SAN and coordinates read back to that move.
    fn all_round_trip<B: Bits>(p: &Position<B>) {
        let mut q = p.clone();
        let mut l = MoveList::new();
        q.legal_moves(&mut l);
        for m in l.as_slice() {
            let s = san(p, m);
            assert_eq!(parse_move(p, &s).as_ref(), Ok(m), "SAN {s}");
            // Coordinates name a move unless two men of a stack share its squares.
            let c = coord(p, m);
            let back = parse_move(p, &c);
            assert!(
                back == Ok(*m) || matches!(back, Err(NotationError::Ambiguous { .. })),
                "{c}"
            );
        }
    }

    #[test]
    fn shatranj_letters_and_aliases() {
        let p = sh("4k3/7p/8/8/8/8/8/2B1KQ2 w - - 0 1");
        let m = round(&p, "Qg2", "Qg2");
        assert_eq!(parse_move(&p, "Fg2").unwrap(), m);
        assert_eq!(parse_move(&p, "fg2").unwrap(), m);
        assert_eq!(parse_move(&p, "f1-g2").unwrap(), m);
        let a = round(&p, "Ba3", "Ba3");
        assert_eq!(parse_move(&p, "Aa3").unwrap(), a);
        assert_eq!(parse_move(&p, "♗a3").unwrap(), a);
        assert_eq!(coord(&p, &a), "c1a3");
        // The ferz cannot ride.
        let err = parse_move(&p, "Qh3").unwrap_err();
        assert!(matches!(err, NotationError::NoSuchMove { .. }), "{err}");
        assert!(
            err.to_string().contains("no white ferz can move to h3"),
            "{err}"
        );
        all_round_trip(&p);
    }

    #[test]
    fn lower_case_file_wins_over_alias() {
        // `e` is an alfil alias in shatranj and also a file: `exd5` is the pawn.
        let p = sh("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let m = round(&p, "exd5", "exd5");
        assert_eq!(p.eng.rules.pieces[m.piece as usize].name, "pawn");
        assert_eq!(parse_move(&p, "e4:d5").unwrap(), m);
        assert_eq!(parse_move(&p, "Pxd5").unwrap(), m);
        assert_eq!(parse_move(&p, "ed5").unwrap(), m);
        round(&p, "e5", "e5");
    }

    #[test]
    fn disambiguation_by_file_rank_and_square() {
        let p = sh("4k3/7p/8/8/3N4/R7/8/R3K1N1 w - - 0 1");
        round(&p, "R1a2", "R1a2");
        round(&p, "R3a2", "R3a2");
        let err = parse_move(&p, "Ra2").unwrap_err();
        match &err {
            NotationError::Ambiguous { candidates, .. } => {
                assert_eq!(candidates, &["R1a2".to_string(), "R3a2".to_string()])
            }
            e => panic!("{e}"),
        }
        assert!(err.to_string().contains("ambiguous"));
        round(&p, "Ng1f3", "Ngf3");
        round(&p, "Nd4f3", "Ndf3");
        round(&p, "ng1e2", "Nge2");
        round(&p, "Ng1-h3", "Nh3");
        all_round_trip(&p);
        let q = en("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
        round(&q, "Qa1b2", "Qa1b2");
        round(&q, "Qcb2", "Qcb2");
        round(&q, "Q3b2", "Q3b2");
        all_round_trip(&q);
    }

    #[test]
    fn promotion_with_and_without_letter() {
        let p = sh("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1");
        let m = round(&p, "b8", "b8=Q");
        assert_eq!(coord(&p, &m), "b7b8q");
        assert_eq!(parse_move(&p, "b8=F").unwrap(), m);
        let err = parse_move(&p, "b8=R").unwrap_err();
        assert!(err.to_string().contains("may only be to Q"), "{err}");
        let q = en("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(
            parse_move(&q, "b8"),
            Err(NotationError::Ambiguous { .. })
        ));
        round(&q, "b7b8n", "b8=N");
        round(&q, "b8Q", "b8=Q+");
        round(&q, "b8=R", "b8=R+");
        let err = parse_move(&q, "b7b8k").unwrap_err();
        assert!(err.to_string().contains("may only be to"), "{err}");
        all_round_trip(&q);
    }

    #[test]
    fn castling_and_en_passant_in_english_1650() {
        let p = en("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let m = round(&p, "O-O", "O-O");
        assert_eq!(m.flag, flag::CASTLE);
        assert_eq!(coord(&p, &m), "e1g1");
        assert_eq!(parse_move(&p, "0-0").unwrap(), m);
        assert_eq!(parse_move(&p, "Kg1").unwrap(), m);
        let l = round(&p, "0-0-0", "O-O-O");
        assert_eq!(coord(&p, &l), "e1c1");
        all_round_trip(&p);
        // Without the privileges there is no castling.
        let n = en("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        let err = parse_move(&n, "O-O").unwrap_err();
        assert!(
            err.to_string().contains("castling is not possible"),
            "{err}"
        );
        // Castling into check is illegal, not impossible.
        let c = en("r3k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let err = parse_move(&c, "O-O").unwrap_err();
        assert!(matches!(err, NotationError::Illegal { .. }), "{err}");

        let ep = en("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let m = round(&ep, "exd6", "exd6");
        assert_eq!(m.flag, flag::EP);
        assert_eq!(parse_move(&ep, "exd6 e.p.").unwrap(), m);
        assert_eq!(parse_move(&ep, "e5xd6ep").unwrap(), m);
        assert_eq!(parse_move(&ep, "e5d6").unwrap(), m);
        all_round_trip(&ep);
    }

    #[test]
    fn courier_twelve_files() {
        let p: Position<u128> = pos(
            "courier",
            "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
        );
        let m = round(&p, "Rl3", "Rl3");
        assert_eq!(coord(&p, &m), "l1l3");
        round(&p, "Ea3", "Ea3");
        round(&p, "Aa3", "Ea3");
        round(&p, "Wg1", "Wg1");
        round(&p, "Kg1", "Kg1");
        round(&p, "k2k3", "k3");
        all_round_trip(&p);
    }

    #[test]
    fn grant_acedrex_two_digit_ranks() {
        let p: Position<U256> = pos(
            "grant-acedrex",
            "6k4r/12/P11/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
        );
        let m = round(&p, "a10a11", "a11");
        assert_eq!(coord(&p, &m), "a10a11");
        assert_eq!(parse_move(&p, "a10-a11").unwrap(), m);
        let q: Position<U256> = pos(
            "grant-acedrex",
            "6k4r/P11/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
        );
        let m = round(&q, "a12", "a12=R+");
        assert_eq!(coord(&q, &m), "a11a12r");
        let err = parse_move(&q, "a13").unwrap_err();
        assert!(err.to_string().contains("not a square"), "{err}");
        all_round_trip(&q);
    }

    #[test]
    fn check_and_checkmate_suffixes() {
        let p = sh("k7/8/1K6/2p5/8/8/8/7R w - - 0 1");
        round(&p, "Rh8", "Rh8#");
        round(&p, "Ra1", "Ra1+");
        round(&p, "Rh7", "Rh7");
        assert_eq!(
            parse_move(&p, "Rh8#!").unwrap(),
            parse_move(&p, "Rh8").unwrap()
        );
        let m = parse_move(&p, "Rh8").unwrap();
        assert_eq!(line_text(&p, &[m]), "1.Rh8#");
    }

    #[test]
    fn errors_are_precise() {
        let p = sh("4k3/8/8/8/8/8/3r4/R3K1N1 w - - 0 1");
        assert_eq!(parse_move(&p, "  "), Err(NotationError::Empty));
        for junk in ["zz9", "Xe4", "e", "+!", "Nf33", "hello"] {
            let err = parse_move(&p, junk).unwrap_err();
            assert!(
                matches!(
                    err,
                    NotationError::Unreadable { .. } | NotationError::NoSuchMove { .. }
                ),
                "{junk}: {err}"
            );
        }
        let err = parse_move(&p, "Ke2").unwrap_err();
        assert!(matches!(err, NotationError::Illegal { .. }), "{err}");
        assert!(err.to_string().contains("would stand in check"), "{err}");
        let err = parse_move(&p, "Qd2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "'Qd2' matches no legal move: White has no ferz"
        );
        let err = parse_move(&p, "Ng1-g3").unwrap_err();
        assert!(
            err.to_string()
                .contains("the knight on g1 cannot move to g3"),
            "{err}"
        );
        let err = parse_move(&p, "Nb1-c3").unwrap_err();
        assert!(
            err.to_string().contains("White has no knight on b1"),
            "{err}"
        );
        // A check must be met; a pinned man may not leave the line.
        let c = sh("4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1");
        let err = parse_move(&c, "Ne3").unwrap_err();
        assert!(err.to_string().contains("does not meet the check"), "{err}");
        let pin = sh("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        let err = parse_move(&pin, "Nf4").unwrap_err();
        assert!(err.to_string().contains("leave the king in check"), "{err}");
        // Bare king: the game is over.
        let bare = sh("4k3/8/8/8/8/8/8/R3K2R b - - 0 1");
        let err = parse_move(&bare, "Kd8").unwrap_err();
        assert!(matches!(err, NotationError::GameOver { .. }), "{err}");
    }

    #[test]
    fn forced_capture_is_explained() {
        let p: Position<u64> = pos("forced", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let err = parse_move(&p, "e5").unwrap_err();
        assert!(err.to_string().contains("compulsory"), "{err}");
        assert!(err.to_string().contains("exd5"), "{err}");
    }

    #[test]
    fn stacks_and_joint_moves() {
        // Short assize: the ferz stacked with the pawn on e3.
        let p: Position<u64> = pos(
            "short-assize",
            "2b1kb2/2rnnr2/pppp[qp]ppp/8/8/PPPP[QP]PPP/2RNNR2/2B1KB2 w - - 0 1",
        );
        let pawn = round(&p, "e4", "e4");
        let ferz = round(&p, "Qd4", "Qd4");
        assert_eq!((pawn.from, ferz.from), (20, 20));
        assert_eq!(coord(&p, &ferz), "e3d4");
        all_round_trip(&p);

        let mut l: Position<u64> = pos("lombard", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        l.set_privileges(u64::bit(3) | u64::bit(4));
        let mut list = MoveList::new();
        l.legal_moves(&mut list);
        let joint = *list
            .as_slice()
            .iter()
            .find(|m| m.flag == flag::JOINT)
            .expect("a joint move");
        let s = san(&l, &joint);
        let c = coord(&l, &joint);
        assert!(s.starts_with('K') && s.contains("&Q"), "{s}");
        assert!(c.starts_with("e1") && c.contains("&d1"), "{c}");
        assert_eq!(parse_move(&l, &s).unwrap(), joint);
        assert_eq!(parse_move(&l, &c).unwrap(), joint);
        // The halves may come in either order.
        let (k, q) = s.split_once('&').unwrap();
        assert_eq!(parse_move(&l, &format!("{q}&{k}")).unwrap(), joint);
        all_round_trip(&l);
    }

    #[test]
    fn long_algebraic_and_odd_input_never_panic() {
        let p: Position<u64> = Position::start(Arc::new(
            Engine::new(Rules::preset("english-1650").unwrap()).unwrap(),
        ))
        .unwrap();
        let m = round(&p, "e2e4", "e4");
        assert_eq!(m.flag, flag::DOUBLE);
        assert_eq!(parse_move(&p, "e2-e4!").unwrap(), m);
        assert_eq!(parse_move(&p, "P e2 - e4").unwrap(), m);
        round(&p, "Ng1-f3", "Nf3");
        round(&p, "♘g1f3", "Nf3");
        all_round_trip(&p);
        let r = en("4k3/7p/8/8/8/8/8/4K2R w - - 0 1");
        round(&r, "Rh1xh7", "Rxh7");
        round(&r, "Rh1:h7", "Rxh7");
        let g: Position<U256> = pos(
            "grant-acedrex",
            "rluzcakczulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUZCAKCZULR w - - 0 1",
        );
        all_round_trip(&g);
        for text in [
            "é4",
            "Q♕",
            "a0",
            "a01",
            "1",
            "x",
            "&",
            "K&",
            "e1&",
            "O-O-O-O",
            "💥e4",
            "e9=",
            "=Q",
            "a99999999999",
            "9999999999e4",
            "e.p.",
            "Kc3&Qd3&Qe3",
            "…",
            "e4\u{0}",
            "ab12cd",
        ] {
            assert!(parse_move(&p, text).is_err(), "{text}");
            assert!(parse_move(&g, text).is_err(), "{text}");
        }
        let junk = Move {
            from: 200,
            to: 250,
            piece: 99,
            promo: 77,
            flag: 9,
            from2: 255,
            to2: 3,
        };
        assert_eq!(coord(&p, &junk), "???");
        assert_eq!(san(&g, &junk), "???");
        assert_eq!(line_text(&p, &[junk]), "1.?????");
    }

    fn tok(n: Option<u32>, black: bool, numbered: bool, text: &str) -> Token {
        Token {
            move_number: n,
            black_marker: black,
            numbered,
            text: text.into(),
            any: text == "~" || text == "any",
        }
    }

    #[test]
    fn lines_split_into_numbered_moves() {
        assert_eq!(
            parse_line("1.Rh8+ Kxh8 2.Af5+ Rh2 3...Kg8 4. Nf7#"),
            vec![
                tok(Some(1), false, true, "Rh8+"),
                tok(Some(1), true, false, "Kxh8"),
                tok(Some(2), false, true, "Af5+"),
                tok(Some(2), true, false, "Rh2"),
                tok(Some(3), true, true, "Kg8"),
                tok(Some(4), false, true, "Nf7#"),
            ]
        );
        assert_eq!(
            parse_line("1. e4 e5 2. Nf3 1-0"),
            vec![
                tok(Some(1), false, true, "e4"),
                tok(Some(1), true, false, "e5"),
                tok(Some(2), false, true, "Nf3"),
            ]
        );
        assert_eq!(
            parse_line("1...Kd8 2.Nc7 {only move} (2.Nb6? Kc7) ~ 3. ... any"),
            vec![
                tok(Some(1), true, true, "Kd8"),
                tok(Some(2), false, true, "Nc7"),
                tok(Some(2), true, false, "~"),
                tok(Some(3), true, true, "any"),
            ]
        );
        assert_eq!(
            parse_line("1.0-0 0-0-0, 2.exd6 e.p. !? Kb8 … Ka8 *"),
            vec![
                tok(Some(1), false, true, "0-0"),
                tok(Some(1), true, false, "0-0-0"),
                tok(Some(2), false, true, "exd6"),
                tok(Some(2), true, false, "Kb8"),
                tok(Some(2), true, false, "Ka8"),
            ]
        );
        assert_eq!(
            parse_line("Rh8+ Kxh8"),
            vec![
                tok(None, false, false, "Rh8+"),
                tok(None, false, false, "Kxh8")
            ]
        );
        assert!(parse_line("").is_empty());
        assert!(parse_line("{ unclosed (").is_empty());
    }

    #[test]
    fn line_text_numbers_from_either_side() {
        let p = sh("k7/8/1K6/2p5/8/8/8/7R b - - 0 7");
        let a = parse_move(&p, "c4").unwrap();
        let mut q = p.clone();
        q.make(a);
        let b = parse_move(&q, "Rh8").unwrap();
        assert_eq!(line_text(&p, &[a, b]), "7...c4 8.Rh8#");
        assert_eq!(line_text(&p, &[b]), "7...h1h8??");
    }
}
