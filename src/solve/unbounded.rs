//! Proof numbers over positions (`--method positions`): a node is the position alone, not
//! the position with the moves left.
//!
//! The bounded proof-number search ([`super::pns`]) keys its open numbers by position and
//! moves left, so a position reached with different moves left is searched afresh. Here
//! transpositions at any depth share their numbers, and the search follows the most
//! promising line as deep as the moves left allow, as the tsume-shogi solvers do (df-pn,
//! Nagai; the 1+ε thresholds of Pawlewicz and Lew). With `left` as large as the table
//! allows it is the unbounded question "does the attacker win at all?".
//!
//! What it proves is exact, and carries its length. A node is proven only when the rules
//! end the game with the goal met, or the shared table or a retrograde table says so
//! within the moves left, or one attacker move (all defences) leads to proven nodes; each
//! proven node gets the number of attacker moves within which its proof forces the goal:
//! one more than its shortest proven child for the attacker, the longest child's for the
//! defender. That number is an upper bound (not always the least) and goes to the shared
//! table as "forced within d", where the bounded searches find it and shorten it where a
//! shorter win exists.
//!
//! Repetitions and the moves left: a position already on the current line, or an attacker
//! node with no move left, counts as not won along that line. Such a disproof depends on
//! the path (graph-history interaction, Kishimoto and Müller), so it is never stored nor
//! given out: it only steers this search, and can at worst hide a win from it (time,
//! never a wrong answer). Only disproofs that rest on no such cut are kept as numbers.
//!
//! Measured (benches/NOTES.md, "Proof numbers over positions"): with no bound on the moves
//! left the proofs found are long (a win in 7 proven as a win in 105–138), useless for
//! "within N"; bounded by the moves left it proves the key of `selfplay-g2-185w` within 9
//! in 0.57 M nodes, but over whole problems it is no faster than `auto`, which is why it
//! is a method to ask for and not the default.

use super::pns::{eased, least_two, INF};
use super::searcher::Searcher;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::position::{Move, Position};

/// Nodes with at most this many attacker moves left (defender nodes: fewer) are settled
/// by the exhaustive search, as under `auto` (see [`super::pns`]).
const FRONTIER: u32 = 3;
/// Longest line followed (plies); deeper nodes count as not won along it.
const MAX_PLIES: usize = 240;
/// The moves-left tag that marks a node's key (the position alone) in the table of open
/// numbers, apart from the bounded search's keys.
const UNBOUNDED: u32 = 0xffff;

/// One child of an expanded node: the move, where the tracked man stands after it, its
/// numbers, and for a proven child the length of its proof.
#[derive(Clone, Copy)]
struct Kid {
    m: Move,
    tracked: u8,
    x: Numbers,
}

/// A node's numbers: proof, disproof, the proof's length when proven, and whether a
/// disproof rests on a repetition (or the cut) along the current line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: u32,
    dn: u32,
    dist: u32,
    cyc: bool,
}

impl Numbers {
    fn proven(dist: u32) -> Self {
        Numbers {
            pn: 0,
            dn: INF,
            dist,
            cyc: false,
        }
    }
    fn disproven(cyc: bool) -> Self {
        Numbers {
            pn: INF,
            dn: 0,
            dist: 0,
            cyc,
        }
    }
    fn open(pn: u32, dn: u32) -> Self {
        Numbers {
            pn,
            dn,
            dist: 0,
            cyc: false,
        }
    }
}

