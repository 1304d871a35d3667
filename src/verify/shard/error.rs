//! Why a shard's files cannot be written or read back, or why shards do not merge. Each
//! message names the file and says what to do (rerun a shard, merge one run at a time);
//! the cause is kept as the error's source.

use crate::batch::shard::ShardError;
use crate::batch::Shard;
use crate::files::{InputError, OutputError};
use std::path::PathBuf;

/// Why a shard's manifest or rows fail, or why shards do not belong together.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardsError {
    /// `--shard` with the CSV on standard output.
    #[error("--shard needs --csv FILE, not -: the shard's manifest and rows go beside it")]
    CsvToStdout,
    /// A file beside the shard's CSV cannot be written.
    #[error("--shard: {0}")]
    Beside(#[source] OutputError),
    /// A shard's file cannot be written.
    #[error("{0}")]
    Write(#[from] OutputError),
    /// A shard's inputs cannot be read to be digested.
    #[error(transparent)]
    Inputs(#[from] InputError),
    /// A shard's rows cannot be put into JSON.
    #[error("a shard's rows cannot be written as JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The shard's CSV path has no file name.
    #[error("{}: not a file name", .0.display())]
    NotAFileName(PathBuf),
    /// A manifest cannot be read.
    #[error("cannot read shard manifest {}: {source}", path.display())]
    Unreadable {
        /// The manifest.
        path: PathBuf,
        /// Why.
        #[source]
        source: Box<InputError>,
    },
    /// A manifest does not read as one (a key misspelt, missing or unknown among them).
    #[error("{}:{line}: not a mansuba shard manifest: {source}", path.display())]
    NotAManifest {
        /// The manifest.
        path: PathBuf,
        /// The line at fault.
        line: usize,
        /// What the reader found.
        #[source]
        source: serde_json::Error,
    },
    /// A manifest of another format.
    #[error("{}: manifest format '{found}', expected '{expected}' (written by another mansuba?)", path.display())]
    Format {
        /// The manifest.
        path: PathBuf,
        /// Its format.
        found: String,
        /// This mansuba's.
        expected: &'static str,
    },
    /// A manifest's shard that cannot be (edited).
    #[error("{}: shard {shard}: {source}", path.display())]
    BadShard {
        /// The manifest.
        path: PathBuf,
        /// Its shard.
        shard: Shard,
        /// Why it cannot be.
        #[source]
        source: ShardError,
    },
    /// The rows file a manifest names cannot be read.
    #[error("cannot read {} (named by {}); rerun shard {shard}: {source}", rows.display(), manifest.display())]
    RowsUnreadable {
        /// The rows file.
        rows: PathBuf,
        /// The manifest naming it.
        manifest: PathBuf,
        /// The shard to run again.
        shard: Shard,
        /// Why.
        #[source]
        source: Box<InputError>,
    },
    /// The rows file is not the one the manifest records.
    #[error("{}: its digest is not the one {} records (the file was changed or belongs to another run); rerun shard {shard}", rows.display(), manifest.display())]
    RowsChanged {
        /// The rows file.
        rows: PathBuf,
        /// The manifest.
        manifest: PathBuf,
        /// The shard to run again.
        shard: Shard,
    },
    /// A line of a rows file does not read.
    #[error("{}:{line}: not a row of a {command} shard: {source}", rows.display())]
    NotARow {
        /// The rows file.
        rows: PathBuf,
        /// The line at fault.
        line: usize,
        /// The shard's command.
        command: &'static str,
        /// What the reader found.
        #[source]
        source: serde_json::Error,
    },
    /// A rows file holds another number of lines than its manifest records.
    #[error("{}: {found} problems, but {} records {recorded}", rows.display(), manifest.display())]
    RowCount {
        /// The rows file.
        rows: PathBuf,
        /// The manifest.
        manifest: PathBuf,
        /// Lines found.
        found: usize,
        /// Lines the manifest records.
        recorded: usize,
    },
    /// A verify shard holds another number of problems than its shard of the total.
    #[error("{}: shard {shard} of {total} problems holds {own} of them, but its rows hold {found}; the manifest was changed or belongs to another run (rerun shard {shard})", manifest.display())]
    ShardSize {
        /// The manifest.
        manifest: PathBuf,
        /// The shard.
        shard: Shard,
        /// The whole batch's problems.
        total: usize,
        /// The shard's own.
        own: usize,
        /// The rows found.
        found: usize,
    },
    /// A row's place is not one of its shard's.
    #[error("{}:{line}: place {place} does not belong to shard {shard} of {total} problems", rows.display())]
    NotItsPlace {
        /// The rows file.
        rows: PathBuf,
        /// The line.
        line: usize,
        /// The place it gives.
        place: usize,
        /// The shard.
        shard: Shard,
        /// The whole batch's problems.
        total: usize,
    },
    /// A problem appears in two shards' rows.
    #[error("{}: problem {place} appears twice", rows.display())]
    Twice {
        /// The second shard's manifest.
        rows: PathBuf,
        /// The problem's place.
        place: usize,
    },
    /// Problems no shard holds.
    #[error("the shards leave problems {0} out")]
    Gaps(String),
    /// An input of the shards cannot be read now.
    #[error("{}: the inputs the shards read cannot be read again ({source}); run merge where the shards ran, on the same files", manifest.display())]
    InputsUnreadable {
        /// The manifest recording them.
        manifest: PathBuf,
        /// Why.
        #[source]
        source: Box<InputError>,
    },
    /// A file is an input now and was not when the shards ran.
    #[error("{file}: is an input now but was not when the shards ran (recorded in {}); run the shards again", manifest.display())]
    InputNew {
        /// The file.
        file: String,
        /// The manifest.
        manifest: PathBuf,
    },
    /// An input changed since the shards ran.
    #[error("{file}: changed since the shards ran (its digest is not the one {} records); run the shards again", manifest.display())]
    InputChanged {
        /// The file.
        file: String,
        /// The manifest.
        manifest: PathBuf,
    },
    /// An input of the shards is one no longer.
    #[error("{file}: was an input when the shards ran (recorded in {}) and is not now; run the shards again", manifest.display())]
    InputGone {
        /// The file.
        file: String,
        /// The manifest.
        manifest: PathBuf,
    },
    /// The same inputs, read in another order.
    #[error("{}: the inputs' digest differs from the one recorded (the files were read in another order); run the shards again", manifest.display())]
    InputsOrder {
        /// The manifest.
        manifest: PathBuf,
    },
    /// A folder named as holding shards cannot be read.
    #[error("cannot read directory {}: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A folder named as holding shards holds no manifest.
    #[error("{}: no shard manifest (*.manifest.json) in it", .0.display())]
    NoManifestIn(PathBuf),
    /// A path named as a shard names nothing.
    #[error("no such file or directory: {}", .0.display())]
    Missing(PathBuf),
    /// A path named as a shard is none of the three things a shard can be named by.
    #[error("{}: expected a directory of shards, a NAME.manifest.json or a shard's NAME.csv", .0.display())]
    NotAShard(PathBuf),
    /// No manifest among the inputs.
    #[error("no shard manifests among the inputs")]
    NoManifests,
    /// Shards of two commands.
    #[error("{} is a shard of {first_command} but {} a shard of {command}: merge the shards of one run at a time (give each run its own OUT directory)", first.display(), other.display())]
    OtherCommand {
        /// The first shard's manifest.
        first: PathBuf,
        /// Its command.
        first_command: &'static str,
        /// The other's manifest.
        other: PathBuf,
        /// Its command.
        command: &'static str,
    },
    /// Shards written by another version of mansuba.
    #[error("{}: written by mansuba {theirs}, this is {ours}; merge with the mansuba that ran the shards", path.display())]
    OtherVersion {
        /// The manifest.
        path: PathBuf,
        /// The version that wrote it.
        theirs: String,
        /// This one.
        ours: &'static str,
    },
    /// Two shards of different runs.
    #[error("{} and {} are not shards of one run: {what} differs ({left} against {right})", first.display(), other.display())]
    NotOneRun {
        /// The first shard's manifest.
        first: PathBuf,
        /// The other's.
        other: PathBuf,
        /// What differs.
        what: &'static str,
        /// The first's value.
        left: String,
        /// The other's.
        right: String,
    },
    /// A shard given twice.
    #[error("shard {shard} is given twice: {} and {}; keep one of them", first.display(), second.display())]
    ShardTwice {
        /// The shard.
        shard: Shard,
        /// Its first manifest.
        first: PathBuf,
        /// Its second.
        second: PathBuf,
    },
    /// Shards missing (written as ranges, `3-99999`, which `sbatch --array` reads).
    #[error("{count} of {n} shards missing: K = {ks} of --shard K/{n} (no manifest for them among the inputs; a shard that was killed leaves none); run them again, e.g. sbatch --array={ks}")]
    ShardsMissing {
        /// How many.
        count: usize,
        /// Of how many shards.
        n: usize,
        /// Which, as ranges.
        ks: String,
    },
    /// A repair shard that does not hold every problem of the file.
    #[error("{}: {found} problems, but the manifest says the run had {total}; a repair shard holds every problem of the file (rerun shard {shard})", rows.display())]
    RepairCount {
        /// The shard's manifest.
        rows: PathBuf,
        /// Problems found.
        found: usize,
        /// Problems of the run.
        total: usize,
        /// The shard.
        shard: Shard,
    },
    /// A repair shard's problems out of order.
    #[error("{}: problem {place} stands at place {at} of {total}; a repair shard holds every problem of the file in order (rerun shard {shard})", rows.display())]
    RepairPlace {
        /// The shard's manifest.
        rows: PathBuf,
        /// The place the row gives.
        place: usize,
        /// Where it stands.
        at: usize,
        /// Problems of the run.
        total: usize,
        /// The shard.
        shard: Shard,
    },
    /// Two repair shards hold other problems at one place.
    #[error("problem {place} is '{}' ({}) in {} but '{}' ({}) in {}", first.0, first.1, first.2.display(), other.0, other.1, other.2.display())]
    OtherProblem {
        /// The place.
        place: usize,
        /// The first shard's problem: id, `FILE:LINE`, manifest.
        first: Box<(String, String, PathBuf)>,
        /// The other's.
        other: Box<(String, String, PathBuf)>,
    },
    /// One shard failed on a problem another repaired.
    #[error("problem '{id}': {} has an error where {} has repairs; the shards disagree on the original (a time limit?): run them again with a larger --timeout", failed.display(), repaired.display())]
    ErrorAgainstRepairs {
        /// The problem.
        id: String,
        /// The shard with the error.
        failed: PathBuf,
        /// A shard with repairs.
        repaired: PathBuf,
    },
    /// Two shards solved the original differently.
    #[error("problem '{id}': {} and {} solved the original differently or listed other candidates ({left} against {right}); the shards disagree (a time limit?): run them again with a larger --timeout", first.display(), other.display())]
    OtherOriginal {
        /// The problem.
        id: String,
        /// The first shard.
        first: PathBuf,
        /// The other.
        other: PathBuf,
        /// The first's number of candidates.
        left: usize,
        /// The other's.
        right: usize,
    },
    /// A shard holds candidates of another's slice.
    #[error("{}: problem '{id}' holds candidates outside shard {shard}'s slice {}..{} of {candidates}", rows.display(), slice.start, slice.end)]
    OutsideSlice {
        /// The shard's manifest.
        rows: PathBuf,
        /// The problem.
        id: String,
        /// The shard.
        shard: Shard,
        /// Its slice of the candidates.
        slice: std::ops::Range<usize>,
        /// The candidates of the problem.
        candidates: usize,
    },
    /// A reconstruct shard that holds other than one problem.
    #[error("{}: a reconstruct shard holds one problem, not {found} (rerun shard {shard})", rows.display())]
    NotOneProblem {
        /// The shard's manifest.
        rows: PathBuf,
        /// Problems found.
        found: usize,
        /// The shard.
        shard: Shard,
    },
    /// Two reconstruct shards of two problems.
    #[error("{} reconstructs '{}' but {} '{}'", first.0.display(), first.1, other.0.display(), other.1)]
    OtherReconstruction {
        /// The first shard's manifest and problem.
        first: (PathBuf, String),
        /// The other's.
        other: (PathBuf, String),
    },
    /// The reconstruct shards' slices do not join.
    #[error("{}: {source}; run the shards again", manifest.display())]
    Join {
        /// The first shard's manifest.
        manifest: PathBuf,
        /// Why.
        #[source]
        source: crate::repair::JoinError,
    },
}
