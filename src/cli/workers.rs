//! Pieces every subcommand shares: the worker pool's size and the problem files a list
//! of paths names (see [`crate::files::walk`]), walked as the command line asks.

use anyhow::Result;

use crate::files::{Walk, WalkError};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

/// `--follow-links`: links inside a folder given may lead outside it.
static FOLLOW_LINKS: AtomicBool = AtomicBool::new(false);

/// Lets a folder's links lead outside it (`--follow-links`).
pub fn allow_links_out(yes: bool) {
    FOLLOW_LINKS.store(yes, Ordering::Relaxed);
}

/// The problem files the paths name ([`Walk::files`]), with `--follow-links` and
/// Ctrl-C: an interrupted walk ends the program (nothing was verified yet).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let walk = Walk {
        follow_links: FOLLOW_LINKS.load(Ordering::Relaxed),
        cancel: Some(super::interrupt::cancel_flag()),
    };
    match walk.files(paths) {
        Err(WalkError::Cancelled) => {
            eprintln!("interrupted while reading the folders: nothing was verified");
            crate::files::temps::remove_all();
            std::process::exit(super::interrupt::INTERRUPTED);
        }
        found => Ok(found?),
    }
}

/// Most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;

/// Sets rayon's global pool size (once; `None`: rayon's default, one thread per core or
/// `RAYON_NUM_THREADS`); a number outside 1 to [`MAX_THREADS`], or a pool the system
/// cannot start, is an error.
///
/// The calling thread (the program's main thread) is one of the pool's workers: a batch
/// started from it runs there, so that `--threads 1` starts no thread at all and a quick
/// problem is not handed to another thread and back (each hand-over waits for a
/// sleeping core to wake, which costs more than a short search).
pub fn set_threads(n: Option<usize>) -> Result<()> {
    if let Some(n) = n {
        if n == 0 || n > MAX_THREADS {
            anyhow::bail!(
                "--threads: expected 1 to {MAX_THREADS}, got {n} (this machine has {} cores)",
                std::thread::available_parallelism().map_or(1, |c| c.get())
            );
        }
    }
    // A pool already built (a second call in the same process) keeps its size.
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(n.unwrap_or(0))
        .use_current_thread()
        .build_global();
    match (built, n) {
        (Err(e), Some(n)) if rayon::current_num_threads() != n => {
            anyhow::bail!("--threads {n}: cannot start the worker threads: {e}")
        }
        _ => Ok(()),
    }
}

/// Checks that `path` names one problem file, with a message for what it is instead: a
/// missing path, a folder, or something that is not a regular file (a device, a pipe, a
/// socket), which is not read as problems.
pub fn one_problem_file(path: &std::path::Path) -> Result<()> {
    let shown = path.display();
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            anyhow::bail!("no such problem file: {shown}")
        }
        Err(e) => anyhow::bail!("cannot read {shown}: {e}"),
        Ok(m) if m.is_dir() => {
            anyhow::bail!("{shown} is a folder: give one problem file (*.toml)")
        }
        Ok(m) if !m.is_file() => anyhow::bail!(
            "{shown} is not a regular file (a device, a pipe or a socket): give one problem file (*.toml)"
        ),
        Ok(_) => Ok(()),
    }
}
