//! The problem files a list of paths names: files as given, `-` for standard input, and
//! the `*.toml` files below each folder. A folder's walk stays where it was sent:
//! - each file is read once, by identity (device and inode), however many names or
//!   links lead to it, and however it was spelt on the command line;
//! - no folder is entered twice: a link back to a folder above is a loop and is left
//!   out, a second way into a folder already walked is not taken;
//! - a link leading outside the folder given is refused, as a rules file outside a
//!   problem's folder is, unless `--follow-links` allows it (a collection someone sent
//!   cannot pull your other files into a report);
//! - Ctrl-C stops the walk.

use crate::files::identity::FileId;
use anyhow::{bail, Result};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// `--follow-links`: links inside a folder given may lead outside it.
static FOLLOW_LINKS: AtomicBool = AtomicBool::new(false);

/// Lets a folder's links lead outside it (`--follow-links`).
pub fn allow_links_out(yes: bool) {
    FOLLOW_LINKS.store(yes, Ordering::Relaxed);
}

/// Reads a path list into the problem files it names (folders searched for *.toml), each
/// file once, in the order of their paths.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = vec![];
    let mut held = Held::default();
    let mut stdin = false;
    for p in paths {
        if p.as_os_str() == "-" {
            if stdin {
                bail!("- is given twice: standard input is read once");
            }
            stdin = true;
            out.push(p.clone());
        } else if p.is_dir() {
            walk(p, &mut out, &mut held)?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            bail!("no such file or directory: {}", p.display());
        }
    }
    out.sort();
    let mut seen = HashSet::new();
    out.retain(|p| p.as_os_str() == "-" || FileId::of(p).is_none_or(|id| seen.insert(id)));
    Ok(out)
}

/// The identity of a walk's entry (links followed).
fn id_of(e: &walkdir::DirEntry) -> Option<FileId> {
    e.metadata().ok().map(|m| FileId::of_meta(&m))
}

/// Adds the *.toml files below `root` to `out`.
fn walk(root: &Path, out: &mut Vec<PathBuf>, held: &mut Held) -> Result<()> {
    let home = root.canonicalize()?;
    let follow = FOLLOW_LINKS.load(Ordering::Relaxed);
    let mut folders = HashSet::new();
    let entries = walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !e.file_type().is_dir() || id_of(e).is_none_or(|i| folders.insert(i)));
    for entry in entries {
        if crate::cli::interrupt::interrupted() {
            eprintln!("interrupted while reading the folders: nothing was verified");
            crate::files::temps::remove_all();
            std::process::exit(crate::cli::interrupt::INTERRUPTED);
        }
        let e = match entry {
            Ok(e) => e,
            // A link to a folder above: that folder is being walked already.
            Err(err) if err.loop_ancestor().is_some() => continue,
            Err(err) => {
                let path = err.path().unwrap_or(root).to_path_buf();
                let missing = err
                    .io_error()
                    .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound);
                if missing && is_toml(&path) {
                    // A dangling link named like a problem file: its row says so.
                    out.push(path);
                    continue;
                }
                bail!("cannot read {}: {err}", path.display());
            }
        };
        if e.path_is_symlink() && !follow {
            let real = e.path().canonicalize()?;
            if !real.starts_with(&home) {
                bail!(
                    "{}: a link leading outside the folder {} (to {}); a folder's problem files are read only from inside it (allow links out with --follow-links)",
                    e.path().display(),
                    root.display(),
                    real.display()
                );
            }
        }
        if e.file_type().is_dir() {
            held.add(e.path(), out.len())?;
        } else if is_toml(e.path()) {
            held.add(e.path(), out.len())?;
            out.push(e.into_path());
        }
    }
    Ok(())
}

/// What a walk keeps (each file's path, each folder's identity), counted against a
/// quarter of the memory budget: a walk of millions of files is stopped with the count,
/// before the problems are read.
#[derive(Default)]
struct Held {
    bytes: u64,
}

impl Held {
    fn add(&mut self, p: &Path, files: usize) -> Result<()> {
        self.bytes += 64 + p.as_os_str().len() as u64;
        let max = crate::memory::limit() / 4;
        if self.bytes > max {
            bail!(
                "the folders name more than the memory budget allows ({files} problem files so far, their paths and folders about {}, over a quarter of the budget of {}): name fewer folders at a time, or raise --max-memory-gib",
                crate::memory::human(self.bytes),
                crate::memory::human(crate::memory::limit())
            );
        }
        Ok(())
    }
}

fn is_toml(p: &Path) -> bool {
    p.extension().is_some_and(|x| x == "toml")
}
