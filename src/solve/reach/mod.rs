//! A sound lower bound on how soon a mate can come, from how far the men reach.
//!
//! Checkmate needs a check, and the check must be made by the mating move itself: before
//! it the defender had just moved and so was not in check. Without riders on the
//! attacker's side no line can be opened, so the checking man is the one that moved last,
//! and it must attack the square the defending king then stands on. If no man of the
//! attacker's can reach, within its remaining moves, a square from which it attacks any
//! square the king can reach in the meantime, no mate is possible. Both reaches are taken
//! on an empty board, which only makes them larger, so the bound never cuts a real mate.
//!
//! The bound gives up (answers "maybe") whenever this argument does not hold: the attacker
//! has a rider or a bent rider, a man that is not a symmetric leaper, a pawn that may
//! promote in time; first-move privileges or stacks are on the board; the royal kind is
//! not a symmetric leaper (the attacking king could otherwise give check).
//!
//! The quiet defences with two attacker moves left, which build on the same reaches, are
//! in [`quiet`]; a bound from the king's flight squares, which holds against riders too,
//! is in [`flights`]; the attacker's last moves set aside by the flight squares and the
//! men guarding them in [`mates`], and whether a move mates, judged before it is made, in
//! [`checkmate`].

mod checkmate;
mod flights;
mod mates;
mod quiet;
#[cfg(test)]
pub(crate) mod testkit;

pub(crate) use checkmate::{applies as mates_judged, mates};
pub(crate) use flights::{
    argument_holds, flights_stay_open, keep_goal_openers, HeldReply, LastMoves,
};
pub(crate) use mates::MatingMoves;
pub(crate) use quiet::{quiet_defence, quiet_defence_after_any, FirstMoves};

use crate::board::bits::Bits;
use crate::board::engine::REACH;
use crate::board::piece::Color;
use crate::board::position::Position;

/// Can the rules ever let the bound answer? (Fixed per engine: the royal kind must be a
/// symmetric leaper, and stacks must not form.)
pub(crate) fn applicable<B: Bits>(pos: &Position<B>) -> bool {
    let e = &*pos.eng;
    e.sym_leaper[e.king as usize] && !e.rules.stacks_may_form
}

/// Has `attacker` no man but its king, its pawns and symmetric leapers? (Where it has one,
/// the bound and the quiet defences never answer.)
#[inline]
pub(crate) fn leapers_only<B: Bits>(pos: &Position<B>, attacker: Color) -> bool {
    let e = &*pos.eng;
    let a = attacker.idx();
    (0..e.nk).all(|k| {
        pos.pieces[a][k].is_empty() || e.sym_leaper[k] || e.kinds[k].pawn || k == e.king as usize
    })
}

/// True when `attacker` cannot give check within `moves` of its own moves while the
/// defending king makes at most `king_steps` steps: then no mate comes within `moves`.
/// False means only "not excluded".
pub(crate) fn no_check_within<B: Bits>(
    pos: &Position<B>,
    attacker: Color,
    moves: u32,
    king_steps: u32,
) -> bool {
    let (moves, king_steps) = (moves as usize, king_steps as usize);
    if moves == 0 {
        return true;
    }
    if moves > REACH || king_steps > REACH || pos.stacked.any() || pos.privileges.any() {
        return false;
    }
    let e = &*pos.eng;
    let zone = e.king_ball[king_steps * e.n + pos.king_sq(attacker.flip())];
    no_check_on(pos, attacker, moves, zone, B::EMPTY)
}

/// True when no man of `attacker`'s, those on `gone` left out, can within `moves` of its
/// moves stand where it attacks a square of `zone` (`moves` at most [`REACH`]; the caller
/// has ruled out stacks and privileges).
fn no_check_on<B: Bits>(
    pos: &Position<B>,
    attacker: Color,
    moves: usize,
    zone: B,
    gone: B,
) -> bool {
    let e = &*pos.eng;
    let a = attacker.idx();
    // As `threats`, but stopping at the first man that reaches the zone.
    for k in 0..e.nk {
        let men = pos.pieces[a][k] & !gone;
        if men.is_empty() || k == e.king as usize {
            continue;
        }
        if e.kinds[k].pawn {
            if pawn_threats(pos, attacker, men, moves).is_none_or(|t| t.intersects(zone)) {
                return false;
            }
            continue;
        }
        if !e.sym_leaper[k] {
            return false;
        }
        let table = &e.attack_within[(k * REACH + moves - 1) * e.n..];
        if men.iter().any(|s| table[s].intersects(zone)) {
            return false;
        }
    }
    true
}

