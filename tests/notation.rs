//! Manuscript lines in every notation: the bundled problems' solutions rewritten in each
//! notation read back to the same completed line with the same verdict; attacker-only
//! lines are completed; wrong lines fail with the right word at the right move.

use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::notation::{self, Notation};
use mansuba::problem::{load_file, Problem};
use mansuba::solve::{check_claim, ClaimCheck, ClaimStatus, Limits};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Every bundled problem with a solution, except the 36-move water wheel (its claim check
/// alone takes longer than a test should).
fn bundled() -> Vec<Problem> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut out = vec![];
    for f in ["mansubat.toml", "early-modern.toml"] {
        for p in load_file(&dir.join(f), &Default::default())
            .problems
            .into_iter()
            .flatten()
        {
            if p.solution.is_some() && p.stipulation.moves <= 20 && !p.id.starts_with("water") {
                out.push(p);
            }
        }
    }
    assert!(out.len() >= 10, "{}", out.len());
    out
}

/// The folder the claims' tables are built in, one for the whole run of the tests.
fn tables_folder() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

fn claim(p: &Problem, text: &str, n: Notation) -> ClaimCheck {
    let any = AnyEngine::new(Rules::preset(&p.rules).unwrap()).unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_secs(60)),
        // The win-20 diamond needs its (four-man, seconds to build) table: built once, in
        // a private folder of these tests' own (never a shared one others could plant).
        table_cache: Some(mansuba::files::cache::TableCache::at(tables_folder())),
        ..Default::default()
    };
    check_claim(
        &any,
        &p.fen,
        &p.stipulation,
        &p.conditions,
        text,
        n,
        &limits,
    )
    .unwrap()
}

/// The manuscript's line as SAN plies (every bundled solution gives every move).
fn manuscript_plies(p: &Problem) -> Vec<String> {
    let mut q = position(p);
    let mut out = vec![];
    for t in notation::parse_line(p.solution.as_deref().unwrap_or("")) {
        let m = notation::parse_move(&q, &t.text).unwrap();
        out.push(notation::san(&q, &m));
        q.make(m);
    }
    out
}

fn position(p: &Problem) -> Position<u64> {
    let e = Engine::<u64>::new(Rules::preset(&p.rules).unwrap()).unwrap();
    Position::from_fen(Arc::new(e), &p.fen).unwrap()
}

/// A numbered line: `1.a b 2.c d` (or `1...a 2.b c` when Black starts).
fn numbered(plies: &[String], black_first: bool, reply_sep: &str, move_sep: &str) -> String {
    let mut out = String::new();
    for (i, m) in plies.iter().enumerate() {
        let k = i + black_first as usize;
        let n = k / 2 + 1;
        if k.is_multiple_of(2) {
            if i > 0 {
                out += move_sep;
            }
            out += &format!("{n}. {m}");
        } else if i == 0 {
            out += &format!("{n}... {m}");
        } else {
            out += reply_sep;
            out += m;
        }
    }
    out
}

/// Murray's way: `Kt` for the knight, `-` before the square, `×` for a capture, `m.` for
/// mate, replies after a comma, moves separated by semicolons.
fn murray(san: &str) -> String {
    let mate = san.ends_with('#');
    let body = san.trim_end_matches(['#', '+']);
    let body = body.replacen('N', "Kt", 1).replace('x', "×");
    let (head, sq) = body.split_at(body.len() - 2);
    let mut s = if head.is_empty() || head.ends_with('×') {
        format!("{head}{sq}")
    } else {
        format!("{head}-{sq}")
    };
    if mate {
        s += " m.";
    } else if san.ends_with('+') {
        s.push('+');
    }
    s
}

