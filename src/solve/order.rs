//! Move ordering, shared by the search methods. Ordering decides how much is searched,
//! never what is found. The attacker tries checks, then captures; the defender, with more
//! than one attacker move left, the most disruptive defence first.

use super::searcher::Searcher;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};

impl<B: Bits> Searcher<'_, B> {
    /// Orders moves: checks first, then captures, then the rest (stable), from index
    /// `from` on (the moves before it stay where they are).
    pub(super) fn order(&self, pos: &mut Position<B>, list: &mut MoveList, from: usize) {
        let sl = list.as_mut_slice();
        if sl.len() <= from + 1 {
            return;
        }
        // Three stable buckets, without allocating: checks are moved to the front as
        // found, the others wait in two small stack lists.
        let mut caps = MoveList::new();
        let mut quiet = MoveList::new();
        let mut w = from;
        let info = pos.check_info();
        for i in from..sl.len() {
            let m = sl[i];
            if pos.gives_check_with(m, &info) {
                sl[w] = m;
                w += 1;
            } else if pos.is_capture(&m) {
                caps.push(m);
            } else {
                quiet.push(m);
            }
        }
        for &m in caps.as_slice().iter().chain(quiet.as_slice()) {
            sl[w] = m;
            w += 1;
        }
    }

    /// Orders a defender's moves from index `from` on, most disruptive first, where more
    /// than one attacker move remains: captures, then checks, then the other men's moves,
    /// the most valuable man first, and the king's last; within a group the defence that
    /// held last at this depth leads. Stable. Returns false (leaving the list as it is)
    /// for lists too long to order this way.
    ///
    /// Why: a refutation is cheapest to prove where it leaves the attacker least. A
    /// capture takes a man that might mate, a check leaves only evasions, and a move of a
    /// strong man away from its king is the nearest thing to passing, where a pawn or king
    /// move gives up squares around the king. On Dilaram's Legacy this searches 9 times
    /// fewer nodes than trying the last holding defence first.
    pub(super) fn order_defences(
        &self,
        pos: &mut Position<B>,
        list: &mut MoveList,
        from: usize,
        last_held: Move,
    ) -> bool {
        let moves = &mut list.as_mut_slice()[from..];
        let len = moves.len();
        if len > MOST_ORDERED {
            return false;
        }
        let mut keys = [0u16; MOST_ORDERED];
        let info = pos.check_info();
        for (i, m) in moves.iter().enumerate() {
            let check = !pos.is_capture(m) && pos.gives_check_with(*m, &info);
            keys[i] = self.defence_key(pos, m, check, last_held);
        }
        // Insertion sort, largest key first, stable: the lists are short.
        for i in 1..len {
            let (k, m) = (keys[i], moves[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            keys[j] = k;
            moves[j] = m;
        }
        true
    }

    /// Brings to the front the defence [`Self::order_defences`] would put first, leaving
    /// the others in their order (so that ordering them afterwards from index 1 gives the
    /// full order). The first defence nearly always holds, and finding it alone is
    /// cheaper: where there is a capture no move needs to be asked whether it checks.
    /// Returns false (the list as it is) for lists too long to order.
    pub(super) fn first_defence(
        &self,
        pos: &mut Position<B>,
        list: &mut MoveList,
        last_held: Move,
    ) -> bool {
        let moves = list.as_mut_slice();
        if moves.len() > MOST_ORDERED {
            return false;
        }
        let best_of = |keys: &mut dyn Iterator<Item = (usize, u16)>| {
            keys.fold(None, |best: Option<(usize, u16)>, (i, k)| match best {
                Some((_, bk)) if bk >= k => best,
                _ => Some((i, k)),
            })
        };
        let captures = moves.iter().enumerate().filter(|(_, m)| pos.is_capture(m));
        let mut best =
            best_of(&mut captures.map(|(i, m)| (i, self.defence_key(pos, m, false, last_held))));
        if best.is_none() {
            let info = pos.check_info();
            let mut keys = moves.iter().enumerate().map(|(i, m)| {
                let check = pos.gives_check_with(*m, &info);
                (i, self.defence_key(pos, m, check, last_held))
            });
            best = best_of(&mut keys);
        }
        if let Some((i, _)) = best {
            moves[..=i].rotate_right(1);
        }
        true
    }

    /// The sort key of defence `m` (`check`: does it give check?; asked of non-captures
    /// only): group, then the man's value, then whether it held last.
    #[inline]
    fn defence_key(&self, pos: &Position<B>, m: &Move, check: bool, last_held: Move) -> u16 {
        let group: u16 = if pos.is_capture(m) {
            3
        } else if check {
            2
        } else if m.piece != self.king {
            1
        } else {
            0
        };
        let value = self.values[m.piece as usize];
        (group << 8) | (value << 1) | (*m == last_held) as u16
    }
}

/// The longest defender's list [`Searcher::order_defences`] orders.
const MOST_ORDERED: usize = 256;

/// Brings the captures of `list` from index `from` on to the front of that part, the
/// other moves after them (stable). The defender's order with one attacker move left:
/// asking each move whether it checks, as [`Searcher::order`] does, costs more than the
/// few nodes a check first saves there.
pub(super) fn captures_first<B: Bits>(pos: &Position<B>, list: &mut MoveList, from: usize) {
    let sl = list.as_mut_slice();
    let mut rest = MoveList::new();
    let mut w = from;
    for i in from..sl.len() {
        let m = sl[i];
        if pos.is_capture(&m) {
            sl[w] = m;
            w += 1;
        } else {
            rest.push(m);
        }
    }
    sl[w..].copy_from_slice(rest.as_slice());
}

/// Moves `m` to the front of the list if it is there (keeping the others' order).
#[inline]
pub(super) fn promote(list: &mut MoveList, m: Move) -> bool {
    let sl = list.as_mut_slice();
    if let Some(i) = sl.iter().position(|x| *x == m) {
        sl[..=i].rotate_right(1);
        true
    } else {
        false
    }
}
