//! Pieces every subcommand shares: the worker pool's size and the problem files a list
//! of paths names (see [`super::walk`]).

use anyhow::Result;

pub use super::walk::collect_files;

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
