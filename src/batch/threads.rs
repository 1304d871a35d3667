//! The worker pool's size as a caller asks it: rayon's global pool, set once per process,
//! within 1 to [`MAX_THREADS`] threads, the calling thread one of them.

use thiserror::Error;

/// Most worker threads a run may ask for (`--threads`).
pub const MAX_THREADS: usize = 256;

/// Why the worker pool was not set to the size asked.
#[derive(Debug, Error)]
pub enum ThreadsError {
    /// A number outside 1 to [`MAX_THREADS`].
    #[error(
        "--threads: expected 1 to {MAX_THREADS}, got {asked} (this machine has {cores} cores)"
    )]
    OutOfRange {
        /// The number asked.
        asked: usize,
        /// The machine's cores, for the message.
        cores: usize,
    },
    /// The system could not start the threads.
    #[error("--threads {asked}: cannot start the worker threads: {source}")]
    Pool {
        /// The number asked.
        asked: usize,
        /// What rayon said.
        source: rayon::ThreadPoolBuildError,
    },
}

/// Sets rayon's global pool size (once; `None`: rayon's default, one thread per core or
/// `RAYON_NUM_THREADS`); a number outside 1 to [`MAX_THREADS`], or a pool the system
/// cannot start, is an error.
///
/// The calling thread (the program's main thread) is one of the pool's workers: a batch
/// started from it runs there, so that `--threads 1` starts no thread at all and a quick
/// problem is not handed to another thread and back (each hand-over waits for a
/// sleeping core to wake, which costs more than a short search). Call it from the thread
/// that starts the work: a pool of one thread has no other worker, and work started on
/// the pool from any other thread would wait for this one to take it.
pub fn set_threads(n: Option<usize>) -> Result<(), ThreadsError> {
    if let Some(n) = n {
        if n == 0 || n > MAX_THREADS {
            return Err(ThreadsError::OutOfRange {
                asked: n,
                cores: std::thread::available_parallelism().map_or(1, |c| c.get()),
            });
        }
    }
    // A pool already built (a second call in the same process) keeps its size.
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(n.unwrap_or(0))
        .use_current_thread()
        .build_global();
    match (built, n) {
        (Err(e), Some(n)) if rayon::current_num_threads() != n => Err(ThreadsError::Pool {
            asked: n,
            source: e,
        }),
        _ => Ok(()),
    }
}
