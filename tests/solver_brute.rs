//! The solver against a plain minimax on random positions.
//!
//! The minimax here uses nothing of the solver: no table, no move ordering, no pruning,
//! only the legal moves, make/unmake and the outcome of a position. Its keys for mates in
//! one to three must be the solver's, which does prune (the last move must check; no man
//! within reach of a checking square, no mate), orders defences and shares a table
//! between threads. Most positions give the attacker leapers only (knights, ferzes,
//! alfils), where the reach bound applies; some add a rook or pawns, where it must stand
//! aside.
//!
//! The same comparison runs for the proof-number search (forced at every node), for
//! the continual-check condition (the minimax then lets the attacker play checks only),
//! and for `win N` (any win counts: mate, stalemate, bare king), where the solver prunes
//! the last move by the defending king's flight squares.

use crate::common;

use common::{random_position, Rng};
use mansuba::analyse::analyse;
use mansuba::board::bits::Bits;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::movegen::MoveList;
use mansuba::board::outcome::{Outcome, WinKind};
use mansuba::board::piece::Color;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::notation;
use mansuba::solve::{ConditionSpec, Limits, Method, Solvable, Stipulation};
use mansuba::with_engine;
use std::time::Duration;

/// How the solver is asked, and what the minimax allows the attacker.
#[derive(Clone, Copy)]
struct Mode {
    method: Method,
    /// Continual check: the attacker plays checking moves only.
    checks: bool,
    /// The goal is any win of the attacker's (`win N`), not checkmate (`#N`).
    win: bool,
    /// The longest stipulation compared (the minimax has no table: 2 on the big boards).
    deepest: u32,
}

const PLAIN: Mode = Mode {
    method: Method::Auto,
    checks: false,
    win: false,
    deepest: 3,
};

/// Is `m` a move the attacker may play (under continual check: a check)?
fn allowed<B: Bits>(p: &mut Position<B>, m: mansuba::board::position::Move, checks: bool) -> bool {
    if !checks {
        return true;
    }
    let u = p.make(m);
    let check = p.in_check();
    p.unmake(m, u);
    check
}

/// Does the side to move (the attacker) force checkmate within `n` moves (on move `n`
/// exactly, if `exact`)?
fn forces_mate<B: Bits>(p: &mut Position<B>, n: u32, exact: bool, checks: bool) -> bool {
    let attacker = p.side();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    if p.outcome_with(&list) != Outcome::Ongoing {
        return false;
    }
    list.as_slice()
        .iter()
        .any(|&m| allowed(p, m, checks) && move_forces_mate(p, m, n, exact, attacker, checks))
}

/// Does the side to move (the attacker) force a win of any kind within `n` moves? A game
/// already won (a bare king that could not bare back) counts at once.
fn forces_win<B: Bits>(p: &mut Position<B>, n: u32) -> bool {
    let attacker = p.side();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    match p.outcome_with(&list) {
        Outcome::Ongoing => {}
        out => return out.winner() == Some(attacker),
    }
    n > 0
        && list
            .as_slice()
            .iter()
            .any(|&m| move_forces_win(p, m, n, attacker))
}

/// After the attacker's `m`, is a win forced within `n` moves counting `m`?
fn move_forces_win<B: Bits>(
    p: &mut Position<B>,
    m: mansuba::board::position::Move,
    n: u32,
    attacker: Color,
) -> bool {
    let u = p.make(m);
    let mut replies = MoveList::new();
    p.legal_moves(&mut replies);
    let won = match p.outcome_with(&replies) {
        Outcome::Ongoing => replies.as_slice().iter().all(|&d| {
            let u2 = p.make(d);
            let r = forces_win(p, n - 1);
            p.unmake(d, u2);
            r
        }),
        out => out.winner() == Some(attacker),
    };
    p.unmake(m, u);
    won
}

/// After the attacker's `m`, is mate forced within `n` moves counting `m`?
fn move_forces_mate<B: Bits>(
    p: &mut Position<B>,
    m: mansuba::board::position::Move,
    n: u32,
    exact: bool,
    attacker: Color,
    checks: bool,
) -> bool {
    let u = p.make(m);
    let mut replies = MoveList::new();
    p.legal_moves(&mut replies);
    let won = match p.outcome_with(&replies) {
        Outcome::Win {
            winner,
            how: WinKind::Checkmate,
            ..
        } => winner == attacker && (!exact || n == 1),
        Outcome::Ongoing => {
            n > 1
                && replies.as_slice().iter().all(|&d| {
                    let u2 = p.make(d);
                    let r = forces_mate(p, n - 1, exact, checks);
                    p.unmake(d, u2);
                    r
                })
        }
        _ => false,
    };
    p.unmake(m, u);
    won
}

