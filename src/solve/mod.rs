//! The exact solver: stipulations and conditions, the proof search (deepening and proof
//! numbers over one shared table), every key, cooks and refutations, and the check of a
//! claimed solution. Uses the board, notation and retrograde tables; knows nothing of
//! files, terminals or dice (the `crate::analyse` layer above picks dice or search).
//!
//! The public boundary is [`analyse_position`]: a position, a stipulation, resolved
//! conditions, an optional claimed solution and limits in; an [`Analysis`] out.

mod analysis;
mod batch;
mod budget;
mod claim;
mod conditions;
mod continual;
mod counters;
mod deepening;
mod draw;
mod endgames;
mod extras;
mod families;
mod limits;
pub mod line;
mod lines;
mod order;
mod play;
mod pn_numbers;
mod pns;
mod reach;
mod refutation;
mod root;
mod searcher;
mod spec;
mod stipulation;
mod transpositions;
mod unbounded;
mod verdict;
pub mod word;
pub mod written;

pub use analysis::{analyse_position, check_claim, diagram, Analysis};
pub(crate) use claim::completed_line;
pub use claim::{ClaimCheck, ClaimStatus};
pub use continual::{ContinualCheck, ContinualShown};
pub use counters::counts;
pub use draw::{analyse_draw, check_draw_line, SEARCH_MOVES as DRAW_SEARCH_MOVES};
pub use extras::{Extra, ExtrasPool, DEFAULT_EXTRAS, MAX_EXTRAS};
pub use families::analyse_play;
pub(crate) use limits::remaining;
pub use limits::{Limits, Method, ProblemNodes, DEFAULT_REFUTATIONS};
pub use line::{Line, LineError, Played, Spot};
pub(crate) use lines::MAX_VARIATIONS;
pub use play::{
    check_play_line, check_play_line_marked, solve_play, solve_play_marked, Aim, Bars, Family,
    Marks, Play, PlayError, PlayLimits, PlayReport, SeriesEnd, Squares, Terms, KNOWN_FAMILIES,
    MAX_HELD, MAX_PLAY_MOVES,
};
pub use refutation::{Refutation, WrittenRefutation};
pub use spec::{resolve_conditions, ConditionSpec, Conditions, MateBy};
pub use stipulation::{DiceRefusal, Goal, SolveError, Stipulation};
pub use verdict::{Solvable, SolveReport, Variation};
pub use written::Written;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulations_parse() {
        let s: Stipulation = "#3".parse().unwrap();
        assert_eq!((s.goal, s.moves), (Goal::Mate, 3));
        let s: Stipulation = "win 20".parse().unwrap();
        assert_eq!((s.goal, s.moves), (Goal::Win, 20));
        assert!("#0".parse::<Stipulation>().is_err());
        assert!("pser-h#2".parse::<Stipulation>().is_err());
        assert!("h#0".parse::<Stipulation>().is_err());
        // The other families come as their play; `#N` and `exact-#N` as the mate search.
        let h: Stipulation = "h#2.5".parse().unwrap();
        assert_eq!(h.play.map(|p| (p.moves, p.half)), Some((2, true)));
        assert_eq!(h.to_string(), "h#2.5");
        let e: Stipulation = "exact-#3".parse().unwrap();
        assert_eq!((e.moves, e.exact, e.play), (3, true, None));
        // Written back as the reports write it, and read again.
        assert_eq!(e.to_string(), "#3 exact");
        assert_eq!(e.to_string().parse::<Stipulation>().unwrap(), e);
        assert!("#3 exact exact".parse::<Stipulation>().is_err());
        let st: Stipulation = "=2".parse().unwrap();
        assert_eq!(st.play.map(|p| p.aim), Some(Aim::Stalemate));
        assert!("".parse::<Stipulation>().is_err());
    }
}
