//! `verify --html DIR --pdf BOOK.pdf`: the edition printed as a book by Chromium (its
//! print style sheet puts one problem on a page; the printing and the title check are
//! [`crate::report::edition::book`]'s). The page is handed to Chromium as a `file://`
//! address the `url` crate builds here (a `#`, `?` or `%` in the folder's name is
//! percent-encoded, never read as a fragment or a query).

use crate::files::Output;
use anyhow::{Context, Result};
use std::path::Path;

pub use crate::report::edition::book::find_chromium;

/// The `file://` address of a file, percent-encoded.
pub fn file_url(path: &Path) -> Result<url::Url> {
    let abs =
        std::path::absolute(path).with_context(|| format!("cannot find {}", path.display()))?;
    url::Url::from_file_path(&abs)
        .map_err(|()| anyhow::anyhow!("{}: cannot be written as a file:// address", abs.display()))
}

/// Prints the edition's `index`, whose title is `title`, to `out` with Chromium
/// ([`crate::report::edition::book::print_pdf`]), handed its `file://` address.
pub fn print_pdf(
    chromium: &Path,
    (index, title): (&Path, &str),
    out: &Output,
    given: &Path,
) -> Result<()> {
    let url = file_url(index)?;
    Ok(crate::report::edition::book::print_pdf(
        chromium,
        (url.as_str(), title),
        out,
        given,
    )?)
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
