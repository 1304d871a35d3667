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
