//! Quiet defences: with one attacker move to come, a defence after which no man of the
//! attacker's can check at all refutes a mate, and where every first move of the
//! attacker's leaves one, no mate comes within two. Found from the men's reaches (see
//! [`super`]) with no move made but the one tested for legality, under the same
//! conditions as the bound.

use super::{no_check_on, pawn_threats, threats};
use crate::board::bits::Bits;
use crate::board::engine::REACH;
use crate::board::movegen::MoveList;
use crate::board::piece::Color;
use crate::board::position::{Move, MoveKind, Position};

/// With the defender to move (`attacker` the other side): true when the defender has a
/// legal move after which no man of `attacker`'s can give check with its next move, so
/// that no mate comes within one more attacker move. Two such defences are looked for,
/// without making any move but the one tested for legality: the king stays where no man
/// can check it next and another man moves (any legal move of it: the bound takes the
/// board as empty, so no defence can widen the attacker's reach), or the king steps to
/// such a square (a man the step takes left out). False means only "not shown"; the caller
/// must make sure the defender may choose any legal move (no condition or rule filters
/// them) and that only a checkmate meets the goal.
pub(crate) fn quiet_defence<B: Bits>(pos: &mut Position<B>, attacker: Color) -> bool {
    if pos.stacked.any() || pos.privileges.any() {
        return false;
    }
    let Some(threats1) = threats(pos, attacker, 1, B::EMPTY) else {
        return false;
    };
    // The moves that would do, to be tested for legality once the engine is let go.
    let mut cands = MoveList::new();
    {
        let e = &*pos.eng;
        let (d, a) = (attacker.flip().idx(), attacker.idx());
        let king = e.king;
        let ksq = pos.king_sq(attacker.flip());
        if !threats1.has(ksq) {
            // Any legal move of a man other than the king (pawns left out: their moves
            // are not tested here). The bound held, so every man of the attacker's is a
            // leaper, a pawn or the king: out of check, no such move can expose the king,
            // and each one the man reaches is legal (what `plain_move_legal` would find).
            let quick = !pos.in_check() && pos.bare_king_decided().is_none();
            for k in 0..e.nk {
                if k == king as usize || e.kinds[k].pawn {
                    continue;
                }
                let mut mask = !pos.occ_c[d] & e.board;
                if e.kinds[k].no_capture_same_kind {
                    mask &= !pos.pieces[a][k];
                }
                for from in pos.pieces[d][k].iter() {
                    let targets = pos.man_targets(k, from) & mask;
                    if quick && targets.any() {
                        return true;
                    }
                    for to in targets.iter() {
                        cands.push(Move::new(from, to, k as u8, MoveKind::Normal));
                    }
                }
            }
        }
        let steps = e.leap_flat[king as usize * e.n + ksq] & !pos.occ_c[d] & e.board;
        for s in steps.iter() {
            // A man the step takes checks no more (asked again only then).
            let gone = B::bit(s) & pos.occ_c[a];
            if !threats1.has(s) || (gone.any() && no_check_on(pos, attacker, 1, gone, gone)) {
                cands.push(Move::new(ksq, s, king, MoveKind::Normal));
            }
        }
    }
    cands
        .as_slice()
        .iter()
        .any(|&m| pos.plain_move_legal(m) == Some(true))
}

