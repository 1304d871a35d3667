//! The marks of a mate (`mate_by` a kind or a man, `mate_on`, `mate_from`) with the help
//! and series families, against a reference written here: the plain solver's solutions,
//! each replayed and kept when its final mate bears the marks, judged from the board's
//! attack test alone (the one mating man put on an empty board, the real men blocking);
//! a man named by its square is followed through the replay by the squares its moves
//! leave and reach.
//! In help and series play the moves before the last do not depend on the goal, so the
//! marked solutions must be exactly those. Random positions under orthodox, shatranj and
//! courier chess (12x8); and through the command line, a condition the families do not
//! take refused by its key.

use crate::common::{drawn_position, mansuba_in, Rng};
use mansuba::board::bits::Bits;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::movegen::MoveList;
use mansuba::board::position::{Move, Position};
use mansuba::board::rules::Rules;
use mansuba::solve::{solve_play, solve_play_marked, Marks, Play, PlayLimits, Squares, Terms};
use mansuba::with_engine;
use std::sync::Arc;

const STIPS: &[&str] = &["h#1", "h#1.5", "h#2", "ser-#2", "ser-h#2"];

/// The mate on the board (the side to move mated) bears `on` (the king's squares, empty:
/// any), `by` (the mating man's kind), `from` (its squares) and `man` (None: any man;
/// Some(None): the man named was captured; Some(Some(s)): it stands on s).
fn bears<B: Bits>(
    p: &Position<B>,
    (on, by, from): (&[u8], Option<u8>, &[u8]),
    man: Option<Option<u8>>,
) -> bool {
    let mated = p.side();
    let mater = mated.flip();
    let k = p.king_sq(mated);
    if !on.is_empty() && !on.contains(&(k as u8)) {
        return false;
    }
    (0..p.compiled().n).any(|s| {
        let Some(kind) = p.kind_at(mater, s) else {
            return false;
        };
        let one = {
            let mut q = Position::empty(p.compiled().clone());
            q.add_man(mater, kind, s);
            q.attacked(k, mater, p.occupied())
        };
        let named = man.is_none_or(|at| at == Some(s as u8));
        one && named
            && by.is_none_or(|b| b == kind)
            && (from.is_empty() || from.contains(&(s as u8)))
    })
}

/// Where the man on `sq` of the diagram stands after `line` (None once captured): a move
/// from its square takes it along (the rook of a castling too), a move of the other side
/// onto it, or past it en passant, takes it. The mover of each move is the side whose man
/// stands where it starts (the board before it, as [`after`] replays the line so far).
fn followed<B: Bits>(p: &Position<B>, play: &Play, line: &[Move], sq: u8) -> Option<u8> {
    use mansuba::board::piece::Color;
    let mut at = sq;
    for (i, &m) in line.iter().enumerate() {
        let q = after(p, play, &line[..i]);
        let mover = if q.kind_at(Color::White, m.from as usize).is_some() {
            Color::White
        } else {
            Color::Black
        };
        if mover == play_mater() {
            if m.from == at {
                at = m.to;
            } else if m.from2 == at {
                at = m.to2;
            }
        } else {
            let w = q.compiled().geo.width;
            let passed = if mover == Color::White {
                m.to.wrapping_sub(w)
            } else {
                m.to.wrapping_add(w)
            };
            let ep = m.flag == mansuba::board::position::MoveKind::EnPassant;
            if m.to == at || (ep && passed == at) {
                return None;
            }
        }
    }
    Some(at)
}

/// The mating side of [`STIPS`]: White.
fn play_mater() -> mansuba::board::piece::Color {
    mansuba::board::piece::Color::White
}

fn mated<B: Bits>(p: &mut Position<B>) -> bool {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    p.in_check() && l.is_empty()
}

/// The position after `line` from `p` with the stipulation's starter to move.
fn after<B: Bits>(p: &Position<B>, play: &Play, line: &[Move]) -> Position<B> {
    let mut q = p.clone();
    if q.side() != play.starter() {
        let fen = q.to_fen();
        let mut f: Vec<&str> = fen.split(' ').collect();
        f[1] = if f[1] == "w" { "b" } else { "w" };
        f[3] = "-";
        q = Position::from_fen(q.compiled().clone(), &f.join(" ")).unwrap();
    }
    let series = play.to_string().starts_with("ser-");
    for (i, &m) in line.iter().enumerate() {
        q.make(m);
        // A series side's moves: the other side passes between them.
        let last_of_series = play.to_string().starts_with("ser-h") && i + 2 == line.len();
        if series && i + 1 < line.len() && !last_of_series {
            let fen = q.to_fen();
            let mut f: Vec<&str> = fen.split(' ').collect();
            f[1] = if f[1] == "w" { "b" } else { "w" };
            f[3] = "-";
            q = Position::from_fen(q.compiled().clone(), &f.join(" ")).unwrap();
        }
    }
    q
}

