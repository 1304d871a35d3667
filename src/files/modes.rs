//! A folder replaced whole (an edition) keeps what its owner set: the old folder's
//! permission bits and group go to the new one, and each file's to the file of the same
//! name (a file the old folder did not have takes the bits of the first that it had), so
//! that a private folder (0700, files 0600) is not widened by a rerun.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

/// Gives `new` and its files named `names` the modes and groups of `old`'s.
pub fn keep_modes(old: &Path, new: &Path, names: &[&str]) -> std::io::Result<()> {
    let dir = std::fs::symlink_metadata(old)?;
    let olds: Vec<Option<std::fs::Metadata>> = (names.iter())
        .map(|n| {
            std::fs::symlink_metadata(old.join(n))
                .ok()
                .filter(|m| m.is_file())
        })
        .collect();
    let fallback = olds.iter().flatten().next().cloned();
    for (name, m) in names.iter().zip(&olds) {
        let f = new.join(name);
        if let (true, Some(m)) = (f.is_file(), m.as_ref().or(fallback.as_ref())) {
            set(&f, m)?;
        }
    }
    set(new, &dir)
}

/// `m`'s permission bits and group on `p` (the group as far as the user may give it: one
/// of the user's groups, or any for root).
fn set(p: &Path, m: &std::fs::Metadata) -> std::io::Result<()> {
    let _ = std::os::unix::fs::chown(p, None, Some(m.gid()));
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(m.mode() & 0o7777))
}
