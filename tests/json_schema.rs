//! The JSON rows' keys against their page, `docs/schema.md` ("JSON rows"): every key a
//! row of `verify --json` or `solve --json` writes is in the page's table, and every key
//! of the table is written by one of these rows (a problem read and analysed, one under
//! dice, an error row, and a solution tree), so that neither can change without the other.

use crate::common::mansuba;
use std::collections::BTreeSet;

/// The keys the page's JSON table names (its first column, backticked, comma-separated).
fn documented() -> BTreeSet<String> {
    let page = std::fs::read_to_string("docs/schema.md").unwrap();
    let start = page
        .find("## JSON rows")
        .expect("docs/schema.md has a section JSON rows");
    let section = &page[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |i| i + 3);
    let mut keys = BTreeSet::new();
    for row in section[..end].lines().filter(|l| l.starts_with("| `")) {
        let first = row.split('|').nth(1).unwrap_or_default();
        for k in first.split(',') {
            keys.insert(k.trim().trim_matches('`').to_string());
        }
    }
    keys
}

fn written(args: &[&str]) -> BTreeSet<String> {
    let (_, out, err) = mansuba(args);
    let mut keys = BTreeSet::new();
    for line in out.lines() {
        let row: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}{err}"));
        keys.extend(row.as_object().unwrap().keys().cloned());
    }
    assert!(!keys.is_empty(), "{err}");
    keys
}

#[test]
fn every_json_key_is_on_its_page_and_every_key_of_the_page_is_written() {
    let mut keys = written(&[
        "verify",
        "tests/data/good",
        "examples/dice.toml",
        "tests/data/broken/missing_key.toml",
        "--json",
    ]);
    keys.extend(written(&[
        "solve",
        "tests/data/good/composed.toml",
        "--json",
    ]));
    let page = documented();
    let undocumented: Vec<_> = keys.difference(&page).collect();
    let unwritten: Vec<_> = page.difference(&keys).collect();
    assert!(
        undocumented.is_empty(),
        "written but not in docs/schema.md: {undocumented:?}"
    );
    assert!(
        unwritten.is_empty(),
        "in docs/schema.md but not written: {unwritten:?}"
    );
}
