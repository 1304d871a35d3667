//! The `verify`, `solve` and `export` commands end to end: broken files become error rows
//! naming file and line while the rest of the batch goes on; composed problems get their
//! verdicts; CSV and JSON have the promised shape; the bundled collection meets its
//! `expect` values.

use assert_cmd::Command;
use std::collections::BTreeMap;
use std::path::Path;

type Rec = BTreeMap<String, String>;

fn bin() -> Command {
    Command::cargo_bin("mansuba").expect("the mansuba binary")
}

/// Runs `verify` with a CSV into a temporary directory; returns exit code, header, rows
/// and stdout.
fn verify_csv(args: &[&str]) -> (i32, Vec<String>, Vec<Rec>, String) {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("out.csv");
    let out = bin()
        .arg("verify")
        .args(args)
        .arg("--csv")
        .arg(&csv)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(
        leftovers,
        vec!["out.csv".to_string()],
        "temporary files left behind"
    );
    let mut r = csv::Reader::from_path(&csv).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r
        .records()
        .map(|rec| {
            let rec = rec.unwrap();
            header
                .iter()
                .cloned()
                .zip(rec.iter().map(String::from))
                .collect()
        })
        .collect();
    (out.status.code().unwrap_or(-1), header, rows, stdout)
}

fn row<'a>(rows: &'a [Rec], file: &str, id: &str) -> &'a Rec {
    rows.iter()
        .find(|r| r["file"].ends_with(file) && r["id"] == id)
        .unwrap_or_else(|| panic!("no row for {file} {id}: {rows:#?}"))
}

const CONTRACT_COLUMNS: &[&str] = &[
    "id",
    "file",
    "source",
    "rules",
    "stipulation",
    "verdict",
    "solvable",
    "shortest",
    "keys",
    "keys_complete",
    "solution_check",
    "refutation",
    "main_line",
    "nodes",
    "millis",
];

#[test]
fn broken_files_become_error_rows_with_lines() {
    let (code, _, rows, stdout) = verify_csv(&["tests/data/broken", "--timeout", "20"]);
    assert_eq!(code, 1, "an error row means exit code 1\n{stdout}");
    let err = |file: &str, id: &str| {
        let r = row(&rows, file, id);
        assert_eq!(r["verdict"], "error", "{r:#?}");
        r["error"].clone()
    };
    let e = err("not_toml.toml", "");
    assert!(e.contains("not_toml.toml:3") && e.contains("TOML"), "{e}");
    let e = err("missing_key.toml", "no-fen");
    assert!(
        e.contains("missing_key.toml:2") && e.contains("missing key `fen`"),
        "{e}"
    );
    let e = err("unknown_rules.toml", "martian");
    assert!(
        e.contains("unknown_rules.toml:4") && e.contains("unknown rules 'martian-assize'"),
        "{e}"
    );
    let e = err("bad_fen.toml", "bad-fen");
    assert!(e.contains("bad_fen.toml:5") && e.contains("ranks"), "{e}");
    let e = err("bad_fen.toml", "bad-letter");
    assert!(e.contains("bad_fen.toml:12") && e.contains("'Z'"), "{e}");
    let e = err("bad_stipulation.toml", "helpmate");
    assert!(
        e.contains("bad_stipulation.toml:6")
            && e.contains("pser-h#2")
            && e.contains("unknown family 'pser-h'"),
        "{e}"
    );
    // Duplicate ids: the first is verified, the second is an error at its `id` line.
    let twins: Vec<&Rec> = rows.iter().filter(|r| r["id"] == "twin").collect();
    assert_eq!(twins.len(), 2);
    assert_eq!(twins[0]["verdict"], "sound");
    assert_eq!(twins[1]["verdict"], "error");
    assert!(
        twins[1]["error"].contains("duplicate_id.toml:9"),
        "{:?}",
        twins[1]
    );
    // Good problems in the same batch still get verdicts.
    assert_eq!(
        row(&rows, "missing_key.toml", "good-neighbour")["verdict"],
        "sound"
    );
    // An illegal move in the manuscript solution: the claim check says so.
    let r = row(&rows, "illegal_solution.toml", "rook-jumps");
    assert!(r["solution_check"].starts_with("illegal"), "{r:#?}");
    assert_eq!(r["verdict"], "claim-wrong");
    assert_eq!(r["solution_line"], "7");
    // A key one edit away from a known one is an error naming file, line and the key
    // meant; a key far from all is a warning in the row's `warnings` column.
    let e = err("typo_key.toml", "defendr");
    assert!(
        e.contains("typo_key.toml:10") && e.contains("did you mean `defender`?"),
        "{e}"
    );
    let r = row(&rows, "typo_key.toml", "far-key");
    assert_eq!(r["verdict"], "sound", "{r:#?}");
    assert!(
        r["warnings"].contains("typo_key.toml:18") && r["warnings"].contains("`difficulty`"),
        "{r:#?}"
    );
    assert_eq!(
        row(&rows, "missing_key.toml", "good-neighbour")["warnings"],
        ""
    );
    // A bare defender under rules where that ends the game: said so, not `unsound`.
    let e = err("bare_defender.toml", "bare-under-shatranj");
    assert!(
        e.contains("bare_defender.toml:8")
            && e.contains("Black is already bare: under shatranj the game is over before the first move; for a mate task set the knob in the problem: rules_set = { bare_king = \"off\" }"),
        "{e}"
    );
    assert_eq!(
        row(&rows, "bare_defender.toml", "bare-but-off")["verdict"],
        "sound"
    );
    // The summary names the errors.
    assert!(
        stdout.contains("errors:") && stdout.contains("bad_fen.toml:5"),
        "{stdout}"
    );
}

