//! The exhaustive AND/OR search: `attack(n)`: the attacker (the side to move at the root)
//! forces the goal within `n` more of its own moves. `defend(n)`: after an attacker move,
//! against every defence the attacker still forces it within `n` more moves. Nothing is
//! approximated: a `false` is a proof that some defence holds; a search stopped by a limit
//! says `unknown`. The root (see [`super::root`]) deepens it one move at a time.
//!
//! Sound pruning only. For a mate goal the attacker's last move must give check, so on
//! the last move only checks are tried; and where no man of the attacker's can reach a
//! checking square in time (see [`super::reach`]), no mate is possible and the node is
//! settled without a move. With two attacker moves left, a defence after which no man
//! can check at all (the king stays out of reach and another man moves, or the king steps
//! out of reach) settles a first move without a table lookup, and where every first move
//! leaves one, the node is settled without a move (see [`reach::quiet_defence`]); and
//! after an attacker move with two left, the defence that held last at that depth is
//! tried on the board alone first (no man can then check in time, or a quiet defence
//! answers every next move), without listing the defences.

use super::counters::{self, Count};
use super::order::{captures_first, promote};
use super::searcher::{Searcher, Settled, PREFETCH_AHEAD};
use super::{reach, Goal};
use crate::board::bits::Bits;
use crate::board::movegen::{Legality, MoveList};
use crate::board::outcome::Outcome;
use crate::board::position::{Move, Position};

