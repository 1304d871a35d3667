//! Files written whole or not at all, and their fingerprints ([`digest`]). The bottom of the house beside `board`: it uses no
//! other layer, and every layer that writes a file a reader may open while it is being
//! written (tables, dice tables, CSV, JSON, diagrams) writes it through here.

pub mod digest;

use std::io::Write;
use std::path::Path;

/// Writes a file atomically: a temporary file in the same directory, then a rename, so a
/// reader never sees half a file and a failed write leaves the old one in place.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .with_context(|| format!("{}: not a file name", path.display()))?
        .to_string_lossy()
        .to_string();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let res = (|| -> anyhow::Result<()> {
        let mut f = std::fs::File::create(&tmp)
            .with_context(|| format!("cannot create {}", tmp.display()))?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
            .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))?;
        Ok(())
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res
}
