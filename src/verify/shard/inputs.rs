//! What a shard read, recorded in its manifest and checked again by `merge`: every
//! problem file and every rules file the problems name, each with the digest of its
//! bytes. A merge whose inputs changed since the shards ran (a problem edited, a rerun
//! cut short, another rules file) is refused, naming the file, rather than merging old
//! verdicts as if they were current.

use super::ShardsError;
use crate::board::rules::RulesDirs;
use crate::files::digest::Digest;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The inputs a batch read.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Inputs {
    /// The number of problem files (the rules files come after them in `each`).
    pub files: usize,
    /// The digest of every path and its bytes, in order.
    pub digest: String,
    /// Each file read: the problem files in order, then the rules files they name.
    pub each: Vec<InputFile>,
}

/// One file read, and the digest of its bytes.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct InputFile {
    /// Its path as the run named it.
    pub path: String,
    /// The digest of its bytes.
    pub digest: String,
}

/// The rules files the problems of `file` name, where a problem may read them (see
/// `Rules::resolve`: beside the file or below its folder, or in a folder of `dirs`); a
/// rules file that is missing or outside is not read, and its problem's row says so.
fn rules_files(file: &Path, dirs: &RulesDirs) -> Vec<PathBuf> {
    if file.as_os_str() == "-" {
        // Standard input is read once, by the command itself.
        return vec![];
    }
    // Read a problem at a time, as the batch reads it: a file of 200,000 problems is
    // never held whole as problems (`load_file` held them all before the work began).
    let (mut reader, _) = crate::problem::chunks::FileReader::open(file, dirs.reads());
    let mut warnings = vec![];
    let mut out: Vec<PathBuf> = vec![];
    while let Some(entry) = reader.next_entry(&mut warnings) {
        warnings.clear();
        let Ok(p) = entry else { continue };
        if p.rules.ends_with(".toml") || p.rules.contains('/') {
            let r = crate::board::rules::confined(&p.rules, p.base_dir(), dirs);
            if let Some(r) = r.ok().filter(|r| r.is_file() && !out.contains(r)) {
                out.push(r);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Every file a run reads: the problem files, the rules files their problems name, and
/// the rules file `--rules` names (if it is a file); `dirs`: the folders besides its own a
/// problem file may name rules files in.
pub fn read_by(files: &[PathBuf], cli_rules: Option<&str>, dirs: &RulesDirs) -> Vec<PathBuf> {
    let mut all: Vec<PathBuf> = files.to_vec();
    for f in files {
        for r in rules_files(f, dirs) {
            if !all.contains(&r) {
                all.push(r);
            }
        }
    }
    if let Some(r) = cli_rules.map(PathBuf::from).filter(|r| r.is_file()) {
        if !all.contains(&r) {
            all.push(r);
        }
    }
    all
}

/// The digest of the problem files, of the rules files they name and of `--rules`'s.
pub fn inputs_of(
    files: &[PathBuf],
    cli_rules: Option<&str>,
    dirs: &RulesDirs,
) -> Result<Inputs, crate::files::InputError> {
    let all = read_by(files, cli_rules, dirs);
    let mut whole = Digest::default();
    let mut each = vec![];
    for f in &all {
        let bytes = crate::files::read_bounded(f, dirs.reads())?;
        let path = f.to_string_lossy().to_string();
        whole.field(path.as_bytes());
        whole.field(&bytes);
        each.push(InputFile {
            path,
            digest: Digest::of(&bytes),
        });
    }
    Ok(Inputs {
        files: files.len(),
        digest: whole.hex(),
        each,
    })
}

/// Checks that the inputs as they are now are the ones `recorded` (by the manifest
/// `manifest`); the error names the first file that changed, went or came.
pub fn check_current(
    manifest: &Path,
    recorded: &Inputs,
    files: &[PathBuf],
    cli_rules: Option<&str>,
    dirs: &RulesDirs,
) -> Result<(), ShardsError> {
    let manifest = manifest.to_path_buf();
    let now =
        inputs_of(files, cli_rules, dirs).map_err(|source| ShardsError::InputsUnreadable {
            manifest: manifest.clone(),
            source: Box::new(source),
        })?;
    if now == *recorded {
        return Ok(());
    }
    let was = |p: &str| recorded.each.iter().find(|f| f.path == p);
    for f in &now.each {
        match was(&f.path) {
            None => {
                return Err(ShardsError::InputNew {
                    file: f.path.clone(),
                    manifest,
                })
            }
            Some(w) if w.digest != f.digest => {
                return Err(ShardsError::InputChanged {
                    file: f.path.clone(),
                    manifest,
                })
            }
            Some(_) => {}
        }
    }
    if let Some(gone) = recorded
        .each
        .iter()
        .find(|w| !now.each.iter().any(|f| f.path == w.path))
    {
        return Err(ShardsError::InputGone {
            file: gone.path.clone(),
            manifest,
        });
    }
    Err(ShardsError::InputsOrder { manifest })
}

/// Why a shard's inputs could not be checked against what it read.
#[derive(Debug, thiserror::Error)]
pub enum NowError {
    /// A verify shard's paths could not be walked now.
    #[error(transparent)]
    Walk(#[from] crate::files::WalkError),
    /// An input changed, went or came.
    #[error(transparent)]
    Shards(#[from] ShardsError),
}

/// Checks that the files a shard read (by the manifest at `path`) are still the ones it
/// read: a repair's or a reconstruction's file, or the problem files a verify's paths
/// name now, with the rules files they name ([`check_current`]). Only a verify's paths
/// are walked, by the walk `walk` gives (asked for then, so that its cancel flag is made
/// only when there is a walk to stop).
pub fn check_now(
    (path, m): &(PathBuf, super::Manifest),
    walk: impl FnOnce() -> crate::files::Walk,
    dirs: &RulesDirs,
) -> Result<(), NowError> {
    use super::Asked;
    let files = match &m.asked {
        Asked::Repair(r) => vec![PathBuf::from(&r.file)],
        Asked::Reconstruct(r) => vec![PathBuf::from(&r.file)],
        Asked::Verify(v) => walk().files(&v.paths())?,
    };
    Ok(check_current(
        path,
        &m.inputs,
        &files,
        m.asked.rules(),
        dirs,
    )?)
}
