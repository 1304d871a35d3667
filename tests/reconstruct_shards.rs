//! `reconstruct --shard K/N` and `mansuba merge`: the shards of a reconstruction, merged,
//! print and write what one unsharded `reconstruct` does (the JSON and the text with
//! their times aside, the CSV byte for byte), with answers and when nothing fits (the
//! nearest fillings found again over the shards); shards of another question, a missing
//! shard and a problem file changed since the shards ran are refused.

use crate::common::{json_sans_times, mansuba_in as run};
use std::path::Path;

/// The collection's mansubat, copied into `dir`.
fn problems(dir: &Path) -> &'static str {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("problems/mansubat.toml"), dir.join("p.toml")).unwrap();
    "p.toml"
}

/// Runs `reconstruct` of abu-naim with `extra` as shard K of N for every K into `dir/out`.
fn shards(d: &Path, n: usize, extra: &[&str]) {
    std::fs::create_dir_all(d.join("out")).unwrap();
    for k in 0..n {
        let (shard, csv) = (format!("{k}/{n}"), format!("out/r-{k}.csv"));
        let mut args = vec!["reconstruct", "p.toml", "--id", "abu-naim"];
        args.extend(["--shard", &shard, "--csv", &csv, "--json"]);
        args.extend(extra);
        let (code, _, err) = run(d, &args);
        assert_eq!(code, 0, "shard {shard}: {err}");
        assert!(
            d.join(format!("out/r-{k}.manifest.json")).is_file(),
            "{err}"
        );
    }
}

/// The text report with its time blanked.
fn sans_time(text: &str) -> String {
    text.lines()
        .map(|l| l.find(", time ").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Shards of `extra`, merged, against one run: the JSON, the CSV and the text.
fn merged_equals_one_run(n: usize, extra: &[&str]) -> serde_json::Value {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    problems(d);
    let mut one = vec!["reconstruct", "p.toml", "--id", "abu-naim", "--json"];
    one.extend(["--csv", "one.csv"]);
    one.extend(extra);
    let (code, one_json, err) = run(d, &one);
    assert_eq!(code, 0, "{err}");
    shards(d, n, extra);
    let (code, merged_json, err) = run(d, &["merge", "out", "--json", "--csv", "all.csv"]);
    assert_eq!(code, 0, "{err}");
    let one_v = json_sans_times(&one_json);
    assert_eq!(one_v, json_sans_times(&merged_json));
    let csv = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert_eq!(csv("one.csv"), csv("all.csv"), "the CSV, byte for byte");
    let text: Vec<&str> = one[..4].iter().chain(extra).copied().collect();
    let (_, one_text, _) = run(d, &text);
    let (_, merged_text, _) = run(d, &["merge", "out/r-1.csv", "out"]);
    assert!(one_text.contains("fillings"), "{one_text}");
    assert_eq!(sans_time(&one_text), sans_time(&merged_text));
    one_v[0].clone()
}

#[test]
fn reconstruct_shards_merge_into_one_run() {
    // Answers, spread over three shards.
    let v = merged_equals_one_run(3, &["--unknown", "e1,d4"]);
    assert!(v["answers"].as_array().unwrap().len() >= 3, "{v}");
    assert!(v["counts"]["candidates"].as_u64().unwrap() >= 30, "{v}");
    // Nothing fits: the nearest fillings, over two shards.
    let v = merged_equals_one_run(2, &["--unknown", "e1,d4", "--kinds", "n"]);
    assert!(v["answers"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(v["nearest"].as_array().unwrap().len(), 5, "{v}");
}

#[test]
fn foreign_missing_and_stale_reconstruct_shards_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    problems(d);
    shards(d, 2, &["--unknown", "e1,d4"]);
    // A shard of another question (other squares) in place of shard 1.
    std::fs::create_dir_all(d.join("x")).unwrap();
    let other = [
        "reconstruct",
        "p.toml",
        "--id",
        "abu-naim",
        "--unknown",
        "e1",
    ];
    let (code, _, err) = run(
        d,
        &[&other[..], &["--shard", "1/2", "--csv", "x/r-1.csv"]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(d, &["merge", "out/r-0.csv", "x/r-1.csv", "--csv", "m.csv"]);
    assert_ne!(code, 0);
    assert!(err.contains("what was asked differs"), "{err}");
    assert!(out.is_empty() && !d.join("m.csv").exists());
    // A missing shard.
    let (code, _, err) = run(d, &["merge", "out/r-0.csv"]);
    assert_ne!(code, 0);
    assert!(err.contains("1 of 2 shards missing"), "{err}");
    // The problem file changed since the shards ran.
    let text = std::fs::read_to_string(d.join("p.toml")).unwrap();
    std::fs::write(d.join("p.toml"), text + "\n# changed\n").unwrap();
    let (code, _, err) = run(d, &["merge", "out"]);
    assert_ne!(code, 0);
    assert!(err.contains("p.toml"), "{err}");
}

/// Replaces shard 0's row by `edit` of it, its digest recomputed as a hand editor would
/// (the digest catches a damaged file, not an edit).
fn edited_shard_0(d: &Path, edit: impl Fn(&mut serde_json::Value)) {
    let rows = d.join("out/r-0.rows.jsonl");
    let mut row: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&rows).unwrap().trim()).unwrap();
    edit(&mut row);
    let text = format!("{row}\n");
    std::fs::write(&rows, &text).unwrap();
    let man = d.join("out/r-0.manifest.json");
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&man).unwrap()).unwrap();
    m["rows_digest"] = mansuba::files::digest::Digest::of(text.as_bytes()).into();
    std::fs::write(&man, m.to_string()).unwrap();
}

/// A hand-edited shard row is refused by the merge: impossible counts, and an answer
/// whose stored verdict contradicts its keys (both were merged as they were).
#[test]
fn hand_edited_reconstruct_rows_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    problems(d);
    shards(d, 2, &["--unknown", "e1,d4"]);
    let (code, _, err) = run(d, &["merge", "out"]);
    assert_eq!(code, 0, "the shards as written merge: {err}");
    let saved = std::fs::read(d.join("out/r-0.rows.jsonl")).unwrap();
    let saved_m = std::fs::read(d.join("out/r-0.manifest.json")).unwrap();
    edited_shard_0(d, |r| {
        let s = r["result"]["counts"]["solved"].as_u64().unwrap();
        r["result"]["counts"]["solved"] = (s + 1000).into();
    });
    let (code, out, err) = run(d, &["merge", "out", "--csv", "m.csv"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("shard 0/2: impossible counts"), "{err}");
    assert!(out.is_empty() && !d.join("m.csv").exists());
    std::fs::write(d.join("out/r-0.rows.jsonl"), &saved).unwrap();
    std::fs::write(d.join("out/r-0.manifest.json"), &saved_m).unwrap();
    edited_shard_0(d, |r| {
        let answers = r["result"]["answers"].as_array_mut().unwrap();
        assert!(!answers.is_empty(), "shard 0 holds an answer");
        answers[0]["keys"] = serde_json::json!(["Nh5+", "Re6+"]);
    });
    let (code, _, err) = run(d, &["merge", "out"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("with 2 key(s)") && err.contains("which no run gives"),
        "{err}"
    );
}