/// The minimax's keys, in coordinates, sorted.
fn brute_keys<B: Bits>(p: &mut Position<B>, n: u32, exact: bool, mode: Mode) -> Vec<String> {
    let attacker = p.side();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut keys = vec![];
    for &m in list.as_slice() {
        let key = if mode.win {
            move_forces_win(p, m, n, attacker)
        } else {
            allowed(p, m, mode.checks) && move_forces_mate(p, m, n, exact, attacker, mode.checks)
        };
        if key {
            keys.push(notation::coord(p, &m));
        }
    }
    keys.sort();
    keys
}

/// One of `sets` drawn at random, and a random position of its men (White's close to
/// Black's king or farther out, also at random); no position where the men could not be
/// placed.
fn draw<'a>(
    any: &AnyEngine,
    rng: &mut Rng,
    sets: &[(&'a [char], &'a [char])],
) -> (&'a [char], &'a [char], Option<String>) {
    let (white, black) = sets[rng.below(sets.len())];
    let far = rng.below(2) == 0;
    let fen = with_engine!(any, e => random_position(e, rng, white, black, far));
    (white, black, fen)
}

/// Compares solver and minimax on random positions until `keyed` (position, stipulation)
/// pairs with at least one key have agreed (and every pair without one on the way).
/// Positions alternate between White's men close to Black's king and farther out, where
/// a mate may need a man to travel first.
fn compare(preset: &str, sets: &[(&[char], &[char])], keyed: usize, seed: u64, mode: Mode) {
    let any = AnyEngine::new(Rules::preset(preset).unwrap()).unwrap();
    let mut rng = Rng(seed);
    let (mut with_keys, mut compared, mut deep) = (0, 0, 0);
    let stips: &[(u32, bool)] = if mode.win {
        &[(1, false), (2, false), (3, false)]
    } else {
        &[(1, false), (2, false), (2, true), (3, false)]
    };
    for _ in 0..100_000 {
        if with_keys >= keyed {
            break;
        }
        let (white, black, fen) = draw(&any, &mut rng, sets);
        let Some(fen) = fen else {
            continue;
        };
        for &(n, exact) in stips {
            // Three moves only with few men: the minimax has no table.
            if n > mode.deepest || n == 3 && white.len() + black.len() > 5 {
                continue;
            }
            let want = with_engine!(&any, e => {
                let mut p = Position::from_fen(e.clone(), &fen).unwrap();
                brute_keys(&mut p, n, exact, mode)
            });
            let goal = if mode.win { "win " } else { "#" };
            let mut stip: Stipulation = format!("{goal}{n}").parse().unwrap();
            stip.exact = exact;
            let limits = Limits {
                timeout: Some(Duration::from_secs(60)),
                method: mode.method,
                // The search itself is under test, not a retrograde table.
                table_cache: None,
                ..Default::default()
            };
            let spec = ConditionSpec {
                checks: mode.checks,
                ..Default::default()
            };
            let a = analyse(&any, &fen, &stip, &spec, None, &limits).unwrap();
            let mut got: Vec<String> = a.report.keys.iter().map(|k| k.to_string()).collect();
            got.sort();
            let tag = format!(
                "{preset} {fen} {goal}{n}{}",
                if exact { " exact" } else { "" }
            );
            assert!(a.report.keys_complete, "{tag}: search incomplete");
            assert_eq!(got, want, "{tag}: keys");
            let solvable = if want.is_empty() {
                Solvable::No
            } else {
                Solvable::Yes
            };
            assert_eq!(a.report.solvable, solvable, "{tag}");
            if !want.is_empty() {
                with_keys += 1;
                deep += (n >= 2) as usize;
            }
            compared += 1;
        }
    }
    // The test means something only if mates were found, some of them longer than one.
    assert!(
        with_keys >= keyed && deep * 3 >= keyed,
        "{preset}: {with_keys} of {compared} pairs had a key, {deep} of them deeper than one"
    );
}

#[test]
fn shatranj_keys_agree_with_plain_minimax() {
    let leapers: &[(&[char], &[char])] = &[
        (&['N', 'N', 'Q'], &['p', 'r']),
        (&['N', 'B', 'Q'], &['n', 'p', 'p']),
        (&['N', 'N'], &['p']),
        (&['Q', 'B', 'N'], &['r']),
        (&['N', 'Q'], &['b', 'p']),
        (&['N', 'N', 'B', 'Q'], &['p', 'p', 'n', 'r']),
    ];
    compare("shatranj", leapers, 150, 0x5eed_0001, PLAIN);
    // Riders and pawns on the attacking side: the reach bound must give way.
    let mixed: &[(&[char], &[char])] = &[
        (&['R', 'N'], &['p', 'n']),
        (&['R', 'Q', 'P'], &['r']),
        (&['N', 'P', 'P'], &['p', 'b']),
        (&['R', 'R'], &['q', 'p', 'p']),
    ];
    compare("shatranj", mixed, 100, 0x5eed_0002, PLAIN);
}

