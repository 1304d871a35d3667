//! Depth-first proof-number search (df-pn) for long problems, and the choice of method.
//!
//! A node is a position with the number of attacker moves left: an attacker node (OR) is
//! proven when one move leads to a proven defender node, a defender node (AND) when every
//! defence leads to a proven attacker node. Each node carries a proof number (how many
//! leaves at least must still be proven to prove it) and a disproof number (likewise to
//! disprove it); the search always expands the most-proving node, under thresholds that
//! let it stay deep in the tree as long as that node remains the most promising (Nagai's
//! df-pn), with the 1+ε trick (Pawlewicz and Lew) so that two siblings of nearly equal
//! numbers do not make the search jump back and forth.
//!
//! Exactness: numbers only steer the search. A node is proven only when a child is
//! (attacker) or all children are (defender), down to leaves decided by the rules or by
//! the exhaustive search of [`super::deepening`] (at most one attacker move left), so a
//! `no` is a proof as much as a `yes`. Solved nodes go to the solve's shared table with
//! their bound (a proof within k holds for every larger bound, a disproof for every
//! smaller one), where the other methods find them too; unsolved numbers live in a table
//! of this worker's, keyed by the position and the moves left.
//!
//! Positions reached by several paths: the moves left are part of a node, and every
//! attacker move takes one away, so the search graph has no cycles (no graph-history
//! interaction). Numbers summed over transpositions count some leaves twice; that costs
//! only time, never a wrong answer.

use super::pn_numbers::PnTable;
use super::searcher::{Searcher, Settled};
use super::{reach, Method};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::position::{Move, Position};

/// An infinite proof or disproof number: `pn == INF` is a disproof, `dn == INF` a proof.
pub(super) const INF: u32 = 1 << 30;
/// Remainders from this many attacker moves on are searched by proof numbers under
/// [`Method::Auto`]; shorter ones by the exhaustive search. Where every first move must be
/// refuted in a wide tree (Dilaram's Legacy, #8) the exhaustive search with its ordering
/// is many times faster; proof numbers win where the play is narrow and long (the water
/// wheel under continual check, #36), and only they reach such depths at all (the
/// figures: benches/NOTES.md).
const AUTO_FROM: u32 = 9;
/// Under [`Method::Auto`], nodes with at most this many attacker moves left (defender
/// nodes: fewer) are settled by the exhaustive search inside a proof-number search: it
/// costs less per node where the tree below is small.
const AUTO_FRONTIER: u32 = 3;
/// One child of an expanded node: the move, where the tracked man stands after it, and
/// the child's numbers.
#[derive(Clone, Copy)]
struct Child {
    m: Move,
    tracked: u8,
    pn: u32,
    dn: u32,
}

/// The numbers of a settled node.
fn settled(v: bool) -> (u32, u32) {
    if v {
        (0, INF)
    } else {
        (INF, 0)
    }
}

/// `x` grown by a quarter, plus one (the 1+ε threshold of a child, ε = 1/4).
pub(super) fn eased(x: u32) -> u32 {
    x.saturating_add(x / 4).saturating_add(1).min(INF)
}

