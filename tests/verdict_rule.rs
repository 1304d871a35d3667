//! Issue 43: the verdict rule is written once, so `verify` and `repair` call a problem the
//! same thing, here a problem that is both cooked and wrongly claimed (docs/verify.md,
//! "Verdicts": cooked comes before claim-wrong).

use std::process::Command;

/// Composed: Black's king on a8, White's king on b6 and rooks on g2 and h1. 1.Rg8# and
/// 1.Rh8# both mate (two keys); the claim 1.Rh7 does not mate (incomplete).
const COOKED_AND_CLAIM_WRONG: &str = r##"[[problem]]
id = "both"
rules = "shatranj"
fen = "k7/8/1Kp5/8/8/8/6R1/7R w - - 0 1"
stipulation = "#1"
solution = "1.Rh7"
"##;

fn json_of(args: &[&str], dir: &std::path::Path) -> serde_json::Value {
    let o = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let line = out.lines().find(|l| l.starts_with('{')).unwrap_or_else(|| {
        panic!(
            "{args:?}: no JSON: {out}{}",
            String::from_utf8_lossy(&o.stderr)
        )
    });
    serde_json::from_str(line).unwrap()
}

#[test]
fn verify_and_repair_agree_on_a_cooked_problem_whose_claim_is_wrong() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("p.toml"), COOKED_AND_CLAIM_WRONG).unwrap();
    let v = json_of(&["verify", "p.toml", "--json"], d.path());
    assert_eq!(v["verdict"], "cooked", "{v}");
    assert_eq!(v["claim"]["status"], "incomplete", "{v}");
    let r = json_of(&["repair", "p.toml", "--json", "--timeout", "30"], d.path());
    assert_eq!(r["original"]["verdict"], "cooked", "{r}");
}
