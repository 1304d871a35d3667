//! The tables built on the fly and the names mansuba derives: the cache is the user's own
//! (0700) and refused when another user owns it or others may write it; a link planted
//! under a table's or a manifest's name is replaced, never written through; a table whose
//! SHA-256 fails (forged, damaged, of the old format) is rebuilt in the cache and never
//! used from `--tables`. Each test works on private copies in a temporary folder, with
//! its own cache (XDG_CACHE_HOME) and temporary folder (TMPDIR).

#![cfg(target_os = "linux")]

use sha2::Digest;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};

/// King and rook against king (orthodox): `win 20` is cooked with 13 keys, proven with
/// the three-man table (built in about a second); without a table the search does not
/// finish in the time given.
const KRK: &str = r#"[[problem]]
id = "krk"
rules = "orthodox"
fen = "8/8/8/4k3/8/8/8/K2R4 w - - 0 1"
stipulation = "win 20"
"#;

/// The keys of [`KRK`], the true verdict.
const KEYS: &str = "Re1+,Kb1,Ka2,Kb2,Rb1,Rc1,Rf1,Rg1,Rh1,Rd2,Rd3,Rd7,Rd8";

/// A private folder holding the problem, a cache root `c` and a temporary folder `t`.
fn setup() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("p.toml"), KRK).unwrap();
    std::fs::create_dir(d.path().join("c")).unwrap();
    std::fs::create_dir(d.path().join("t")).unwrap();
    d
}

/// Runs mansuba in `dir` with its cache in `dir/c` and temporaries in `dir/t`.
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("c"))
        .env("TMPDIR", dir.join("t"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code().unwrap_or(-1), text)
}

/// The verdict line of [`KRK`] under a time limit the search alone cannot meet.
fn verify(dir: &Path, extra: &[&str]) -> String {
    let mut args = vec!["verify", "p.toml", "--timeout", "4"];
    args.extend_from_slice(extra);
    let (_, out) = run(dir, &args);
    out
}

/// A table file with every win and loss made a draw, its digest recomputed: what someone
/// who may write the folder can forge.
fn forged(table: &[u8]) -> Vec<u8> {
    let hl = u32::from_le_bytes(table[12..16].try_into().unwrap()) as usize;
    let mut b = table[..table.len() - 32].to_vec();
    for v in b[16 + hl..].chunks_exact_mut(2) {
        let c = u16::from_le_bytes([v[0], v[1]]);
        if matches!(c >> 14, 1 | 2) {
            v.copy_from_slice(&0u16.to_le_bytes());
        }
    }
    let sum = sha2::Sha256::digest(&b);
    b.extend_from_slice(&sum);
    b
}

/// A good table of KRK, built once into `dir/good` (with its KK).
fn good_tables(dir: &Path) -> std::path::PathBuf {
    build_krk(dir, "good");
    dir.join("good")
}

/// `tablebase build KRK --dir FOLDER` (orthodox) in `dir`, which must succeed.
fn build_krk(dir: &Path, folder: &str) {
    let args = [
        "tablebase",
        "build",
        "--rules",
        "orthodox",
        "KRK",
        "--dir",
        folder,
    ];
    let (code, out) = run(dir, &args);
    assert_eq!(code, 0, "{out}");
}

/// A cache folder `dir/c/mansuba` planted with a forged KRK table (its digest right) and
/// a good KK: the good tables' folder, the cache's, and the forged bytes.
fn planted(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf, Vec<u8>) {
    let good = good_tables(dir);
    let cache = dir.join("c/mansuba");
    std::fs::create_dir(&cache).unwrap();
    let bytes = forged(&std::fs::read(good.join("orthodox-KRK.mtb")).unwrap());
    std::fs::write(cache.join("orthodox-KRK.mtb"), &bytes).unwrap();
    std::fs::copy(good.join("orthodox-KK.mtb"), cache.join("orthodox-KK.mtb")).unwrap();
    (good, cache, bytes)
}

#[test]
fn the_cache_is_the_users_own_folder_made_0700() {
    let d = setup();
    let out = verify(d.path(), &[]);
    assert!(out.contains("cooked") && out.contains(KEYS), "{out}");
    let cache = d.path().join("c/mansuba");
    let m = std::fs::symlink_metadata(&cache).unwrap();
    assert!(m.is_dir());
    assert_eq!(m.mode() & 0o777, 0o700);
    assert!(cache.join("orthodox-KRK.mtb").is_file());
    assert!(!out.contains("warning"), "{out}");
    // Nothing left in the temporary folder.
    assert_eq!(std::fs::read_dir(d.path().join("t")).unwrap().count(), 0);
}

