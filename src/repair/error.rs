//! Why a repair or a reconstruction cannot be made, and why shards' reconstructions read
//! back from their rows files cannot be joined.

use crate::batch::Shard;
use crate::board::position::FenError;
use crate::memory::MemoryError;
use crate::problem::OwnRulesError;
use crate::solve::SolveError;
use thiserror::Error;

/// The limit that left a verdict open, as the analysis names it.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct LimitHit(pub String);

/// Why the original of a repair cannot be repaired.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RepairError {
    /// The problem's rules cannot be had.
    #[error(transparent)]
    Rules(#[from] OwnRulesError),
    /// The original does not analyse (its stipulation, conditions or FEN).
    #[error(transparent)]
    Analyse(#[from] SolveError),
    /// The original's FEN does not read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A limit left the original's verdict open.
    #[error("the original's verdict is open ({limit}); raise --timeout-each (and --timeout) to settle it first")]
    Open {
        #[source]
        limit: LimitHit,
    },
    /// The list of candidates would not fit the memory budget.
    #[error("{err}; allow fewer edits (--max-edits 1)")]
    TooManyCandidates {
        #[source]
        err: MemoryError,
    },
    /// The run was stopped while the candidates were listed.
    #[error(
        "{why} while listing the candidates (a part of the list is no list: nothing was solved)"
    )]
    StoppedListing { why: &'static str },
}

/// Why the illegible squares of a problem cannot be filled.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReconstructError {
    /// The problem's FEN does not read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A square of `--unknown` off the board.
    #[error("bad square '{square}' in --unknown: expected a square of the {width}x{height} board")]
    BadSquare {
        square: String,
        width: u8,
        height: u8,
    },
    /// A square given twice in `--unknown`.
    #[error("square '{0}' given twice in --unknown")]
    Twice(String),
    /// `--unknown` with no square.
    #[error("--unknown names no square")]
    NoSquare,
    /// A letter of `--kinds` that is no kind of the rules.
    #[error("bad kind '{letter}' in --kinds: expected a piece letter of the rules '{rules}'")]
    BadKind { letter: char, rules: String },
    /// More fillings than a count holds.
    #[error("too many fillings to list")]
    TooManyFillings,
    /// The list of fillings would not fit the memory budget.
    #[error("{err}; name fewer squares or kinds, or give --max-men")]
    OverBudget {
        #[source]
        err: MemoryError,
    },
    /// The run was stopped while the fillings were listed.
    #[error(
        "{why} while listing the fillings (a part of the list is no list: nothing was solved)"
    )]
    StoppedListing { why: &'static str },
    /// The run was stopped while the listed fillings were judged.
    #[error("{why} while judging the listed fillings (nothing was solved)")]
    StoppedJudging { why: &'static str },
}

/// Why shards' reconstructions read back from their rows files are not ones runs give,
/// or do not join.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum JoinError {
    /// The refused and legal fillings do not add up.
    #[error("impossible counts: {fillings} fillings, {refused} refused, {legal} legal (the legal are the fillings not refused)")]
    RefusedCount {
        fillings: usize,
        refused: usize,
        legal: usize,
    },
    /// The shard's fillings do not add up.
    #[error("impossible counts: {in_shard} in the shard of {legal} legal, {prefiltered} prefiltered + {solved} solved + {not_run} not run")]
    ShardCount {
        in_shard: usize,
        legal: usize,
        prefiltered: usize,
        solved: usize,
        not_run: usize,
    },
    /// The answers and open fillings do not match their counts.
    #[error("impossible counts: {answers} answers and {open} open of {solved} solved, counted {repairs} and {unknown}")]
    AnswerCount {
        answers: usize,
        open: usize,
        solved: usize,
        repairs: usize,
        unknown: usize,
    },
    /// An answer no run gives (not sound, or ranked against its solution).
    #[error("the answer {filling} is stored as rank {rank} '{verdict}' with {keys} key(s) and solution '{solution}', which no run gives (an answer is sound: one key)")]
    AnswerRank {
        filling: String,
        rank: u32,
        verdict: String,
        keys: usize,
        solution: String,
    },
    /// An answer that fills other squares, or another number of men, than it says.
    #[error("the answer {filling} fills {fills} of {squares} squares with {men} men, stored as {added} added")]
    AnswerFilling {
        filling: String,
        fills: usize,
        squares: usize,
        men: usize,
        added: usize,
    },
    /// What is wrong with one shard.
    #[error("shard {shard}: {err}")]
    Shard {
        shard: Shard,
        #[source]
        err: Box<JoinError>,
    },
    /// A shard that listed other fillings than shard 0.
    #[error("shard {shard} listed other fillings ({fillings} fillings, {refused} refused, {legal} legal, against {first_fillings}, {first_refused}, {first_legal} in shard 0)")]
    OtherFillings {
        shard: Shard,
        fillings: usize,
        refused: usize,
        legal: usize,
        first_fillings: usize,
        first_refused: usize,
        first_legal: usize,
    },
    /// A shard holding fillings of another's slice.
    #[error("shard {shard} holds fillings outside its slice {start}..{end} of {legal}")]
    OutsideSlice {
        shard: Shard,
        start: usize,
        end: usize,
        legal: usize,
    },
    /// No shards at all.
    #[error("no shards to join")]
    NoShards,
}
