//! The differences between two positions of one board, as an editor counts them: a man
//! added, removed, moved, or changed in kind or colour (one each), and the side to move.
//! A man that left a square the other diagram leaves empty, for a square the first leaves
//! empty, is one move, not a removal and an addition.

use super::shape::{Man, Shape};

/// One difference between A and B.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// A square holds a man in A only.
    OnlyA((u8, u8), u8, String),
    /// A square holds a man in B only.
    OnlyB((u8, u8), u8, String),
    /// The same man on one square in A, on another in B.
    Moved((u8, u8), (u8, u8), u8, String),
    /// A square holds different men.
    Changed((u8, u8), (u8, String), (u8, String)),
    /// A different side to move.
    Side(u8, u8),
}

/// The differences between `a` and `b` (the same board), in square order.
pub fn differences(a: &Shape, b: &Shape) -> Vec<Difference> {
    let (mut i, mut j) = (0, 0);
    let (mut only_a, mut only_b): (Vec<&Man>, Vec<&Man>) = (vec![], vec![]);
    let mut out = vec![];
    while i < a.men.len() || j < b.men.len() {
        match (a.men.get(i), b.men.get(j)) {
            (Some(x), Some(y)) if x.0 == y.0 => {
                if x != y {
                    out.push(Difference::Changed(
                        x.0,
                        (x.1, x.2.clone()),
                        (y.1, y.2.clone()),
                    ));
                }
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x.0 < y.0 => {
                only_a.push(x);
                i += 1;
            }
            (Some(x), None) => {
                only_a.push(x);
                i += 1;
            }
            (_, Some(y)) => {
                only_b.push(y);
                j += 1;
            }
            (None, None) => break,
        }
    }
    // Pair a man A alone has with the same man B alone has: a move.
    let mut taken = vec![false; only_b.len()];
    for x in only_a {
        let twin =
            (0..only_b.len()).find(|&k| !taken[k] && only_b[k].1 == x.1 && only_b[k].2 == x.2);
        match twin {
            Some(k) => {
                taken[k] = true;
                out.push(Difference::Moved(x.0, only_b[k].0, x.1, x.2.clone()));
            }
            None => out.push(Difference::OnlyA(x.0, x.1, x.2.clone())),
        }
    }
    for (y, _) in only_b.iter().zip(&taken).filter(|(_, t)| !**t) {
        out.push(Difference::OnlyB(y.0, y.1, y.2.clone()));
    }
    if a.side != b.side {
        out.push(Difference::Side(a.side, b.side));
    }
    out
}

/// How many men the differences of `a` and `b` touch, stopping early above `most` (the
/// count then is `most + 1`).
pub fn count(a: &Shape, b: &Shape, most: usize) -> usize {
    if a.men.len().abs_diff(b.men.len()) > most {
        return most + 1;
    }
    differences(a, b).len().min(most + 1)
}

/// Men of each colour and letter, by slot (`colour * 64 + letter`): a quick lower bound
/// on the differences, as one edit changes it by at most two.
pub type Material = [u8; 128];

/// The slot of a letter (a stack's letters: a slot past the single letters).
fn slot(letters: &str) -> usize {
    match letters.as_bytes() {
        [b] if b.is_ascii_lowercase() => (b - b'a') as usize,
        other => {
            26 + other
                .iter()
                .fold(0usize, |h, &b| h.wrapping_mul(31).wrapping_add(b as usize))
                % 38
        }
    }
}

/// The material of `s`; `swap`: with the colours exchanged.
pub fn material(s: &Shape, swap: bool) -> Material {
    let mut m = [0u8; 128];
    for man in &s.men {
        let c = (man.1 ^ swap as u8) as usize;
        let i = c * 64 + slot(&man.2);
        m[i] = m[i].saturating_add(1);
    }
    m
}

/// The distance of two materials (the sum of the count differences).
pub fn material_distance(a: &Material, b: &Material) -> u32 {
    a.iter().zip(b).map(|(x, y)| x.abs_diff(*y) as u32).sum()
}

/// A square's name ("f7"; files from a, ranks from 1).
pub fn square_name((f, r): (u8, u8)) -> String {
    format!("{}{}", (b'a' + f) as char, r + 1)
}
