//! Which file a path names, by device and inode (after following links), so that two
//! spellings of one file (`p.toml`, `./d/../p.toml`, a link to it) are seen as the same;
//! and a set of files so named.

use std::path::{Path, PathBuf};

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
