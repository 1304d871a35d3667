//! The temporary files and folders this process has made and not yet put in place or
//! removed, so that a run ended by a signal (SIGTERM, a second Ctrl-C) leaves none behind.
//! A writer registers its temporary when it makes it and forgets it once renamed or
//! removed; [`remove_all`] is what the signal handler calls before the process exits, and
//! [`remove_on_termination`] what SIGTERM and SIGHUP do.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A short name for a new temporary in `dir`: `.mansuba-PID-N-NANOS.tmp`. It does not
/// grow with the target's name, so a target whose name is near the file system's limit
/// still has room for its temporary; the clock's nanoseconds keep apart two processes of
/// one process id on two machines of a cluster sharing a folder.
pub fn fresh_name(dir: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    dir.join(format!(".mansuba-{}-{n}-{nanos}.tmp", std::process::id()))
}

/// Remembers a temporary that exists now.
pub fn register(p: &Path) {
    lock().push(p.to_path_buf());
}

/// Forgets a temporary that was renamed into place or removed.
pub fn forget(p: &Path) {
    let mut live = lock();
    if let Some(i) = live.iter().position(|x| x == p) {
        live.swap_remove(i);
    }
}

/// Removes every temporary still registered (files and folders).
pub fn remove_all() {
    let live = std::mem::take(&mut *lock());
    for p in live {
        if p.is_dir() {
            let _ = std::fs::remove_dir_all(&p);
        } else {
            let _ = std::fs::remove_file(&p);
        }
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// SIGTERM (a job scheduler's cancel, `kill`) and SIGHUP (the terminal closed) taken over
/// for the rest of the process: the temporaries are removed ([`remove_all`]) and the
/// process ends at once, with 128 + the signal's number as its exit code (as shells
/// report it; 143 for SIGTERM). The signals are blocked in the calling thread (threads
/// started later inherit the mask, so call it before starting any) and taken by one
/// thread that waits for them, so the cleaning is ordinary code, not a signal handler's.
pub fn remove_on_termination() {
    #[cfg(target_os = "linux")]
    // SAFETY: the signal set is initialised by sigemptyset before use; blocking a signal
    // in this thread's mask touches no Rust state; sigwait is given a valid set.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGTERM);
        libc::sigaddset(&mut set, libc::SIGHUP);
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        let wait = move || {
            let mut sig: libc::c_int = 0;
            if libc::sigwait(&set, &mut sig) == 0 {
                remove_all();
                std::process::exit(128 + sig);
            }
        };
        let _ = std::thread::Builder::new()
            .name("sigterm".into())
            .spawn(wait);
    }
}
