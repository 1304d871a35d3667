//! Both sides' choices of a large component of a chance table fixed (`dice::accelerate`'s
//! policy iteration): the chances of its rows as a linear system, made afresh from the
//! current values each round, solved by Krylov iterations.

use super::error::DiceError;
use super::krylov::Sparse;
use super::members::{concat, Members};
use super::sweep::{Stops, Turns, Val, CHUNK, CONST, GAMMA};
use super::system::System;
use super::turn::Wl;

/// Most BiCGSTAB iterations for one solve.
const MAX_KRYLOV: u32 = 3_000;
/// The residual to which a loose round solves the score.
const LOOSE: f64 = 1e-6;

/// How closely a round of policy iteration solves its choices' scores.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Solve {
    /// The score alone, to [`LOOSE`] (inexact policy iteration).
    Loose,
    /// The score and the tie-breaking score to the rounding.
    Exact,
    /// Those and the decisive chance: the last solve, whose chances are kept.
    Chances,
}

/// Both sides' choices fixed (per throw the best successor by the current chances): the
/// chances of the component's rows as a linear system.
pub(super) struct Fixed {
    /// The successors inside the component, with the chance of the throw, as a system to
    /// solve.
    inside: System,
    /// Per row, what the throws leading out of the component add: to the score, to the
    /// decisive chance, to the tie-breaking score.
    score: Vec<f64>,
    decisive: Vec<f64>,
    tie: Vec<f64>,
    /// Per throw of every row in turn, the chosen successor's place among the throw's
    /// ([`NO_CHOICE`]: none); where each chunk of rows starts among them.
    choice: Vec<u16>,
    chunk_at: Vec<usize>,
    /// Choices changed from the last ones, and the rows where they changed.
    pub(super) switched: usize,
    changed: Vec<u32>,
    /// Whether the choices leave the component, sooner or later, from every row (none was
    /// stripped by `loops::close_loops`).
    all_leave: bool,
}

/// Rows that changed choices, at most one in this many, are searched from alone for a
/// way out (`loops::close_loops`).
const FEW_CHANGED: usize = 64;

/// A throw without successors.
const NO_CHOICE: u16 = u16::MAX;

/// One chunk of rows of [`Fixed`].
#[derive(Default)]
struct Part {
    len: Vec<u32>,
    col: Vec<u32>,
    p: Vec<f64>,
    score: Vec<f64>,
    decisive: Vec<f64>,
    tie: Vec<f64>,
    exits: Vec<bool>,
    choice: Vec<u16>,
    switched: usize,
    changed: Vec<u32>,
}

impl Fixed {
    /// The choices the current chances make, as a sweep picks them (`update::pick`); a
    /// throw keeps its choice in `last` (if any) unless the new one is strictly better.
    pub(super) fn of(
        turns: &impl Turns,
        values: &[Val],
        members: &Members,
        last: Option<&Fixed>,
        halves: bool,
        stops: &Stops,
    ) -> Result<Fixed, DiceError> {
        let parts = members.per_chunk(stops, |k, chunk| {
            let (choice, t) = match last {
                Some(l) => (&l.choice[..], l.chunk_at[k]),
                None => (&[][..], 0),
            };
            part(turns, values, members, (choice, t), k * CHUNK, chunk)
        })?;
        let (inside, exits, mut f) = assemble(parts);
        // Where the last choices all left, only the rows that changed need a look (if they
        // are few: else the search back from the exits is quicker).
        let few = f.changed.len() * FEW_CHANGED <= f.rows();
        let changed = last.filter(|l| l.all_leave && few).map(|_| &f.changed[..]);
        let (inside, all_leave) = super::loops::close_loops(inside, &exits, changed);
        f.all_leave = all_leave;
        // The slots of the first half of the table have White to move (as in `certify`).
        let white = |r: usize| (members.slots[r] as usize) < values.len() / 2;
        f.inside = if halves {
            System::of(inside, white)
        } else {
            System::Whole(inside)
        };
        Ok(f)
    }

