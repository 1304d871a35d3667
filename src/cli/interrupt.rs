//! Ctrl-C as a limit: the first interrupt stops every search cleanly, so that what was
//! proven so far is still reported (the verdict is `unknown` with the limit "cancelled");
//! a second one ends the program at once. SIGTERM and SIGHUP are the library's
//! ([`crate::files::temps::remove_on_termination`]).

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
