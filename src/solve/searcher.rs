//! One worker's search state, shared by every search method: the problem's stipulation and
//! conditions, the node count against the budget, and the table (keys, probes, stores).
//!
//! The table key is the position's Zobrist hash combined with the square of the man a
//! `mate_by` condition tracks, so conditioned searches never share wrong entries. All
//! workers of one solve share one table (see [`super::table`]); what is proven does not
//! depend on the thread count, only how fast it is found.

use super::budget::Budget;
use super::{reach, Conditions, Goal, MateBy, Stipulation};
use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::movegen::MoveList;
use crate::board::piece::{Color, Kind};
use crate::board::position::{Move, Position};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// One worker's search state.
pub(crate) struct Searcher<'a, B: Bits> {
    pub stip: Stipulation,
    pub cond: &'a Conditions,
    pub attacker: Color,
    /// The shared table as last seen, and its generation.
    pub(super) tt: std::sync::Arc<super::transpositions::Table>,
    pub(super) tt_gen: usize,
    /// Entries this worker added and has not yet counted in the table.
    pub(super) tt_fresh: usize,
    pub(super) budget: &'a Budget,
    pub(super) local_nodes: u64,
    /// How many nodes it counts before it looks at its limits again
    /// ([`super::batch::batch_for`]).
    batch: u64,
    /// (colour, kind, square) of men that may not move.
    pub(super) immobile: Vec<(Color, Kind, u8)>,
    /// Kind of the tracked man (mate_by a square).
    pub(super) tracked_kind: Kind,
    /// Per remaining depth: the last attacker move that won and the last defence that held
    /// (tried first; ordering only, never a verdict).
    pub(super) killer_att: Vec<Move>,
    pub(super) killer_def: Vec<Move>,
    /// How often the held reply was looked for lately, and found (see
    /// [`Searcher::held_wanted`]).
    pub(super) held_seen: (u32, u32),
    /// May the defender's killer be tried before its moves are generated? Not when a
    /// condition or a rule filters the legal moves, nor with tables to consult.
    pub(super) killer_first: bool,
    /// May the defender choose any legal move (no condition or rule filters them)?
    pub(super) free_defence: bool,
    /// Local node count at which the current sub-search gives up (`u64::MAX`: never);
    /// a give-up is reported as stopped (`None`) without stopping the other workers.
    pub(super) cap: u64,
    /// Retrograde tables, when they may answer (a `win` goal without conditions).
    pub(super) tables: Option<std::sync::Arc<crate::retro::Tables>>,
    /// Most men of the tables probed, 0 without tables (probing costs a lock; larger
    /// positions skip it).
    pub(super) table_men: u16,
    /// The men of the root position.
    root_men: u16,
    /// Only a checkmate meets the goal and the rules let [`reach`] bound it.
    pub(super) mate_reach: bool,
    /// The flight-square bound may answer (see [`reach::LastMoves`]): the defender
    /// chooses freely, and the goal is won only by mate, stalemate or bare king.
    pub(super) flight_reach: bool,
    /// Only a checkmate meets the goal (no stalemate, no bare king).
    pub(super) mate_only: bool,
    /// Each kind's value (for ordering defences) and the royal kind.
    pub(super) values: Vec<u16>,
    pub(super) king: Kind,
    /// Unsolved proof and disproof numbers (made on the first proof-number search).
    pub(super) pn: Option<Box<super::pn_numbers::PnTable>>,
    /// Under [`super::Method::Auto`], search by deepening alone (the root's second phase).
    pub(super) deepen_only: bool,
    pub(super) _b: std::marker::PhantomData<B>,
}

/// What a sub-search settled: `Some(true)` the goal is forced, `Some(false)` it is not,
/// `None` a limit stopped the search first (so `?` passes a stop up the tree).
pub(super) type Settled = Option<bool>;

impl<'a, B: Bits> Searcher<'a, B> {
    pub fn new(
        root: &Position<B>,
        stip: Stipulation,
        cond: &'a Conditions,
        budget: &'a Budget,
    ) -> Self {
        let immobile = cond
            .immobile
            .iter()
            .flat_map(|&sq| root.men_on(sq).into_iter().map(move |(c, k)| (c, k, sq)))
            .collect();
        let tracked_kind = match cond.mate_by {
            Some(MateBy::Man(sq)) => root.kind_at(root.side, sq as usize).unwrap_or(0),
            _ => 0,
        };
        let (tt, tt_gen) = budget.table.current();
        Searcher {
            stip,
            cond,
            attacker: root.side,
            tt,
            tt_gen,
            tt_fresh: 0,
            budget,
            local_nodes: 0,
            batch: super::batch::batch_for(budget.max_nodes),
            immobile,
            tracked_kind,
            killer_att: vec![Move::default(); 256],
            killer_def: vec![Move::default(); 256],
            held_seen: (0, 0),
            cap: u64::MAX,
            free_defence: !cond.covetous
                && cond.immobile.is_empty()
                && !root.eng.rules.forced_capture,
            killer_first: !cond.covetous
                && cond.immobile.is_empty()
                && !root.eng.rules.forced_capture,
            tables: None,
            table_men: 0,
            root_men: root.men[0] + root.men[1],
            mate_reach: needs_mate(stip, cond) && reach::applicable(root),
            flight_reach: flight_reach(root, stip, cond),
            mate_only: needs_mate(stip, cond),
            values: (root.eng.rules.pieces.iter())
                .map(|p| p.value.min(63) as u16)
                .collect(),
            king: root.eng.king,
            pn: None,
            deepen_only: false,
            _b: std::marker::PhantomData,
        }
    }