    /// Rows.
    pub(super) fn rows(&self) -> usize {
        self.score.len()
    }

    /// Solves the scores of the fixed choices as `how` says and writes them into `values`
    /// (the bounds stay): with [`Solve::Chances`] the decisive chance too (without it the
    /// chances written are only the score's sign: a win or a loss of its size); the
    /// Krylov iterations.
    pub(super) fn evaluate(
        &self,
        values: &mut [Val],
        members: &Members,
        how: Solve,
        watch: (&Stops, &dyn Fn()),
    ) -> Result<u32, DiceError> {
        let read = |f: fn(&Val) -> f64| -> Vec<f64> {
            members
                .slots
                .iter()
                .map(|&i| f(&values[i as usize]))
                .collect()
        };
        let mut s = read(|v| v.c.w - v.c.l);
        let mut q = read(|v| v.q);
        let solve = |alpha, b: &[f64], x: &mut [f64], tol| {
            self.inside.solve(alpha, b, x, tol, MAX_KRYLOV, watch)
        };
        let tol = if how == Solve::Loose { LOOSE } else { 1e-15 };
        let (i1, _) = solve(-1.0, &self.score, &mut s, tol)?;
        let mut i3 = 0;
        if how != Solve::Loose {
            i3 = solve(-GAMMA, &self.tie, &mut q, 1e-12)?.0;
        }
        let mut d: Vec<f64> = s.iter().map(|s| s.abs()).collect();
        let mut i2 = 0;
        if how == Solve::Chances {
            d = read(|v| v.c.w + v.c.l);
            i2 = solve(1.0, &self.decisive, &mut d, 1e-15)?.0;
        }
        for (r, &i) in members.slots.iter().enumerate() {
            let v = &mut values[i as usize];
            let (w, l) = ((d[r] + s[r]) / 2.0, (d[r] - s[r]) / 2.0);
            v.c = Wl {
                w: w.clamp(0.0, 1.0),
                l: l.clamp(0.0, 1.0),
            };
            v.q = q[r];
        }
        Ok(i1 + i2 + i3)
    }

    /// How far the certificate widens each row's guess: `eps·t/T`, with t the turns the
    /// fixed choices take on average to leave the component from the row (`t = 1 + P·t`,
    /// solved loosely) and T the largest. Widened so, one turn of the fixed choices takes
    /// about `eps/T` off every row's widening, where a widening alike on every row loses
    /// nothing on the rows that cannot leave in one turn (and needs as many steps as the
    /// longest way out before every row has lost something).
    /// The widening, and the Krylov iterations spent.
    pub(super) fn widening(
        &self,
        eps: f64,
        watch: (&Stops, &dyn Fn()),
    ) -> Result<(Vec<f64>, u32), DiceError> {
        let n = self.score.len();
        let ones = vec![1.0; n];
        let mut t = ones.clone();
        // A residual of at most 0.1 keeps `t − P·t` within 0.9..1.1 of 1 on every row.
        let (iterations, _) = self
            .inside
            .solve(1.0, &ones, &mut t, 0.1, MAX_KRYLOV, watch)?;
        let top = t.iter().fold(1.0, |m: f64, &t| m.max(t));
        if !top.is_finite() {
            // A solve gone astray: the widening alike on every row (the steps then do it).
            return Ok((vec![eps; n], iterations));
        }
        // (`max` passes over a NaN: such a row is widened as one that leaves at once.)
        let widen = t.iter().map(|&t| eps * t.max(1.0) / top).collect();
        Ok((widen, iterations))
    }
}

