//! The candidates: every position within N edits of the given one that is a legal problem
//! position, each once, ranked by the number of edits and then by how much they disturb.
//!
//! The list is built in a fixed order (squares from a1 up, kinds in the rules' order) and
//! sorted stably, so that it is the same on every machine: a shard (`--shard K/N`) is a
//! slice of it, and the shards' repairs laid end to end are one run's.

use super::edit::{Edit, Grid};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::piece::Color;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// One candidate: the edits that make it from the original, how much they disturb.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The edits, in the order they are made.
    pub edits: Vec<Edit>,
    /// The sum of the edits' disturbance (see [`disturbance`]).
    pub disturbance: u32,
    /// How far the men moved (king's steps), to rank a short move first.
    pub spread: u32,
}

/// How much an edit disturbs the problem, least first: the stipulation lengthened (the
/// change a historian tries first), an idle man removed (one the
/// original's lines never move), a man's colour or kind changed (a copyist's slip), an idle
/// man moved, a man the lines use removed, a man the lines use moved or a man added, the
/// side to move changed, the board turned.
pub fn disturbance(e: &Edit, active: &[bool]) -> u32 {
    let used = |s: usize| active.get(s).copied().unwrap_or(false);
    match *e {
        Edit::Remove { sq, .. } if !used(sq) => 1,
        Edit::Colour { .. } | Edit::Kind { .. } => 2,
        Edit::Move { from, .. } if !used(from) => 3,
        Edit::Remove { .. } => 4,
        Edit::Move { .. } | Edit::Add { .. } => 5,
        Edit::Side => 6,
        Edit::Turn => 7,
        Edit::Stipulation { .. } => 0,
    }
}

/// Every single edit of `g` under the rules of `eng`, in a fixed order. A king is never
/// added, removed, changed or made the other side's (the position would lose its king or
/// gain a second one); a pawn is never put on the first or last rank.
pub fn single_edits<B: Bits>(g: &Grid, eng: &Engine<B>) -> Vec<Edit> {
    let n = g.men.len();
    let w = g.width as usize;
    let h = g.height as usize;
    let edge = |s: usize| s / w == 0 || s / w == h - 1;
    let fits = |k: u8, s: usize| Some(k) != eng.pawn || !edge(s);
    let kinds: Vec<u8> = (0..eng.nk as u8).filter(|&k| k != eng.king).collect();
    let mut out = vec![];
    for sq in 0..n {
        for &(c, k) in &g.men[sq] {
            let king = k == eng.king;
            if !king {
                out.push(Edit::Remove { sq, c, k });
                out.push(Edit::Colour { sq, c, k });
                for &to in kinds.iter().filter(|&&t| t != k && fits(t, sq)) {
                    out.push(Edit::Kind { sq, c, from: k, to });
                }
            }
            for to in (0..n).filter(|&t| g.men[t].is_empty() && fits(k, t)) {
                out.push(Edit::Move { from: sq, to, c, k });
            }
        }
        if g.men[sq].is_empty() {
            for c in [Color::White, Color::Black] {
                for &k in kinds.iter().filter(|&&k| fits(k, sq)) {
                    out.push(Edit::Add { sq, c, k });
                }
            }
        }
    }
    out.push(Edit::Side);
    out.push(Edit::Turn);
    out
}

fn grid_hash(g: &Grid) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.hash(&mut h);
    h.finish()
}

