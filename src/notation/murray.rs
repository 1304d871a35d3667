//! Murray's notation in *A History of Chess* (1913): algebraic squares, `Kt` for the
//! knight, hyphenated moves (`Kt-f5`, `Ktg3-f5`), `×` for captures, `+` for check and
//! `m.` for mate; replies follow a comma and moves are separated by semicolons
//! (`1 R-h8+, K×h8; 2 B-f5+`), which the line splitter treats like spaces.
//!
//! The reader turns a move into the SAN reader's terms: `Kt` becomes the knight's
//! letter and `m.` a mate sign; the SAN reader then resolves it against the legal moves.
//! The writer is its inverse: `Kt-f5`, `R×h8`, `Kt(g3)-f5` where two men could go
//! (Murray brackets the square a man leaves), `f×g7` and `g7` for pawns, `m.` for mate,
//! the men's letters as asked (`A-f5+` for the alfil under the sources' letters).
//! Murray names the man taken (`Kt × R`) where this writer names the square; the reader
//! reads the square.

use super::letters::{letter, Letters};
use super::write::san_in;
use crate::board::bits::Bits;
use crate::board::piece::Color;
use crate::board::position::{Move, MoveKind, Position};
use crate::board::rules::Rules;
use std::fmt::Write as _;

/// The move text with `Kt` as `N` and a trailing `m.` (or `mate`) as `#`, unless the rules
/// use `t` as a piece letter of their own (then `Kt` is left alone).
pub fn normalise(rules: &Rules, text: &str) -> String {
    let mut t = text.trim().to_string();
    for tail in ["m.", "mate"] {
        if t.len() > tail.len() && t.to_ascii_lowercase().ends_with(tail) {
            let head = t[..t.len() - tail.len()].trim_end();
            // `m.` glued to a square (`h6m.`) or after a space; never part of a move.
            if head.ends_with(|c: char| c.is_ascii_digit() || c == '+' || c == '=') {
                t = format!("{head}#");
            }
            break;
        }
    }
    if rules.kind_of('t').is_some() || !t.contains("Kt") {
        return t;
    }
    let knight = rules
        .kind_of('n')
        .and_then(|k| rules.pieces.get(k as usize))
        .map_or('N', |d| d.letter.to_ascii_uppercase());
    t.replace("Kt", &knight.to_string())
}

/// The knight's name in Murray's notation: `Kt`, unless the rules read `t` as a man of
/// their own (then the reader leaves `Kt` alone, and the rules' letter is written).
fn man_name(rules: &Rules, kind: u8, letters: Letters) -> String {
    let c = letter(rules, kind, letters);
    let knight = rules
        .pieces
        .get(kind as usize)
        .is_some_and(|d| d.name == "knight");
    if knight && rules.kind_of('t').is_none() {
        "Kt".into()
    } else {
        c.to_string()
    }
}

/// One move in Murray's notation (see the module's comment); castling and the Lombard
/// joint move are written as in SAN.
pub fn write<B: Bits>(pos: &Position<B>, m: &Move, letters: Letters) -> String {
    let s = san_in(pos, m, letters);
    let e = &*pos.eng;
    let g = &e.geo;
    let Some(def) = e.rules.pieces.get(m.piece as usize) else {
        return s;
    };
    // Castling and the joint move stay as SAN writes them.
    let sans = s.trim_end_matches(['+', '#']);
    if m.flag == MoveKind::Castle || m.flag == MoveKind::Joint {
        return s;
    }
    let capture = pos.is_capture(m);
    let mut out = String::new();
    if def.pawn {
        if capture {
            let _ = write!(out, "{}×", (b'a' + g.file(m.from)) as char);
        }
    } else {
        out += &man_name(&e.rules, m.piece, letters);
        // SAN names the man's file, rank or square when another could go: Murray brackets
        // the whole square.
        let bare = 1 + usize::from(capture) + g.name(m.to).len();
        let body = sans.split('=').next().unwrap_or(sans);
        if body.len() > bare {
            let _ = write!(out, "({})", g.name(m.from));
        }
        out.push(if capture { '×' } else { '-' });
    }
    out += &g.name(m.to);
    if let Some(k) = m.promo {
        let _ = write!(out, "={}", letter(&e.rules, k, letters));
    }
    if s.ends_with('#') {
        out += " m.";
    } else if s.ends_with('+') {
        out.push('+');
    }
    out
}

/// A line in Murray's notation from `pos`: `1 R-h8+, K×h8; 2 A-f5+`, the second player's
/// first move `1 ..., Kt-h5+`; a move that is not legal ends it, in coordinates with `??`.
pub fn line<B: Bits>(pos: &Position<B>, moves: &[Move], letters: Letters) -> String {
    let mut p = pos.clone();
    let mut out = String::new();
    let mut legal = crate::board::movegen::MoveList::new();
    for (i, m) in moves.iter().enumerate() {
        if p.side == Color::White {
            if i > 0 {
                out += "; ";
            }
            let _ = write!(out, "{} ", p.fullmove);
        } else if i == 0 {
            let _ = write!(out, "{} ..., ", p.fullmove);
        } else {
            out += ", ";
        }
        p.legal_moves(&mut legal);
        if !legal.as_slice().contains(m) {
            out += &super::write::coord(&p, m);
            out += "??";
            break;
        }
        out += &write(&p, m, letters);
        p.make(*m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kt_and_mate_sign() {
        let r = Rules::preset("shatranj").unwrap();
        assert_eq!(normalise(&r, "Kt-h6 m."), "N-h6#");
        assert_eq!(normalise(&r, "Ktg4-h6m."), "Ng4-h6#");
        assert_eq!(normalise(&r, "R×h8+"), "R×h8+");
        assert_eq!(normalise(&r, "Kh8"), "Kh8");
    }
}
