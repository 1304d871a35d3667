//! `verify` as one library call ([`Run::verify`]): every output checked against every
//! file the run reads before the work (so that no output replaces one, and a shard
//! digests them before its run: an edit during the run then shows at the merge), the
//! outputs opened, the batch's groups written to them as the problems finish, the end
//! worded, and a shard's rows and manifest written for the merge.

use super::run::{Asked, Run, RunError};
use super::shard::{PlacedGroup, Planned, ShardsError};
use crate::batch::Progress;
use crate::report::grid::Group;
use crate::report::outputs::{Ended, Outputs, OutputsError};
use crate::report::stream::SinkError;
use std::path::PathBuf;
use std::sync::Mutex;
use thiserror::Error;

/// Why `verify` failed.
#[derive(Debug, Error)]
pub enum VerifyError {
    /// An output was refused before the work, or the end could not be written.
    #[error(transparent)]
    Outputs(#[from] OutputsError),
    /// The outputs could not be opened.
    #[error(transparent)]
    Sink(#[from] SinkError),
    /// The shard could not be planned, or its rows and manifest written.
    #[error(transparent)]
    Shard(#[from] ShardsError),
    /// The run was refused.
    #[error(transparent)]
    Run(#[from] RunError),
}

/// What `verify` ended with: the end of its outputs, and the line a shard says last
/// (its manifest written, or why none was).
pub struct Verified {
    /// The summary, the groups kept, and what to print.
    pub ended: Ended,
    /// A shard's last line.
    pub shard_note: Option<String>,
}

impl Run<'_> {
    /// Verifies `files` (found from `paths`, as given) into `out`: the outputs checked
    /// before any work, opened (the JSON lines and the listing to `stdout`), fed each
    /// group as it is done (in the files' order), and finished; a shard's rows and
    /// manifest written unless the cancel flag rose. `progress` hears of the jobs.
    pub fn verify(
        &self,
        (files, paths): (&[PathBuf], &[PathBuf]),
        out: &mut Outputs,
        asked: Asked,
        (progress, stdout): (Progress, Box<dyn std::io::Write + Send>),
    ) -> Result<Verified, VerifyError> {
        let read = self
            .rules_dirs
            .reads()
            .with_inputs(&self.settings.files_read(files, &self.rules_dirs));
        out.check(&read)?;
        let rules = self.settings.rules.as_deref();
        let planned = Planned::before(
            asked.shard,
            out.csv,
            &read,
            (files, rules, &self.rules_dirs),
        )?;
        // Only the summary's rows are kept, unless the whole batch is laid out at the end
        // or a shard writes them.
        let sink = Mutex::new(out.open(asked.shard.is_some(), stdout)?);
        let take = |g: Group| sink.lock().unwrap_or_else(|e| e.into_inner()).take(g);
        let batch = self.batch((files, paths), asked, progress, &take)?;
        let sink = sink.into_inner().unwrap_or_else(|e| e.into_inner());
        let lent = (self.cancel.clone(), self.rules_dirs.clone());
        let mut ended = out.finish(sink, lent)?;
        let shard_note = match planned {
            // Its rows are cut short: no manifest, so the merge counts the shard missing.
            Some(p) if self.cancelled() => Some(format!(
                "shard {}: interrupted, no manifest written (run it again)",
                p.shard
            )),
            Some(p) => {
                let groups = std::mem::take(&mut ended.groups);
                let lines = PlacedGroup::of(groups, &batch.places);
                let asked = self.settings.asked(paths, asked.all_rules);
                Some(p.write(asked, batch.total, vec![], &lines)?.to_string())
            }
            None => None,
        };
        Ok(Verified { ended, shard_note })
    }
}
