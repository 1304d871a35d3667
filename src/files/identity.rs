//! Which file a path names, by device and inode (after following links), so that two
//! spellings of one file (`p.toml`, `./d/../p.toml`, a link to it) are seen as the same;
//! and the files this process has read, so that no writer replaces one of them.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A file's identity: its device and inode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    /// The identity of the file `p` names (links followed); None when it does not exist.
    pub fn of(p: &Path) -> Option<FileId> {
        std::fs::metadata(p).ok().map(|m| FileId::of_meta(&m))
    }

    /// The identity held in metadata already read.
    pub fn of_meta(m: &std::fs::Metadata) -> FileId {
        use std::os::unix::fs::MetadataExt;
        FileId {
            dev: m.dev(),
            ino: m.ino(),
        }
    }
}

/// A set of files, each with the path it was named by.
#[derive(Clone, Debug, Default)]
pub struct FileSet {
    files: Vec<(FileId, PathBuf)>,
}

impl FileSet {
    /// Adds the file `p` names (nothing when it does not exist).
    pub fn add(&mut self, p: &Path) {
        if let Some(id) = FileId::of(p) {
            if self.find(id).is_none() {
                self.files.push((id, p.to_path_buf()));
            }
        }
    }

    /// The set of every file in `paths`.
    pub fn of(paths: &[PathBuf]) -> FileSet {
        let mut s = FileSet::default();
        paths.iter().for_each(|p| s.add(p));
        s
    }

    /// The path by which the file `id` was added, if it was and that path still names it
    /// (a file deleted since may have handed its inode to a new one, which is not it).
    pub fn find(&self, id: FileId) -> Option<&Path> {
        self.files
            .iter()
            .find(|(f, p)| *f == id && FileId::of(p) == Some(id))
            .map(|(_, p)| p.as_path())
    }
}

static READ: Mutex<Option<FileSet>> = Mutex::new(None);

/// Notes that this process read the file (every input goes through
/// [`super::input::read_bounded`], which calls this).
pub fn note_read(p: &Path) {
    let mut r = READ.lock().unwrap_or_else(|e| e.into_inner());
    r.get_or_insert_with(FileSet::default).add(p);
}

/// True when `p` names one of `inputs` or a file this process read.
pub fn is_input(p: &Path, inputs: &FileSet) -> bool {
    FileId::of(p).is_some_and(|id| inputs.find(id).is_some() || was_read(id).is_some())
}

/// The path by which this process read the file `id`, if it did.
pub fn was_read(id: FileId) -> Option<PathBuf> {
    let r = READ.lock().unwrap_or_else(|e| e.into_inner());
    r.as_ref().and_then(|s| s.find(id)).map(Path::to_path_buf)
}