#[test]
fn shatranj_wins_agree_with_plain_minimax() {
    // Few defenders, so that bare kings and stalemates come as often as mates; riders
    // on the attacking side, where only the flight-square bound prunes the last move.
    let sets: &[(&[char], &[char])] = &[
        (&['R', 'N'], &['p', 'n']),
        (&['R', 'Q'], &['p']),
        (&['R', 'B', 'P'], &['q', 'p']),
        (&['N', 'Q', 'B'], &['p', 'p']),
        (&['R', 'R'], &['b', 'p', 'p']),
    ];
    let win = Mode { win: true, ..PLAIN };
    compare("shatranj", sets, 120, 0x5eed_0029, win);
}

#[test]
fn courier_keys_agree_with_plain_minimax() {
    // Courier letters: n knight, f ferz, e alfil, m sage (a non-royal king mover),
    // w fool (one orthogonal step), b courier (a bishop rider), r rook.
    let sets: &[(&[char], &[char])] = &[
        (&['N', 'M', 'F'], &['p', 'w']),
        (&['N', 'N', 'W'], &['e', 'p']),
        (&['M', 'E', 'N'], &['r']),
        (&['B', 'N'], &['p', 'n']),
        (&['R', 'M'], &['f', 'p']),
    ];
    compare("courier", sets, 100, 0x5eed_0003, PLAIN);
}

/// Every preset without dice: mates in one and two with riders on
/// the attacking side, where the last move is judged from attack maps (the flight squares
/// after a check; `src/solve/reach/mates.rs`), and under the rules that make it stand
/// aside (forced capture, the nine-move limit) or keep captures (bare king).
#[test]
fn every_preset_keys_agree_with_plain_minimax() {
    let shatranj_men: &[(&[char], &[char])] = &[
        (&['R', 'N'], &['p', 'n']),
        (&['R', 'Q', 'P'], &['r']),
        (&['R', 'R'], &['q', 'p']),
        (&['R', 'B', 'N'], &['p', 'b']),
    ];
    // The shatranj family: every preset of shatranj's men (the others follow).
    let family = mansuba::board::presets::PRESETS.iter().filter(|p| {
        !p.ends_with("-dice") && !["courier", "grant-acedrex", "english-1650"].contains(p)
    });
    let two = Mode {
        deepest: 2,
        ..PLAIN
    };
    for (i, preset) in family.enumerate() {
        compare(preset, shatranj_men, 12, 0x5eed_4700 + i as u64, two);
    }
    let english: &[(&[char], &[char])] = &[
        (&['Q', 'N'], &['p', 'n']),
        (&['R', 'B', 'P'], &['r']),
        (&['Q'], &['p', 'b']),
        (&['R', 'R'], &['q']),
    ];
    compare("english-1650", english, 25, 0x5eed_4710, two);
    let courier: &[(&[char], &[char])] = &[(&['R', 'B'], &['p', 'n']), (&['R', 'R'], &['m'])];
    compare("courier", courier, 20, 0x5eed_4711, PLAIN);
    // Grant Acedrex: the anqa and the unicorn (bent riders), the lion, the giraffe.
    let grant: &[(&[char], &[char])] = &[
        (&['A', 'R'], &['p']),
        (&['U', 'L'], &['p']),
        (&['Z', 'C', 'R'], &['l']),
    ];
    compare("grant-acedrex", grant, 12, 0x5eed_4712, two);
}

/// Shatranj men for the proof-number and continual-check comparisons: leapers, a rook
/// and pawns on the attacking side.
const SHATRANJ_MIX: &[(&[char], &[char])] = &[
    (&['N', 'N', 'Q'], &['p', 'r']),
    (&['N', 'B', 'Q'], &['n', 'p', 'p']),
    (&['R', 'N'], &['p', 'n']),
    (&['R', 'Q', 'P'], &['r']),
];

/// Courier men for the same (see [`courier_keys_agree_with_plain_minimax`]).
const COURIER_MIX: &[(&[char], &[char])] = &[
    (&['N', 'M', 'F'], &['p', 'w']),
    (&['B', 'N'], &['p', 'n']),
    (&['R', 'M'], &['f', 'p']),
];

#[test]
fn proof_numbers_agree_with_plain_minimax() {
    let pn = Mode {
        method: Method::ProofNumbers,
        ..PLAIN
    };
    compare("shatranj", SHATRANJ_MIX, 80, 0x5eed_0011, pn);
    compare("courier", COURIER_MIX, 40, 0x5eed_0012, pn);
}

