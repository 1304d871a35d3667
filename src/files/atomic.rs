//! A regular file written whole or not at all: the bytes go to a temporary file with a
//! short name in the target's folder, which [`AtomicFile::commit`] renames into place with
//! the permissions of the file it replaces. Dropping it uncommitted, or a signal that ends
//! the run (see [`super::temps`]), removes the temporary; the old file stays.

use super::error::OutputError;
use super::identity::FileId;
use super::reads::Reads;
use super::temps;
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Writes a regular file atomically, never over a file of `reads` (see
/// [`super::target`] for outputs a user names: they are checked first and may be devices
/// or standard output).
pub fn write_atomic(path: &Path, bytes: &[u8], reads: &Reads) -> Result<(), OutputError> {
    let mut f = AtomicFile::create(path, reads)?;
    f.write_all(bytes).map_err(|e| OutputError::io(path, e))?;
    f.commit()
}

/// A file written bit by bit that appears whole or not at all.
pub struct AtomicFile {
    tmp: PathBuf,
    path: PathBuf,
    /// The permission bits to give it: the replaced file's, else the default for a new
    /// file (0666 less the umask, as the temporary was made).
    mode: Option<u32>,
    file: Option<std::io::BufWriter<std::fs::File>>,
    /// The files the run read, none of which the rename may replace.
    reads: Reads,
}

impl AtomicFile {
    /// Starts writing `path` (a regular file or none yet). Links are not followed here: a
    /// link at `path` is replaced by the file ([`super::target::check`] resolves the links
    /// of the outputs a user names first, [`super::target::check_derived`] does not).
    /// Committing it is refused if `path` has come to name a file of `reads` by then.
    pub fn create(path: &Path, reads: &Reads) -> Result<AtomicFile, OutputError> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if path.file_name().is_none() {
            return Err(OutputError::NotAFileName(path.to_path_buf()));
        }
        let mode = std::fs::symlink_metadata(path)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.permissions().mode() & 0o7777);
        let tmp = temps::fresh_name(&dir);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(&tmp)
            .map_err(|e| OutputError::io(path, e))?;
        temps::register(&tmp);
        Ok(AtomicFile {
            tmp,
            path: path.to_path_buf(),
            mode,
            file: Some(std::io::BufWriter::new(file)),
            reads: reads.clone(),
        })
    }

    /// Puts the file in place.
    pub fn commit(mut self) -> Result<(), OutputError> {
        let Some(w) = self.file.take() else {
            return Ok(());
        };
        let res = self.finish(w);
        if res.is_err() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        temps::forget(&self.tmp);
        res
    }

    fn finish(&self, w: std::io::BufWriter<std::fs::File>) -> Result<(), OutputError> {
        let io = |e| OutputError::io(&self.path, e);
        let f = w.into_inner().map_err(|e| io(e.into_error()))?;
        if let Some(mode) = self.mode {
            f.set_permissions(std::fs::Permissions::from_mode(mode))
                .map_err(io)?;
        }
        f.sync_all().map_err(io)?;
        // The last look before the rename: a file this run read (a rules file a problem
        // named, say) is never replaced, however its name was spelt.
        if let Some(input) = FileId::of(&self.path).and_then(|id| self.reads.find(id)) {
            return Err(OutputError::IsInput {
                output: self.path.clone(),
                input,
            });
        }
        std::fs::rename(&self.tmp, &self.path).map_err(io)
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.file {
            Some(f) => f.write(buf),
            None => Err(std::io::Error::other("file already committed")),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
            temps::forget(&self.tmp);
        }
    }
}
