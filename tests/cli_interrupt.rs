//! Ctrl-C during `solve`: the search stops cleanly and what was proven is still reported.

#![cfg(target_os = "linux")]

use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn an_interrupted_solve_reports_what_it_proved() {
    // The water wheel without continual check: the claim line is proven in milliseconds,
    // the search for other keys would run for the whole (long) limit.
    let child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args([
            "solve",
            "problems/mansubat.toml",
            "--id",
            "water-wheel",
            "--timeout",
            "600",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(text.contains("claim       ok"), "{text}");
    assert!(text.contains("limit       cancelled"), "{text}");
}

/// A batch of quick problems: the first Ctrl-C stops handing out work at once. Every
/// problem before it keeps its verdict, the rows already read are `not run`, the rest is
/// not read; the exit code is 130. (Before, each mate in one was still solved: a search
/// only looks at the flag every 1,024 positions, and a mate in one needs fewer.)
#[test]
fn the_first_ctrl_c_stops_a_batch_of_quick_problems() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.toml");
    let mut w = std::io::BufWriter::new(std::fs::File::create(&file).unwrap());
    let n = 100_000;
    for k in 0..n {
        writeln!(
            w,
            "[[problem]]\nid = \"t{k}\"\nrules = \"shatranj\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\nstipulation = \"#1\"\n"
        )
        .unwrap();
    }
    drop(w);
    let mut child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(["verify", "--json", "--threads", "2"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut rows = vec![];
    // The signal goes once the run is surely under way (some rows streamed).
    for l in lines.by_ref().take(50) {
        rows.push(l.unwrap());
    }
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    rows.extend(lines.map(Result::unwrap));
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    // Rows keep the file's order and every row is a verdict or `not run`; far fewer
    // than the batch were written (a bound, not a time: the signal came after 50 rows).
    assert!(
        rows.len() >= 50 && rows.len() < n / 2,
        "{} rows",
        rows.len()
    );
    for (k, r) in rows.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(r).unwrap();
        assert_eq!(v["id"], format!("t{k}"), "{r}");
        let limit = v["limit_hit"].as_str();
        assert!(
            v["verdict"] == "sound" || limit == Some("not run (interrupted)"),
            "{r}"
        );
    }
    assert!(err.contains("read and not run"), "{err}");
}