/// One position, one stipulation, marks drawn from it; returns how many plain solutions
/// the marks kept.
fn compare<B: Bits>(p: &Position<B>, text: &str, rng: &mut Rng) -> usize {
    let play: Play = text.parse().unwrap();
    let plain = solve_play(p, &play, &PlayLimits::default());
    assert!(plain.complete);
    if plain.solutions.is_empty() {
        return 0;
    }
    // The marks: the mated king's square of a solution or another near it; the kind of
    // a man of the mater, or none; the mating square or none.
    let pick = &plain.solutions[rng.below(plain.solutions.len())];
    let mut end = after(p, &play, pick);
    assert!(
        mated(&mut end),
        "{text} {}: {pick:?} does not end in mate",
        p.to_fen()
    );
    let mater = end.side().flip();
    let ksq = end.king_sq(end.side()) as u8;
    let on: Vec<u8> = match rng.below(3) {
        0 => vec![],
        1 => vec![ksq],
        _ => vec![ksq ^ 1],
    };
    let men: Vec<usize> = (0..end.compiled().n)
        .filter(|&s| end.kind_at(mater, s).is_some())
        .collect();
    let s = men[rng.below(men.len())];
    let by = (rng.below(2) == 0).then(|| end.kind_at(mater, s).unwrap());
    let from: Vec<u8> = if rng.below(3) == 0 {
        vec![s as u8]
    } else {
        vec![]
    };
    // A man of the mater named in the diagram, half the time.
    let start = after(p, &play, &[]);
    let ours: Vec<u8> = (0..start.compiled().n as u8)
        .filter(|&s| start.kind_at(mater, s as usize).is_some())
        .collect();
    let man = (rng.below(2) == 0).then(|| ours[rng.below(ours.len())]);
    let marks = Marks {
        by,
        man,
        on: Squares::of(&on),
        from: Squares::of(&from),
    };
    let terms = Terms {
        marks,
        ..Terms::default()
    };
    let marked = solve_play_marked(p, &play, terms, &PlayLimits::default());
    let want: Vec<&Vec<Move>> = plain
        .solutions
        .iter()
        .filter(|l| {
            let at = man.map(|sq| followed(p, &play, l, sq));
            bears(&after(p, &play, l), (&on, by, &from), at)
        })
        .collect();
    let got: Vec<&Vec<Move>> = marked.solutions.iter().collect();
    assert_eq!(got, want, "{text} {} marks {marks:?}", p.to_fen());
    want.len()
}

fn random_marks<B: Bits>(eng: &Arc<Engine<B>>, seed: u64, men: &[(&[char], &[char])]) {
    let mut rng = Rng(seed);
    let (mut compared, mut kept) = (0, 0);
    for i in 0..2_000 {
        if compared >= 40 && kept >= 5 {
            break;
        }
        let Some(p) = drawn_position(eng, &mut rng, men, i) else {
            continue;
        };
        for s in STIPS {
            let k = compare(&p, s, &mut rng);
            compared += 1;
            kept += k;
        }
    }
    eprintln!(
        "{}: {compared} compared, {kept} marked solutions",
        eng.rules.name
    );
    assert!(kept >= 5, "{}: too few marked solutions", eng.rules.name);
}

fn preset(name: &str) -> AnyEngine {
    AnyEngine::new(Rules::preset(name).unwrap()).unwrap()
}

#[test]
fn marks_random_orthodox() {
    let any = preset("orthodox");
    with_engine!(&any, e => random_marks(e, 51, &[(&['Q', 'R'], &['p']), (&['R', 'B', 'N'], &['n'])]));
}

#[test]
fn marks_random_shatranj() {
    let any = preset("shatranj");
    with_engine!(&any, e => random_marks(e, 52, &[(&['R', 'N'], &['q']), (&['R', 'R'], &['b'])]));
}

#[test]
fn marks_random_courier() {
    let any = preset("courier");
    with_engine!(&any, e => random_marks(e, 53, &[(&['R', 'W'], &['p']), (&['R', 'F'], &['n'])]));
}

/// Composed here: Black's king on a8 has one move, Kb8, and Rh8 mates it there. The
/// `h#1` has that one solution, with the mate on b8 too, and by the man on h1 named by
/// its square; a mate by a knight has none, nor one with the rook held on h1
/// (`immobile`).
#[test]
fn marks_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("m.toml"),
        r#"[[problem]]
id = "plain"
source = "composed for mansuba's tests"
rules = "orthodox"
fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1"
stipulation = "h#1"

[[problem]]
id = "on-b8"
source = "composed for mansuba's tests"
rules = "orthodox"
fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1"
stipulation = "h#1"
mate_on = ["b8"]

[[problem]]
id = "by-knight"
source = "composed for mansuba's tests"
rules = "orthodox"
fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1"
stipulation = "h#1"
mate_by = "n"

[[problem]]
id = "by-the-rook"
source = "composed for mansuba's tests"
rules = "orthodox"
fen = "k7/8/1K6/8/8/8/8/7R w - - 0 1"
stipulation = "h#1"
mate_by = "h1"

[[problem]]
id = "held"
source = "composed for mansuba's tests"
rules = "orthodox"
fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1"
stipulation = "h#1"
immobile = ["h1"]
"#,
    )
    .unwrap();
    let (_, out, err) = mansuba_in(dir.path(), &["verify", "m.toml", "--json"]);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let sols = |i: usize| rows[i]["solutions"].clone();
    assert_eq!(sols(0), serde_json::json!([["a8b8", "h1h8"]]), "{out}{err}");
    assert_eq!(sols(1), serde_json::json!([["a8b8", "h1h8"]]), "{out}{err}");
    assert_eq!(rows[2]["verdict"], "unsound", "{out}{err}");
    assert_eq!(sols(2), serde_json::json!([]), "{out}{err}");
    assert_eq!(sols(3), serde_json::json!([["a8b8", "h1h8"]]), "{out}{err}");
    assert_eq!(rows[4]["verdict"], "unsound", "{out}{err}");
    assert_eq!(sols(4), serde_json::json!([]), "{out}{err}");
}