/// Every square some man of `attacker`'s (the king and the men on `gone` left out) can
/// attack after at most `moves` of its moves, on an empty board; `None` where that is not
/// bounded (a man that is not a symmetric leaper, a pawn that may promote). Same
/// conditions as [`no_check_on`].
fn threats<B: Bits>(pos: &Position<B>, attacker: Color, moves: usize, gone: B) -> Option<B> {
    let e = &*pos.eng;
    let n = e.n;
    let a = attacker.idx();
    let mut all = B::EMPTY;
    for k in 0..e.nk {
        let men = pos.pieces[a][k] & !gone;
        if men.is_empty() || k == e.king as usize {
            continue;
        }
        if e.kinds[k].pawn {
            all |= pawn_threats(pos, attacker, men, moves)?;
            continue;
        }
        if !e.sym_leaper[k] {
            return None;
        }
        let table = &e.attack_within[(k * REACH + moves - 1) * n..];
        for s in men.iter() {
            all |= table[s];
        }
    }
    Some(all)
}

/// Every square these pawns might attack within `moves` moves; `None` where one might
/// promote (after which anything is possible). Every forward step and every diagonal
/// capture is allowed, whatever stands in the way.
fn pawn_threats<B: Bits>(pos: &Position<B>, attacker: Color, pawns: B, moves: usize) -> Option<B> {
    let e = &*pos.eng;
    let a = attacker.idx();
    let mut stand = pawns;
    for _ in 0..moves {
        let mut next = stand;
        for s in stand.iter() {
            let one = e.pawn_push[a][s];
            if one != crate::board::engine::NO_SQ {
                next |= B::bit(one as usize);
            }
            next |= e.pawn_cap[a][s];
        }
        stand = next;
    }
    // A pawn already standing on the last rank unpromoted (where the rules let a barred
    // pawn wait) counts too.
    if stand.intersects(e.last_rank[a]) {
        return None;
    }
    // The checking pawn has moved at least once, but counting the start squares too only
    // widens the set.
    Some(stand.iter().fold(B::EMPTY, |t, s| t | e.pawn_cap[a][s]))
}

#[cfg(test)]
mod tests {
    use super::testkit::{helpmate, mating_positions, random_position, Rng};
    use super::*;
    use crate::board::bits::U256;
    use crate::board::engine::Engine;
    use crate::board::outcome::WinKind;
    use crate::board::rules::Rules;
    use rayon::prelude::*;
    use std::sync::Arc;

