//! Help-self and help-reflex play (`hs#N`, `hr#N`) against a brute-force reference
//! written here: plain recursion over the board's legal moves, with no table, no move
//! ordering and no shortcut. `hs#N`: White starts, N-1 moves each of help play, then
//! White's Nth move after which every Black move mates White; `hr#N`: the same ending
//! in an `r#1` (neither side may have a mate in one before any of its moves, Black must
//! have one after White's last; in `hr#N.5` a Black mate at once is the line of no
//! move). `.5`: Black's half move first. The solution sets must be the solver's on
//! composed positions and on random ones under orthodox, shatranj, the short assize
//! (a stacked man), Alfonso's rules (the first-move privileges), forced capture,
//! courier chess (12x8) and Grant Acedrex (12x12).

use crate::common::goals::{goal, goal_in_one, over};
use crate::common::{mansuba_in, random_position, Rng};
use mansuba::board::bits::Bits;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::movegen::MoveList;
use mansuba::board::piece::Color;
use mansuba::board::position::{Move, Position};
use mansuba::board::rules::Rules;
use mansuba::board::sides::flip_fen;
use mansuba::solve::{solve_play, Aim, Family, Play, PlayLimits};
use mansuba::with_engine;
use std::sync::Arc;

fn legal<B: Bits>(p: &mut Position<B>) -> Vec<Move> {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    l.as_slice().to_vec()
}

/// After White's last move: does the line end as the family asks?
fn end_holds<B: Bits>(p: &mut Position<B>, family: Family, aim: Aim) -> bool {
    let replies = legal(p);
    if over(p) || replies.is_empty() {
        return false;
    }
    match family {
        Family::HelpSelf => replies.into_iter().all(|d| {
            let u = p.make(d);
            let g = goal(p, aim);
            p.unmake(d, u);
            g
        }),
        _ => goal_in_one(p, aim),
    }
}

/// Every line of exactly `left` half-moves whose last move ends as the family asks.
fn lines<B: Bits>(
    p: &mut Position<B>,
    left: u32,
    play: &Play,
    line: &mut Vec<Move>,
    out: &mut Vec<Vec<Move>>,
) {
    if left == 0 {
        if end_holds(p, play.family, play.aim) {
            out.push(line.clone());
        }
        return;
    }
    if over(p) {
        return;
    }
    // In hr neither side may have the goal in one before any of its moves.
    if play.family == Family::HelpReflex && goal_in_one(p, play.aim) {
        return;
    }
    for m in legal(p) {
        let u = p.make(m);
        line.push(m);
        if left == 1 {
            if end_holds(p, play.family, play.aim) {
                out.push(line.clone());
            }
        } else {
            lines(p, left - 1, play, line, out);
        }
        line.pop();
        p.unmake(m, u);
    }
}

fn sorted(v: &[Vec<Move>]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|l| format!("{l:?}")).collect();
    s.sort();
    s
}

/// The position with the stipulation's starter to move (e.p. dropped); None if the
/// side not to move is then in check.
fn started<B: Bits>(p: &Position<B>, play: &Play) -> Option<Position<B>> {
    let fen = p.to_fen();
    let mut f: Vec<&str> = fen.split(' ').collect();
    if p.side() != play.starter() {
        f[1] = if play.starter() == Color::White {
            "w"
        } else {
            "b"
        };
        f[3] = "-";
    }
    let q = Position::from_fen(p.compiled().clone(), &f.join(" ")).ok()?;
    let them = q.side().flip();
    (!q.attacked(q.king_sq(them), q.side(), q.occupied())).then_some(q)
}

/// The reference's solutions of `text` from `p`, and the solver's; asserted equal.
/// Returns how many there are.
fn compare<B: Bits>(p: &Position<B>, text: &str) -> usize {
    let play: Play = text.parse().unwrap();
    let r = solve_play(p, &play, &PlayLimits::default());
    assert!(r.complete, "{text}");
    let mut want = Vec::new();
    if let Some(mut q) = started(p, &play) {
        let none = play.half && play.family == Family::HelpReflex;
        let first = if play.exact {
            play.moves
        } else {
            1 - none as u32
        };
        for k in first..=play.moves {
            let left = (2 * k + play.half as u32).saturating_sub(1);
            lines(&mut q, left, &play, &mut vec![], &mut want);
        }
    }
    let fen = p.to_fen();
    assert_eq!(sorted(&r.solutions), sorted(&want), "{text} {fen}");
    assert!(
        r.solutions.windows(2).all(|w| w[0].len() <= w[1].len()),
        "{text} {fen}: shortest first"
    );
    want.len()
}

