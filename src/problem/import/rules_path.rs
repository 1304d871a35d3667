//! A rules-file path as the written problem file needs it. The user types `--rules` (or a
//! piece list's `Rules:` line) relative to the working directory, but a problem file's
//! `rules` is read relative to the file's own folder: written as typed, the output of
//! `import --rules rel/rules.toml -o other/dir/out.toml` would not load. So the path is
//! rewritten relative to the output's folder; a preset name is left alone.

use crate::board::presets::PRESETS;
use std::path::{Component, Path, PathBuf};

/// Whether `spec` names a rules file (as [`crate::board::rules::Rules::resolve`] reads it)
/// rather than a preset.
fn is_file(spec: &str) -> bool {
    !PRESETS.contains(&spec) && (spec.ends_with(".toml") || spec.contains('/'))
}

/// A path made absolute and, where it exists, free of `..` and links.
fn settled(p: &Path) -> Option<PathBuf> {
    p.canonicalize()
        .ok()
        .or_else(|| std::path::absolute(p).ok())
}

/// `spec` (relative to the working directory) rewritten relative to `out_dir`, with `/`
/// between its parts. A preset, or a path that cannot be settled, is returned as it is.
pub fn relative_to(spec: &str, out_dir: &Path) -> String {
    if !is_file(spec) {
        return spec.to_string();
    }
    let dir = if out_dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        out_dir
    };
    let (Some(target), Some(base)) = (settled(Path::new(spec)), settled(dir)) else {
        return spec.to_string();
    };
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    // Nothing in common but the root (another drive): the absolute path is the only way.
    if common == 0 {
        return target.display().to_string();
    }
    let mut parts: Vec<String> = vec!["..".into(); b.len() - common];
    parts.extend(
        t[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().to_string()),
    );
    let joined = parts.join("/");
    // A bare file name stays a file for the reader: it ends in `.toml` or gets `./`.
    if joined.contains('/') || joined.ends_with(".toml") {
        joined
    } else {
        format!("./{joined}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_move_to_the_output_folder() {
        let d = tempfile::tempdir().unwrap();
        let root = d.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("rel")).unwrap();
        std::fs::create_dir_all(root.join("other/dir")).unwrap();
        std::fs::write(root.join("rel/r.toml"), "preset = \"shatranj\"\n").unwrap();
        let spec = root.join("rel/r.toml").display().to_string();
        assert_eq!(
            relative_to(&spec, &root.join("other/dir")),
            "../../rel/r.toml"
        );
        assert_eq!(relative_to(&spec, &root.join("rel")), "r.toml");
        assert_eq!(relative_to(&spec, &root), "rel/r.toml");
        assert_eq!(relative_to("shatranj", &root.join("other")), "shatranj");
    }
}