/// With the attacker to move: true when, whatever it plays, the defender then has a
/// defence of the kind [`quiet_defence`] finds, so that no mate comes within two attacker
/// moves. Shown without making a move: either no man of the attacker's can check the king
/// where it stands within two moves (so the first move gives no check) and two of the
/// defender's men other than the king have two moves each (one move takes at most one man
/// or one square of theirs, so one of them keeps a move); or the king has a step that no
/// man of the attacker's can guard or check within two moves, the king's one step
/// included. Same conditions on the caller as [`quiet_defence`].
pub(crate) fn quiet_defence_after_any<B: Bits>(pos: &Position<B>, attacker: Color) -> bool {
    if pos.stacked.any() || pos.privileges.any() {
        return false;
    }
    let e = &*pos.eng;
    let (d, a) = (attacker.flip().idx(), attacker.idx());
    let king = e.king as usize;
    let ksq = pos.king_sq(attacker.flip());
    let Some(threats2) = threats(pos, attacker, 2, B::EMPTY) else {
        return false;
    };
    if !threats2.has(ksq) && spare_men(pos, attacker.flip()) {
        return true;
    }
    let guarded = e.king_ball[2 * e.n + pos.king_sq(attacker)];
    let steps = e.leap_flat[king * e.n + ksq] & !pos.occ_c[d] & !guarded & e.board;
    steps.iter().any(|s| {
        !pos.pieces[a][king].has(s) && !threats2.has(s) && !pos.attacked(s, attacker, pos.occ)
    })
}

/// What an attacker node with two moves left works out once so that most first moves can
/// be refuted without being played: the squares each man of the attacker's threatens
/// within one move and attacks now, and the empty squares the defending king may step
/// to. A first move of a leaper or the king (no promotion) that leaves the defending king
/// out of check is refuted by one of [`quiet_defence`]'s two kinds of defence: where
/// the king is out of every man's one-move reach, the moved man's included, some other
/// man of the defender's moves (two spare men, see [`spare_men`], make sure one still
/// has a move, and with the defender keeping three men and the attacker two no bare king
/// ends the game first); or the king steps to an empty square that no man attacks after
/// the first move, the attacking king included, and that no man can check in one move.
pub(crate) struct FirstMoves<B: Bits> {
    /// (square, squares threatened within one move, squares attacked now) of each man
    /// but the king.
    men: [(u8, B, B); MOST_MEN],
    count: usize,
    /// May the defender answer with another man's move (the first kind)?
    spare: bool,
    /// The empty squares next to the defending king, for the second kind.
    steps: B,
}

/// The most men [`FirstMoves`] keeps track of.
const MOST_MEN: usize = 32;

impl<B: Bits> FirstMoves<B> {
    /// `None` where the shortcut cannot apply in this position (the same conditions on
    /// the caller as [`quiet_defence`]).
    pub(crate) fn new(pos: &Position<B>, attacker: Color) -> Option<Self> {
        if pos.stacked.any() || pos.privileges.any() {
            return None;
        }
        let e = &*pos.eng;
        let (a, d) = (attacker.idx(), attacker.flip().idx());
        if pos.men[a] < 2 {
            return None;
        }
        let spare = pos.men[d] >= 3 && spare_men(pos, attacker.flip());
        let ksq = pos.king_sq(attacker.flip());
        let steps = e.leap_flat[e.king as usize * e.n + ksq] & !pos.occ & e.board;
        if !spare && steps.is_empty() {
            return None;
        }
        let mut fm = FirstMoves {
            men: [(0, B::EMPTY, B::EMPTY); MOST_MEN],
            count: 0,
            spare,
            steps,
        };
        for k in 0..e.nk {
            let men = pos.pieces[a][k];
            if men.is_empty() || k == e.king as usize {
                continue;
            }
            let pawn = e.kinds[k].pawn;
            if !pawn && !e.sym_leaper[k] {
                return None;
            }
            for s in men.iter() {
                if fm.count == MOST_MEN {
                    return None;
                }
                let (t, now) = if pawn {
                    (pawn_threats(pos, attacker, B::bit(s), 1)?, e.pawn_cap[a][s])
                } else {
                    (
                        e.attack_within[k * REACH * e.n + s],
                        e.leap_flat[k * e.n + s],
                    )
                };
                fm.men[fm.count] = (s as u8, t, now);
                fm.count += 1;
            }
        }
        Some(fm)
    }

    /// Is the attacker's legal first move `m` refuted so (true), or must it be played to
    /// be judged (false)? (The search asks [`Self::kept`] of each man's targets at once.)
    #[cfg(test)]
    pub(crate) fn refuted(&self, pos: &Position<B>, m: Move) -> bool {
        m.flag == MoveKind::Normal
            && m.promo.is_none()
            && m.from2 == crate::board::engine::NO_SQ
            && self
                .kept(
                    pos,
                    m.piece as usize,
                    m.from as usize,
                    B::bit(m.to as usize),
                )
                .is_empty()
    }

