//! Why an output cannot be written: the one error of the output policy
//! ([`super::target`]) and of the files written whole ([`super::atomic`]).

use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why an output cannot be written.
#[derive(Debug, Error)]
pub enum OutputError {
    #[error("{}: this is one of the inputs ({}); choose another name for the output (nothing was written)", output.display(), input.display())]
    IsInput { output: PathBuf, input: PathBuf },
    #[error("{}: the file is read-only; it is not replaced (make it writable or choose another name)", .0.display())]
    ReadOnly(PathBuf),
    #[error("{}: is a directory; give a file name", .0.display())]
    IsDir(PathBuf),
    #[error("{}: the folder {} does not exist", path.display(), dir.display())]
    NoFolder { path: PathBuf, dir: PathBuf },
    #[error("{}: cannot write in the folder {}", path.display(), dir.display())]
    FolderNotWritable { path: PathBuf, dir: PathBuf },
    #[error("{}: not a regular file; mansuba makes this name itself and replaces only a regular file there (move it away)", .0.display())]
    NotRegular(PathBuf),
    #[error("{}: not a file name", .0.display())]
    NotAFileName(PathBuf),
    #[error("{} and {} name the same file: each output needs its own", first.display(), second.display())]
    Twice { first: PathBuf, second: PathBuf },
    #[error("cannot write {}: {err}", path.display())]
    Io { path: PathBuf, err: std::io::Error },
}

impl OutputError {
    pub(crate) fn io(path: &Path, err: std::io::Error) -> OutputError {
        OutputError::Io {
            path: path.to_path_buf(),
            err,
        }
    }
}
