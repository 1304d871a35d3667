//! mansuba: verify or refute historical chess problems under the rules of their own time.
//!
//! The layers, bottom first; each uses only the layers listed before it:
//! - [`memory`]: the one memory budget every growing allocation is checked against;
//! - [`files`]: files written whole or not at all (used by every layer that writes);
//! - [`batch`]: `--shard K/N`, the one way work is split over machines; the progress
//!   observer; the numbers a request reads within their ranges, and the worker pool;
//! - [`board`]: a position under a rule set (squares, bitboards, pieces, rules and their
//!   compiled tables, the position and FEN, attacks, legal moves, perft, outcome);
//! - [`notation`]: reading and writing moves in the notations the sources use;
//! - [`retro`]: retrograde tables (built, counted, planned and probed, also from rules and
//!   materials named as text);
//! - [`solve`]: the exact solver (stipulations, conditions, search, claim checking);
//! - [`dice`]: chess with dice (expectimax, chance tables, simulation, perft under a throw);
//! - `analyse`: one whole problem, whatever its rules: search, tables or dice, the claim;
//! - [`problem`]: problem files, and carrying a problem to another rule set;
//! - [`concordance`]: which problems of collections are one position up to symmetry, or
//!   near variants;
//! - [`repair`]: the smallest edits that make a broken problem sound;
//! - [`report`]: text, CSV, JSON, SVG and the HTML edition;
//! - [`verify`]: a problem verified into its row and verdict, as a library (and the
//!   members of a concordance's groups, and a file's problems repaired in turn);
//! - [`cli`]: the command line, one file per subcommand (not part of the library's API;
//!   behind the default feature `cli`, so that `cargo build --lib --no-default-features`
//!   builds the library without clap, indicatif, ctrlc, anyhow or url).
//!
//! # Verifying a problem from another program
//!
//! The everyday types are re-exported here: rules and their presets, the engine and
//! position a FEN is read into (and why a FEN is refused), a problem file and its loader,
//! the search limits and the observer that hears of a long search's progress, the
//! analysis, the verdict and the report row. The library draws and writes nothing by
//! itself: progress goes to the [`Progress`] in [`Limits`], tables a search builds go to
//! the folder its `table_cache` names (none by default), and a search's memory is what
//! the budget of `Limits::reads` allows. Dilaram's mate as the bundled collection
//! gives it is unsound: the defence 3...Rh2 holds.
//!
//! # What the caller owns, and the two things the process keeps
//!
//! What a run shares is a value its caller makes and hands down:
//! - the memory budget ([`memory::Budget`]; by default a share of the machine's memory),
//!   and the record of the files read ([`files::Reads`]: the inputs named and every
//!   file read since, none of which an output may replace), together in the `Reads`
//!   that [`board::rules::RulesDirs`] and [`Limits`] carry (a chance table's build takes
//!   its budget in its `Stops`);
//! - the rules folders a problem may name ([`board::rules::RulesDirs`]), the limits, the
//!   progress observer, the table folder, the folder of tables built on the fly
//!   ([`files::cache::TableCache`], a scratch one removed when the run's limits go) and
//!   the table files a search refused ([`retro::TablesRefused`], in each analysis, said
//!   once by the run that met them).
//!
//! Two callers' runs share nothing of these. The process keeps only what has no caller
//! or is one per process:
//! - the temporaries not yet renamed into place and the scratch folders of tables built
//!   on the fly, so that a signal handler, which has no caller, can remove them
//!   ([`files::temps::remove_all`]);
//! - standard input, read once and kept for every reader that takes `-` (a pipe cannot
//!   be read twice);
//! - the worker pool, which is rayon's: a run's `threads` sets the global pool once
//!   ([`batch::threads::set_threads`]); a caller that wants a pool of its own leaves
//!   `threads` unset and runs the work inside its pool's `install`.
//!
//! ```
//! use mansuba::{load_file, verify_problem, Limits, Solvable, Verdict};
//! use mansuba::{files::Reads, memory::Budget};
//! use std::time::Duration;
//!
//! // The run's own record of what it reads, within a budget of 2 GiB.
//! let reads = Reads::within(Budget::of_gib(2.0));
//! let file = load_file(std::path::Path::new("problems/mansubat.toml"), &reads);
//! let dilaram = file
//!     .problems
//!     .iter()
//!     .flatten()
//!     .find(|p| p.id == "dilaram")
//!     .expect("the collection holds Dilaram's mate");
//! let limits = Limits {
//!     timeout: Some(Duration::from_secs(60)),
//!     reads,
//!     ..Limits::default()
//! };
//! let row = verify_problem(dilaram, &limits);
//! assert_eq!(row.verdict, Verdict::Unsound);
//! let analysis = row.analysis().unwrap();
//! assert_eq!(analysis.report.solvable, Solvable::No);
//! // The strongest try and the defence that holds against it, as written.
//! let refutation = analysis.written.refutation.as_ref().unwrap();
//! assert_eq!(refutation.line[..4], ["Rh8+", "Kxh8", "Bf5+", "Rh2"]);
//! ```

#![deny(missing_docs)]

// The crate by its own name, for the test helpers it shares with the suite in tests/
// (written against `mansuba::`).
#[cfg(test)]
extern crate self as mansuba;

pub mod analyse;
pub mod batch;
pub mod board;
#[cfg(feature = "cli")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod cli;
pub mod concordance;
pub mod dice;
pub mod files;
pub mod memory;
pub mod notation;
pub mod problem;
pub mod repair;
pub mod report;
pub mod retro;
pub mod solve;
pub mod verify;

pub use analyse::analyse;
pub use batch::{Observer, Progress, Task};
pub use board::compiled::AnyEngine;
pub use board::piece::Color;
pub use board::position::{FenError, IllegalPosition, Position};
pub use board::presets::PRESETS;
pub use board::rules::{Rules, RulesError};
pub use problem::{load_file, LoadedFile, OwnRulesError, Problem, ProblemError};
pub use report::{Found, Row, Verdict};
pub use solve::{Analysis, ConditionSpec, Limits, Solvable, SolveError, SolveReport, Stipulation};
pub use verify::verify_problem;
