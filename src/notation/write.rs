//! Writing one move: coordinates, SAN and long algebraic, in the letters asked for.

use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::geometry::{Geometry, Square};
use crate::board::movegen::MoveList;
use crate::board::outcome::{Outcome, WinKind};
use crate::board::position::{Move, MoveKind, Position};

use super::letters::{letter, Letters};
use super::sq_name;
use std::fmt::Write;

/// Coordinate notation: from-square, to-square, promotion letter (`f5g7`, `b7b8q`,
/// `a10a11`); castling is the king's move (`e1g1`); a joint move is the king's move, `&`,
/// then the queen's (`e1c3&d1d3`).
pub fn coord<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    let g = &pos.eng.geo;
    let mut s = format!("{}{}", sq_name(g, m.from), sq_name(g, m.to));
    if let Some(k) = m.promo {
        s.push(
            pos.eng
                .rules
                .pieces
                .get(k as usize)
                .map_or('?', |p| p.letter),
        );
    }
    if m.flag == MoveKind::Joint {
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
fn san_body<B: Bits>(pos: &Position<B>, m: &Move, legal: &MoveList, letters: Letters) -> String {
    let e = &*pos.eng;
    let g = &e.geo;
    let Some(def) = e.rules.pieces.get(m.piece as usize) else {
        return coord(pos, m);
    };
    if m.flag == MoveKind::Castle {
        return if g.file(m.to) > g.file(m.from) {
            "O-O"
        } else {
            "O-O-O"
        }
        .into();
    }
    if m.flag == MoveKind::Joint {
        let others: Vec<Square> = legal
            .as_slice()
            .iter()
            .filter(|o| {
                o.flag == MoveKind::Joint && o.to == m.to && o.to2 == m.to2 && o.from2 != m.from2
            })
            .map(|o| o.from2)
            .collect();
        return format!(
            "{}{}&{}{}{}",
            letter(&e.rules, m.piece, letters),
            sq_name(g, m.to),
            letter(&e.rules, e.queen.unwrap_or(NO_SQ), letters),
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
                && o.flag != MoveKind::Joint
                && o.flag != MoveKind::Castle
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
        s.push(letter(&e.rules, m.piece, letters));
        s += &disambiguation(g, m.from, &others);
    }
    if capture {
        s.push('x');
    }
    s += &sq_name(g, m.to);
    if let Some(k) = m.promo {
        s.push('=');
        s.push(letter(&e.rules, k, letters));
    }
    s
}

/// SAN with the rules' letters in upper case (`Nbd2`, `exd6`, `b8=Q`, `O-O`, `Kc3&Qd3`),
/// `+` for check and `#` for checkmate; a move that is not even pseudo-legal is written in
/// coordinates.
pub fn san<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    san_in(pos, m, Letters::Modern)
}

/// SAN as [`san`] writes it, the men written with `letters`.
pub fn san_in<B: Bits>(pos: &Position<B>, m: &Move, letters: Letters) -> String {
    let mut p = pos.clone();
    let mut legal = MoveList::new();
    p.legal_moves(&mut legal);
    if !legal.as_slice().contains(m) {
        let mut pseudo = MoveList::new();
        p.pseudo_moves(&mut pseudo);
        return if pseudo.as_slice().contains(m) {
            san_body(&p, m, &legal, letters)
        } else {
            coord(pos, m)
        };
    }
    let mut s = san_body(&p, m, &legal, letters);
    p.make(*m);
    // A checkmate is a check: the outcome (every reply listed) only after a check.
    if !p.in_check() {
        return s;
    }
    if matches!(
        p.outcome(),
        Outcome::Win {
            how: WinKind::Checkmate,
            ..
        }
    ) {
        s.push('#');
    } else {
        s.push('+');
    }
    s
}

/// Long algebraic: the man, its square, `-` or `x`, the target (`Ng3-f5`, `Rh1xh8#`,
/// `e7-e8=Q`); castling and the joint move as in SAN.
pub fn lan<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    lan_in(pos, m, Letters::Modern)
}

/// Long algebraic as [`lan`] writes it, the men written with `letters`.
pub fn lan_in<B: Bits>(pos: &Position<B>, m: &Move, letters: Letters) -> String {
    let s = san_in(pos, m, letters);
    if m.flag == MoveKind::Castle || m.flag == MoveKind::Joint || s == coord(pos, m) {
        return s;
    }
    let e = &*pos.eng;
    let g = &e.geo;
    let mut out = String::new();
    if e.rules
        .pieces
        .get(m.piece as usize)
        .is_some_and(|d| !d.pawn)
    {
        out.push(letter(&e.rules, m.piece, letters));
    }
    out += &sq_name(g, m.from);
    out.push(if pos.is_capture(m) { 'x' } else { '-' });
    out += &sq_name(g, m.to);
    if let Some(k) = m.promo {
        out.push('=');
        out.push(letter(&e.rules, k, letters));
    }
    if let Some(c) = s.chars().last().filter(|c| *c == '+' || *c == '#') {
        out.push(c);
    }
    out
}