impl<B: Bits> Searcher<'_, B> {
    /// Tries to prove that the attacker forces the goal from `pos` (either side to move)
    /// within `left` attacker moves, until the proof is found, the node is disproven
    /// along this line, or the searcher's node cap or a limit stops it. `Some(d)`: forced
    /// within `d` ≤ `left` attacker moves, and every node proven on the way is in the
    /// shared table at its length.
    pub(super) fn prove_unbounded(
        &mut self,
        pos: &mut Position<B>,
        tracked: u8,
        left: u32,
    ) -> Option<u32> {
        if self.stip.exact {
            return None;
        }
        if self.pn.is_none() {
            self.pn = Some(Box::new(super::pn_numbers::PnTable::new()));
        }
        let mut path = Vec::with_capacity(MAX_PLIES);
        let r = self.umid(pos, tracked, left, INF, INF, &mut path)?;
        (r.pn == 0).then_some(r.dist)
    }

    /// The least `n` within which the shared table holds the goal proven forced for the
    /// position of `key`.
    fn proven_within(&self, key: u64) -> Option<u32> {
        self.tt.least_proven(self.table_key(key, 0))
    }

    /// Settles a node without expanding it where the rules, the tables or a mate in one
    /// can; otherwise returns its children with their first numbers. `None`: stopped.
    #[inline(never)]
    fn unode(
        &mut self,
        pos: &mut Position<B>,
        tracked: u8,
        left: u32,
    ) -> Option<Result<Numbers, Vec<Kid>>> {
        let attacker = pos.side == self.attacker;
        if let Some(d) = self.proven_within(self.key(pos, tracked)) {
            if d <= left {
                return Some(Ok(Numbers::proven(d)));
            }
        }
        if attacker && left == 0 {
            return Some(Ok(Numbers::disproven(true)));
        }
        // Few moves left: the exhaustive search settles the node for this many moves
        // (a "no" holds for this bound only, so it counts as a cut).
        if attacker && left <= FRONTIER || !attacker && left < FRONTIER {
            let v = if attacker {
                self.id_attack(pos, left, tracked)?
            } else {
                self.id_defend(pos, left, tracked)?
            };
            return Some(Ok(if v {
                Numbers::proven(left)
            } else {
                Numbers::disproven(true)
            }));
        }
        let mut list = MoveList::new();
        let legal = self.moves(pos, &mut list);
        let out = self.state(pos, &list, legal);
        if out != Outcome::Ongoing {
            return Some(Ok(if self.goal_met(pos, &out, tracked) {
                Numbers::proven(0)
            } else {
                Numbers::disproven(false)
            }));
        }
        if let Some(v) = self.table_distance(pos) {
            return Some(Ok(match v {
                Some(d) if d <= left => Numbers::proven(d),
                Some(_) => Numbers::disproven(true),
                None => Numbers::disproven(false),
            }));
        }
        if list.is_empty() {
            return Some(Ok(Numbers::disproven(false)));
        }
        if attacker && self.id_attack(pos, 1, tracked)? {
            return Some(Ok(Numbers::proven(1)));
        }
        let mut kids = Vec::with_capacity(list.len());
        for &m in list.as_slice() {
            if !self.tick() {
                return None;
            }
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let x = self.first_numbers(pos, nt, if attacker { left - 1 } else { left });
            pos.unmake(m, u);
            kids.push(Kid { m, tracked: nt, x });
        }
        Some(Err(kids))
    }

    /// A child's numbers before it is expanded: proven in the shared table, known in the
    /// table of open numbers, or first estimates (see [`Searcher::first_estimate`]).
    fn first_numbers(&mut self, pos: &mut Position<B>, tracked: u8, left: u32) -> Numbers {
        let key = self.key(pos, tracked);
        if let Some(d) = self.proven_within(key).filter(|&d| d <= left) {
            return Numbers::proven(d);
        }
        if let Some((pn, dn)) = self
            .pn
            .as_ref()
            .and_then(|t| t.get(self.pn_key(pos, UNBOUNDED, tracked)))
        {
            return Numbers::open(pn, dn);
        }
        let (pn, dn) = self.first_estimate(pos);
        Numbers::open(pn, dn)
    }

    /// Multiple iterative deepening over positions: searches the node until it is solved
    /// or its numbers reach the thresholds. `None` when a limit stopped it.
    fn umid(
        &mut self,
        pos: &mut Position<B>,
        tracked: u8,
        left: u32,
        th_pn: u32,
        th_dn: u32,
        path: &mut Vec<u64>,
    ) -> Option<Numbers> {
        if !self.tick() {
            return None;
        }
        let key = self.key(pos, tracked);
        if path.len() >= MAX_PLIES || path.contains(&key) {
            return Some(Numbers::disproven(true));
        }
        let mut kids = match self.unode(pos, tracked, left)? {
            Ok(x) => {
                self.uremember(pos, key, tracked, x, 0);
                return Some(x);
            }
            Err(kids) => kids,
        };
        let or = pos.side == self.attacker;
        let next = if or { left - 1 } else { left };
        let start = self.local_nodes;
        path.push(key);
        let result = loop {
            let x = combine(or, &kids);
            if x.pn == 0 || x.dn == 0 || x.pn >= th_pn || x.dn >= th_dn {
                break Some(x);
            }
            let (best, second) = least_two(kids.iter().map(|c| if or { c.x.pn } else { c.x.dn }));
            let c = kids[best];
            let (cth_pn, cth_dn) = if or {
                (th_pn.min(eased(second)), th_dn - x.dn + c.x.dn)
            } else {
                (th_pn - x.pn + c.x.pn, th_dn.min(eased(second)))
            };
            let u = pos.make(c.m);
            let r = self.umid(pos, c.tracked, next, cth_pn, cth_dn, path);
            pos.unmake(c.m, u);
            let Some(y) = r else { break None };
            kids[best].x = y;
        };
        path.pop();
        let x = result?;
        self.uremember(pos, key, tracked, x, self.local_nodes - start);
        Some(x)
    }

    /// Stores a node's numbers: a proof in the shared table at its length (where the
    /// bounded searches find it too), open numbers in this worker's table. A disproof is
    /// kept only as numbers (it may rest on a repetition along one line).
    fn uremember(&mut self, pos: &Position<B>, key: u64, tracked: u8, x: Numbers, work: u64) {
        if x.pn == 0 {
            if x.dist > 0 {
                self.store(key, x.dist, true);
            }
            return;
        }
        if x.cyc {
            // Disproven along this line only: another line may still win from here.
            return;
        }
        if x.dn == 0 {
            // Disproven with no cut on the way: the attacker cannot win from here at all.
            self.store(key, super::transpositions::MAX_N, false);
        }
        let k = self.pn_key(pos, UNBOUNDED, tracked);
        if let Some(t) = self.pn.as_mut() {
            t.put(k, x.pn, x.dn, work.min(u32::MAX as u64) as u32);
        }
    }
}

