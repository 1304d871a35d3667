//! The folder where tables built on the fly are kept between runs: the user's own
//! (`$XDG_CACHE_HOME/mansuba`, else `~/.cache/mansuba`), made 0700. A folder that another
//! user owns, that group or others may write, or that is a link, is not trusted: another
//! user could plant or link files there. The run then builds its tables in a private
//! scratch folder of its own (0700, a fresh name made with `mkdir`, which never follows a
//! link or takes an existing folder), removed when the command ends.

use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;

/// Why a cache folder is not used.
#[derive(Debug, Error)]
pub enum CacheError {
    /// No folder to put the cache in: `XDG_CACHE_HOME` is unset or relative, and `HOME`
    /// unset or empty.
    #[error("neither XDG_CACHE_HOME (an absolute path) nor HOME is set")]
    NoHome,
    /// The cache folder is a symbolic link (its path).
    #[error("{}: is a symbolic link; the cache must be a folder of the user's own", .0.display())]
    Link(PathBuf),
    /// The cache path is something other than a folder (its path).
    #[error("{}: is not a folder", .0.display())]
    NotDir(PathBuf),
    /// The folder belongs to another user.
    #[error("{}: belongs to another user (uid {owner}, this run is uid {me})", path.display())]
    Owner {
        /// The folder.
        path: PathBuf,
        /// The uid that owns it.
        owner: u32,
        /// The effective uid of this run.
        me: u32,
    },
    /// Group or others may write in the folder.
    #[error("{}: group or others may write it (mode {mode:o}); make it 0700", path.display())]
    Writable {
        /// The folder.
        path: PathBuf,
        /// Its permission bits (`mode & 0o7777`).
        mode: u32,
    },
    /// The folder could not be made or looked at.
    #[error("{}: {err}", path.display())]
    Io {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        err: std::io::Error,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> CacheError + '_ {
    move |err| CacheError::Io {
        path: path.to_path_buf(),
        err,
    }
}

/// The user's cache folder for mansuba, made (0700) if missing, or why it is not trusted.
pub fn user_cache() -> Result<PathBuf, CacheError> {
    let base = match std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
    {
        Some(b) => b,
        None => std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(|h| PathBuf::from(h).join(".cache"))
            .ok_or(CacheError::NoHome)?,
    };
    if !base.is_dir() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&base)
            .map_err(io(&base))?;
    }
    let dir = base.join("mansuba");
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(io(&dir)(e)),
    }
    check_private(&dir)?;
    Ok(dir)
}

/// Checks that `dir` is a folder (not a link) of this user's that nobody else may write.
pub fn check_private(dir: &Path) -> Result<(), CacheError> {
    let m = std::fs::symlink_metadata(dir).map_err(io(dir))?;
    if m.file_type().is_symlink() {
        return Err(CacheError::Link(dir.to_path_buf()));
    }
    if !m.is_dir() {
        return Err(CacheError::NotDir(dir.to_path_buf()));
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if m.uid() != me {
        return Err(CacheError::Owner {
            path: dir.to_path_buf(),
            owner: m.uid(),
            me,
        });
    }
    if m.mode() & 0o022 != 0 {
        return Err(CacheError::Writable {
            path: dir.to_path_buf(),
            mode: m.mode() & 0o7777,
        });
    }
    Ok(())
}

/// A folder for the tables a run builds on the fly: the user's cache, or a scratch
/// folder of the run's own, removed when the last copy of this value goes (or, on a
/// signal, with the temporaries).
#[derive(Clone, Debug)]
pub struct TableCache(Arc<CacheFolder>);

#[derive(Debug)]
struct CacheFolder {
    path: PathBuf,
    scratch: bool,
}

impl Drop for CacheFolder {
    fn drop(&mut self) {
        if self.scratch {
            let _ = std::fs::remove_dir_all(&self.path);
            super::temps::forget(&self.path);
        }
    }
}

impl TableCache {
    /// A folder the caller names, kept.
    pub fn at(path: impl Into<PathBuf>) -> TableCache {
        TableCache(Arc::new(CacheFolder {
            path: path.into(),
            scratch: false,
        }))
    }

    /// A private folder of its own in the system's temporary folder (0700, a new name).
    pub fn scratch() -> Result<TableCache, CacheError> {
        let dir = super::temps::fresh_name(&std::env::temp_dir());
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&dir)
            .map_err(io(&dir))?;
        super::temps::register(&dir);
        Ok(TableCache(Arc::new(CacheFolder {
            path: dir,
            scratch: true,
        })))
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0.path
    }
}

/// Where a run keeps the tables it builds on the fly ([`for_run`]).
#[derive(Debug)]
pub struct RunCache {
    /// The folder: the user's cache, else the run's scratch folder; None when neither
    /// could be made (no table is built on the fly then).
    pub dir: Option<TableCache>,
    /// Why the user's cache is not used, when it is not.
    pub refused: Option<CacheError>,
}

impl RunCache {
    /// What a run is told when the user's cache is not used: why, and where the tables
    /// go instead.
    pub fn warning(&self) -> Option<String> {
        let e = self.refused.as_ref()?;
        let what = match &self.dir {
            Some(_) => {
                "the tables built on the fly are kept in a private folder until the run ends"
            }
            None => "no table is built on the fly",
        };
        Some(format!("the table cache is not used: {e}; {what}"))
    }
}

/// The folder this run keeps its tables built on the fly in: the user's cache, or when
/// that is not trusted a scratch folder of the run's own.
pub fn for_run() -> RunCache {
    match user_cache() {
        Ok(d) => RunCache {
            dir: Some(TableCache::at(d)),
            refused: None,
        },
        Err(e) => RunCache {
            dir: TableCache::scratch().ok(),
            refused: Some(e),
        },
    }
}
