//! Ctrl-C as a limit: the first interrupt stops every search cleanly, so that what was
//! proven so far is still reported (the verdict is `unknown` with the limit "cancelled");
//! a second one ends the program at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

pub use crate::verify::status::INTERRUPTED;

/// The flag a Ctrl-C sets, shared by every search of this run (the handler is installed on
/// the first call). If no handler can be installed the flag simply never rises.
pub fn cancel_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = flag.clone();
        let _ = ctrlc::set_handler(move || {
            if seen.swap(true, Ordering::SeqCst) {
                crate::files::temps::remove_all();
                std::process::exit(INTERRUPTED);
            }
            eprintln!("\ninterrupted: stopping the search and reporting what is proven (Ctrl-C again to quit at once)");
        });
        flag
    })
    .clone()
}

/// True once Ctrl-C was pressed.
pub fn interrupted() -> bool {
    cancel_flag().load(Ordering::SeqCst)
}

/// The exit code of a run ended by SIGTERM (128 + 15).
pub const TERMINATED: i32 = 143;

/// SIGTERM (a job scheduler's cancel, `kill`) and SIGHUP (the terminal closed): the
/// temporaries this run made are removed and the program ends at once, with
/// [`TERMINATED`] for SIGTERM (128 + the signal's number, as shells report it). SIGTERM is blocked in every thread
/// (threads started later inherit the mask) and taken by one thread that waits for it,
/// so the cleaning is ordinary code, not a signal handler's.
pub fn on_termination() {
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
                crate::files::temps::remove_all();
                std::process::exit(128 + sig);
            }
        };
        let _ = std::thread::Builder::new()
            .name("sigterm".into())
            .spawn(wait);
    }
}