    /// Of `targets`, the squares an ordinary move (no promotion) of the attacker's man of
    /// kind `k` on `from` must be played to be judged: all of them for a man this
    /// shortcut does not judge; for the king and a symmetric leaper, those a move to
    /// which is not refuted so. The other men's reach is gathered once for all the
    /// targets.
    pub(crate) fn kept(&self, pos: &Position<B>, k: usize, from: usize, targets: B) -> B {
        let e = &*pos.eng;
        let king = e.king as usize;
        if k != king && !e.sym_leaper[k] {
            return targets;
        }
        let (mut others, mut others_now) = (B::EMPTY, B::EMPTY);
        for &(s, t, a) in &self.men[..self.count] {
            if usize::from(s) != from {
                others |= t;
                others_now |= a;
            }
        }
        let ksq = pos.king_sq(pos.side.flip());
        let own_king = pos.king_sq(pos.side);
        let mut kept = B::EMPTY;
        for to in targets.iter() {
            let (reach, now, their_king) = if k == king {
                (others, others_now, to)
            } else {
                let now = e.leap_flat[k * e.n + to];
                if now.has(ksq) {
                    kept |= B::bit(to);
                    continue;
                }
                (
                    others | e.attack_within[k * REACH * e.n + to],
                    others_now | now,
                    own_king,
                )
            };
            let refuted = (self.spare && !reach.has(ksq)) || {
                let guarded = now | e.leap_flat[king * e.n + their_king] | B::bit(to);
                (self.steps & !reach & !guarded).any()
            };
            if !refuted {
                kept |= B::bit(to);
            }
        }
        kept
    }
}

