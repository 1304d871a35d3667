//! The problem files a list of paths names (see [`crate::files::walk`]), walked as the
//! command line asks: `--follow-links`, and Ctrl-C ending the program.

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

/// The walk the command line asks for: `--follow-links`, stopped by Ctrl-C.
pub fn walk() -> Walk {
    Walk {
        follow_links: FOLLOW_LINKS.load(Ordering::Relaxed),
        cancel: Some(super::interrupt::cancel_flag()),
        budget: super::budget(),
    }
}

/// An interrupted walk ends the program (nothing was verified yet).
pub fn walk_interrupted() -> ! {
    eprintln!("interrupted while reading the folders: nothing was verified");
    crate::files::temps::remove_all();
    std::process::exit(super::interrupt::INTERRUPTED);
}

/// The problem files the paths name ([`Walk::files`]), with `--follow-links` and
/// Ctrl-C ([`walk_interrupted`]).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    match walk().files(paths) {
        Err(WalkError::Cancelled) => walk_interrupted(),
        found => Ok(found?),
    }
}
