//! A large component of a chance table solved by a guess that does not creep, then
//! certified: optimistic value iteration (after Hartmanns and Kaminski, "Optimistic value
//! iteration", CAV 2020, and for games Azeem, Evangelidis, Křetínský, Slivinskiy and
//! Weininger, "Optimistic and topological value iteration for simple stochastic games",
//! ATVA 2022).
//!
//! Interval iteration closes the gap of a component where games are long by a constant
//! factor a sweep (KQKQ's giant component: 0.9947, about 4,000 sweeps to 1e-10). Here:
//! 1. the guess: a few Gauss–Seidel sweeps, then both sides' choices fixed (the best move
//!    of each throw by the current chances, as a sweep picks it), the scores of that pair
//!    of strategies solved exactly (`dice::krylov`: the win-minus-loss score and the
//!    tie-breaking score; at the end the decisive chance win-plus-loss too), every choice
//!    improved against them, and again until no choice changes (policy iteration);
//! 2. the certificate (`dice::certify`): the guess widened by a little is checked to be
//!    a pair of bounds that one more turn cannot widen, with no end component (a part of
//!    the game both sides can stay in forever, a draw) below the upper bound's draw;
//!    only then are the bounds written into the entries, exactly where the interval
//!    iteration writes its own.
//!
//! A guess that fails the check leaves every entry's bounds as the sweeps left them
//! (sound), and the interval iteration goes on from there.

use super::error::DiceError;
use super::iterate::{Method, Solved};
use super::krylov::Sparse;
use super::members::Members;
use super::sweep::{Stops, Turns, Val, CONST, GAMMA};
use super::system::System;
use super::turn::Wl;

/// Gauss–Seidel sweeps before the first choices are fixed.
const WARM_SWEEPS: u32 = 20;
/// Most rounds of policy iteration (fix the choices, solve their scores, improve them).
const MAX_ROUNDS: u32 = 30;
/// Most BiCGSTAB iterations for one solve.
const MAX_KRYLOV: u32 = 3_000;
/// Most one-turn steps of the certificate before the guess is given up.
const MAX_CHECKS: u32 = 200;
/// The certificate's widening of the guess, as a share of the tolerance.
const WIDEN: f64 = 0.4;
/// What the solve holds beside the table, bytes a member (the fixed choices' matrix, the
/// Krylov vectors, the certificate's bounds): KQKQ's giant component of 1.73 million
/// slots took the build's peak from 778 MB to 1.34 GB, about 325 bytes a slot.
const BYTES_PER_MEMBER: u64 = 400;

/// Solves the thrown entries of `values` (one component) by a guess and its certificate;
/// whether they are certified within the tolerance with their chances standing still (if
/// not, the caller goes on with interval iteration from the sound bounds left).
pub(super) fn solve(
    turns: &impl Turns,
    state: &[u8],
    values: &mut [Val],
    method: &Method,
    stops: &Stops,
    progress: &dyn Fn(u32, f64),
    out: &mut Solved,
) -> Result<bool, DiceError> {
    let members = Members::of(state);
    // Over the budget, the interval iteration alone (it needs nothing more).
    let what = "the accelerated solve of a component";
    if crate::memory::check(what, members.slots.len() as u64 * BYTES_PER_MEMBER).is_err() {
        return Ok(false);
    }
    let sweep = |values: &mut [Val], out: &mut Solved| -> Result<f64, DiceError> {
        let seen = super::iterate::sweep(turns, state, values, true, stops)?;
        out.sweeps += 1;
        out.residual = seen.chance;
        out.error_bound = seen.gap;
        progress(out.sweeps, seen.gap);
        Ok(seen.chance)
    };
    // (A component sent here by the probe of interval iteration has had its sweeps.)
    while out.sweeps < WARM_SWEEPS {
        sweep(values, out)?;
    }
    // A progress line now and then while the Krylov solves run (no sweep is made then).
    let (sweeps, gap) = (out.sweeps, out.error_bound);
    let tick = || progress(sweeps, gap);
    let fixed = strategies(turns, values, &members, method, (stops, &tick), out)?;
    out.krylov += fixed.evaluate(values, &members, Solve::Chances, (stops, &tick))?;
    sweep(values, out)?;
    let guess: Vec<f64> = members
        .slots
        .iter()
        .map(|&i| values[i as usize].score())
        .collect();
    let eps = WIDEN * method.tolerance;
    let (widen, iterations) = fixed.widening(eps, (stops, &tick))?;
    out.krylov += iterations;
    let checks =
        super::certify::certify(turns, values, &members, (&guess, &widen), MAX_CHECKS, stops)?;
    out.sweeps += checks.steps;
    if !checks.certified {
        return Ok(false);
    }
    out.certified = true;
    out.error_bound = members
        .slots
        .iter()
        .map(|&i| values[i as usize].hi - values[i as usize].lo)
        .fold(0.0, f64::max);
    Ok(out.error_bound <= method.tolerance && out.residual <= method.tolerance)
}

