//! `mansuba export` holds the solution: the claim line as completed (filled-in moves in
//! brackets), the main line and the tree's lines, numbered, with the side that moves first,
//! the outcome found on the board, and a flag on a tree that was cut. Every exported line is
//! replayed here move by move against the legal move list of its position.

use assert_cmd::Command;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::movegen::MoveList;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use std::collections::HashMap;

type Record = HashMap<String, String>;

/// One `[[problem]]` table of a bundled file, by id, as TOML text.
fn bundled(file: &str, id: &str) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let table = text
        .split("[[problem]]")
        .find(|t| t.contains(&format!("id = \"{id}\"\n")))
        .unwrap_or_else(|| panic!("{id} not in {file}"));
    // Up to the next comment block (the text between problems).
    let table = table.split("\n# ").next().unwrap();
    format!("[[problem]]{table}")
}

/// Exports `problems` (TOML text) with `--timeout secs` and reads the CSV back. The
/// exit code must be 0.
fn export(problems: &str, secs: &str) -> Vec<Record> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.toml");
    std::fs::write(&file, problems).unwrap();
    let csv = dir.path().join("lines.csv");
    let out = Command::cargo_bin("mansuba")
        .unwrap()
        .arg("export")
        .arg(&file)
        .args(["--timeout", secs, "--csv"])
        .arg(&csv)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut r = csv::Reader::from_path(&csv).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(header, mansuba::report::EXPORT_COLUMNS);
    let recs: Vec<Record> = r
        .records()
        .map(|x| {
            let x = x.unwrap();
            header
                .iter()
                .cloned()
                .zip(x.iter().map(String::from))
                .collect()
        })
        .collect();
    for x in &recs {
        replays(x);
        numbered(x);
        if x["kind"] == "tree" && x["outcome"] == "open" {
            assert_ne!(x["tree_truncated"], "no", "a tree line ends open: {x:?}");
        }
    }
    recs
}

/// Plays the record's coordinates from its FEN, each move found among the legal moves
/// (panics otherwise), and checks the outcome column against the final position.
fn replays(x: &Record) {
    let rules = Rules::preset(&x["rules"]).unwrap();
    mansuba::with_engine!(AnyEngine::new(rules).unwrap(), e => {
        let mut p = Position::from_fen(e, &x["fen"]).unwrap();
        let coord: Vec<&str> = x["coord"].split_whitespace().collect();
        assert_eq!(coord.len().to_string(), x["plies"], "{x:?}");
        for (i, c) in coord.iter().enumerate() {
            let mut l = MoveList::new();
            p.legal_moves(&mut l);
            let m = l
                .as_slice()
                .iter()
                .copied()
                .find(|m| mansuba::notation::coord(&p, m) == *c)
                .unwrap_or_else(|| panic!("ply {} {c} is not legal: {x:?}", i + 1));
            p.make(m);
        }
        let mut l = MoveList::new();
        p.legal_moves(&mut l);
        let loser = p.side();
        match x["outcome"].as_str() {
            "mate" => assert!(l.is_empty() && p.in_check(), "no mate: {x:?}"),
            "bare king" => {
                // The side to move has its king alone and the other side more.
                assert_eq!(p.state().men[loser.idx()], 1, "not bare: {x:?}");
                assert!(p.state().men[loser.flip().idx()] >= 2, "{x:?}");
            }
            "open" => assert!(!l.is_empty(), "play cannot go on: {x:?}"),
            o => panic!("unexpected outcome {o}: {x:?}"),
        }
    });
}

