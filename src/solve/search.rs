//! The proof search: exhaustive AND/OR search with iterative deepening at the root and a
//! transposition table, the root moves in parallel.
//!
//! `attack(n)`: the attacker (the side to move at the root) forces the goal within `n`
//! more of its own moves. `defend(n)`: after an attacker move, against every defence the
//! attacker still forces it within `n` more moves. Nothing is approximated: a `false` is a
//! proof that some defence holds; a search stopped by a limit says `unknown`.
//!
//! Sound pruning only. For a mate goal the attacker's last move must give check, so on
//! the last move only checks are tried; and where no man of the attacker's can reach a
//! checking square in time (see [`super::reach`]), no mate is possible and the node is
//! settled without a move.
//!
//! Ordering decides how much is searched, never what is found. The attacker tries the move
//! that won last at this depth, then checks, then captures. The defender, with one
//! attacker move left, tries the defence that held last; with more, the most disruptive
//! defence first ([`Searcher::order_defences`]).
//!
//! The table key is the position's Zobrist hash combined with the square of the man a
//! `mate_by` condition tracks, so conditioned searches never share wrong entries. All
//! workers of one solve share one table (see [`super::table`]); what is proven does not
//! depend on the thread count, only how fast it is found.

use super::{reach, Conditions, Goal, Limits, MateBy, Stipulation};
use crate::bits::Bits;
use crate::engine::NO_SQ;
use crate::movegen::MoveList;
use crate::notation;

use crate::outcome::{Outcome, WinKind};
use crate::piece::{Color, Kind};
use crate::position::{Move, Position};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Is the stipulation achievable?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Solvable {
    /// Proven: the side to move forces the goal against every defence.
    Yes,
    /// Proven: some defence holds against every try.
    No,
    /// A limit ended the search first.
    #[default]
    Unknown,
}

impl Solvable {
    /// `yes`, `no` or `unknown`.
    pub fn word(&self) -> &'static str {
        match self {
            Solvable::Yes => "yes",
            Solvable::No => "no",
            Solvable::Unknown => "unknown",
        }
    }
}

/// One line of play of a solution tree.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Variation {
    /// The moves in SAN.
    pub san: Vec<String>,
    /// The same moves in coordinates.
    pub coord: Vec<String>,
    /// How the line ends ("White wins by checkmate").
    pub outcome: String,
}

/// The result of the search.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SolveReport {
    /// Yes / no / unknown.
    pub solvable: Solvable,
    /// The least N for which the goal is forced (proven least), if known.
    pub shortest: Option<u32>,
    /// Every key found (first move that forces the goal within N), in coordinates.
    pub keys: Vec<String>,
    /// The keys in SAN.
    pub keys_san: Vec<String>,
    /// True when the key list is proven complete.
    pub keys_complete: bool,
    /// For an unsound problem: the strongest try and the defence that holds, as a line
    /// in coordinates ("f5g7 e8d8").
    pub refutation: Option<String>,
    /// The main line in SAN.
    pub main_line: Vec<String>,
    /// The main line in coordinates.
    pub main_line_coord: Vec<String>,
    /// Every line of the solution tree (each defence after the first key).
    pub tree: Vec<Variation>,
    /// True when the tree was cut at the variation limit.
    pub tree_truncated: bool,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time.
    pub millis: u64,
    /// The limit that ended the search, if one did.
    pub limit_hit: Option<String>,
    /// Moves to the rule-win from the root, read from a retrograde table.
    pub table_distance: Option<u32>,
    /// Every first move not among the keys is proven not to force the goal within this
    /// many moves (N when the key list is complete; less when a limit cut the search;
    /// `None` when every first move is a key).
    pub others_fail_within: Option<u32>,
}

/// Upper bound on variations printed in a solution tree.
const MAX_VARIATIONS: usize = 400;
/// Remainders up to this many moves get the fastest win and the longest defence in the
/// main line and tree; longer ones take the first win found (checks first).
const FASTEST_UP_TO: u32 = 4;
/// Nodes each root move gets for the decisive question before the root deepens all the
/// open moves together: checks get the most (keys of long problems are mostly checks),
/// captures less, quiet moves least.
const ROOT_ALLOWANCE: [u64; 3] = [1 << 22, 1 << 20, 1 << 18];
/// Shared stop signals of one solve.
pub(crate) struct Budget {
    pub start: Instant,
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
    pub nodes: AtomicU64,
    pub stop: AtomicBool,
    pub cancel: Option<std::sync::Arc<AtomicBool>>,
    pub reason: std::sync::Mutex<Option<String>>,
    /// The transposition table all workers of this solve share (its entries hold for
    /// every one of them: same position, stipulation and conditions).
    table: super::table::Shared,
}

