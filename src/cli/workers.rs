//! Pieces every subcommand shares: the worker pool's size and the problem files a list
//! of paths names.

use anyhow::{Context, Result};
use std::path::PathBuf;

/// Most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;

/// Sets rayon's global pool size (once); a number outside 1 to [`MAX_THREADS`], or a
/// pool the system cannot start, is an error.
pub fn set_threads(n: Option<usize>) -> Result<()> {
    let Some(n) = n else { return Ok(()) };
    if n == 0 || n > MAX_THREADS {
        anyhow::bail!(
            "--threads: expected 1 to {MAX_THREADS}, got {n} (this machine has {} cores)",
            std::thread::available_parallelism().map_or(1, |c| c.get())
        );
    }
    // A pool already built (a second call in the same process) keeps its size.
    if let Err(e) = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build_global()
    {
        if rayon::current_num_threads() != n {
            anyhow::bail!("--threads {n}: cannot start the worker threads: {e}");
        }
    }
    Ok(())
}

/// Reads a path list into the problem files it names (directories searched for *.toml).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = vec![];
    for p in paths {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            while let Some(d) = stack.pop() {
                let mut entries: Vec<_> = std::fs::read_dir(&d)
                    .with_context(|| format!("cannot read directory {}", d.display()))?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .collect();
                entries.sort();
                for e in entries {
                    if e.is_dir() {
                        stack.push(e);
                    } else if e.extension().is_some_and(|x| x == "toml") {
                        out.push(e);
                    }
                }
            }
        } else if p.exists() {
            out.push(p.clone());
        } else {
            anyhow::bail!("no such file or directory: {}", p.display());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}
