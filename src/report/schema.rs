//! The JSON row as a type: every key `verify --json` and `solve --json` write for one
//! problem, with its type and meaning. This is the one definition of the rows' keys;
//! `docs/schema.md` lists the same keys (a test holds the two together). The row is
//! written through a `serde_json::Value`, whose keys are in alphabetical order.

use super::Row;
use crate::board::piece::Color;
use crate::solve::{Analysis, ClaimCheck, ContinualShown, Line, Played};
use serde::Serialize;

/// One JSON object for a row; `tree` adds the solution tree.
pub fn json_row(r: &Row, tree: bool) -> serde_json::Value {
    serde_json::to_value(JsonRow::of(r, tree)).unwrap_or(serde_json::Value::Null)
}

/// One problem's JSON row.
#[derive(Serialize)]
pub struct JsonRow<'a> {
    /// The problem's id ("" when a whole file failed).
    pub id: &'a str,
    /// The file, as given on the command line.
    pub file: &'a str,
    /// The line of the problem's table (or of the error).
    pub line: Option<usize>,
    /// The problem's `title`, if any.
    pub title: Option<String>,
    /// The problem's `source`, if any.
    pub source: Option<String>,
    /// The rules it ran under.
    pub rules: &'a str,
    /// The stipulation as written.
    pub stipulation: &'a str,
    /// The verdict word.
    pub verdict: &'a str,
    /// What went wrong (`file:line: problem 'id': message`) for an `error` row.
    pub error: Option<&'a str>,
    /// The problem's `published`, if any.
    pub published: Option<String>,
    /// The problem's `expect`, if any.
    pub expect: Option<String>,
    /// The problem's `confidence`, if any.
    pub confidence: Option<String>,
    /// The line of the problem's `solution`.
    pub solution_line: Option<usize>,
    /// Wall time of the row, engine set-up included, in milliseconds.
    pub millis: u64,
    /// What was ignored while reading the problem, with file and line.
    pub warnings: &'a [String],
    /// For an unsound problem: the least N' > N that does win, if settled.
    pub least_win: Option<u32>,
    /// The FEN as read (of the analysis; of the file for a row without one).
    pub fen: Option<String>,
    /// `yes`, `no` or `unknown`.
    pub solvable: &'a str,
    /// The problem as read, when it was.
    #[serde(flatten)]
    pub read: Option<Read<'a>>,
    /// The analysis, when there is one.
    #[serde(flatten)]
    pub analysed: Option<Analysed<'a>>,
}

/// The keys of a problem that was read.
#[derive(Serialize)]
pub struct Read<'a> {
    /// `flipped` when the position was mirrored on load, else `as-written`.
    pub orientation: &'a str,
    /// The FEN as the file writes it.
    pub fen_as_written: &'a str,
    /// The names the file gives the two sides.
    pub colours: Colours<'a>,
}

/// The names of the sides.
#[derive(Serialize)]
pub struct Colours<'a> {
    /// White's name in the file, in lower case.
    pub white: &'a str,
    /// Black's name in the file, in lower case.
    pub black: &'a str,
}

/// The keys of an analysed problem.
#[derive(Serialize)]
pub struct Analysed<'a> {
    /// The least N proven to reach the goal, if known.
    pub shortest: Option<u32>,
    /// Every key found, in coordinates.
    pub keys: &'a [Played],
    /// The keys as written (SAN, or the notation asked for).
    pub keys_san: &'a [String],
    /// True when the key list is proven complete.
    pub keys_complete: bool,
    /// Every other first move is proven not to reach the goal within this many moves.
    pub others_fail_within: Option<u32>,
    /// An unsound problem's strongest try and the defence that holds, as written.
    pub refutation: Option<String>,
    /// Each try's line, numbered.
    pub try_lines: Vec<String>,
    /// Tries the extras' share did not reach.
    pub tries_left_out: usize,
    /// The extras the share left out or cut short.
    pub extras_left_out: Vec<&'static str>,
    /// A help or series problem's every solution, each its moves in coordinates.
    pub solutions: &'a [Line],
    /// The same solutions as a problemist writes them.
    pub solution_lines: &'a [String],
    /// Positions searched for the tries' lines.
    pub try_nodes: u64,
    /// Wall time of the tries' lines, in milliseconds.
    pub try_millis: u64,
    /// The main line as written.
    pub main_line: &'a [String],
    /// The main line in coordinates.
    pub main_line_coord: &'a Line,
    /// The claim's check as the CSV writes it (`ok`, `refuted ...`).
    pub solution_check: String,
    /// The manuscript's line completed, filled-in moves in brackets.
    pub claim_completed: &'a str,
    /// The second look under continual check, if one was taken.
    pub continual_check: Option<ContinualShown<'a>>,
    /// The claim's check in full.
    pub claim: &'a ClaimCheck,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time of the search, in milliseconds.
    pub search_millis: u64,
    /// The limit that ended the search, if one did.
    pub limit_hit: &'a Option<String>,
    /// Lines in the solution tree.
    pub variations: usize,
    /// Under dice.
    #[serde(flatten)]
    pub dice: Option<Dice<'a>>,
    /// With `solve --json`.
    #[serde(flatten)]
    pub tree: Option<Tree<'a>>,
}

