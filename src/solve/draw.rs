//! The stipulation `draw`, the mansubat's other task ("White plays and draws"): the side
//! to move avoids losing; a draw or a win under the rules both meet it.
//!
//! Exact where the retrograde tables reach: the root's value for the side to move
//! (solvable unless it is a loss), and each first move's value after it, so that the
//! keys are every first move whose position is not lost for the mover (two are a cook,
//! as for `#N`). A loss has the tables' line of best play as its refutation.
//!
//! Each first move is judged by a table of the material it leads to, by the end of the
//! game it makes, or else (no table reaching it) by the `win N` search for the
//! opponent, N deepened one move at a time up to [`SEARCH_MOVES`] within the problem's
//! limits. A search can prove a loss, never a draw: when every first move is found lost
//! the problem is unsound, else (the tables holding no value of the root) its answer
//! stays `unknown` with what was proven in
//! [`SolveReport::others_fail_within`] (the opponent forces no win within that many
//! moves after the best first move found) and the reason in
//! [`SolveReport::limit_hit`].
//!
//! A printed solution is checked move by move: each move of the side to move must leave
//! a position that is not lost for it, by the tables or by the end of the game it makes.

use super::endgames::{tables_for, Known};
use super::line::{Line, Played};
use super::{remaining, root, Analysis, ClaimCheck, ClaimStatus, Conditions, Goal, Limits};
use super::{Refutation, Solvable, SolveReport, Stipulation, Variation};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::piece::Color;
use crate::board::position::{Move, Position};
use crate::notation::{parse_line, parse_move_in, san, Notation};
use crate::retro::{Tables, Value};
use std::sync::Arc;
use std::time::Instant;

/// The longest `win N` the search without tables tries for the opponent.
pub const SEARCH_MOVES: u32 = 12;

/// Plies of best play after a key that the main line shows, from the tables.
const LINE_PLIES: usize = 10;

/// Plies of a refutation drawn from the tables (the mover's slowest loss on).
const REFUTATION_PLIES: usize = 200;

/// What is known of one first move, from the mover's view.
#[derive(Clone, Debug)]
enum Judged {
    /// Exact: the value for the mover after the move, and the plies to the end.
    Exact(Value, u32),
    /// The search found the opponent's win within this many moves; its line after the
    /// move.
    Lost(u32, Line),
    /// The search proved no win of the opponent within this many moves (0: nothing).
    Holds(u32),
}

impl Judged {
    fn not_lost(&self) -> bool {
        matches!(self, Judged::Exact(Value::Win | Value::Draw, _))
    }
    fn lost(&self) -> bool {
        matches!(self, Judged::Exact(Value::Loss, _) | Judged::Lost(..))
    }
}

/// The value for the side that just moved, from the side now to move's.
fn flipped(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    }
}

/// The value of a finished game for `side`, or None while play goes on.
fn ended_for<B: Bits>(p: &mut Position<B>, side: Color) -> Option<Value> {
    match p.settled_outcome() {
        Outcome::Ongoing => None,
        Outcome::Draw(_) => Some(Value::Draw),
        Outcome::Win { winner, .. } if winner == side => Some(Value::Win),
        Outcome::Win { .. } => Some(Value::Loss),
    }
}

/// The exact value for the side that just moved into `p`: the end of the game, else
/// the tables' value (None when neither says).
fn exact_after<B: Bits>(p: &mut Position<B>, tables: Option<&Tables>) -> Option<(Value, u32)> {
    let mover = p.side().flip();
    if let Some(v) = ended_for(p, mover) {
        return Some((v, 0));
    }
    let (v, plies) = tables?.probe(p)?;
    Some((flipped(v), plies + 1))
}

/// A line in SAN played from `pos`.
fn sans<B: Bits>(pos: &Position<B>, line: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|m| {
            let w = san(&p, m);
            p.make(*m);
            w
        })
        .collect()
}

/// The words for a key's value after it: "draw (tables)", "White wins in 5 (tables)".
fn value_words(side: Color, v: Value, plies: u32) -> String {
    match v {
        Value::Draw => "draw (tables)".into(),
        Value::Win => format!(
            "{} wins in {} (tables)",
            side.name(),
            crate::retro::moves_of_plies(plies).max(1)
        ),
        Value::Loss => format!("{} loses (tables)", side.name()),
    }
}

