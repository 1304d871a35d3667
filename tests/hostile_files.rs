//! Issue 49, the user's files: no writer replaces one of its inputs, device nodes, FIFOs
//! and links given as outputs are written through, permissions are kept, a read-only
//! file is refused, an edition folder keeps what the user put there, a problem file
//! cannot read a file outside its folder, inputs that are not regular files are refused,
//! a merge refuses shards whose inputs changed, and SIGTERM leaves no temporaries. Every
//! test works on private copies in a temporary folder.

#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A mate in one (composed): 1.Rh8#.
const MATE: &str = r##"[[problem]]
id = "m1"
rules = "shatranj"
fen = "k7/8/1K4p1/8/8/8/8/7R w - - 0 1"
stipulation = "#1"
"##;

/// A problem no search finishes: with it among the inputs, a command that did its work
/// before refusing its output would run until the harness kills it.
const LONG: &str = r##"[[problem]]
id = "long"
rules = "shatranj"
fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
stipulation = "#200"
"##;

/// Runs mansuba in `dir`; killed (and the test failed) after 60 s.
fn run(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("mansuba {args:?} still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn folder() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Leftover temporaries in `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".mansuba-"))
        .collect()
}

#[test]
fn no_writer_replaces_its_own_input() {
    let d = folder();
    let dir = d.path();
    let p = dir.join("p.toml");
    std::fs::write(&p, format!("{MATE}\n{LONG}")).unwrap();
    std::os::unix::fs::symlink("p.toml", dir.join("link.toml")).unwrap();
    let inp = run(dir, &["export", "p.toml", "--popeye", "a.inp"]);
    assert_eq!(inp.status.code(), Some(0), "{}", text(&inp));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["verify", "p.toml", "--csv", "p.toml"], "p.toml"),
        (vec!["verify", ".", "--csv", "./link.toml"], "p.toml"),
        (vec!["export", "p.toml", "--csv", "p.toml"], "p.toml"),
        (vec!["export", "p.toml", "--pgn", "link.toml"], "p.toml"),
        (vec!["export", "p.toml", "--popeye", "p.toml"], "p.toml"),
        (vec!["import", "a.inp", "-o", "a.inp"], "a.inp"),
        (
            vec!["repair", "p.toml", "--id", "long", "--csv", "p.toml"],
            "p.toml",
        ),
        (
            vec!["diagram", "p.toml", "--id", "m1", "-o", "p.toml"],
            "p.toml",
        ),
    ];
    for (args, input) in cases {
        let before = std::fs::read(dir.join(input)).unwrap();
        let mut all = args.clone();
        all.extend(
            ["--timeout", "300"]
                .iter()
                .filter(|_| matches!(args[0], "verify" | "export" | "repair")),
        );
        let o = run(dir, &all);
        assert_eq!(o.status.code(), Some(2), "{all:?}: {}", text(&o));
        assert!(
            text(&o).contains("one of the inputs"),
            "{all:?}: {}",
            text(&o)
        );
        assert_eq!(std::fs::read(dir.join(input)).unwrap(), before, "{all:?}");
        assert!(temporaries(dir).is_empty(), "{all:?}");
    }
}

