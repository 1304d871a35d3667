//! Issue 25, items 7 to 15: the answers say exactly what happened (exit codes, the
//! summary's failing solutions, `unfinished` claims, rules files that read back, the
//! notation flag, FEN error places, rule knobs in a problem file, one letter convention,
//! and the small edges). Inputs live in tests/hostile/ (names prefixed `re-`).

use assert_cmd::Command;

fn bin() -> Command {
    Command::cargo_bin("mansuba").expect("the mansuba binary")
}

fn hostile(name: &str) -> String {
    format!("{}/tests/hostile/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary; exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn item7_exit_codes() {
    // A failed claim without an `expect`, and an unmet `expect`: 1 for verify and solve.
    for f in ["re-claim-fails.toml", "re-expect-unmet.toml"] {
        for cmd in ["verify", "solve"] {
            let (code, out, err) = run(&[cmd, &hostile(f)]);
            assert_eq!(code, 1, "{cmd} {f}: {out}{err}");
        }
    }
    // A failed claim the problem expects (`expect = "claim-wrong"`)
    // and sound problems: 0.
    let (code, out, err) = run(&["verify", &hostile("re-expected-failure.toml")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("claim incomplete"), "{out}");
}

#[test]
fn item8_summary_lists_failing_solutions_whatever_the_verdict() {
    let (code, out, err) = run(&["verify", &hostile("re-unsound-illegal.toml")]);
    assert_eq!(code, 0, "the expect is met: {out}{err}");
    assert!(out.starts_with("unsound"), "{out}");
    let tail = out
        .split("solutions that fail:")
        .nth(1)
        .unwrap_or_else(|| panic!("no 'solutions that fail' in {out}"));
    assert!(
        tail.contains("problem 'unsound-illegal'") && tail.contains("illegal"),
        "{out}"
    );
}
