//! `verify --html DIR --pdf BOOK.pdf`: the edition printed as a book by Chromium (its
//! print style sheet puts one problem on a page). Chromium is found on the PATH before any
//! work; when it is missing the run is refused with how to install it.

use crate::files::Output;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// The names Chromium goes by on the PATH.
const NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// Chromium's program on the PATH, or how to install it.
pub fn find_chromium() -> Result<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for n in NAMES {
            let p = dir.join(n);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    bail!(
        "--pdf needs Chromium, and none of {} is on the PATH: install it (Debian and Ubuntu: `sudo apt-get install chromium`; Fedora: `sudo dnf install chromium`; macOS: `brew install --cask chromium`), or leave out --pdf and print DIR/index.html from a browser (nothing was done)",
        NAMES.join(", ")
    )
}

/// Prints the edition's `index` to `out` with Chromium: the PDF is written in a fresh
/// folder first, then put in place whole.
pub fn print_pdf(chromium: &Path, index: &Path, out: &Output, given: &Path) -> Result<()> {
    let index =
        std::path::absolute(index).with_context(|| format!("cannot find {}", index.display()))?;
    let work = crate::files::temps::fresh_name(&std::env::temp_dir());
    std::fs::create_dir(&work).with_context(|| format!("cannot create {}", work.display()))?;
    crate::files::temps::register(&work);
    let pdf = work.join("book.pdf");
    let run = std::process::Command::new(chromium)
        .arg("--headless")
        .arg("--disable-gpu")
        .arg("--no-sandbox")
        .arg("--no-pdf-header-footer")
        .arg("--virtual-time-budget=10000")
        .arg(format!(
            "--user-data-dir={}",
            work.join("profile").display()
        ))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", index.display()))
        .output();
    let result = (|| -> Result<()> {
        let run = run.with_context(|| format!("cannot run {}", chromium.display()))?;
        let bytes = std::fs::read(&pdf).ok().filter(|b| b.starts_with(b"%PDF"));
        let Some(bytes) = bytes else {
            bail!(
                "--pdf {}: {} printed no PDF ({}): {}",
                given.display(),
                chromium.display(),
                run.status,
                String::from_utf8_lossy(&run.stderr).trim()
            );
        };
        out.write_all(&bytes)
            .map_err(|e| anyhow::anyhow!("--pdf {e}"))
    })();
    let _ = std::fs::remove_dir_all(&work);
    crate::files::temps::forget(&work);
    result
}
