//! The output policy every writer follows (verify, export, import, repair, diagram,
//! merge, dice and table files): an output is checked before any work, and
//! - one of the inputs (the same file, however it is spelt or linked) is refused;
//! - `-` is standard output;
//! - a symbolic link is followed and its target written;
//! - a device, a FIFO or a socket is written straight through, never replaced;
//! - a regular file is replaced atomically and keeps its permissions, unless it is
//!   read-only, which is refused;
//! - a new file needs an existing folder.

use super::atomic::AtomicFile;
pub use super::error::OutputError;
use super::identity::FileId;
use super::reads::Reads;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where a checked output goes.
#[derive(Clone, Debug)]
enum Place {
    Stdout,
    /// A device, FIFO or socket: opened and written, never replaced.
    Stream(PathBuf),
    /// A regular file (links resolved), new or replaced atomically.
    File(PathBuf),
}

/// An output that passed [`check`].
#[derive(Clone, Debug)]
pub struct Output {
    /// The path as the user gave it.
    pub given: PathBuf,
    place: Place,
    /// The files the run read, none of which it may replace.
    reads: Reads,
}

/// Checks an output named `path` (`-`: standard output) before any work: see the module
/// comment for what is refused. `reads` holds the files the command reads (the inputs it
/// names, and every file read since): the output may be none of them, now or when it is
/// put in place.
pub fn check(path: &Path, reads: &Reads) -> Result<Output, OutputError> {
    let given = path.to_path_buf();
    if path.as_os_str() == "-" {
        return Ok(Output {
            given,
            place: Place::Stdout,
            reads: reads.clone(),
        });
    }
    // `new.csv/` names a folder, not a file to make.
    if path.as_os_str().to_string_lossy().ends_with('/') && !path.is_dir() {
        return Err(OutputError::NotAFileName(given));
    }
    let real = follow_links(path)?;
    let place = match std::fs::metadata(&real) {
        Ok(m) => {
            not_input_nor_dir(&given, &m, reads)?;
            if !m.is_file() {
                Place::Stream(real)
            } else if m.permissions().readonly() {
                return Err(OutputError::ReadOnly(given));
            } else {
                check_folder(&given, &real)?;
                Place::File(real)
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            check_folder(&given, &real)?;
            Place::File(real)
        }
        Err(e) => return Err(OutputError::io(&given, e)),
    };
    Ok(Output {
        given,
        place,
        reads: reads.clone(),
    })
}

/// An output named by its command-line flag that was refused: the flag, then why
/// (`--csv FILE: ...`).
#[derive(Debug, thiserror::Error)]
#[error("{flag} {err}")]
pub struct FlaggedError {
    /// The flag that named the output (`--csv`, `-o`).
    pub flag: &'static str,
    /// Why it was refused.
    pub err: OutputError,
}

/// [`check`] of an output a command may be given, named by its `flag` (none given:
/// `Ok(None)`); a refusal names the flag.
pub fn check_flagged(
    flag: &'static str,
    path: Option<&Path>,
    reads: &Reads,
) -> Result<Option<Output>, FlaggedError> {
    (path.map(|p| check(p, reads)).transpose()).map_err(|err| FlaggedError { flag, err })
}

/// Checks a name mansuba derives itself (a table in its folder, a shard's manifest and
/// rows beside its CSV). Such a name is written by a temporary renamed over it, never
/// through it: a symbolic link there is replaced, not followed (whoever planted it
/// chose where it points); a folder, device or FIFO is refused, as are a read-only file
/// and one of the inputs.
pub fn check_derived(path: &Path, reads: &Reads) -> Result<Output, OutputError> {
    let given = path.to_path_buf();
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {}
        Ok(m) => {
            not_input_nor_dir(&given, &m, reads)?;
            if !m.is_file() {
                return Err(OutputError::NotRegular(given));
            }
            if m.permissions().readonly() {
                return Err(OutputError::ReadOnly(given));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(OutputError::io(&given, e)),
    }
    check_folder(&given, path)?;
    Ok(Output {
        place: Place::File(given.clone()),
        given,
        reads: reads.clone(),
    })
}

/// Refuses an existing output that is a file of `reads` (however spelt), or a folder.
fn not_input_nor_dir(
    given: &Path,
    m: &std::fs::Metadata,
    reads: &Reads,
) -> Result<(), OutputError> {
    let id = FileId::of_meta(m);
    if let Some(input) = reads.find(id) {
        return Err(OutputError::IsInput {
            output: given.to_path_buf(),
            input,
        });
    }
    if m.is_dir() {
        return Err(OutputError::IsDir(given.to_path_buf()));
    }
    Ok(())
}

/// Refuses two outputs of one command that name the same file (the one would overwrite
/// the other): by identity when the file exists, else by the path the links lead to.
pub fn check_distinct(outputs: &[&Option<Output>]) -> Result<(), OutputError> {
    let files: Vec<&Output> = outputs.iter().filter_map(|o| o.as_ref()).collect();
    for (i, a) in files.iter().enumerate() {
        for b in &files[..i] {
            if let (Place::File(x) | Place::Stream(x), Place::File(y) | Place::Stream(y)) =
                (&a.place, &b.place)
            {
                let same = match (FileId::of(x), FileId::of(y)) {
                    (Some(p), Some(q)) => p == q,
                    _ => absolute(x) == absolute(y),
                };
                if same {
                    return Err(OutputError::Twice {
                        first: b.given.clone(),
                        second: a.given.clone(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// A path made absolute against the working folder, its folder's links resolved.
fn absolute(p: &Path) -> PathBuf {
    let dir = p
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    dir.join(p.file_name().unwrap_or_default())
}

/// `p` with its symbolic links followed (an `--html DIR` that is a link: the folder it
/// points to is written).
pub fn resolved(p: &Path) -> PathBuf {
    follow_links(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Follows symbolic links (a dangling one to the file it would make).
fn follow_links(p: &Path) -> Result<PathBuf, OutputError> {
    let mut cur = p.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&cur) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&cur).map_err(|e| OutputError::io(p, e))?;
                cur = match cur.parent() {
                    Some(d) if to.is_relative() => d.join(to),
                    _ => to,
                };
            }
            _ => return Ok(cur),
        }
    }
    Err(OutputError::io(
        p,
        std::io::Error::other("too many levels of symbolic links"),
    ))
}

/// The folder a regular file is written in must exist and take new files (for the
/// temporary that is renamed into place).
fn check_folder(given: &Path, real: &Path) -> Result<(), OutputError> {
    if real.file_name().is_none() {
        return Err(OutputError::NotAFileName(given.to_path_buf()));
    }
    let dir = match real.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(OutputError::NoFolder {
            path: given.to_path_buf(),
            dir,
        });
    }
    if !writable(&dir) {
        return Err(OutputError::FolderNotWritable {
            path: given.to_path_buf(),
            dir,
        });
    }
    Ok(())
}

fn writable(dir: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c` is a valid NUL-terminated path that outlives the call.
    unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
}

impl Output {
    /// True when the output is a file inside the folder `dir` (or is `dir`).
    pub fn is_inside(&self, dir: &Path) -> bool {
        let (Place::File(p) | Place::Stream(p)) = &self.place else {
            return false;
        };
        let d = resolved(dir);
        let d = d.canonicalize().unwrap_or_else(|_| absolute(&d));
        absolute(p).starts_with(d)
    }

    /// True for `-`.
    pub fn is_stdout(&self) -> bool {
        matches!(self.place, Place::Stdout)
    }

    /// Opens the output for writing; [`Writer::commit`] finishes it.
    pub fn create(&self) -> Result<Writer, OutputError> {
        Ok(match &self.place {
            Place::Stdout => Writer::Stdout(std::io::stdout()),
            Place::Stream(p) => Writer::Stream(std::io::BufWriter::new(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(p)
                    .map_err(|e| OutputError::io(&self.given, e))?,
            )),
            Place::File(p) => Writer::File(AtomicFile::create(p, &self.reads)?),
        })
    }

    /// Writes `bytes` as the whole output.
    pub fn write_all(&self, bytes: &[u8]) -> Result<(), OutputError> {
        let mut w = self.create()?;
        w.write_all(bytes)
            .map_err(|e| OutputError::io(&self.given, e))?;
        w.commit()
    }
}

/// An open output.
pub enum Writer {
    /// Standard output (`-`).
    Stdout(std::io::Stdout),
    /// A device, FIFO or socket, written straight through.
    Stream(std::io::BufWriter<std::fs::File>),
    /// A regular file, written to a temporary that [`Writer::commit`] renames into place.
    File(AtomicFile),
}

impl Writer {
    /// Finishes the output: a regular file is put in place, a stream flushed.
    pub fn commit(self) -> Result<(), OutputError> {
        let flush = |r: std::io::Result<()>| r.map_err(|e| OutputError::io(Path::new("-"), e));
        match self {
            Writer::Stdout(mut s) => flush(s.flush()),
            Writer::Stream(mut s) => flush(s.flush()),
            Writer::File(f) => f.commit(),
        }
    }
}

impl Write for Writer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Writer::Stdout(s) => s.write(buf),
            Writer::Stream(s) => s.write(buf),
            Writer::File(f) => f.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Writer::Stdout(s) => s.flush(),
            Writer::Stream(s) => s.flush(),
            Writer::File(f) => f.flush(),
        }
    }
}
