//! `mansuba import`: Popeye input, piece lists and EPD lines become problem-file entries
//! that load and verify; every input error names the file, the line and what was
//! expected; the problems without an error are written all the same (exit 1), and
//! nothing with `--strict` (exit 2). The positions are composed or taken from problems/
//! (whose sources are given there).

use assert_cmd::Command;
use mansuba::problem::{load_file, Problem};
use std::path::Path;

/// Imports `text` saved as `name` with `args`: the exit code, stderr, and the problems of
/// the file written (none if nothing was written).
fn import(name: &str, text: &str, args: &[&str]) -> (i32, String, Vec<Problem>) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join(name);
    std::fs::write(&input, text).unwrap();
    let out_file = dir.path().join("out.toml");
    let out = Command::cargo_bin("mansuba")
        .unwrap()
        .arg("import")
        .arg(&input)
        .args(args)
        .arg("-o")
        .arg(&out_file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let problems = if out_file.exists() {
        load_file(&out_file, &Default::default())
            .problems
            .into_iter()
            .map(|p| p.unwrap_or_else(|e| panic!("{e}")))
            .collect()
    } else {
        vec![]
    };
    (out.status.code().unwrap(), err, problems)
}

/// The error of an input with a problem that must fail: `file:line:` named with the
/// reason; the other problems written (exit 1), or exit 2 when none is left; with
/// `--strict`, exit 2 and nothing written.
fn fails(name: &str, text: &str, args: &[&str], line: usize, says: &str) {
    let (code, err, written) = import(name, text, args);
    assert!(code == 1 || code == 2, "{code}: {err}");
    assert_eq!(code == 2, written.is_empty(), "{err}");
    assert!(
        err.contains(&format!("{name}:{line}: ")),
        "{name}:{line}? {err}"
    );
    assert!(err.contains(says), "'{says}'? {err}");
    let strict: Vec<&str> = args.iter().copied().chain(["--strict"]).collect();
    let (code, err, written) = import(name, text, &strict);
    assert_eq!(code, 2, "{err}");
    assert!(written.is_empty(), "written despite --strict: {err}");
    assert!(err.contains(says), "'{says}'? {err}");
}

const POPEYE: &str = "BeginProblem
Author al-Adli
Origin Russian Wikipedia 'Adli' (see problems/mansubat.toml)
Title al-Adli rooks
Pieces White kc1 rf7h6 se5 feg5 Black kg8 feb3 sc3 ra2d2
Stipulation #5
Condition PromOnly fe
Option NoBoard
Next
Title Lucena
pieces white kd5 qc6 se5 black kg8 ra8b8 pg7h7 qa3
stip #5
opti NoCastling a8
EndProblem
";

#[test]
fn popeye_input_is_read() {
    let (code, err, p) = import("book.inp", POPEYE, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].id, "al-adli-rooks");
    assert_eq!(p[0].rules, "shatranj");
    assert_eq!(p[0].fen, "6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1");
    assert_eq!(p[0].stipulation.to_string(), "#5");
    assert_eq!(
        p[0].source.as_deref(),
        Some("al-Adli, Russian Wikipedia 'Adli' (see problems/mansubat.toml)")
    );
    assert_eq!(p[1].rules, "orthodox");
    assert_eq!(p[1].fen, "rr4k1/6pp/2Q5/3KN3/8/q7/8/8 w - - 0 1");
    // BlackMustCapture is the covetous defender; both sides' is the preset `forced`.
    let t = POPEYE.replace("PromOnly fe", "PromOnly fe BlackMustCapture");
    let (_, _, p) = import("book.inp", &t, &[]);
    assert!(p[0].conditions.covetous);
    let t = POPEYE.replace("PromOnly fe", "WhiteMustCapture BlackMustCapture");
    let (_, _, p) = import("book.inp", &t, &[]);
    assert_eq!(p[0].rules, "forced");
    assert!(!p[0].conditions.covetous);
}

