//! The edition printed as a book by Chromium: its program found on the PATH, the page
//! printed in a fresh private folder, and the book put in place only when its title is
//! the edition's (a PDF of anything else is refused). The page is handed to Chromium as
//! a `file://` address the `url` crate builds (a `#`, `?` or `%` in the folder's name is
//! percent-encoded, never read as a fragment or a query).

use crate::files::{Output, OutputError};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The names Chromium goes by on the PATH.
const NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// No Chromium on the PATH: how to install it.
#[derive(Debug, Error)]
#[error(
    "--pdf needs Chromium, and none of {} is on the PATH: install it (Debian and Ubuntu: `sudo apt-get install chromium`; Fedora: `sudo dnf install chromium`; macOS: `brew install --cask chromium`), or leave out --pdf and print DIR/index.html from a browser (nothing was done)",
    NAMES.join(", ")
)]
pub struct NoChromium;

/// Chromium's program on the PATH, or how to install it.
pub fn find_chromium() -> Result<PathBuf, NoChromium> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for n in NAMES {
            let p = dir.join(n);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    Err(NoChromium)
}

/// True when the PDF's document information names `title`, as Chromium writes it: a
/// literal string for ASCII (with `\\`, `(` and `)` escaped), else UTF-16BE in hex.
pub fn has_title(pdf: &[u8], title: &str) -> bool {
    let literal = if title.is_ascii() {
        let mut t = String::from("/Title (");
        for c in title.chars() {
            if matches!(c, '\\' | '(' | ')') {
                t.push('\\');
            }
            t.push(c);
        }
        t + ")"
    } else {
        let hex: String = title.encode_utf16().map(|u| format!("{u:04X}")).collect();
        format!("/Title <FEFF{hex}>")
    };
    let wanted = literal.as_bytes();
    // Hex digits may come in either case; a literal title is compared byte for byte.
    let same = |w: &[u8]| match title.is_ascii() {
        true => w == wanted,
        false => w.eq_ignore_ascii_case(wanted),
    };
    pdf.windows(wanted.len()).any(same)
}

/// Why the book was not printed.
#[derive(Debug, Error)]
pub enum BookError {
    /// The private folder Chromium prints in could not be made.
    #[error("cannot create {}", .0.display())]
    Folder(PathBuf, #[source] std::io::Error),
    /// Chromium could not be started.
    #[error("cannot run {}", .0.display())]
    Run(PathBuf, #[source] std::io::Error),
    /// Chromium printed no PDF: the book as given, Chromium, its status and what it said.
    #[error("--pdf {}: {} printed no PDF ({status}): {said}", given.display(), chromium.display())]
    NoPdf {
        /// The book as given.
        given: PathBuf,
        /// Chromium's program.
        chromium: PathBuf,
        /// How it ended.
        status: std::process::ExitStatus,
        /// Its standard error, trimmed.
        said: String,
    },
    /// Chromium printed a document whose title is not the edition's.
    #[error("--pdf {}: {} printed a document that is not the edition (its title is not '{}'); nothing was written", given.display(), chromium.display(), crate::report::shown::shown(title))]
    NotEdition {
        /// The book as given.
        given: PathBuf,
        /// Chromium's program.
        chromium: PathBuf,
        /// The edition's title.
        title: String,
    },
    /// The book could not be written.
    #[error("--pdf {0}")]
    Write(OutputError),
    /// The page's absolute path could not be found.
    #[error("cannot find {}", .0.display())]
    Unfound(PathBuf, #[source] std::io::Error),
    /// The page's path has no `file://` address.
    #[error("{}: cannot be written as a file:// address", .0.display())]
    NoAddress(PathBuf),
}

/// The `file://` address of a file, percent-encoded.
pub fn file_url(path: &Path) -> Result<url::Url, BookError> {
    let abs = std::path::absolute(path).map_err(|e| BookError::Unfound(path.to_path_buf(), e))?;
    url::Url::from_file_path(&abs).map_err(|()| BookError::NoAddress(abs))
}

/// Prints the edition's page `index`, whose title is `title`, to `out` (given as `given`)
/// with Chromium, handed its `file://` address: the PDF is written in a fresh private
/// folder first, then put in place whole.
pub fn print_pdf(
    chromium: &Path,
    (index, title): (&Path, &str),
    out: &Output,
    given: &Path,
) -> Result<(), BookError> {
    let url = file_url(index)?;
    let work = crate::files::temps::fresh_name(&std::env::temp_dir());
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&work)
            .map_err(|e| BookError::Folder(work.clone(), e))?;
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
    let result = (|| {
        let run = run.map_err(|e| BookError::Run(chromium.to_path_buf(), e))?;
        let bytes = std::fs::read(&pdf).ok().filter(|b| b.starts_with(b"%PDF"));
        let Some(bytes) = bytes else {
            return Err(BookError::NoPdf {
                given: given.to_path_buf(),
                chromium: chromium.to_path_buf(),
                status: run.status,
                said: String::from_utf8_lossy(&run.stderr).trim().to_string(),
            });
        };
        if !has_title(&bytes, title) {
            return Err(BookError::NotEdition {
                given: given.to_path_buf(),
                chromium: chromium.to_path_buf(),
                title: title.to_string(),
            });
        }
        out.write_all(&bytes).map_err(BookError::Write)
    })();
    let _ = std::fs::remove_dir_all(&work);
    crate::files::temps::forget(&work);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_is_found_as_chromium_writes_it() {
        let ascii = b"%PDF-1.4 << /Title (mansuba: a \\(1\\).toml) >>";
        assert!(has_title(ascii, "mansuba: a (1).toml"));
        assert!(!has_title(ascii, "mansuba: a (1).tom"));
        assert!(!has_title(ascii, "Mansuba: a (1).toml"));
        let wide = b"<< /Title <FEFF006D00E9> >>";
        assert!(has_title(wide, "m\u{e9}"));
        assert!(!has_title(wide, "m\u{e8}"));
    }

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
