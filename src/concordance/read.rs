//! The problems of a concordance's files read as entries: each problem that reads and
//! whose position stands under its rules becomes an [`Entry`] (kept beside the problem
//! itself, whose verdict the caller may ask for), and what does not is kept as a
//! [`ProblemError`] naming file and line, for the caller to report while the rest goes on.

use super::{Entry, Shapes};
use crate::problem::{load_file, Problem, ProblemError};
use std::path::PathBuf;

/// What the files gave.
#[derive(Debug, Default)]
pub struct Read {
    /// The entries, in file order.
    pub entries: Vec<Entry>,
    /// The problem of each entry, by the same index.
    pub problems: Vec<Problem>,
    /// What could not be read or placed, in file order.
    pub errors: Vec<ProblemError>,
    /// The files' warnings (unknown keys and such), with file and line.
    pub warnings: Vec<String>,
}

/// Reads every file's problems into entries (noted in `reads`), the positions read by
/// `shapes`.
pub fn entries(files: &[PathBuf], shapes: &mut Shapes, reads: &crate::files::Reads) -> Read {
    let mut out = Read::default();
    for f in files {
        let lf = load_file(f, reads);
        out.warnings.extend(lf.warnings);
        for p in lf.problems {
            let p = match p {
                Ok(p) => p,
                Err(e) => {
                    out.errors.push(e);
                    continue;
                }
            };
            match shapes.entry(&p) {
                Ok(e) => {
                    out.entries.push(e);
                    out.problems.push(p);
                }
                Err(e) => out.errors.push(p.error("fen", e)),
            }
        }
    }
    out
}
