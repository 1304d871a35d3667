//! One problem of a file picked: the one whose id is asked, or the file's only one; when
//! there is none, a message that names the ids the file has.

use super::shown::shown_id;
use super::{LoadedFile, Problem, ProblemError};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why no problem was picked.
#[derive(Debug, Error)]
pub enum PickError {
    /// The entry asked for (or, without an id, any entry) did not read.
    #[error("{0}")]
    Entry(Box<ProblemError>),
    /// No problem of the file has the id.
    #[error("{}", no_such_id(id, file, ids.iter().map(String::as_str)))]
    NoSuchId {
        /// The id asked for.
        id: String,
        /// The file.
        file: PathBuf,
        /// The ids it has.
        ids: Vec<String>,
    },
    /// The file holds no problem.
    #[error("{}: no problem in the file", .0.display())]
    Empty(PathBuf),
    /// The file holds several problems and none was named.
    #[error(
        "{} holds {} problems; name one with --id (ids: {})",
        file.display(),
        ids.len(),
        ids_listed(ids.iter().map(String::as_str))
    )]
    Several {
        /// The file.
        file: PathBuf,
        /// The ids it has.
        ids: Vec<String>,
    },
}

impl LoadedFile {
    /// The problem whose id is `id`, or without an id the file's only problem; an entry
    /// that did not read is an error when it is the one asked for (or, without an id,
    /// whatever it is).
    pub fn pick(self, id: Option<&str>) -> Result<Problem, PickError> {
        let mut ok = vec![];
        for p in self.problems {
            match p {
                Ok(p) => ok.push(p),
                Err(e) if id.is_none() || e.id.as_deref() == id => {
                    return Err(PickError::Entry(Box::new(e)))
                }
                Err(_) => {}
            }
        }
        let ids = |ok: &[Problem]| ok.iter().map(|p| p.id.clone()).collect();
        match id {
            Some(id) => match ok.iter().position(|p| p.id == id) {
                Some(i) => Ok(ok.swap_remove(i)),
                None => Err(PickError::NoSuchId {
                    id: id.to_string(),
                    file: self.path,
                    ids: ids(&ok),
                }),
            },
            None if ok.len() == 1 => Ok(ok.remove(0)),
            None if ok.is_empty() => Err(PickError::Empty(self.path)),
            None => Err(PickError::Several {
                file: self.path,
                ids: ids(&ok),
            }),
        }
    }
}

impl LoadedFile {
    /// The entry of `id` ([`LoadedFile::with_id`]), which must be there and have read:
    /// its error when it did not read, else the message that names the file's ids.
    pub fn problem_of(&self, id: &str) -> Result<&Problem, PickError> {
        match self.with_id(id) {
            Some(Ok(p)) => Ok(p),
            Some(Err(e)) => Err(PickError::Entry(Box::new(e.clone()))),
            None => Err(PickError::NoSuchId {
                id: id.to_string(),
                file: self.path.clone(),
                ids: self.ids().map(str::to_string).collect(),
            }),
        }
    }
}

/// How many of a file's ids "no problem with id" lists before it says how many more.
const IDS_LISTED: usize = 10;

/// A file's ids for a message: "a, b, … 99 more" (each escaped and cut as every id
/// printed is; a file of 100,000 ids lists the first few), "none readable" for none.
pub fn ids_listed<'a>(ids: impl ExactSizeIterator<Item = &'a str>) -> String {
    let n = ids.len();
    if n == 0 {
        return "none readable".into();
    }
    let mut listed: Vec<String> = ids.take(IDS_LISTED).map(shown_id).collect();
    if n > IDS_LISTED {
        listed.push(format!("… {} more", n - IDS_LISTED));
    }
    listed.join(", ")
}

/// "no problem with id 'ID' in FILE (ids: …)": the id asked escaped and cut as every id
/// printed is (a newline in `--id` stays on its line), the file's ids as [`ids_listed`].
pub fn no_such_id<'a>(
    id: &str,
    file: &Path,
    ids: impl ExactSizeIterator<Item = &'a str>,
) -> String {
    format!(
        "no problem with id '{}' in {} (ids: {})",
        shown_id(id),
        file.display(),
        ids_listed(ids)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{load_file, parse_str};

    /// The repository's collection, problems/mansubat.toml (each entry names its source).
    fn collection() -> LoadedFile {
        load_file(Path::new("problems/mansubat.toml"), &Default::default())
    }

    #[test]
    fn a_problem_is_picked_by_id_or_as_the_only_one() {
        let p = collection().pick(Some("dilaram")).unwrap();
        assert_eq!(p.id, "dilaram");
        let e = collection().pick(None).unwrap_err();
        assert!(matches!(e, PickError::Several { .. }), "{e}");
        assert!(
            e.to_string()
                .contains("; name one with --id (ids: dilaram, dilaram-6,"),
            "{e}"
        );
        let e = collection().pick(Some("nosuch")).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "no problem with id 'nosuch' in problems/mansubat.toml (ids: dilaram,"
            ),
            "{e}"
        );
        // A file without a problem table is an entry that did not read.
        let e = parse_str("", Path::new("empty.toml"))
            .pick(None)
            .unwrap_err();
        assert!(matches!(e, PickError::Entry(_)), "{e}");
        assert!(e.to_string().contains("no [[problem]] table"), "{e}");
    }

    #[test]
    fn ids_past_ten_are_counted() {
        let ids: Vec<String> = (0..12).map(|i| format!("p{i}")).collect();
        let listed = ids_listed(ids.iter().map(String::as_str));
        assert_eq!(listed, "p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, … 2 more");
        assert_eq!(ids_listed(std::iter::empty()), "none readable");
    }
}
