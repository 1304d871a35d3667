//! End components of one component of a chance table under a fixed choice of one side:
//! the parts of the game the other side can keep it in forever (a draw) whatever the
//! die throws. Condition (B) of the certificate (`dice::certify`) asks that a candidate
//! upper bound of the free side not promise less than a draw on any of them.
//!
//! The maximal end components are found the standard way (de Alfaro, "Formal
//! verification of probabilistic systems", thesis, Stanford 1997; Chatterjee and
//! Henzinger's refinement loop): over a candidate set, the strongly connected components
//! of the allowed moves (the free side: every move that stays in the set; the fixed side:
//! its one chosen move per throw), then every entry with a throw that has no allowed move
//! staying in its own component drops out; repeated until nothing drops.

use super::error::DiceError;
use super::members::{concat, Members};
use super::sweep::{Stops, Turns, Val, CHUNK, CONST};
use rayon::prelude::*;

/// Not visited by Tarjan's search.
const UNSEEN: u32 = 0;
/// Not yet in a finished component (so, once visited, on Tarjan's stack).
const OPEN: u32 = u32::MAX;

/// The allowed moves inside the component, per row and throw.
struct Allowed {
    /// Throws of row r: `row[r]..row[r + 1]`.
    row: Vec<u32>,
    /// Successors (rows) of throw t: `throw[t]..throw[t + 1]`.
    throw: Vec<u32>,
    to: Vec<u32>,
}

impl Allowed {
    fn successors(&self, r: usize) -> &[u32] {
        let (a, b) = (self.row[r] as usize, self.row[r + 1] as usize);
        &self.to[self.throw[a] as usize..self.throw[b] as usize]
    }
}

/// Whether the candidate upper bound of the side `free_white` names (White's: `hi` where
/// White moves, `−lo` where Black does; Black's the other way round) is at least a draw
/// on every end component where the other side plays, per throw, its move of least such
/// bound. `lo`, `hi`: the candidates per member row; `half`: the first slot with Black to
/// move.
pub(super) fn draws_covered(
    turns: &impl Turns,
    values: &[Val],
    members: &Members,
    (lo, hi): (&[f64], &[f64]),
    half: usize,
    free_white: bool,
    stops: &Stops,
) -> Result<bool, DiceError> {
    let free = |i: u32| ((i as usize) < half) == free_white;
    // Below a draw: the free side's upper bound under 0.
    let below = |r: usize| {
        if free(members.slots[r]) {
            hi[r] < 0.0
        } else {
            lo[r] > 0.0
        }
    };
    if !(0..members.slots.len()).any(below) {
        return Ok(true);
    }
    let g = allowed(turns, values, members, hi, &free, stops)?;
    let kept = trapped(&g, stops)?;
    if !kept.contains(&true) {
        return Ok(true);
    }
    let n = members.slots.len();
    // The search goes on from the rows the passes kept (nothing left to drop at first).
    let (mut alive, mut dropped) = Alive::of(&g, kept);
    loop {
        stops.check()?;
        alive.drop_all(&mut dropped);
        let comp = tarjan(&g, &alive.row);
        for r in 0..n {
            if !alive.row[r] {
                continue;
            }
            let (a, b) = (g.row[r] as usize, g.row[r + 1] as usize);
            let stays = (a..b).all(|t| {
                g.to[g.throw[t] as usize..g.throw[t + 1] as usize]
                    .iter()
                    .any(|&c| alive.row[c as usize] && comp[c as usize] == comp[r])
            });
            if !stays {
                dropped.push(r as u32);
            }
        }
        if dropped.is_empty() {
            return Ok(!(0..n).any(|r| alive.row[r] && below(r)));
        }
    }
}

/// The rows the free side can keep inside whatever the die throws: the greatest set
/// of rows each of whose throws allows a move into it, reached by passes over every row
/// on every core that drop a row with a throw allowing none (a drop only ever leads to
/// drops, so the set reached is the same in any order, and so on any number of threads).
/// Every end component lies within it; in KRKQ's giant component and in KQK's without the
/// bare-king win it is empty, and then the search for components is not needed.
fn trapped(g: &Allowed, stops: &Stops) -> Result<Vec<bool>, DiceError> {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    let n = g.row.len() - 1;
    let alive: Vec<AtomicBool> = (0..n).map(|_| AtomicBool::new(true)).collect();
    loop {
        stops.check()?;
        let dropped: usize = (0..n)
            .into_par_iter()
            .with_min_len(CHUNK)
            .filter(|&r| {
                if !alive[r].load(Relaxed) {
                    return false;
                }
                let (a, b) = (g.row[r] as usize, g.row[r + 1] as usize);
                let kept = (a..b).all(|t| {
                    g.to[g.throw[t] as usize..g.throw[t + 1] as usize]
                        .iter()
                        .any(|&c| alive[c as usize].load(Relaxed))
                });
                if !kept {
                    alive[r].store(false, Relaxed);
                }
                !kept
            })
            .count();
        if dropped == 0 {
            return Ok(alive.into_iter().map(AtomicBool::into_inner).collect());
        }
    }
}