/// The `moves` column: one written move per ply, numbered from the FEN's move number,
/// `N...` first when the second side begins, brackets around filled-in moves only.
fn numbered(x: &Record) {
    let fen: Vec<&str> = x["fen"].split_whitespace().collect();
    let black_first = fen[1] == "b";
    let first: usize = fen[5].parse().unwrap();
    let plies: usize = x["plies"].parse().unwrap();
    let tokens: Vec<&str> = x["moves"].split(' ').filter(|t| !t.is_empty()).collect();
    assert_eq!(tokens.len(), plies, "{x:?}");
    for (i, t) in tokens.iter().enumerate() {
        let k = i + black_first as usize;
        let n = first + k / 2;
        let want = if k.is_multiple_of(2) {
            format!("{n}.")
        } else if i == 0 {
            format!("{n}...")
        } else {
            String::new()
        };
        assert!(
            t.starts_with(&want),
            "ply {}: {t} lacks {want}: {x:?}",
            i + 1
        );
        let rest = &t[want.len()..];
        assert!(
            !rest.starts_with(|c: char| c.is_ascii_digit() || c == '.'),
            "ply {}: {t} numbered wrongly: {x:?}",
            i + 1
        );
        if x["kind"] != "claim" {
            assert!(!rest.starts_with('['), "{x:?}");
        }
    }
}

#[test]
fn docs_page_documents_every_column() {
    let page = std::fs::read_to_string("docs/exports.md").unwrap();
    let section = page
        .split("## Exporting solutions")
        .nth(1)
        .and_then(|t| t.split("\n## ").next())
        .expect("docs/exports.md: section 'Exporting solutions'");
    for c in mansuba::report::EXPORT_COLUMNS {
        assert!(
            section.contains(&format!("| `{c}`")) || section.contains(&format!(", `{c}`")),
            "column {c} not in the table of docs/exports.md, 'Exporting solutions'"
        );
    }
}

fn of_kind<'a>(recs: &'a [Record], kind: &str) -> Vec<&'a Record> {
    recs.iter().filter(|x| x["kind"] == kind).collect()
}

#[test]
fn water_wheel_main_line_is_a_mate_in_36_by_black() {
    let recs = export(&bundled("problems/mansubat.toml", "water-wheel"), "5");
    for kind in ["claim", "main"] {
        let v = of_kind(&recs, kind);
        assert_eq!(v.len(), 1, "{kind}: {recs:?}");
        let x = v[0];
        assert_eq!(x["outcome"], "mate", "{x:?}");
        assert_eq!(x["winner"], "black");
        assert_eq!(x["first_side"], "black");
        assert_eq!(x["plies"], "71");
        assert!(x["moves"].starts_with("1...Nh5+ 2.Kg2 Nh4+ 3.Kf1"), "{x:?}");
        assert!(x["moves"].ends_with(" 35.Kf1 Ng3+ 36.Ke1 Nxf3#"), "{x:?}");
        assert!(x["coord"].starts_with("g7h5 g3g2 "), "{x:?}");
    }
    assert!(of_kind(&recs, "claim")[0]["claim_check"].starts_with("ok"));
    // The tree, if its building ran out of time, says so.
    for x in of_kind(&recs, "tree") {
        if x["outcome"] == "open" {
            assert_eq!(x["tree_truncated"], "limit", "{x:?}");
        }
    }
}

#[test]
fn diamond_tree_cut_at_the_cap_is_flagged_and_ends_in_bare_king() {
    let recs = export(&bundled("problems/mansubat.toml", "suli-diamond"), "30");
    let tree = of_kind(&recs, "tree");
    assert_eq!(tree.len(), 400);
    for x in &tree {
        assert_eq!(x["tree_truncated"], "max-lines", "{x:?}");
        assert_eq!(x["outcome"], "bare king", "{x:?}");
        assert_eq!(x["winner"], "white");
    }
    for kind in ["claim", "main"] {
        let x = of_kind(&recs, kind)[0];
        assert_eq!(x["outcome"], "bare king", "{x:?}");
        assert_eq!(x["plies"], "39");
        assert!(x["moves"].ends_with(" 20.Kxa1"), "{x:?}");
        assert_eq!(x["tree_truncated"], "");
    }
}

