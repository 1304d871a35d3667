//! `mansuba import` of Popeye's input language as Popeye 4.104 reads it: prefixes in any
//! case, English, German and French, every command (the output-only ones accepted and
//! ignored), twins and zero positions (each twin its own problem), the options and
//! conditions that change a problem honoured or the problem refused with the reason, one
//! problem's refusal never stopping the others. The positions are composed here.

use assert_cmd::Command;
use mansuba::problem::{load_file, Problem};

/// Imports `text` (saved as `name`) with `args`: exit code, stderr, problems written.
fn import(name: &str, text: &str, args: &[&str]) -> (i32, String, Vec<Problem>) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    let out_file = dir.path().join("out.toml");
    let out = Command::cargo_bin("mansuba")
        .unwrap()
        .current_dir(dir.path())
        .args(["import", name, "-o", "out.toml"])
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let problems = match out_file.exists() {
        true => load_file(&out_file, &Default::default())
            .problems
            .into_iter()
            .map(|p| p.unwrap_or_else(|e| panic!("{e}")))
            .collect(),
        false => vec![],
    };
    (out.status.code().unwrap(), err, problems)
}

/// Imports text that must come in whole: its problems.
fn ok(text: &str) -> Vec<Problem> {
    let (code, err, p) = import("t.inp", text, &[]);
    assert_eq!(code, 0, "{err}");
    p
}

fn fens(p: &[Problem]) -> Vec<(&str, &str)> {
    p.iter().map(|x| (x.id.as_str(), x.fen.as_str())).collect()
}

/// A diagram of five men, the start of every twinning test.
const DIAGRAM: &str =
    "BeginProblem\nTitle T\nPieces White ke1 qd1 rh1 pb2 Black ke8\nStipulation #2\n";