/// Solves a `draw` problem: the verdict, the keys, a loss's refutation and the claimed
/// line checked, within the problem's limits (see the module comment).
pub fn analyse_draw<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    claim: Option<&str>,
    notation: Notation,
    limits: &Limits,
) -> Analysis {
    let t0 = Instant::now();
    let limits = &limits.for_one_problem();
    let tables = tables_for(pos, stip, cond, limits);
    let claim = match claim {
        Some(text) if !text.trim().is_empty() => {
            check_draw_line(pos, text, notation, tables.as_deref())
        }
        _ => ClaimCheck::none(),
    };
    let mut p = pos.clone();
    let mut legal = MoveList::new();
    p.legal_moves(&mut legal);
    let moves: Vec<Move> = legal.as_slice().to_vec();
    let mut rep = SolveReport::default();
    let side = p.side();
    if let Some(v) = ended_for(&mut p, side) {
        // The game is over before the first move: nothing to play.
        rep.solvable = if v == Value::Loss {
            Solvable::No
        } else {
            Solvable::Yes
        };
        rep.keys_complete = true;
        rep.no_legal_move = moves.is_empty() && v == Value::Loss;
    } else {
        let mut judged: Vec<Judged> = moves
            .iter()
            .map(|&m| {
                let mut c = pos.clone();
                c.make(m);
                match exact_after(&mut c, tables.as_deref()) {
                    Some((v, plies)) => Judged::Exact(v, plies),
                    None => Judged::Holds(0),
                }
            })
            .collect();
        if !judged.iter().all(|j| matches!(j, Judged::Exact(..))) {
            let open = Open {
                pos,
                cond,
                limits,
                t0,
                tables: &tables,
            };
            open.search(&moves, &mut judged, &mut rep);
        }
        answer(pos, &moves, &judged, tables.as_deref(), &mut rep);
    }
    if claim.proves_solvable && rep.solvable == Solvable::Unknown {
        rep.solvable = Solvable::Yes;
    }
    rep.millis = t0.elapsed().as_millis() as u64;
    Analysis {
        written: super::Written::san(pos, &rep, None),
        report: rep,
        claim,
        diagram: super::diagram(pos),
        fen: pos.to_fen(),
        continual_check: None,
        extras_left_out: vec![],
        tables_refused: tables.map(|t| t.refused()).unwrap_or_default(),
    }
}

/// What the search of the first moves not judged exactly needs.
struct Open<'a, B: Bits> {
    pos: &'a Position<B>,
    cond: &'a Conditions,
    limits: &'a Limits,
    t0: Instant,
    tables: &'a Option<Arc<Tables>>,
}

impl<B: Bits> Open<'_, B> {
    /// The `win N` search for the opponent after each first move not judged exactly, N
    /// deepened from 1 to [`SEARCH_MOVES`] while the limits allow; a move found lost is
    /// not searched again. Sets the nodes, `others_fail_within` and `limit_hit`.
    fn search(&self, moves: &[Move], judged: &mut [Judged], rep: &mut SolveReport) {
        let (pos, cond, limits, t0) = (self.pos, self.cond, self.limits, self.t0);
        let tables = self.tables;
        let mut stopped = None;
        'deepen: for n in 1..=SEARCH_MOVES {
            let stip = Stipulation {
                goal: Goal::Win,
                moves: n,
                exact: false,
                play: None,
            };
            for (m, j) in moves.iter().zip(judged.iter_mut()) {
                if !matches!(j, Judged::Holds(_)) {
                    continue;
                }
                let mut c = pos.clone();
                c.make(*m);
                let known = Known::fresh(tables.clone(), limits);
                let mut lim = remaining(limits, t0, 2);
                lim.refutations = Some(0);
                let r = root::solve(&c, &stip, cond, &lim, &known);
                rep.nodes += r.nodes;
                match r.solvable {
                    Solvable::Yes => {
                        let k = r.shortest.unwrap_or(n);
                        *j = Judged::Lost(k, r.main_line);
                    }
                    Solvable::No => *j = Judged::Holds(n),
                    Solvable::Unknown => {
                        stopped = r.limit_hit.clone().or(Some("limit reached".into()));
                        break 'deepen;
                    }
                }
            }
            if judged.iter().all(|j| !matches!(j, Judged::Holds(_))) {
                break;
            }
        }
        let holds: Vec<u32> = (judged.iter())
            .filter_map(|j| match j {
                Judged::Holds(k) => Some(*k),
                _ => None,
            })
            .collect();
        if !judged.iter().any(Judged::not_lost) {
            rep.others_fail_within = holds.iter().copied().max().filter(|&k| k > 0);
        }
        if !holds.is_empty() {
            rep.limit_hit = Some(stopped.unwrap_or_else(|| {
                format!(
                    "no table judges every first move: the opponent's win was searched to {SEARCH_MOVES} moves, and a search cannot prove a draw"
                )
            }));
        }
    }
}

