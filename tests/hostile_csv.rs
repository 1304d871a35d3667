//! CSV formula injection: a cell a spreadsheet would read as a formula (an id, a source,
//! a title starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with
//! a `'` before it by every CSV writer (`verify`, `export`, `concordance`, `repair`);
//! a plain number (`-1`) is left as it is, and `--raw-csv` writes the bytes.

use assert_cmd::Command;
use std::path::Path;

/// Two problems on one position (so that `concordance` groups them), with ids and
/// sources a spreadsheet would take for formulas, and a source that is a plain number.
const PROBLEMS: &str = r##"
[[problem]]
id = "=cmd"
source = "-2+3"
title = "@SUM(A1)"
rules = "shatranj"
fen = "6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1"
stipulation = "#1"

[[problem]]
id = "+x"
source = "-1"
rules = "shatranj"
fen = "6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1"
stipulation = "#2"
"##;

/// The CSV `mansuba ARGS --csv out.csv` writes in `dir`, as records.
fn csv_of(dir: &Path, args: &[&str]) -> Vec<Vec<String>> {
    let out = dir.join("out.csv");
    let _ = std::fs::remove_file(&out);
    Command::cargo_bin("mansuba")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .args(["--csv", "out.csv"])
        .output()
        .unwrap();
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_path(&out)
        .unwrap();
    r.records()
        .map(|rec| rec.unwrap().iter().map(String::from).collect())
        .collect()
}

#[test]
fn every_csv_writer_neutralises_formulas() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("f.toml"), PROBLEMS).unwrap();
    let verify = csv_of(d.path(), &["verify", "f.toml"]);
    assert_eq!(verify[0][0], "id");
    assert_eq!(&verify[1][..3], ["'=cmd", "f.toml", "'-2+3"], "{verify:?}");
    assert_eq!(&verify[2][..3], ["'+x", "f.toml", "-1"], "{verify:?}");
    let export = csv_of(d.path(), &["export", "f.toml"]);
    assert_eq!(export[1][0], "'=cmd", "{export:?}");
    let conc = csv_of(d.path(), &["concordance", "f.toml"]);
    assert!(conc[1][1].starts_with("'=cmd (f.toml:"), "{conc:?}");
    assert!(conc[1][2].starts_with("'-2+3; -1"), "{conc:?}");
    let repair = csv_of(d.path(), &["repair", "f.toml", "--id", "=cmd"]);
    assert_eq!(repair[0][0], "problem", "{repair:?}");
    assert_eq!(repair[1][0], "'=cmd", "{repair:?}");
}

#[test]
fn raw_csv_writes_the_cells_as_they_are() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("f.toml"), PROBLEMS).unwrap();
    let verify = csv_of(d.path(), &["verify", "f.toml", "--raw-csv"]);
    assert_eq!(&verify[1][..3], ["=cmd", "f.toml", "-2+3"], "{verify:?}");
    assert_eq!(verify[2][0], "+x", "{verify:?}");
    let export = csv_of(d.path(), &["--raw-csv", "export", "f.toml"]);
    assert_eq!(export[1][0], "=cmd", "{export:?}");
}
