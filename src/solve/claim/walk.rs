//! The replay of a written line: reading each move, comparing its number and signs,
//! and following the line to its end.

use super::{ended, won, written_side, ClaimStatus, Ended, State, Walk};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::piece::Color;
use crate::board::position::{Move, Position};
use crate::notation::{self, NotationError, Token};

/// Why a manuscript's move is not followed ([`Walk::read`]).
#[derive(Debug, thiserror::Error)]
pub(super) enum ReadError {
    /// It reads as a legal move the problem's conditions forbid.
    #[error("not allowed under the problem's conditions")]
    Conditions,
    /// An ambiguous text none of whose readings keeps the line going.
    #[error("'{text}' is ambiguous and no reading keeps the line legal and winning (readings tried: {})", .readings.join(", "))]
    Unresolved { text: String, readings: Vec<String> },
    /// It names no single legal move.
    #[error(transparent)]
    Notation(NotationError),
}

impl<B: Bits> Walk<'_, B> {
    /// The manuscript's number of a ply.
    pub(super) fn number(&self, ply: usize) -> u32 {
        self.base + ((ply + self.black_first as usize) / 2) as u32
    }

    /// "3.Rh8+ (White)" or "3...Kxh8 (Black)": a move as the manuscript numbers it (its
    /// own number where written) and the side that plays it.
    pub(super) fn label(&self, ply: usize, side: Color, text: &str, tok: Option<&Token>) -> String {
        let n = tok
            .and_then(|t| t.move_number)
            .unwrap_or_else(|| self.number(ply));
        let dots = if side == Color::White { "." } else { "..." };
        format!("{n}{dots}{text} ({})", side.name())
    }

    /// A move as the remarks write it: in the notation and letters asked for
    /// ([`crate::solve::Limits::written`]).
    pub(super) fn text(&self, p: &Position<B>, m: &Move) -> String {
        notation::write_move(p, m, self.style)
    }

    /// The move at `ply` with its number, as a line writes it: `6.Nh6#`, `2...Rh2`.
    pub(super) fn numbered_move(&self, ply: usize, side: Color, text: &str) -> String {
        let dots = if side == Color::White { "." } else { "..." };
        format!("{}{dots}{text}", self.number(ply))
    }

    /// Reads a token's move; an ambiguous text is resolved by what keeps the line going.
    pub(super) fn read(
        &mut self,
        st: &mut State<B>,
        tok: &Token,
        rest: &[Token],
        list: &MoveList,
    ) -> Result<Move, ReadError> {
        let text = &tok.text;
        match notation::parse_move_noted_in(&st.p, text, self.notation) {
            Ok((m, note)) if list.as_slice().contains(&m) => {
                if let Some(note) = note {
                    let side = st.p.side;
                    let at = self.label(st.ply, side, text, Some(tok));
                    st.remarks.push(format!("{at}: {note}"));
                }
                Ok(m)
            }
            Ok(_) => Err(ReadError::Conditions),
            Err(NotationError::Ambiguous { candidates, .. }) => {
                let moves: Vec<Move> = candidates
                    .iter()
                    .filter_map(|c| notation::parse_san(&st.p, c).ok())
                    .filter(|m| list.as_slice().contains(m))
                    .collect();
                // The readings after which the rest of the manuscript replays farthest;
                // among several, those the search proves still winning.
                let far: Vec<usize> = moves.iter().map(|&m| self.replays(st, m, rest)).collect();
                let most = far.iter().copied().max().unwrap_or(0);
                let mut good: Vec<Move> = moves
                    .iter()
                    .zip(&far)
                    .filter(|(_, &f)| f == most)
                    .map(|(&m, _)| m)
                    .collect();
                if good.len() > 1 {
                    let next = rest.first();
                    let wins: Vec<Move> = good
                        .iter()
                        .copied()
                        .filter(|&m| self.keeps_going(st, m, tok, next))
                        .collect();
                    if !wins.is_empty() || most < rest.len() {
                        good = wins;
                    }
                }
                let readings: Vec<String> = candidates
                    .iter()
                    .map(|c| match notation::parse_san(&st.p, c) {
                        Ok(m) => self.text(&st.p, &m),
                        Err(_) => c.clone(),
                    })
                    .collect();
                match good.first() {
                    Some(&m) => {
                        let side = st.p.side;
                        st.remarks.push(format!(
                            "{} is ambiguous ({}): read as {}, {}",
                            self.label(st.ply, side, text, Some(tok)),
                            readings.join(", "),
                            self.text(&st.p, &m),
                            if good.len() == 1 {
                                "the only reading that keeps the line legal and winning"
                            } else {
                                "the first of the readings that keep the line going"
                            }
                        ));
                        Ok(m)
                    }
                    None => Err(ReadError::Unresolved {
                        text: text.clone(),
                        readings,
                    }),
                }
            }
            Err(e) => Err(ReadError::Notation(e)),
        }
    }

    /// How many of the manuscript's next moves `rest` replay legally after `m` (each
    /// read as written, stopping at the first that does not).
    pub(super) fn replays(&mut self, st: &State<B>, m: Move, rest: &[Token]) -> usize {
        let mut p = st.p.clone();
        p.make(m);
        let mut n = 0;
        for t in rest {
            let mut list = MoveList::new();
            self.s.moves(&mut p, &mut list);
            // A later ambiguous move is played in its first legal reading: the replay asks
            // only whether the line can go on.
            let a = match notation::parse_move_in(&p, &t.text, self.notation) {
                Ok(a) => Some(a),
                Err(NotationError::Ambiguous { candidates, .. }) => candidates
                    .iter()
                    .filter_map(|c| notation::parse_san(&p, c).ok())
                    .find(|a| list.as_slice().contains(a)),
                Err(_) => None,
            };
            match a {
                Some(a) if list.as_slice().contains(&a) => {
                    p.make(a);
                    n += 1;
                }
                _ => break,
            }
        }
        n
    }

    /// True when playing `m` keeps the claim alive: an attacker's move still forces the
    /// goal in the moves left; a defender's move lets the manuscript's next move be played.
    pub(super) fn keeps_going(
        &mut self,
        st: &State<B>,
        m: Move,
        tok: &Token,
        next: Option<&Token>,
    ) -> bool {
        let mut p = st.p.clone();
        let left = self.moves_left(st.ply);
        let nt = self.s.track_pub(&p, &m, st.tracked);
        let attacker = p.side == self.attacker;
        let mate_sign = notation::signs(&tok.text).1;
        p.make(m);
        if attacker {
            if mate_sign && !matches!(p.outcome(), Outcome::Win { .. }) {
                return false;
            }
            return left >= 1 && self.s.defend(&mut p, left - 1, nt) == Some(true);
        }
        next.is_some_and(|t| {
            let mut list = MoveList::new();
            self.s.moves(&mut p, &mut list);
            notation::parse_move_in(&p, &t.text, self.notation)
                .is_ok_and(|a| list.as_slice().contains(&a))
        })
    }

    /// The attacker's moves left before the goal is due, at a ply.
    pub(super) fn moves_left(&self, ply: usize) -> u32 {
        self.stip.moves.saturating_sub(ply.div_ceil(2) as u32)
    }

    /// Plays a move onto the line.
    pub(super) fn play(&self, st: &mut State<B>, m: Move, inserted: bool) {
        st.filled.push(notation::san(&st.p, &m));
        st.shown.push(self.text(&st.p, &m));
        st.inserted.push(inserted);
        st.tracked = self.s.track_pub(&st.p, &m, st.tracked);
        st.p.make(m);
        st.ply += 1;
    }

    /// Compares what the manuscript writes of a move (its number, its signs) with the move.
    pub(super) fn compare(&self, st: &mut State<B>, tok: &Token, m: &Move) {
        let side = st.p.side;
        let n = self.number(st.ply);
        let san = notation::san(&st.p, m);
        let here = self.label(st.ply, side, &self.text(&st.p, m), None);
        if tok.numbered && tok.move_number.is_some_and(|w| w != n) {
            st.remarks.push(format!(
                "move number: the manuscript numbers {here} as {}",
                tok.move_number.unwrap_or(0)
            ));
        }
        if tok.numbered && written_side(tok).is_some_and(|w| w != side) {
            st.remarks.push(format!(
                "move number: the manuscript writes {here} as {}'s move",
                side.flip().name()
            ));
        }
        let (check, mate) = notation::signs(&tok.text);
        let gives_mate = san.ends_with('#');
        let gives_check = san.ends_with('+');
        if mate && !gives_mate {
            st.remarks.push(format!(
                "sign: the manuscript marks {here} as mate, but it {}",
                if gives_check {
                    "only checks"
                } else {
                    "does not mate"
                }
            ));
        } else if check && !gives_check && !gives_mate {
            st.remarks.push(format!(
                "sign: the manuscript marks {here} as check, but it gives none"
            ));
        } else if self.uses_signs && gives_mate && !mate {
            st.remarks.push(format!(
                "sign: {here} mates; the manuscript gives no mate sign"
            ));
        } else if self.uses_signs && gives_check && !check && !mate {
            st.remarks.push(format!(
                "sign: {here} gives check; the manuscript gives no check sign"
            ));
        }
    }

    /// Replays `tokens` from `st`; `record[i]` gets the state before token `i` is played.
    pub(super) fn run(
        &mut self,
        st: &mut State<B>,
        tokens: &[Token],
        mut record: Option<&mut Vec<Option<State<B>>>>,
    ) -> Ended {
        let mut ti = 0usize;
        loop {
            let mut list = MoveList::new();
            let legal = self.s.moves(&mut st.p, &mut list);
            let out = if legal > 0 && list.is_empty() {
                Outcome::Ongoing
            } else {
                st.p.outcome_with(&list)
            };
            let made = st.ply.div_ceil(2) as u32;
            if out != Outcome::Ongoing {
                return self.finish(st, &out, made, &tokens[ti..]);
            }
            let Some(tok) = tokens.get(ti) else {
                match self.claim_stops(st, &list, made) {
                    Step::Filled => continue,
                    Step::Done(e) => return e,
                    Step::Played => unreachable!("the claim has no token left to play"),
                }
            };
            let slot = record.as_deref_mut().map(|r| &mut r[ti]);
            let rest = &tokens[ti + 1..];
            let step = if st.p.side == self.attacker {
                self.attacker_step(st, tok, rest, &list, slot)
            } else {
                self.defender_step(st, tok, rest, &list, made, slot)
            };
            match step {
                Step::Played => ti += 1,
                Step::Filled => {}
                Step::Done(e) => return e,
            }
        }
    }

    /// The claim stops while play goes on: a won bare king, a forced reply to fill in, or
    /// an incomplete solution.
    fn claim_stops(&mut self, st: &mut State<B>, list: &MoveList, made: u32) -> Step {
        let n = self.stip.moves;
        let attacker_turn = st.p.side == self.attacker;
        // A bare king whose every reply loses (no baring back) was beaten by the last
        // move: the goal is reached.
        if !attacker_turn && made <= n && self.s.defend(&mut st.p, 0, st.tracked) == Some(true) {
            if self.stip.exact && made < n {
                return Step::Done(ended(
                    ClaimStatus::Incomplete,
                    format!("the goal comes on move {made}, before the exact {n}"),
                ));
            }
            st.remarks
                .push("the bare king's reply cannot bare back: won".into());
            return Step::Done(won());
        }
        if !attacker_turn && list.len() == 1 {
            self.fill_forced(st, list.as_slice()[0]);
            return Step::Filled;
        }
        Step::Done(ended(
            ClaimStatus::Incomplete,
            format!(
                "the solution stops after {made} moves without reaching the goal ({})",
                self.stip
            ),
        ))
    }

    /// The defender's turn at token `tok`: a reply read, filled in where the manuscript
    /// leaves it out, and every other defence proven to lose.
    fn defender_step(
        &mut self,
        st: &mut State<B>,
        tok: &Token,
        rest: &[Token],
        list: &MoveList,
        made: u32,
        slot: Option<&mut Option<State<B>>>,
    ) -> Step {
        let (side, ply, n) = (st.p.side, st.ply, self.stip.moves);
        let tlabel = |w: &Self, s: Color| w.label(ply, s, &tok.text, Some(tok));
        if made > n {
            return Step::Done(ended(
                ClaimStatus::Incomplete,
                format!("the line goes past the stipulated {n} moves without reaching the goal"),
            ));
        }
        if list.is_empty() {
            return Step::Done(ended(
                ClaimStatus::Incomplete,
                format!(
                    "{}: the defender has no move the conditions allow",
                    tlabel(self, side)
                ),
            ));
        }
        // The manuscript goes on with the attacker's move: the reply is left out.
        let omitted = written_side(tok) == Some(self.attacker) && st.ply > 0;
        let parsed = if tok.any || omitted {
            None
        } else {
            Some(self.read(st, tok, rest, list))
        };
        let unnumbered_miss =
            written_side(tok).is_none() && matches!(parsed, Some(Err(_))) && list.len() == 1;
        if omitted || unnumbered_miss {
            return match self.fill_reply(st, list, tok) {
                Ok(()) => Step::Filled,
                Err(e) => Step::Done(e),
            };
        }
        let followed = match parsed {
            Some(Ok(m)) => Some(m),
            Some(Err(why)) => {
                let legal: Vec<String> = list
                    .as_slice()
                    .iter()
                    .map(|m| self.text(&st.p, m))
                    .collect();
                return Step::Done(ended(
                    ClaimStatus::Illegal,
                    format!(
                        "{}: {why} (the legal replies: {})",
                        tlabel(self, side),
                        legal.join(" ")
                    ),
                ));
            }
            None => None,
        };
        if let Some(r) = slot {
            *r = Some(st.clone());
        }
        if let Err(e) = self.other_defences(st, list, followed, rest.first()) {
            return Step::Done(e);
        }
        let Some(d) = followed else {
            // "Any move": every defence was just proven to lose; the claim's own
            // continuation cannot be followed further.
            st.remarks.push(format!(
                "'{}' at {}: every defence proven to lose",
                tok.text,
                self.label(st.ply, side, "~", None)
            ));
            return Step::Done(won());
        };
        self.compare(st, tok, &d);
        self.play(st, d, false);
        Step::Played
    }

    /// The attacker's turn at token `tok`: the move read, its duals noted, played.
    fn attacker_step(
        &mut self,
        st: &mut State<B>,
        tok: &Token,
        rest: &[Token],
        list: &MoveList,
        slot: Option<&mut Option<State<B>>>,
    ) -> Step {
        let (side, ply) = (st.p.side, st.ply);
        let tlabel = |w: &Self, s: Color| w.label(ply, s, &tok.text, Some(tok));
        if tok.any {
            return Step::Done(ended(
                ClaimStatus::Illegal,
                format!(
                    "{}: the attacker's move cannot be 'any move'",
                    tlabel(self, side)
                ),
            ));
        }
        let m = match self.read(st, tok, rest, list) {
            Ok(m) => m,
            Err(why) => {
                let shown = written_side(tok).unwrap_or(side);
                return Step::Done(ended(
                    ClaimStatus::Illegal,
                    format!("{}: {why}", tlabel(self, shown)),
                ));
            }
        };
        if let Some(r) = slot {
            *r = Some(st.clone());
        }
        self.duals(st, list, m);
        self.compare(st, tok, &m);
        self.play(st, m, false);
        Step::Played
    }

    /// The game is over: did the claim reach the goal in time?
    pub(super) fn finish(
        &self,
        st: &mut State<B>,
        out: &Outcome,
        made: u32,
        extra: &[Token],
    ) -> Ended {
        let n = self.stip.moves;
        if !extra.is_empty() {
            st.remarks.push(format!(
                "moves after the end of play ignored: {}",
                extra
                    .iter()
                    .map(|t| t.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
        let reached =
            out.winner() == Some(self.attacker) && self.s.goal_met_pub(&st.p, out, st.tracked);
        if !reached {
            return ended(
                ClaimStatus::Incomplete,
                format!(
                    "the line ends in '{}', not the goal ({})",
                    out.describe(),
                    self.stip
                ),
            );
        }
        if made > n {
            return ended(
                ClaimStatus::Incomplete,
                format!("the goal comes on move {made}, after the stipulated {n}"),
            );
        }
        if self.stip.exact && made < n {
            return ended(
                ClaimStatus::Incomplete,
                format!("the goal comes on move {made}, before the exact {n}"),
            );
        }
        won()
    }
}

/// What one turn of the walk did.
enum Step {
    /// A move of the claim was played: on to the next token.
    Played,
    /// A move the claim leaves out was filled in: the same token again.
    Filled,
    /// The walk is over.
    Done(Ended),
}
