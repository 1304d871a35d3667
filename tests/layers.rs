//! The layers of `src/` stay in order: a file in one layer names no layer above it (see
//! the module comment of `src/lib.rs` and docs/architecture.md). A new upward import fails
//! here with the file and line, so an import circle between layers cannot creep back.

use std::path::Path;

/// Bottom first, as in `src/lib.rs`.
const LAYERS: &[&str] = &[
    "memory",
    "files",
    "batch",
    "board",
    "notation",
    "retro",
    "solve",
    "dice",
    "analyse",
    "problem",
    "concordance",
    "repair",
    "report",
    "verify",
    "cli",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The layers a line of code names as `crate::LAYER` (comments are not code).
fn named_layers(line: &str) -> Vec<&'static str> {
    let code = line.split("//").next().unwrap_or("");
    LAYERS
        .iter()
        .copied()
        .filter(|l| {
            code.match_indices(&format!("crate::{l}")).any(|(i, m)| {
                let next = code[i + m.len()..].chars().next();
                !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
        .collect()
}

#[test]
fn no_layer_names_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = vec![];
    for (rank, layer) in LAYERS.iter().enumerate() {
        let dir = src.join(layer);
        assert!(dir.is_dir(), "layer {layer} has no folder src/{layer}");
        let mut files = vec![];
        rust_files(&dir, &mut files);
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for (n, line) in text.lines().enumerate() {
                for up in named_layers(line) {
                    let up_rank = LAYERS.iter().position(|l| *l == up).unwrap();
                    if up_rank > rank {
                        bad.push(format!("{}:{}: {layer} names {up}", f.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "upward imports:\n{}", bad.join("\n"));
}

#[test]
fn every_folder_of_src_is_a_known_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            assert!(
                LAYERS.contains(&name.as_str()),
                "src/{name} is not in LAYERS"
            );
        } else {
            assert!(
                name == "lib.rs" || name == "main.rs",
                "src/{name}: loose file; it belongs in a layer folder"
            );
        }
    }
}

#[test]
fn the_checker_sees_an_upward_import() {
    assert_eq!(
        named_layers("use crate::report::write_atomic;"),
        vec!["report"]
    );
    assert!(named_layers("// see crate::report").is_empty());
    assert!(named_layers("use crate::solvers;").is_empty());
}