#[test]
fn bundled_solutions_read_back_in_every_notation() {
    for p in bundled() {
        let sol = p.solution.clone().unwrap();
        let base = claim(&p, &sol, Notation::Auto);
        assert!(!base.filled.is_empty(), "{}: {:?}", p.id, base);
        let pos = position(&p);
        let full = manuscript_plies(&p);
        let black_first = p.fen.split_whitespace().nth(1) == Some("b");
        for n in [
            Notation::San,
            Notation::Lan,
            Notation::Coord,
            Notation::Descriptive,
        ] {
            let plies = notation::write_plies(&pos, &full, n);
            let text = numbered(&plies, black_first, " ", " ");
            for read_as in [n, Notation::Auto] {
                let c = claim(&p, &text, read_as);
                assert_eq!(
                    c.status, base.status,
                    "{} in {n:?} read as {read_as:?}: {text}\n{c:?}",
                    p.id
                );
                assert_eq!(c.filled, base.filled, "{} in {n:?}: {text}", p.id);
                assert_eq!(c.completed, base.completed, "{} in {n:?}", p.id);
            }
        }
        let m: Vec<String> = full.iter().map(|s| murray(s)).collect();
        let text = numbered(&m, black_first, ", ", "; ");
        let c = claim(&p, &text, Notation::Murray);
        assert_eq!(c.status, base.status, "{} in Murray: {text}\n{c:?}", p.id);
        assert_eq!(c.filled, base.filled, "{} in Murray: {text}", p.id);
    }
}

#[test]
fn attacker_only_lines_are_completed() {
    for p in bundled() {
        let sol = p.solution.clone().unwrap();
        let base = claim(&p, &sol, Notation::Auto);
        let black_first = p.fen.split_whitespace().nth(1) == Some("b");
        let full = manuscript_plies(&p);
        let attacker: Vec<String> = full
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(i, m)| {
                let k = i + black_first as usize;
                format!("{}.{m}", k / 2 + 1)
            })
            .collect();
        let c = claim(&p, &attacker.join(" "), Notation::Auto);
        match p.id.as_str() {
            // Dilaram's #5 misses 2...Rh2: refuted either way.
            "dilaram" => assert_eq!(c.status, ClaimStatus::Refuted, "{c:?}"),
            _ => {
                assert_eq!(
                    c.status,
                    base.status,
                    "{}: {}\n{c:?}",
                    p.id,
                    attacker.join(" ")
                );
                assert_eq!(c.filled.len(), full.len(), "{}", p.id);
                // The attacker's moves are the manuscript's; every reply is marked filled.
                for (i, ins) in c.inserted.iter().enumerate() {
                    assert_eq!(*ins, i % 2 == 1, "{} ply {i}: {:?}", p.id, c.completed);
                }
            }
        }
    }
}

fn adli() -> Problem {
    bundled()
        .into_iter()
        .find(|p| p.id == "al-adli-rooks")
        .unwrap()
}

/// A bundled problem by id.
fn dilaram(id: &str) -> Problem {
    bundled().into_iter().find(|p| p.id == id).unwrap()
}

#[test]
fn al_adli_as_manuscripts_write_it() {
    let p = adli();
    let c = claim(&p, "1.Rg6+ 2.Rf8+ 3.Rh6+ 4.Qf6+ 5.Rh8#", Notation::Auto);
    assert_eq!(c.status, ClaimStatus::Ok, "{c:?}");
    assert!(
        c.completed.starts_with("1.Rg6+ [Kh8] 2.Rf8+ [Kh7]"),
        "{}",
        c.completed
    );
    assert!(
        c.remarks
            .iter()
            .any(|r| r.contains("not covered") && r.contains("4...")),
        "{:?}",
        c.remarks
    );
    // Descriptive, as a 19th-century edition prints it.
    let d = claim(
        &p,
        "1. R to KKt6 ch K to KR sq 2. R to KB8 ch K-R2 3. R-R6 ch K-Kt2 4. Q-B6 ch KxR 5. R-R8 mate",
        Notation::Descriptive,
    );
    assert_eq!(d.status, ClaimStatus::Ok, "{d:?}");
    // The miscopied reply is blamed, as the manuscript numbers it, with its side.
    let e = claim(&p, "1.Rg6+ Kf8 2.Rf8+", Notation::Auto);
    assert_eq!(e.status, ClaimStatus::Illegal);
    assert!(e.detail.starts_with("1...Kf8 (Black)"), "{}", e.detail);
    // A side variation is checked like the main line: 5.Rf7 is no mate.
    let v = claim(
        &p,
        "1.Rg6+ Kh8 2.Rf8+ Kh7 3.Rh6+ Kg7 4.Qf6+ Kxf8 (4...Kxh6 5.Rf7) 5.Rh8#",
        Notation::Auto,
    );
    assert_eq!(v.status, ClaimStatus::Incomplete, "{v:?}");
    assert!(v.detail.contains("4...Kxh6 5.Rf7"), "{}", v.detail);
    // Signs and numbers are remarks.
    let s = claim(
        &p,
        "1.Rg6 Kh8 2.Rf8+ Kh7 3.Rh6# Kg7 4.Qf6+ Kxf8 9.Rh8#",
        Notation::Auto,
    );
    assert_eq!(s.status, ClaimStatus::Ok, "{s:?}");
    let all = s.remarks.join("\n");
    assert!(all.contains("1.Rg6+ (White) gives check"), "{all}");
    assert!(all.contains("3.Rh6+ (White) as mate"), "{all}");
    assert!(all.contains("numbers 5.Rh8# (White) as 9"), "{all}");
    // A move that does not mate.
    let w = claim(&p, "1.Rg6+ 2.Rf8+ 3.Rh6+ 4.Qf6+ 5.Rf7", Notation::Auto);
    assert_ne!(w.status, ClaimStatus::Ok, "{w:?}");
    // Unreadable: the move, its place in the line, what was expected.
    let u = claim(&p, "1.Rg6+ Kh8 2.Zz9", Notation::Auto);
    assert_eq!(u.status, ClaimStatus::Illegal);
    assert!(u.detail.starts_with("2.Zz9 (White)"), "{}", u.detail);
    assert!(u.detail.contains("z9 is not a square"), "{}", u.detail);
}

