//! `verify --html DIR --pdf BOOK.pdf`: the edition printed as a book by Chromium (its
//! print style sheet puts one problem on a page). Chromium is found on the PATH before any
//! work ([`crate::report::edition::book`]); when it is missing the run is refused with how
//! to install it. The page is handed
//! to Chromium as a `file://` address the `url` crate builds (a `#`, `?` or `%` in the
//! folder's name is percent-encoded, never read as a fragment or a query), and the book is
//! put in place only when its title is the edition's: a PDF of anything else is refused.

use crate::files::Output;
use anyhow::{bail, Context, Result};
use std::path::Path;

pub use crate::report::edition::book::find_chromium;
use crate::report::edition::book::has_title;

/// The `file://` address of a file, percent-encoded.
pub fn file_url(path: &Path) -> Result<url::Url> {
    let abs =
        std::path::absolute(path).with_context(|| format!("cannot find {}", path.display()))?;
    url::Url::from_file_path(&abs)
        .map_err(|()| anyhow::anyhow!("{}: cannot be written as a file:// address", abs.display()))
}

/// Prints the edition's `index`, whose title is `title`, to `out` with Chromium: the PDF
/// is written in a fresh private folder first, then put in place whole.
pub fn print_pdf(
    chromium: &Path,
    (index, title): (&Path, &str),
    out: &Output,
    given: &Path,
) -> Result<()> {
    let url = file_url(index)?;
    let work = crate::files::temps::fresh_name(&std::env::temp_dir());
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&work)
            .with_context(|| format!("cannot create {}", work.display()))?;
    }
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
        .arg(url.as_str())
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
        if !has_title(&bytes, title) {
            bail!(
                "--pdf {}: {} printed a document that is not the edition (its title is not '{}'); nothing was written",
                given.display(),
                chromium.display(),
                crate::report::shown::shown(title)
            );
        }
        out.write_all(&bytes)
            .map_err(|e| anyhow::anyhow!("--pdf {e}"))
    })();
    let _ = std::fs::remove_dir_all(&work);
    crate::files::temps::forget(&work);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_percent_encoded() {
        let u = file_url(Path::new("/tmp/col #2/a?b%c/index.html")).unwrap();
        assert_eq!(u.as_str(), "file:///tmp/col%20%232/a%3Fb%25c/index.html");
        assert_eq!(
            u.to_file_path().unwrap(),
            Path::new("/tmp/col #2/a?b%c/index.html")
        );
    }
}