#[test]
fn composed_problems_get_their_verdicts() {
    let (code, header, rows, stdout) = verify_csv(&["tests/data/good", "--timeout", "30"]);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(&header[..CONTRACT_COLUMNS.len()], CONTRACT_COLUMNS);
    for extra in ["published", "expect", "confidence", "error"] {
        assert!(
            header.contains(&extra.to_string()),
            "missing column {extra}"
        );
    }
    // The rules file beside the problems is not read as a problem file.
    assert_eq!(rows.len(), 7, "{rows:#?}");
    for r in &rows {
        assert!(r["source"].contains("composed"), "{r:#?}");
        assert_eq!(r["verdict"], r["expect"], "{r:#?}");
    }
    let r = row(&rows, "composed.toml", "rook-mate-1");
    assert_eq!(
        (r["keys"].as_str(), r["keys_complete"].as_str()),
        ("h1h8", "yes")
    );
    assert_eq!(
        (r["solvable"].as_str(), r["shortest"].as_str()),
        ("yes", "1")
    );
    let r = row(&rows, "composed.toml", "ferz-key-2");
    assert_eq!(r["keys"], "a4b3");
    assert_eq!(r["main_line"].split(' ').count(), 3, "{r:#?}");
    let r = row(&rows, "composed.toml", "two-rooks-cooked");
    let mut keys: Vec<&str> = r["keys"].split(' ').collect();
    keys.sort();
    assert_eq!(keys, ["g1g8", "h1h8"]);
    assert_eq!(
        row(&rows, "composed.toml", "two-rooks-mate-by")["keys"],
        "h1h8"
    );
    let r = row(&rows, "composed.toml", "ferz-no-mate");
    assert_eq!(r["solvable"], "no");
    assert!(!r["refutation"].is_empty(), "{r:#?}");
    assert_eq!(
        row(&rows, "composed.toml", "rules-file")["rules"],
        "rules/shatranj-local.toml"
    );
    assert!(
        stdout.contains("7 results: sound 4, cooked 1, unsound 2"),
        "{stdout}"
    );
}