#[test]
fn merge_refuses_to_write_over_a_shard() {
    let d = folder();
    let dir = d.path();
    std::fs::write(dir.join("p.toml"), MATE).unwrap();
    std::fs::create_dir(dir.join("out")).unwrap();
    let o = run(
        dir,
        &["verify", "p.toml", "--shard", "0/1", "--csv", "out/v.csv"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    for shard_file in ["out/v.rows.jsonl", "out/v.manifest.json", "out/v.csv"] {
        let before = std::fs::read(dir.join(shard_file)).unwrap();
        let o = run(dir, &["merge", "out", "--csv", shard_file]);
        assert_eq!(o.status.code(), Some(2), "{shard_file}: {}", text(&o));
        assert!(text(&o).contains("one of the inputs"), "{}", text(&o));
        assert_eq!(std::fs::read(dir.join(shard_file)).unwrap(), before);
    }
    let o = run(dir, &["merge", "out", "--csv", "merged.csv"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

#[test]
fn merge_refuses_shards_whose_inputs_changed() {
    let d = folder();
    let dir = d.path();
    std::fs::write(dir.join("r.toml"), "preset = \"shatranj\"\n").unwrap();
    let with_rules = MATE.replace("rules = \"shatranj\"", "rules = \"r.toml\"");
    std::fs::write(dir.join("p.toml"), &with_rules).unwrap();
    let o = run(
        dir,
        &["verify", "p.toml", "--shard", "0/1", "--csv", "v.csv"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // The rules file the problem names changes: the merge names it.
    std::fs::write(dir.join("r.toml"), "preset = \"shatranj\"\n# edited\n").unwrap();
    let o = run(dir, &["merge", "v.manifest.json", "--csv", "m.csv"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("r.toml: changed since the shards ran"),
        "{}",
        text(&o)
    );
    std::fs::write(dir.join("r.toml"), "preset = \"shatranj\"\n").unwrap();
    // Now the problem file: a mate in one turned into a mate in three.
    std::fs::write(dir.join("p.toml"), with_rules.replace("#1", "#3")).unwrap();
    let o = run(dir, &["merge", "v.manifest.json", "--csv", "m.csv"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("p.toml: changed since the shards ran"),
        "{}",
        text(&o)
    );
    assert!(!dir.join("m.csv").exists());
    // As it was: the merge goes through.
    std::fs::write(dir.join("p.toml"), &with_rules).unwrap();
    let o = run(dir, &["merge", "v.manifest.json", "--csv", "m.csv"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// `diagram -o TARGET` of the shatranj array: 0 and the SVG's bytes, or the output.
fn draw(dir: &Path, target: &str) -> Output {
    run(dir, &["diagram", "--rules", "shatranj", "-o", target])
}

#[test]
fn device_nodes_fifos_and_links_are_written_through() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let d = folder();
    let dir = d.path();
    // A null device of our own, inside the temporary folder (never the machine's /dev).
    let node = dir.join("null");
    let st = Command::new("mknod")
        .args([node.to_str().unwrap(), "c", "1", "3"])
        .status()
        .unwrap();
    assert!(st.success(), "mknod needs root (CI runs as root)");
    assert_eq!(draw(dir, "null").status.code(), Some(0));
    assert!(std::fs::metadata(&node)
        .unwrap()
        .file_type()
        .is_char_device());
    // A FIFO receives the bytes and stays a FIFO.
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let f = fifo.clone();
        std::thread::spawn(move || std::fs::read(f).unwrap())
    };
    assert_eq!(draw(dir, "fifo").status.code(), Some(0));
    let got = reader.join().unwrap();
    assert!(
        got.starts_with(b"<svg") || got.starts_with(b"<?xml"),
        "{}",
        got.len()
    );
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    // A link: its target is written, the link stays a link.
    std::fs::write(dir.join("target.svg"), "old").unwrap();
    std::os::unix::fs::symlink("target.svg", dir.join("link.svg")).unwrap();
    assert_eq!(draw(dir, "link.svg").status.code(), Some(0));
    let link = std::fs::symlink_metadata(dir.join("link.svg")).unwrap();
    assert!(link.file_type().is_symlink());
    assert!(std::fs::read_to_string(dir.join("target.svg"))
        .unwrap()
        .contains("<svg"));
    // A private file stays private; a read-only one is refused and kept.
    let private = dir.join("private.svg");
    std::fs::write(&private, "old").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(draw(dir, "private.svg").status.code(), Some(0));
    let mode = std::fs::metadata(&private).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let ro = dir.join("ro.svg");
    std::fs::write(&ro, "old").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let o = draw(dir, "ro.svg");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&ro).unwrap(), "old");
    // A name near the file system's limit still has room for its temporary.
    let long = format!("{}.svg", "x".repeat(245));
    assert_eq!(draw(dir, &long).status.code(), Some(0));
    assert!(temporaries(dir).is_empty());
}

#[test]
fn an_edition_folder_keeps_what_the_user_put_there() {
    let d = folder();
    let dir = d.path();
    std::fs::write(dir.join("p.toml"), MATE).unwrap();
    let o = run(dir, &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // Written again over its own edition: fine.
    let o = run(dir, &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    std::fs::write(dir.join("ed/notes.txt"), "mine").unwrap();
    let o = run(dir, &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("notes.txt was not written by mansuba"),
        "{}",
        text(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("ed/notes.txt")).unwrap(),
        "mine"
    );
    assert!(dir.join("ed/index.html").exists());
}

#[test]
fn a_problem_file_reads_no_file_outside_its_folder() {
    let d = folder();
    let dir = d.path();
    let secret = "SECRET-LINE-7f3a = [";
    std::fs::write(dir.join("secret.toml"), secret).unwrap();
    std::fs::create_dir(dir.join("c")).unwrap();
    let abs = dir.join("secret.toml").display().to_string();
    let probs = format!(
        "{}\n{}",
        MATE.replace("shatranj", "../secret.toml"),
        MATE.replace("m1", "m2").replace("shatranj", &abs)
    );
    std::fs::write(dir.join("c/p.toml"), probs).unwrap();
    std::fs::write(
        dir.join("c/pieces.txt"),
        "Rules: ../secret.toml\nWhite: Kb6 Rh1\nBlack: Ka8 g6\nStipulation: #1\n",
    )
    .unwrap();
    let outputs = [
        run(
            dir,
            &["verify", "c/p.toml", "--csv", "out.csv", "--html", "ed"],
        ),
        run(dir, &["verify", "c", "--json"]),
        run(dir, &["import", "c/pieces.txt", "--format", "pieces"]),
        // Allowed by --rules-dir, the file is read, and still not quoted.
        run(
            dir,
            &[
                "verify",
                "c/p.toml",
                "--rules-dir",
                ".",
                "--csv",
                "out2.csv",
            ],
        ),
    ];
    for o in &outputs {
        assert!(!text(o).contains("SECRET"), "{}", text(o));
    }
    assert!(
        text(&outputs[0]).contains("outside the folder"),
        "{}",
        text(&outputs[0])
    );
    assert!(
        text(&outputs[2]).contains("outside the folder"),
        "{}",
        text(&outputs[2])
    );
    assert!(
        text(&outputs[3]).contains("line 1"),
        "{}",
        text(&outputs[3])
    );
    for f in ["out.csv", "ed/index.html", "out2.csv"] {
        let body = std::fs::read_to_string(dir.join(f)).unwrap();
        assert!(!body.contains("SECRET"), "{f}");
    }
}

#[test]
fn inputs_that_are_not_regular_files_are_refused() {
    let d = folder();
    let dir = d.path();
    assert!(Command::new("mkfifo")
        .arg(dir.join("q.toml"))
        .status()
        .unwrap()
        .success());
    std::fs::create_dir(dir.join("c")).unwrap();
    assert!(Command::new("mkfifo")
        .arg(dir.join("c/q.toml"))
        .status()
        .unwrap()
        .success());
    std::fs::write(dir.join("c/p.toml"), MATE).unwrap();
    let o = run(dir, &["verify", "q.toml"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("it is a FIFO"), "{}", text(&o));
    // In a folder: reported, and the rest of the batch is verified.
    let o = run(dir, &["verify", "c"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("it is a FIFO"), "{}", text(&o));
    assert!(text(&o).contains("m1"), "{}", text(&o));
    // A file larger than it may be under the memory budget is refused before it is read.
    let big = format!("{MATE}{}", "# padding\n".repeat(300_000));
    std::fs::write(dir.join("big.toml"), big).unwrap();
    let o = run(dir, &["verify", "big.toml", "--max-memory-gib", "0.001"]);
    assert!(
        text(&o).contains("more than a file read whole may take under the memory budget"),
        "{}",
        text(&o)
    );
}

/// Starts a long verify writing a CSV, sends `sig` once its temporary exists: the run must
/// end with `code` and leave neither the temporary nor the CSV.
fn signal_leaves_nothing(sig: i32, code: i32) {
    let d = folder();
    let dir = d.path();
    std::fs::write(dir.join("p.toml"), format!("{MATE}\n{LONG}")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(["verify", "p.toml", "--csv", "out.csv", "--timeout", "300"])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The CSV's temporary is made when the run starts.
    let start = Instant::now();
    while temporaries(dir).is_empty() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!temporaries(dir).is_empty(), "no temporary seen");
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(child.id() as i32, sig);
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(code));
    assert!(temporaries(dir).is_empty(), "{:?}", temporaries(dir));
    assert!(!dir.join("out.csv").exists());
}

#[test]
fn sigterm_leaves_no_temporary_behind() {
    signal_leaves_nothing(libc::SIGTERM, 143);
}

/// A closed terminal sends SIGHUP.
#[test]
fn a_closed_terminal_leaves_no_temporary_behind() {
    signal_leaves_nothing(libc::SIGHUP, 129);
}

/// The hostile review's findings on the policy: each refused before any work (the long
/// problem among the inputs would run for minutes), nothing written.
#[test]
fn refusals_come_before_the_work_and_write_nothing() {
    let d = folder();
    let dir = d.path();
    std::fs::write(dir.join("r.toml"), "preset = \"shatranj\"\n").unwrap();
    let slow = LONG.replace("rules = \"shatranj\"", "rules = \"r.toml\"");
    std::fs::write(dir.join("p.toml"), format!("{MATE}\n{slow}")).unwrap();
    std::fs::create_dir(dir.join("ed")).unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // A rules file a problem names is an input.
        (
            vec!["verify", "p.toml", "--csv", "r.toml"],
            "one of the inputs",
        ),
        (
            vec!["export", "p.toml", "--pgn", "a.pgn", "--csv", "./r.toml"],
            "one of the inputs",
        ),
        // Two outputs naming one file.
        (
            vec!["export", "p.toml", "--csv", "x.out", "--pgn", "x.out"],
            "name the same file",
        ),
        // A folder's name where a file is made.
        (
            vec!["verify", "p.toml", "--csv", "new.csv/"],
            "not a file name",
        ),
        (vec!["verify", "p.toml", "--html", "."], "not a folder name"),
        // The CSV inside the edition, which is replaced whole.
        (
            vec!["verify", "p.toml", "--csv", "ed/out.csv", "--html", "ed"],
            "inside the edition",
        ),
    ];
    for (args, says) in cases {
        let mut all = args.clone();
        all.extend(["--timeout", "300"]);
        let o = run(dir, &all);
        assert_eq!(o.status.code(), Some(2), "{all:?}: {}", text(&o));
        assert!(text(&o).contains(says), "{all:?}: {}", text(&o));
        for f in ["a.pgn", "x.out", "new.csv", "ed/out.csv"] {
            assert!(!dir.join(f).exists(), "{all:?} wrote {f}");
        }
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("r.toml")).unwrap(),
        "preset = \"shatranj\"\n"
    );
}

#[test]
fn an_edition_link_is_followed_and_shard_files_keep_the_policy() {
    use std::os::unix::fs::PermissionsExt;
    let d = folder();
    let dir = d.path();
    std::fs::write(dir.join("p.toml"), MATE).unwrap();
    std::fs::create_dir(dir.join("real")).unwrap();
    std::os::unix::fs::symlink("real", dir.join("ed")).unwrap();
    let o = run(dir, &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(std::fs::symlink_metadata(dir.join("ed"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(dir.join("real/index.html").is_file());
    // A read-only manifest beside a shard's CSV is refused before the run.
    std::fs::write(dir.join("s.manifest.json"), "{}").unwrap();
    let ro = std::fs::Permissions::from_mode(0o444);
    std::fs::set_permissions(dir.join("s.manifest.json"), ro).unwrap();
    let o = run(
        dir,
        &["verify", "p.toml", "--csv", "s.csv", "--shard", "0/1"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("read-only"), "{}", text(&o));
    assert!(!dir.join("s.csv").exists());
}

#[test]
fn merge_refuses_shards_whose_command_line_rules_changed() {
    let d = folder();
    let dir = d.path();
    std::fs::write(dir.join("p.toml"), MATE).unwrap();
    std::fs::write(dir.join("cli.toml"), "preset = \"shatranj\"\n").unwrap();
    let o = run(
        dir,
        &[
            "verify", "p.toml", "--rules", "cli.toml", "--csv", "v.csv", "--shard", "0/1",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = run(dir, &["merge", "v.manifest.json", "--csv", "cli.toml"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    std::fs::write(dir.join("cli.toml"), "preset = \"courier\"\n").unwrap();
    let o = run(dir, &["merge", "v.manifest.json", "--csv", "m.csv"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("cli.toml: changed since the shards ran"),
        "{}",
        text(&o)
    );
}

/// `-` reads standard input in every command that reads problems (and `diagram`), once.
#[test]
fn a_single_input_may_be_standard_input() {
    use std::io::Write;
    let d = folder();
    let cases = [
        (vec!["solve", "-"], "Rh8#"),
        (vec!["diagram", "-"], "<svg"),
        (vec!["verify", "-"], "1 result: sound 1"),
        (vec!["export", "-", "--csv", "-"], "m1,-,shatranj,main"),
        (vec!["export", "-", "--pgn", "-"], "[Event \"m1\"]"),
        (vec!["repair", "-"], "nothing to repair"),
        (vec!["concordance", "-"], "1 problems"),
        (vec!["verify", "-", "-"], "standard input is read once"),
    ];
    for (args, says) in cases {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
            .args(&args)
            .current_dir(d.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(MATE.as_bytes())
            .unwrap();
        let o = child.wait_with_output().unwrap();
        let code = if args == ["verify", "-", "-"] { 2 } else { 0 };
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
    }
}
