//! `verify --all-rules`: each problem under every rule set side by side, its men carried
//! over by identity (a ferz stays a ferz), the rule sets it cannot go to skipped with a
//! reason; the same cells in the text grid, the JSON, the CSV and the edition.
//!
//! The problems are composed mates in one or two (tests/data/good/composed.toml,
//! tests/data/all_rules/mixed.toml), so the whole file runs in well under a second.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const PRESETS: usize = mansuba::board::presets::PRESETS.len();

fn bin() -> Command {
    Command::cargo_bin("mansuba").expect("the mansuba binary")
}

/// `verify PATH --all-rules` with more arguments; it must succeed.
fn verify_all<I: AsRef<std::ffi::OsStr>>(path: &str, extra: &[I]) -> std::process::Output {
    let out = bin()
        .args(["verify", path, "--all-rules", "--timeout", "20"])
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    out
}

/// One JSON object per problem, as `verify --all-rules --json` prints them.
fn grid_json(path: &str) -> Vec<Value> {
    let out = verify_all(path, &["--json"]);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn problem<'a>(objs: &'a [Value], id: &str) -> &'a Value {
    objs.iter()
        .find(|o| o["id"] == id)
        .unwrap_or_else(|| panic!("no object for {id}"))
}

fn cell<'a>(o: &'a Value, rules: &str) -> &'a Value {
    o["presets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["rules"] == rules)
        .unwrap_or_else(|| panic!("no {rules} cell in {o}"))
}

#[test]
fn a_shatranj_ferz_stays_a_ferz_under_every_preset() {
    let objs = grid_json("tests/data/good/composed.toml");
    assert_eq!(objs.len(), 7, "one object per problem");
    let o = problem(&objs, "ferz-no-mate");
    let cells = o["presets"].as_array().unwrap();
    assert_eq!(cells.len(), PRESETS, "every preset once: {o}");
    let names: BTreeSet<_> = cells.iter().map(|c| c["rules"].as_str().unwrap()).collect();
    assert_eq!(names.len(), PRESETS);
    let own: Vec<_> = cells.iter().filter(|c| c["own"] == true).collect();
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["rules"], "shatranj");
    // Read letter by letter, English 1650 would make the ferz on h1 a queen and find
    // Qh8#; carried by identity it has no ferz, so the problem does not go there.
    let eng = cell(o, "english-1650");
    assert_eq!(eng["verdict"], "skipped", "{eng}");
    assert_eq!(eng["skipped_reason"], "no ferz (q) among its men");
    // Under every other 8x8 assize the ferz is still a ferz: no mate in one.
    for c in cells.iter().filter(|c| c["verdict"] != "skipped") {
        assert_eq!(c["verdict"], "unsound", "{c}");
        assert_eq!(c["fen"], "k7/8/1K6/8/3p4/8/8/7Q w - - 0 1", "{c}");
    }
    assert_eq!(
        cells.iter().filter(|c| c["verdict"] != "skipped").count(),
        9,
        "the nine 8x8 shatranj-family presets run"
    );
    assert!(cell(o, "courier")["skipped_reason"]
        .as_str()
        .unwrap()
        .contains("12x8"));
    assert!(cell(o, "grant-acedrex")["skipped_reason"]
        .as_str()
        .unwrap()
        .contains("12x12"));
    // A position of rooks and kings only is the same under English 1650.
    let rook = problem(&objs, "rook-mate-1");
    let e = cell(rook, "english-1650");
    assert_eq!(e["verdict"], "sound", "{e}");
    assert_eq!(e["keys"], serde_json::json!(["h1h8"]));
}

#[test]
fn the_men_keep_what_they_are_when_the_letters_differ() {
    // Under tests/data/all_rules/rules/queen-and-ferz.toml `Q` is a queen, `F` a ferz.
    let objs = grid_json("tests/data/all_rules");
    let q = problem(&objs, "queen-mates");
    assert_eq!(cell(q, "rules/queen-and-ferz.toml")["verdict"], "sound");
    // The queen exists under English 1650 only; shatranj's `Q` would be a ferz.
    assert_eq!(cell(q, "english-1650")["verdict"], "sound");
    assert_eq!(cell(q, "english-1650")["keys"], serde_json::json!(["h2h8"]));
    for p in ["shatranj", "alfonso", "lombard"] {
        let c = cell(q, p);
        assert_eq!(c["verdict"], "skipped", "{c}");
        assert_eq!(c["skipped_reason"], "no queen (q) among its men");
    }
    // The ferz written `F` is written `Q` under shatranj: the same man.
    let f = problem(&objs, "ferz-cannot");
    assert_eq!(
        cell(f, "rules/queen-and-ferz.toml")["fen"],
        "k7/8/1K6/8/3p4/8/8/7F w - - 0 1"
    );
    assert_eq!(
        cell(f, "shatranj")["fen"],
        "k7/8/1K6/8/3p4/8/8/7Q w - - 0 1"
    );
    assert_eq!(cell(f, "shatranj")["verdict"], "unsound");
    assert_eq!(
        cell(f, "english-1650")["skipped_reason"],
        "no ferz (f) among its men"
    );
}

