//! With two attacker moves left, the defence that held last, judged for every first move
//! of the attacker's at once by the flight counts of [`LastMoves`](super::LastMoves).
//!
//! At an attacker's node with two moves left that fails, each first move `m` is answered
//! by a defence, nearly always the one that held last at that depth (`d`), after which
//! the flight counts leave the attacker no mate (or stalemate) in one. The search makes
//! `m`, asks the table, makes `d` and counts the flights anew, for each `m`. Here the
//! counts are worked out once, for the position after `d` (the attacker passing), and
//! moved on by `m` in a few steps:
//!
//! - the flight squares are those of the defending king after `d`; a first move that
//!   takes a man of the defender's on one of them changes them and is not judged here;
//! - each attacker man's count (what it attacks among the flights on an empty board, and
//!   the most it may attack after one move of its own) depends only on its kind, its
//!   square and the king's square: `m` changes only its own man's (the man on `m.from`
//!   stands, as what it becomes, on `m.to`); the others', and the largest of their gains,
//!   are known.
//!
//! The two moves commute where `m` touches neither of `d`'s squares: the men then stand
//! after `m` and `d` as the counts say. `d` must be legal after `m` (asked on the board,
//! `m` made: a check by `m`, a pin or a closed line shows there), and the game must go on
//! with a move (no rule decides it first). Then `d` holds against `m`, exactly where the
//! search's own flight bound ([`LastMoves::refutes`](super::LastMoves::refutes)) would
//! settle the mate in one after `m` and `d`. Plain moves only: a flagged move, a second
//! man, and a defence that is not a plain move of a man other than a pawn (see
//! [`Position::make_plain`]) are left to the search. The caller makes sure the defender
//! chooses freely and a bare king cannot come in time (as for [`LastMoves`](super::LastMoves)).

use super::flights::argument_holds;
use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::piece::Color;
use crate::board::position::{Move, MoveKind, Position};

/// The counts after the defence `d`, for every first move of the attacker's.
pub(crate) struct HeldFlights<B> {
    d: Move,
    attacker: usize,
    /// The defending king's square after `d`, and its flight squares there.
    k0: usize,
    open: B,
    /// The flights and how many the men attack where they stand.
    need: i32,
    stay: i32,
    /// The largest gain of one man's move and the square of that man; the second
    /// largest (another man's).
    best: (i32, usize),
    second: i32,
}

impl<B: Bits> HeldFlights<B> {
    /// The counts for `attacker` to move in `pos` after the defence `d`, made as if the
    /// attacker had passed; `None` where `d` is not a plain move then, the argument fails
    /// ([`LastMoves::new`](super::LastMoves::new)'s conditions), or the attacker has
    /// more men than are counted one by one there.
    pub(crate) fn new(pos: &mut Position<B>, attacker: Color, d: Move) -> Option<Self> {
        if pos.side != attacker || !argument_holds(pos) || !super::applicable(pos) {
            return None;
        }
        pos.side = attacker.flip();
        let u = pos.make_plain(d);
        let counts = u.as_ref().and_then(|_| Self::count(pos, attacker, d));
        if let Some(u) = u {
            pos.unmake(d, u);
        }
        pos.side = attacker;
        counts
    }

    /// The counts in `pos` (after `d`), as [`LastMoves::new`](super::LastMoves::new)
    /// works them out.
    fn count(pos: &Position<B>, attacker: Color, d: Move) -> Option<Self> {
        let e = &*pos.eng;
        let (a, def) = (attacker.idx(), attacker.flip().idx());
        if pos.occ_c[a].count() > 64 {
            return None;
        }
        let k0 = pos.king_sq(attacker.flip());
        let open = e.kinds[e.king as usize].leap[k0] & !(pos.occ_c[def] & !B::bit(k0));
        let cover = crate::board::flights::flight_cover(e);
        let (mut stay, mut best, mut second) = (0, (i32::MIN, NO_SQ as usize), i32::MIN);
        for k in 0..e.nk {
            let men = pos.pieces[a][k];
            if men.is_empty() {
                continue;
            }
            let row = cover.row(a, k, k0);
            for x in men.iter() {
                let here = (cover.attacks(a, k, x) & open).count() as i32;
                stay += here;
                let gain = i32::from(row[x].to_le_bytes()[1]) - here;
                if gain > best.0 {
                    second = best.0;
                    best = (gain, x);
                } else if gain > second {
                    second = gain;
                }
            }
        }
        Some(HeldFlights {
            d,
            attacker: a,
            k0,
            open,
            need: open.count() as i32,
            stay,
            best,
            second,
        })
    }