#[test]
fn dilarams_short_line_names_the_uncovered_defence() {
    let six = dilaram("dilaram-6");
    let c = claim(
        &six,
        "1.Rh8+ Kxh8 2.Bf5+ Kg8 3.Rh8+ Kxh8 4.g7+ Kg8 5.Nh6#",
        Notation::Auto,
    );
    assert_eq!(c.status, ClaimStatus::Ok, "{c:?}");
    assert!(
        c.remarks.iter().any(|r| r.contains("not covered")
            && r.contains("2...Rh2 (Black)")
            && r.contains("still wins")),
        "{:?}",
        c.remarks
    );
    let five = dilaram("dilaram");
    let r = claim(&five, "1.Rh8+ 2.Bf5+ 3.Rh8+ 4.g7+ 5.Nh6#", Notation::Auto);
    assert_eq!(r.status, ClaimStatus::Refuted, "{r:?}");
    assert_eq!(r.detail, "by 2...Rh2 after 1.Rh8+ Kxh8 2.Bf5+");
}

/// The water wheel as some copies write move 14: `Nxe5+`, where the knights on c6 and d7
/// can both take. Only Ncxe5 lets the rest of the manuscript's line be played, so that is
/// the reading, with a remark.
#[test]
fn an_ambiguous_move_is_read_as_the_line_needs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let p = load_file(&dir.join("mansubat.toml"), &Default::default())
        .problems
        .into_iter()
        .flatten()
        .find(|p| p.id == "water-wheel")
        .unwrap();
    let text = p.solution.clone().unwrap().replace("Ncxe5+", "Nxe5+");
    assert_ne!(&text, p.solution.as_ref().unwrap());
    let c = claim(&p, &text, Notation::Auto);
    assert_eq!(c.status, ClaimStatus::Ok, "{c:?}");
    assert!(
        c.remarks
            .iter()
            .any(|r| r.starts_with("14...Nxe5+ (Black) is ambiguous")
                && r.contains("read as Ncxe5+")),
        "{:?}",
        c.remarks
    );
    assert_eq!(c.filled[26], "Ncxe5+");
}