impl<B: Bits> Searcher<'_, B> {
    /// Mate in one with the attacker to move and some legal move: only checks are tried,
    /// those the flight-square counts (`last`) do not set aside; and of those, where any
    /// is left, only the ones that the attack maps show leave no flight square (see
    /// [`reach::MatingMoves`]) are kept, and those are judged from the maps before they
    /// are played (see [`reach::mates`]).
    fn mate_in_one(
        &mut self,
        pos: &mut Position<B>,
        tracked: u8,
        last: Option<&reach::LastMoves<B>>,
    ) -> Settled {
        // Checks after which a flight square must stay open are not played, nor asked
        // whether they are legal.
        let mut list = MoveList::new();
        match last {
            Some(last) => {
                pos.checking_moves_where(&mut list, last.movers(), |p, m| last.may_mate(p, m))
            }
            None => pos.checking_moves(&mut list),
        }
        counters::add(Count::Attack1ChecksListed, list.len());
        if list.is_empty() {
            return Some(false);
        }
        // The maps are drawn only here: at most nodes no check is left to judge, and
        // drawing them there cost more than the checks they set aside.
        let movers = list
            .as_slice()
            .iter()
            .fold(B::EMPTY, |b, m| b | B::bit(m.from as usize));
        if let Some(mm) = reach::MatingMoves::new(pos, self.attacker, movers) {
            let plain = |m: &Move| m.flag <= crate::board::position::MoveKind::EnPassant;
            list.retain(|m| (!plain(m) || mm.movers().has(m.from as usize)) && mm.may_mate(pos, m));
        }
        // Each check left is judged from the attack maps where they can tell (see
        // `reach::mates`): a check the defender escapes is not played, and a mate is
        // taken as found where no condition asks more of it than a checkmate.
        counters::add(Count::Attack1ChecksAfterMaps, list.len());
        let judged = reach::mates_judged(pos);
        let plain_mate = self.cond.mate_by.is_none()
            && self.cond.mate_on.is_empty()
            && self.cond.mate_from.is_empty();
        let mut result = Some(false);
        for &m in list.as_slice() {
            match judged.then(|| reach::mates(pos, &m)).flatten() {
                Some(false) => {
                    counters::one(Count::Attack1JudgedEscape);
                    continue;
                }
                Some(true) if plain_mate => {
                    counters::one(Count::Attack1JudgedMate);
                    return Some(true);
                }
                _ => {}
            }
            counters::one(Count::Attack1ChecksPlayed);
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let r = self.id_defend(pos, 0, nt);
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

    /// Attacker to move with `n` moves left: is a mate ruled out by the board alone,
    /// without a move made? Either no man can check in time (and the attacker to move has
    /// not been mated), or, with two moves left, whatever the first, the defender then has
    /// a move after which no man can check.
    fn board_refutes(&self, pos: &Position<B>, n: u32) -> bool {
        self.mate_reach
            && (reach::no_check_within(pos, self.attacker, n, n.saturating_sub(1))
                || (n == 2
                    && self.free_defence
                    && reach::quiet_defence_after_any(pos, self.attacker)))
    }

    /// No goal with the attacker's next move, by the defending king's flight squares alone
    /// (see [`reach::LastMoves::refutes`]); where a bare king wins, only while the
    /// defender has more than one man besides the king. Asked only there: with more moves
    /// left it seldom answers and costs more than it saves (the counts: benches/NOTES.md,
    /// "Figures from the code's comments").
    #[inline]
    fn flights_refute(&self, pos: &Position<B>, last: &reach::LastMoves<B>) -> bool {
        (self.mate_only || pos.men[self.attacker.flip().idx()] > 2) && last.refutes()
    }

    /// The attacker's last move under a `win` goal: only a move that may leave every
    /// flight square attacked (a mate or a stalemate) or, against a king with one man
    /// left, a capture (a bare king) can win; the others are dropped from `list`.
    fn keep_last_winners(
        &self,
        pos: &Position<B>,
        list: &mut MoveList,
        last: Option<&reach::LastMoves<B>>,
    ) {
        let men = pos.men[self.attacker.flip().idx()];
        if self.mate_only || men < 2 {
            return;
        }
        if let Some(last) = last {
            list.retain(|m| last.may_mate(pos, m) || (men == 2 && pos.is_capture(m)));
        }
    }

    /// Attacker to move with `n` moves left: is the goal ruled out before any move is
    /// listed, by the board (see [`Self::board_refutes`]) or by the flight squares?
    #[inline]
    fn refuted_before_moves(
        &self,
        pos: &Position<B>,
        n: u32,
        last: Option<&reach::LastMoves<B>>,
        checks_only: bool,
    ) -> bool {
        // Where the last move's checks are filtered by the flight squares, whether any
        // man can check at all is not asked first: it answers seldom (benches/NOTES.md),
        // and where it would, the checks are few or filtered out.
        (!(checks_only && last.is_some()) && self.board_refutes(pos, n))
            || last.is_some_and(|l| self.flights_refute(pos, l))
    }

    /// With two attacker moves left, the held reply where it is worth looking for (see
    /// [`reach::HeldReply`] and [`Self::held_wanted`]). Under `win` the defender keeps
    /// men enough not to be bared.
    #[inline]
    fn held_reply(&mut self, pos: &mut Position<B>) -> Option<reach::HeldReply> {
        if !(self.flight_reach && self.free_defence && self.held_wanted()) {
            return None;
        }
        let men = if self.mate_only { 0 } else { 4 };
        let h = reach::HeldReply::new(pos, self.attacker, self.killer_def[1], men);
        self.held_found(h.is_some());
        h
    }

    /// After first move `m` with two attacker moves left (`quiet`: the quiet defence may
    /// be looked for), is the first move refuted on the board, by a quiet defence or by the
    /// held reply? A first move the held reply answers is a node made and looked at:
    /// counted.
    #[inline]
    fn answered_on_board(
        &mut self,
        pos: &mut Position<B>,
        m: &Move,
        quiet: bool,
        held: Option<&reach::HeldReply>,
    ) -> bool {
        if quiet && reach::quiet_defence(pos, self.attacker) {
            counters::one(Count::Attack2QuietAnswers);
            return true;
        }
        let answered = held.is_some_and(|h| self.tick() && h.answers(pos, m));
        counters::add(Count::Attack2HeldAnswers, answered as usize);
        answered
    }

    /// Attacker to move: forced within `n` more attacker moves?
    pub(super) fn id_attack(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> Settled {
        if !self.tick() {
            return None;
        }
        // With one move left, the flight squares where the king stands: they may rule out
        // the goal, and they rule out most last moves (see `reach::LastMoves`).
        let last = (n == 1 && self.flight_reach)
            .then(|| reach::LastMoves::new(pos, self.attacker))
            .flatten();
        let last_mate = n == 1 && self.stip.goal == Goal::Mate;
        let checks_only = last_mate && self.checks_only_ok(pos);
        counters::attack_node(n);
        if self.refuted_before_moves(pos, n, last.as_ref(), checks_only) {
            counters::add(Count::Attack1Refuted, (n == 1) as usize);
            return Some(false);
        }
        if checks_only {
            // Only a mating check counts: try the checking moves alone, found without
            // listing the others (quicker than a table lookup, which would mostly miss
            // the cache). An attacker without a legal move has none of them, and its
            // game's end (stalemate, bare king) is no mate: no goal either way.
            return self.mate_in_one(pos, tracked, last.as_ref());
        }
        // A stored answer first: it was found for this very position and goal.
        let key = self.key(pos, tracked);
        if n > 0 {
            if let Some(v) = self.probe(key, n) {
                counters::add(Count::Attack2TableAnswers, (n == 2) as usize);
                return Some(v);
            }
        }
        // With two moves left, a defence after which no man can check at all is looked
        // for on the board after each first move, before any table lookup: on Dilaram's
        // Legacy it settles nine in ten of them.
        let quiet = n == 2 && self.mate_reach && self.free_defence;
        // Most first moves are refuted so without being played (see `reach::FirstMoves`):
        // not even listed, nor asked whether they are legal (Dilaram's Legacy: four in
        // five of them; benches/NOTES.md).
        let first = quiet
            .then(|| reach::FirstMoves::new(pos, self.attacker))
            .flatten();
        let mut list = MoveList::new();
        let legal = match &first {
            Some(f) => {
                let kept = |p: &Position<B>, k, from, t| f.kept(p, k, from, t);
                usize::from(self.attacker_moves_where(pos, &mut list, kept))
            }
            None => self.moves(pos, &mut list),
        };
        counters::add(
            Count::Attack2MovesListed,
            if n == 2 { list.len() } else { 0 },
        );
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
        if n == 1 && !last_mate {
            self.keep_last_winners(pos, &mut list, last.as_ref());
        }
        if !last_mate {
            self.order(pos, &mut list, 0);
        }
        promote(&mut list, self.killer_att[n.min(255) as usize]);
        let mut result = Some(false);
        // The children probe the table at n - 1 (a defender with no move left does not).
        // Fetched ahead even where most first moves are answered on the board before
        // their child is searched (the quiet defence, the held reply): the ones that are
        // not then find their entry in the cache.
        let ahead = if n >= 2 { PREFETCH_AHEAD } else { 0 };
        // With two moves left, the defence that held last one move deeper, if it leaves
        // too few flight squares coverable, answers most first moves after they are made,
        // before any table lookup (see `reach::HeldReply` and `Self::held_reply`).
        let held = if n == 2 { self.held_reply(pos) } else { None };
        let mut fetched = 0;
        let info = last_mate.then(|| pos.check_info());
        for i in 0..list.len() {
            let m = list.as_slice()[i];
            if ahead > 0 {
                self.prefetch_children(pos, &list, &mut fetched, i + 1 + ahead, tracked, n - 1);
            }
            if info.as_ref().is_some_and(|i| !pos.gives_check_with(m, i)) {
                continue;
            }
            counters::attack_move(n);
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let r = if self.answered_on_board(pos, &m, quiet, held.as_ref()) {
                Some(false)
            } else {
                self.id_defend(pos, n - 1, nt)
            };
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
    pub(super) fn id_defend(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> Settled {
        if !self.tick() {
            return None;
        }
        counters::defend_level(n, Count::Defend1Nodes, Count::Defend2Nodes);
        if self.defence_cannot_lose(pos, n) {
            return Some(false);
        }
        let key = self.key(pos, tracked);
        if n > 0 {
            if let Some(v) = self.probe(key, n) {
                counters::defend_level(n, Count::Defend1TableAnswers, Count::Defend2TableAnswers);
                return Some(v);
            }
        }
        if let Some(v) = self.table_answer_first(pos, n) {
            return Some(v);
        }
        let failed = match self.killer_defence(pos, n, key, tracked) {
            Ok(r) => return r,
            Err(failed) => failed,
        };
        counters::add(Count::Defend1Listed, (n == 1) as usize);
        if let Some(r) = self.lazy_defences(pos, n, key, tracked, failed) {
            return r;
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
        let result = self.try_defences(pos, &mut list, n, tracked, None);
        if let Some(v) = result {
            self.store(key, n, v);
        }
        result
    }

    /// The defences tried without listing the legal ones first: each is asked whether it
    /// is legal only when its turn comes, and one usually holds at once (benches/NOTES.md
    /// counts how often the first holds). Only where nothing but the moves
    /// decides the game (the outcome with some legal move would be play on) and the
    /// defender chooses freely; `None` elsewhere, for the full list.
    ///
    /// `failed`: a defence already tried here that did not hold, left out.
    fn lazy_defences(
        &mut self,
        pos: &mut Position<B>,
        n: u32,
        key: u64,
        tracked: u8,
        failed: Option<Move>,
    ) -> Option<Settled> {
        if n == 0 || !self.killer_first {
            return None;
        }
        if Self::outcome_with_a_move(pos) != Outcome::Ongoing {
            return None;
        }
        let mut list = MoveList::new();
        pos.pseudo_moves(&mut list);
        if let Some(f) = failed {
            list.retain(|m| *m != f);
        }
        let legality = pos.legality();
        let mut result = self.try_defences(pos, &mut list, n, tracked, Some(&legality));
        if result == Some(true) && !pos.has_legal_move() {
            // No legal move at all: mated or stalemated now, decided by the last move.
            let out = pos.outcome_with(&MoveList::new());
            result = Some(self.goal_met(pos, &out, tracked) && !self.stip.exact);
        }
        if let Some(v) = result {
            self.store(key, n, v);
        }
        Some(result)
    }

    /// Settled for the defender without a move listed: a mate goal with no move left and
    /// no mate now, or no attacker man able to check in time.
    #[inline]
    fn defence_cannot_lose(&self, pos: &mut Position<B>, n: u32) -> bool {
        // A mate goal with no move left: only a mate now counts; no check, no mate, and
        // a king in check with a legal move is not mated either (found without listing
        // every move; conditions that bar moves need the full list).
        if n == 0 && self.stip.goal == Goal::Mate {
            if !pos.in_check() {
                return true;
            }
            if self.immobile.is_empty() && pos.has_legal_move() {
                return true;
            }
        }
        // No man can check in time, whatever the defence: only a mate given already
        // counts, and a defender with a legal move is not mated. Not asked with one
        // attacker move left: there it answered at none of the 51 K such nodes of
        // `s3-13-n5` nor the 1.9 M of Dilaram's Legacy (a defender move leaves some man
        // a check), and the attacker's node after the defence asks it more cheaply.
        n > 1
            && self.mate_reach
            && reach::no_check_within(pos, self.attacker, n, n)
            && (!pos.in_check() || pos.has_legal_move())
    }

    /// The defence that held last at this depth, tried before any move is listed:
    /// `Ok(answer)` when it settles the node; else `Err` with the defence if it was
    /// played and did not hold (the list then leaves it out: searched again, a mate in
    /// one would be searched again in full, as those are not stored).
    #[inline]
    fn killer_defence(
        &mut self,
        pos: &mut Position<B>,
        n: u32,
        key: u64,
        tracked: u8,
    ) -> Result<Settled, Option<Move>> {
        if n == 2
            && self.killer_first
            && self.mate_reach
            && self.free_defence
            && reach::leapers_only(pos, self.attacker)
        {
            // With two attacker moves left, the defence that held last at this depth, if
            // after it the attacker has no mate in two by the board alone (no man can
            // check in time, or a quiet defence answers every first move): settled
            // without listing the defences. (A rider defeats both tests: not tried.) Not
            // stored: found again about as cheaply as looked up, and leaving these out
            // halves the table of a long search.
            let km = self.killer_def[2];
            if let Some(u) = pos.make_plain(km) {
                let held = self.board_refutes(pos, 2);
                pos.unmake(km, u);
                if held {
                    return Ok(Some(false));
                }
            }
        }
        if n == 1 && self.killer_first {
            // With one attacker move left, the defence that held last at this depth, tried
            // before any move is generated: where a try is refuted it nearly always holds
            // again. (With more moves left the defences are ordered instead.)
            let km = self.killer_def[n.min(255) as usize];
            // Decided before any move (a bare king, a draw): the full list judges it.
            if Self::outcome_with_a_move(pos) != Outcome::Ongoing {
                return Err(None);
            }
            let nt = self.track(pos, &km, tracked);
            if let Some(u) = pos.make_plain(km) {
                let r = self.id_attack(pos, n, nt);
                pos.unmake(km, u);
                match r {
                    Some(false) => {
                        counters::one(Count::Defend1LastHeldHolds);
                        self.store(key, n, false);
                        return Ok(Some(false));
                    }
                    Some(true) => {
                        counters::one(Count::Defend1LastHeldFails);
                        return Err(Some(km));
                    }
                    None => return Ok(None),
                }
            }
        }
        Err(None)
    }

    /// Every defence in turn, the likely holder first: `Some(false)` at the first that
    /// holds, `Some(true)` when none does.
    #[inline]
    fn try_defences(
        &mut self,
        pos: &mut Position<B>,
        list: &mut MoveList,
        n: u32,
        tracked: u8,
        legality: Option<&Legality<B>>,
    ) -> Settled {
        let mut result = Some(true);
        let last_held = self.killer_def[n.min(255) as usize];
        // With more than one attacker move left the most disruptive defence goes first.
        // With one, the defence that held last at this depth does, and the captures after
        // it. Either way the others are ordered only when it fails (it nearly always
        // holds).
        let disruptive = n >= 2 && self.first_defence(pos, list, last_held);
        let killer = !disruptive && promote(list, last_held);
        let mut ordered = false;
        // The children probe the table unless they are a mate in one (answered by
        // trying the checks instead).
        let ahead = if n >= 2 || self.stip.goal != Goal::Mate {
            PREFETCH_AHEAD
        } else {
            0
        };
        let mut fetched = 0;
        for i in 0..list.len() {
            if !ordered && (i > 0 || !(killer || disruptive)) {
                if disruptive {
                    self.order_defences(pos, list, i, last_held);
                } else if n == 1 {
                    captures_first(pos, list, i);
                } else {
                    self.order(pos, list, i);
                }
                ordered = true;
                fetched = i;
            }
            // Once the order is settled the next few entries are fetched, before it only
            // the killer's.
            if ahead > 0 {
                let upto = if ordered { i + 1 + ahead } else { i + 1 };
                self.prefetch_children(pos, list, &mut fetched, upto, tracked, n);
            }
            let m = list.as_slice()[i];
            if legality.is_some_and(|l| !pos.is_legal(m, l)) {
                continue;
            }
            counters::defend_level(n, Count::Defend1DefencesTried, Count::Defend2DefencesTried);
            let nt = self.track(pos, &m, tracked);
            let u = pos.make(m);
            let r = self.id_attack(pos, n, nt);
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
        result
    }

    /// The least k ≤ n within which the attacker forces the goal from an attacker node
    /// where it is known to force it within n (after a move that wins); `None` when
    /// stopped. Within n itself is not asked again.
    pub(super) fn fastest_attack(
        &mut self,
        pos: &mut Position<B>,
        n: u32,
        tracked: u8,
    ) -> Option<u32> {
        let lo = if self.stip.exact { n } else { 1 };
        for k in lo..n {
            if self.attack(pos, k, tracked)? {
                return Some(k);
            }
        }
        Some(n)
    }
}
