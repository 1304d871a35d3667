//! The problem file `import` writes: its entries checked to load back as a problem file,
//! then written part after part, whole or not at all; or why nothing is written
//! ([`nothing_written`]).

use super::{toml_out, Entry};
use crate::board::rules::RulesDirs;
use crate::files::{Output, OutputError, Writer};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Entries checked for loading back, and written, at a time (see [`loads_back`]).
const CHECKED_AT_ONCE: usize = 1000;

/// Why the imported entries were not written.
#[derive(Debug, thiserror::Error)]
pub enum OutFileError {
    /// An entry does not load back as a problem, or its rules are not found.
    #[error("the imported entries do not load back from {} ({why}); nothing written", target.display())]
    NotLoadedBack {
        /// The file they were to be read back from.
        target: PathBuf,
        /// What did not load.
        why: String,
    },
    /// Writing the file failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The output could not be opened or put in place.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The entries must load as a problem file, their rules found from the output's folder
/// (and `rules_dirs`), before anything is written. They are checked a thousand at a
/// time: the whole output parsed at once held every problem (900 MiB for 200,000 Popeye
/// problems); the ids are unique across the whole already, so no check spans two parts.
pub fn loads_back(
    entries: &[Entry],
    inputs: &[String],
    target: &Path,
    rules_dirs: &RulesDirs,
) -> Result<(), OutFileError> {
    for part in entries.chunks(CHECKED_AT_ONCE) {
        let text = toml_out::to_toml(part, inputs);
        let back = crate::problem::parse_str(&text, target);
        for p in &back.problems {
            if let Err(why) = p.as_ref().map_err(|e| e.to_string()).and_then(|p| {
                p.own_rules(rules_dirs)
                    .map(|_| ())
                    .map_err(|e| format!("{}: rules '{}': {e}", p.id, p.rules))
            }) {
                return Err(OutFileError::NotLoadedBack {
                    target: target.to_path_buf(),
                    why,
                });
            }
        }
    }
    Ok(())
}

/// The problem file, written a thousand entries at a time to `out` (None: standard
/// output): the whole text (about 280 bytes a problem) is never held at once. A file is
/// put in place only when it is whole.
pub fn write_entries(
    out: Option<&Output>,
    entries: &[Entry],
    inputs: &[String],
) -> Result<(), OutFileError> {
    let mut w = match out {
        Some(out) => out.create()?,
        None => Writer::Stdout(std::io::stdout()),
    };
    w.write_all(toml_out::header(inputs).as_bytes())?;
    for part in entries.chunks(CHECKED_AT_ONCE) {
        w.write_all(toml_out::tables(part).as_bytes())?;
    }
    w.commit()?;
    Ok(())
}

/// The imported entries written to `out` (given as `output`; `None`: standard output,
/// which is read where it is made, the working directory): each entry's rules-file path
/// made relative to the output's folder (a problem file reads them from its own), the
/// entries checked to load back from there ([`loads_back`]), then written
/// ([`write_entries`]).
pub fn write_imported(
    mut entries: Vec<Entry>,
    inputs: &[String],
    (output, out): (Option<&Path>, Option<&Output>),
    rules_dirs: &RulesDirs,
) -> Result<(), OutFileError> {
    let target = output.map_or_else(|| PathBuf::from("import.toml"), Path::to_path_buf);
    let folder = target.parent().unwrap_or(Path::new(""));
    for e in &mut entries {
        e.rules = super::rules_path::relative_to(&e.rules, folder);
    }
    loads_back(&entries, inputs, &target, rules_dirs)?;
    write_entries(out, &entries, inputs)
}

/// Why nothing is written, said in a line: under `strict` any problem or input not
/// imported (of `errors`), and otherwise no problem imported at all; `None`: the
/// `entries` imported are written.
pub fn nothing_written(entries: usize, errors: usize, strict: bool) -> Option<String> {
    if strict && errors > 0 {
        return Some(format!(
            "nothing written (--strict): {errors} problem(s) or input(s) not imported"
        ));
    }
    (entries == 0)
        .then(|| format!("nothing written: no problem could be imported ({errors} error(s))"))
}
