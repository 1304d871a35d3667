//! What a caller's work reads: the memory budget a file read whole must fit in, and the
//! record of the files read so far (the inputs it named, and every file read since: a
//! rules file a problem names, a table, a shard's rows), so that no output replaces one
//! of them however its name is spelt. The caller owns it and hands it to the readers
//! and the outputs; its clones share one record.

use super::identity::{FileId, FileSet};
use crate::memory::Budget;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The budget and the record of the files read (see the module comment).
#[derive(Clone, Debug, Default)]
pub struct Reads {
    budget: Budget,
    read: Arc<Mutex<FileSet>>,
}

impl Reads {
    /// A record of nothing read yet, for work within `budget`.
    pub fn within(budget: Budget) -> Reads {
        Reads {
            budget,
            read: Arc::default(),
        }
    }

    /// The files `paths` name (those that exist) noted as inputs; the record, shared.
    pub fn with_inputs(&self, paths: &[PathBuf]) -> Reads {
        paths.iter().for_each(|p| self.note(p));
        self.clone()
    }

    /// The memory budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Notes that the file `p` was read (nothing when it does not exist).
    pub fn note(&self, p: &Path) {
        self.record().add(p);
    }

    /// The path by which the file `id` was read, if it was.
    pub fn find(&self, id: FileId) -> Option<PathBuf> {
        self.record().find(id).map(Path::to_path_buf)
    }

    /// True when `p` names a file read.
    pub fn has(&self, p: &Path) -> bool {
        FileId::of(p).is_some_and(|id| self.find(id).is_some())
    }

    fn record(&self) -> std::sync::MutexGuard<'_, FileSet> {
        self.read.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_record_and_two_records_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, "x").unwrap();
        std::fs::write(&b, "y").unwrap();
        let one = Reads::default().with_inputs(std::slice::from_ref(&a));
        let other = Reads::default();
        one.clone().note(&b);
        assert!(one.has(&a) && one.has(&b));
        assert!(one.has(&dir.path().join("./a")));
        assert!(!other.has(&a) && !other.has(&b));
    }
}