/// Has `side` two men other than the king and its pawns with at least two moves each
/// (moves as the men reach, own men masked; legality aside)?
fn spare_men<B: Bits>(pos: &Position<B>, side: Color) -> bool {
    let e = &*pos.eng;
    let (us, them) = (side.idx(), side.flip().idx());
    let mut found = 0;
    for k in 0..e.nk {
        if k == e.king as usize || e.kinds[k].pawn {
            continue;
        }
        let mut mask = !pos.occ_c[us] & e.board;
        if e.kinds[k].no_capture_same_kind {
            mask &= !pos.pieces[them][k];
        }
        for from in pos.pieces[us][k].iter() {
            if (pos.man_targets(k, from) & mask).count() >= 2 {
                found += 1;
                if found == 2 {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{mating_positions, random_position, Rng};
    use super::*;
    use crate::board::bits::U256;
    use crate::board::engine::Engine;
    use crate::board::rules::Rules;
    use std::sync::Arc;

    /// Has the side to move a legal move after which `attacker` has no legal move that
    /// gives check? (Found by trying every move and every reply.)
    fn some_move_stops_checks<B: Bits>(p: &mut Position<B>, attacker: Color) -> bool {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        list.as_slice().iter().any(|&d| {
            let u = p.make(d);
            let mut replies = MoveList::new();
            p.legal_moves(&mut replies);
            debug_assert_eq!(p.side, attacker);
            let quiet = replies.as_slice().iter().all(|&m| {
                let u2 = p.make(m);
                let check = p.in_check();
                p.unmake(m, u2);
                !check
            });
            p.unmake(d, u);
            quiet
        })
    }

    /// Checks the quiet-defence claims on `pos` by trying every move: with the defender
    /// to move, [`quiet_defence`] only where some defence stops every check; with the
    /// attacker to move, [`quiet_defence_after_any`] only where every attacker move
    /// leaves such a defence, and [`FirstMoves::refuted`] only for a move that does.
    /// Returns whether a claim was made.
    fn check_quiet_claims<B: Bits>(pos: &mut Position<B>, attacker: Color) -> bool {
        let fen = pos.to_fen();
        if pos.side != attacker {
            let claimed = quiet_defence(pos, attacker);
            assert_eq!(pos.to_fen(), fen, "the test leaves the position as it was");
            if claimed {
                assert!(
                    some_move_stops_checks(pos, attacker),
                    "{fen}: no quiet defence"
                );
            }
            return claimed;
        }
        let claimed = quiet_defence_after_any(pos, attacker);
        let first = FirstMoves::new(pos, attacker);
        if let Some(f) = &first {
            kept_at_once_as_one_by_one(pos, attacker, f);
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut refuted = false;
        for &m in list.as_slice() {
            let one = first.as_ref().is_some_and(|f| f.refuted(pos, m));
            if claimed || one {
                let u = pos.make(m);
                let held = some_move_stops_checks(pos, attacker);
                pos.unmake(m, u);
                assert!(
                    held,
                    "{fen}: after {m:?} no quiet defence ({claimed}, {one})"
                );
            }
            refuted |= one;
        }
        claimed || refuted
    }

    /// [`FirstMoves::kept`] of all a man's targets at once keeps what it keeps of each
    /// target alone.
    fn kept_at_once_as_one_by_one<B: Bits>(pos: &Position<B>, attacker: Color, f: &FirstMoves<B>) {
        let e = &*pos.eng;
        for k in 0..e.nk {
            for from in pos.pieces[attacker.idx()][k].iter() {
                let t = pos.man_targets(k, from) & !pos.occ_c[attacker.idx()];
                let one_by_one = t
                    .iter()
                    .filter(|&to| f.kept(pos, k, from, B::bit(to)).has(to))
                    .fold(B::EMPTY, |b, to| b | B::bit(to));
                assert!(f.kept(pos, k, from, t) == one_by_one, "{}", pos.to_fen());
            }
        }
    }

    /// Where a quiet defence is claimed, trying every move finds one: on shatranj
    /// positions built for mates, with the defender's men next to its king, and on random
    /// positions of leapers on the courier and Grant Acedrex boards.
    #[test]
    fn quiet_defences_are_real() {
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(0x0ddb_a11c_afe0_0002);
        let sets = [
            ("NNQ", "rn"),
            ("Q", "rqp"),
            ("NB", "rnb"),
            ("QBN", "rr"),
            ("NP", "nq"),
            ("PPQ", "nrp"),
            ("NNBQ", "rnbqp"),
            ("NN", "ppn"),
            ("NQ", "ppr"),
            ("QB", "ppq"),
            ("NNQ", "pq"),
        ];
        // [defender to move, attacker to move]: [claims, positions].
        let mut seen = [[0; 2]; 2];
        for mut pos in mating_positions(&eng, &mut rng, &sets, [2, 3, 4, 6], 12_000) {
            let side = (pos.side == Color::White) as usize;
            seen[side][0] += check_quiet_claims(&mut pos, Color::White) as usize;
            seen[side][1] += 1;
        }
        assert!(
            seen[0][0] > 500 && seen[1][0] > 150 && seen[0][0] < seen[0][1],
            "claims / positions: {seen:?}"
        );
        let c = quiet_claims_on::<u128>("courier", &["KNMFkrn", "KWENkbw", "KMMkrnf"]);
        let g = quiet_claims_on::<U256>("grant-acedrex", &["KZLkrl", "KLLkzr"]);
        assert!(c > 100 && g > 20, "courier {c}, grant acedrex {g} claims");
    }

    /// Random positions of `sets` under `preset`, either side to move, White attacking:
    /// the quiet-defence claims checked; returns how many were made.
    fn quiet_claims_on<B: Bits>(preset: &str, sets: &[&str]) -> usize {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut rng = Rng(0x5157_0000_0000_0003);
        let mut claims = 0;
        for i in 0..1_500 {
            let mut pos = random_position(&eng, &mut rng, sets[i % sets.len()], i % 2 == 0);
            if pos.validate().is_err() {
                continue;
            }
            claims += check_quiet_claims(&mut pos, Color::White) as usize;
        }
        claims
    }
}