impl<B: Bits> Searcher<'_, B> {
    /// Attacker to move: forced within `n` more attacker moves? By the method the solve
    /// asked for (see [`Method`]).
    pub fn attack(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> Settled {
        if self.proof_numbers_for(n) {
            self.prove(pos, n, tracked)
        } else {
            self.id_attack(pos, n, tracked)
        }
    }

    /// Defender to move: does the attacker force the goal within `n` more moves against
    /// every defence? By the method the solve asked for.
    pub fn defend(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> Settled {
        if self.proof_numbers_for(n) {
            self.prove(pos, n, tracked)
        } else {
            self.id_defend(pos, n, tracked)
        }
    }

    /// Is each first move given a proof attempt over positions (see [`super::unbounded`])
    /// before the bounded question?
    pub(super) fn unbounded_first(&self) -> bool {
        !self.stip.exact && self.budget.method == Method::Positions
    }

    /// Would the two methods take turns on an open first move with `n` attacker moves
    /// left after it (see [`Searcher::settle_open`])?
    pub(super) fn turns_for(&self, n: u32) -> bool {
        matches!(self.budget.method, Method::Auto | Method::Positions) && n >= AUTO_FROM
    }

    /// Is a node with `n` attacker moves left searched by proof numbers?
    fn proof_numbers_for(&self, n: u32) -> bool {
        match self.budget.method {
            Method::Deepening => false,
            Method::ProofNumbers => n >= 1,
            Method::Auto | Method::Positions => !self.deepen_only && n >= AUTO_FROM,
        }
    }

    /// Proves or disproves the node (attacker or defender to move, `n` attacker moves
    /// left) by df-pn from its root.
    fn prove(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> Settled {
        if self.pn.is_none() {
            self.pn = Some(Box::new(PnTable::new()));
        }
        let (pn, dn) = self.mid(pos, n, tracked, INF, INF)?;
        debug_assert!(pn == 0 || dn == 0);
        Some(pn == 0)
    }

    /// The key of a node in the table of unsolved numbers: the position (with the tracked
    /// man) and the moves left.
    pub(super) fn pn_key(&self, pos: &Position<B>, n: u32, tracked: u8) -> u64 {
        let k = self.key(pos, tracked) ^ (n as u64 + 1).wrapping_mul(0xd6e8_feb8_6659_fd93);
        k.max(1)
    }

    /// Settles a node where the rules, the tables, a bound or a short exhaustive search
    /// can (`Some(Some(v))`); otherwise leaves its (conditioned) moves in `list`
    /// (`Some(None)`). The same tests, in the same order, as the exhaustive search makes
    /// before it expands a node. `None` when a limit stopped the search.
    fn leaf(
        &mut self,
        pos: &mut Position<B>,
        n: u32,
        tracked: u8,
        list: &mut MoveList,
    ) -> Option<Option<bool>> {
        let attacker = pos.side == self.attacker;
        // Few attacker moves left: the exhaustive search settles the node exactly and
        // costs less per node than numbers would (a mate in one tries the checks only).
        let frontier = match self.budget.method {
            Method::Auto | Method::Positions => AUTO_FRONTIER,
            _ => 1,
        };
        if attacker && n <= frontier {
            return Some(Some(self.id_attack(pos, n, tracked)?));
        }
        if !attacker && n < frontier {
            return Some(Some(self.id_defend(pos, n, tracked)?));
        }
        if self.mate_reach {
            let far = if attacker {
                reach::no_check_within(pos, self.attacker, n, n - 1)
            } else {
                reach::no_check_within(pos, self.attacker, n, n)
                    && (!pos.in_check() || pos.has_legal_move())
            };
            if far {
                return Some(Some(false));
            }
        }
        if let Some(v) = self.probe(self.key(pos, tracked), n) {
            return Some(Some(v));
        }
        let legal = self.moves(pos, list);
        let out = self.state(pos, list, legal);
        if out != Outcome::Ongoing {
            // Decided by the last move (n ≥ 1 here: under `exact` that is too early).
            return Some(Some(self.goal_met(pos, &out, tracked) && !self.stip.exact));
        }
        if let Some(v) = self.table_answer(pos, n) {
            return Some(Some(v));
        }
        if list.is_empty() {
            // Every legal move barred by a condition: play cannot go on, no goal.
            return Some(Some(false));
        }
        // A mate in one settles an attacker node at once (not under `exact`: it would
        // come too early).
        if attacker && !self.stip.exact && self.id_attack(pos, 1, tracked)? {
            return Some(Some(true));
        }
        Some(None)
    }

    /// The numbers of a child not yet expanded here: solved in the shared table, known in
    /// this worker's, or first estimates. A defender node starts with as many proofs to
    /// find as it has legal replies (doubled when it is not in check: quiet attacker moves
    /// rarely force a long mate); an attacker node with one each.
    fn child_numbers(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> (u32, u32) {
        let key = self.key(pos, tracked);
        if n > 0 {
            if let Some(v) = self.probe(key, n) {
                return settled(v);
            }
        }
        if let Some(x) = self
            .pn
            .as_ref()
            .and_then(|t| t.get(self.pn_key(pos, n, tracked)))
        {
            return x;
        }
        self.first_estimate(pos)
    }

    /// First numbers of a node not yet expanded: a defender node starts with as many
    /// proofs to find as it has legal replies (doubled when it is not in check: quiet
    /// attacker moves rarely force a long mate); an attacker node with one each.
    pub(super) fn first_estimate(&self, pos: &mut Position<B>) -> (u32, u32) {
        if pos.side == self.attacker {
            (1, 1)
        } else {
            let replies = pos.count_legal().max(1) as u32;
            let quiet = if pos.in_check() { 1 } else { 2 };
            (replies * quiet, 1)
        }
    }

    /// Multiple iterative deepening: searches the node until it is solved or its numbers
    /// reach the thresholds; returns its numbers (`None` when a limit stopped it).
    fn mid(
        &mut self,
        pos: &mut Position<B>,
        n: u32,
        tracked: u8,
        th_pn: u32,
        th_dn: u32,
    ) -> Option<(u32, u32)> {
        if !self.tick() {
            return None;
        }
        let or = pos.side == self.attacker;
        let mut list = MoveList::new();
        if let Some(v) = self.leaf(pos, n, tracked, &mut list)? {
            return Some(settled(v));
        }
        let left = if or { n - 1 } else { n };
        let mut kids: Vec<Child> = Vec::with_capacity(list.len());
        for &m in list.as_slice() {
            // Each child's first numbers cost a move and a count of replies: counted as a
            // node, so that node limits measure the work done.
            if !self.tick() {
                return None;
            }
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let (pn, dn) = self.child_numbers(pos, left, nt);
            pos.unmake(m, u);
            kids.push(Child {
                m,
                tracked: nt,
                pn,
                dn,
            });
        }
        let start = self.local_nodes;
        loop {
            let (pn, dn) = combine(or, &kids);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn {
                self.remember(pos, n, tracked, pn, dn, self.local_nodes - start);
                return Some((pn, dn));
            }
            let (best, second) = select(or, &kids);
            let c = kids[best];
            // The child may go on while it stays the most promising, up to what the
            // node's own threshold leaves for it.
            let (cth_pn, cth_dn) = if or {
                (th_pn.min(eased(second)), th_dn - dn + c.dn)
            } else {
                (th_pn - pn + c.pn, th_dn.min(eased(second)))
            };
            let u = pos.make(c.m);
            let r = self.mid(pos, left, c.tracked, cth_pn, cth_dn);
            pos.unmake(c.m, u);
            let (cpn, cdn) = r?;
            kids[best].pn = cpn;
            kids[best].dn = cdn;
        }
    }

    /// Stores a node's numbers: a solved node in the shared table, with its bound; an
    /// open one in this worker's.
    fn remember(&mut self, pos: &Position<B>, n: u32, tracked: u8, pn: u32, dn: u32, work: u64) {
        if pn == 0 || dn == 0 {
            self.store(self.key(pos, tracked), n, pn == 0);
        } else {
            let key = self.pn_key(pos, n, tracked);
            if let Some(t) = self.pn.as_mut() {
                t.put(key, pn, dn, work.min(u32::MAX as u64) as u32);
            }
        }
    }
}

/// A node's numbers from its children's: an attacker node needs one child proven (the
/// least proof number) and every child disproven (the sum of disproof numbers); a
/// defender node the other way round.
fn combine(or: bool, kids: &[Child]) -> (u32, u32) {
    let (mut least, mut sum) = (INF, 0u32);
    for c in kids {
        let (one, all) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
        least = least.min(one);
        sum = sum.saturating_add(all);
    }
    // An unsolved node's sum stays finite; a solved child settles the node.
    let (least, sum) = if least == 0 {
        (0, INF)
    } else {
        (least, sum.min(INF - 1))
    };
    if or {
        (least, sum)
    } else {
        (sum, least)
    }
}

/// The child to search next (the least proof number for the attacker, the least
/// disproof number for the defender; the first on ties) and the second-least number.
fn select(or: bool, kids: &[Child]) -> (usize, u32) {
    least_two(kids.iter().map(|c| if or { c.pn } else { c.dn }))
}

/// The index of the least number (the first on ties) and the second-least number.
pub(super) fn least_two(nums: impl Iterator<Item = u32>) -> (usize, u32) {
    let (mut best, mut least, mut second) = (0, INF, INF);
    for (i, x) in nums.enumerate() {
        if i == 0 || x < least {
            if i > 0 {
                second = least;
            }
            best = i;
            least = x;
        } else if x < second {
            second = x;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kid(pn: u32, dn: u32) -> Child {
        Child {
            m: Move::default(),
            tracked: 0,
            pn,
            dn,
        }
    }

    #[test]
    fn numbers_combine_as_and_or() {
        let kids = [kid(3, 2), kid(1, 5), kid(4, 1)];
        assert_eq!(combine(true, &kids), (1, 8));
        assert_eq!(combine(false, &kids), (8, 1));
        // One proven child proves an attacker node; one disproven child disproves a
        // defender node.
        let kids = [kid(0, INF), kid(2, 2)];
        assert_eq!(combine(true, &kids), (0, INF));
        let kids = [kid(INF, 0), kid(2, 2)];
        assert_eq!(combine(false, &kids), (INF, 0));
        // All disproven: an attacker node is disproven; all proven: a defender node proven.
        let kids = [kid(INF, 0), kid(INF, 0)];
        assert_eq!(combine(true, &kids), (INF, 0));
        let kids = [kid(0, INF), kid(0, INF)];
        assert_eq!(combine(false, &kids), (0, INF));
    }

    #[test]
    fn selection_takes_the_least_and_the_runner_up() {
        let kids = [kid(3, 9), kid(1, 7), kid(2, 8)];
        assert_eq!(select(true, &kids), (1, 2));
        assert_eq!(select(false, &kids), (1, 8));
        assert_eq!(select(true, &kids[..1]), (0, INF));
    }

    #[test]
    fn the_table_keeps_the_costlier_entry() {
        let mut t = PnTable::new();
        let base = 1u64 << 40;
        t.put(base, 5, 6, 10);
        t.put(base + (1 << 50), 7, 8, 3);
        assert_eq!(t.get(base), Some((5, 6)));
        assert_eq!(t.get(base + (1 << 50)), Some((7, 8)));
        // A third key in the same bucket replaces the cheaper entry.
        t.put(base + (2 << 50), 1, 1, 20);
        assert_eq!(t.get(base), Some((5, 6)));
        assert_eq!(t.get(base + (1 << 50)), None);
    }
}