/// The verdict from the first moves judged: the keys (every first move not lost), a
/// loss's refutation, the tries (first moves lost, with the opponent's answer) and the
/// main line of the first key.
fn answer<B: Bits>(
    pos: &Position<B>,
    moves: &[Move],
    judged: &[Judged],
    tables: Option<&Tables>,
    rep: &mut SolveReport,
) {
    let side = pos.side();
    for (m, j) in moves.iter().zip(judged) {
        if let Judged::Exact(v, plies) = j {
            if j.not_lost() {
                rep.keys.push(Played::of(pos, m));
                rep.tree.push(Variation {
                    line: Line(vec![Played::of(pos, m)]),
                    outcome: value_words(side, *v, *plies),
                });
            }
        }
    }
    let all_lost = judged.iter().all(Judged::lost);
    rep.keys_complete = judged.iter().all(|j| j.not_lost() || j.lost());
    rep.solvable = match (rep.keys.is_empty(), all_lost) {
        (false, _) => Solvable::Yes,
        (true, true) => Solvable::No,
        (true, false) => Solvable::Unknown,
    };
    // The tables' value of the root, where they hold it, settles the verdict even when a
    // first move leads where they do not reach.
    let root_value = tables.and_then(|t| t.probe(pos));
    match root_value {
        Some((Value::Loss, _)) => rep.solvable = Solvable::No,
        Some(_) => rep.solvable = Solvable::Yes,
        None => {}
    }
    if let Some(i) = judged.iter().position(Judged::not_lost) {
        let mut c = pos.clone();
        c.make(moves[i]);
        let mut line = vec![moves[i]];
        if let Some(t) = tables {
            line.extend(t.best_line(&c, LINE_PLIES).unwrap_or_default());
        }
        rep.main_line = Line::of(pos, &line);
    }
    if let Some((Value::Win | Value::Loss, plies)) = root_value {
        rep.table_distance = Some(crate::retro::moves_of_plies(plies).max(1));
    }
    if all_lost && !moves.is_empty() {
        rep.refutation = Some(refutation(pos, moves, judged, tables));
    } else if let (Solvable::No, Some(t)) = (rep.solvable, tables) {
        let line = t.best_line(pos, REFUTATION_PLIES).unwrap_or_default();
        rep.refutation = (!line.is_empty()).then(|| Refutation {
            line: Line::of(pos, &line),
            also_held_by: vec![],
            and_others: false,
        });
    }
    for (m, j) in moves.iter().zip(judged) {
        if !j.lost() || rep.refutation.as_ref().and_then(|r| r.first()) == Some(&Played::of(pos, m))
        {
            continue;
        }
        rep.tries.push(Refutation {
            line: lost_line(pos, *m, j, tables, 2),
            also_held_by: vec![],
            and_others: false,
        });
    }
}

/// A lost first move and the opponent's play on: from the tables, or the line the
/// search found; at most `plies` plies.
fn lost_line<B: Bits>(
    pos: &Position<B>,
    m: Move,
    j: &Judged,
    tables: Option<&Tables>,
    plies: usize,
) -> Line {
    let mut c = pos.clone();
    c.make(m);
    let mut line = vec![Played::of(pos, &m)];
    match j {
        Judged::Lost(_, on) => line.extend(on.0.iter().take(plies - 1)),
        _ => {
            let on = tables.map(|t| t.best_line(&c, plies - 1).unwrap_or_default());
            line.extend(Line::of(&c, &on.unwrap_or_default()).0);
        }
    }
    Line(line)
}

