//! The reference figures of other programs, kept in the repository under
//! `tests/data/reference/` (where each comes from: the README there).

use std::path::PathBuf;

/// Where the reference file `name` lives in this checkout.
pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/reference")
        .join(name)
}

/// The text of the reference file `name`; a missing or unreadable file panics naming it,
/// since a test without its figures must fail, not pass on nothing.
pub fn text(name: &str) -> String {
    let p = path(name);
    std::fs::read_to_string(&p)
        .unwrap_or_else(|e| panic!("reference file {} cannot be read: {e}", p.display()))
}

/// The rows of the reference CSV `name` after its header, each field trimmed.
pub fn rows(name: &str) -> Vec<Vec<String>> {
    let p = path(name);
    let text = text(name);
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<Vec<String>> = r
        .records()
        .map(|rec| {
            let rec = rec.unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            rec.iter().map(|f| f.trim().to_string()).collect()
        })
        .collect();
    assert!(!rows.is_empty(), "{}: no rows", p.display());
    rows
}