#[test]
fn a_cache_others_may_write_is_not_trusted() {
    let d = setup();
    let (good, cache, bytes) = planted(d.path());
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o777)).unwrap();
    let out = verify(d.path(), &[]);
    assert!(out.contains("the table cache is not used"), "{out}");
    assert!(out.contains("group or others may write it"), "{out}");
    // The true verdict, from a table built in the run's own folder; the planted file is
    // left as it was, and the run's folder is gone.
    assert!(out.contains("cooked") && out.contains(KEYS), "{out}");
    assert_eq!(
        std::fs::read(cache.join("orthodox-KRK.mtb")).unwrap(),
        bytes
    );
    assert_eq!(std::fs::read_dir(d.path().join("t")).unwrap().count(), 0);
    // A link for the cache folder is not trusted either.
    std::fs::remove_dir_all(&cache).unwrap();
    std::os::unix::fs::symlink(&good, &cache).unwrap();
    let out = verify(d.path(), &[]);
    assert!(out.contains("is a symbolic link"), "{out}");
}

#[test]
fn a_cache_another_user_owns_is_not_trusted() {
    let Some((uid, gid)) = crate::common::unprivileged_user() else {
        return;
    };
    let d = setup();
    let (_, cache, _) = planted(d.path());
    for f in ["", "orthodox-KRK.mtb", "orthodox-KK.mtb"] {
        std::os::unix::fs::chown(cache.join(f), Some(uid), Some(gid)).unwrap();
    }
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o700)).unwrap();
    // Root's run: the other user's folder (with a forged table whose digest is right)
    // is not used, and the verdict is the true one.
    let out = verify(d.path(), &[]);
    assert!(out.contains("belongs to another user"), "{out}");
    assert!(out.contains("cooked") && out.contains(KEYS), "{out}");
    // The unprivileged user's run in a folder root made for it: refused the same way.
    let u = tempfile::tempdir().unwrap();
    std::fs::write(u.path().join("p.toml"), KRK).unwrap();
    std::fs::create_dir_all(u.path().join("c/mansuba")).unwrap();
    std::fs::create_dir(u.path().join("t")).unwrap();
    for f in ["", "p.toml", "t"] {
        std::os::unix::fs::chown(u.path().join(f), Some(uid), Some(gid)).unwrap();
    }
    let env = [
        ("XDG_CACHE_HOME", u.path().join("c")),
        ("TMPDIR", u.path().join("t")),
    ];
    let env: Vec<(&str, &Path)> = env.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let args = ["verify", "p.toml", "--timeout", "4"];
    let (_, out) = crate::common::mansuba_as_user(u.path(), &env, &args);
    assert!(out.contains("belongs to another user"), "{out}");
    assert!(out.contains("cooked") && out.contains(KEYS), "{out}");
    // Its own cache: made 0700, its own, used without a warning.
    std::fs::remove_dir(u.path().join("c/mansuba")).unwrap();
    std::os::unix::fs::chown(u.path().join("c"), Some(uid), Some(gid)).unwrap();
    let (_, out) = crate::common::mansuba_as_user(u.path(), &env, &args);
    assert!(!out.contains("warning") && out.contains(KEYS), "{out}");
    let m = std::fs::metadata(u.path().join("c/mansuba")).unwrap();
    assert_eq!((m.uid(), m.mode() & 0o777), (uid, 0o700));
}

#[test]
fn a_link_under_a_tables_name_is_replaced_not_written_through() {
    let d = setup();
    let victim = d.path().join("victim.txt");
    std::fs::write(&victim, "keep me\n").unwrap();
    // In the user's cache.
    let cache = d.path().join("c/mansuba");
    std::fs::create_dir(&cache).unwrap();
    std::os::unix::fs::symlink(&victim, cache.join("orthodox-KRK.mtb")).unwrap();
    let out = verify(d.path(), &[]);
    assert!(out.contains(KEYS), "{out}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    let m = std::fs::symlink_metadata(cache.join("orthodox-KRK.mtb")).unwrap();
    assert!(m.is_file(), "the link is replaced by the table");
    // In `tablebase build --dir`.
    let dir = d.path().join("tables");
    std::fs::create_dir(&dir).unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("orthodox-KK.mtb")).unwrap();
    build_krk(d.path(), "tables");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    assert!(std::fs::symlink_metadata(dir.join("orthodox-KK.mtb"))
        .unwrap()
        .is_file());
}