#[test]
fn popeye_input_errors_name_the_line() {
    fails(
        "p.inp",
        &POPEYE.replace("#5\nCondition", "pser-h#5\nCondition"),
        &[],
        6,
        "problem 'al-Adli rooks': not imported: stipulation pser-h#5",
    );
    fails(
        "p.inp",
        &POPEYE.replace("#5\nCondition", "dia5\nCondition"),
        &[],
        6,
        "stipulation dia5",
    );
    fails(
        "p.inp",
        &POPEYE.replace("PromOnly fe", "Circe"),
        &[],
        7,
        "condition Circe",
    );
    fails(
        "p.inp",
        &POPEYE.replace("Option NoBoard", "Option PostKeyPlay"),
        &[],
        8,
        "option PostKeyPlay",
    );
    fails(
        "p.inp",
        &POPEYE.replace("kd5 qc6", "kd5 gc6"),
        &[],
        11,
        "problem 'Lucena': not imported: fairy piece grashopper (G)",
    );
    fails(
        "p.inp",
        &POPEYE.replace("EndProblem\n", ""),
        &[],
        9,
        "no EndProblem",
    );
    fails(
        "p.inp",
        &POPEYE.replace("stip #5\n", ""),
        &[],
        9,
        "no Stipulation",
    );
    // Queens are no shatranj men.
    fails(
        "p.inp",
        POPEYE,
        &["--rules", "shatranj"],
        9,
        "have no queen",
    );
}

const PIECES: &str = "Title: Abu Naim
Rules: shatranj
Source: Murray no. 53 (position as problems/mansubat.toml 'abu-naim')
White: Kg8, Ktg3, Re1, Rg1, f4 (5); Black: Kf6 Rd7 Rh7 Ng6 Pf5 (5)
White to play and mate in three
Solution: 1.Nh5+ Rxh5 2.Rxg6+ Kxg6 3.Re6#

Rules: shatranj
Green: Kb3 Fc3; Red: Kd5 Fa1
Green to play and win

Rules: shatranj
White: Kb6 R h1 b2; Black: Ka8 Ae4
mate in two with a rook
";

