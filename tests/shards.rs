//! `verify --shard K/N` and `mansuba merge`: four shards of a collection merged give the
//! CSV, JSON and edition of one unsharded run (times and node counts aside); a missing,
//! doubled or foreign shard is refused with a message naming it.

use crate::common::{json_sans_times, mansuba_in as run};
use std::path::{Path, PathBuf};

/// A small collection in `dir/c`: fast problems of the bundled collection, composed
/// ones, and broken files (load errors must be sharded and merged too).
fn collection(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let c = dir.join("c");
    std::fs::create_dir_all(c.join("broken/rules")).unwrap();
    for f in [
        "problems/early-modern.toml",
        "examples/composed-problems.toml",
    ] {
        let p = root.join(f);
        std::fs::copy(&p, c.join(p.file_name().unwrap())).unwrap();
    }
    for e in std::fs::read_dir(root.join("tests/data/broken")).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, c.join("broken").join(p.file_name().unwrap())).unwrap();
        }
    }
    for e in std::fs::read_dir(root.join("tests/data/broken/rules")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, c.join("broken/rules").join(p.file_name().unwrap())).unwrap();
    }
    c
}

/// The CSV without its `nodes` and `millis` columns.
fn csv_sans_times(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .unwrap();
    let recs: Vec<Vec<String>> = r
        .records()
        .map(|x| x.unwrap().iter().map(String::from).collect())
        .collect();
    let h = recs[0].clone();
    let drop = |c: &str| h.iter().position(|x| x == c).unwrap();
    let (n, m) = (drop("nodes"), drop("millis"));
    recs.into_iter()
        .map(|r| {
            r.into_iter()
                .enumerate()
                .filter(|(i, _)| *i != n && *i != m)
                .map(|x| x.1)
                .collect()
        })
        .collect()
}

/// The edition with its times and node counts blanked.
fn html_sans_times(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    // Every run of digits (and the dots inside it) becomes `#`: the verdicts, moves and
    // text stay; only numbers are blanked.
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            while chars
                .peek()
                .is_some_and(|d| d.is_ascii_digit() || *d == '.')
            {
                chars.next();
            }
            out.push('#');
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn four_shards_merge_into_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    collection(d);
    let (code, one_json, _) = run(
        d,
        &["verify", "c", "--csv", "one.csv", "--json", "--html", "one"],
    );
    assert_eq!(code, 1, "the broken files give error rows (exit 1)");
    std::fs::create_dir(d.join("shards")).unwrap();
    for k in 0..4 {
        // The number of threads does not change which problems a shard holds.
        let threads = (1 + k % 2).to_string();
        let csv = format!("shards/v{k}.csv");
        let shard = format!("{k}/4");
        let args = [
            "verify",
            "c",
            "--shard",
            &shard,
            "--csv",
            &csv,
            "--threads",
            &threads,
        ];
        let (code, _, err) = run(d, &args);
        assert!(code <= 1, "shard {k}: {err}");
        assert!(d.join(format!("shards/v{k}.manifest.json")).is_file());
    }
    let (code, merged_json, err) = run(
        d,
        &[
            "merge", "shards", "--csv", "all.csv", "--json", "--html", "all",
        ],
    );
    assert_eq!(code, 1, "the same exit code as the one run: {err}");
    let one = csv_sans_times(&d.join("one.csv"));
    assert!(
        one.len() > 10,
        "a collection worth sharding: {} rows",
        one.len()
    );
    assert_eq!(one, csv_sans_times(&d.join("all.csv")));
    assert_eq!(json_sans_times(&one_json), json_sans_times(&merged_json));
    assert_eq!(
        html_sans_times(&d.join("one/index.html")),
        html_sans_times(&d.join("all/index.html"))
    );
    // The shards' own CSVs together hold every row once.
    let mut rows: Vec<Vec<String>> = (0..4)
        .flat_map(|k| csv_sans_times(&d.join(format!("shards/v{k}.csv"))).split_off(1))
        .collect();
    let mut whole = one[1..].to_vec();
    rows.sort();
    whole.sort();
    assert_eq!(rows, whole);
}

