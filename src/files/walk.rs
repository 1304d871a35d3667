//! The problem files a list of paths names: files as given, `-` for standard input, and
//! the `*.toml` files below each folder. A folder's walk stays where it was sent:
//! - each file is read once, by identity (device and inode), however many names or
//!   links lead to it, and however it was spelt on the command line;
//! - no folder is entered twice: a link back to a folder above is a loop and is left
//!   out, a second way into a folder already walked is not taken;
//! - a link leading outside the folder given is refused, as a rules file outside a
//!   problem's folder is, unless the caller allows it ([`Walk::follow_links`], the
//!   command line's `--follow-links`): a collection someone sent cannot pull your other
//!   files into a report;
//! - the caller's cancel flag (Ctrl-C on the command line) stops the walk.
//!
//! A command on one problem file checks its path here too ([`one_problem_file`]).

use super::identity::FileId;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How a list of paths is walked.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// Links inside a folder given may lead outside it (the command line's
    /// `--follow-links`); by default such a link is refused.
    pub follow_links: bool,
    /// Raised by the caller to stop the walk (the command line's Ctrl-C); `None`: the walk
    /// runs to its end.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The memory budget, a quarter of which the paths found may take.
    pub budget: crate::memory::Budget,
}

/// Why a list of paths does not give its problem files.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WalkError {
    /// `-` (standard input) was named more than once.
    #[error("- is given twice: standard input is read once")]
    StdinTwice,
    /// A path given names nothing.
    #[error("no such file or directory: {}", .0.display())]
    Missing(PathBuf),
    /// A folder or file below a folder given could not be read (or resolved).
    #[error("cannot read {}: {cause}", path.display())]
    Unreadable {
        /// What could not be read.
        path: PathBuf,
        /// Why, as the system or the walk reported it.
        #[source]
        cause: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A link below a folder leads outside it, and [`Walk::follow_links`] is off.
    #[error("{}: a link leading outside the folder {} (to {}); a folder's problem files are read only from inside it (allow links out with --follow-links)", link.display(), folder.display(), target.display())]
    LinkOut {
        /// The link.
        link: PathBuf,
        /// The folder given, which the link leaves.
        folder: PathBuf,
        /// Where the link leads.
        target: PathBuf,
    },
    /// The paths of the files and folders found would take over a quarter of the memory
    /// budget.
    #[error("the folders name more than the memory budget allows ({files} problem files so far, their paths and folders about {}, over a quarter of the budget of {}): name fewer folders at a time, or raise --max-memory-gib", crate::memory::human(*bytes), crate::memory::human(*budget))]
    TooMany {
        /// Problem files found when the walk stopped.
        files: usize,
        /// Bytes the paths found take, roughly.
        bytes: u64,
        /// The memory budget, in bytes.
        budget: u64,
    },
    /// The caller's cancel flag rose during the walk.
    #[error("interrupted while reading the folders")]
    Cancelled,
}

impl Walk {
    /// Reads a path list into the problem files it names (folders searched for *.toml),
    /// each file once, in the order of their paths.
    pub fn files(&self, paths: &[PathBuf]) -> Result<Vec<PathBuf>, WalkError> {
        let mut out = vec![];
        let mut held = Held {
            bytes: 0,
            budget: self.budget.bytes(),
        };
        let mut stdin = false;
        for p in paths {
            if p.as_os_str() == "-" {
                if stdin {
                    return Err(WalkError::StdinTwice);
                }
                stdin = true;
                out.push(p.clone());
            } else if p.is_dir() {
                self.walk(p, &mut out, &mut held)?;
            } else if p.exists() {
                out.push(p.clone());
            } else {
                return Err(WalkError::Missing(p.clone()));
            }
        }
        out.sort();
        let mut seen = HashSet::new();
        out.retain(|p| p.as_os_str() == "-" || FileId::of(p).is_none_or(|id| seen.insert(id)));
        Ok(out)
    }

