//! The defender's side of a claim: replies the manuscript leaves out, the defences it
//! does not cover, and the attacker's duals.

use super::{ended, numbered, written_side, ClaimStatus, Ended, State, Walk};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::Move;
use crate::notation::{self, Token};
use crate::solve::searcher::Settled;
use rayon::prelude::*;

/// Nodes one attempt at an uncovered defence may take before the bound is raised step by
/// step instead (a fraction of a second to a few seconds).
const UNCOVERED_CAP: u64 = 1 << 20;

/// How a defence the manuscript does not follow fares.
enum Fate {
    /// The attacker still forces the goal within the moves left.
    Loses,
    /// It holds: the claim is refuted.
    Holds,
    /// A limit stopped the search; no goal within this many moves is proven.
    Open { no_goal_within: u32 },
}

impl<B: Bits> Walk<'_, B> {
    /// Fills in the defender's only legal reply, with a remark.
    pub(super) fn fill_forced(&self, st: &mut State<B>, m: Move) {
        let san = self.text(&st.p, &m);
        st.remarks.push(format!(
            "forced reply {} filled in",
            self.label(st.ply, st.p.side, &san, None)
        ));
        self.play(st, m, true);
    }

    /// Fills in a reply the manuscript leaves out before its next move `next`: the forced
    /// reply, or the defence that move answers (the other defences are then checked).
    pub(super) fn fill_reply(
        &mut self,
        st: &mut State<B>,
        list: &MoveList,
        next: &Token,
    ) -> Result<(), Ended> {
        let side = st.p.side;
        if list.len() == 1 {
            self.fill_forced(st, list.as_slice()[0]);
            return Ok(());
        }
        // The defences after which the manuscript's next move can be played, winning ones
        // first.
        let mut playable = vec![];
        let mut winning = vec![];
        for &d in list.as_slice() {
            let mut q = st.clone();
            self.play(&mut q, d, true);
            let mut l2 = MoveList::new();
            self.s.moves(&mut q.p, &mut l2);
            if let Ok(a) = notation::parse_move_in(&q.p, &next.text, self.notation) {
                if l2.as_slice().contains(&a) {
                    playable.push(d);
                    if self.keeps_going(&q, a, next, None) {
                        winning.push(d);
                    }
                }
            }
        }
        let Some(&d) = winning.first().or(playable.first()) else {
            let tried: Vec<String> = list
                .as_slice()
                .iter()
                .map(|m| self.text(&st.p, m))
                .collect();
            let shown = written_side(next).unwrap_or(side.flip());
            return Err(ended(
                ClaimStatus::Illegal,
                format!(
                    "{}: cannot be played after any of {}'s replies ({}), which the manuscript leaves out",
                    self.label(st.ply + 1, shown, &next.text, Some(next)),
                    side.name(),
                    tried.join(" ")
                ),
            ));
        };
        let san = self.text(&st.p, &d);
        st.remarks.push(format!(
            "omitted reply {} filled in: the one the manuscript's {} answers",
            self.label(st.ply, side, &san, None),
            self.label(st.ply + 1, side.flip(), &next.text, Some(next))
        ));
        self.other_defences(st, list, Some(d), Some(next))?;
        self.play(st, d, true);
        Ok(())
    }

    /// Every defence but `followed` must lose within the moves left; the ones the
    /// manuscript does not cover are named, with whether its next move answers them too.
    pub(super) fn other_defences(
        &mut self,
        st: &mut State<B>,
        list: &MoveList,
        followed: Option<Move>,
        next: Option<&Token>,
    ) -> Result<(), Ended> {
        let left = self.moves_left(st.ply);
        let side = st.p.side;
        let mut answered = vec![];
        let mut lost = vec![];
        for &d in list.as_slice() {
            if Some(d) == followed {
                continue;
            }
            let san = self.label(st.ply, side, &self.text(&st.p, &d), None);
            let mut q = st.clone();
            self.play(&mut q, d, true);
            // Whether the manuscript's next move answers it too, asked with a node cap: a
            // search that runs out of it only means the general question below decides.
            self.s.cap = self.s.local_nodes + UNCOVERED_CAP;
            let next_works = next.is_some_and(|t| {
                let mut l2 = MoveList::new();
                self.s.moves(&mut q.p, &mut l2);
                notation::parse_move_in(&q.p, &t.text, self.notation)
                    .ok()
                    .filter(|a| l2.as_slice().contains(a))
                    .is_some_and(|a| self.keeps_going(&q, a, t, None))
            });
            self.s.cap = u64::MAX;
            if next_works {
                answered.push(san);
                continue;
            }
            match self.fate(&mut q, left) {
                Fate::Loses => lost.push(san),
                Fate::Holds => {
                    let ctx = if st.filled.is_empty() {
                        String::new()
                    } else {
                        format!(" after {}", numbered(&st.shown))
                    };
                    st.remarks.push(format!(
                        "the defence {san} holds: no {} within the {left} move(s) left",
                        self.stip
                    ));
                    let by = self.numbered_move(st.ply, side, &self.text(&st.p, &d));
                    return Err(ended(ClaimStatus::Refuted, format!("by {by}{ctx}")));
                }
                Fate::Open { no_goal_within } => {
                    let reason = self
                        .budget
                        .reason()
                        .unwrap_or_else(|| "limit reached".into());
                    let bound = if no_goal_within == 0 {
                        String::new()
                    } else {
                        format!(
                            "; no {} within {no_goal_within} of the {left} moves left is proven",
                            self.stip.goal_word()
                        )
                    };
                    st.remarks.push(format!(
                        "check not finished ({reason}): the defence {san} is not settled{bound}"
                    ));
                    return Err(ended(
                        ClaimStatus::Unfinished,
                        format!("not finished (limit reached): {san} unsettled{bound}"),
                    ));
                }
            }
        }
        let who = self.attacker.name();
        if !lost.is_empty() {
            st.remarks.push(format!(
                "not covered by the manuscript: {}; {who} still wins against {} within the \
                 {left} move(s) left",
                lost.join(", "),
                if lost.len() == 1 { "it" } else { "each" },
            ));
        }
        if !answered.is_empty() {
            let next = next.map_or(String::new(), |t| {
                self.label(st.ply + 1, self.attacker, &t.text, Some(t))
            });
            st.remarks.push(format!(
                "not covered by the manuscript: {}; its next move {next} answers {} too",
                answered.join(", "),
                if answered.len() == 1 { "it" } else { "each" },
            ));
        }
        Ok(())
    }

    /// Does the attacker still force the goal within `left` moves after a defence the
    /// manuscript does not follow? Asked once within a node cap; where that does not
    /// settle it, the bound is raised one move at a time (each step within the cap), so a
    /// defence the limit leaves open is reported with the most that was proven of it (the
    /// steps stop after a few caps' worth), and the whole question then gets what remains
    /// of the budget.
    fn fate(&mut self, q: &mut State<B>, left: u32) -> Fate {
        let verdict = |r: Settled| match r {
            Some(true) => Some(Fate::Loses),
            Some(false) => Some(Fate::Holds),
            None => None,
        };
        if let Some(f) = verdict(self.capped(q, left)) {
            return f;
        }
        let mut no_goal_within = 0;
        let steps_from = self.s.local_nodes;
        for k in 1..left {
            if self.budget.stopped() {
                return Fate::Open { no_goal_within };
            }
            if self.s.local_nodes - steps_from > 4 * UNCOVERED_CAP {
                break;
            }
            match self.capped(q, k) {
                Some(true) => return Fate::Loses,
                Some(false) => no_goal_within = k,
                None => break,
            }
        }
        let r = self.s.attack(&mut q.p, left, q.tracked);
        verdict(r).unwrap_or(Fate::Open { no_goal_within })
    }

    /// The attacker's search within `k` moves, given up after [`UNCOVERED_CAP`] nodes.
    fn capped(&mut self, q: &mut State<B>, k: u32) -> Settled {
        self.s.cap = self.s.local_nodes + UNCOVERED_CAP;
        let r = self.s.attack(&mut q.p, k, q.tracked);
        self.s.cap = u64::MAX;
        r
    }

    /// Duals: another attacker move that also forces the goal in the moves left. When the
    /// manuscript's own move does not, the others are no duals: the remark says that it
    /// fails and which moves succeed ("6.Ne5 does not mate; 6.Nh6# does").
    pub(super) fn duals(&mut self, st: &mut State<B>, list: &MoveList, m: Move) {
        let left = self.moves_left(st.ply);
        if !self.dual_budget_left || left < 1 || st.ply == 0 {
            return;
        }
        // Each move is a search of its own (the manuscript's first, then every other):
        // they run in parallel, one searcher per worker on the problem's table. Every
        // `yes` is a proof, so the duals found do not depend on the thread count (a limit
        // may leave some unchecked, and says so).
        let all: Vec<Move> = std::iter::once(m)
            .chain(list.as_slice().iter().copied().filter(|&a| a != m))
            .collect();
        let (here, tracked, from, stip) = (&st.p, st.tracked, &self.duals_from, self.stip);
        let found: Vec<Settled> = all
            .par_iter()
            .map_init(
                || from.worker(stip),
                |s, &a| {
                    let mut p = here.clone();
                    let nt = s.track_pub(&p, &a, tracked);
                    p.make(a);
                    let r = s.defend(&mut p, left - 1, nt);
                    s.flush();
                    r
                },
            )
            .collect();
        if found.iter().any(|r| r.is_none()) {
            self.dual_budget_left = false;
        }
        let duals: Vec<String> = all[1..]
            .iter()
            .zip(&found[1..])
            .filter(|(_, r)| **r == Some(true))
            .map(|(a, _)| self.text(here, a))
            .collect();
        let san = self.text(&st.p, &m);
        if !duals.is_empty() {
            st.remarks
                .push(self.dual_remark(st, &san, found[0], &duals, left));
        }
        if !self.dual_budget_left {
            let why = (self.duals_from.budget.reason()).unwrap_or_else(|| "a limit".into());
            let at = self.numbered_move(st.ply, st.p.side, &san);
            st.remarks.push(format!(
                "dual search stopped ({why}) at {at}: its duals and those after it are not all checked"
            ));
        }
    }

    /// What the other winning moves at the manuscript's move `san` are: duals when its own
    /// move wins too (`own` is `Some(true)`), else the moves it should have played.
    fn dual_remark(
        &self,
        st: &State<B>,
        san: &str,
        own: Settled,
        others: &[String],
        left: u32,
    ) -> String {
        let side = st.p.side;
        if own != Some(false) {
            return format!(
                "dual at {}: also {}",
                self.label(st.ply, side, san, None),
                others.join(", ")
            );
        }
        let named: Vec<String> = others
            .iter()
            .map(|o| self.numbered_move(st.ply, side, o))
            .collect();
        let goal = self.stip.goal_word();
        let fails = if left == 1 {
            format!("does not {goal}")
        } else {
            format!("does not force the {goal} within the {left} moves left")
        };
        let list = match named.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => named.join(""),
        };
        format!(
            "{} {fails}; {list} {}",
            self.numbered_move(st.ply, side, san),
            if named.len() == 1 { "does" } else { "do" }
        )
    }
}