/// A node's numbers from its children's (an attacker node needs one child proven, a
/// defender node all), with the length of a proof: one more than the shortest proven
/// child's for the attacker, the longest child's for the defender.
fn combine(or: bool, kids: &[Kid]) -> Numbers {
    let (mut least, mut sum) = (INF, 0u32);
    let (mut shortest, mut longest) = (u32::MAX, 0u32);
    // A disproof rests on a repetition when every disproven child it needs does: all of
    // them for the attacker, the best one for the defender.
    let (mut any_cyc, mut firm_disproof) = (false, false);
    for c in kids {
        let x = c.x;
        let (one, all) = if or { (x.pn, x.dn) } else { (x.dn, x.pn) };
        least = least.min(one);
        sum = sum.saturating_add(all);
        if x.pn == 0 {
            shortest = shortest.min(x.dist);
            longest = longest.max(x.dist);
        } else if x.dn == 0 {
            any_cyc |= x.cyc;
            firm_disproof |= !x.cyc;
        }
    }
    if or && least == 0 {
        Numbers::proven(shortest + 1)
    } else if !or && sum == 0 {
        Numbers::proven(longest)
    } else if or && sum == 0 {
        Numbers::disproven(any_cyc)
    } else if !or && least == 0 {
        Numbers::disproven(!firm_disproof)
    } else {
        // Numbers summed over children count a transposition once for each child it
        // is reached through (weak proof numbers, the largest plus one per other open
        // child, were measured and did not help here).
        let total = sum.min(INF - 1);
        if or {
            Numbers::open(least, total)
        } else {
            Numbers::open(total, least)
        }
    }
}
