//! Exact searches for the stipulation families beyond `#N`: help play
//! (`h#N`, `h#N.5`, `h=N`, `h#=N`, and `hs#N`, `hr#N` ending in an `s#1` or `r#1`), series play (`ser-#N`, `ser-=N`, `ser-h#N`,
//! `ser-s#N`, `ser-r#N`) and battle play (`s#N`, `s=N`, `r#N`, `semi-r#N`, and `#N` through the
//! same AND/OR search), with Popeye's meanings (who starts, half-move counts, shorter
//! solutions unless `exact-`, reflex obligations, the series check rule).
//!
//! Two predicates steer every search: the stipulation's goal (`#`, `=`, `#=`, tested on
//! the side to move after the last move) decides success; the rules' end of the game
//! ([`Position::settled_outcome`]: bare king, stalemate, kings only, the nine-move
//! limit) stops a line that has not reached its goal. Move generation is the board's,
//! with forced capture, privileges, stacks and every board size.
//!
//! Files: `stip` (the parsed stipulation), `goal` (the two predicates), `bars` (the moves
//! the conditions bar), `bounds` (the `#N` search's bounds and mate judge, shared),
//! `stalemate` (the last moves that may stalemate), `meter` (limits), `null` (the null move), `table` (transposition tables), `obliged` (quick judges of battle
//! play's obligations), `help`, `series`, `battle` (the searches), `claim` (checking a
//! given line), `report`.

mod bars;
mod battle;
mod bounds;
mod claim;
mod goal;
mod help;
mod meter;
mod null;
mod obliged;
mod report;
mod series;
mod stalemate;
mod stip;
mod table;

pub use bars::{Bars, MAX_HELD};
pub use claim::{check_play_line, check_play_line_marked};
pub use goal::{Marks, Squares, Terms};
pub use meter::PlayLimits;
pub(super) use null::null;
pub use report::PlayReport;
pub use stip::{Aim, Family, Play, PlayError, SeriesEnd, KNOWN_FAMILIES, MAX_PLAY_MOVES};

use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::movegen::MoveList;
use crate::board::position::Position;
use battle::BattleSearch;
use goal::Target;
use help::{help_lengths, HelpEnd, HelpSearch};
use meter::Meter;
use series::SeriesSearch;

/// Defences counted against a first move for it to be a try: one or two.
const TRY_DEFENCES: usize = 2;

/// The position with the stipulation's starter to move (its e.p. right dropped if the
/// side changes); None when the other side is then in check (the position cannot arise).
pub(super) fn with_starter<B: Bits>(pos: &Position<B>, play: &Play) -> Option<Position<B>> {
    let mut p = pos.clone();
    if p.side() != play.starter() {
        p.ep = NO_SQ;
        p.side = play.starter();
        p.rehash();
    }
    let them = p.side().flip();
    let checked = p.attacked(p.king_sq(them), p.side(), p.occupied());
    (!checked).then_some(p)
}

/// Solves `play` from `pos` (the side to move is set to the stipulation's starter)
/// within `limits`. Help and series play list every solution line; battle play its
/// keys, tries and shortest length.
pub fn solve_play<B: Bits>(pos: &Position<B>, play: &Play, limits: &PlayLimits) -> PlayReport {
    solve_play_marked(pos, play, Terms::default(), limits)
}

/// [`solve_play`] under the problem's `terms`: a mate that must bear its marks (the
/// problem's `mate_by` a kind, `mate_on`, `mate_from`): only a mate so marked reaches the
/// goal, whichever side gives it, and a reflex obligation binds only where such a mate
/// is to be had; and the moves its conditions bar ([`Bars`]), which no side plays.
pub fn solve_play_marked<B: Bits>(
    pos: &Position<B>,
    play: &Play,
    terms: Terms,
    limits: &PlayLimits,
) -> PlayReport {
    let mut meter = Meter::new(limits);
    let mut report = PlayReport::default();
    if let Some(p) = with_starter(pos, play) {
        let goal = Target::of(play.aim, terms).seen_in_diagram(&p, play.mater());
        match play.family {
            Family::Help | Family::HelpSelf | Family::HelpReflex => {
                solve_help(p, play, goal, &mut meter, &mut report)
            }
            Family::Series(end) => solve_series(p, play, goal, end, &mut meter, &mut report),
            _ => solve_battle(p, play, goal, &mut meter, &mut report),
        }
    } else {
        report.proven = Some(play.moves);
    }
    report.complete = !meter.stopped;
    report.nodes = meter.nodes;
    report
}

fn solve_help<B: Bits>(
    p: Position<B>,
    play: &Play,
    goal: Target,
    meter: &mut Meter,
    report: &mut PlayReport,
) {
    let mut s = HelpSearch::new(p, goal, HelpEnd::of(play.family), meter);
    for (half_moves, k) in help_lengths(play) {
        s.lines(half_moves);
        if s.meter.stopped {
            break;
        }
        report.proven = Some(k);
    }
    report.solutions = s.found;
}

fn solve_series<B: Bits>(
    p: Position<B>,
    play: &Play,
    goal: Target,
    end: SeriesEnd,
    meter: &mut Meter,
    report: &mut PlayReport,
) {
    let mut s = SeriesSearch::new(p, goal, end, meter);
    let first = if play.exact { play.moves } else { 1 };
    for k in first..=play.moves {
        s.lines(k);
        if s.meter.stopped {
            break;
        }
        report.proven = Some(k);
    }
    report.solutions = s.found;
}

fn solve_battle<B: Bits>(
    p: Position<B>,
    play: &Play,
    goal: Target,
    meter: &mut Meter,
    report: &mut PlayReport,
) {
    let mut s = BattleSearch::new(p, play.family, goal, play.exact, meter);
    // The least length first (one length only when exact), then every key and try at N.
    let first = if play.exact { play.moves } else { 1 };
    for n in first..play.moves {
        match s.attack(n) {
            None => return,
            Some(won) => {
                report.proven = Some(n);
                if won && report.shortest.is_none() {
                    report.shortest = Some(n);
                }
            }
        }
    }
    let n = play.moves;
    let mut list = MoveList::new();
    if !s.attack_moves(&mut list) {
        report.proven = Some(n);
        return;
    }
    for &m in list.as_slice() {
        if s.meter.tick() {
            return;
        }
        let (v, refuted) = s.after_move(m, |s| {
            let v = s.after_attack(n);
            let refuted = match v {
                Some(false) => s.refutations(n, TRY_DEFENCES + 1),
                _ => Some(Vec::new()),
            };
            (v, refuted)
        });
        match (v, refuted) {
            (Some(true), _) => report.keys.push(m),
            (Some(false), Some(r)) if (1..=TRY_DEFENCES).contains(&r.len()) => {
                report.tries.push((m, r))
            }
            (Some(false), Some(_)) => {}
            _ => return,
        }
    }
    report.proven = Some(n);
    if report.shortest.is_none() && !report.keys.is_empty() {
        report.shortest = Some(n);
    }
}