/// Policy iteration: both sides' choices fixed, their scores solved, then every choice
/// improved against them, until none changes; a choice changes only for a strictly better
/// move (`Val::better`), so equal moves do not make the choices go round in circles. The
/// last choices, whose scores are in `values`. (Improving one side until it stands still
/// before the other, after Hoffman and Karp, took twice the Krylov iterations on KRK.)
fn strategies(
    turns: &impl Turns,
    values: &mut [Val],
    members: &Members,
    method: &Method,
    (stops, tick): (&Stops, &dyn Fn()),
    out: &mut Solved,
) -> Result<Fixed, DiceError> {
    // The first rounds solve the score alone, loosely: their choices change anyway. Once
    // they stand still, the same choices are solved exactly and improved again.
    let mut solve = if method.loose_rounds {
        Solve::Loose
    } else {
        Solve::Exact
    };
    let halves = method.halves;
    let mut fixed = Fixed::of(turns, values, members, &[], halves, stops)?;
    out.krylov += fixed.evaluate(values, members, solve, (stops, tick))?;
    for _ in 1..MAX_ROUNDS {
        let next = Fixed::of(turns, values, members, &fixed.choice, halves, stops)?;
        if next.switched == 0 {
            if solve == Solve::Exact {
                break;
            }
            solve = Solve::Exact;
            out.krylov += fixed.evaluate(values, members, solve, (stops, tick))?;
            continue;
        }
        fixed = next;
        // Few choices left to change: the rounds to come solve exactly, so the last loose
        // round is not followed by an exact solve of the same choices and a round more.
        if fixed.switched * FEW_SWITCHED <= fixed.score.len() {
            solve = Solve::Exact;
        }
        out.krylov += fixed.evaluate(values, members, solve, (stops, tick))?;
    }
    Ok(fixed)
}

/// How closely a round of policy iteration solves its choices' scores.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Solve {
    /// The score alone, to [`LOOSE`] (inexact policy iteration).
    Loose,
    /// The score and the tie-breaking score to the rounding.
    Exact,
    /// Those and the decisive chance: the last solve, whose chances are kept.
    Chances,
}

/// The residual to which a loose round solves the score.
const LOOSE: f64 = 1e-6;
/// A round changing at most one choice in this many rows is solved exactly.
const FEW_SWITCHED: usize = 1_000;

/// Both sides' choices fixed (per throw the best successor by the current chances): the
/// chances of the component's rows as a linear system.
struct Fixed {
    /// The successors inside the component, with the chance of the throw, as a system to
    /// solve.
    inside: System,
    /// Per row, what the throws leading out of the component add: to the score, to the
    /// decisive chance, to the tie-breaking score.
    score: Vec<f64>,
    decisive: Vec<f64>,
    tie: Vec<f64>,
    /// Per throw of every row in turn, the chosen successor's place among the throw's
    /// ([`NO_CHOICE`]: none).
    choice: Vec<u16>,
    /// Choices changed from the last ones.
    switched: usize,
}

/// A throw without successors.
const NO_CHOICE: u16 = u16::MAX;

/// One chunk of rows of [`Fixed`].
#[derive(Default)]
struct Part {
    len: Vec<u32>,
    col: Vec<u32>,
    p: Vec<f64>,
    out: Vec<[f64; 3]>,
    exits: Vec<bool>,
    choice: Vec<u16>,
    switched: usize,
}

