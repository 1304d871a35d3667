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

#[test]
fn item9_a_claim_cut_short_is_unfinished() {
    // The manuscript's water wheel (#36, bundled): a time limit far below what the check
    // of its written line needs.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("out.csv");
    let file = format!("{}/problems/mansubat.toml", env!("CARGO_MANIFEST_DIR"));
    let csv_args = ["--timeout", "1", "--csv", csv.to_str().unwrap()];
    let (_, out, err) = run(&[&["verify", &file][..], &csv_args[..]].concat());
    let line = out
        .lines()
        .find(|l| l.contains(" water-wheel-ms "))
        .unwrap_or_else(|| panic!("{out}{err}"));
    assert!(line.contains("claim unfinished"), "{line}");
    let c = std::fs::read_to_string(&csv).unwrap();
    let row = c.lines().find(|l| l.contains("water-wheel-ms,")).unwrap();
    assert!(row.contains(",unfinished not finished"), "{row}");
    let solve = ["solve", &file, "--id", "water-wheel-ms", "--timeout", "1"];
    let (_, json, err) = run(&[&solve[..], &["--json"][..]].concat());
    assert!(
        json.contains("\"solution_check\":\"unfinished ")
            || json.contains("\"solution_check\": \"unfinished "),
        "{json}{err}"
    );
    let (_, text, _) = run(&solve);
    assert!(text.contains("unfinished"), "{text}");
}