#[test]
fn the_text_grid_has_one_row_per_problem_and_lists_every_reason() {
    let out = verify_all::<&str>("tests/data/good/composed.toml", &[]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let header = lines[0].split_whitespace().collect::<Vec<_>>();
    assert_eq!(&header[..2], &["id", "stip"], "{text}");
    // A column per preset, and one for the rules file of the problem `rules-file`.
    assert_eq!(header.len(), 2 + PRESETS + 1, "{text}");
    let legend = lines.iter().position(|l| l.starts_with("cells:")).unwrap();
    let rows = &lines[1..legend];
    let ids: Vec<&str> = rows
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "rook-mate-1",
            "two-rooks-cooked",
            "two-rooks-mate-by",
            "ferz-no-mate",
            "ferz-key-2",
            "king-ferz-unsound-2",
            "rules-file"
        ],
        "{text}"
    );
    // Every skip mark has its reason below the grid.
    let reasons: BTreeMap<String, String> = lines[legend..]
        .iter()
        .filter_map(|l| {
            let t = l.trim_start();
            let (mark, why) = t.split_once(' ')?;
            (mark.starts_with('-') && mark[1..].parse::<u32>().is_ok())
                .then(|| (mark.to_string(), why.trim().to_string()))
        })
        .collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for r in rows {
        let cells: Vec<&str> = r.split_whitespace().collect();
        assert_eq!(cells.len(), header.len(), "{r}");
        for c in &cells[2..] {
            if c.starts_with('-') {
                assert!(reasons.contains_key(*c), "{c} has no reason: {text}");
            }
        }
        assert_eq!(cells.iter().filter(|c| c.ends_with('*')).count(), 1, "{r}");
    }
    let ferz = rows.iter().find(|r| r.starts_with("ferz-no-mate")).unwrap();
    let mark = ferz.split_whitespace().nth(col("engli")).unwrap();
    assert_eq!(reasons[mark], "no ferz (q) among its men", "{text}");
    assert!(text.contains("engli = english-1650"), "{text}");
}

#[test]
fn json_and_csv_carry_the_same_cells() {
    let dir = tempfile::tempdir().unwrap();
    let csv_path = dir.path().join("grid.csv");
    let out = verify_all(
        "tests/data/good",
        &["--json".as_ref(), "--csv".as_ref(), csv_path.as_os_str()],
    );
    let mut from_json = vec![];
    for l in String::from_utf8(out.stdout).unwrap().lines() {
        let o: Value = serde_json::from_str(l).unwrap();
        for c in o["presets"].as_array().unwrap() {
            from_json.push((
                o["id"].as_str().unwrap().to_string(),
                c["rules"].as_str().unwrap().to_string(),
                c["verdict"].as_str().unwrap().to_string(),
                c["skipped_reason"].as_str().unwrap_or("").to_string(),
            ));
        }
    }
    let mut r = csv::Reader::from_path(&csv_path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert!(header.iter().any(|h| h == "skipped_reason"), "{header:?}");
    assert_eq!(
        &header[..6],
        &["id", "file", "source", "rules", "stipulation", "verdict"]
    );
    let at = |n: &str| header.iter().position(|h| h == n).unwrap();
    let from_csv: Vec<_> = r
        .records()
        .map(|rec| {
            let rec = rec.unwrap();
            (
                rec[at("id")].to_string(),
                rec[at("rules")].to_string(),
                rec[at("verdict")].to_string(),
                rec[at("skipped_reason")].to_string(),
            )
        })
        .collect();
    assert_eq!(from_json, from_csv);
    // Seven problems: six under the twelve presets, one (its own rules a file) under
    // thirteen rule sets.
    assert_eq!(from_csv.len(), 6 * PRESETS + PRESETS + 1);
    assert!(from_csv
        .iter()
        .all(|(_, _, v, why)| (v == "skipped") != why.is_empty()));
}

#[test]
fn the_edition_shows_every_rule_set_in_the_problems_section() {
    let dir = tempfile::tempdir().unwrap();
    let ed = dir.path().join("ed");
    verify_all(
        "tests/data/good/composed.toml",
        &["--html".as_ref(), ed.as_os_str()],
    );
    let html = std::fs::read_to_string(ed.join("index.html")).unwrap();
    // One section per problem, not one per problem and rule set.
    assert_eq!(html.matches("<section").count(), 7);
    assert_eq!(html.matches(r#"<table class="grid">"#).count(), 7);
    let at = html.find(r#"id="p4-ferz-no-mate""#).unwrap();
    let section = &html[at..at + html[at..].find("</section>").unwrap()];
    let grid = &section[section.find(r#"<table class="grid">"#).unwrap()..];
    assert_eq!(grid.matches("<tr").count(), 1 + PRESETS, "{grid}");
    assert!(grid.contains("shatranj (own)"), "{grid}");
    assert!(
        grid.contains("<td>english-1650</td><td>not tried</td><td colspan=\"3\">no ferz (q) among its men</td>"),
        "{grid}"
    );
}