    /// Lets the search answer from retrograde tables where they are exact for this
    /// stipulation: a `win` goal (any rule-win, as the tables measure), no conditions,
    /// not exact.
    pub fn with_tables(mut self, t: Option<std::sync::Arc<crate::retro::Tables>>) -> Self {
        if self.stip.goal == Goal::Win && self.cond.is_plain() && !self.stip.exact {
            self.table_men = t.as_ref().map_or(0, |t| t.most_men() as u16);
            self.tables = t;
        }
        // The defender's last-held reply and the lazy defences skip the table's answer at
        // its node; where the problem itself is in a table, that answer comes first.
        self.killer_first &= !self.root_in_tables();
        self
    }

    /// Is the problem's own position within the tables probed (not only the endings its
    /// captures lead to)?
    #[inline]
    pub(super) fn root_in_tables(&self) -> bool {
        self.tables.is_some() && self.root_men <= self.table_men
    }

    /// A table's answer at a defender's node before anything else is tried there, where
    /// the search goes on past the tables (the problem has more men than they hold).
    #[inline]
    pub(super) fn table_answer_first(&self, pos: &Position<B>, n: u32) -> Option<bool> {
        if n == 0 || !self.killer_first || pos.men[0] + pos.men[1] > self.table_men {
            return None;
        }
        self.table_answer(pos, n)
    }

    /// A table's answer: is the goal forced within `n` more attacker moves?
    #[inline]
    pub(super) fn table_answer(&self, pos: &Position<B>, n: u32) -> Option<bool> {
        Some(self.table_distance(pos)?.is_some_and(|d| d <= n))
    }

    /// A retrograde table's exact answer, where one applies: `Some(Some(d))` forced within
    /// `d` attacker moves (and no fewer), `Some(None)` not forced at all.
    #[inline]
    pub(super) fn table_distance(&self, pos: &Position<B>) -> Option<Option<u32>> {
        let t = self.tables.as_ref()?;
        if pos.men[0] + pos.men[1] > self.table_men {
            return None;
        }
        let (v, plies) = t.probe(pos)?;
        let attacker_to_move = pos.side == self.attacker;
        Some(match (v, attacker_to_move) {
            (crate::retro::Value::Win, true) => Some(plies.div_ceil(2)),
            (crate::retro::Value::Loss, false) => Some(plies / 2),
            _ => None,
        })
    }

    /// Forgets the killers and the held reply's record, before the search of another
    /// root move. They speak of the subtree last searched, which under several threads is
    /// whichever root move the scheduler last gave this worker: carried over, the shape
    /// of a move's search (which defence is found to hold first) depended on that.
    /// Forgotten, the searches also take slightly fewer nodes (benches/NOTES.md).
    pub(super) fn forget_killers(&mut self) {
        self.killer_att.fill(Move::default());
        self.killer_def.fill(Move::default());
        self.held_seen = (0, 0);
    }

    /// Is the held reply worth looking for at this node? Where the attacker's men cover
    /// every flight in two moves (a queen's, mostly) it is never found and only costs: it
    /// is then looked for at one node in sixteen, until it is found again often enough
    /// (one in sixteen). Speed only: the answer never depends on it.
    #[inline]
    pub(super) fn held_wanted(&mut self) -> bool {
        let (seen, found) = &mut self.held_seen;
        *seen += 1;
        if *seen == 1024 {
            *seen /= 2;
            *found /= 2;
        }
        *seen < 64 || *found * 16 >= *seen || *seen % 16 == 0
    }

    /// Notes whether the held reply was found where it was looked for.
    #[inline]
    pub(super) fn held_found(&mut self, found: bool) {
        self.held_seen.1 += found as u32;
    }