#[test]
fn proof_numbers_over_positions_agree_with_plain_minimax() {
    let mode = Mode {
        method: Method::Positions,
        ..PLAIN
    };
    compare("shatranj", SHATRANJ_MIX, 80, 0x5eed_0031, mode);
    compare("courier", COURIER_MIX, 40, 0x5eed_0032, mode);
}

#[test]
fn continual_check_agrees_with_a_minimax_of_checks() {
    for method in [Method::Deepening, Method::ProofNumbers] {
        let mode = Mode {
            method,
            checks: true,
            ..PLAIN
        };
        compare("shatranj", SHATRANJ_MIX, 80, 0x5eed_0021, mode);
        compare("courier", COURIER_MIX, 40, 0x5eed_0022, mode);
    }
}

/// One step of a refutation line by the minimax: from an attacker node with `r` moves
/// left that fails, the attacker move with the fewest holding defences (ties: a check,
/// then the first in the order checks, captures, the rest, each as listed) and its first
/// holding defence as listed. `None` when no move has a holding defence.
fn brute_line_step<B: Bits>(p: &mut Position<B>, r: u32) -> Option<(String, String)> {
    type M = mansuba::board::position::Move;
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let (mut checks, mut captures, mut rest) = (vec![], vec![], vec![]);
    for &m in list.as_slice() {
        let u = p.make(m);
        let check = p.in_check();
        p.unmake(m, u);
        match (check, p.is_capture(&m)) {
            (true, _) => checks.push(m),
            (false, true) => captures.push(m),
            _ => rest.push(m),
        }
    }
    let mut best: Option<(usize, bool, String, String)> = None;
    for &m in checks.iter().chain(&captures).chain(&rest) {
        let mc = notation::coord(p, &m);
        let u = p.make(m);
        let check = p.in_check();
        let mut replies = MoveList::new();
        p.legal_moves(&mut replies);
        let holding: Vec<M> = (replies.as_slice().iter().copied())
            .filter(|&d| {
                let u2 = p.make(d);
                let holds = r == 1 || !forces_mate(p, r - 1, false, false);
                p.unmake(d, u2);
                holds
            })
            .collect();
        if let Some(d) = holding.first() {
            if best
                .as_ref()
                .is_none_or(|b| (holding.len(), !check) < (b.0, b.1))
            {
                best = Some((holding.len(), !check, mc, notation::coord(p, d)));
            }
        }
        p.unmake(m, u);
    }
    best.map(|b| (b.2, b.3))
}

/// The refutation line after the strongest try and its defence is, move by move, the
/// most forcing attacker move and its first holding defence as a plain minimax counts
/// them (the solver counts in another order and stops counting a move once it is
/// behind): on random shatranj positions without a mate in two or three.
#[test]
fn refutation_lines_agree_with_plain_minimax() {
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let mut rng = Rng(0x5eed_0041);
    let (mut lines, mut steps) = (0, 0);
    for _ in 0..20_000 {
        if lines >= 400 {
            break;
        }
        let (white, black, fen) = draw(&any, &mut rng, SHATRANJ_MIX);
        let Some(fen) = fen else {
            continue;
        };
        let n = if white.len() + black.len() > 5 { 2 } else { 3 };
        let stip: Stipulation = format!("#{n}").parse().unwrap();
        let limits = Limits {
            timeout: Some(Duration::from_secs(60)),
            table_cache: None,
            ..Default::default()
        };
        let a = analyse(&any, &fen, &stip, &ConditionSpec::default(), None, &limits).unwrap();
        let Some(text) = a.report.refutation.clone() else {
            continue;
        };
        let plies = text.line.coords();
        let tokens: Vec<&str> = plies.iter().map(String::as_str).collect();
        with_engine!(&any, e => {
            let mut p = Position::from_fen(e.clone(), &fen).unwrap();
            for t in &tokens[..2] {
                let m = notation::parse_move(&p, t).unwrap();
                p.make(m);
            }
            let mut r = n - 1;
            for pair in tokens[2..].chunks(2) {
                let want = brute_line_step(&mut p, r);
                let got = (pair[0].to_string(), pair.get(1).unwrap_or(&"").to_string());
                assert_eq!(Some(got), want, "{fen} #{n}: {text}");
                for t in pair {
                    let m = notation::parse_move(&p, t).unwrap();
                    p.make(m);
                }
                r -= 1;
                steps += 1;
            }
            if r > 0 {
                assert_eq!(brute_line_step(&mut p, r), None, "{fen} #{n}: {text} ends early");
            }
        });
        lines += 1;
    }
    assert!(
        lines >= 400 && steps >= 600,
        "{lines} lines, {steps} steps compared"
    );
}