    /// True once the caller's cancel flag rose.
    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::SeqCst))
    }

    /// Adds the *.toml files below `root` to `out`.
    fn walk(&self, root: &Path, out: &mut Vec<PathBuf>, held: &mut Held) -> Result<(), WalkError> {
        let home = resolved(root)?;
        let mut folders = HashSet::new();
        let entries = walkdir::WalkDir::new(root)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                !e.file_type().is_dir() || id_of(e).is_none_or(|i| folders.insert(i))
            });
        for entry in entries {
            if self.cancelled() {
                return Err(WalkError::Cancelled);
            }
            let e = match entry {
                Ok(e) => e,
                // A link to a folder above: that folder is being walked already.
                Err(err) if err.loop_ancestor().is_some() => continue,
                Err(err) => {
                    let path = err.path().unwrap_or(root).to_path_buf();
                    let missing = err
                        .io_error()
                        .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound);
                    if missing && is_toml(&path) {
                        // A dangling link named like a problem file: its row says so.
                        out.push(path);
                        continue;
                    }
                    return Err(WalkError::Unreadable {
                        path,
                        cause: Box::new(err),
                    });
                }
            };
            if e.path_is_symlink() && !self.follow_links {
                let real = resolved(e.path())?;
                if !real.starts_with(&home) {
                    return Err(WalkError::LinkOut {
                        link: e.path().to_path_buf(),
                        folder: root.to_path_buf(),
                        target: real,
                    });
                }
            }
            if e.file_type().is_dir() {
                held.add(e.path(), out.len())?;
            } else if is_toml(e.path()) {
                held.add(e.path(), out.len())?;
                out.push(e.into_path());
            }
        }
        Ok(())
    }
}

/// The path with every link resolved.
fn resolved(p: &Path) -> Result<PathBuf, WalkError> {
    p.canonicalize().map_err(|e| WalkError::Unreadable {
        path: p.to_path_buf(),
        cause: Box::new(e),
    })
}

/// The identity of a walked entry (the file a link leads to).
fn id_of(e: &walkdir::DirEntry) -> Option<FileId> {
    e.metadata().ok().map(|m| FileId::of_meta(&m))
}

/// What a walk keeps (each file's path, each folder's identity), counted against a
/// quarter of the memory budget: a walk of millions of files is stopped with the count,
/// before the problems are read.
struct Held {
    bytes: u64,
    budget: u64,
}

impl Held {
    /// Counts one more path (a file or a folder); `files` problem files are found so far.
    fn add(&mut self, p: &Path, files: usize) -> Result<(), WalkError> {
        self.bytes += 64 + p.as_os_str().len() as u64;
        if self.bytes > self.budget / 4 {
            return Err(WalkError::TooMany {
                files,
                bytes: self.bytes,
                budget: self.budget,
            });
        }
        Ok(())
    }
}

fn is_toml(p: &Path) -> bool {
    p.extension().is_some_and(|x| x == "toml")
}

/// Why a path does not name one problem file.
#[derive(Debug, thiserror::Error)]
pub enum NotOneFile {
    /// The path names nothing.
    #[error("no such problem file: {}", .0.display())]
    Missing(PathBuf),
    /// The path could not be read.
    #[error("cannot read {}: {err}", path.display())]
    Unreadable {
        /// The path.
        path: PathBuf,
        /// What the system said.
        err: std::io::Error,
    },
    /// The path is a folder.
    #[error("{} is a folder: give one problem file (*.toml)", .0.display())]
    Folder(PathBuf),
    /// The path is a device, a pipe or a socket.
    #[error("{} is not a regular file (a device, a pipe or a socket): give one problem file (*.toml)", .0.display())]
    NotRegular(PathBuf),
}

/// Checks that `path` names one problem file, with a message for what it is instead: a
/// missing path, a folder, or something that is not a regular file (a device, a pipe, a
/// socket), which is not read as problems.
pub fn one_problem_file(path: &Path) -> Result<(), NotOneFile> {
    let p = || path.to_path_buf();
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(NotOneFile::Missing(p())),
        Err(err) => Err(NotOneFile::Unreadable { path: p(), err }),
        Ok(m) if m.is_dir() => Err(NotOneFile::Folder(p())),
        Ok(m) if !m.is_file() => Err(NotOneFile::NotRegular(p())),
        Ok(_) => Ok(()),
    }
}
