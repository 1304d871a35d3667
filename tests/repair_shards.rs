//! `repair --shard K/N` and `mansuba merge`: the shards of a repair, merged, print and
//! write what one unsharded `repair` does (the CSV byte for byte, the JSON and the text
//! with their times aside, the error lines and the exit code); a missing shard, a shard of
//! another question, a shard holding candidates outside its slice and a mix of verify and
//! repair shards are refused, and nothing is written then.

use crate::common::{json_sans_times, mansuba_in as run};
use std::path::Path;

/// One file of several problems to repair: the early-modern problems (one cooked, with a
/// claimed solution that the prefilter reads), the composed ones (one unsound, without a
/// claim cheap to read) and an entry that cannot be read (an error row).
fn problems(dir: &Path) -> &'static str {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = String::new();
    for f in [
        "problems/early-modern.toml",
        "examples/composed-problems.toml",
    ] {
        text.push_str(&std::fs::read_to_string(root.join(f)).unwrap());
        text.push('\n');
    }
    text.push_str(
        "[[problem]]\nid = \"nine-files\"\nrules = \"shatranj\"\nfen = \"8/8/9/8/8/8/8/k6K w - - 0 1\"\nstipulation = \"#2\"\n",
    );
    std::fs::write(dir.join("p.toml"), text).unwrap();
    "p.toml"
}

/// The text report with its times blanked.
fn text_sans_times(text: &str) -> String {
    text.lines()
        .map(|l| match l.find(", time ") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `repair FILE --shard K/N` for every K into `dir/out`, with alternating threads.
fn shards(d: &Path, file: &str, n: usize, extra: &[&str]) {
    std::fs::create_dir_all(d.join("out")).unwrap();
    for k in 0..n {
        let (shard, csv) = (format!("{k}/{n}"), format!("out/repair-{k}.csv"));
        let threads = (1 + k % 2).to_string();
        let mut args = vec!["repair", file, "--shard", &shard, "--csv", &csv];
        args.extend(["--threads", &threads, "--json"]);
        args.extend(extra);
        let (code, _, err) = run(d, &args);
        assert!(code <= 1, "shard {shard}: {err}");
        assert!(d.join(format!("out/repair-{k}.manifest.json")).is_file());
    }
}

#[test]
fn three_repair_shards_merge_into_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let file = problems(d);
    let (code, one_json, one_err) = run(d, &["repair", file, "--json", "--csv", "one.csv"]);
    assert_eq!(
        code, 1,
        "the unreadable entry is an error (exit 1): {one_err}"
    );
    let one = json_sans_times(&one_json);
    let repaired = |v: &serde_json::Value| v["repairs"].as_array().map_or(0, |r| r.len());
    assert!(
        one.iter().filter(|v| repaired(v) > 0).count() >= 2,
        "two problems with repairs: {one_json}"
    );
    shards(d, file, 3, &[]);
    let (code, merged_json, merged_err) = run(d, &["merge", "out", "--json", "--csv", "all.csv"]);
    assert_eq!(code, 1, "{merged_err}");
    let csv = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert!(csv("one.csv").lines().count() > 30, "{}", csv("one.csv"));
    assert_eq!(csv("one.csv"), csv("all.csv"), "the CSV, byte for byte");
    assert_eq!(one, json_sans_times(&merged_json));
    let errors = |e: &str| e.lines().filter(|l| l.starts_with("error:")).count();
    assert_eq!((errors(&one_err), errors(&merged_err)), (1, 1));
    assert!(merged_err.contains("nine-files"), "{merged_err}");
    // The text, times aside (and with the counts summed over the shards).
    let (_, one_text, _) = run(d, &["repair", file]);
    let (_, merged_text, _) = run(d, &["merge", "out/repair-2.csv", "out/repair-0.csv", "out"]);
    assert!(one_text.contains("searched    candidates"), "{one_text}");
    assert_eq!(text_sans_times(&one_text), text_sans_times(&merged_text));
}

#[test]
fn foreign_missing_and_mixed_repair_shards_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let file = problems(d);
    shards(d, file, 3, &["--id", "early-stamma-g-file"]);
    let merge = |args: &[&str]| {
        let mut a = vec!["merge"];
        a.extend(args);
        a.extend(["--csv", "all.csv"]);
        let (code, _, err) = run(d, &a);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            !d.join("all.csv").exists(),
            "nothing written after a refusal"
        );
        err
    };
    let err = merge(&["out/repair-0.csv", "out/repair-2.csv"]);
    assert!(
        err.contains("1 of 3 shards missing: K = 1 of --shard K/3"),
        "{err}"
    );
    // A shard of another question (another time limit).
    std::fs::create_dir(d.join("x")).unwrap();
    let (code, _, err) = run(
        d,
        &[
            "repair",
            file,
            "--id",
            "early-stamma-g-file",
            "--timeout-each",
            "9",
        ]
        .into_iter()
        .chain(["--shard", "1/3", "--csv", "x/repair-1.csv"])
        .collect::<Vec<_>>(),
    );
    assert_eq!(code, 0, "{err}");
    let err = merge(&["out/repair-0.csv", "x/repair-1.csv", "out/repair-2.csv"]);
    assert!(err.contains("what was asked differs"), "{err}");
    // Shard 1's rows presented as shard 0's: its repairs lie outside 0's slice.
    std::fs::create_dir(d.join("y")).unwrap();
    for f in ["repair-1.csv", "repair-1.rows.jsonl"] {
        std::fs::copy(d.join("out").join(f), d.join("y").join(f)).unwrap();
    }
    let m = std::fs::read_to_string(d.join("out/repair-1.manifest.json")).unwrap();
    let m = m.replace("\"k\": 1", "\"k\": 0");
    std::fs::write(d.join("y/repair-1.manifest.json"), m).unwrap();
    let err = merge(&["y/repair-1.csv", "out/repair-1.csv", "out/repair-2.csv"]);
    assert!(
        err.contains("outside shard 0/3's slice") && err.contains("early-stamma-g-file"),
        "{err}"
    );
    // A verify shard among repair shards.
    let (code, _, err) = run(
        d,
        &["verify", file, "--shard", "0/3", "--csv", "out/v-0.csv"],
    );
    assert!(code <= 1, "{err}");
    let err = merge(&["out"]);
    assert!(
        err.contains("a shard of repair") && err.contains("a shard of verify"),
        "{err}"
    );
    // Repair writes no edition.
    std::fs::remove_file(d.join("out/v-0.manifest.json")).unwrap();
    let err = merge(&["out", "--html", "ed"]);
    assert!(err.contains("--html") && err.contains("repair"), "{err}");
    // --shard needs a CSV file beside which the manifest goes.
    let (code, _, err) = run(d, &["repair", file, "--shard", "0/2", "--csv", "-"]);
    assert_eq!(code, 2);
    assert!(err.contains("--shard needs --csv FILE"), "{err}");
}