impl Fixed {
    /// The choices the current chances make, as a sweep picks them (`update::pick`); a
    /// throw keeps its choice in `last` (if any) unless the new one is strictly better.
    fn of(
        turns: &impl Turns,
        values: &[Val],
        members: &Members,
        last: &[u16],
        halves: bool,
        stops: &Stops,
    ) -> Result<Fixed, DiceError> {
        // Where each chunk's throws start among the last choices.
        let mut at = vec![0usize];
        if !last.is_empty() {
            let counts = members.per_chunk(stops, |_, chunk| {
                let mut n = 0;
                for &i in chunk {
                    turns.each_throw(i as usize, &mut |_, _, _| n += 1)?;
                }
                Ok(n)
            })?;
            for n in counts {
                at.push(at[at.len() - 1] + n);
            }
        }
        let parts = members.per_chunk(stops, |k, chunk| {
            let mut part = Part::default();
            let mut t = at.get(k).copied().unwrap_or(0);
            for &i in chunk {
                let (before, mut add, mut exits) = (part.col.len(), [0.0; 3], false);
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
                part.len.push((part.col.len() - before) as u32);
                part.out.push(add);
                part.exits.push(exits);
            }
            Ok(part)
        })?;
        let mut inside = Sparse::default();
        let mut f = Fixed {
            inside: System::Whole(Sparse::default()),
            score: vec![],
            decisive: vec![],
            tie: vec![],
            choice: vec![],
            switched: 0,
        };
        let mut exits = vec![];
        inside.start.push(0);
        for part in parts {
            for &len in &part.len {
                let last = *inside.start.last().unwrap_or(&0);
                inside.start.push(last + len);
            }
            inside.col.extend_from_slice(&part.col);
            inside.p.extend_from_slice(&part.p);
            for [s, d, q] in part.out {
                f.score.push(s);
                f.decisive.push(d);
                f.tie.push(q);
            }
            exits.extend_from_slice(&part.exits);
            f.choice.extend_from_slice(&part.choice);
            f.switched += part.switched;
        }
        // The slots of the first half of the table have White to move (as in `certify`).
        let white = |r: usize| (members.slots[r] as usize) < values.len() / 2;
        let inside = close_loops(inside, &exits);
        f.inside = if halves {
            System::of(inside, white)
        } else {
            System::Whole(inside)
        };
        Ok(f)
    }

    /// Solves the scores of the fixed choices as `how` says and writes them into `values`
    /// (the bounds stay): with [`Solve::Chances`] the decisive chance too (without it the
    /// chances written are only the score's sign: a win or a loss of its size); the
    /// Krylov iterations.
    fn evaluate(
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
    fn widening(&self, eps: f64, watch: (&Stops, &dyn Fn())) -> Result<(Vec<f64>, u32), DiceError> {
        let n = self.score.len();
        let ones = vec![1.0; n];
        let mut t = ones.clone();
        // A residual of at most 0.1 keeps `t − P·t` within 0.9..1.1 of 1 on every row.
        let (iterations, _) = self
            .inside
            .solve(1.0, &ones, &mut t, 0.1, MAX_KRYLOV, watch)?;
        let top = t.iter().fold(1.0, |m: f64, &t| m.max(t));
        let widen = t.iter().map(|&t| eps * t.max(1.0) / top).collect();
        Ok((widen, iterations))
    }
}

/// `a` with the rows from which the fixed choices never leave the component (the game
/// goes on forever: a draw, every chance 0) stripped of their successors, so the system
/// has one solution; `exits[r]`: row r has a throw leading out.
fn close_loops(a: Sparse, exits: &[bool]) -> Sparse {
    let n = a.rows();
    // A search back from the rows that exit.
    let (into, from) = a.reversed();
    let mut reach = exits.to_vec();
    let mut todo: Vec<u32> = (0..n as u32).filter(|&r| exits[r as usize]).collect();
    while let Some(r) = todo.pop() {
        for &q in &from[into[r as usize] as usize..into[r as usize + 1] as usize] {
            if !reach[q as usize] {
                reach[q as usize] = true;
                todo.push(q);
            }
        }
    }
    if reach.iter().all(|&x| x) {
        return a;
    }
    let mut b = Sparse::default();
    b.start.push(0);
    for (r, &reaches) in reach.iter().enumerate() {
        if reaches {
            for e in a.start[r] as usize..a.start[r + 1] as usize {
                b.col.push(a.col[e]);
                b.p.push(a.p[e]);
            }
        }
        b.start.push(b.col.len() as u32);
    }
    b
}
