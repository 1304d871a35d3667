//! Files written whole or not at all, and their fingerprints ([`digest`]). The bottom of the house beside `board`: it uses no
//! other layer, and every layer that writes a file a reader may open while it is being
//! written (tables, dice tables, CSV, JSON, diagrams) writes it through here.

pub mod digest;

use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes a file atomically: a temporary file in the same directory, then a rename, so a
/// reader never sees half a file and a failed write leaves the old one in place.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes)?;
    f.commit()
}

/// A file written bit by bit that appears whole or not at all: the writes go to a
/// temporary file in the same directory, [`AtomicFile::commit`] renames it into place,
/// and dropping it uncommitted removes it (the old file, if any, stays).
pub struct AtomicFile {
    tmp: PathBuf,
    path: PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
}

impl AtomicFile {
    /// Starts writing `path`.
    pub fn create(path: &Path) -> anyhow::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = path
            .file_name()
            .with_context(|| format!("{}: not a file name", path.display()))?
            .to_string_lossy()
            .to_string();
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let file = std::fs::File::create(&tmp)
            .with_context(|| format!("cannot create {}", tmp.display()))?;
        Ok(AtomicFile {
            tmp,
            path: path.to_path_buf(),
            file: Some(std::io::BufWriter::new(file)),
        })
    }

    /// Puts the file in place.
    pub fn commit(mut self) -> anyhow::Result<()> {
        let Some(w) = self.file.take() else {
            anyhow::bail!("{}: already committed", self.path.display());
        };
        let res = (|| -> anyhow::Result<()> {
            let f = w
                .into_inner()
                .map_err(|e| e.into_error())
                .with_context(|| format!("cannot write {}", self.tmp.display()))?;
            f.sync_all()?;
            std::fs::rename(&self.tmp, &self.path).with_context(|| {
                format!(
                    "cannot rename {} to {}",
                    self.tmp.display(),
                    self.path.display()
                )
            })
        })();
        if res.is_err() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        res
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
        }
    }
}
