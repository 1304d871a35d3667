//! One problem of the stipulation families beyond `#N` and `win N` (help, series, self,
//! reflex play and the stalemate goals, [`super::play`]) as an [`Analysis`]: the search
//! within the problem's limits, the claimed line checked, and the answer in the fields
//! every report reads (a help or series problem's every solution in `solutions`, a
//! battle problem's keys and tries as for `#N`).

use super::line::{Line, Played};
use super::play::SeriesEnd;
use super::play::{
    check_play_line_marked, null, solve_play_marked, with_starter, Family, Play, PlayLimits, Terms,
};
use super::written::Written;
use super::{Analysis, ClaimCheck, ClaimStatus, Limits, Solvable, SolveReport};
use crate::board::bits::Bits;
use crate::board::position::{Move, Position};
use crate::notation::{parse_line, parse_move, san, Notation};
use std::time::Instant;

/// The search's limits from the problem's.
fn play_limits(limits: &Limits, start: Instant) -> PlayLimits {
    PlayLimits {
        max_nodes: limits.max_nodes,
        deadline: limits.timeout.map(|t| start + t),
        cancel: limits.cancel.clone(),
    }
}

/// Why a search stopped short, in the words the `#N` search uses.
fn limit_word(limits: &Limits, nodes: u64) -> String {
    let cancelled =
        (limits.cancel.as_ref()).is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    match limits.max_nodes {
        _ if cancelled => "interrupted".into(),
        Some(n) if nodes > n => format!("node limit {n} reached"),
        _ => "time limit reached".into(),
    }
}

/// Moves already written (as played, and in SAN), by the position they were played from:
/// a problem's solutions share their first moves, and writing a move (its
/// disambiguation, its check sign) costs a move generation or two.
type Said = std::collections::HashMap<(u64, Move), (Played, String)>;

/// A line played from `pos`: its moves, in SAN, and written as a problemist reads it (a
/// series line: the idle side passes between the series moves, the last move of `ser-h`
/// is the other side's).
fn written<B: Bits>(pos: &Position<B>, play: &Play, line: &[Move]) -> Writing {
    written_with(pos, play, line, &mut Said::new())
}

/// A line's moves, its SAN moves and the line as written.
type Writing = (Line, Vec<String>, String);

fn written_with<B: Bits>(
    pos: &Position<B>,
    play: &Play,
    line: &[Move],
    said: &mut Said,
) -> Writing {
    let mut p = pos.clone();
    let (mut played, mut sans, mut words) = (vec![], vec![], vec![]);
    let series = matches!(play.family, Family::Series(_));
    let closing = play.family == Family::Series(SeriesEnd::Help);
    for (i, &m) in line.iter().enumerate() {
        let (c, s) = said
            .entry((p.hash(), m))
            .or_insert_with(|| (Played::of(&p, &m), san(&p, &m)))
            .clone();
        played.push(c);
        let series_move = series && !(closing && i + 1 == line.len());
        words.push(match (series, series_move) {
            // A series: every series move numbered (`1.a 2.b 3.c#`), the other side's
            // last move after them.
            (true, true) => format!("{}.{s}", i + 1),
            (true, false) => s.clone(),
            // Help play as problemists number it: by pairs from the side that starts
            // (`1.Kf5 Rg6 2.Ke6 Rg5#`, Black first); `h#N.5` with White's half move
            // first (`1...Rg6 2.Ke6 Rg5#`).
            (false, _) => {
                let j = i + usize::from(play.half);
                match (j % 2, i) {
                    (0, _) => format!("{}.{s}", j / 2 + 1),
                    (_, 0) => format!("1...{s}"),
                    _ => s.clone(),
                }
            }
        });
        sans.push(s);
        p.make(m);
        if play.idle_passes_after(i, line.len()) {
            null(&mut p);
        }
    }
    (Line(played), sans, words.join(" "))
}

