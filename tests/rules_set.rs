//! Every command takes a problem's rules the one way: `rules` with its `rules_set` knobs.
//! The problems of `tests/data/rules-set-knobs.toml` are sound under plain shatranj and
//! unsound under the knob each turns (stalemate a draw, no bare-king win, compulsory
//! capture); verify, solve, export, repair, reconstruct, concordance, diagram, the
//! edition and the merge of shards must all say so, and all say "sound" once the knobs
//! are taken out.

use super::common::mansuba_in;
use std::collections::BTreeMap;
use std::path::Path;

const IDS: [&str; 4] = [
    "stalemate-draw",
    "bare-king-off",
    "forced-capture",
    "forced-capture-mirrored",
];

/// The knobs' file and the same problems without their knobs, in a private folder.
fn files() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("tests/data/rules-set-knobs.toml").unwrap();
    std::fs::write(dir.path().join("knobs.toml"), &text).unwrap();
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with("rules_set"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.path().join("plain.toml"), plain).unwrap();
    dir
}

/// Runs mansuba in `dir`; its standard output, the exit code checked against `ok`.
fn run(dir: &Path, args: &[&str], ok: &[i32]) -> String {
    let (code, out, err) = mansuba_in(dir, args);
    assert!(ok.contains(&code), "{args:?}: exit {code}\n{out}\n{err}");
    out
}

/// The verdict column of a verify CSV, by id.
fn csv_verdicts(path: &Path) -> BTreeMap<String, String> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let h = r.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|x| x == name).unwrap();
    let (id, verdict) = (col("id"), col("verdict"));
    r.records()
        .map(|x| {
            let x = x.unwrap();
            (x[id].to_string(), x[verdict].to_string())
        })
        .collect()
}

/// `verify`, then `merge` of two shards, each by id.
fn verify_and_merge(dir: &Path, file: &str) -> [BTreeMap<String, String>; 2] {
    let csv = format!("{file}-verify.csv");
    run(
        dir,
        &["verify", file, "--no-auto-tables", "--csv", &csv],
        &[0],
    );
    let shards = dir.join(format!("{file}-shards"));
    std::fs::create_dir(&shards).unwrap();
    for k in ["0/2", "1/2"] {
        let out = format!("{file}-shards/v-{}.csv", &k[..1]);
        let args = [
            "verify",
            file,
            "--no-auto-tables",
            "--shard",
            k,
            "--csv",
            &out,
        ];
        run(dir, &args, &[0]);
    }
    let merged = format!("{file}-merged.csv");
    let shards = shards.display().to_string();
    run(dir, &["merge", &shards, "--csv", &merged], &[0]);
    [
        csv_verdicts(&dir.join(csv)),
        csv_verdicts(&dir.join(merged)),
    ]
}

/// The verdict `solve` prints for one problem.
fn solve_verdict(dir: &Path, file: &str, id: &str) -> String {
    let out = run(
        dir,
        &["solve", file, "--id", id, "--no-auto-tables"],
        &[0, 1],
    );
    let line = out.lines().find(|l| l.starts_with("verdict ")).unwrap();
    line["verdict".len()..].trim().to_string()
}

/// The original's verdict of `repair --json`.
fn repair_verdict(dir: &Path, file: &str, id: &str) -> String {
    let out = run(dir, &["repair", file, "--id", id, "--json"], &[0, 1]);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    v["original"]["verdict"].as_str().unwrap().to_string()
}

/// The kinds of line `export` writes for each problem (a sound one has a `main` line).
fn export_sound(dir: &Path, file: &str) -> BTreeMap<String, String> {
    let csv = format!("{file}-export.csv");
    run(
        dir,
        &["export", file, "--no-auto-tables", "--csv", &csv],
        &[0, 1],
    );
    let mut r = csv::Reader::from_path(dir.join(csv)).unwrap();
    let mut sound: BTreeMap<String, String> = IDS
        .iter()
        .map(|i| (i.to_string(), "unsound".into()))
        .collect();
    for rec in r.records() {
        let rec = rec.unwrap();
        if &rec[3] == "main" {
            sound.insert(rec[0].to_string(), "sound".into());
        }
    }
    sound
}

/// The verdicts of the concordance's one group (the two forced-capture problems).
fn concordance_verdicts(dir: &Path, file: &str) -> Vec<String> {
    let out = run(dir, &["concordance", file, "--json"], &[0, 1]);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let members = v["members"].as_array().unwrap();
    members
        .iter()
        .map(|m| m["verdict"].as_str().unwrap().to_string())
        .collect()
}

/// Whether `reconstruct` finds the position as written (its one empty filling) sound.
fn reconstruct_sound(dir: &Path, file: &str) -> bool {
    let args = [
        "reconstruct",
        file,
        "--id",
        "forced-capture",
        "--unknown",
        "b5",
        "--kinds",
        "n",
        "--json",
    ];
    let out = run(dir, &args, &[0, 1]);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let answers = v["answers"].as_array().unwrap();
    answers.iter().any(|a| a["filling"][0] == "b5 empty")
}

/// The verdict words the edition's page shows (each problem's badge).
fn edition_verdicts(dir: &Path, file: &str) -> Vec<String> {
    let html = format!("{file}-edition");
    run(
        dir,
        &["verify", file, "--no-auto-tables", "--html", &html],
        &[0],
    );
    let page = std::fs::read_to_string(dir.join(html).join("index.html")).unwrap();
    ["sound", "unsound"]
        .iter()
        .filter(|w| page.contains(&format!("class=\"verdict v-{w}\"")))
        .map(|w| w.to_string())
        .collect()
}

#[test]
fn every_command_judges_a_problem_under_its_rules_set() {
    let dir = files();
    let d = dir.path();
    for (file, want) in [("knobs.toml", "unsound"), ("plain.toml", "sound")] {
        let all: BTreeMap<String, String> =
            IDS.iter().map(|i| (i.to_string(), want.into())).collect();
        let [verified, merged] = verify_and_merge(d, file);
        assert_eq!(verified, all, "verify {file}");
        assert_eq!(merged, all, "merge {file}");
        assert_eq!(export_sound(d, file), all, "export {file}");
        for id in IDS {
            assert_eq!(solve_verdict(d, file, id), want, "solve {file} {id}");
            assert_eq!(repair_verdict(d, file, id), want, "repair {file} {id}");
        }
        assert_eq!(concordance_verdicts(d, file), [want, want], "{file}");
        assert_eq!(reconstruct_sound(d, file), want == "sound", "{file}");
        assert_eq!(edition_verdicts(d, file), [want], "edition {file}");
    }
    // The diagram plays a move only if the problem's own rules allow it: with compulsory
    // capture, 1.Ra8 is not a legal move while Kxe2 is on.
    let after = [
        "diagram",
        "--id",
        "forced-capture",
        "--after",
        "Ra8",
        "--as-fen",
    ];
    let (code, _, err) = mansuba_in(d, &[&after[..1], &["knobs.toml"], &after[1..]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("capture is compulsory"), "{err}");
    let out = run(
        d,
        &[&after[..1], &["plain.toml"], &after[1..]].concat(),
        &[0],
    );
    assert_eq!(out.trim(), "R6k/6pp/8/8/8/8/4n3/3K4 b - - 1 1");
}