#[test]
fn claim_line_marks_the_moves_it_filled_in() {
    // Composed for mansuba's tests: the manuscript gives the attacker's moves only.
    let recs = export(
        r##"[[problem]]
id = "attacker-only"
source = "composed for mansuba's tests"
rules = "shatranj"
fen = "8/8/p7/8/Q7/k1K5/7R/8 w - - 0 1"
stipulation = "#2"
solution = "1.Qb3 2.Ra2#"
"##,
        "20",
    );
    let claim = of_kind(&recs, "claim");
    assert_eq!(claim.len(), 1, "{recs:?}");
    // The sources' letters by default: F for the ferz.
    assert_eq!(claim[0]["moves"], "1.Fb3 [a5] 2.Ra2#");
    assert_eq!(claim[0]["outcome"], "mate");
    assert!(claim[0]["claim_check"].starts_with("ok"), "{:?}", claim[0]);
    let main = of_kind(&recs, "main");
    assert_eq!(main[0]["moves"], "1.Fb3 a5 2.Ra2#");
    let tree = of_kind(&recs, "tree");
    assert!(!tree.is_empty());
    for (i, x) in tree.iter().enumerate() {
        assert_eq!(x["variation"], (i + 1).to_string());
        assert_eq!(x["tree_truncated"], "no");
        assert_eq!(x["outcome"], "mate", "{x:?}");
    }
}

#[test]
fn a_claim_failing_at_its_first_move_still_has_its_row() {
    let recs = export(
        &std::fs::read_to_string("tests/data/broken/illegal_solution.toml").unwrap(),
        "20",
    );
    let claim = of_kind(&recs, "claim");
    assert_eq!(claim.len(), 1, "{recs:?}");
    assert_eq!(claim[0]["plies"], "0");
    assert_eq!(claim[0]["moves"], "");
    assert!(
        claim[0]["claim_check"].starts_with("illegal 1.Rh9#"),
        "{:?}",
        claim[0]
    );
    assert_eq!(of_kind(&recs, "main")[0]["outcome"], "mate");
}

#[test]
fn sides_are_named_as_the_problem_names_them() {
    let recs = export(
        &std::fs::read_to_string("tests/data/sides/twins.toml").unwrap(),
        "20",
    );
    for x in &recs {
        let (first, winner) = match x["id"].as_str() {
            "as-written" => ("white", "white"),
            _ => ("green", "green"),
        };
        assert_eq!(
            (x["first_side"].as_str(), x["winner"].as_str()),
            (first, winner)
        );
    }
    assert!(recs.iter().any(|x| x["id"] == "flipped"));
}

/// `export --pgn` writes an unsound problem's refutation as a variation of the
/// manuscript's line, in SAN with the rules' letters (the alfil `B`, as Fairy-Stockfish
/// reads shatranj) whatever `--letters` says: Dilaram's #5 leaves the line at 2...Rh2.
#[test]
fn pgn_writes_the_refutation_as_a_variation() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.toml");
    std::fs::write(&file, bundled("problems/mansubat.toml", "dilaram")).unwrap();
    let pgn = dir.path().join("d.pgn");
    Command::cargo_bin("mansuba")
        .unwrap()
        .arg("export")
        .arg(&file)
        .arg("--pgn")
        .arg(&pgn)
        .args(["--timeout", "20", "--letters", "historical"])
        .assert()
        .success();
    let text = std::fs::read_to_string(&pgn).unwrap().replace('\n', " ");
    assert!(text.contains("[Verdict \"unsound\"]"), "{text}");
    // The manuscript's line as written goes on past 2...Rh2, and ends in mate.
    assert!(text.contains("1. Rh8+ Kxh8 2. Bf5+"), "{text}");
    assert!(
        text.contains("5. Nh6# {outcome: mate; the manuscript's line as written}"),
        "{text}"
    );
    assert!(
        !text.contains("Af5"),
        "historical letters in the PGN: {text}"
    );
    let var = text
        .find("(2... Rh2 3. Rxh2+")
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        text[var..].contains("Ke8 {outcome: open; mansuba's refutation"),
        "{text}"
    );
}

/// `export --popeye` alone runs no search, but a problem that does not read is still
/// said (file, line, what was expected) and makes the exit code 1, while the problems
/// that read are written.
#[test]
fn popeye_export_alone_says_what_does_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.inp");
    let o = Command::cargo_bin("mansuba")
        .unwrap()
        .args([
            "export",
            "tests/data/broken/missing_key.toml",
            "tests/data/good/composed.toml",
        ])
        .arg("--popeye")
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("missing_key.toml:2: problem 'no-fen': missing key `fen`"),
        "{err}"
    );
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("Stipulation"));
}