#[test]
fn every_command_is_read_or_ignored() {
    let p = ok(
        "beginPROB\nprot out.txt\nauth First Author\nauthor Second Author\n\
         orig Some Magazine 1900\naward 1st Prize\ntitle A title\nremark a remark\n\
         LaTeX x\nPieces white kg1 rh1 black kg8 pg7\nstip #1\n\
         option NoBoard Variation Try NoThreat Defence 2 SetPlay MoveNumbers \
         StartMoveNumber 3:1 MaxSolutions 4 maxtime 9 intelligent\nEndProb\n",
    );
    assert_eq!(p.len(), 1);
    let x = &p[0];
    assert_eq!(x.id, "a-title");
    assert_eq!(x.title.as_deref(), Some("A title"));
    assert_eq!(
        x.source.as_deref(),
        Some("First Author, Second Author, Some Magazine 1900, 1st Prize")
    );
    assert_eq!(x.published.as_deref(), Some("a remark"));
    assert_eq!(x.rules, "orthodox");
    assert_eq!(x.fen, "6k1/6p1/8/8/8/8/8/6KR w - - 0 1");
    // Forsyth and InitialGameArray set the men.
    let p = ok("BeginProblem\nForsyth 4k3/8/8/8/8/8/4P3/R3K2R\nStipulation #3\nEndProblem\n");
    assert_eq!(p[0].fen, "4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1");
    let p = ok("BeginProblem\nInitialGameArray\nStipulation #4\nEndProblem\n");
    assert_eq!(
        p[0].fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn options_are_honoured_or_refuse_their_problem() {
    let base = "BeginProblem\nPieces White ke1 ra1h1 pe5 Black ke8 pd5\nStipulation #2\n";
    let p = ok(&format!(
        "{base}Option NoCastling a1 EnPassant d7d6d5\nEndProblem\n"
    ));
    assert_eq!(p[0].fen, "4k3/8/8/3pP3/8/8/8/R3K2R w K d6 0 1");
    let p = ok(&format!("{base}Option HalfDuplex\nEndProblem\n"));
    assert_eq!(p[0].fen, "4k3/8/8/3pP3/8/8/8/R3K2R b KQ - 0 1");
    for (opt, says) in [
        ("PostKeyPlay", "option PostKeyPlay (the play after the key"),
        ("Threat 2", "option Threat"),
        ("NullMoves", "option NullMoves"),
        ("EnPassant d7d6d5d4", "option EnPassant with 4 squares"),
    ] {
        let (code, err, _) = import("t.inp", &format!("{base}Option {opt}\nEndProblem\n"), &[]);
        assert_eq!(code, 2, "{opt}: {err}");
        assert!(err.contains(says), "{opt}: {err}");
    }
}

#[test]
fn duplex_brings_the_task_and_its_half_duplex() {
    // Popeye's BEISPIEL/twin.inp, no. 1 (M. Tomasevic, feenschach 1982): h#2 duplex,
    // twin h=2 duplex.
    let text = "BeginProblem\nStipulation h#2\nPieces White kc8 pe7 Black ka6 rf7\n\
                Option Duplex\nTwin Stipulation h=2\nEndProblem\n";
    let p = ok(text);
    let got: Vec<_> = (p.iter())
        .map(|x| (x.id.as_str(), x.stipulation_text.as_str(), x.fen.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("t-1", "h#2", "2K5/4Pr2/k7/8/8/8/8/8 b - - 0 1"),
            (
                "t-1-duplex",
                "h#2 half-duplex",
                "2K5/4Pr2/k7/8/8/8/8/8 w - - 0 1"
            ),
            ("t-1-b", "h=2", "2K5/4Pr2/k7/8/8/8/8/8 b - - 0 1"),
            (
                "t-1-b-duplex",
                "h=2 half-duplex",
                "2K5/4Pr2/k7/8/8/8/8/8 w - - 0 1"
            ),
        ]
    );
    // HalfDuplex alone: only the exchanged task; with a direct mate, Black to move.
    let half = ok(&text.replace("Duplex", "HalfDuplex"));
    let stips: Vec<_> = half.iter().map(|x| x.stipulation_text.as_str()).collect();
    assert_eq!(stips, ["h#2 half-duplex", "h=2 half-duplex"]);
    // WhiteToPlay beside either is refused by name.
    let (code, err, _) = import("t.inp", &text.replace("Duplex", "Duplex WhiteToPlay"), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("HalfDuplex and Duplex are not read with WhiteToPlay"),
        "{err}"
    );
}

#[test]
fn conditions_map_to_rules_or_refuse_their_problem() {
    let base = "BeginProblem\nPieces White kc1 rh6 Black kg8 pa7\nStipulation #2\n";
    let p = ok(&format!("{base}Condition PromOnly q r b s\nEndProblem\n"));
    assert_eq!(p[0].rules, "orthodox");
    let p = ok(&format!(
        "{base}Condition PromOnly fe BlackMustCapture\nEndProblem\n"
    ));
    assert_eq!(p[0].rules, "shatranj");
    assert!(p[0].conditions.covetous);
    let p = ok(&format!(
        "{base}Cond WhiteMustCapture blackmust PromOnly fe\nEndProblem\n"
    ));
    assert_eq!(p[0].rules, "forced");
    for (cond, says) in [
        (
            "PromOnly q",
            "condition PromOnly queen (the rules 'orthodox' promote to",
        ),
        ("WhiteMustCapture", "condition WhiteMustCapture"),
        ("Circe Parrain", "condition Circe"),
        ("Madrasi RI", "condition Madrasi"),
    ] {
        let (code, err, _) = import(
            "t.inp",
            &format!("{base}Condition {cond}\nEndProblem\n"),
            &[],
        );
        assert_eq!(code, 2, "{cond}: {err}");
        assert!(err.contains(says), "{cond}: {err}");
    }
    // `--rules` wins over what the problem implies.
    let (code, err, p) = import(
        "t.inp",
        &format!("{base}EndProblem\n"),
        &["--rules", "english-1650"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(p[0].rules, "english-1650");
}

#[test]
fn every_twinning_kind_makes_its_own_problem() {
    let twins = "twin move d1 d4\ntwin exchange e1 e8\ntwin remove b2\ntwin add black ra8 sb8\n\
                 twin substitute q r\ntwin rotate 90\ntwin mirror a1<-->h1\ntwin shift b2 a2\n\
                 twin PolishType\ntwin stipulation #3\ntwin continued move h1 h2\n\
                 twin condition blackmustcapture\nEndProblem\n";
    let (code, err, p) = import("t.inp", &format!("{DIAGRAM}{twins}"), &[]);
    // c): the kings exchanged, White's queen gives check to the king not to move.
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("problem 't-c': not imported: the position"),
        "{err}"
    );
    assert_eq!(
        fens(&p),
        [
            ("t", "4k3/8/8/8/8/8/1P6/3QK2R w K - 0 1"),
            ("t-b", "4k3/8/8/8/3Q4/8/1P6/4K2R w K - 0 1"),
            ("t-d", "4k3/8/8/8/8/8/8/3QK2R w K - 0 1"),
            ("t-e", "rn2k3/8/8/8/8/8/1P6/3QK2R w Kq - 0 1"),
            ("t-f", "4k3/8/8/8/8/8/1P6/3RK2R w K - 0 1"),
            ("t-g", "7R/8/8/k6K/7Q/8/6P1/8 w - - 0 1"),
            ("t-h", "3k4/8/8/8/8/8/6P1/R2KQ3 w - - 0 1"),
            ("t-i", "3k4/8/8/8/8/8/P7/2QK2R1 w - - 0 1"),
            ("t-j", "4K3/8/8/8/8/8/1p6/3qk2r w - - 0 1"),
            ("t-k", "4k3/8/8/8/8/8/1P6/3QK2R w K - 0 1"),
            ("t-l", "4k3/8/8/8/8/8/1P5R/3QK3 w - - 0 1"),
            ("t-m", "4k3/8/8/8/8/8/1P6/3QK2R w K - 0 1"),
        ]
    );
    let get = |id: &str| p.iter().find(|x| x.id == id).unwrap();
    assert_eq!(get("t-k").stipulation.to_string(), "#3");
    // continued: from twin k) (#3), not from the diagram (#2).
    assert_eq!(get("t-l").stipulation.to_string(), "#3");
    assert_eq!(get("t-m").stipulation.to_string(), "#2");
    assert!(get("t-m").conditions.covetous);
    let notes = get("t-b").notes.clone().unwrap_or_default();
    assert!(
        notes.contains("twin b) of the problem at line 1: move d1 d4"),
        "{notes}"
    );
}

/// A twin's `add` replaces a man already on the square ("Add pieces - present pieces are
/// replaced", Popeye 4.104's py-engl.txt, Twin; its BEISPIEL/intell.inp twins a black
/// bishop c2 into a pawn so); `Pieces` naming a square twice is still refused.
#[test]
fn a_twins_add_replaces_the_man_on_its_square() {
    let (code, err, p) = import(
        "t.inp",
        &format!("{DIAGRAM}twin add black pb2\nEndProblem\n"),
        &[],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fens(&p),
        [
            ("t", "4k3/8/8/8/8/8/1P6/3QK2R w K - 0 1"),
            ("t-b", "4k3/8/8/8/8/8/1p6/3QK2R w K - 0 1"),
        ]
    );
}

#[test]
fn a_zero_position_is_no_problem_of_its_own() {
    let (code, err, p) = import(
        "t.inp",
        &format!("{DIAGRAM}zeroposition\nrotate 180\ntwin mirror a1<-->a8\nEndProblem\n"),
        &[],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fens(&p),
        [
            ("t-a", "R2KQ3/6P1/8/8/8/8/8/3k4 w - - 0 1"),
            ("t-b", "3QK2R/1P6/8/8/8/8/8/4k3 w - - 0 1"),
        ]
    );
}

#[test]
fn german_and_french_files_are_read() {
    let de =
        "AnfangProblem\nAutor Jemand\nQuelle Zeitung\nSteine Weiss kg1 th1 bg2 Schwarz kg8 lg7\n\
              Forderung #2\nBedingung SchwarzerSchlagzwang\nOption KeineRochade h1\n\
              Zwilling versetze h1 h2\nEndeProblem\n";
    let p = ok(de);
    assert_eq!(
        fens(&p),
        vec![
            ("t-1", "6k1/6b1/8/8/8/8/6P1/6KR w - - 0 1"),
            ("t-1-b", "6k1/6b1/8/8/8/8/6PR/6K1 w - - 0 1"),
        ]
    );
    assert!(p[0].conditions.covetous);
    assert_eq!(p[0].source.as_deref(), Some("Jemand, Zeitung"));
    let fr = "DebutProbleme\nauteur Quelqu'un\npieces blanc rg1 th1 dd1 noir rg8 fg7 cb8\n\
              enonce #2\noption SansRoquer h1\njumeau deplacement d1 d4\nasuivre\n\
              pieces blanc rg1 noir rh8\nenonce #1\nFinProbleme\n";
    let (code, err, p) = import("t.inp", fr, &[]);
    // The second problem has no mate: it comes in all the same (mansuba finds none).
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fens(&p),
        vec![
            ("t-1", "1n4k1/6b1/8/8/8/8/8/3Q2KR w - - 0 1"),
            ("t-1-b", "1n4k1/6b1/8/8/3Q4/8/8/6KR w - - 0 1"),
            ("t-2", "7k/8/8/8/8/8/8/6K1 w - - 0 1"),
        ]
    );
}

#[test]
fn prefixes_ambiguity_and_slips_are_said() {
    // Any case, any prefix only one keyword has.
    let p = ok("BEG\nPIE WHI KE1 RA1 BLA KE8\nSTI #2\nOPT NOCA A1\nEND\n");
    assert_eq!(p[0].fen, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    // An ambiguous prefix names its candidates; a slip gets a "did you mean".
    for (text, line, says) in [
        (
            "BeginProblem\nPieces White ke1 Black ke8\nStipulation #1\nOption nob\nEndProblem\n",
            4,
            "'nob' is ambiguous: it begins NoBk, NoBoard",
        ),
        (
            "BeginProblem\nPieces White ke1 Black ke8\nStipulaton #2\nEndProblem\n",
            3,
            "unknown keyword 'Stipulaton' (expected a command): did you mean 'stipulation'?",
        ),
        (
            "BeginProblem\na Someone\nEndProblem\n",
            2,
            "'a' is ambiguous: it begins author, award",
        ),
    ] {
        let (code, err, _) = import("t.inp", text, &[]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(&format!("t.inp:{line}: ")), "{err}");
        assert!(err.contains(says), "{says}? {err}");
    }
}

#[test]
fn one_problem_never_stops_the_others() {
    let text = "BeginProblem\nPieces White kb6 rh1 Black ka8\nStipulation #1\nNext\n\
                Pieces White kb6 rh1 gh5 Black ka8\nStipulation #1\nNext\n\
                Pieces White kb6 rh1 Black ka8\nStipulaton #1\nNext\n\
                Pieces White kb6 rh1 Black ka8\nStipulation pser-h#1\ntwin stipulation #1\nEndProblem\n";
    let (code, err, p) = import("t.inp", text, &[]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        p.iter().map(|x| x.id.as_str()).collect::<Vec<_>>(),
        ["t-1", "t-4-b"]
    );
    assert!(
        err.contains("t.inp:5: problem 2 ('t-2'): not imported: fairy piece grashopper (G)"),
        "{err}"
    );
    assert!(
        err.contains("t.inp:9: problem 3 ('t-3'): unknown keyword 'Stipulaton'"),
        "{err}"
    );
    assert!(
        err.contains("t.inp:12: problem 4 ('t-4'): not imported: stipulation pser-h#1"),
        "{err}"
    );
    // Each reason names the line of the word refused; the error, the first of them.
    let (_, why, _) = import(
        "t.inp",
        "BeginProblem\nPieces White kb6 rh1\n  Black ka8 lh8\nCondition Circe\nStipulation #1\nEndProblem\n",
        &[],
    );
    assert!(
        why.contains("t.inp:3: problem 1 ('t-1'): not imported: fairy piece locust (L); condition Circe (line 4)"),
        "{why}"
    );
    assert!(err.contains("2 problems imported, 3 not"), "{err}");
    let (code, _, p) = import("t.inp", text, &["--strict"]);
    assert_eq!((code, p.len()), (2, 0));
    // A byte-order mark anywhere a line starts (files joined), in every format.
    let bom = "\u{feff}";
    let (code, err, p) = import(
        "t.inp",
        &format!(
            "{bom}BeginProblem\n{bom}Pieces White kb6 rh1 Black ka8\nStipulation #1\nEndProblem\n"
        ),
        &[],
    );
    assert_eq!((code, p.len()), (0, 1), "{err}");
    let line = "6k1/8/5K2/8/8/8/8/7R w - - dm 1;\n";
    let (code, err, p) = import("t.epd", &format!("{bom}{line}{bom}{line}"), &[]);
    assert_eq!((code, p.len()), (0, 2), "{err}");
}

#[test]
fn a_latin1_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"BeginProblem\nOrigin Ph".to_vec();
    bytes.push(0xe9);
    bytes.extend_from_slice(b"nix\nPieces White kb6 rh1 Black ka8\nStipulation #1\nEndProblem\n");
    std::fs::write(dir.path().join("l.inp"), bytes).unwrap();
    let out = Command::cargo_bin("mansuba")
        .unwrap()
        .current_dir(dir.path())
        .args(["import", "l.inp", "-o", "o.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let p = load_file(&dir.path().join("o.toml"), &Default::default())
        .problems
        .remove(0)
        .unwrap();
    assert_eq!(p.source.as_deref(), Some("Phénix"));
}

#[test]
fn the_export_comes_back_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let toml = "[[problem]]\nid = \"a\"\ntitle = \"A\"\nsource = \"S\"\nrules = \"english-1650\"\n\
                fen = \"4k3/8/8/3pP3/8/8/8/R3K2R w K d6 0 1\"\nstipulation = \"#2\"\n\n\
                [[problem]]\nid = \"b\"\nrules = \"orthodox\"\nfen = \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"\nstipulation = \"#3\"\n";
    std::fs::write(dir.path().join("p.toml"), toml).unwrap();
    let run = |args: &[&str]| succeeds_in(dir.path(), args);
    run(&["export", "p.toml", "--popeye", "p.inp"]);
    run(&["import", "p.inp", "-o", "back.toml"]);
    let orig = load_file(&dir.path().join("p.toml"), &Default::default()).problems;
    let back = load_file(&dir.path().join("back.toml"), &Default::default()).problems;
    assert_eq!(back.len(), 2);
    for (o, b) in orig.iter().zip(&back) {
        let (o, b) = (o.as_ref().unwrap(), b.as_ref().unwrap());
        // `import` writes an empty `source` for the user to complete: no source.
        let src = |p: &Problem| p.source.clone().unwrap_or_default();
        assert_eq!(
            (
                &o.id,
                &o.title,
                src(o),
                &o.rules,
                &o.fen,
                &o.stipulation_text
            ),
            (
                &b.id,
                &b.title,
                src(b),
                &b.rules,
                &b.fen,
                &b.stipulation_text
            )
        );
    }
}

/// The kind of a problem's own rules lettered `c` (its rules with the `rules_set` on top).
fn kind(p: &Problem, c: char) -> mansuba::board::piece::PieceDef {
    let r = p.own_rules(&Default::default()).unwrap();
    r.pieces[r.kind_of(c).unwrap() as usize].clone()
}

#[test]
fn leapers_and_riders_come_in_as_kinds_added_to_the_rules() {
    // Composed here: a camel, a nightrider, a gnu and a wazir, and the pawn that may
    // become any of them.
    let p = ok("BeginProblem\nPieces White kb6 cad4 ne4 gnf4 wee5 pg7 Black ka8\nStipulation #2\nEndProblem\n");
    assert_eq!(p[0].rules, "orthodox");
    assert_eq!(p[0].fen, "k7/6P1/1K6/4W3/3CHU2/8/8/8 w - - 0 1");
    assert_eq!(kind(&p[0], 'c').leaps, [[1, 3]]);
    assert_eq!(kind(&p[0], 'h').rides, [[1, 2]]);
    assert_eq!(kind(&p[0], 'u').leaps, [[1, 2], [1, 3]]);
    assert_eq!(kind(&p[0], 'w').name, "wazir");
    let r = p[0].own_rules(&Default::default()).unwrap();
    assert_eq!(r.promotion.to, ['q', 'r', 'b', 'n', 'h', 'c', 'w', 'u']);
    // With `PromOnly` naming one, a pawn promotes to what it names.
    let p = ok("BeginProblem\nPieces White kb6 cad4 pg7 Black ka8\nStipulation #2\nCondition PromOnly ca z\nEndProblem\n");
    let r = p[0].own_rules(&Default::default()).unwrap();
    assert_eq!(r.promotion.to, ['c', 'z']);
    assert_eq!(kind(&p[0], 'z').leaps, [[2, 3]]);
    // Hoppers are refused by name, as before.
    let (code, err, _) = import(
        "t.inp",
        "BeginProblem\nPieces White kb6 cad4 gd5 Black ka8\nStipulation #2\nEndProblem\n",
        &[],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("fairy piece grashopper (G)"), "{err}");
    assert!(!err.contains("camel"), "{err}");
    // Ten kinds more than the orthodox six are more than one rule set holds.
    let (code, err, _) = import(
        "t.inp",
        "BeginProblem\nPieces White kb6 cad4 ne4 zf2 37h1 gia1 wea2 daa3 ana4 bia5 oka6 Black ka8\n\
         Stipulation #2\nEndProblem\n",
        &[],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "not imported: with Popeye's fairy men added: rules 'orthodox': at most 15 kinds"
        ),
        "{err}"
    );
}

#[test]
fn a_fairy_man_goes_out_to_popeye_and_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let inp = "BeginProblem\nTitle F\nPieces White kb6 cad4 ne4 zf2 37h1 pg7 Black ka8 bie8 wre7\n\
               Stipulation #2\nEndProblem\n";
    std::fs::write(dir.path().join("a.inp"), inp).unwrap();
    let run = |args: &[&str]| succeeds_in(dir.path(), args);
    run(&["import", "a.inp", "-o", "a.toml"]);
    run(&["export", "a.toml", "--popeye", "b.inp"]);
    let out = std::fs::read_to_string(dir.path().join("b.inp")).unwrap();
    assert!(
        out.contains("Pieces White pg7 kb6 cad4 ne4 zf2 37h1 Black ka8 bie8 wre7"),
        "{out}"
    );
    // Popeye's own promotion (the orthodox men and the fairy men on the board): no PromOnly.
    assert!(!out.contains("PromOnly"), "{out}");
    run(&["import", "b.inp", "-o", "b.toml"]);
    let a = load_file(&dir.path().join("a.toml"), &Default::default())
        .problems
        .remove(0)
        .unwrap();
    let b = load_file(&dir.path().join("b.toml"), &Default::default())
        .problems
        .remove(0)
        .unwrap();
    assert!(a.rules_set.is_some());
    assert_eq!(
        (&a.rules, &a.rules_set, &a.fen, &a.stipulation_text),
        (&b.rules, &b.rules_set, &b.fen, &b.stipulation_text)
    );
    // A promotion other than Popeye's own is written as PromOnly.
    let inp = "BeginProblem\nPieces White kb6 cad4 pg7 Black ka8\nStipulation #2\nCondition PromOnly ca q\nEndProblem\n";
    std::fs::write(dir.path().join("c.inp"), inp).unwrap();
    run(&["import", "c.inp", "-o", "c.toml"]);
    run(&["export", "c.toml", "--popeye", "d.inp"]);
    let out = std::fs::read_to_string(dir.path().join("d.inp")).unwrap();
    assert!(out.contains("Condition PromOnly ca q"), "{out}");
    // Under shatranj (a fers on the board) PromOnly names the ferz and the fairy men.
    let inp =
        "BeginProblem\nPieces White kb6 cad4 pg7 Black ka8 fee7\nStipulation #2\nEndProblem\n";
    std::fs::write(dir.path().join("e.inp"), inp).unwrap();
    run(&["import", "e.inp", "-o", "e.toml"]);
    run(&["export", "e.toml", "--popeye", "f.inp"]);
    let out = std::fs::read_to_string(dir.path().join("f.inp")).unwrap();
    assert!(out.contains("Condition PromOnly ca fe"), "{out}");
    run(&["import", "f.inp", "-o", "f.toml"]);
    let e = load_file(&dir.path().join("e.toml"), &Default::default())
        .problems
        .remove(0)
        .unwrap();
    let f = load_file(&dir.path().join("f.toml"), &Default::default())
        .problems
        .remove(0)
        .unwrap();
    assert_eq!(e.rules, "shatranj");
    assert_eq!((&e.rules_set, &e.fen), (&f.rules_set, &f.fen));
}

/// Popeye problems with its leapers and riders, as Popeye 4.104's files give them, and
/// Popeye's answer for each (its `py` on the problem: the key, or the one solution).
const POPEYE_FAIRY: &[(&str, &str, &str, &str)] = &[
    (
        // Popeye 4.104, repository thomas-maeder/popeye, file BEISPIEL/elephant.inp
        // (Bruno Kampmann, diagrammes 122, 7-9/1997): 1.ETd1-b5+ !
        "anfang\nforderung #4\nsteine weiss kd2 etd1\n schwarz kd6 sd7 etd8\nende\n",
        "#4",
        "keys",
        "d1b5",
    ),
    (
        // Popeye 4.104, repository thomas-maeder/popeye, file BEISPIEL/leaper.inp
        // (Pierre Monreal, Fernand Calvet, The Problemist 1974): 1.Tb7-b8 !
        "anfang\nforderung #2\nsteine weiss ka8 dc8 tb7d2 lf1 sb3 ba5b2 bid6h2\n\
         schwarz kc4 tf8h4 le8g3 ba6b4c5d5f3 bic6e2\nende\n",
        "#2",
        "keys",
        "b7b8",
    ),
    (
        // Popeye 4.104, repository thomas-maeder/popeye, file BEISPIEL/stip.inp
        // (Th. Steudel, Jugendschach 49, 8/1985): 1.a7-a5 2.a5-a4 3.a4-a3 4.a3-a2
        // 5.a2-a1=CR 6.CRa1-b4 CRc1*b4 =
        "anfang\nforderung ser-h=6\nsteine weiss ka8 sd4f3 crc1\n schwarz kd1 ba7\nende\n",
        "ser-h=6",
        "solutions",
        "a7a5 a5a4 a4a3 a3a2 a2a1y a1b4 c1b4",
    ),
    (
        // Popeye 4.104, repository thomas-maeder/popeye, file TESTS/battle_play.inp
        // ("s#=2 with short solution"): 1.Rh2-b2+ !
        "beginproblem\npieces white ka1 rh2 cab1\n black kb3 pa3c3\nstip s#=2\nendproblem\n",
        "s#=2",
        "keys",
        "h2b2",
    ),
];

#[test]
fn popeye_problems_with_leapers_and_riders_verify_as_popeye_solves_them() {
    for (text, stip, column, popeye) in POPEYE_FAIRY {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("p.inp"), text).unwrap();
        let run = |args: &[&str]| {
            let o = Command::cargo_bin("mansuba")
                .unwrap()
                .current_dir(dir.path())
                .args(args)
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            String::from_utf8(o.stdout).unwrap()
        };
        run(&["import", "p.inp", "-o", "p.toml"]);
        let p = load_file(&dir.path().join("p.toml"), &Default::default())
            .problems
            .remove(0)
            .unwrap();
        assert!(p.rules_set.is_some(), "{stip}: a kind added");
        assert_eq!(p.stipulation_text, *stip);
        let csv = run(&["verify", "p.toml", "--csv", "-", "--threads", "1"]);
        let mut r = csv::Reader::from_reader(csv.as_bytes());
        let head = r.headers().unwrap().clone();
        let row = r.records().next().unwrap().unwrap();
        let cell = |k: &str| &row[head.iter().position(|h| h == k).unwrap()];
        assert_eq!(cell("keys_complete"), "yes", "{stip}");
        assert_eq!(cell(column), *popeye, "{stip}");
    }
}

/// Runs mansuba in `dir`, which must succeed.
fn succeeds_in(dir: &std::path::Path, args: &[&str]) {
    let o = Command::cargo_bin("mansuba")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