    /// The tracked man's start square (NO_SQ when no man is tracked).
    pub fn initial_track(&self) -> u8 {
        match self.cond.mate_by {
            Some(MateBy::Man(sq)) => sq,
            _ => NO_SQ,
        }
    }

    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        self.local_nodes += 1;
        if self.local_nodes >= self.cap {
            return false;
        }
        if self.local_nodes & (self.batch - 1) == 0 {
            let b = self.batch;
            if self.budget.table.generation() != self.tt_gen {
                (self.tt, self.tt_gen) = self.budget.table.current();
            }
            let total = self.budget.nodes.fetch_add(b, Ordering::Relaxed) + b;
            // The problem's count goes on with every step; a step that ends at its share
            // is named by the problem's limit.
            let problem = self.budget.problem_nodes.as_ref();
            let over =
                problem.is_some_and(|p| p.spent.fetch_add(b, Ordering::Relaxed) + b >= p.limit);
            if let Some(m) = self.budget.max_nodes {
                if total >= m || over {
                    let named = problem.map_or(m, |p| p.limit);
                    self.budget.halt(format!("node limit {named} reached"));
                }
            }
            if let Some(d) = self.budget.deadline {
                if Instant::now() >= d {
                    self.budget.halt("time limit reached".into());
                }
            }
            if let Some(c) = &self.budget.cancel {
                if c.load(Ordering::Relaxed) {
                    self.budget.halt("cancelled".into());
                }
            }
        }
        !self.budget.stopped()
    }

    /// Flushes the local node count into the shared budget.
    pub fn flush(&mut self) {
        let rem = self.local_nodes & (self.batch - 1);
        self.budget.nodes.fetch_add(rem, Ordering::Relaxed);
        if let Some(p) = &self.budget.problem_nodes {
            p.spent.fetch_add(rem, Ordering::Relaxed);
        }
        self.local_nodes -= rem;
    }

    #[inline]
    pub(super) fn key(&self, pos: &Position<B>, tracked: u8) -> u64 {
        key_of(pos, pos.hash, tracked)
    }

    /// Prefetches the table entry of the position after `m`, to be searched at `n`
    /// (only where the child's hash is cheap to foresee).
    #[inline]
    pub(super) fn prefetch_child(&self, pos: &Position<B>, m: &Move, tracked: u8, n: u32) {
        if let Some(h) = pos.hash_after(m) {
            self.prefetch(key_of(pos, h, self.track(pos, m, tracked)), n);
        }
    }

    /// Prefetches the entries of the children after `list[*fetched..upto]` (to be searched
    /// at `n`), and moves `fetched` on.
    #[inline]
    pub(super) fn prefetch_children(
        &self,
        pos: &Position<B>,
        list: &MoveList,
        fetched: &mut usize,
        upto: usize,
        tracked: u8,
        n: u32,
    ) {
        let upto = upto.min(list.len());
        while *fetched < upto {
            self.prefetch_child(pos, &list.as_slice()[*fetched], tracked, n);
            *fetched += 1;
        }
    }

    /// The table key for `key` at `n` moves: under an exact stipulation an entry speaks
    /// of one `n` only, so `n` is part of the key.
    #[inline]
    pub(super) fn table_key(&self, key: u64, n: u32) -> u64 {
        if self.stip.exact {
            key ^ (n as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        } else {
            key
        }
    }

    #[inline]
    pub(super) fn probe(&self, key: u64, n: u32) -> Settled {
        self.tt.probe(self.table_key(key, n), n)
    }

    /// Starts loading the table entry of a position about to be searched at `n`.
    #[inline]
    pub(super) fn prefetch(&self, key: u64, n: u32) {
        self.tt.prefetch(self.table_key(key, n));
    }

    #[inline]
    pub(super) fn store(&mut self, key: u64, n: u32, v: bool) {
        if self.tt.store(self.table_key(key, n), n, v) {
            self.tt_fresh += 1;
            if self.tt_fresh == 256 {
                self.tt.count(self.tt_fresh);
                self.tt_fresh = 0;
                if self.tt.wants_growth() {
                    self.budget.table.grow(&self.tt);
                    (self.tt, self.tt_gen) = self.budget.table.current();
                }
            }
        }
    }
}

/// Does only a checkmate meet the goal?
fn needs_mate(stip: Stipulation, cond: &Conditions) -> bool {
    stip.goal == Goal::Mate
        || cond.mate_by.is_some()
        || !cond.mate_on.is_empty()
        || !cond.mate_from.is_empty()
}

/// May the flight-square bound answer for this problem? The defender must choose any legal
/// move, the royal kind step like a king, no stack form, and a `win` be won by mate,
/// by stalemating the other side, or by baring it.
fn flight_reach<B: Bits>(root: &Position<B>, stip: Stipulation, cond: &Conditions) -> bool {
    let rules = &root.eng.rules;
    let free = !cond.covetous && cond.immobile.is_empty() && !rules.forced_capture;
    let goal_ok = needs_mate(stip, cond)
        || (stip.goal == Goal::Win
            && rules.stalemate != crate::board::rules::StalemateRule::StalematerLoses);
    free && goal_ok && reach::applicable(root)
}

/// How many moves ahead of the one being searched the children's table entries are
/// prefetched: far enough for the entry to arrive before it is read, not so far that it
/// is evicted first (8 against 4 measured: benches/NOTES.md).
pub(super) const PREFETCH_AHEAD: usize = 8;

/// The table key of a position with hash `hash` whose tracked man stands on `tracked`:
/// under `mate_by` a man, the same board with the man elsewhere is another problem.
#[inline]
pub(super) fn key_of<B: Bits>(pos: &Position<B>, hash: u64, tracked: u8) -> u64 {
    if tracked == NO_SQ {
        hash
    } else {
        hash ^ pos.eng.z_priv[tracked as usize].rotate_left(23) ^ 0x5bd1_e995
    }
}