/// The duals a claim check names along Dilaram's Legacy's last four moves are exactly the
/// other keys the solver finds from those positions on its own (every first move
/// searched): 2.Nb7+ and Qb5 both mate in three, 3.Qb3+ and Bc1 both in two.
#[test]
fn duals_along_a_line_are_the_solvers_other_keys() {
    let p = dilaram("dilarams-legacy-after-4");
    let c = claim(&p, p.solution.as_deref().unwrap(), Notation::Auto);
    assert_eq!(c.status, ClaimStatus::Ok, "{c:?}");
    let named: Vec<&String> = c
        .remarks
        .iter()
        .filter(|r| r.starts_with("dual at"))
        .collect();
    let any = AnyEngine::new(Rules::preset(&p.rules).unwrap()).unwrap();
    let mut q = position(&p);
    let plies = manuscript_plies(&p);
    let mut expected = vec![];
    for (i, san) in plies.iter().enumerate() {
        // The attacker's moves after its first, with moves still to choose from.
        let left = (plies.len() - i).div_ceil(2) as u32;
        if i > 0 && i % 2 == 0 {
            let stip: mansuba::solve::Stipulation = format!("#{left}").parse().unwrap();
            let a = mansuba::analyse::analyse(
                &any,
                &q.to_fen(),
                &stip,
                &p.conditions,
                None,
                &Limits::default(),
            )
            .unwrap();
            let others: Vec<&String> = a.written.keys.iter().filter(|k| *k != san).collect();
            if !others.is_empty() {
                let n = p.stipulation.moves - left + 1;
                let list: Vec<&str> = others.iter().map(|s| s.as_str()).collect();
                expected.push(format!(
                    "dual at {n}.{san} (White): also {}",
                    list.join(", ")
                ));
            }
        }
        let m = notation::parse_move(&q, san).unwrap();
        q.make(m);
    }
    assert_eq!(expected.len(), 2, "{expected:?}");
    assert_eq!(named, expected.iter().collect::<Vec<_>>());
}

/// A last move that does not mate is no dual: the remark says that it fails and which
/// move mates (Philidor's Legacy with its last move changed: 5.Nf5 for 5.Nf7#).
#[test]
fn a_move_that_fails_is_named_beside_the_one_that_works() {
    let p = dilaram("early-lucena-smothered");
    let c = claim(
        &p,
        "1.Qe6+ Kh8 2.Nf7+ Kg8 3.Nh6+ Kh8 4.Qg8+ Rxg8 5.Nf5",
        Notation::Auto,
    );
    assert_ne!(c.status, ClaimStatus::Ok, "{c:?}");
    assert!(
        c.remarks
            .iter()
            .any(|r| r == "5.Nf5 does not mate; 5.Nf7# does"),
        "{:?}",
        c.remarks
    );
    // It is no dual (3.Nh6+ and 3.Nd8+ both win: that one is).
    assert!(
        !c.remarks.iter().any(|r| r.starts_with("dual at 5.")),
        "{:?}",
        c.remarks
    );
}

/// Descriptive notation as the 19th-century English editions print it, on Philidor's
/// Legacy (problems/early-modern.toml): "sq" for the first rank after a move written up
/// to its file (`K-R sq` = Kh8), check as `ch` or `(ch)` (a sign, not a move or a
/// variation), a bracketed remark `(at KB sq)` ignored, `m.` and `mate` as the mate sign.
#[test]
fn descriptive_as_the_editions_print_it() {
    let p = bundled()
        .into_iter()
        .find(|p| p.id == "early-lucena-smothered")
        .unwrap();
    let line = "1. Q-K6 ch K-R sq 2. Kt-B7 ch K-Kt sq 3. Kt-R6 (ch) K-R sq (at KB sq) 4. Q-Kt8 ch RxQ 5. Kt-B7 m.";
    let tokens: Vec<String> = notation::parse_line(line)
        .into_iter()
        .map(|t| t.text)
        .collect();
    assert_eq!(
        tokens,
        ["Q-K6+", "K-R1", "Kt-B7+", "K-Kt1", "Kt-R6+", "K-R1", "Q-Kt8+", "RxQ", "Kt-B7#"],
        "{line}"
    );
    for text in [
        line,
        &line.replace(" m.", " mate"),
        &line.replace("Kt-R6 (ch)", "Kt-R6(ch)"),
        &line.replace("K-R sq (at KB sq)", "K-KR sq"),
    ] {
        let c = claim(&p, text, Notation::Descriptive);
        assert_eq!(c.status, ClaimStatus::Ok, "{text}: {}", c.detail);
        assert_eq!(
            c.filled,
            ["Qe6+", "Kh8", "Nf7+", "Kg8", "Nh6+", "Kh8", "Qg8+", "Rxg8", "Nf7#"],
            "{text}"
        );
    }
    // The signs are read as signs.
    assert_eq!(notation::signs("Kt-R6 (ch)"), (true, false));
    assert_eq!(notation::signs("Kt-B7 m."), (false, true));
    // A real variation in brackets stays one.
    let s = notation::parse_solution("1. Q-K6 ch K-R sq (1... K-B sq 2. Q-B7 mate) 2. Kt-B7 ch");
    assert_eq!(s.variations.len(), 1);
    assert_eq!(s.main.len(), 3);
}

