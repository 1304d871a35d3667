//! Output that tools can take: `--csv -` with `--json` is refused, JSON lines stream as
//! problems finish, the CSV's byte-order mark, `solve` on a directory or a file it cannot
//! read is a usage error.

use crate::common;
use assert_cmd::Command;
use std::io::BufRead as _;
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::cargo_bin("mansuba").expect("the mansuba binary")
}

/// A composed quick #2 with a Cyrillic and accented source, then (optionally) a slow
/// problem: Dilaram's Legacy's position (#8 takes seconds).
fn problems(slow: bool) -> String {
    let mut s = String::from(
        r##"[[problem]]
id = "quick"
source = "composed for mansuba's tests: Мат Диларам, échecs"
rules = "shatranj"
fen = "8/8/p7/8/Q7/k1K5/7R/8 w - - 0 1"
stipulation = "#2"
"##,
    );
    if slow {
        s.push_str(
            r##"
[[problem]]
id = "slow"
source = "the position of 'Dilaram's Legacy' (problems/mansubat.toml), as a slow search"
rules = "shatranj"
fen = "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1"
stipulation = "#8"
"##,
        );
    }
    s
}

#[test]
fn csv_to_stdout_with_json_is_refused() {
    let out = bin()
        .args(["verify", "tests/data/good", "--json", "--csv", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--csv -") && err.contains("--json"), "{err}");
}

#[test]
fn json_lines_stream_before_the_batch_ends() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.toml");
    std::fs::write(&file, problems(true)).unwrap();
    let exe = assert_cmd::cargo::cargo_bin("mansuba");
    let t0 = Instant::now();
    let mut child = std::process::Command::new(exe)
        .args(["verify", "--json", "--timeout", "4", "--threads", "2"])
        .arg(&file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let at = t0.elapsed();
    let running = child.try_wait().unwrap().is_none();
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(v["id"], "quick");
    assert!(
        running && at < Duration::from_secs(3),
        "the first line came after {at:?}, when the batch had {}ended",
        if running { "not " } else { "" }
    );
    let mut second = String::new();
    out.read_line(&mut second).unwrap();
    let v: serde_json::Value = serde_json::from_str(&second).unwrap();
    assert_eq!(v["id"], "slow");
    child.wait().unwrap();
}

#[test]
fn the_csv_byte_order_mark_is_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.toml");
    std::fs::write(&file, problems(false)).unwrap();
    for (bom, extra) in [(false, &[][..]), (true, &["--bom"][..])] {
        let csv = dir.path().join("out.csv");
        let out = bin()
            .arg("verify")
            .arg(&file)
            .arg("--csv")
            .arg(&csv)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let bytes = std::fs::read(&csv).unwrap();
        assert_eq!(bytes.starts_with(&[0xEF, 0xBB, 0xBF]), bom);
        let text = String::from_utf8(bytes).unwrap();
        let body = text.trim_start_matches('\u{feff}');
        assert!(body.starts_with("id,file,"));
        assert!(body.contains("Мат Диларам, échecs"));

        let exp = dir.path().join("lines.csv");
        let out = bin()
            .arg("export")
            .arg(&file)
            .arg("--csv")
            .arg(&exp)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            std::fs::read(&exp)
                .unwrap()
                .starts_with(&[0xEF, 0xBB, 0xBF]),
            bom
        );
    }
    // --bom without a CSV is a usage error.
    bin().arg("verify").arg(&file).arg("--bom").assert().code(2);
}

#[test]
fn solve_on_a_directory_or_an_unreadable_file_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("latin1.toml");
    std::fs::write(&bad, b"[[problem]]\nid = \"\xe9checs\"\n").unwrap();
    for path in [dir.path().to_path_buf(), bad, dir.path().join("none.toml")] {
        let out = bin().arg("solve").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", path.display());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{err}");
        assert!(out.stdout.is_empty());
    }
}

/// `--refutations N` counts at most N holding defences against each try: the default
/// two name one and say "and others", more name more, 0 gives no refutation, and 1
/// (which could not tell a try refuted once from one held more) is refused.
#[test]
fn refutations_sets_how_many_holding_defences_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.toml");
    // Composed by benches/popeye/generate.py (english-1650, seed 1, position 8): no mate
    // in 4; every try is held by six defences or more.
    std::fs::write(
        &file,
        "[[problem]]\nid = \"n4\"\nrules = \"english-1650\"\n\
         fen = \"2N1Q3/P2N2Kp/2q1pp2/p3p3/3q3P/5k2/P4q2/8 w - - 0 1\"\nstipulation = \"#4\"\n",
    )
    .unwrap();
    let refutation = |extra: &[&str]| {
        let out = bin()
            .args(["solve", "--json", "--threads", "1", "--notation", "coord"])
            .arg(&file)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["verdict"], "unsound");
        v["refutation"].as_str().map(str::to_string)
    };
    let held = |r: &str| {
        let list = r.split_once("also held by ").unwrap().1;
        list.trim_end_matches(')')
            .trim_end_matches(", and others")
            .split(' ')
            .count()
    };
    // The default share counts only a part of this verdict's tries (the row names
    // `strongest_try` among what it left out); a share as large as the verdict counts them.
    assert!(refutation(&[]).is_some());
    let two = refutation(&["--extras", "1"]).unwrap();
    assert!(two.ends_with(", and others)") && held(&two) == 1, "{two}");
    // Six a try cost more than the extras' default share of this verdict: given room.
    let six = refutation(&["--refutations", "6", "--extras", "100"]).unwrap();
    assert!(held(&six) == 5, "{six}");
    assert_eq!(refutation(&["--refutations", "0"]), None);
    let out = bin()
        .args(["solve", "--refutations", "1"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--refutations"));
}

/// A side to play with no legal move has nothing to refute: the CSV and JSON say "no legal
/// move" in the refutation field, the text says so in words (not as a line of moves), and
/// the PGN export has no refutation to replay (it used to fail on it).
#[test]
fn no_legal_move_is_said_not_played_as_a_refutation() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("stuck.toml");
    std::fs::write(
        &file,
        r##"[[problem]]
id = "stuck"
source = "composed for mansuba's tests: White stalemated by the queen"
rules = "orthodox"
fen = "k7/8/8/8/8/1q6/8/K7 w - - 0 1"
stipulation = "#1"
"##,
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (code, out, _) = common::mansuba(&["solve", f]);
    assert_eq!(code, 0);
    assert!(out.contains("verdict     unsound"), "{out}");
    assert!(
        out.contains("refutation  none: the side to play has no legal move"),
        "{out}"
    );
    let (_, json, _) = common::mansuba(&["solve", f, "--json"]);
    let row: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(row["refutation"], "no legal move");
    let csv = dir.path().join("rows.csv");
    common::mansuba(&["verify", f, "--csv", csv.to_str().unwrap()]);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        text.lines().nth(1).unwrap().contains(",no legal move,"),
        "{text}"
    );
    let pgn = dir.path().join("out.pgn");
    let (code, _, err) = common::mansuba(&["export", f, "--pgn", pgn.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("does not replay"), "{err}");
}
