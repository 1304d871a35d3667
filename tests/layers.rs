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

/// Every name in backticks on `docs/architecture.md` that reads as a file or folder
/// (`cli/output.rs`, `reach/`) or as a type or item (`Limits`, `Limits::memory`) exists:
/// a path as written, below `src/`, or as the end of some path in the repository (the page
/// names files within the folder it is describing); a type as a `struct`, `enum`, `trait`,
/// `type`, `const` or `static` in the code, and its item as a function, field, constant or
/// variant. Placeholders in capitals (`src/cli/NAME.rs`) are not names.
#[test]
fn the_architecture_page_names_only_what_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let mut files = vec![];
    for dir in ["src", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    let code: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    let known: Vec<String> = files
        .iter()
        .map(|f| {
            f.strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    let mut missing = vec![];
    for name in page.split('`').skip(1).step_by(2) {
        if name.contains("NAME") || name.contains(' ') {
            continue;
        }
        if is_path(name) {
            let found = root.join(name).exists()
                || root.join("src").join(name).exists()
                || known.iter().any(|k| {
                    let dir = name.trim_end_matches('/');
                    k.ends_with(&format!("/{name}")) || k.contains(&format!("/{dir}/"))
                });
            if !found {
                missing.push(name.to_string());
            }
        } else if is_item(name) {
            let (ty, item) = name.split_once("::").unwrap_or((name, ""));
            let defined = ["struct", "enum", "trait", "type", "const", "static"]
                .iter()
                .any(|k| has_word(&code, &format!("{k} {ty}")));
            let has_item = item.is_empty()
                || [
                    format!("fn {item}"),
                    format!("{item}:"),
                    format!("const {item}"),
                    format!("{item}("),
                    format!("{item} {{"),
                    format!("{item},"),
                ]
                .iter()
                .any(|p| has_word(&code, p));
            if !defined || !has_item {
                missing.push(name.to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/architecture.md names what the code does not have: {missing:?}"
    );
}

/// A file or folder name: letters, digits, `_`, `-`, `.` and `/`, ending in a known
/// extension or `/`.
fn is_path(s: &str) -> bool {
    let chars = s
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
    let ends = [".rs", "/", ".md", ".py", ".toml", ".csv", ".sh"]
        .iter()
        .any(|e| s.ends_with(e));
    chars && ends && !s.starts_with('-') && s.len() > 1
}

/// A type (capitalised) with at most one `::item`.
fn is_item(s: &str) -> bool {
    let mut parts = s.split("::");
    let ty = parts.next().unwrap_or("");
    let item = parts.next();
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    parts.next().is_none()
        && ty.starts_with(|c: char| c.is_ascii_uppercase())
        && word(ty)
        && item.is_none_or(word)
}

/// Does `text` hold `pat` not run on from a longer word before or after it?
fn has_word(text: &str, pat: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(pat).any(|(i, _)| {
        let before = text[..i].chars().next_back().is_none_or(|c| !ident(c));
        let end = pat.chars().next_back().is_some_and(ident);
        let after = !end
            || text[i + pat.len()..]
                .chars()
                .next()
                .is_none_or(|c| !ident(c));
        before && after
    })
}
