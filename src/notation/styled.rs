//! Moves and lines in the notation and letters asked for ([`Style`]): the one place that
//! sends a move to its writer (SAN and long algebraic in `write`, `murray`,
//! `descriptive`), numbered lines, lines of SAN plies rewritten for output, and such
//! lines split into their plies again.

use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::piece::Color;
use crate::board::position::{Move, Position};

use super::letters::Letters;
use super::write::{coord, lan_in, san_in};
use super::{descriptive, murray, parse_san, Notation};
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

/// A numbered line in SAN from `pos` (`1.Rh8+ Kxh8 2.Af5+`, or `1...Kd8 2.Nc7` when the
/// second player starts); stops after the first move that is not legal, written in
/// coordinates with `??`.
pub fn line_text<B: Bits>(pos: &Position<B>, moves: &[Move]) -> String {
    line_text_in(pos, moves, Notation::San)
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

/// A line of plies as [`write_move`] writes them, joined by spaces, split into its plies
/// again: the signs the older notations write after a space (descriptive `ch` and `mate`,
/// Murray's `m.`) stay with their move.
pub fn split_plies(text: &str) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for w in text.split_whitespace() {
        match out.last_mut() {
            Some(last) if ["ch", "mate", "m."].contains(&w) => {
                last.push(' ');
                last.push_str(w);
            }
            _ => out.push(w.to_string()),
        }
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
