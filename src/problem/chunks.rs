//! A problem file read one `[[problem]]` table at a time, so that a file of 100,000
//! problems is never held whole as problems: the text is cut before every `[[problem]]`
//! header line and each piece is parsed when it is reached.
//!
//! The cut is used only where it cannot change the reading: every piece must parse alone
//! as exactly one `[[problem]]` table and nothing else, and what comes before the first
//! header must be comments and blank lines. Otherwise (a syntax error anywhere, a table
//! that is not a problem, top-level keys, a header line inside a multi-line string) the
//! file is read whole by [`load_file`], errors and all, as before.

use super::{load_file, read_table, Lines, Problem, ProblemError, RawFile};
use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};

/// The entries of one problem file, handed out in order.
pub enum FileReader {
    /// Read whole (the file could not be cut, or is unreadable).
    Whole(VecDeque<Result<Problem, ProblemError>>),
    /// Read a piece at a time.
    Pieces(Pieces),
}

/// A file cut before its `[[problem]]` header lines.
pub struct Pieces {
    path: PathBuf,
    text: String,
    /// Byte offset and line of every header, then the end of the text.
    cuts: Vec<(usize, usize)>,
    next: usize,
    /// Ids met so far, with their lines (an id used twice is an error).
    seen: BTreeMap<String, usize>,
}

impl FileReader {
    /// Opens `path` (noted in `reads`): its reader, and the warnings of a file read whole.
    pub fn open(path: &Path, reads: &crate::files::Reads) -> (FileReader, Vec<String>) {
        if let Some(p) = Pieces::cut(path, reads) {
            return (FileReader::Pieces(p), vec![]);
        }
        let lf = load_file(path, reads);
        (FileReader::Whole(lf.problems.into()), lf.warnings)
    }

    /// The next entry; the warnings it gives are added to `warnings`.
    pub fn next_entry(
        &mut self,
        warnings: &mut Vec<String>,
    ) -> Option<Result<Problem, ProblemError>> {
        match self {
            FileReader::Whole(q) => q.pop_front(),
            FileReader::Pieces(p) => p.next_entry(warnings),
        }
    }
}

impl Pieces {
    /// The file cut into pieces, or None when it must be read whole.
    fn cut(path: &Path, reads: &crate::files::Reads) -> Option<Pieces> {
        let text = crate::files::read_text(path, reads).ok()?;
        let mut cuts = vec![];
        let mut at = 0;
        for (i, l) in text.split_inclusive('\n').enumerate() {
            let t: String = l.chars().filter(|c| !c.is_whitespace()).collect();
            if t.starts_with("[[problem]]") {
                cuts.push((at, i + 1));
            }
            at += l.len();
        }
        let first = cuts.first()?.0;
        let before_is_comments = text[..first]
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
        cuts.push((text.len(), 0));
        let one_table_each = cuts.windows(2).all(|w| {
            toml::from_str::<RawFile>(&text[w[0].0..w[1].0]).is_ok_and(|raw| {
                raw.others.is_empty() && raw.problems.is_some_and(|p| p.len() == 1)
            })
        });
        (before_is_comments && one_table_each).then(|| Pieces {
            path: path.to_path_buf(),
            text,
            cuts,
            next: 0,
            seen: BTreeMap::new(),
        })
    }

    fn next_entry(&mut self, warnings: &mut Vec<String>) -> Option<Result<Problem, ProblemError>> {
        let (&(start, line), &(end, _)) =
            (self.cuts.get(self.next)?, self.cuts.get(self.next + 1)?);
        self.next += 1;
        let piece = &self.text[start..end];
        let raw: RawFile = toml::from_str(piece).ok()?;
        let t = raw.problems?.into_iter().next()?;
        let lines = Lines::after(piece, line - 1);
        Some(read_table(
            &lines,
            &self.path,
            line,
            &t,
            &mut self.seen,
            warnings,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "[[problem]]\nid = \"ID\"\nrules = \"shatranj\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\nstipulation = \"#1\"\n";

    /// Every entry and warning of `text` read a piece at a time, and whether it was cut.
    fn read(text: &str) -> (Vec<Result<Problem, ProblemError>>, Vec<String>, bool) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.toml");
        std::fs::write(&path, text).unwrap();
        let reads = crate::files::Reads::default();
        let (mut r, mut warnings) = FileReader::open(&path, &reads);
        let cut = matches!(r, FileReader::Pieces(_));
        let mut out = vec![];
        while let Some(e) = r.next_entry(&mut warnings) {
            out.push(e);
        }
        let whole = load_file(&path, &reads);
        assert_eq!(out, whole.problems, "{text}");
        assert_eq!(warnings, whole.warnings, "{text}");
        (out, warnings, cut)
    }

    fn problems(ids: &[&str]) -> String {
        ids.iter().map(|id| ONE.replace("ID", id) + "\n").collect()
    }

    #[test]
    fn pieces_read_as_the_whole_file_reads() {
        let (out, _, cut) = read(&format!("# a collection\n\n{}", problems(&["a", "b", "c"])));
        assert!(cut && out.len() == 3 && out.iter().all(Result::is_ok));
        // An id used twice, an unknown key (a warning), a bad value: the same errors
        // and lines as the whole file gives.
        let text = problems(&["a", "b", "a"]).replace("id = \"b\"", "id = \"b\"\nxyzzy = 1")
            + &ONE.replace("ID", "d").replace("#1", "#x");
        let (out, warnings, cut) = read(&text);
        assert!(cut && out[2].is_err() && out[3].is_err() && warnings.len() == 1);
    }

    #[test]
    fn files_that_cannot_be_cut_are_read_whole() {
        for text in [
            // A syntax error in the last problem: the whole file is one error.
            problems(&["a", "b"]) + "[[problem]]\nid = \n",
            // A top-level key before the problems.
            format!("title = \"x\"\n{}", problems(&["a"])),
            // A header line inside a multi-line string.
            ONE.replace("ID", "a") + "remark = \"\"\"\n[[problem]]\n\"\"\"\n",
            // Another table after a problem.
            problems(&["a"]) + "[other]\nx = 1\n",
            // Two problems under one cut ([[ "problem" ]] is not seen as a header).
            problems(&["a"]) + &ONE.replace("[[problem]]", "[[\"problem\"]]"),
        ] {
            let (_, _, cut) = read(&text);
            assert!(!cut, "{text}");
        }
    }
}
