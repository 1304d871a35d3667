//! Writing moves: coordinates, SAN, long algebraic and numbered lines.

use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::geometry::{Geometry, Square};
use crate::board::movegen::MoveList;
use crate::board::outcome::{Outcome, WinKind};
use crate::board::piece::Color;
use crate::board::position::{flag, Move, Position};

use super::letters::{letter, Letters};
use super::{descriptive, murray, parse_san, sq_name, Notation};
use std::fmt::Write;

/// How lines are written for output: the notation and the letters of the men.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// The notation (`--notation`).
    pub notation: Notation,
    /// The men's letters (`--letters`).
    pub letters: Letters,
}

/// A notation alone writes the rules' own letters, as the search does.
impl From<Notation> for Style {
    fn from(notation: Notation) -> Style {
        Style {
            notation,
            letters: Letters::Modern,
        }
    }
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
fn san_body<B: Bits>(pos: &Position<B>, m: &Move, legal: &MoveList, letters: Letters) -> String {
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
        s.push(letter(&e.rules, m.piece, letters));
        s += &disambiguation(g, m.from, &others);
    }
    if capture {
        s.push('x');
    }
    s += &sq_name(g, m.to);
    if m.promo != NO_SQ {
        s.push('=');
        s.push(letter(&e.rules, m.promo, letters));
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

/// A numbered line in SAN from `pos` (`1.Rh8+ Kxh8 2.Af5+`, or `1...Kd8 2.Nc7` when the
/// second player starts); stops after the first move that is not legal, written in
/// coordinates with `??`.
pub fn line_text<B: Bits>(pos: &Position<B>, moves: &[Move]) -> String {
    line_text_in(pos, moves, Notation::San)
}

/// Long algebraic: the man, its square, `-` or `x`, the target (`Ng3-f5`, `Rh1xh8#`,
/// `e7-e8=Q`); castling and the joint move as in SAN.
pub fn lan<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    lan_in(pos, m, Letters::Modern)
}

/// Long algebraic as [`lan`] writes it, the men written with `letters`.
pub fn lan_in<B: Bits>(pos: &Position<B>, m: &Move, letters: Letters) -> String {
    let s = san_in(pos, m, letters);
    if m.flag == flag::CASTLE || m.flag == flag::JOINT || s == coord(pos, m) {
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
    if m.promo != NO_SQ {
        out.push('=');
        out.push(letter(&e.rules, m.promo, letters));
    }
    if let Some(c) = s.chars().last().filter(|c| *c == '+' || *c == '#') {
        out.push(c);
    }
    out
}

/// A move in the notation and letters asked for (SAN for `auto`). Descriptive notation
/// keeps the old English names of the men (`Q` and `B` for ferz and alfil), whatever the
/// letters.
pub fn write_move<B: Bits>(pos: &Position<B>, m: &Move, style: impl Into<Style>) -> String {
    let Style { notation, letters } = style.into();
    match notation {
        Notation::Auto | Notation::San => san_in(pos, m, letters),
        Notation::Murray => murray::write(pos, m, letters),
        Notation::Lan => lan_in(pos, m, letters),
        Notation::Coord => coord(pos, m),
        Notation::Descriptive => descriptive::write(pos, m),
    }
}

/// A numbered line in the notation asked for (see [`line_text`]); Murray's lines are
/// numbered as he numbers them (`1 R-h8+, K×h8; 2 A-f5+`).
pub fn line_text_in<B: Bits>(pos: &Position<B>, moves: &[Move], style: impl Into<Style>) -> String {
    let style = style.into();
    if style.notation == Notation::Murray {
        return murray::line(pos, moves, style.letters);
    }
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
        out += &write_move(&p, m, style);
        p.make(*m);
    }
    out
}

/// Plies written in SAN or coordinates from `pos` rewritten in `notation`; a ply that does not read
/// (and everything after it) is kept as it was.
pub fn write_plies<B: Bits>(
    pos: &Position<B>,
    plies: &[String],
    style: impl Into<Style>,
) -> Vec<String> {
    write_lines(pos, &[plies], style).pop().unwrap_or_default()
}

/// Several lines from `pos`, each as [`write_plies`] writes it. A line's plies shared with
/// the line before (a solution tree's lines, listed depth first, share most of theirs)
/// are read and written once.
pub fn write_lines<B: Bits>(
    pos: &Position<B>,
    lines: &[&[String]],
    style: impl Into<Style>,
) -> Vec<Vec<String>> {
    let style = style.into();
    let mut p = pos.clone();
    // The plies read and made so far along the line before, with their undo records.
    let mut made = vec![];
    let mut out: Vec<Vec<String>> = Vec::with_capacity(lines.len());
    for (li, plies) in lines.iter().enumerate() {
        let prev = li.checked_sub(1).map_or(&[][..], |j| lines[j]);
        let shared = (prev.iter().zip(plies.iter()))
            .take(made.len())
            .take_while(|(a, b)| a == b)
            .count();
        while made.len() > shared {
            if let Some((m, u)) = made.pop() {
                p.unmake(m, u);
            }
        }
        let mut written: Vec<String> = out.last().map_or(vec![], |w| w[..shared].to_vec());
        for (i, t) in plies.iter().enumerate().skip(shared) {
            match parse_san(&p, t) {
                Ok(m) => {
                    written.push(write_move(&p, &m, style));
                    let u = p.make(m);
                    made.push((m, u));
                }
                Err(_) => {
                    written.extend(plies[i..].iter().cloned());
                    break;
                }
            }
        }
        out.push(written);
    }
    out
}
