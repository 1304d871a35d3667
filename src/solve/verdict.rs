//! What a solve reports: is the goal forced, the keys, the refutation, the lines.

use super::line::{Line, Played};
use serde::{Deserialize, Serialize};

/// Is the stipulation achievable?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variation {
    /// The moves, from the problem's position.
    pub line: Line,
    /// How the line ends ("White wins by checkmate"; a `draw` problem's key its value from
    /// the tables, "draw (tables)").
    pub outcome: String,
}

/// The result of the search.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SolveReport {
    /// Yes / no / unknown.
    pub solvable: Solvable,
    /// The least N for which the goal is forced (proven least), if known.
    pub shortest: Option<u32>,
    /// Every key found (first move that forces the goal within N).
    pub keys: Vec<Played>,
    /// True when the key list is proven complete.
    pub keys_complete: bool,
    /// For an unsound problem: the strongest try and the defence that holds (written out
    /// in [`super::Written::refutation`]).
    pub refutation: Option<super::Refutation>,
    /// The side to play has no legal move at all: the task fails with nothing to refute
    /// (no try, no defence; [`SolveReport::refutation`] is None).
    #[serde(default)]
    pub no_legal_move: bool,
    /// The tries, each kept as the refutation is (the try, a defence that holds, the
    /// line on), the most forcing first: for an unsound problem every first move but the
    /// strongest try (whose line is the refutation), for a sound or cooked one every first
    /// move but the keys that is proven not to force the goal within N. Found after the
    /// verdict on a budget of their own; a try that budget did not reach is left out, and
    /// `--refutations 0` asks for none.
    #[serde(default)]
    pub tries: Vec<super::Refutation>,
    /// Tries the lines' budget did not reach (left out of `tries`).
    #[serde(default)]
    pub tries_left_out: usize,
    /// Positions searched for the tries' lines (counted in `nodes` too).
    #[serde(default)]
    pub try_nodes: u64,
    /// Wall time of the tries' lines, in milliseconds (counted in `millis` too).
    #[serde(default)]
    pub try_millis: u64,
    /// The main line.
    pub main_line: Line,
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
    /// Dice rules: the chance that the side to move wins within N turns each.
    pub win_probability: Option<f64>,
    /// Dice rules: the best move for each throw (`"2: Rxd5"`).
    pub dice_best: Vec<String>,
    /// Help and series play: every solution, shortest first; complete when
    /// `keys_complete` (a helpmate's second solution is its cook). How a problemist reads
    /// them (`1.Kf5 Rg6 2.Ke6 Rg5#`) is written in [`super::Written::solutions`].
    #[serde(default)]
    pub solutions: Vec<Line>,
}

/// The words the CSV's and JSON's `refutation` field holds when the side to play has no
/// legal move.
pub const NO_LEGAL_MOVE: &str = "no legal move";