/// The rows still in the running for an end component, with per throw the allowed moves
/// that lead to them, so that a dropped row's fall is carried on to every row it leaves
/// without a move (an attractor, linear in the moves) before the next search for
/// components: the rounds of searches then only split components.
struct Alive {
    row: Vec<bool>,
    /// Per throw: its moves to rows alive.
    left: Vec<u32>,
    /// The row of each throw.
    owner: Vec<u32>,
    /// The throws with a move to row c: `into[c]..into[c + 1]` of `from`.
    into: Vec<u32>,
    from: Vec<u32>,
}

impl Alive {
    /// The rows `row` names alive, and the rows to drop first: those alive with a throw
    /// that allows no move to a row alive (it leaves the component or has none).
    fn of(g: &Allowed, row: Vec<bool>) -> (Alive, Vec<u32>) {
        let (n, throws) = (g.row.len() - 1, g.throw.len() - 1);
        let mut owner = vec![0u32; throws];
        for r in 0..n {
            owner[g.row[r] as usize..g.row[r + 1] as usize].fill(r as u32);
        }
        let left: Vec<u32> = (0..throws)
            .map(|t| {
                let to = &g.to[g.throw[t] as usize..g.throw[t + 1] as usize];
                to.iter().filter(|&&c| row[c as usize]).count() as u32
            })
            .collect();
        let (into, from) = super::krylov::turned_round(n, throws, |t| {
            &g.to[g.throw[t] as usize..g.throw[t + 1] as usize]
        });
        let first = (0..throws)
            .filter(|&t| left[t] == 0 && row[owner[t] as usize])
            .map(|t| owner[t])
            .collect();
        let alive = Alive {
            row,
            left,
            owner,
            into,
            from,
        };
        (alive, first)
    }

    /// Drops the rows of `todo` (emptied) and every row one of whose throws is left
    /// without a move to a row alive.
    fn drop_all(&mut self, todo: &mut Vec<u32>) {
        while let Some(r) = todo.pop() {
            let r = r as usize;
            if !self.row[r] {
                continue;
            }
            self.row[r] = false;
            for &t in &self.from[self.into[r] as usize..self.into[r + 1] as usize] {
                let t = t as usize;
                self.left[t] -= 1;
                if self.left[t] == 0 && self.row[self.owner[t] as usize] {
                    todo.push(self.owner[t]);
                }
            }
        }
    }
}

/// The allowed moves: the free side's every move to a member, the fixed side's one move
/// per throw of greatest `−hi` (the least upper bound of the free side), kept only if it is
/// a member (a throw whose chosen move leaves keeps no successor). Made in chunks on every
/// core.
fn allowed(
    turns: &impl Turns,
    values: &[Val],
    members: &Members,
    hi: &[f64],
    free: &(impl Fn(u32) -> bool + Sync),
    stops: &Stops,
) -> Result<Allowed, DiceError> {
    // Per chunk: the throws of each row, the moves of each throw, the moves.
    let parts = members.per_chunk(stops, |_, chunk| {
        let (mut throws, mut moves, mut to) = (vec![], vec![], vec![]);
        for &i in chunk {
            let is_free = free(i);
            let mut n = 0u32;
            turns.each_throw(i as usize, &mut |_, children, consts| {
                n += 1;
                let before = to.len();
                if is_free {
                    to.extend(
                        children
                            .iter()
                            .filter_map(|&c| members.row_of(c))
                            .map(|r| r as u32),
                    );
                } else if let Some(q) = fixed_move(members, values, hi, children, consts) {
                    to.push(q as u32);
                }
                moves.push((to.len() - before) as u32);
            })?;
            throws.push(n);
        }
        Ok((throws, moves, to))
    })?;
    let starts = |lens: Vec<&[u32]>| {
        let mut start = vec![0u32];
        for l in lens.into_iter().flatten() {
            start.push(start[start.len() - 1] + l);
        }
        start
    };
    Ok(Allowed {
        row: starts(parts.iter().map(|p| &p.0[..]).collect()),
        throw: starts(parts.iter().map(|p| &p.1[..]).collect()),
        to: concat(parts.iter().map(|p| &p.2[..]).collect()),
    })
}