#[test]
fn missing_doubled_and_foreign_shards_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    collection(d);
    for k in 0..3 {
        let (csv, shard) = (format!("s{k}.csv"), format!("{k}/3"));
        let (code, _, err) = run(d, &["verify", "c/broken", "--shard", &shard, "--csv", &csv]);
        assert!(code <= 1, "{err}");
    }
    // One shard missing: named, with how to run it again.
    let (code, _, err) = run(d, &["merge", "s0.csv", "s2.csv", "--csv", "all.csv"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("1 of 3 shards missing: K = 1 of --shard K/3"),
        "{err}"
    );
    assert!(
        !d.join("all.csv").exists(),
        "nothing written after a refusal"
    );
    // The same shard twice (a copy in another directory).
    std::fs::create_dir(d.join("again")).unwrap();
    for f in ["s1.csv", "s1.manifest.json", "s1.rows.jsonl"] {
        std::fs::copy(d.join(f), d.join("again").join(f)).unwrap();
    }
    let (code, _, err) = run(d, &["merge", "s0.csv", "s1.csv", "s2.csv", "again"]);
    assert_eq!(code, 2);
    assert!(err.contains("shard 1/3 is given twice"), "{err}");
    // A shard of other inputs.
    std::fs::create_dir(d.join("other")).unwrap();
    let (code, _, err) = run(
        d,
        &[
            "verify",
            "c/early-modern.toml",
            "--shard",
            "1/3",
            "--csv",
            "other/s1.csv",
        ],
    );
    assert!(code <= 1, "{err}");
    let (code, _, err) = run(d, &["merge", "s0.csv", "other/s1.csv", "s2.csv"]);
    assert_eq!(code, 2);
    assert!(err.contains("not shards of one run"), "{err}");
    // A rows file changed after the manifest was written.
    let rows = d.join("s2.rows.jsonl");
    let text = std::fs::read_to_string(&rows).unwrap();
    std::fs::write(&rows, text.replace("broken", "brokem")).unwrap();
    let (code, _, err) = run(d, &["merge", "s0.csv", "s1.csv", "s2.csv"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("s2.rows.jsonl") && err.contains("rerun shard 2/3"),
        "{err}"
    );
    // A bad --shard is a usage error.
    let (code, _, err) = run(d, &["verify", "c", "--shard", "3/3", "--csv", "x.csv"]);
    assert_eq!(code, 2);
    assert!(err.contains("0 to 2"), "{err}");
}

/// The manifest is read strictly: a misspelt key, a missing one (even one whose value may
/// be null) and an unknown one are each refused with the file and the key, never read as
/// a default that changes the merge.
#[test]
fn a_manifest_with_a_misspelt_missing_or_unknown_key_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    collection(d);
    for k in 0..2 {
        let (csv, shard) = (format!("s{k}.csv"), format!("{k}/2"));
        let (code, _, err) = run(d, &["verify", "c/broken", "--shard", &shard, "--csv", &csv]);
        assert!(code <= 1, "{err}");
    }
    let (code, _, err) = run(d, &["merge", "s0.csv", "s1.csv", "--csv", "all.csv"]);
    assert!(code <= 1, "the shards as written merge: {err}");
    let manifest = d.join("s1.manifest.json");
    let good = std::fs::read_to_string(&manifest).unwrap();
    for (from, to, says) in [
        ("\"all_rules\"", "\"all_rule\"", "unknown field `all_rule`"),
        ("\"rules\": null,", "", "missing field `rules`"),
        (
            "\"warnings\"",
            "\"threads\": 2,\n  \"warnings\"",
            "unknown field `threads`",
        ),
        (
            "\"rows_digest\"",
            "\"rows_digests\"",
            "unknown field `rows_digests`",
        ),
    ] {
        assert!(good.contains(from), "{from} in {good}");
        std::fs::write(&manifest, good.replacen(from, to, 1)).unwrap();
        let (code, _, err) = run(d, &["merge", "s0.csv", "s1.csv", "--csv", "bad.csv"]);
        assert_eq!(code, 2, "{from} -> {to}: {err}");
        assert!(
            err.contains("s1.manifest.json") && err.contains(says),
            "{from} -> {to}: {err}"
        );
        assert!(
            !d.join("bad.csv").exists(),
            "nothing written after a refusal"
        );
    }
}

/// The merge writes the shards' letters: without `--letters` it takes theirs (verify's
/// default, historical), and a choice other than theirs is refused, naming both.
#[test]
fn merge_keeps_the_shards_letters() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    collection(d);
    for k in 0..2 {
        let (csv, shard) = (format!("m{k}.csv"), format!("{k}/2"));
        let args = [
            "verify",
            "c/early-modern.toml",
            "--shard",
            &shard,
            "--csv",
            &csv,
            "--letters",
            "modern",
        ];
        let (code, _, err) = run(d, &args);
        assert!(code <= 1, "{err}");
    }
    let (code, _, err) = run(
        d,
        &["merge", ".", "--html", "ed", "--letters", "historical"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--letters historical") && err.contains("with --letters modern"),
        "{err}"
    );
    assert!(!d.join("ed").exists());
    let (code, _, err) = run(d, &["merge", ".", "--html", "ed", "--letters", "modern"]);
    assert!(code <= 1, "{err}");
    assert!(d.join("ed/index.html").is_file());
}
