//! A file's problems solved one after another, in file order (`mansuba solve`): each
//! entry asked for becomes its row (an entry that does not read, the row of its error),
//! handed on as soon as it is done; the file itself checked and read first
//! ([`read_problem_file`]).

use super::{jobs_for, run_job};
use crate::notation::Style;
use crate::problem::{Engines, LoadedFile};
use crate::report::Row;
use crate::solve::Limits;
use std::sync::Arc;

/// Why `solve`'s file was not read.
#[derive(Debug, thiserror::Error)]
pub enum SolveFileError {
    /// The path names nothing.
    #[error("no such file: {}", .0.display())]
    Missing(std::path::PathBuf),
    /// The path is a folder.
    #[error("{} is a directory: solve takes one problem file (verify takes directories)", .0.display())]
    Folder(std::path::PathBuf),
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] crate::files::InputError),
}

/// The problem file `solve` takes (`-`: standard input), read once, so that what is
/// parsed is what was checked (noted in `reads`); its warnings not yet said.
pub fn read_problem_file(
    path: &std::path::Path,
    reads: &crate::files::Reads,
) -> Result<LoadedFile, SolveFileError> {
    if path.as_os_str() != "-" && !path.exists() {
        return Err(SolveFileError::Missing(path.to_path_buf()));
    }
    if path.is_dir() {
        return Err(SolveFileError::Folder(path.to_path_buf()));
    }
    let text = crate::files::read_text(path, reads)?;
    Ok(crate::problem::parse_str(&text, path))
}

/// No entry of the file has the id asked for: the message lists the ids it has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NoSuchId(pub String);

/// Solves the problems of `lf` (only those of `id`, when given), each under its own
/// rules or under `rules` for all; `each` sees every row as it is done. The rows, in
/// file order; an `id` no entry has is refused before any work.
pub fn solve_file(
    lf: &LoadedFile,
    (id, rules): (Option<&str>, Option<&str>),
    engines: &Engines,
    (limits, style): (&Limits, Style),
    each: &mut dyn FnMut(&Row),
) -> Result<Vec<Row>, NoSuchId> {
    let asked = |p: &Result<crate::problem::Problem, crate::problem::ProblemError>| match (p, id) {
        (_, None) => true,
        (Ok(p), Some(id)) => p.id == id,
        (Err(e), Some(id)) => e.id.as_deref() == Some(id),
    };
    if let Some(id) = id.filter(|_| !lf.problems.iter().any(asked)) {
        return Err(NoSuchId(crate::problem::pick::no_such_id(
            id,
            &lf.path,
            lf.ids(),
        )));
    }
    let mut rows = vec![];
    for p in lf.problems.iter().filter(|p| asked(p)) {
        let row = match p {
            Err(e) => Row::from_error(e, None, ""),
            Ok(p) => {
                let (jobs, _) = jobs_for(&Arc::new(p.clone()), rules, false, engines);
                match jobs.first() {
                    Some(job) => run_job(job, engines, limits, style),
                    None => continue,
                }
            }
        };
        each(&row);
        rows.push(row);
    }
    Ok(rows)
}
