//! `import` as one library call ([`import_to`]): the inputs read under the options, each
//! renamed id said as a warning and each problem not read as an error (through the
//! caller's `say`, as they come, escaped for the terminal), then the entries written
//! unless [`super::out_file::nothing_written`] refuses (said too).

use super::out_file::{nothing_written, write_imported, OutFileError};
use super::{import_files, Options, ID_CHANGED};
use crate::files::Output;
use crate::problem::shown::said;
use std::path::{Path, PathBuf};

/// What an import ended with.
#[derive(Clone, Copy, Debug)]
pub struct Imported {
    /// The entries read (and written, unless refused).
    pub entries: usize,
    /// The problems or inputs not imported.
    pub errors: usize,
    /// Nothing was written (`--strict` with a problem left out, or nothing imported).
    pub refused: bool,
}

/// Imports `files` under `opts` into `output` (its target `out`, checked before; none:
/// standard output); `strict` writes nothing unless every problem comes in.
pub fn import_to(
    files: &[PathBuf],
    opts: &Options,
    (output, out): (Option<&Path>, Option<&Output>),
    strict: bool,
    say: &dyn Fn(&str),
) -> Result<Imported, OutFileError> {
    let (entries, errors) = import_files(files, opts);
    // An id not written as the input gives it (repeated, or with white space at its
    // ends) is said, not only noted in the output.
    for e in &entries {
        for n in e.notes.iter().filter(|n| n.starts_with(ID_CHANGED)) {
            say(&format!("warning: {}", said(n)));
        }
    }
    for e in &errors {
        say(&format!("error: {}", said(&e.to_string())));
    }
    let mut end = Imported {
        entries: entries.len(),
        errors: errors.len(),
        refused: false,
    };
    if let Some(why) = nothing_written(end.entries, end.errors, strict) {
        say(&why);
        end.refused = true;
        return Ok(end);
    }
    let inputs: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    write_imported(entries, &inputs, (output, out), &opts.rules_dirs)?;
    Ok(end)
}
