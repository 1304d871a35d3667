//! Named sets of squares that a problem file may write where it lists squares.
//!
//! English manuscripts ask for a mate "in one of the four points"; which four squares
//! are meant is unsettled (the centre is the reading the evidence so far favours), so a
//! historian wants to try each reading by name instead of typing squares. A name is
//! expanded against the board it is used on: `corners` of a 12×8 board are a1, l1, a8, l8.

use crate::board::geometry::{Geometry, Square};
use thiserror::Error;

/// An entry of a list of squares that is neither a square of the board nor a set name;
/// its message is the entry as written (the caller says what the list was for).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct NotASquare(pub String);

/// The names this module knows, with what they mean (for messages and docs).
pub const NAMES: &[(&str, &str)] = &[
    (
        "centre",
        "the four middle squares (d4 e4 d5 e5 on 8x8); also `center`",
    ),
    ("corners", "the four corner squares (a1 h1 a8 h8 on 8x8)"),
];

/// The squares a name stands for on this board, `None` when it names no set (or a set
/// this board has none of: an odd-sized board has no four middle squares).
pub fn named_set(name: &str, g: &Geometry) -> Option<Vec<Square>> {
    let (w, h) = (g.width, g.height);
    match name.trim().to_ascii_lowercase().as_str() {
        "centre" | "center" if w % 2 == 0 && h % 2 == 0 => {
            let (f, r) = (w / 2 - 1, h / 2 - 1);
            Some(vec![
                g.square(f, r),
                g.square(f + 1, r),
                g.square(f, r + 1),
                g.square(f + 1, r + 1),
            ])
        }
        "corners" => Some(vec![
            g.square(0, 0),
            g.square(w - 1, 0),
            g.square(0, h - 1),
            g.square(w - 1, h - 1),
        ]),
        _ => None,
    }
}

/// Squares as a problem file lists them, each a square name or a set name, expanded on
/// this board in order without repeats; the first entry that is neither is the error.
pub fn expand_squares(items: &[String], g: &Geometry) -> Result<Vec<Square>, NotASquare> {
    let mut out: Vec<Square> = vec![];
    for it in items {
        let squares = match g.parse(it.trim()) {
            Some(sq) => vec![sq],
            None => named_set(it, g).ok_or_else(|| NotASquare(it.clone()))?,
        };
        for sq in squares {
            if !out.contains(&sq) {
                out.push(sq);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[Square], g: &Geometry) -> Vec<String> {
        v.iter().map(|&s| g.name(s)).collect()
    }

    #[test]
    fn sets_on_boards_of_every_size() {
        let g = Geometry::new(8, 8);
        let s = |x: &str| x.to_string();
        let v = expand_squares(&[s("centre")], &g).unwrap();
        assert_eq!(names(&v, &g), ["d4", "e4", "d5", "e5"]);
        let v = expand_squares(&[s("corners"), s("a1"), s("e5")], &g).unwrap();
        assert_eq!(names(&v, &g), ["a1", "h1", "a8", "h8", "e5"]);
        let g12 = Geometry::new(12, 8);
        let v = expand_squares(&[s("Center"), s("corners")], &g12).unwrap();
        assert_eq!(
            names(&v, &g12),
            ["f4", "g4", "f5", "g5", "a1", "l1", "a8", "l8"]
        );
        assert_eq!(
            expand_squares(&[s("points")], &g),
            Err(NotASquare(s("points")))
        );
        assert!(named_set("centre", &Geometry::new(7, 7)).is_none());
    }
}