const STIPS: &[&str] = &[
    "hs#1",
    "hs#1.5",
    "hs#2",
    "exact-hs#2",
    "hs=1",
    "hs=2",
    "hr#1",
    "hr#1.5",
    "hr#2",
];

/// Composed positions: the `hs#2` of [`HS2`], one with two solutions, and two where
/// the colours of a selfmate are swapped.
const COMPOSED: &[(&str, &str)] = &[
    ("orthodox", "8/8/2R5/5q1r/7k/4P3/7K/8 w - - 0 1"),
    ("orthodox", "8/8/5q2/7R/k6p/8/7Q/1K6 w - - 0 1"),
    ("orthodox", "7K/5k2/6qP/7r/8/8/8/8 w - - 0 1"),
    ("shatranj", "K1kr4/8/P7/n7/8/8/8/8 w - - 0 1"),
];

fn preset(name: &str) -> AnyEngine {
    AnyEngine::new(Rules::preset(name).unwrap()).unwrap()
}

/// What a random set of positions gets beyond its men: the first-move privileges of
/// the assizes, a white pawn stacked on a white man (the short assize).
#[derive(Clone, Copy)]
struct Extra {
    privileged: bool,
    stacked: bool,
}

/// `p` with the extras, or None when a stack cannot be made there.
fn with_extra<B: Bits>(mut p: Position<B>, extra: Extra) -> Option<Position<B>> {
    if extra.privileged {
        let s = p.start_privileges();
        p.set_privileges(s);
    }
    if extra.stacked {
        let white = Color::White;
        let own = p.state().occ_c[white.idx()];
        let pawn = p.compiled().rules.kind_of('p')?;
        let sq = own.iter().find(|&s| s != p.king_sq(white))?;
        p.add_to_stack(white, pawn, sq).ok()?;
        p.validate().ok()?;
        p.rehash();
    }
    Some(p)
}

/// Random positions (colours swapped: Black's men about White's king) with the extras,
/// every stipulation compared; at least `want` of them must have a solution of one.
fn random_with<B: Bits>(
    eng: &Arc<Engine<B>>,
    seed: u64,
    men: &[(&[char], &[char])],
    want: usize,
    extra: Extra,
) {
    let mut rng = Rng(seed);
    let (mut compared, mut solved) = (0, 0);
    for i in 0..3_000 {
        if solved >= want && compared >= 40 {
            break;
        }
        let (w, b) = men[i % men.len()];
        let Some(fen) = random_position(eng, &mut rng, w, b, false) else {
            continue;
        };
        let Ok(p) = Position::from_fen(eng.clone(), &flip_fen(&fen).unwrap()) else {
            continue;
        };
        let Some(p) = with_extra(p, extra) else {
            continue;
        };
        // Screened by the cheap `hs#1` and `hr#1`; every tenth compared whatever.
        let short = ["hs#1", "hr#1", "hs#1.5"].iter().any(|s| {
            let r = solve_play(&p, &s.parse().unwrap(), &PlayLimits::default());
            !r.solutions.is_empty()
        });
        if !short && i % 10 != 0 {
            continue;
        }
        let found: usize = STIPS.iter().map(|s| compare(&p, s)).sum();
        compared += 1;
        solved += (found > 0) as usize;
    }
    eprintln!("{}: {compared} compared, {solved} solvable", eng.rules.name);
    assert!(
        solved >= want,
        "{}: too few solvable positions",
        eng.rules.name
    );
}

/// A test of random positions under a preset: its seed, the men, how many must have a
/// solution, the extras.
macro_rules! random_test {
    ($test:ident, $preset:expr, $seed:expr, $men:expr, $want:expr, $extra:expr) => {
        #[test]
        fn $test() {
            let any = preset($preset);
            with_engine!(&any, e => random_with(e, $seed, $men, $want, $extra));
        }
    };
}

