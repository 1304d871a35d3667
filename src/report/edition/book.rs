//! The edition printed as a book by Chromium: its program found on the PATH, and the
//! check that a PDF it printed is the edition's (its title).

use std::path::PathBuf;
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
}
