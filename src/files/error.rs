//! Why an output cannot be written: the one error of the output policy
//! ([`super::target`]) and of the files written whole ([`super::atomic`]).

use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why an output cannot be written.
#[derive(Debug, Error)]
pub enum OutputError {
    /// The output is one of the inputs, or a file this run has read.
    #[error("{}: this is one of the inputs ({}); choose another name for the output (nothing was written)", output.display(), input.display())]
    IsInput {
        /// The output, as given.
        output: PathBuf,
        /// The input it is, as that was named.
        input: PathBuf,
    },
    /// The output is an existing read-only file (its path as given).
    #[error("{}: the file is read-only; it is not replaced (make it writable or choose another name)", .0.display())]
    ReadOnly(PathBuf),
    /// The output names a directory (its path as given).
    #[error("{}: is a directory; give a file name", .0.display())]
    IsDir(PathBuf),
    /// The folder a new file would go in does not exist.
    #[error("{}: the folder {} does not exist", path.display(), dir.display())]
    NoFolder {
        /// The output, as given.
        path: PathBuf,
        /// The missing folder.
        dir: PathBuf,
    },
    /// The folder the file goes in does not take new files (the temporary renamed into
    /// place is made there).
    #[error("{}: cannot write in the folder {}", path.display(), dir.display())]
    FolderNotWritable {
        /// The output, as given.
        path: PathBuf,
        /// The folder this user may not write in.
        dir: PathBuf,
    },
    /// A name mansuba derives itself holds a device, FIFO or socket rather than a regular
    /// file (its path).
    #[error("{}: not a regular file; mansuba makes this name itself and replaces only a regular file there (move it away)", .0.display())]
    NotRegular(PathBuf),
    /// The path has no file name (it ends in `/` or `..`), so no file can be made there.
    #[error("{}: not a file name", .0.display())]
    NotAFileName(PathBuf),
    /// Two outputs of one command name the same file.
    #[error("{} and {} name the same file: each output needs its own", first.display(), second.display())]
    Twice {
        /// The output named first, as given.
        first: PathBuf,
        /// The later output that names the same file, as given.
        second: PathBuf,
    },
    /// Writing, flushing or putting the file in place failed (`-` for standard output).
    #[error("cannot write {}: {err}", path.display())]
    Io {
        /// The output.
        path: PathBuf,
        /// What the system said.
        err: std::io::Error,
    },
}

impl OutputError {
    pub(crate) fn io(path: &Path, err: std::io::Error) -> OutputError {
        OutputError::Io {
            path: path.to_path_buf(),
            err,
        }
    }
}
