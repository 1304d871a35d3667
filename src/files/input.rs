//! Reading an input file: only a regular file (a FIFO would block, a device never end),
//! never more than the memory budget, and `-` for standard input where a command reads
//! one file. Every file read here is noted in the caller's [`Reads`], so that no output
//! can replace it.

use super::reads::Reads;
use std::io::Read;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why an input was not read.
#[derive(Debug, Error)]
pub enum InputError {
    /// The input is not a regular file.
    #[error("{}: not a regular file (it is {kind}); give a file: a FIFO, a device or a socket is not read", path.display())]
    NotRegular {
        /// The input.
        path: PathBuf,
        /// What it is instead, in words ([`kind_of`]: "a FIFO", "a directory"...).
        kind: &'static str,
    },
    /// The file is larger than a fifth of the memory budget.
    #[error("{}: {size} is more than a file read whole may take under the memory budget of {budget} (a fifth of it: the text is held about four times over while it is read, as text, parsed, as a problem and as its row); raise --max-memory-gib or split the file", path.display())]
    TooLarge {
        /// The input.
        path: PathBuf,
        /// Its size, written for people ([`crate::memory::human`]).
        size: String,
        /// The memory budget, written the same way.
        budget: String,
    },
    /// The file could not be opened or read.
    #[error("cannot read {}: {err}", path.display())]
    Io {
        /// The input (`-` for standard input).
        path: PathBuf,
        /// What the system said.
        err: std::io::Error,
    },
}

/// What kind of file `m` describes, in words (for messages).
pub fn kind_of(m: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = m.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_file() {
        "a regular file"
    } else {
        "not a file"
    }
}

/// Checks that `p` names a regular file (links followed) no larger than the budget of
/// `reads`, without opening it.
pub fn check_readable(p: &Path, reads: &Reads) -> Result<(), InputError> {
    let m = std::fs::metadata(p).map_err(|err| InputError::Io {
        path: p.to_path_buf(),
        err,
    })?;
    if !m.is_file() {
        return Err(InputError::NotRegular {
            path: p.to_path_buf(),
            kind: kind_of(&m),
        });
    }
    if m.len() > allowance(reads) {
        return Err(too_large(p, m.len(), reads.budget().bytes()));
    }
    Ok(())
}

/// How many times over a file read whole is held at the peak of its reading: the text,
/// the TOML parser's copy of a piece, the problem made from it and the row that carries
/// it: a file with a 95 MiB `notes` field peaked at 4.2 times its size (docs/budgets.md),
/// so a fifth of the budget leaves room for the rest of the run.
const TEXT_COPIES: u64 = 5;

/// The most bytes a file read whole may have under the budget of `reads`.
fn allowance(reads: &Reads) -> u64 {
    reads.budget().bytes() / TEXT_COPIES
}

fn too_large(p: &Path, size: u64, budget: u64) -> InputError {
    InputError::TooLarge {
        path: p.to_path_buf(),
        size: crate::memory::human(size),
        budget: crate::memory::human(budget),
    }
}

/// Reads the whole of `p` (`-`: standard input), refusing what is not a regular file and
/// stopping at the memory budget of `reads` whatever the file claims its size to be; the
/// file is noted in `reads`.
pub fn read_bounded(p: &Path, reads: &Reads) -> Result<Vec<u8>, InputError> {
    let budget = allowance(reads);
    let io = |err| InputError::Io {
        path: p.to_path_buf(),
        err,
    };
    let mut bytes = vec![];
    if p.as_os_str() == "-" {
        bytes = stdin_bytes(budget).map_err(io)?;
    } else {
        check_readable(p, reads)?;
        let f = std::fs::File::open(p).map_err(io)?;
        f.take(budget.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(io)?;
        reads.note(p);
    }
    if bytes.len() as u64 > budget {
        return Err(too_large(p, bytes.len() as u64, reads.budget().bytes()));
    }
    Ok(bytes)
}

/// Standard input, read once (to the budget and one byte more) and kept: every command
/// that reads problems takes `-`, and some read their input twice (a look to cut it into
/// pieces, then the pieces), which a pipe cannot give.
fn stdin_bytes(budget: u64) -> std::io::Result<Vec<u8>> {
    static STDIN: std::sync::Mutex<Option<Vec<u8>>> = std::sync::Mutex::new(None);
    let mut kept = STDIN.lock().unwrap_or_else(|e| e.into_inner());
    if kept.is_none() {
        let mut bytes = vec![];
        std::io::stdin()
            .lock()
            .take(budget.saturating_add(1))
            .read_to_end(&mut bytes)?;
        *kept = Some(bytes);
    }
    Ok(kept.clone().unwrap_or_default())
}

/// [`read_bounded`] as UTF-8 text (an invalid byte is an I/O error naming the file).
pub fn read_text(p: &Path, reads: &Reads) -> Result<String, InputError> {
    String::from_utf8(read_bounded(p, reads)?).map_err(|e| InputError::Io {
        path: p.to_path_buf(),
        err: std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error()),
    })
}