/// The refutation of a lost position: the mover's slowest loss and the opponent's win
/// on (the tables' best line, or the search's).
fn refutation<B: Bits>(
    pos: &Position<B>,
    moves: &[Move],
    judged: &[Judged],
    tables: Option<&Tables>,
) -> Refutation {
    let length = |j: &Judged| match j {
        Judged::Exact(_, plies) => *plies,
        Judged::Lost(k, _) => 2 * k,
        Judged::Holds(_) => 0,
    };
    let slowest = (0..moves.len())
        .max_by_key(|&i| length(&judged[i]))
        .unwrap_or(0);
    Refutation {
        line: lost_line(
            pos,
            moves[slowest],
            &judged[slowest],
            tables,
            REFUTATION_PLIES,
        ),
        also_held_by: vec![],
        and_others: false,
    }
}

/// Checks a printed `draw` solution: every move legal, and each move of the side to
/// move leaving a position not lost for it (by the end of the game it makes, else by the
/// tables). `ok` proves the task possible; a move the tables cannot judge leaves the
/// check `unfinished`.
pub fn check_draw_line<B: Bits>(
    pos: &Position<B>,
    text: &str,
    notation: Notation,
    tables: Option<&Tables>,
) -> ClaimCheck {
    let mut check = ClaimCheck::none();
    let mover = pos.side();
    let mut p = pos.clone();
    let mut line = vec![];
    let mut open = None;
    for (i, t) in parse_line(text).iter().enumerate() {
        if ended_for(&mut p, mover).is_some() {
            check.status = ClaimStatus::Illegal;
            check.detail = format!("move {} '{}': the game is already over", i + 1, t.text);
            return check;
        }
        let m = match parse_move_in(&p, &t.text, notation) {
            Ok(m) => m,
            Err(e) => {
                check.status = ClaimStatus::Illegal;
                check.detail = format!("move {} '{}': {e}", i + 1, t.text);
                return check;
            }
        };
        let before = p.clone();
        p.make(m);
        line.push(m);
        if before.side() != mover {
            continue;
        }
        match exact_after(&mut p, tables) {
            Some((Value::Loss, _)) => {
                check.status = ClaimStatus::Refuted;
                let on = tables.map(|t| t.best_line(&p, 6).unwrap_or_default());
                let on = sans(&p, &on.unwrap_or_default()).join(" ");
                check.detail = format!("{} loses: {on}", san(&before, &m));
                fill(pos, &line, &mut check);
                return check;
            }
            Some(_) => {}
            None if open.is_none() => open = Some(i),
            None => {}
        }
    }
    fill(pos, &line, &mut check);
    check.status = match (line.is_empty(), open) {
        (true, _) => ClaimStatus::Incomplete,
        (false, Some(i)) => {
            check.detail = format!(
                "no table judges the position after move {} (ply {})",
                check.filled[i],
                i + 1
            );
            ClaimStatus::Unfinished
        }
        (false, None) => ClaimStatus::Ok,
    };
    if line.is_empty() {
        check.detail = "no move given".into();
    }
    check.proves_solvable = check.status == ClaimStatus::Ok;
    check
}

/// The claim's line written back: SAN, and numbered as it is read.
fn fill<B: Bits>(pos: &Position<B>, line: &[Move], check: &mut ClaimCheck) {
    check.filled = sans(pos, line);
    check.inserted = vec![false; line.len()];
    let black_first = pos.side() == Color::Black;
    let words: Vec<String> = (check.filled.iter().enumerate())
        .map(|(i, s)| {
            let j = i + usize::from(black_first);
            match (j % 2, i) {
                (0, _) => format!("{}.{s}", j / 2 + 1),
                (_, 0) => format!("1...{s}"),
                _ => s.clone(),
            }
        })
        .collect();
    check.completed = words.join(" ");
}