/// A target without its rank, as some editions print it (the line is the one
/// docs/notations.md shows): read when exactly one legal move fits, with a remark; a
/// target several moves fit is an error naming them.
#[test]
fn descriptive_targets_without_their_rank() {
    let p = bundled()
        .into_iter()
        .find(|p| p.id == "early-lucena-smothered")
        .unwrap();
    let line = "1. Q-K6 ch K-R 2. Kt-B7 ch K-Kt 3. Kt-R6 ch K-R 4. Q-Kt8 ch RxQ 5. Kt-B7 mate";
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/notations.md"))
            .unwrap();
    assert!(docs.contains(line), "docs/notations.md shows the line");
    let c = claim(&p, line, Notation::Auto);
    assert_eq!(c.status, ClaimStatus::Ok, "{}", c.detail);
    assert_eq!(
        c.filled,
        ["Qe6+", "Kh8", "Nf7+", "Kg8", "Nh6+", "Kh8", "Qg8+", "Rxg8", "Nf7#"]
    );
    for want in [
        "1...K-R (Black): K-R read as K-R1, the only legal fit",
        "2...K-Kt (Black): K-Kt read as K-Kt1, the only legal fit",
        "3...K-R (Black): K-R read as K-R1, the only legal fit",
    ] {
        assert!(
            c.remarks.iter().any(|r| r == want),
            "{want}: {:?}",
            c.remarks
        );
    }
    let a = claim(
        &p,
        &line.replace("2. Kt-B7 ch", "2. Kt-B ch"),
        Notation::Descriptive,
    );
    assert_eq!(a.status, ClaimStatus::Illegal, "{a:?}");
    assert!(
        a.detail.ends_with("'Kt-B+' gives no rank for its target and 4 legal moves fit it: Kt-B3 (Nf3), Kt-B4 (Nc4), Kt-B6 (Nc6), Kt-B7 (Nf7+); write the rank") && docs.contains(&a.detail),
        "{}",
        a.detail
    );
}

/// Every bundled solution (the water wheel too, variations included) as a list of lines
/// of moves from its problem's position: the main line, then each variation after the
/// main line's moves before it.
fn bundled_lines() -> Vec<(
    String,
    Position<u64>,
    Vec<Vec<mansuba::board::position::Move>>,
)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut out = vec![];
    for f in ["mansubat.toml", "early-modern.toml"] {
        for p in load_file(&dir.join(f), &Default::default())
            .problems
            .into_iter()
            .flatten()
        {
            let Some(sol) = p.solution.as_deref() else {
                continue;
            };
            let s = notation::parse_solution(sol);
            let pos = position(&p);
            let read = |tokens: &[notation::Token]| {
                let mut q = pos.clone();
                let mut ms = vec![];
                for t in tokens {
                    let m = notation::parse_move(&q, &t.text).unwrap();
                    q.make(m);
                    ms.push(m);
                }
                ms
            };
            let main = read(&s.main);
            let mut lines = vec![main.clone()];
            for v in &s.variations {
                let mut toks = s.main[..v.replaces].to_vec();
                toks.extend(v.tokens.iter().cloned());
                lines.push(read(&toks));
            }
            out.push((p.id.clone(), pos, lines));
        }
    }
    assert!(out.len() >= 14, "{}", out.len());
    out
}