const PLAIN: Extra = Extra {
    privileged: false,
    stacked: false,
};

random_test!(
    help_self_random_orthodox,
    "orthodox",
    41,
    &[(&['R'], &['q']), (&['P', 'R'], &['r', 'n'])],
    3,
    PLAIN
);
random_test!(
    help_self_random_shatranj,
    "shatranj",
    42,
    &[(&['R'], &['r']), (&['P', 'N'], &['r', 'n'])],
    3,
    PLAIN
);
random_test!(
    help_self_random_short_assize_stacked,
    "short-assize",
    43,
    &[(&['R', 'Q'], &['r']), (&['P', 'R'], &['q'])],
    2,
    Extra {
        stacked: true,
        ..PLAIN
    }
);
random_test!(
    help_self_random_alfonso_privileged,
    "alfonso",
    44,
    &[(&['R', 'Q'], &['r']), (&['P', 'R'], &['n'])],
    2,
    Extra {
        privileged: true,
        ..PLAIN
    }
);
random_test!(
    help_self_random_forced_capture,
    "forced",
    45,
    &[(&['R'], &['r']), (&['P', 'N'], &['r', 'n'])],
    2,
    PLAIN
);
random_test!(
    help_self_random_courier,
    "courier",
    46,
    &[(&['R'], &['r']), (&['W', 'F'], &['r', 'e'])],
    2,
    PLAIN
);
random_test!(
    help_self_random_grant_acedrex,
    "grant-acedrex",
    47,
    &[(&['R'], &['r']), (&['L'], &['r'])],
    2,
    PLAIN
);

#[test]
fn help_self_composed() {
    let mut solved = 0;
    for (rules, fen) in COMPOSED {
        let any = preset(rules);
        with_engine!(&any, e => {
            let p = Position::from_fen(e.clone(), fen).unwrap();
            for s in STIPS {
                solved += compare(&p, s);
            }
            // hs#1 is s#1: the same first moves.
            let hs = solve_play(&p, &"hs#1".parse().unwrap(), &PlayLimits::default());
            let s1 = solve_play(&p, &"s#1".parse().unwrap(), &PlayLimits::default());
            let firsts: Vec<Move> = hs.solutions.iter().map(|l| l[0]).collect();
            assert_eq!(firsts, s1.keys, "{rules} {fen}");
        });
    }
    assert!(solved > 0, "no composed position solved");
}

/// Composed here: 1.Rg6 Qf1 2.Rg4+ and Black's only move, Kxg4, mates by discovery
/// (the queen on f1 holds g1, h1 and g2). No `hs#1`, one solution.
const HS2: &str = r#"
[[problem]]
id = "hs2"
source = "composed for mansuba's tests: a rook's check that only a discovered mate answers"
rules = "orthodox"
fen = "8/8/2R5/5q1r/7k/4P3/7K/8 w - - 0 1"
stipulation = "hs#2"
solution = "1.Rg6 Qf1 2.Rg4+"

[[problem]]
id = "hs2-wrong"
source = "composed for mansuba's tests: the same, the queen's move claimed wrong"
rules = "orthodox"
fen = "8/8/2R5/5q1r/7k/4P3/7K/8 w - - 0 1"
stipulation = "hs#2"
solution = "1.Rg6 Qf2 2.Rg4+"

[[problem]]
id = "hs2-cooked"
source = "composed for mansuba's tests: two Black second moves, two solutions"
rules = "orthodox"
fen = "8/8/5q2/7R/k6p/8/7Q/1K6 w - - 0 1"
stipulation = "hs#2"
"#;

