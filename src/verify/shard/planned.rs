//! A shard from before its work to after it: its manifest's place beside its CSV checked
//! and what it reads digested before the run ([`Planned::before`]), so that an edit during
//! the run shows at the merge; its rows and manifest written after it ([`Planned::write`]),
//! and the line that says where ([`Written`]).

use super::asked::Command;
use super::{check_beside, inputs_of, write, Asked, Inputs, ShardRun, ShardsError};
use crate::batch::Shard;
use crate::board::rules::RulesDirs;
use crate::files::Reads;
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// A shard about to run, whose manifest will go beside its CSV.
pub struct Planned {
    /// Which shard.
    pub shard: Shard,
    /// The shard's CSV.
    csv: PathBuf,
    /// What it reads, digested before the run.
    inputs: Inputs,
    /// The files it reads, none of which the manifest or the rows may replace.
    reads: Reads,
}

impl Planned {
    /// Checks that the manifest and rows can go beside `csv` (none of `read` replaced)
    /// and, for a shard, digests the problem `files`, the rules files they name and
    /// `--rules`'s. None without a shard, or (after the digest) without a CSV.
    pub fn before(
        shard: Option<Shard>,
        csv: Option<&Path>,
        read: &Reads,
        (files, cli_rules, dirs): (&[PathBuf], Option<&str>, &RulesDirs),
    ) -> Result<Option<Planned>, ShardsError> {
        check_beside(shard, csv, read)?;
        let Some(shard) = shard else { return Ok(None) };
        let inputs = inputs_of(files, cli_rules, dirs)?;
        Ok(csv.map(|csv| Planned {
            shard,
            csv: csv.to_path_buf(),
            inputs,
            reads: read.clone(),
        }))
    }

    /// Writes the shard's rows (`lines`, one per problem of the shard) and then its
    /// manifest beside the CSV: what was asked, the problems of the whole batch
    /// (`total`) and the warnings met reading the inputs.
    pub fn write<T: Serialize>(
        self,
        asked: Asked,
        total: usize,
        warnings: Vec<String>,
        lines: &[T],
    ) -> Result<Written, ShardsError> {
        let command = asked.kind();
        let manifest = write(
            &self.csv,
            ShardRun {
                shard: self.shard,
                asked,
                inputs: self.inputs,
                total,
                warnings,
                lines,
            },
            &self.reads,
        )?;
        Ok(Written {
            shard: self.shard,
            command,
            lines: lines.len(),
            total,
            manifest,
        })
    }
}

/// A shard's manifest written: shown, the line that says what it holds and where it is.
pub struct Written {
    /// Which shard.
    pub shard: Shard,
    /// The command it ran.
    pub command: Command,
    /// The lines of its rows file.
    pub lines: usize,
    /// Problems of the whole batch.
    pub total: usize,
    /// The manifest's path.
    pub manifest: PathBuf,
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (shard, path) = (self.shard, self.manifest.display());
        match self.command {
            Command::Repair => write!(
                f,
                "shard {shard}: its slice of the candidates of {} problems; manifest {path}",
                self.lines
            ),
            Command::Reconstruct => write!(
                f,
                "shard {shard}: its slice of the fillings; manifest {path}"
            ),
            Command::Verify => write!(
                f,
                "shard {shard}: {} of {} problems; manifest {path}",
                self.lines, self.total
            ),
        }
    }
}
