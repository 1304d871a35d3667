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