#[test]
fn help_self_verified_through_the_cli() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("hs.toml"), HS2).unwrap();
    let (_, out, err) = mansuba_in(d.path(), &["verify", "hs.toml", "--csv", "-"]);
    let mut r = csv::Reader::from_reader(out.as_bytes());
    let head = r.headers().unwrap().clone();
    let col = |name: &str| head.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3, "{out}{err}");
    let get = |id: &str, c: &str| {
        let row = rows.iter().find(|x| &x[0] == id).unwrap();
        row[col(c)].to_string()
    };
    assert_eq!(get("hs2", "verdict"), "sound", "{out}{err}");
    assert_eq!(get("hs2", "solutions"), "c6g6 f5f1 g6g4");
    assert_eq!(get("hs2", "shortest"), "2");
    assert_eq!(get("hs2-wrong", "verdict"), "claim-wrong");
    assert_eq!(get("hs2-cooked", "verdict"), "cooked");
    assert_eq!(
        get("hs2-cooked", "solutions"),
        "h5h4 a4a3 h2b2; h5h4 a4b3 h2b2"
    );
}

#[test]
fn popeye_help_self_imported_and_verified() {
    let d = tempfile::tempdir().unwrap();
    let inp =
        "BeginProblem\nPieces White Kh2 Rc6 Pe3 Black Kh4 Qf5 Rh5\nStipulation hs#2\nNextProblem\n\
               Pieces White Kh2 Rc6 Pe3 Black Kh4 Qf5 Rh5\nStipulation hr#1.5\nEndProblem\n";
    std::fs::write(d.path().join("p.inp"), inp).unwrap();
    let (code, _, err) = mansuba_in(d.path(), &["import", "p.inp", "-o", "out.toml"]);
    assert_eq!(code, 0, "{err}");
    let out = std::fs::read_to_string(d.path().join("out.toml")).unwrap();
    assert!(out.contains("stipulation = \"hs#2\""), "{out}");
    assert!(out.contains("stipulation = \"hr#1.5\""), "{out}");
    // White starts hs#N; Black's half move starts hr#N.5.
    assert!(out.contains("8/8/2R5/5q1r/7k/4P3/7K/8 w - - 0 1"), "{out}");
    assert!(out.contains("8/8/2R5/5q1r/7k/4P3/7K/8 b - - 0 1"), "{out}");
    let (_, csv_out, err) = mansuba_in(d.path(), &["verify", "out.toml", "--csv", "-"]);
    let first = csv_out.lines().nth(1).unwrap_or_default();
    assert!(first.contains(",hs#2,sound,"), "{csv_out}{err}");
    assert!(first.ends_with("c6g6 f5f1 g6g4"), "{csv_out}{err}");
    // And back out to Popeye in its own words.
    let (code, popeye, err) = mansuba_in(d.path(), &["export", "out.toml", "--popeye", "-"]);
    assert_eq!(code, 0, "{err}");
    assert!(popeye.contains("Stipulation hs#2"), "{popeye}");
    assert!(popeye.contains("Stipulation hr#1.5"), "{popeye}");
}

/// Two help-reflex problems of Popeye's regression file `REGRESSIONS/4_51_to_4_53.inp`
/// (thomas-maeder/popeye), each titled with the line White's obligation to mate rules
/// out: the `hr#2.5` "not 2.Kc2 because of 3.Q*a5#" (its one solution
/// `1...e4-e3 2.Kd1-c1 e3*d2+ 3.Kc1-b1`, Black then mating by `d2-d1=Q#`, as Popeye's
/// output for the file gives it), and the `hr#3` "not 1.a6-a7 b3-b2 because of
/// 2.a8D#": White may not have a mate in one before any of his moves, not only his last.
#[test]
fn help_reflex_white_must_never_have_a_mate_in_one() {
    let (rows, out) = verified(
        r##"[[problem]]
id = "hr2.5"
source = "thomas-maeder/popeye, REGRESSIONS/4_51_to_4_53.inp"
rules = "orthodox"
fen = "Q7/8/8/p7/4p3/k7/3P4/3K4 b - - 0 1"
stipulation = "hr#2.5"

[[problem]]
id = "hr3"
source = "thomas-maeder/popeye, REGRESSIONS/4_51_to_4_53.inp"
rules = "orthodox"
fen = "8/8/P1K5/3p4/1p1P4/kp6/8/2N5 w - - 0 1"
stipulation = "hr#3"
"##,
    );
    let solutions = |i: usize| -> Vec<Vec<String>> {
        serde_json::from_value(rows[i]["solutions"].clone()).unwrap()
    };
    assert_eq!(rows[0]["verdict"], "sound", "{out}");
    assert_eq!(solutions(0), vec![vec!["e4e3", "d1c1", "e3d2", "c1b1"]]);
    let hr3 = solutions(1);
    assert!(!hr3.is_empty(), "{out}");
    assert!(
        hr3.iter().all(|s| s[..2] != ["a6a7", "b3b2"]),
        "1.a7 b2 leaves White 2.a8=Q#: {hr3:?}"
    );
}