#[test]
fn piece_lists_are_read() {
    let (code, err, p) = import(
        "book.txt",
        PIECES,
        &["--colours", "green=white,red=black", "--win-moves", "20"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(p.len(), 3);
    assert_eq!(p[0].id, "abu-naim");
    assert_eq!(p[0].fen, "6K1/3r3r/5kn1/5p2/5P2/6N1/8/4R1R1 w - - 0 1");
    assert_eq!(p[0].stipulation.to_string(), "#3");
    assert_eq!(
        p[0].solution.as_deref(),
        Some("1.Nh5+ Rxh5 2.Rxg6+ Kxg6 3.Re6#")
    );
    assert_eq!(p[1].fen, "8/8/8/3k4/8/1KQ5/8/q7 w - - 0 1");
    assert_eq!(p[1].stipulation.to_string(), "win 20");
    assert_eq!(
        p[1].sides.name(mansuba::board::piece::Color::White),
        "Green"
    );
    assert_eq!(p[2].fen, "k7/8/1K6/8/4b3/8/1R6/7R w - - 0 1");
    assert_eq!(p[2].conditions.mate_by.as_deref(), Some("r"));
    // "Black to play" gives Black the move.
    let t = PIECES.replace(
        "White to play and mate in three",
        "Black to play and mate in 3",
    );
    let (_, _, p) = import(
        "book.txt",
        &t,
        &["--colours", "green=white,red=black", "--win-moves", "20"],
    );
    assert!(p[0].fen.contains(" b "));
}

#[test]
fn piece_list_errors_name_the_line() {
    let ok = ["--colours", "green=white,red=black", "--win-moves", "20"];
    fails(
        "b.txt",
        &PIECES.replace("f4 (5)", "f4 (4)"),
        &ok,
        4,
        "the count (4) does not match the 5 men",
    );
    fails(
        "b.txt",
        PIECES,
        &["--win-moves", "20"],
        9,
        "'Green' is not White or Black",
    );
    fails("b.txt", PIECES, &ok[..2], 10, "--win-moves N");
    fails(
        "b.txt",
        &PIECES.replace("Kf6 Rd7", "Kf6 Zd7"),
        &ok,
        4,
        "'Z' is no man of the rules 'shatranj'",
    );
    fails(
        "b.txt",
        &PIECES.replace("mate in three", "mate"),
        &ok,
        5,
        "mate in how many moves?",
    );
    fails(
        "b.txt",
        &PIECES.replace("Rules: shatranj\nSource", "Source"),
        &ok,
        1,
        "no rules for this problem",
    );
    fails(
        "b.txt",
        &PIECES.replace("Kg8, Ktg3", "Kg8, Ktg9"),
        &ok,
        4,
        "'g9' is not a square",
    );
    fails(
        "b.txt",
        &PIECES.replace("Solution:", "Solutoin:"),
        &ok,
        6,
        "'Solutoin' is not White or Black (nor a label",
    );
}

#[test]
fn epd_lines_are_read() {
    let epd = "% from problems/early-modern.toml\n6k1/2r2p2/5P2/4N3/8/1qp5/1P2R3/1K2R3 w - - dm 4; id \"stamma\"; c0 \"Stamma 1737\";\nrr4k1/6pp/2Q5/3KN3/8/q7/8/8 w - - 0 1 #5\n";
    let (code, err, p) = import("set.epd", epd, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(p.len(), 2);
    assert_eq!(
        (p[0].id.as_str(), p[0].source.as_deref()),
        ("stamma", Some("Stamma 1737"))
    );
    assert_eq!(p[0].stipulation.to_string(), "#4");
    assert_eq!(p[1].id, "set-2");
    fails(
        "e.epd",
        &epd.replace("dm 4", "dm x"),
        &[],
        2,
        "'dm x': expected the number of moves",
    );
    fails("e.epd", &epd.replace(" #5", ""), &[], 3, "no stipulation");
    fails(
        "e.epd",
        &epd.replace("6k1/2r2p2", "6k1/2r2p3"),
        &[],
        2,
        "not a legal problem position",
    );
    // Letters are the rules': shatranj has no castling.
    fails(
        "e.epd",
        &epd.replace("w - - dm", "w KQ - dm"),
        &["--rules", "shatranj"],
        2,
        "not a legal problem position",
    );
}

#[test]
fn the_format_is_told_from_the_text() {
    let (code, err, p) = import("noext", POPEYE, &[]);
    assert_eq!((code, p.len()), (0, 2), "{err}");
    let (code, err, p) = import(
        "noext",
        "6k1/2r2p2/5P2/4N3/8/1qp5/1P2R3/1K2R3 w - - dm 4;\n",
        &[],
    );
    assert_eq!((code, p.len()), (0, 1), "{err}");
    let (code, _, p) = import("noext", &PIECES[..PIECES.find("\n\n").unwrap()], &[]);
    assert_eq!((code, p.len()), (0, 1));
    let (code, err, _) = import("noext", "hello\n", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("give --format popeye, pieces or epd"), "{err}");
    let _ = Path::new("");
}

#[test]
fn imported_problems_verify() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("book.inp");
    std::fs::write(&input, POPEYE).unwrap();
    let out = dir.path().join("out.toml");
    Command::cargo_bin("mansuba")
        .unwrap()
        .arg("import")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let v = Command::cargo_bin("mansuba")
        .unwrap()
        .arg("verify")
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&v.stdout);
    assert_eq!(v.status.code(), Some(0), "{text}");
    assert!(
        text.contains("sound") && text.contains("al-adli-rooks") && text.contains("lucena"),
        "{text}"
    );
}