#[test]
fn json_lines_parse() {
    let out = bin()
        .args(["verify", "tests/data/good", "--json", "--timeout", "30"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let objs: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(objs.len(), 7);
    for o in &objs {
        assert!(o["id"].is_string() && o["verdict"].is_string(), "{o}");
        assert!(
            o["keys"].is_array() && o["solution_check"].is_string() && o["warnings"].is_array(),
            "{o}"
        );
    }
    // The summary goes to stderr so that stdout stays JSON.
    assert!(String::from_utf8_lossy(&out.stderr).contains("7 results"));
}

#[test]
fn usage_errors_exit_2() {
    bin().args(["verify"]).assert().code(2);
    bin().args(["verify", "no/such/dir"]).assert().code(2);
    bin()
        .args(["verify", "tests/data/good", "--rules", "martian"])
        .assert()
        .code(2);
    bin()
        .args(["verify", "tests/data/good", "--timeout", "-1"])
        .assert()
        .code(2);
    bin()
        .args(["solve", "tests/data/good/composed.toml", "--id", "nope"])
        .assert()
        .code(2);
}

#[test]
fn solve_prints_a_readable_report() {
    let out = bin()
        .args([
            "solve",
            "tests/data/good/composed.toml",
            "--id",
            "ferz-key-2",
            "--timeout",
            "20",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8(out.stdout).unwrap();
    for want in [
        "ferz-key-2",
        "stipulation #2",
        "verdict     sound",
        "keys ",
        "main line   1.",
        "solution tree",
        " a  b  c  d  e  f  g  h",
        "White to move",
    ] {
        assert!(s.contains(want), "missing {want:?} in\n{s}");
    }
    let out = bin()
        .args([
            "solve",
            "tests/data/good/composed.toml",
            "--id",
            "ferz-key-2",
            "--json",
        ])
        .output()
        .unwrap();
    let o: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(o["verdict"], "sound");
    assert!(o["tree"].as_array().is_some_and(|t| !t.is_empty()), "{o}");
    // A broken file: the error and exit code 1.
    let out = bin()
        .args(["solve", "tests/data/broken/bad_fen.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("bad_fen.toml:5"));
}

#[test]
fn export_writes_lines_of_play() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("lines.csv");
    bin()
        .args([
            "export",
            "tests/data/good/composed.toml",
            "--timeout",
            "20",
            "--csv",
        ])
        .arg(&csv)
        .assert()
        .code(0);
    let mut r = csv::Reader::from_path(&csv).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let recs: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    let fk: Vec<&csv::StringRecord> = recs.iter().filter(|x| &x[0] == "ferz-key-2").collect();
    // The claim line, the main line and the tree's lines, each from the key to the mate.
    let kinds: Vec<&str> = fk.iter().map(|x| &x[col("kind")]).collect();
    assert_eq!(kinds[..2], ["claim", "main"]);
    assert!(kinds[2..].iter().all(|k| *k == "tree") && kinds.len() > 2);
    for x in fk {
        assert!(x[col("coord")].starts_with("a4b3 "), "{x:?}");
        assert!(x[col("moves")].starts_with("1.Fb3 "), "{x:?}");
        assert_eq!(&x[col("outcome")], "mate", "{x:?}");
    }
}

/// Every `expect` of the bundled collection (problems/*.toml), each problem alone with a
/// time limit far above what any of them needs (Dilaram's Legacy, the longest, takes about
/// 5 s), so that only a wrong verdict fails here, never a slow machine; problems without
/// `expect` are skipped.
#[test]
fn bundled_collection_meets_expectations() {
    let mut checked = 0;
    let mut wrong = vec![];
    let files = mansuba::files::Walk::default()
        .files(&[Path::new("problems").to_path_buf()])
        .unwrap();
    for f in files {
        let lf = mansuba::problem::load_file(&f, &Default::default());
        for p in lf.problems.into_iter().flatten() {
            let Some(expect) = p.expect.clone() else {
                continue;
            };
            let out = bin()
                .args(["solve", "--json", "--timeout", "120", "--id", &p.id])
                .arg(&f)
                .output()
                .unwrap();
            let o: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
                panic!("{}: {e}: {}", p.id, String::from_utf8_lossy(&out.stdout))
            });
            let got = o["verdict"].as_str().unwrap_or("?").to_string();
            checked += 1;
            if got != expect {
                wrong.push(format!(
                    "{}:{} {}: expected {expect}, got {got} ({})",
                    f.display(),
                    p.line,
                    p.id,
                    o["solution_check"]
                ));
            }
        }
    }
    eprintln!("{checked} bundled problems with `expect` checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A problem written flipped with its sides named (attacker at the top, as manuscripts
/// draw it) gets the same verdict, keys and line as its unflipped twin, and the report
/// records the flip and speaks of the sides by their names.
#[test]
fn flipped_twin_gets_the_same_verdict() {
    let (code, _, rows, _) = verify_csv(&["tests/data/sides", "--timeout", "20"]);
    assert_eq!(code, 0);
    let a = row(&rows, "twins.toml", "as-written");
    let b = row(&rows, "twins.toml", "flipped");
    for col in ["verdict", "keys", "main_line", "solution_check", "fen"] {
        assert_eq!(a[col], b[col], "{col}: {a:#?} {b:#?}");
    }
    assert_eq!(b["verdict"], "sound");
    assert_eq!(
        (a["orientation"].as_str(), b["orientation"].as_str()),
        ("as-written", "flipped")
    );
    let out = bin()
        .args(["solve", "tests/data/sides/twins.toml", "--id", "flipped"])
        .output()
        .unwrap();
    let s = String::from_utf8(out.stdout).unwrap();
    for want in [
        "orientation flipped: the fen as written (8/7r/K1k5/q7/8/P7/8/8 b - - 0 1)",
        "sides       Green = White (moving up), Red = Black",
        "Green to move",
        "verdict     sound",
    ] {
        assert!(s.contains(want), "missing {want:?} in\n{s}");
    }
    let out = bin()
        .args([
            "solve",
            "tests/data/sides/twins.toml",
            "--id",
            "flipped",
            "--json",
        ])
        .output()
        .unwrap();
    let o: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(o["orientation"], "flipped");
    assert_eq!(o["colours"]["white"], "green");
    assert_eq!(o["fen_as_written"], "8/7r/K1k5/q7/8/P7/8/8 b - - 0 1");
    assert_eq!(o["tree"][0]["outcome"], "Green wins by checkmate");
}

/// The composed demonstrations in `examples/` (a stacked short-assize mate; a pawn mate
/// on the points, `mate_on = "centre"`, against a covetous defender, and the same against
/// a best defender) get the verdicts they state.
#[test]
fn composed_examples_meet_expectations() {
    let (code, _, rows, stdout) =
        verify_csv(&["examples/composed-problems.toml", "--timeout", "30"]);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(rows.len(), 4);
    for r in &rows {
        assert_eq!(r["verdict"], r["expect"], "{r:#?}");
        assert!(r["source"].contains("composed"), "{r:#?}");
    }
    let r = row(
        &rows,
        "composed-problems.toml",
        "composed-pawn-mate-on-the-points",
    );
    assert_eq!(
        (r["keys"].as_str(), r["solution_check"].as_str()),
        ("e8d6", "ok")
    );
    // A name that is neither a square nor a set is an error naming the key's line.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("p.toml");
    let text = std::fs::read_to_string("examples/composed-problems.toml")
        .unwrap()
        .replace("mate_on = \"centre\"", "mate_on = \"points\"");
    std::fs::write(&f, text).unwrap();
    let out = bin().arg("verify").arg(&f).output().unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        s.contains(
            "p.toml:32: problem 'composed-pawn-mate-on-the-points': bad mate_on square 'points'"
        ),
        "{s}"
    );
}

/// Two problems of problems/mansubat.toml (`dilaram` and `dilarams-legacy-after-5`, whose
/// sources are named there), in a file of their own: both take a fraction of a second.
fn two_of_the_collection(dir: &Path) -> std::path::PathBuf {
    let f = dir.join("two.toml");
    std::fs::write(
        &f,
        "[[problem]]\nid = \"dilaram\"\nrules = \"shatranj\"\n\
         fen = \"1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1\"\nstipulation = \"#5\"\n\
         solution = \"1.Rh8+ Kxh8 2.Bf5+ Kg8 3.Rh8+ Kxh8 4.g7+ Kg8 5.Nh6#\"\n\n\
         [[problem]]\nid = \"dilarams-legacy-after-5\"\nrules = \"shatranj\"\n\
         fen = \"rnbN1bnr/p1Npp2p/1pp5/k7/2Q5/2K1B3/8/8 w - - 0 1\"\nstipulation = \"#3\"\n\
         solution = \"1.Nb7+ Ka4 2.Qb3+ Ka3 3.Bc1#\"\n",
    )
    .unwrap();
    f
}

/// The claim's remarks and detail name their moves in the notation and letters asked for
/// (issue 45): SAN with the sources' F and A by default, the rules' letters under
/// `--letters modern`, Murray's notation under `--notation murray`; in the text, the CSV
/// and the JSON alike.
#[test]
fn the_claims_remarks_are_written_in_the_notation_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let file = two_of_the_collection(dir.path());
    let file = file.to_str().unwrap();
    let cases = [
        (
            vec![],
            "dual at 2.Fb3+ (White): also Ac1",
            "refuted by 2...Rh2 after 1.Rh8+ Kxh8 2.Af5+",
        ),
        (
            vec!["--letters", "modern"],
            "dual at 2.Qb3+ (White): also Bc1",
            "refuted by 2...Rh2 after 1.Rh8+ Kxh8 2.Bf5+",
        ),
        (
            vec!["--notation", "murray"],
            "dual at 2.F-b3+ (White): also A-c1",
            "refuted by 2...R-h2 after 1.R-h8+ K×h8 2.A-f5+",
        ),
    ];
    for (args, dual, refuted) in cases {
        let (_, _, rows, stdout) = verify_csv(&[&[file][..], &args].concat());
        let legacy = row(&rows, "two.toml", "dilarams-legacy-after-5");
        assert_eq!(legacy["claim_remarks"], dual, "{args:?}");
        let dilaram = row(&rows, "two.toml", "dilaram");
        assert_eq!(dilaram["solution_check"], format!("{refuted}"), "{args:?}");
        assert!(stdout.contains(refuted), "{args:?}: {stdout}");
        let out = bin()
            .args(["solve", file, "--id", "dilarams-legacy-after-5"])
            .args(&args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(&format!("remark      {dual}")), "{text}");
        let out = bin()
            .args(["solve", file, "--id", "dilaram", "--json"])
            .args(&args)
            .output()
            .unwrap();
        let o: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(o["solution_check"], format!("{refuted}"), "{args:?}");
        let remark = o["claim"]["remarks"][0].as_str().unwrap();
        let holds = &refuted["refuted by ".len()..refuted.find(" after").unwrap()];
        assert!(
            remark.contains(&format!("the defence {holds} (Black) holds")),
            "{remark}"
        );
    }
}

/// Every try gets its line in the CSV's column `try_lines`, and in the JSON's
/// `try_lines` (issue 45): numbered, `; `-separated in the CSV, in the notation asked for;
/// a cooked problem's tries (its first moves that fail) as an unsound one's; none under
/// `--refutations 0`.
#[test]
fn the_tries_lines_are_in_the_csv_and_the_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = two_of_the_collection(dir.path());
    let file = file.to_str().unwrap();
    let (_, header, rows, _) = verify_csv(&[file, "--notation", "murray"]);
    assert_eq!(header.last().map(String::as_str), Some("solutions"));
    assert_eq!(header[header.len() - 2], "extras_left_out");
    assert_eq!(header[header.len() - 3], "try_lines");
    assert_eq!(header[header.len() - 4], "least_win");
    // Dilaram: 21 first moves, the strongest is the refutation, the 20 others tries.
    let tries: Vec<&str> = row(&rows, "two.toml", "dilaram")["try_lines"]
        .split("; ")
        .collect();
    assert_eq!(tries.len(), 20, "{tries:?}");
    assert!(tries.contains(&"1.A-f1 R-a2 m."), "{tries:?}");
    // The cooked #3: every first move but its two keys.
    let cooked = &row(&rows, "two.toml", "dilarams-legacy-after-5")["try_lines"];
    let tries: Vec<&str> = cooked.split("; ").collect();
    assert!(tries.len() >= 20, "{cooked}");
    assert!(tries.iter().all(|t| t.starts_with("1.")), "{cooked}");
    assert!(
        !tries.iter().any(|t| t.starts_with("1.Kt-b7+ ")),
        "a key: {cooked}"
    );
    let (_, _, rows, _) = verify_csv(&[file, "--refutations", "0"]);
    assert!(rows.iter().all(|r| r["try_lines"].is_empty()), "{rows:#?}");
    let out = bin().args(["verify", file, "--json"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let o: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|o| o["id"] == "dilarams-legacy-after-5")
        .unwrap();
    let lines = o["try_lines"].as_array().unwrap();
    assert_eq!(lines.len(), tries.len(), "{o}");
    assert!(
        lines.iter().all(|l| l.as_str().unwrap().starts_with("1.")),
        "{o}"
    );
    assert!(o["try_nodes"].as_u64().unwrap() > 0, "{o}");
}