#[test]
fn a_link_under_a_shards_manifest_name_is_replaced_not_written_through() {
    let d = setup();
    let victim = d.path().join("victim.txt");
    std::fs::write(&victim, "keep me\n").unwrap();
    std::os::unix::fs::symlink(&victim, d.path().join("s-1.manifest.json")).unwrap();
    std::os::unix::fs::symlink(&victim, d.path().join("s-1.rows.jsonl")).unwrap();
    let (code, out) = run(
        d.path(),
        &[
            "verify",
            "p.toml",
            "--no-auto-tables",
            "--timeout",
            "1",
            "--shard",
            "0/1",
            "--csv",
            "s-1.csv",
        ],
    );
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "keep me\n",
        "{out}"
    );
    assert!(code == 0 || code == 1, "{code} {out}");
    for f in ["s-1.manifest.json", "s-1.rows.jsonl"] {
        assert!(
            std::fs::symlink_metadata(d.path().join(f))
                .unwrap()
                .is_file(),
            "{f}"
        );
    }
}

#[test]
fn a_table_that_fails_its_digest_is_rebuilt_in_the_cache_and_refused_from_tables() {
    let d = setup();
    let good = good_tables(d.path());
    let table = std::fs::read(good.join("orthodox-KRK.mtb")).unwrap();
    // One value changed without the digest: damaged.
    let mut damaged = forged(&table);
    let n = damaged.len();
    damaged[n - 1] ^= 1;
    // The old format's file: version 1 (its trailer a 64-bit checksum) is not read.
    let mut old = table[..table.len() - 32].to_vec();
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    old.extend_from_slice(&[0; 8]);
    let cache = d.path().join("c/mansuba");
    std::fs::create_dir(&cache).unwrap();
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o700)).unwrap();
    for bad in [&damaged, &old] {
        std::fs::write(cache.join("orthodox-KRK.mtb"), bad).unwrap();
        let out = verify(d.path(), &[]);
        assert!(out.contains("cooked") && out.contains(KEYS), "{out}");
        // Rebuilt: the cache holds the good table again.
        assert_eq!(
            std::fs::read(cache.join("orthodox-KRK.mtb")).unwrap(),
            table
        );
    }
    // Given with --tables: refused, never used (the search alone does not finish in
    // time), and left as it was.
    let said = "warning: table file good/orthodox-KRK.mtb";
    let twice = format!("{KRK}{}", KRK.replace("\"krk\"", "\"krk-again\""));
    std::fs::write(d.path().join("two.toml"), twice).unwrap();
    for bad in [&damaged, &old] {
        std::fs::write(good.join("orthodox-KRK.mtb"), bad).unwrap();
        let (_, out) = run(
            d.path(),
            &["verify", "two.toml", "--timeout", "4", "--tables", "good"],
        );
        assert!(out.contains("unknown") && !out.contains("unsound"), "{out}");
        // And said once, though both rows met it.
        assert!(out.contains("krk-again"), "{out}");
        assert_eq!(out.matches(said).count(), 1, "{out}");
        assert_eq!(&std::fs::read(good.join("orthodox-KRK.mtb")).unwrap(), bad);
    }
    // `solve` says it too.
    let (_, out) = run(
        d.path(),
        &["solve", "p.toml", "--timeout", "1", "--tables", "good"],
    );
    assert_eq!(out.matches(said).count(), 1, "{out}");
    let (_, out) = run(
        d.path(),
        &[
            "tablebase",
            "probe",
            "--rules",
            "orthodox",
            "--dir",
            "good",
            "8/8/8/4k3/8/8/8/K2R4 w - - 0 1",
        ],
    );
    assert!(out.contains("orthodox-KRK.mtb"), "{out}");
}

#[test]
fn an_output_onto_a_table_the_run_reads_is_refused() {
    let d = setup();
    let good = good_tables(d.path());
    let before = std::fs::read(good.join("orthodox-KRK.mtb")).unwrap();
    for (cmd, flag) in [("verify", "--csv"), ("export", "--csv")] {
        let (code, out) = run(
            d.path(),
            &[
                cmd,
                "p.toml",
                "--tables",
                "good",
                flag,
                "./good/../good/orthodox-KRK.mtb",
            ],
        );
        assert_eq!(code, 2, "{cmd}: {out}");
        assert!(out.contains("this is one of the inputs"), "{out}");
        assert_eq!(
            std::fs::read(good.join("orthodox-KRK.mtb")).unwrap(),
            before
        );
    }
}
