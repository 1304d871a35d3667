//! Folder walks that stay where they were sent: each problem
//! file is read once by identity, links looping back or into a folder already walked
//! add nothing, a link leading outside the folder given is refused (unless
//! `--follow-links`), and Ctrl-C stops a walk. Each test works on private copies in a
//! temporary folder.

#![cfg(target_os = "linux")]

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{both_streams as text, run_in as run};

/// A mate in one (composed): 1.Rh8#.
fn mate(id: &str) -> String {
    format!(
        "[[problem]]\nid = \"{id}\"\nrules = \"shatranj\"\nfen = \"k7/8/1K4p1/8/8/8/8/7R w - - 0 1\"\nstipulation = \"#1\"\n"
    )
}

/// The ids of the JSON lines `verify --json` printed.
fn ids(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["id"].as_str().unwrap().to_string()
        })
        .collect()
}

/// A collection `col` of two problems (one in a subfolder) and, beside it, a folder
/// `out` holding a problem that is not the collection's.
fn collection(dir: &Path) {
    std::fs::create_dir_all(dir.join("col/sub")).unwrap();
    std::fs::create_dir(dir.join("out")).unwrap();
    std::fs::write(dir.join("col/a.toml"), mate("a")).unwrap();
    std::fs::write(dir.join("col/sub/b.toml"), mate("b")).unwrap();
    std::fs::write(dir.join("out/secret.toml"), mate("secret")).unwrap();
}

#[test]
fn each_file_once_and_no_folder_twice_whatever_the_links() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    collection(dir);
    // Loops back to the folder and above it, a second way into the subfolder, a second
    // name for a file.
    symlink(".", dir.join("col/same")).unwrap();
    symlink(".", dir.join("col/again")).unwrap();
    symlink("..", dir.join("col/sub/up")).unwrap();
    symlink("sub", dir.join("col/alias")).unwrap();
    symlink("a.toml", dir.join("col/c.toml")).unwrap();
    let start = Instant::now();
    let o = run(dir, &["verify", "col", "--json"]);
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(ids(&o), ["a", "b"], "{}", text(&o));
    // One file spelt twice on the command line, and as part of its folder.
    let o = run(
        dir,
        &["verify", "col/a.toml", "./col/a.toml", "col", "--json"],
    );
    assert_eq!(ids(&o), ["a", "b"], "{}", text(&o));
    let o = run(dir, &["concordance", "col", "col/sub"]);
    assert!(text(&o).contains("2 problems"), "{}", text(&o));
}

#[test]
fn a_link_leading_outside_the_folder_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    collection(dir);
    symlink("../out/secret.toml", dir.join("col/s.toml")).unwrap();
    for cmd in ["verify", "concordance", "export"] {
        let mut args = vec![cmd, "col"];
        if cmd == "export" {
            args.extend(["--csv", "x.csv"]);
        }
        let o = run(dir, &args);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {}", text(&o));
        let t = text(&o);
        assert!(
            t.contains("col/s.toml") && t.contains("outside the folder col"),
            "{t}"
        );
        assert!(
            t.contains("--follow-links") && !t.contains("secret\""),
            "{t}"
        );
    }
    assert!(!dir.join("x.csv").exists());
    // A link to a folder outside, likewise; --follow-links allows both.
    std::fs::remove_file(dir.join("col/s.toml")).unwrap();
    symlink("../out", dir.join("col/o")).unwrap();
    let o = run(dir, &["verify", "col", "--json"]);
    assert!(
        text(&o).contains("col/o: a link leading outside"),
        "{}",
        text(&o)
    );
    symlink("../out/secret.toml", dir.join("col/s.toml")).unwrap();
    let o = run(dir, &["verify", "col", "--json", "--follow-links"]);
    assert_eq!(ids(&o), ["a", "secret", "b"], "{}", text(&o));
}

#[test]
fn ctrl_c_stops_a_long_walk() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("big");
    // A wide tree: long enough to walk that the interrupt comes during the walk.
    for i in 0..400 {
        for j in 0..100 {
            std::fs::create_dir_all(dir.join(format!("{i}/{j}"))).unwrap();
        }
    }
    let args = ["verify", "big"];
    let start = Instant::now();
    let o = run(d.path(), &args);
    let whole = start.elapsed();
    assert!(text(&o).contains("no problem files"), "{}", text(&o));
    if whole < Duration::from_millis(800) {
        println!("skipped: the walk took {whole:?}, too short to interrupt reliably");
        return;
    }
    let child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(args)
        .current_dir(d.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(whole / 4);
    // SAFETY: kill with a valid pid and signal.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    assert!(
        text(&o).contains("interrupted while reading the folders"),
        "{}",
        text(&o)
    );
}

/// The walk counts what it keeps (each file's path, each folder) against a quarter of the
/// memory budget: 4,000 problem files under the least budget, 1 MiB (`--max-memory-gib
/// 0.0001` is raised to it; a quarter is 256 KiB, their paths and folders take about
/// 360 KB), are refused before any is read, with the count; under the default budget they
/// are all found.
#[test]
fn a_walk_too_large_for_the_budget_is_refused_before_reading() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("many");
    for i in 0..40 {
        std::fs::create_dir_all(dir.join(format!("{i}"))).unwrap();
        for j in 0..100 {
            std::fs::write(dir.join(format!("{i}/problem-{j}.toml")), "").unwrap();
        }
    }
    let o = run(d.path(), &["verify", "many", "--max-memory-gib", "0.0001"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("the folders name more than the memory budget allows")
            && text(&o).contains("raise --max-memory-gib"),
        "{}",
        text(&o)
    );
    let o = run(d.path(), &["verify", "many", "--csv", "out.csv"]);
    assert!(!text(&o).contains("memory budget"), "{}", text(&o));
    let csv = std::fs::read_to_string(d.path().join("out.csv")).unwrap();
    assert_eq!(csv.lines().count(), 4001, "{}", text(&o));
}