/// The fixed side's move of a throw (of successors `children`): the one of least upper
/// bound of the free side, as a member row (none if it leaves the component).
fn fixed_move(
    members: &Members,
    values: &[Val],
    hi: &[f64],
    children: &[u32],
    consts: &[Val],
) -> Option<usize> {
    let mut best: Option<(f64, u32)> = None;
    for &c in children {
        let h = if c & CONST != 0 {
            consts[(c & !CONST) as usize].hi
        } else if let Some(q) = members.row_of(c) {
            hi[q]
        } else {
            values[c as usize].hi
        };
        if best.is_none_or(|(b, _)| -h > b) {
            best = Some((-h, c));
        }
    }
    best.and_then(|(_, c)| members.row_of(c))
}

/// The strongly connected components of the alive rows over the allowed moves (Tarjan's
/// algorithm with an explicit stack): a component number per row.
fn tarjan(g: &Allowed, alive: &[bool]) -> Vec<u32> {
    let n = alive.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut comp = vec![OPEN; n];
    let (mut stack, mut path) = (vec![], vec![]);
    let (mut counter, mut comps) = (1u32, 0u32);
    for root in 0..n {
        if !alive[root] || index[root] != UNSEEN {
            continue;
        }
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        path.push((root as u32, 0usize));
        while let Some(&mut (v, ref mut next)) = path.last_mut() {
            let v = v as usize;
            let succ = g.successors(v);
            if *next < succ.len() {
                let w = succ[*next] as usize;
                *next += 1;
                if !alive[w] {
                    continue;
                }
                if index[w] == UNSEEN {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    path.push((w as u32, 0));
                } else if comp[w] == OPEN {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            path.pop();
            if low[v] == index[v] {
                while let Some(x) = stack.pop() {
                    comp[x as usize] = comps;
                    if x as usize == v {
                        break;
                    }
                }
                comps += 1;
            }
            if let Some(&(u, _)) = path.last() {
                let u = u as usize;
                low[u] = low[u].min(low[v]);
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::sweep::THROWN;
    use crate::dice::toy::{lost, Toy};

    /// White (slot 0) may stay in a cycle with Black (slot 1) or give up (constant 0);
    /// Black may stay or leave into `black_out` (constant 1, seen by White).
    fn covered(black_out: Val, lo: [f64; 2], hi: [f64; 2]) -> bool {
        let toy = Toy {
            throws: vec![vec![(1.0, vec![1, CONST])], vec![(1.0, vec![0, CONST | 1])]],
            consts: vec![lost().flip(), black_out],
        };
        let values = vec![Val::UNDECIDED; 2];
        let members = Members::of(&[THROWN; 2]);
        draws_covered(
            &toy,
            &values,
            &members,
            (&lo, &hi),
            1,
            true,
            &Stops::default(),
        )
        .unwrap()
    }

    #[test]
    fn the_passes_keep_the_rows_the_worklist_keeps() {
        // Random graphs of rows with throws and moves: the rows the passes keep are the
        // rows left alive by the worklist over the moves turned round.
        use rand::Rng as _;
        let mut rng = crate::dice::generator(7);
        for _ in 0..200 {
            let n = 1 + rng.next_u64() as usize % 40;
            let mut g = Allowed {
                row: vec![0],
                throw: vec![0],
                to: vec![],
            };
            for _ in 0..n {
                for _ in 0..1 + rng.next_u64() % 3 {
                    for _ in 0..rng.next_u64() % 3 {
                        g.to.push((rng.next_u64() % n as u64) as u32);
                    }
                    g.throw.push(g.to.len() as u32);
                }
                g.row.push(g.throw.len() as u32 - 1);
            }
            let (mut alive, mut first) = Alive::of(&g, vec![true; n]);
            alive.drop_all(&mut first);
            assert_eq!(trapped(&g, &Stops::default()).unwrap(), alive.row);
        }
    }

    #[test]
    fn a_bound_below_a_draw_on_a_cycle_the_other_side_keeps_is_refused() {
        // Black's way out loses for it, so its move of least White bound stays in the
        // cycle, where White can stay forever (a draw): a White upper bound of −0.4 there
        // is refused.
        let white_wins = lost().flip();
        assert!(!covered(white_wins, [-0.6, 0.4], [-0.4, 0.6]));
        // At a draw or above, nothing to refuse.
        assert!(covered(white_wins, [-0.1, -0.1], [0.1, 0.1]));
        // Black's way out wins for it: its chosen move leaves, no end component.
        assert!(covered(lost(), [-0.6, 0.4], [-0.4, 0.6]));
    }
}
