//! A command on one problem file that may run as a shard (`repair`, `reconstruct`): the
//! path checked to be one (`-` is standard input; another path must be one regular file,
//! and the message says what it is instead), the `--csv` output checked against what is
//! read (the file and the rules files it names: no output may replace them), the
//! manifest's place beside it checked, and, for a shard, the inputs digested before its
//! run; then the file loaded.

use super::{read_by, Planned, ShardsError};
use crate::batch::Shard;
use crate::board::rules::RulesDirs;
use crate::files::{FlaggedError, NotOneFile, Output};
use crate::problem::LoadedFile;
use std::path::Path;
use thiserror::Error;

/// The file loaded (its warnings not yet said), its CSV's target and the shard planned.
pub struct OneFile {
    /// The problem file.
    pub file: LoadedFile,
    /// The `--csv` output, checked.
    pub csv: Option<Output>,
    /// The shard's manifest to write after the run, its inputs digested.
    pub planned: Option<Planned>,
}

/// Why the command does not start.
#[derive(Debug, Error)]
pub enum OneFileError {
    /// The path names no one problem file.
    #[error(transparent)]
    NotOne(#[from] NotOneFile),
    /// The CSV cannot be written there.
    #[error(transparent)]
    Csv(#[from] FlaggedError),
    /// The shard's manifest cannot go beside the CSV, or an input cannot be digested.
    #[error(transparent)]
    Shard(#[from] ShardsError),
}

/// Checks the path, the CSV and the shard before the work, then loads the file.
pub fn one_file(
    path: &Path,
    shard: Option<Shard>,
    csv: Option<&Path>,
    dirs: &RulesDirs,
) -> Result<OneFile, OneFileError> {
    if path.as_os_str() != "-" {
        crate::files::one_problem_file(path)?;
    }
    let file = [path.to_path_buf()];
    let read = read_by(&file, None, dirs);
    let set = dirs.reads().with_inputs(&read);
    let out = crate::files::check_flagged("--csv", csv, &set)?;
    let planned = Planned::before(shard, csv, &set, (&file, None, dirs))?;
    Ok(OneFile {
        file: crate::problem::load_file(path, dirs.reads()),
        csv: out,
        planned,
    })
}
