//! Pieces every subcommand shares: the worker pool's size and the problem files a list
//! of paths names.

use anyhow::{Context, Result};
use std::path::PathBuf;

/// Sets rayon's global pool size (once).
pub fn set_threads(n: Option<usize>) {
    if let Some(n) = n {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global();
    }
}

/// Reads a path list into the problem files it names (directories searched for *.toml).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = vec![];
    for p in paths {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            while let Some(d) = stack.pop() {
                let mut entries: Vec<_> = std::fs::read_dir(&d)
                    .with_context(|| format!("cannot read directory {}", d.display()))?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .collect();
                entries.sort();
                for e in entries {
                    if e.is_dir() {
                        stack.push(e);
                    } else if e.extension().is_some_and(|x| x == "toml") {
                        out.push(e);
                    }
                }
            }
        } else if p.exists() {
            out.push(p.clone());
        } else {
            anyhow::bail!("no such file or directory: {}", p.display());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}
