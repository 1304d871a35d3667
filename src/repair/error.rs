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
        /// The limit that was hit.
        #[source]
        limit: LimitHit,
    },
    /// The list of candidates would not fit the memory budget.
    #[error("{err}; allow fewer edits (--max-edits 1)")]
    TooManyCandidates {
        /// The estimate and the budget.
        #[source]
        err: MemoryError,
    },
    /// The run was stopped while the candidates were listed.
    #[error(
        "{why} while listing the candidates (a part of the list is no list: nothing was solved)"
    )]
    StoppedListing {
        /// What stopped it: "interrupted", or the run's time limit.
        why: &'static str,
    },
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
        /// The square, as given.
        square: String,
        /// Files of the board.
        width: u8,
        /// Ranks of the board.
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
    BadKind {
        /// The letter, as given.
        letter: char,
        /// The rules' name.
        rules: String,
    },
    /// More fillings than a count holds.
    #[error("too many fillings to list")]
    TooManyFillings,
    /// The list of fillings would not fit the memory budget.
    #[error("{err}; name fewer squares or kinds, or give --max-men")]
    OverBudget {
        /// The estimate and the budget.
        #[source]
        err: MemoryError,
    },
    /// The run was stopped while the fillings were listed.
    #[error(
        "{why} while listing the fillings (a part of the list is no list: nothing was solved)"
    )]
    StoppedListing {
        /// What stopped it: "interrupted", or the run's time limit.
        why: &'static str,
    },
    /// The run was stopped while the listed fillings were judged.
    #[error("{why} while judging the listed fillings (nothing was solved)")]
    StoppedJudging {
        /// What stopped it: "interrupted", or the run's time limit.
        why: &'static str,
    },
}

/// Why shards' reconstructions read back from their rows files are not ones runs give,
/// or do not join.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum JoinError {
    /// The refused and legal fillings do not add up.
    #[error("impossible counts: {fillings} fillings, {refused} refused, {legal} legal (the legal are the fillings not refused)")]
    RefusedCount {
        /// Every filling listed, legal or not.
        fillings: usize,
        /// Fillings refused before any search.
        refused: usize,
        /// The legal fillings counted (which must be the fillings less the refused).
        legal: usize,
    },
    /// The shard's fillings do not add up.
    #[error("impossible counts: {in_shard} in the shard of {legal} legal, {prefiltered} prefiltered + {solved} solved + {not_run} not run")]
    ShardCount {
        /// Legal fillings in the shard.
        in_shard: usize,
        /// Legal fillings in the whole list.
        legal: usize,
        /// Fillings of the shard discarded by the prefilter.
        prefiltered: usize,
        /// Fillings of the shard solved in full.
        solved: usize,
        /// Fillings of the shard never started.
        not_run: usize,
    },
    /// The answers and open fillings do not match their counts.
    #[error("impossible counts: {answers} answers and {open} open of {solved} solved, counted {repairs} and {unknown}")]
    AnswerCount {
        /// The answers stored.
        answers: usize,
        /// The open fillings stored.
        open: usize,
        /// Fillings solved in full.
        solved: usize,
        /// The answers counted (which must be the answers stored).
        repairs: usize,
        /// The open fillings counted (which must be the open ones stored).
        unknown: usize,
    },
    /// An answer no run gives (not sound, or ranked against its solution).
    #[error("the answer {filling} is stored as rank {rank} '{verdict}' with {keys} key(s) and solution '{solution}', which no run gives (an answer is sound: one key)")]
    AnswerRank {
        /// The answer's filling, square by square, comma separated.
        filling: String,
        /// Its rank as stored.
        rank: u32,
        /// Its verdict word as stored.
        verdict: String,
        /// How many keys it stores.
        keys: usize,
        /// What it stores of the written solution.
        solution: String,
    },
    /// An answer that fills other squares, or another number of men, than it says.
    #[error("the answer {filling} fills {fills} of {squares} squares with {men} men, stored as {added} added")]
    AnswerFilling {
        /// The answer's filling, square by square, comma separated.
        filling: String,
        /// The squares it fills.
        fills: usize,
        /// The illegible squares of the reconstruction.
        squares: usize,
        /// The men its filling puts on them.
        men: usize,
        /// The men it says it adds.
        added: usize,
    },
    /// What is wrong with one shard.
    #[error("shard {shard}: {err}")]
    Shard {
        /// The shard.
        shard: Shard,
        /// What is wrong with its rows.
        #[source]
        err: Box<JoinError>,
    },
    /// A shard that listed other fillings than shard 0.
    #[error("shard {shard} listed other fillings ({fillings} fillings, {refused} refused, {legal} legal, against {first_fillings}, {first_refused}, {first_legal} in shard 0)")]
    OtherFillings {
        /// The shard.
        shard: Shard,
        /// The fillings it listed.
        fillings: usize,
        /// The fillings it refused.
        refused: usize,
        /// Its legal fillings.
        legal: usize,
        /// The fillings shard 0 listed.
        first_fillings: usize,
        /// The fillings shard 0 refused.
        first_refused: usize,
        /// Shard 0's legal fillings.
        first_legal: usize,
    },
    /// A shard holding fillings of another's slice.
    #[error("shard {shard} holds fillings outside its slice {start}..{end} of {legal}")]
    OutsideSlice {
        /// The shard.
        shard: Shard,
        /// The first legal filling of its slice (counted from 0).
        start: usize,
        /// The end of its slice (the first filling past it).
        end: usize,
        /// The legal fillings of the whole list.
        legal: usize,
    },
    /// No shards at all.
    #[error("no shards to join")]
    NoShards,
}