    /// Before the attacker's legal move `m` is made (in `pos`): do the counts after `m`
    /// and `d` leave no mate in one, `m` touching neither of `d`'s squares? Then `d`
    /// holds if [`Self::legal_after`] says it may be played.
    #[inline]
    pub(crate) fn counts_refute(&self, pos: &Position<B>, m: &Move) -> bool {
        let d = self.d;
        if m.flag != MoveKind::Normal || m.from2 != NO_SQ {
            return false;
        }
        if [m.from, m.to].iter().any(|&s| s == d.from || s == d.to) {
            return false;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        // A capture on a flight square opens it: the flights are no longer those counted.
        if self.open.has(to) && pos.occ_c[self.attacker ^ 1].has(to) {
            return false;
        }
        let e = &*pos.eng;
        let cover = crate::board::flights::flight_cover(e);
        let a = self.attacker;
        let (k, becomes) = (m.piece as usize, m.promo.unwrap_or(m.piece) as usize);
        let before = (cover.attacks(a, k, from) & self.open).count() as i32;
        let after = (cover.attacks(a, becomes, to) & self.open).count() as i32;
        let stay = self.stay - before + after;
        let moved = i32::from(cover.row(a, becomes, self.k0)[to].to_le_bytes()[1]) - after;
        let others = if self.best.1 == from {
            self.second
        } else {
            self.best.0
        };
        stay + others.max(moved) < self.need
    }

    /// After the attacker's move (made, the defender to move): may `d` be played?
    #[inline]
    pub(crate) fn legal_after(&self, pos: &mut Position<B>) -> bool {
        pos.plain_move_legal(self.d) == Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{random_position, Rng};
    use super::*;
    use crate::board::engine::Engine;
    use crate::board::movegen::MoveList;
    use crate::board::outcome::{Outcome, WinKind};
    use crate::board::rules::Rules;
    use std::sync::Arc;

    /// Does some legal move of the side to move mate or stalemate?
    fn wins_at_once<B: Bits>(pos: &mut Position<B>) -> bool {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        list.as_slice().iter().any(|&m| {
            let u = pos.make(m);
            let mut replies = MoveList::new();
            pos.legal_moves(&mut replies);
            let out = pos.outcome_with(&replies);
            pos.unmake(m, u);
            matches!(
                out,
                Outcome::Win {
                    how: WinKind::Checkmate | WinKind::Stalemate,
                    ..
                }
            )
        })
    }

    /// Every attacker move of `pos` (White to move) against each plain defence: where the
    /// counts say the defence holds and it is legal after the move, it is played and no
    /// move of White's then mates or stalemates. Returns how many pairs were judged so.
    fn check_position<B: Bits>(pos: &mut Position<B>) -> usize {
        let fen = pos.to_fen();
        pos.side = Color::Black;
        let mut defences = MoveList::new();
        pos.legal_moves(&mut defences);
        pos.side = Color::White;
        let mut firsts = MoveList::new();
        pos.legal_moves(&mut firsts);
        let mut judged = 0;
        for &d in defences.as_slice().iter().take(3) {
            let Some(h) = HeldFlights::new(pos, Color::White, d) else {
                continue;
            };
            for &m in firsts.as_slice() {
                let refute = h.counts_refute(pos, &m);
                let u = pos.make(m);
                if refute && h.legal_after(pos) {
                    let ud = pos.make(d);
                    assert!(!wins_at_once(pos), "{fen}: {m:?} then {d:?}: a win in one");
                    pos.unmake(d, ud);
                    judged += 1;
                }
                pos.unmake(m, u);
            }
        }
        judged
    }

    fn run<B: Bits>(preset: &str, men: &[&str], rng: &mut Rng) -> usize {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        (0..400)
            .map(|i| {
                let mut pos = random_position(&eng, rng, men[i % men.len()], true);
                if pos.validate().is_err() {
                    return 0;
                }
                check_position(&mut pos)
            })
            .sum()
    }

    /// Every preset whose defender chooses freely (no forced capture, no dice): random
    /// positions with riders, leapers and pawns; wherever the counts say the defence
    /// holds, no win in one follows on the board, and they say so often.
    #[test]
    fn a_defence_the_counts_keep_stops_every_win_in_one() {
        let mut rng = Rng(0x4e1d_f1e5_0000_0047);
        let shatranj_men: &[&str] = &["KRNkpp", "KRQBkpn", "KRRknp", "KNNQkpp", "KQkp"];
        for preset in crate::board::presets::PRESETS {
            let p = *preset;
            let judged = match p {
                _ if p.ends_with("-dice") || p == "forced" => continue,
                "courier" => run::<u128>(p, &["KRNMkpp", "KBNFkwp", "KREMkrp"], &mut rng),
                "grant-acedrex" => {
                    run::<crate::board::bits::U256>(p, &["KAUkpp", "KZRkpl", "KLCUkap"], &mut rng)
                }
                "english-1650" => run::<u64>(p, &["KQRkpp", "KQNBkpn", "KRBknp"], &mut rng),
                _ => run::<u64>(p, shatranj_men, &mut rng),
            };
            assert!(judged > 2_000, "{p}: only {judged} pairs judged");
        }
    }
}
