//! What every import target checks: any bytes read as one format give problems and errors
//! naming the file (and its line when there is one); the problems read must be written as
//! entries that load back as a problem file, one problem per entry, with no error.
use mansuba::problem::import::{import_all, toml_out, Format, Options};
use std::path::Path;

pub fn check(data: &[u8], format: Format) {
    let s = String::from_utf8_lossy(data);
    let path = Path::new("fuzz.in");
    let opts = Options {
        format: Some(format),
        colours: vec![("red".into(), true), ("green".into(), false)],
        win_moves: Some(20),
        ..Options::default()
    };
    let (entries, errors) = import_all(path, &s, &opts);
    for e in &errors {
        assert!(!e.message.is_empty());
        assert_eq!(e.file, path);
    }
    // Nothing read, nothing written (`import` writes no file then; a problem file
    // without a problem is itself an error).
    if entries.is_empty() {
        return;
    }
    let text = toml_out::to_toml(&entries, &["fuzz.in".into()]);
    let back = mansuba::problem::parse_str(&text, Path::new("fuzz.toml"));
    assert_eq!(back.problems.len(), entries.len(), "{text}");
    if let Some(Err(e)) = back.problems.iter().find(|p| p.is_err()) {
        panic!("imported entries do not load back: {e}\n{text}");
    }
}