/// The part of the rows `chunk` (the first is row `first`) with their choices: `last` the
/// last round's choices and where this chunk's start among them (none in the first round).
fn part(
    turns: &impl Turns,
    values: &[Val],
    members: &Members,
    (last, mut t): (&[u16], usize),
    first: usize,
    chunk: &[u32],
) -> Result<Part, DiceError> {
    let mut part = Part::default();
    for (j, &i) in chunk.iter().enumerate() {
        let (before, mut add, mut exits) = (part.col.len(), [0.0; 3], false);
        let switched = part.switched;
        turns.each_throw(i as usize, &mut |p, children, consts| {
            let val = |c: u32| {
                if c & CONST != 0 {
                    consts[(c & !CONST) as usize]
                } else {
                    values[c as usize]
                }
                .flip()
            };
            let kept = last.get(t).copied().unwrap_or(NO_CHOICE);
            t += 1;
            let mut best: Option<(Val, usize)> = None;
            for (j, &c) in children.iter().enumerate() {
                let v = val(c);
                if best.is_none_or(|(b, _)| v.better(b)) {
                    best = Some((v, j));
                }
            }
            if let Some(&c) = children.get(kept as usize) {
                let v = val(c);
                if best.is_none_or(|(b, _)| !b.better(v)) {
                    best = Some((v, kept as usize));
                } else {
                    part.switched += 1;
                }
            }
            part.choice.push(best.map_or(NO_CHOICE, |(_, j)| j as u16));
            match best {
                Some((_, j)) if members.row_of(children[j]).is_some() => {
                    // Throws that lead to the same row (the forfeits) as one entry.
                    let col = members.row[children[j] as usize];
                    match part.col[before..].iter().position(|&c| c == col) {
                        Some(e) => part.p[before + e] += p,
                        None => {
                            part.col.push(col);
                            part.p.push(p);
                        }
                    }
                }
                Some((v, _)) => {
                    exits = true;
                    add[0] += p * v.score();
                    add[1] += p * (v.c.w + v.c.l);
                    add[2] += p * GAMMA * v.q;
                }
                None => exits = true,
            }
        })?;
        if part.switched > switched {
            part.changed.push((first + j) as u32);
        }
        part.len.push((part.col.len() - before) as u32);
        part.score.push(add[0]);
        part.decisive.push(add[1]);
        part.tie.push(add[2]);
        part.exits.push(exits);
    }
    Ok(part)
}

/// The parts one after another (copied on every core): the matrix before its loops are
/// closed, the rows that exit, and the rest of the system.
fn assemble(mut parts: Vec<Part>) -> (Sparse, Vec<bool>, Fixed) {
    let mut inside = Sparse {
        start: Vec::with_capacity(parts.iter().map(|p| p.len.len()).sum::<usize>() + 1),
        // The matrix's parts freed as soon as they are copied (the build's peak).
        col: joined(&mut parts, |p| &mut p.col),
        p: joined(&mut parts, |p| &mut p.p),
    };
    inside.start.push(0);
    let mut chunk_at = vec![0];
    for part in &parts {
        for &len in &part.len {
            let last = inside.start[inside.start.len() - 1];
            inside.start.push(last + len);
        }
        chunk_at.push(chunk_at[chunk_at.len() - 1] + part.choice.len());
    }
    let f = Fixed {
        inside: System::Whole(Sparse::default()),
        score: joined(&mut parts, |p| &mut p.score),
        decisive: joined(&mut parts, |p| &mut p.decisive),
        tie: joined(&mut parts, |p| &mut p.tie),
        choice: joined(&mut parts, |p| &mut p.choice),
        chunk_at,
        switched: parts.iter().map(|p| p.switched).sum(),
        changed: joined(&mut parts, |p| &mut p.changed),
        all_leave: false,
    };
    let exits = joined(&mut parts, |p| &mut p.exits);
    (inside, exits, f)
}

/// One list of every part, joined in the parts' order and taken from them.
fn joined<T: Copy + Default + Send + Sync>(
    parts: &mut [Part],
    list: impl Fn(&mut Part) -> &mut Vec<T>,
) -> Vec<T> {
    let lists: Vec<Vec<T>> = parts.iter_mut().map(|p| std::mem::take(list(p))).collect();
    concat(lists.iter().map(|l| &l[..]).collect())
}