/// The claimed line read and checked: `ok` when it is one of the solutions (for battle
/// play: when its first move is a key), `illegal` when a move cannot be read or played
/// where it stands, `incomplete` when it is legal but no solution.
fn claim_of<B: Bits>(
    pos: &Position<B>,
    (play, terms): (&Play, Terms),
    text: &str,
    keys: &[Move],
) -> ClaimCheck {
    let mut check = ClaimCheck::none();
    let mut p = pos.clone();
    let mut line = vec![];
    let tokens = parse_line(text);
    let take = match play.family {
        _ if play.is_line_play() => tokens.len(),
        _ => tokens.len().min(1),
    };
    for (i, t) in tokens.iter().take(take).enumerate() {
        match parse_move(&p, &t.text) {
            Ok(m) => {
                line.push(m);
                p.make(m);
                if play.idle_passes_after(i, take) {
                    null(&mut p);
                }
            }
            Err(e) => {
                check.status = ClaimStatus::Illegal;
                check.detail = format!("move {} '{}': {e}", i + 1, t.text);
                return check;
            }
        }
    }
    let ok = match play.is_line_play() {
        true => check_play_line_marked(pos, play, terms, &line),
        false => line.first().is_some_and(|m| keys.contains(m)),
    };
    check.status = if ok {
        ClaimStatus::Ok
    } else {
        ClaimStatus::Incomplete
    };
    if !ok {
        check.detail = match play.is_line_play() {
            true => format!("the line is not a solution of {play}"),
            false => "its first move is not a key".into(),
        };
    }
    check.proves_solvable = ok && play.is_line_play();
    let (_, sans, text) = written(pos, play, &line);
    check.filled = sans;
    check.completed = text;
    check
}

/// Solves one problem of a play family: every solution (help, series) or every key and
/// try (self, reflex, direct stalemate), the claimed line checked, within the problem's
/// time and node limits (a limit gives `unknown` with what was proven). A mate must
/// bear the marks of the problem's `terms` (`mate_by` a kind, `mate_on`, `mate_from`), and
/// no move its conditions bar is played ([`Terms`]).
pub fn analyse_play<B: Bits>(
    pos: &Position<B>,
    (play, terms): (&Play, Terms),
    claim: Option<&str>,
    limits: &Limits,
) -> Analysis {
    let start = Instant::now();
    let found = solve_play_marked(pos, play, terms, &play_limits(limits, start));
    let from = with_starter(pos, play).unwrap_or_else(|| pos.clone());
    let mut rep = SolveReport::default();
    let line_play = play.is_line_play();
    let any = if line_play {
        !found.solutions.is_empty()
    } else {
        !found.keys.is_empty()
    };
    rep.solvable = match (any, found.complete) {
        (true, _) => Solvable::Yes,
        (false, true) => Solvable::No,
        (false, false) => Solvable::Unknown,
    };
    rep.keys_complete = found.complete;
    let mut said = Said::new();
    let mut shown = Written::default();
    for s in &found.solutions {
        let (c, sans, w) = written_with(&from, play, s, &mut said);
        if rep.main_line.is_empty() {
            rep.main_line = c.clone();
            shown.main_line = sans;
        }
        rep.solutions.push(c);
        shown.solutions.push(w);
    }
    rep.keys = found.keys.iter().map(|m| Played::of(&from, m)).collect();
    shown.keys = found.keys.iter().map(|m| san(&from, m)).collect();
    rep.shortest = if line_play {
        let least = found.solutions.iter().map(Vec::len).min();
        least.map(|n| shortest_of(play, n))
    } else {
        found.shortest
    };
    for (t, defences) in &found.tries {
        let mut p = from.clone();
        let try_c = Played::of(&p, t);
        p.make(*t);
        let d: Vec<Played> = defences.iter().map(|d| Played::of(&p, d)).collect();
        rep.tries.push(super::Refutation {
            line: Line(vec![try_c, d[0]]),
            also_held_by: d[1..].to_vec(),
            and_others: false,
        });
    }
    rep.others_fail_within = match (line_play, found.complete) {
        (false, true) => Some(play.moves),
        (false, false) => found.proven,
        _ => None,
    };
    rep.nodes = found.nodes;
    rep.millis = start.elapsed().as_millis() as u64;
    if !found.complete {
        rep.limit_hit = Some(limit_word(limits, found.nodes));
    }
    let claim = match claim {
        Some(text) if !text.trim().is_empty() => claim_of(&from, (play, terms), text, &found.keys),
        _ => ClaimCheck::none(),
    };
    shown.write_refutations(&from, &rep, None, Notation::San.into());
    Analysis {
        report: rep,
        written: shown,
        claim,
        diagram: super::diagram(&from),
        fen: from.to_fen(),
        continual_check: None,
        extras_left_out: vec![],
        tables_refused: Default::default(),
    }
}

/// A solution's length in the stipulation's moves (help: its pairs of moves, the half
/// move of `N.5` not counted, in `hs`, `hr` White's last move a move; series: its
/// series moves).
fn shortest_of(play: &Play, plies: usize) -> u32 {
    match play.family {
        Family::Help if play.half => (plies as u32).saturating_sub(1) / 2,
        Family::Help => (plies as u32).div_ceil(2),
        // White's last move closes the k-th pair (`.5`: after Black's half move).
        Family::HelpSelf | Family::HelpReflex => (plies as u32 + 1 - play.half as u32) / 2,
        Family::Series(SeriesEnd::Help) => plies.saturating_sub(1) as u32,
        _ => plies as u32,
    }
}
