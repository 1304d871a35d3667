//! Is a given help or series line a solution of the stipulation? Each move must be
//! legal where it is played, the game not over before it, the series check rule kept,
//! and the end as the stipulation asks.

use super::goal::{goal_in_one, playable, reached, Target, Terms};
use super::help::{ends_well, help_lengths, may_go_on, HelpEnd};
use super::meter::{Meter, PlayLimits};
use super::null::null;
use super::series::{forced_to_goal, idle_may_pass};
use super::stip::{Family, Play, SeriesEnd};
use super::{solve_play_marked, with_starter};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};

/// Plays `m` if it is legal, not barred by the conditions, and the game is not over,
/// the target following it; false otherwise.
fn play_legal<B: Bits>(pos: &mut Position<B>, target: &mut Target, m: Move) -> bool {
    let mut list = MoveList::new();
    if !playable(pos, *target, &mut list) || !list.as_slice().contains(&m) {
        return false;
    }
    *target = target.after(pos, &m);
    pos.make(m);
    true
}

/// Is `line` a solution of `play` from `pos` (the starter set to move as in
/// [`super::solve_play`])? Help and series play are checked move by move (a series line as
/// [`super::PlayReport::solutions`] writes it); for battle play `line` must be a single
/// key, checked by a full search.
pub fn check_play_line<B: Bits>(pos: &Position<B>, play: &Play, line: &[Move]) -> bool {
    check_play_line_marked(pos, play, Terms::default(), line)
}

/// [`check_play_line`] under the problem's `terms`: mates that must bear its marks, moves
/// its conditions bar (as [`super::solve_play_marked`] solves it).
pub fn check_play_line_marked<B: Bits>(
    pos: &Position<B>,
    play: &Play,
    terms: Terms,
    line: &[Move],
) -> bool {
    let Some(mut p) = with_starter(pos, play) else {
        return false;
    };
    let mut target = Target::of(play.aim, terms).seen_in_diagram(&p, play.mater());
    let n = line.len() as u32;
    match play.family {
        Family::Help | Family::HelpSelf | Family::HelpReflex => {
            // A solution's length is one of those the search lists lines of.
            if !help_lengths(play)
                .iter()
                .any(|&(half_moves, _)| half_moves == n)
            {
                return false;
            }
            let end = HelpEnd::of(play.family);
            for &m in line {
                let mut list = MoveList::new();
                playable(&mut p, target, &mut list);
                if !may_go_on(&mut p, &list, end, target) {
                    return false;
                }
                if !play_legal(&mut p, &mut target, m) {
                    return false;
                }
            }
            ends_well(&mut p, end, target, &mut Meter::new(&PlayLimits::default()))
        }
        Family::Series(end) => {
            let ends_other = end == SeriesEnd::Help;
            let series = n.saturating_sub(ends_other as u32);
            let least = if play.exact { play.moves } else { 1 };
            if series < least || series > play.moves {
                return false;
            }
            let reflex = end == SeriesEnd::Reflex;
            for (i, &m) in line[..series as usize].iter().enumerate() {
                let mut own = MoveList::new();
                playable(&mut p, target, &mut own);
                if reflex && goal_in_one(&mut p, &own, target) {
                    return false;
                }
                if !play_legal(&mut p, &mut target, m) {
                    return false;
                }
                if i + 1 < series as usize {
                    if !idle_may_pass(&mut p, end, target) {
                        return false;
                    }
                    let _ = null(&mut p);
                }
            }
            match end {
                SeriesEnd::Direct => reached(&mut p, target),
                SeriesEnd::Help => {
                    play_legal(&mut p, &mut target, line[series as usize])
                        && reached(&mut p, target)
                }
                SeriesEnd::Reflex => {
                    let mut list = MoveList::new();
                    playable(&mut p, target, &mut list) && goal_in_one(&mut p, &list, target)
                }
                SeriesEnd::Self_ => {
                    forced_to_goal(&mut p, target, &mut Meter::new(&PlayLimits::default()))
                }
            }
        }
        _ => {
            let report = solve_play_marked(pos, play, terms, &PlayLimits::default());
            line.len() == 1 && report.keys.contains(&line[0])
        }
    }
}