impl Budget {
    pub fn new(limits: &Limits) -> Self {
        let start = Instant::now();
        Budget {
            start,
            deadline: limits.timeout.map(|t| start + t),
            max_nodes: limits.max_nodes,
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            cancel: limits.cancel.clone(),
            reason: std::sync::Mutex::new(None),
            table: super::table::Shared::new(),
        }
    }
    fn halt(&self, why: String) {
        self.stop.store(true, Ordering::Relaxed);
        let mut r = self.reason.lock().unwrap_or_else(|e| e.into_inner());
        if r.is_none() {
            *r = Some(why);
        }
    }
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    pub fn reason(&self) -> Option<String> {
        self.reason
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// One worker's search state.
pub(crate) struct Searcher<'a, B: Bits> {
    pub stip: Stipulation,
    pub cond: &'a Conditions,
    pub attacker: Color,
    /// The shared table as last seen, and its generation.
    tt: std::sync::Arc<super::table::Table>,
    tt_gen: usize,
    /// Entries this worker added and has not yet counted in the table.
    tt_fresh: usize,
    budget: &'a Budget,
    local_nodes: u64,
    /// (colour, kind, square) of men that may not move.
    immobile: Vec<(Color, Kind, u8)>,
    /// Kind of the tracked man (mate_by a square).
    tracked_kind: Kind,
    /// Per remaining depth: the last attacker move that won and the last defence that held
    /// (tried first; ordering only, never a verdict).
    killer_att: Vec<Move>,
    killer_def: Vec<Move>,
    /// May the defender's killer be tried before its moves are generated? Not when a
    /// condition or a rule filters the legal moves, nor with tables to consult.
    killer_first: bool,
    /// Local node count at which the current sub-search gives up (`u64::MAX`: never);
    /// a give-up is reported as stopped (`None`) without stopping the other workers.
    cap: u64,
    /// Retrograde tables, when they may answer (a `win` goal without conditions).
    tables: Option<std::sync::Arc<crate::retro::Tables>>,
    /// Most men a table may hold (probing costs a lock; larger positions skip it).
    table_men: u16,
    /// Only a checkmate meets the goal and the rules let [`reach`] bound it.
    mate_reach: bool,
    /// Each kind's value (for ordering defences) and the royal kind.
    values: Vec<u16>,
    king: Kind,
    _b: std::marker::PhantomData<B>,
}

/// The result of a sub-search: proven yes, proven no, or stopped.
type R = Option<bool>;

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
            immobile,
            tracked_kind,
            killer_att: vec![Move::default(); 256],
            killer_def: vec![Move::default(); 256],
            cap: u64::MAX,
            killer_first: !cond.covetous
                && cond.immobile.is_empty()
                && !root.eng.rules.forced_capture,
            tables: None,
            table_men: 5,
            mate_reach: (stip.goal == Goal::Mate
                || cond.mate_by.is_some()
                || !cond.mate_on.is_empty())
                && reach::applicable(root),
            values: (root.eng.rules.pieces.iter())
                .map(|p| p.value.min(63) as u16)
                .collect(),
            king: root.eng.king,
            _b: std::marker::PhantomData,
        }
    }

    /// Lets the search answer from retrograde tables where they are exact for this
    /// stipulation: a `win` goal (any rule-win, as the tables measure), no conditions,
    /// not exact.
    pub fn with_tables(mut self, t: Option<std::sync::Arc<crate::retro::Tables>>) -> Self {
        if self.stip.goal == Goal::Win && self.cond.is_plain() && !self.stip.exact {
            self.tables = t;
        }
        self.killer_first &= self.tables.is_none();
        self
    }

    /// A table's answer: is the goal forced within `n` more attacker moves?
    #[inline]
    fn table_answer(&self, pos: &Position<B>, n: u32) -> Option<bool> {
        let t = self.tables.as_ref()?;
        if pos.men[0] + pos.men[1] > self.table_men {
            return None;
        }
        let (v, plies) = t.probe(pos)?;
        let attacker_to_move = pos.side == self.attacker;
        Some(match (v, attacker_to_move) {
            (crate::retro::Value::Win, true) => plies.div_ceil(2) <= n,
            (crate::retro::Value::Loss, false) => plies / 2 <= n,
            _ => false,
        })
    }

    /// The tracked man's start square (NO_SQ when no man is tracked).
    pub fn initial_track(&self) -> u8 {
        match self.cond.mate_by {
            Some(MateBy::Man(sq)) => sq,
            _ => NO_SQ,
        }
    }

    #[inline]
    fn tick(&mut self) -> bool {
        self.local_nodes += 1;
        if self.local_nodes >= self.cap {
            return false;
        }
        if self.local_nodes & 1023 == 0 {
            if self.budget.table.generation() != self.tt_gen {
                (self.tt, self.tt_gen) = self.budget.table.current();
            }
            let total = self.budget.nodes.fetch_add(1024, Ordering::Relaxed) + 1024;
            if let Some(m) = self.budget.max_nodes {
                if total >= m {
                    self.budget.halt(format!("node limit {m} reached"));
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
        let rem = self.local_nodes & 1023;
        self.budget.nodes.fetch_add(rem, Ordering::Relaxed);
        self.local_nodes -= rem;
    }

    #[inline]
    fn key(&self, pos: &Position<B>, tracked: u8) -> u64 {
        key_of(pos, pos.hash, tracked)
    }

    /// Prefetches the table entry of the position after `m`, to be searched at `n`
    /// (only where the child's hash is cheap to foresee).
    #[inline]
    fn prefetch_child(&self, pos: &Position<B>, m: &Move, tracked: u8, n: u32) {
        if let Some(h) = pos.hash_after(m) {
            self.prefetch(key_of(pos, h, self.track(pos, m, tracked)), n);
        }
    }

    /// Prefetches the entries of the children after `list[*fetched..upto]` (to be searched
    /// at `n`), and moves `fetched` on.
    #[inline]
    fn prefetch_children(
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
    fn table_key(&self, key: u64, n: u32) -> u64 {
        if self.stip.exact {
            key ^ (n as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        } else {
            key
        }
    }

    #[inline]
    fn probe(&self, key: u64, n: u32) -> R {
        self.tt.probe(self.table_key(key, n), n)
    }

    /// Starts loading the table entry of a position about to be searched at `n`.
    #[inline]
    fn prefetch(&self, key: u64, n: u32) {
        self.tt.prefetch(self.table_key(key, n));
    }

    #[inline]
    fn store(&mut self, key: u64, n: u32, v: bool) {
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

    /// Does the finished position meet the goal (and conditions) for the attacker?
    fn goal_met(&self, pos: &Position<B>, out: &Outcome, tracked: u8) -> bool {
        let Outcome::Win { winner, how, .. } = *out else {
            return false;
        };
        if winner != self.attacker {
            return false;
        }
        let needs_mate = self.stip.goal == Goal::Mate
            || self.cond.mate_by.is_some()
            || !self.cond.mate_on.is_empty();
        if needs_mate && how != WinKind::Checkmate {
            return false;
        }
        if how != WinKind::Checkmate {
            return true;
        }
        let ksq = pos.king_sq(self.attacker.flip());
        if !self.cond.mate_on.is_empty() && !self.cond.mate_on.contains(&(ksq as u8)) {
            return false;
        }
        match self.cond.mate_by {
            None => true,
            Some(MateBy::Kind(k)) => pos.pieces[self.attacker.idx()][k as usize]
                .iter()
                .any(|s| man_attacks(pos, self.attacker, k, s, ksq)),
            Some(MateBy::Man(_)) => {
                if tracked == NO_SQ {
                    return false;
                }
                // The tracked man may have promoted: test every kind of ours on its square.
                (0..pos.eng.nk as u8).any(|k| {
                    pos.pieces[self.attacker.idx()][k as usize].has(tracked as usize)
                        && man_attacks(pos, self.attacker, k, tracked as usize, ksq)
                })
            }
        }
    }

    /// Legal moves of the side to move under the problem's conditions; returns how many
    /// legal moves there were before the conditions filtered them.
    pub fn moves(&self, pos: &mut Position<B>, list: &mut MoveList) -> usize {
        pos.legal_moves(list);
        let legal = list.len();
        if pos.side == self.attacker {
            if self.cond.attacker_no_capture {
                let enemy = pos.occ_c[self.attacker.flip().idx()];
                list.retain(|m| m.flag != crate::position::flag::EP && !enemy.has(m.to as usize));
            }
        } else if self.cond.covetous {
            let enemy = pos.occ_c[self.attacker.idx()];
            let caps = |m: &Move| m.flag == crate::position::flag::EP || enemy.has(m.to as usize);
            if list.as_slice().iter().any(caps) {
                list.retain(caps);
            }
        }
        if !self.immobile.is_empty() {
            let side = pos.side;
            let im = &self.immobile;
            let e = &*pos.eng;
            list.retain(|m| {
                // Castling moves the rook, the Lombard joint move the queen, too.
                let second = if m.from2 == NO_SQ {
                    None
                } else if m.flag == crate::position::flag::CASTLE {
                    e.rook.map(|k| (k, m.from2))
                } else {
                    e.queen.map(|k| (k, m.from2))
                };
                !im.iter().any(|&(c, k, s)| {
                    c == side && ((k == m.piece && s == m.from) || second == Some((k, s)))
                })
            });
        }
        legal
    }

    /// The outcome, given the conditioned list and the legal count: a side whose every
    /// legal move is barred by a condition is not mated or stalemated, it is stuck.
    #[inline]
    fn state(&self, pos: &Position<B>, list: &MoveList, legal: usize) -> Outcome {
        if legal > 0 && list.is_empty() {
            // Not mated nor stalemated (it has legal moves), but a draw or a bare king
            // still counts: judge it as a side with moves.
            let mut some = MoveList::new();
            some.push(Move::default());
            pos.outcome_with(&some)
        } else {
            pos.outcome_with(list)
        }
    }

    /// Where the tracked man stands after `m` (NO_SQ once captured).
    #[inline]
    fn track(&self, pos: &Position<B>, m: &Move, tracked: u8) -> u8 {
        if tracked == NO_SQ {
            return NO_SQ;
        }
        if pos.side == self.attacker {
            // Off a stack the man on the square is the tracked one, whatever it has
            // become by promotion; on a stack its kind tells it apart.
            if m.from == tracked
                && (m.piece == self.tracked_kind_at(pos, tracked)
                    || !pos.stacked.has(tracked as usize))
            {
                return m.to;
            }
            if m.from2 == tracked {
                return m.to2;
            }
            tracked
        } else if m.to == tracked
            || (m.flag == crate::position::flag::EP && captured_ep_square(pos, m) == tracked)
        {
            NO_SQ
        } else {
            tracked
        }
    }

    /// The root position after the first move `m`, and where the tracked man stands.
    fn after_root_move(&self, root: &Position<B>, m: Move) -> (Position<B>, u8) {
        let mut p = root.clone();
        let nt = self.track(&p, &m, self.initial_track());
        p.make(m);
        (p, nt)
    }

    /// [`Self::track`] for the claim checker.
    pub fn track_pub(&self, pos: &Position<B>, m: &Move, tracked: u8) -> u8 {
        self.track(pos, m, tracked)
    }

    /// [`Self::goal_met`] for the claim checker.
    pub fn goal_met_pub(&self, pos: &Position<B>, out: &Outcome, tracked: u8) -> bool {
        self.goal_met(pos, out, tracked)
    }

    fn tracked_kind_at(&self, _pos: &Position<B>, _sq: u8) -> Kind {
        self.tracked_kind
    }

    /// Orders moves: checks first, then captures, then the rest (stable), from index
    /// `from` on (the moves before it stay where they are).
    fn order(&self, pos: &mut Position<B>, list: &mut MoveList, from: usize) {
        let sl = list.as_mut_slice();
        if sl.len() <= from + 1 {
            return;
        }
        // Three stable buckets, without allocating: checks are moved to the front as
        // found, the others wait in two small stack lists.
        let mut caps = MoveList::new();
        let mut quiet = MoveList::new();
        let mut w = from;
        for i in from..sl.len() {
            let m = sl[i];
            if pos.gives_check(m) {
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

    /// Orders a defender's moves, most disruptive first, where more than one attacker
    /// move remains: captures, then checks, then the other men's moves, the most valuable
    /// man first, and the king's last; within a group the defence that held last at this
    /// depth leads. Returns false (leaving the list as it is) for lists too long to
    /// order this way.
    ///
    /// Why: a refutation is cheapest to prove where it leaves the attacker least. A
    /// capture takes a man that might mate, a check leaves only evasions, and a move of a
    /// strong man away from its king is the nearest thing to passing, where a pawn or king
    /// move gives up squares around the king. On Dilaram's Legacy this searches 9 times
    /// fewer nodes than trying the last holding defence first.
    fn order_defences(&self, pos: &mut Position<B>, list: &mut MoveList, last_held: Move) -> bool {
        const MOST: usize = 256;
        let len = list.len();
        if len > MOST {
            return false;
        }
        let mut keys = [0u16; MOST];
        for (i, m) in list.as_slice().iter().enumerate() {
            let group: u16 = if pos.is_capture(m) {
                3
            } else if pos.gives_check(*m) {
                2
            } else if m.piece != self.king {
                1
            } else {
                0
            };
            let value = self.values[m.piece as usize];
            keys[i] = (group << 8) | (value << 1) | (*m == last_held) as u16;
        }
        // Insertion sort, largest key first, stable: the lists are short.
        let moves = list.as_mut_slice();
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

    /// May the attacker's moves be filtered to checks straight from the pseudo-legal
    /// list? Not when conditions or forced capture change which moves are allowed, nor
    /// under the nine-move limit (a position with moves may still be drawn by it).
    #[inline]
    fn checks_only_ok(&self, pos: &Position<B>) -> bool {
        !self.cond.attacker_no_capture
            && self.immobile.is_empty()
            && !pos.eng.rules.forced_capture
            && !pos.eng.rules.nine_move_limit
            && self.tables.is_none()
    }

    /// Mate in one with the attacker to move and some legal move: only checks are tried.
    fn mate_in_one(&mut self, pos: &mut Position<B>, tracked: u8) -> R {
        let mut list = MoveList::new();
        pos.checking_moves(&mut list);
        let mut result = Some(false);
        for &m in list.as_slice() {
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let r = self.defend(pos, 0, nt);
            pos.unmake(m, u);
            match r {
                Some(true) => {
                    result = Some(true);
                    break;
                }
                Some(false) => {}
                None => return None,
            }
        }
        result
    }

    /// Attacker to move: forced within `n` more attacker moves?
    pub fn attack(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> R {
        if !self.tick() {
            return None;
        }
        // No man can check in time: no mate (and the attacker to move has not been mated).
        if self.mate_reach && reach::no_check_within(pos, self.attacker, n, n.saturating_sub(1)) {
            return Some(false);
        }
        // A stored answer first: it was found for this very position and goal.
        let key = self.key(pos, tracked);
        let last_mate = n == 1 && self.stip.goal == Goal::Mate;
        if last_mate && self.checks_only_ok(pos) {
            // Only a mating check counts: try the checking moves alone, found without
            // listing the others (quicker than a table lookup, which would mostly miss
            // the cache). An attacker without a legal move has none of them, and its
            // game's end (stalemate, bare king) is no mate: no goal either way.
            return self.mate_in_one(pos, tracked);
        }
        if n > 0 {
            if let Some(v) = self.probe(key, n) {
                return Some(v);
            }
        }
        let mut list = MoveList::new();
        let legal = self.moves(pos, &mut list);
        let out = self.state(pos, &list, legal);
        if out != Outcome::Ongoing {
            // Decided after the defender's move (bare king after the reply, the attacker
            // stalemated where that wins): the goal came with the previous attacker move.
            return Some(self.goal_met(pos, &out, tracked) && (!self.stip.exact || n == 0));
        }
        if n == 0 {
            return Some(false);
        }
        if let Some(v) = self.table_answer(pos, n) {
            return Some(v);
        }
        if !last_mate {
            self.order(pos, &mut list, 0);
        }
        promote(&mut list, self.killer_att[n.min(255) as usize]);
        let mut result = Some(false);
        // The children probe the table at n - 1 (a defender with no move left does not).
        let ahead = if n >= 2 { PREFETCH_AHEAD } else { 0 };
        let mut fetched = 0;
        for i in 0..list.len() {
            let m = list.as_slice()[i];
            if ahead > 0 {
                self.prefetch_children(pos, &list, &mut fetched, i + 1 + ahead, tracked, n - 1);
            }
            if last_mate && !pos.gives_check(m) {
                continue;
            }
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let r = self.defend(pos, n - 1, nt);
            pos.unmake(m, u);
            match r {
                Some(true) => {
                    result = Some(true);
                    self.killer_att[n.min(255) as usize] = m;
                    break;
                }
                Some(false) => {}
                None => {
                    return None;
                }
            }
        }
        if let Some(v) = result {
            self.store(key, n, v);
        }
        result
    }

    /// Defender to move (after an attacker move): does the attacker force the goal within
    /// `n` more of its moves against every defence?
    pub fn defend(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> R {
        if !self.tick() {
            return None;
        }
        // A mate goal with no move left: only a mate now counts; no check, no mate, and
        // a king in check with a legal move is not mated either (found without listing
        // every move; conditions that bar moves need the full list).
        if n == 0 && self.stip.goal == Goal::Mate {
            if !pos.in_check() {
                return Some(false);
            }
            if self.immobile.is_empty() && pos.has_legal_move() {
                return Some(false);
            }
        }
        // No man can check in time, whatever the defence: only a mate given already
        // counts, and a defender with a legal move is not mated.
        if n > 0
            && self.mate_reach
            && reach::no_check_within(pos, self.attacker, n, n)
            && (!pos.in_check() || pos.has_legal_move())
        {
            return Some(false);
        }
        let key = self.key(pos, tracked);
        if n > 0 {
            if let Some(v) = self.probe(key, n) {
                return Some(v);
            }
        }
        if n == 1 && self.killer_first {
            // With one attacker move left, the defence that held last at this depth, tried
            // before any move is generated: where a try is refuted it nearly always holds
            // again. (With more moves left the defences are ordered instead.)
            let km = self.killer_def[n.min(255) as usize];
            if pos.plain_move_legal(km) == Some(true) {
                let mut one = MoveList::new();
                one.push(km);
                if pos.outcome_with(&one) == Outcome::Ongoing {
                    let nt = self.track(pos, &km, tracked);
                    let u = pos.make(km);
                    let r = self.attack(pos, n, nt);
                    pos.unmake(km, u);
                    match r {
                        Some(false) => {
                            self.store(key, n, false);
                            return Some(false);
                        }
                        Some(true) => {}
                        None => return None,
                    }
                }
            }
        }
        let mut list = MoveList::new();
        let legal = self.moves(pos, &mut list);
        let out = self.state(pos, &list, legal);
        if out != Outcome::Ongoing {
            return Some(self.goal_met(pos, &out, tracked) && (!self.stip.exact || n == 0));
        }
        // With no move left only a win already decided counts, or a bare king whose one
        // reply (to bare back) cannot save it: then the win came with this last move.
        let bare_pending = pos.men[pos.side.idx()] == 1 && self.stip.goal == Goal::Win;
        if n == 0 && !bare_pending {
            return Some(false);
        }
        if let Some(v) = self.table_answer(pos, n) {
            return Some(v);
        }
        if list.is_empty() {
            // Every legal move barred by a condition: play cannot go on, no goal.
            return Some(false);
        }
        let mut result = Some(true);
        let last_held = self.killer_def[n.min(255) as usize];
        // With more than one attacker move left the defences are ordered at once, the
        // most disruptive first. With one, the defence that held last at this depth goes
        // first and the others are ordered only when it fails (it nearly always holds).
        let mut ordered = n >= 2 && self.order_defences(pos, &mut list, last_held);
        let killer = !ordered && promote(&mut list, last_held);
        // The children probe the table unless they are a mate in one (answered by
        // trying the checks instead).
        let ahead = if n >= 2 || self.stip.goal != Goal::Mate {
            PREFETCH_AHEAD
        } else {
            0
        };
        let mut fetched = 0;
        for i in 0..list.len() {
            if !ordered && (i > 0 || !killer) {
                self.order(pos, &mut list, i);
                ordered = true;
                fetched = i;
            }
            // Once the order is settled the next few entries are fetched, before it only
            // the killer's.
            if ahead > 0 {
                let upto = if ordered { i + 1 + ahead } else { i + 1 };
                self.prefetch_children(pos, &list, &mut fetched, upto, tracked, n);
            }
            let m = list.as_slice()[i];
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let r = self.attack(pos, n, nt);
            pos.unmake(m, u);
            match r {
                Some(false) => {
                    result = Some(false);
                    self.killer_def[n.min(255) as usize] = m;
                    break;
                }
                Some(true) => {}
                None => return None,
            }
        }
        if let Some(v) = result {
            self.store(key, n, v);
        }
        result
    }

    /// The least k ≤ n within which the attacker forces the goal from an attacker node,
    /// `Some(None)` when not within n, `None` when stopped.
    fn fastest_attack(
        &mut self,
        pos: &mut Position<B>,
        n: u32,
        tracked: u8,
    ) -> Option<Option<u32>> {
        let lo = if self.stip.exact { n } else { 1 };
        for k in lo..=n {
            if self.attack(pos, k, tracked)? {
                return Some(Some(k));
            }
        }
        Some(None)
    }
}

/// How many moves ahead of the one being searched the children's table entries are
/// prefetched.
const PREFETCH_AHEAD: usize = 4;

/// The table key of a position with hash `hash` whose tracked man stands on `tracked`:
/// under `mate_by` a man, the same board with the man elsewhere is another problem.
#[inline]
fn key_of<B: Bits>(pos: &Position<B>, hash: u64, tracked: u8) -> u64 {
    if tracked == NO_SQ {
        hash
    } else {
        hash ^ pos.eng.z_priv[tracked as usize].rotate_left(23) ^ 0x5bd1_e995
    }
}

/// Moves `m` to the front of the list if it is there (keeping the others' order).
#[inline]
fn promote(list: &mut MoveList, m: Move) -> bool {
    let sl = list.as_mut_slice();
    if let Some(i) = sl.iter().position(|x| *x == m) {
        sl[..=i].rotate_right(1);
        true
    } else {
        false
    }
}

fn captured_ep_square<B: Bits>(pos: &Position<B>, m: &Move) -> u8 {
    let w = pos.eng.geo.width;
    if pos.side == Color::White {
        m.to - w
    } else {
        m.to + w
    }
}

/// True when `c`'s man of kind `k` on `from` attacks `target`.
pub(crate) fn man_attacks<B: Bits>(
    pos: &Position<B>,
    c: Color,
    k: Kind,
    from: usize,
    target: usize,
) -> bool {
    let e = &*pos.eng;
    let kt = &e.kinds[k as usize];
    if kt.pawn {
        return e.pawn_cap[c.idx()][from].has(target);
    }
    if kt.leap[from].has(target) {
        return true;
    }
    for &d in &kt.ride_dirs {
        if e.ray_targets(d as usize, from, pos.occ).has(target) {
            return true;
        }
    }
    if let Some(b) = kt.bent {
        if e.bent_targets(b, from as u8, pos.occ).has(target) {
            return true;
        }
    }
    false
}

/// What one root move was found to do.
#[derive(Clone, Debug)]
struct RootResult {
    m: Move,
    /// Least k found within which this move forces the goal.
    wins_in: Option<u32>,
    /// True when no smaller k works (proven).
    min_proven: bool,
    /// Largest k proven not to win within (0 = nothing proven).
    fails_upto: u32,
    /// True when the search of this move was stopped by a limit.
    stopped: bool,
    /// For a move that fails at N: the defences that hold.
    holding: Vec<Move>,
}

/// Solves a position for a stipulation under conditions.
pub fn solve<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
    tables: Option<std::sync::Arc<crate::retro::Tables>>,
) -> SolveReport {
    let budget = Budget::new(limits);
    let n = stip.moves;
    let mut root = pos.clone();
    let probe_cond = cond;
    let mut list = MoveList::new();
    {
        let s = Searcher::new(&root, *stip, probe_cond, &budget);
        s.moves(&mut root, &mut list);
        // Checks, then captures, first: the likely keys get proven before the workers
        // sink their time into the quiet tries.
        s.order(&mut root, &mut list, 0);
    }
    let root_moves: Vec<Move> = list.as_slice().to_vec();
    let bar = crate::solve::progress_bar(limits.progress, root_moves.len() as u64, "root moves");
    let worker = || Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
    // Phase 1: the decisive question (does it win within N?) for every root move, each
    // with a small node allowance: a key's proof along its forcing line is cheap, and so
    // is the refutation of most tries. Keys are then pinned down to their least k.
    let mut results: Vec<RootResult> = root_moves
        .par_iter()
        .map_init(worker, |s, &m| {
            let (mut p, nt) = s.after_root_move(pos, m);
            let mut r = RootResult {
                m,
                wins_in: None,
                min_proven: false,
                fails_upto: 0,
                stopped: false,
                holding: vec![],
            };
            let class = if p.in_check() {
                0
            } else if pos.is_capture(&m) {
                1
            } else {
                2
            };
            s.cap = s.local_nodes + ROOT_ALLOWANCE[class];
            let first = s.defend(&mut p, n - 1, nt);
            s.cap = u64::MAX;
            match first {
                Some(true) => {
                    r.wins_in = Some(n);
                    r.min_proven = stip.exact;
                    // Then down from N: the first k that fails fixes the least one.
                    if !stip.exact {
                        let mut k = n;
                        loop {
                            if k == 1 {
                                r.min_proven = true;
                                break;
                            }
                            match s.defend(&mut p, k - 2, nt) {
                                Some(true) => {
                                    k -= 1;
                                    r.wins_in = Some(k);
                                }
                                Some(false) => {
                                    r.fails_upto = k - 1;
                                    r.min_proven = true;
                                    break;
                                }
                                None => {
                                    r.stopped = true;
                                    break;
                                }
                            }
                        }
                    }
                }
                Some(false) => r.fails_upto = n,
                None => r.stopped = budget.stopped(),
            }
            s.flush();
            if let Some(b) = &bar {
                b.inc(1);
            }
            r
        })
        .collect();
    // Phase 2: the moves still open, deepened together one move at a time (all of them
    // to k before any to k + 1), so that a search cut by a limit still proves "no other
    // first move wins within k" for the largest k it completed.
    let depths: Vec<u32> = if stip.exact {
        vec![n]
    } else {
        (1..=n).collect()
    };
    for k in depths {
        if budget.stopped() {
            break;
        }
        let open: Vec<usize> = (0..results.len())
            .filter(|&i| {
                let r = &results[i];
                r.wins_in.is_none() && !r.stopped && r.fails_upto < k
            })
            .collect();
        if open.is_empty() {
            continue;
        }
        if let Some(b) = &bar {
            b.set_length(open.len() as u64);
            b.set_position(0);
            b.set_message(format!("open root moves, within {k}"));
        }
        let done: Vec<(usize, R)> = open
            .par_iter()
            .map_init(worker, |s, &i| {
                let m = results[i].m;
                let (mut p, nt) = s.after_root_move(pos, m);
                let r = s.defend(&mut p, k - 1, nt);
                s.flush();
                if let Some(b) = &bar {
                    b.inc(1);
                }
                (i, r)
            })
            .collect();
        for (i, r) in done {
            let x = &mut results[i];
            match r {
                Some(true) => {
                    // Every k' < k failed before (or k = N under `exact`).
                    x.wins_in = Some(k);
                    x.min_proven = true;
                }
                Some(false) => x.fails_upto = k,
                None => x.stopped = true,
            }
        }
    }
    // The defences that hold against each failed try, for the refutation of an unsound
    // problem (a sound one needs none: its tries are already proven to fail). Only the
    // strongest try's are reported (the fewest, at least one), so a try stops being
    // counted once it has more than the fewest found so far; a try that ties is counted in
    // full, which keeps the choice among ties independent of the thread count.
    if !budget.stopped() && results.iter().all(|r| r.wins_in.is_none()) {
        let fewest = std::sync::atomic::AtomicUsize::new(usize::MAX);
        let holding: Vec<(usize, Vec<Move>, bool)> = (0..results.len())
            .filter(|&i| results[i].wins_in.is_none() && results[i].fails_upto >= n)
            .collect::<Vec<_>>()
            .par_iter()
            .map_init(worker, |s, &i| {
                let m = results[i].m;
                let (mut p, nt) = s.after_root_move(pos, m);
                let mut held = vec![];
                let mut stopped = false;
                let mut l2 = MoveList::new();
                s.moves(&mut p, &mut l2);
                for &d in l2.as_slice() {
                    let nt2 = s.track(&p, &d, nt);
                    let u = p.make(d);
                    let r = s.attack(&mut p, n - 1, nt2);
                    p.unmake(d, u);
                    match r {
                        Some(false) => {
                            held.push(d);
                            if held.len() > fewest.load(Ordering::Relaxed) {
                                break;
                            }
                        }
                        Some(true) => {}
                        None => {
                            stopped = true;
                            break;
                        }
                    }
                }
                // A try that fails with no defence held (it stalemates, say: no mate) can
                // never be the strongest, so it sets no bound.
                if !stopped && !held.is_empty() {
                    fewest.fetch_min(held.len(), Ordering::Relaxed);
                }
                s.flush();
                (i, held, stopped)
            })
            .collect();
        for (i, held, stopped) in holding {
            results[i].holding = held;
            results[i].stopped |= stopped;
        }
    }
    for r in results.iter_mut() {
        // A move neither proven to win nor proven to fail within N is open.
        if r.wins_in.is_none() && r.fails_upto < n {
            r.stopped = true;
        }
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut rep = SolveReport::default();
    // The key list is complete when every other first move is proven to fail within N
    // (a key whose least k was not settled does not make the list incomplete).
    let stopped_any = results
        .iter()
        .any(|r| r.wins_in.is_none() && r.fails_upto < n);
    let keys: Vec<&RootResult> = results.iter().filter(|r| r.wins_in.is_some()).collect();
    rep.keys = keys.iter().map(|r| notation::coord(pos, &r.m)).collect();
    rep.keys_san = keys.iter().map(|r| notation::san(pos, &r.m)).collect();
    rep.keys_complete = !stopped_any;
    rep.others_fail_within = results
        .iter()
        .filter(|r| r.wins_in.is_none())
        .map(|r| r.fails_upto)
        .min();
    rep.solvable = if !keys.is_empty() {
        Solvable::Yes
    } else if stopped_any {
        Solvable::Unknown
    } else {
        Solvable::No
    };
    if let Some(best) = keys.iter().map(|r| r.wins_in.unwrap()).min() {
        // The shortest is proven when every other move is known not to win faster.
        let sound = stip.exact
            || results.iter().all(|r| {
                if r.wins_in.is_some() {
                    r.min_proven
                } else {
                    r.fails_upto + 1 >= best
                }
            });
        if sound {
            rep.shortest = Some(best);
        }
    }
    if rep.solvable == Solvable::No {
        // The strongest try: the fewest holding defences; ties go to the most forcing
        // try: a check, then the fewest legal replies.
        let forcing = |m: &Move| {
            let mut p = pos.clone();
            p.make(*m);
            (!p.in_check(), p.count_legal())
        };
        // A try whose count a limit interrupted competes only if no try was counted to the
        // end (its defences shown still hold; it may just not be the strongest).
        let counted = |r: &&RootResult| !r.holding.is_empty() && !r.stopped;
        let pool: Vec<&RootResult> = if results.iter().any(|r| counted(&r)) {
            results.iter().filter(counted).collect()
        } else {
            results.iter().filter(|r| !r.holding.is_empty()).collect()
        };
        if let Some(t) = pool
            .into_iter()
            .min_by_key(|r| (r.holding.len(), forcing(&r.m)))
        {
            let mut p = pos.clone();
            let mut s = Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
            let t0 = s.initial_track();
            let try_c = notation::coord(&p, &t.m);
            let nt = s.track(&p, &t.m, t0);
            p.make(t.m);
            let defs: Vec<String> = t.holding.iter().map(|d| notation::coord(&p, d)).collect();
            let nt2 = s.track(&p, &t.holding[0], nt);
            p.make(t.holding[0]);
            // The line goes on: the attacker's most forcing continuation, the defence that
            // holds against it, until the moves run out.
            let more = refutation_line(&mut s, &mut p, n - 1, nt2);
            let mut text = format!("{} {}", try_c, defs[0]);
            for m in &more {
                text.push(' ');
                text.push_str(m);
            }
            if defs.len() > 1 {
                text.push_str(&format!(" (1st move also held by {})", defs[1..].join(" ")));
            }
            rep.refutation = Some(text);
            s.flush();
        } else if root_moves.is_empty() {
            rep.refutation = Some("no legal move".into());
        }
    }
    let mut tree_nodes = 0;
    // Main line and solution tree from the fastest key.
    if let Some(k) = keys.iter().min_by_key(|r| r.wins_in.unwrap()) {
        // A budget of its own: the root search may have spent the whole of its.
        let budget = Budget::new(&super::remaining(limits, budget.start));
        let mut s = Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
        let mut p = pos.clone();
        let t0 = s.initial_track();
        let mut tree = vec![];
        let mut truncated = false;
        let mut line = vec![];
        build_tree(
            &mut s,
            &mut p,
            k.m,
            k.wins_in.unwrap(),
            t0,
            &mut line,
            &mut tree,
            &mut truncated,
        );
        rep.tree = tree;
        rep.tree_truncated = truncated;
        let mut p = pos.clone();
        let mut s2 = Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
        let (san, coord) = main_line(&mut s2, &mut p, k.m, k.wins_in.unwrap(), t0);
        rep.main_line = san;
        rep.main_line_coord = coord;
        s.flush();
        s2.flush();
        tree_nodes = budget.nodes.load(Ordering::Relaxed);
    }
    rep.nodes = budget.nodes.load(Ordering::Relaxed) + tree_nodes;
    rep.millis = budget.start.elapsed().as_millis() as u64;
    rep.limit_hit = budget.reason();
    rep
}

/// The solution tree after a key known to win within `k` (from a claim checked in full).
pub(crate) fn tree_for_key<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
    key: Move,
    k: u32,
    tables: Option<std::sync::Arc<crate::retro::Tables>>,
) -> (Vec<Variation>, bool) {
    let budget = Budget::new(limits);
    let mut s = Searcher::new(pos, *stip, cond, &budget).with_tables(tables);
    let mut p = pos.clone();
    let t0 = s.initial_track();
    let mut tree = vec![];
    let mut truncated = false;
    build_tree(
        &mut s,
        &mut p,
        key,
        k,
        t0,
        &mut vec![],
        &mut tree,
        &mut truncated,
    );
    if budget.stopped() {
        truncated = true;
    }
    (tree, truncated)
}

/// From an attacker node with `r` moves left that fails: the most forcing attacker move
/// (fewest holding defences, checks first) and a defence that holds, repeated, as
/// coordinates. Stops early when a limit is hit.
fn refutation_line<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    r: u32,
    tracked: u8,
) -> Vec<String> {
    let mut out = vec![];
    if r == 0 {
        return out;
    }
    let mut list = MoveList::new();
    s.moves(pos, &mut list);
    if list.len() > 1 {
        s.order(pos, &mut list, 0);
    }
    // (holding count, not a check, attacker move, first holding defence)
    let mut best: Option<(usize, bool, Move, Move)> = None;
    for &a in list.as_slice() {
        let nt = s.track(pos, &a, tracked);
        let u = pos.make(a);
        let chk = pos.in_check();
        let mut dl = MoveList::new();
        s.moves(pos, &mut dl);
        let mut holding = 0;
        let mut first = None;
        // Counting stops once this move cannot beat the best (it needs fewer holding
        // defences, or as many and a check).
        let most = best.map_or(usize::MAX, |b| b.0);
        for &d in dl.as_slice() {
            let nt2 = s.track(pos, &d, nt);
            let u2 = pos.make(d);
            let res = s.attack(pos, r - 1, nt2);
            pos.unmake(d, u2);
            match res {
                Some(false) => {
                    holding += 1;
                    first.get_or_insert(d);
                    if holding > most {
                        break;
                    }
                }
                Some(true) => {}
                None => {
                    pos.unmake(a, u);
                    return out;
                }
            }
        }
        pos.unmake(a, u);
        let Some(d) = first else { continue };
        let cand = (holding, !chk, a, d);
        if best.is_none_or(|b| (cand.0, cand.1) < (b.0, b.1)) {
            best = Some(cand);
        }
    }
    let Some((_, _, a, d)) = best else { return out };
    out.push(notation::coord(pos, &a));
    let nt = s.track(pos, &a, tracked);
    let u = pos.make(a);
    out.push(notation::coord(pos, &d));
    let nt2 = s.track(pos, &d, nt);
    let u2 = pos.make(d);
    out.extend(refutation_line(s, pos, r - 1, nt2));
    pos.unmake(d, u2);
    pos.unmake(a, u);
    out
}

/// Appends every line of play after attacker move `m` (winning within `k`) to `out`.
#[allow(clippy::too_many_arguments)]
fn build_tree<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    m: Move,
    k: u32,
    tracked: u8,
    line: &mut Vec<(String, String)>,
    out: &mut Vec<Variation>,
    truncated: &mut bool,
) {
    if out.len() >= MAX_VARIATIONS {
        *truncated = true;
        return;
    }
    let nt = s.track(pos, &m, tracked);
    line.push((notation::san(pos, &m), notation::coord(pos, &m)));
    let u = pos.make(m);
    let mut list = MoveList::new();
    s.moves(pos, &mut list);
    let out_state = pos.outcome_with(&list);
    if out_state != Outcome::Ongoing || k <= 1 && list.is_empty() {
        out.push(variation(line, &out_state));
    } else if k > 1 {
        for &d in list.as_slice() {
            if out.len() >= MAX_VARIATIONS {
                *truncated = true;
                break;
            }
            let nt2 = s.track(pos, &d, nt);
            line.push((notation::san(pos, &d), notation::coord(pos, &d)));
            let u2 = pos.make(d);
            let mut l2 = MoveList::new();
            s.moves(pos, &mut l2);
            let o2 = pos.outcome_with(&l2);
            if o2 != Outcome::Ongoing {
                out.push(variation(line, &o2));
            } else if let Some(next) = best_attack(s, pos, k - 1, nt2) {
                build_tree(s, pos, next.0, next.1, nt2, line, out, truncated);
            } else {
                out.push(variation(line, &Outcome::Ongoing));
            }
            pos.unmake(d, u2);
            line.pop();
        }
    } else {
        out.push(variation(line, &out_state));
    }
    pos.unmake(m, u);
    line.pop();
}

fn variation(line: &[(String, String)], out: &Outcome) -> Variation {
    Variation {
        san: line.iter().map(|x| x.0.clone()).collect(),
        coord: line.iter().map(|x| x.1.clone()).collect(),
        outcome: out.describe(),
    }
}

/// The attacker's fastest winning move within `n` (first in move order on ties).
fn best_attack<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    n: u32,
    tracked: u8,
) -> Option<(Move, u32)> {
    // The fastest win needs a disproof one move shorter, which is affordable only for
    // short remainders; beyond that any win within the bound is taken (checks first).
    let k = if n <= FASTEST_UP_TO || s.tables.is_some() {
        s.fastest_attack(pos, n, tracked)??
    } else {
        n
    };
    let mut list = MoveList::new();
    s.moves(pos, &mut list);
    if list.len() > 1 {
        s.order(pos, &mut list, 0);
    }
    for &m in list.as_slice() {
        let nt = s.track(pos, &m, tracked);
        let u = pos.make(m);
        let r = s.defend(pos, k - 1, nt);
        pos.unmake(m, u);
        if r == Some(true) {
            return Some((m, k));
        }
    }
    None
}

/// The main line: the attacker's fastest win against the defence that lasts longest.
fn main_line<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    key: Move,
    k: u32,
    tracked: u8,
) -> (Vec<String>, Vec<String>) {
    let mut san = vec![];
    let mut coord = vec![];
    let mut m = key;
    let mut k = k;
    let mut tracked = tracked;
    loop {
        san.push(notation::san(pos, &m));
        coord.push(notation::coord(pos, &m));
        tracked = s.track(pos, &m, tracked);
        pos.make(m);
        let mut list = MoveList::new();
        s.moves(pos, &mut list);
        if pos.outcome_with(&list) != Outcome::Ongoing || k <= 1 {
            break;
        }
        // The defence that holds out longest.
        let mut best: Option<(Move, u32)> = None;
        for &d in list.as_slice() {
            let nt = s.track(pos, &d, tracked);
            let u = pos.make(d);
            let need = if k - 1 <= FASTEST_UP_TO || s.tables.is_some() {
                s.fastest_attack(pos, k - 1, nt).flatten().unwrap_or(0)
            } else {
                0
            };
            pos.unmake(d, u);
            if best.is_none_or(|b| need > b.1) {
                best = Some((d, need));
            }
        }
        let Some((d, _)) = best else { break };
        san.push(notation::san(pos, &d));
        coord.push(notation::coord(pos, &d));
        tracked = s.track(pos, &d, tracked);
        pos.make(d);
        let Some((next, k2)) = best_attack(s, pos, k - 1, tracked) else {
            break;
        };
        m = next;
        k = k2;
    }
    (san, coord)
}