/// Popeye 4.104's test file `TESTS/help_play.inp` (repository thomas-maeder/popeye):
/// "hr#1.5 - don't write long solutions because Black must mate immediately" and the
/// same for an `hr#2` (wKa1 Ph3 or Pf3, bKa3 Pa2 Pb3 Ph6). Popeye's one solution of each
/// is `1...b3-b2#` and `1.f3-f4 b3-b2#`: Black, able to mate, must, so no longer line
/// counts, and the `hr#1.5` is solved by no move before Black's mate.
#[test]
fn help_reflex_black_must_mate_at_once() {
    let (rows, out) = verified(
        r##"[[problem]]
id = "hr1.5"
source = "thomas-maeder/popeye, TESTS/help_play.inp"
rules = "orthodox"
fen = "8/8/7p/8/8/kp5P/p7/K7 b - - 0 1"
stipulation = "hr#1.5"

[[problem]]
id = "hr2"
source = "thomas-maeder/popeye, TESTS/help_play.inp"
rules = "orthodox"
fen = "8/8/7p/8/8/kp3P2/p7/K7 w - - 0 1"
stipulation = "hr#2"
"##,
    );
    let solutions = |i: usize| -> Vec<Vec<String>> {
        serde_json::from_value(rows[i]["solutions"].clone()).unwrap()
    };
    assert_eq!(solutions(0), vec![Vec::<String>::new()], "{out}");
    assert_eq!(rows[0]["verdict"], "sound", "{out}");
    assert_eq!(solutions(1), vec![vec!["f3f4"]], "{out}");
    assert_eq!(rows[1]["verdict"], "sound", "{out}");
}

/// `Option WhiteToPlay` with help-self and help-reflex play: Popeye 4.104 reads `hr#2`
/// as `hr#1.5` and `hs#2` as `hs#1.5` (what it prints as the stipulation; the position
/// is TESTS/help_play.inp's `hr#2`, thomas-maeder/popeye), and solves the `hr#1.5` by
/// `1...b3-b2#`. An `hs#1` cannot be shortened and is refused by name.
#[test]
fn popeye_white_to_play_shortens_help_self_and_reflex() {
    let d = tempfile::tempdir().unwrap();
    let inp = "BeginProblem\nPieces White Ka1 Pf3 Black Ka3 Pa2b3h6\nStipulation hr#2\n\
               Option WhiteToPlay\nNextProblem\nPieces White Ka1 Pf3 Black Ka3 Pa2b3h6\n\
               Stipulation hs#2\nOption WhiteToPlay\nNextProblem\n\
               Pieces White Ka1 Pf3 Black Ka3 Pa2b3h6\nStipulation hs#1\nOption WhiteToPlay\n\
               EndProblem\n";
    std::fs::write(d.path().join("p.inp"), inp).unwrap();
    let (_, _, err) = mansuba_in(d.path(), &["import", "p.inp", "-o", "out.toml"]);
    assert!(err.contains("WhiteToPlay"), "{err}");
    let out = std::fs::read_to_string(d.path().join("out.toml")).unwrap();
    assert!(out.contains("stipulation = \"hr#1.5\""), "{out}");
    assert!(out.contains("stipulation = \"hs#1.5\""), "{out}");
    assert!(!out.contains("stipulation = \"hs#1\""), "{out}");
    let (_, json, err) = mansuba_in(d.path(), &["verify", "out.toml", "--json"]);
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["solutions"], serde_json::json!([[]]), "{json}{err}");
}

/// The JSON rows of `verify --json` on a problem file of this text, and its output.
fn verified(toml: &str) -> (Vec<serde_json::Value>, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.toml"), toml).unwrap();
    let (code, out, err) = mansuba_in(dir.path(), &["verify", "p.toml", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (rows, out)
}