    /// The bound recomputed the slow way: a breadth-first search over each man's leaps
    /// from its square, and over the king's steps from the king's square.
    fn slow_bound<B: Bits>(pos: &Position<B>, attacker: Color, moves: usize, steps: usize) -> bool {
        let e = &*pos.eng;
        let bfs = |leap: &[B], from: usize, depth: usize| {
            // Squares reachable in 0..=depth leaps (index = leaps taken), as one set each.
            let mut layers = vec![B::bit(from)];
            for _ in 0..depth {
                let last = *layers.last().unwrap();
                let mut next = B::EMPTY;
                for s in last.iter() {
                    next |= leap[s];
                }
                layers.push(next);
            }
            layers
        };
        let ksq = pos.king_sq(attacker.flip());
        let zone = bfs(&e.kinds[e.king as usize].leap, ksq, steps)
            .into_iter()
            .fold(B::EMPTY, |a, b| a | b);
        for k in 0..e.nk {
            let men = pos.pieces[attacker.idx()][k];
            if men.is_empty() || k == e.king as usize {
                continue;
            }
            if !e.sym_leaper[k] {
                return false;
            }
            let leap = &e.kinds[k].leap;
            for s in men.iter() {
                // Standing somewhere after 1..=moves leaps, attacking the zone from there.
                let layers = bfs(leap, s, moves);
                for layer in &layers[1..] {
                    if layer.iter().any(|t| leap[t].intersects(zone)) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The bound as the tables give it equals the slow search, on random positions of
    /// leapers on three board sizes, for every depth the tables hold.
    fn tables_agree<B: Bits>(preset: &str, sets: &[&str]) -> usize {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let mut fired = 0;
        for i in 0..400 {
            let pos = random_position(&eng, &mut rng, sets[i % sets.len()], i % 2 == 0);
            let fen = pos.to_fen();
            for attacker in [Color::White, Color::Black] {
                for moves in 1..=REACH {
                    for steps in [moves - 1, moves] {
                        let fast = no_check_within(&pos, attacker, moves as u32, steps as u32);
                        let slow = slow_bound(&pos, attacker, moves, steps);
                        assert_eq!(fast, slow, "{preset} {fen} {attacker:?} {moves} {steps}");
                        fired += fast as usize;
                    }
                }
            }
        }
        fired
    }

    #[test]
    fn tables_agree_with_a_breadth_first_search() {
        // Shatranj: n knight, q ferz, b alfil. Courier: m sage, w fool, e alfil. Grant
        // Acedrex: z giraffe, l lion.
        let f = tables_agree::<u64>("shatranj", &["KNkq", "KQBkn", "KNNknb", "KBkbq"]);
        let g = tables_agree::<u128>("courier", &["KNMkf", "KWEkn", "KFkm"]);
        let h = tables_agree::<U256>("grant-acedrex", &["KZkl", "KLZkz"]);
        assert!(
            f > 100 && g > 100 && h > 10,
            "the bound fired {f}, {g}, {h} times"
        );
    }

    /// Wherever the bound says no mate within n (for the attacker to move, the king then
    /// has n - 1 steps; for the defender to move, n), not even a cooperative line mates:
    /// on positions built for mates, many of which have one.
    #[test]
    fn where_the_bound_fires_not_even_a_helpmate_exists() {
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(0x0ddb_a11c_afe0_0001);
        let sets = [
            ("NNQ", "ppr"),
            ("Q", "pp"),
            ("NB", "rn"),
            ("B", "pn"),
            ("QBN", "rp"),
            ("QB", "rp"),
            ("NP", "rp"),
            ("PPP", "rn"),
            ("PPQ", "nr"),
        ];
        let positions: Vec<_> =
            mating_positions(&eng, &mut rng, &sets, [2, 3, 5, 7], 16_000).collect();
        // Per position, [n][fired, helpmate found]; the positions checked on every core.
        let seen = positions
            .into_par_iter()
            .map(|mut pos| {
                let fen = pos.to_fen();
                // White holds the leapers; with Black to move, White attacks after
                // Black's reply.
                let attacker = Color::White;
                let mut seen = [[0usize; 2]; 3];
                for n in 1..=2u32 {
                    let steps = if pos.side == attacker { n - 1 } else { n };
                    let fires = no_check_within(&pos, attacker, n, steps);
                    let mate = helpmate(&mut pos, attacker, n, &[WinKind::Checkmate]);
                    assert!(
                        !(fires && mate),
                        "{fen}: a mate within {n} for {attacker:?}"
                    );
                    seen[n as usize][0] += fires as usize;
                    seen[n as usize][1] += mate as usize;
                }
                seen
            })
            .reduce(
                || [[0; 2]; 3],
                |a, b| std::array::from_fn(|n| [a[n][0] + b[n][0], a[n][1] + b[n][1]]),
            );
        // Both answers must be common, or the test proves little.
        assert!(
            seen[1][0] > 1000 && seen[1][1] > 40 && seen[2][0] > 80 && seen[2][1] > 200,
            "fired / mates: {seen:?}"
        );
    }
}