/// The keys of a problem under dice.
#[derive(Serialize)]
pub struct Dice<'a> {
    /// The chance that the side to move wins within N turns each.
    pub win_probability: Option<f64>,
    /// The best move for each throw (`"2: Rxd5"`).
    pub dice_best: &'a [String],
}

/// The solution tree (`solve --json`).
#[derive(Serialize)]
pub struct Tree<'a> {
    /// Every line of the tree.
    pub tree: Vec<TreeLine<'a>>,
    /// True when the tree was cut at the variation limit.
    pub tree_truncated: bool,
}

/// One line of the solution tree.
#[derive(Serialize)]
pub struct TreeLine<'a> {
    /// The plies as written.
    pub san: &'a [String],
    /// The plies in coordinates.
    pub coord: Vec<String>,
    /// How the line ends.
    pub outcome: &'a str,
}

impl<'a> JsonRow<'a> {
    /// The row's keys; `tree` adds the solution tree.
    pub fn of(r: &'a Row, tree: bool) -> JsonRow<'a> {
        let m = |k: &str| Some(r.meta_of(k)).filter(|x| !x.is_empty());
        let a = r.analysis();
        JsonRow {
            id: &r.id,
            file: &r.file,
            line: r.line,
            title: m("title"),
            source: m("source"),
            rules: &r.rules,
            stipulation: &r.stipulation,
            verdict: r.verdict.word(),
            error: r.error(),
            published: m("published"),
            expect: m("expect"),
            confidence: m("confidence"),
            solution_line: r.solution_line(),
            millis: r.millis,
            warnings: r.warnings(),
            least_win: r.least_win,
            fen: a.map_or_else(|| m("fen"), |a| Some(a.fen.clone())),
            solvable: a.map_or("unknown", |a| a.report.solvable.word()),
            read: r.problem.as_ref().map(|p| Read {
                orientation: p.orientation.word(),
                fen_as_written: &p.fen_as_written,
                colours: Colours {
                    white: p.sides.lower(Color::White),
                    black: p.sides.lower(Color::Black),
                },
            }),
            analysed: a.map(|a| Analysed::of(a, tree)),
        }
    }
}

impl<'a> Analysed<'a> {
    fn of(a: &'a Analysis, tree: bool) -> Analysed<'a> {
        let rep = &a.report;
        Analysed {
            shortest: rep.shortest,
            keys: &rep.keys,
            keys_san: &a.written.keys,
            keys_complete: rep.keys_complete,
            others_fail_within: rep.others_fail_within,
            refutation: a.refutation_text(),
            try_lines: super::rows::try_lines(a),
            tries_left_out: rep.tries_left_out,
            extras_left_out: super::rows::extras_words(a),
            solutions: &rep.solutions,
            solution_lines: &a.written.solutions,
            try_nodes: rep.try_nodes,
            try_millis: rep.try_millis,
            main_line: &a.written.main_line,
            main_line_coord: &rep.main_line,
            solution_check: a.claim.csv_text(),
            claim_completed: &a.claim.completed,
            continual_check: a.continual_check.as_ref().map(|c| c.shown(&a.written)),
            claim: &a.claim,
            nodes: rep.nodes,
            search_millis: rep.millis,
            limit_hit: &rep.limit_hit,
            variations: rep.tree.len(),
            dice: rep.win_probability.is_some().then_some(Dice {
                win_probability: rep.win_probability,
                dice_best: &rep.dice_best,
            }),
            tree: tree.then(|| Tree {
                tree: tree_lines(a),
                tree_truncated: rep.tree_truncated,
            }),
        }
    }
}

/// The solution tree's lines: each line's plies as written, in coordinates, and how it
/// ends.
fn tree_lines(a: &Analysis) -> Vec<TreeLine<'_>> {
    (a.report.tree.iter().enumerate())
        .map(|(i, v)| TreeLine {
            san: a.written.tree.get(i).map_or(&[], Vec::as_slice),
            coord: v.line.coords(),
            outcome: &v.outcome,
        })
        .collect()
}