/// Every legal position within `max_edits` edits of `original` whose material the rules
/// can reach ([`super::material`]), each once (by its fewest edits), ranked: fewer edits first, then less disturbance, then shorter moves, then the
/// order the edits were made in. `active` marks the squares of the men the original's
/// lines move. `fen_tail` holds the counters every candidate keeps. `watch` is told,
/// before each grid whose edits are tried, how many grids of its level are done and how
/// many there are; when it answers true the listing stops and there is no list (`None`).
pub fn enumerate<B: Bits>(
    eng: &Arc<Engine<B>>,
    original: &Grid,
    max_edits: u8,
    active: &[bool],
    fen_tail: &str,
    watch: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<Candidate>> {
    let reach = super::material::Reach::of(eng);
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(grid_hash(original));
    let mut out = vec![];
    // Each level: the grids reached with that many edits (legal or not: a second edit may
    // mend what the first broke), and the edits that reach them.
    let mut level: Vec<(Grid, Vec<Edit>)> = vec![(original.clone(), vec![])];
    for depth in 1..=max_edits.max(1) {
        let mut next = vec![];
        for (done, (g, path)) in level.iter().enumerate() {
            if watch(done, level.len()) {
                return None;
            }
            for e in single_edits(g, eng) {
                let g2 = g.apply(&e);
                if !seen.insert(grid_hash(&g2)) {
                    continue;
                }
                let mut edits = path.clone();
                edits.push(e);
                let legal = reach.as_ref().is_none_or(|r| r.allows(&g2, original))
                    && g2.position(eng, fen_tail).is_ok();
                if legal {
                    out.push(Candidate {
                        disturbance: edits.iter().map(|e| disturbance(e, active)).sum(),
                        spread: edits.iter().map(|e| spread(e, original.width)).sum(),
                        edits: edits.clone(),
                    });
                }
                if depth < max_edits {
                    next.push((g2, edits));
                }
            }
        }
        level = next;
    }
    out.sort_by_key(|c| (c.edits.len(), c.disturbance, c.spread));
    Some(out)
}

/// King's steps a move covers (0 for every other edit).
fn spread(e: &Edit, width: u8) -> u32 {
    match *e {
        Edit::Move { from, to, .. } => {
            let w = width as usize;
            let df = (from % w).abs_diff(to % w);
            let dr = (from / w).abs_diff(to / w);
            df.max(dr) as u32
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::compiled::AnyEngine;
    use crate::board::position::Position;
    use crate::board::rules::Rules;
    use crate::board::sides::SideNames;
    use crate::with_engine;

    /// Every candidate of a small shatranj position is legal, listed once, ranked, and
    /// spelled as an editor would say it.
    #[test]
    fn candidates_are_legal_once_and_ranked() {
        let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
        with_engine!(&any, e => {
            let pos = Position::from_fen(e.clone(), "6k1/5ppp/8/8/8/8/P7/R5K1 w - - 0 1").unwrap();
            let g = Grid::from(&pos);
            let active = vec![false; g.men.len()];
            let list = enumerate(e, &g, 1, &active, "0 1", &|_, _| false).unwrap();
            let mut fens = std::collections::HashSet::new();
            for c in &list {
                let p = g.apply(&c.edits[0]).position(e, "0 1").unwrap();
                let fen = p.to_fen();
                assert!(fens.insert(fen.clone()), "{fen} listed twice");
                assert_ne!(fen, pos.to_fen());
                // No pawn on the first or last rank, one king a side.
                let board = fen.split(' ').next().unwrap();
                let (top, bottom) = (board.split('/').next().unwrap(), board.split('/').next_back().unwrap());
                assert!(!top.contains(['p', 'P']) && !bottom.contains(['p', 'P']), "{fen}");
                assert_eq!(board.matches('K').count(), 1);
                assert_eq!(board.matches('k').count(), 1);
            }
            assert!(list.windows(2).all(|w| w[0].disturbance <= w[1].disturbance));
            // Some of the edits, in words.
            let words: Vec<String> = list
                .iter()
                .map(|c| c.edits[0].words(e, &SideNames::default()))
                .collect();
            for w in ["remove the black pawn h7", "move the white rook a1 to b1", "add a white knight on e5", "change the side to move"] {
                assert!(words.iter().any(|x| x == w), "{w} not among the edits");
            }
            // Ra8 would leave Black, not to move, in check.
            assert!(!words.iter().any(|x| x == "move the white rook a1 to a8"));
            // Undoing an edit gives the position back.
            for c in &list {
                let e0 = c.edits[0];
                assert_eq!(g.apply(&e0).apply(&e0.inverse()).men, g.men, "{e0:?}");
            }
        });
    }
}