/// Murray's notation written by mansuba and read back by its reader gives the same moves,
/// for every line of every solution in `problems/`, under both letter choices.
#[test]
fn murray_written_reads_back_on_every_bundled_solution() {
    use notation::{Letters, Style};
    let mut moves = 0;
    for (id, pos, lines) in bundled_lines() {
        for line in &lines {
            for letters in [Letters::Historical, Letters::Modern] {
                let style = Style {
                    notation: Notation::Murray,
                    letters,
                };
                let text = notation::line_text_in(&pos, line, style);
                assert!(!text.contains("??"), "{id}: {text}");
                let mut q = pos.clone();
                let toks = notation::parse_line(&text);
                assert_eq!(toks.len(), line.len(), "{id}: {text}");
                for (t, m) in toks.iter().zip(line) {
                    let back = notation::parse_move_in(&q, &t.text, Notation::Murray)
                        .unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
                    assert_eq!(back, *m, "{id}: {} in {text}", t.text);
                    q.make(back);
                    moves += 1;
                }
            }
        }
    }
    assert!(moves > 300, "{moves}");
}

/// Murray's notation as his book prints a line, in the sources' letters: `Kt` for the
/// knight, `-` and `×`, `m.` for mate, replies after a comma and moves after a semicolon;
/// two men that could go are told apart by the square one leaves, in brackets.
#[test]
fn murray_writes_dilarams_mate_as_his_book_does() {
    use notation::{Letters, Style};
    let p = dilaram("dilaram-6");
    let pos = position(&p);
    let mut q = pos.clone();
    let mut line = vec![];
    for t in notation::parse_line(p.solution.as_deref().unwrap()) {
        let m = notation::parse_move(&q, &t.text).unwrap();
        q.make(m);
        line.push(m);
    }
    let murray = |letters| Style {
        notation: Notation::Murray,
        letters,
    };
    assert_eq!(
        notation::line_text_in(&pos, &line[..5], murray(Letters::Historical)),
        "1 R-h8+, K×h8; 2 A-f5+, R-h2; 3 R×h2+"
    );
    assert_eq!(
        notation::line_text_in(&pos, &line[..3], murray(Letters::Modern)),
        "1 R-h8+, K×h8; 2 B-f5+"
    );
    let end = notation::line_text_in(&pos, &line, murray(Letters::Historical));
    assert!(end.ends_with("; 6 Kt-h6 m."), "{end}");
    // Two rooks could go to e1: the one that goes is named by its square, in brackets.
    let two = position_of("shatranj", "6k1/p7/8/8/8/8/4K3/R6R w - - 0 1");
    let m = notation::parse_move(&two, "Rae1").unwrap();
    assert_eq!(
        notation::write_move(&two, &m, murray(Letters::Historical)),
        "R(a1)-e1"
    );
    assert_eq!(
        notation::parse_move_in(&two, "R(a1)-e1", Notation::Murray).unwrap(),
        m
    );
}

fn position_of(rules: &str, fen: &str) -> Position<u64> {
    let e = Engine::<u64>::new(Rules::preset(rules).unwrap()).unwrap();
    Position::from_fen(Arc::new(e), fen).unwrap()
}

/// The letters choice: the sources' F and A in SAN and long algebraic, the rules' own
/// letters under `modern`; both read back.
#[test]
fn historical_letters_write_the_ferz_f_and_the_alfil_a() {
    use notation::{Letters, Style};
    let pos = position_of("shatranj", "4k3/p7/8/8/8/8/3Q4/2B1K3 w - - 0 1");
    let alfil = notation::parse_move(&pos, "Be3").unwrap();
    let ferz = notation::parse_move(&pos, "Qc3").unwrap();
    let style = |notation, letters| Style { notation, letters };
    let h = Letters::Historical;
    assert_eq!(
        notation::write_move(&pos, &alfil, style(Notation::San, h)),
        "Ae3"
    );
    assert_eq!(
        notation::write_move(&pos, &ferz, style(Notation::San, h)),
        "Fc3"
    );
    assert_eq!(
        notation::write_move(&pos, &ferz, style(Notation::Lan, h)),
        "Fd2-c3"
    );
    assert_eq!(
        notation::write_move(&pos, &ferz, style(Notation::San, Letters::Modern)),
        "Qc3"
    );
    assert_eq!(notation::parse_move(&pos, "Fc3").unwrap(), ferz);
    assert_eq!(notation::parse_move(&pos, "Ae3").unwrap(), alfil);
    // Descriptive keeps the old English Q and B.
    assert_eq!(
        notation::write_move(&pos, &ferz, style(Notation::Descriptive, h)),
        "Q-QB3"
    );
}
