//! Every solution tree the solver prints is replayed move by move and checked as a proof.
//!
//! The tree is a list of lines from the key to the end. Read as a tree, it must be a
//! strategy for the attacker that wins against everything: at an attacker's turn it plays
//! one legal move (a check under continual check); at a defender's turn every legal reply
//! appears; every line ends in checkmate of the defender within N attacker moves. The
//! checker uses only the legal moves and the outcome of a position, nothing of the
//! search, so a tree that skips a defence, plays an illegal move, mates too late or ends
//! without a mate fails here even if the verdict printed beside it is right.
//!
//! Trees come from the bundled collection (the problems the solver finishes quickly) and
//! from random positions with mates close at hand, under two presets and both methods.

use crate::common;

use common::{random_position, Rng};
use mansuba::analyse::analyse;
use mansuba::board::bits::Bits;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::movegen::MoveList;
use mansuba::board::outcome::{Outcome, WinKind};
use mansuba::board::position::{Move, Position};
use mansuba::board::rules::Rules;
use mansuba::notation;
use mansuba::solve::{Analysis, ConditionSpec, Goal, Limits, Method, Stipulation};
use mansuba::with_engine;
use std::collections::BTreeMap;
use std::path::Path;

/// The tree's lines as a trie of moves in coordinates.
#[derive(Default)]
struct Trie {
    next: BTreeMap<String, Trie>,
}

impl Trie {
    fn of(lines: &[Vec<String>]) -> Trie {
        let mut root = Trie::default();
        for line in lines {
            let mut t = &mut root;
            for m in line {
                t = t.next.entry(m.clone()).or_default();
            }
        }
        root
    }
}

/// Checks the subtree `t` from `p` (attacker to move iff `attacker_turn`) with `left`
/// attacker moves still allowed; returns how many lines end here. `path` names the node
/// in a failure.
fn check<B: Bits>(
    p: &mut Position<B>,
    t: &Trie,
    attacker_turn: bool,
    left: u32,
    checks: bool,
    path: &mut Vec<String>,
) -> usize {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let out = p.outcome_with(&list);
    let moves: BTreeMap<String, Move> = (list.as_slice().iter())
        .map(|m| (notation::coord(p, m), *m))
        .collect();
    if t.next.is_empty() {
        // A line ends: the defender, to move, is checkmated.
        assert!(
            !attacker_turn,
            "{path:?}: the line stops on the attacker's turn"
        );
        let mated = matches!(
            out,
            Outcome::Win {
                how: WinKind::Checkmate,
                ..
            }
        ) && p.in_check()
            && moves.is_empty();
        assert!(mated, "{path:?}: the line ends without a mate ({out:?})");
        return 1;
    }
    assert_eq!(out, Outcome::Ongoing, "{path:?}: play goes on past the end");
    if attacker_turn {
        assert_eq!(t.next.len(), 1, "{path:?}: more than one attacker move");
        assert!(left >= 1, "{path:?}: the attacker has no move left");
    } else {
        let shown: Vec<&String> = t.next.keys().collect();
        let all: Vec<&String> = moves.keys().collect();
        assert_eq!(shown, all, "{path:?}: not every defence is answered");
    }
    let mut lines = 0;
    for (c, sub) in &t.next {
        let m = *moves
            .get(c)
            .unwrap_or_else(|| panic!("{path:?}: {c} is not a legal move"));
        let u = p.make(m);
        if attacker_turn && checks {
            assert!(p.in_check(), "{path:?}: {c} gives no check");
        }
        path.push(c.clone());
        let spent = attacker_turn as u32;
        lines += check(p, sub, !attacker_turn, left - spent, checks, path);
        path.pop();
        p.unmake(m, u);
    }
    lines
}

/// Replays the tree of a solved analysis; returns the number of lines checked, or 0 when
/// there is no complete tree to check (no key, or the tree was cut at its size limit).
fn replay(any: &AnyEngine, fen: &str, stip: &Stipulation, checks: bool, a: &Analysis) -> usize {
    let r = &a.report;
    if r.keys.is_empty() || r.tree.is_empty() || r.tree_truncated {
        return 0;
    }
    let lines: Vec<Vec<String>> = r.tree.iter().map(|v| v.line.coords()).collect();
    let trie = Trie::of(&lines);
    // The tree grows from one key, one the search proved.
    assert_eq!(
        trie.next.len(),
        1,
        "{fen}: the tree has more than one first move"
    );
    let key = trie.next.keys().next().unwrap();
    assert!(
        r.keys.iter().any(|k| k == key),
        "{fen}: the tree starts with {key}, no key"
    );
    with_engine!(any, e => {
        let mut p = Position::from_fen(e.clone(), fen).unwrap();
        check(&mut p, &trie, true, stip.moves, checks, &mut vec![])
    })
}

/// The attacker's and the defender's men of a random position, by FEN letter.
type Men = (&'static [char], &'static [char]);

fn limits(method: Method) -> Limits {
    Limits {
        max_nodes: Some(4_000_000),
        method,
        ..Default::default()
    }
}

/// The collection's mate problems with plain rules (or continual check) that the solver
/// settles within a few million nodes: each tree is a proof.
#[test]
fn the_collections_trees_are_proofs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let (mut trees, mut lines, mut long_lines) = (0, 0, 0);
    for f in files {
        for prob in mansuba::problem::load_file(&f, &Default::default())
            .problems
            .into_iter()
            .flatten()
        {
            let c = &prob.conditions;
            let plain = ConditionSpec {
                checks: c.checks,
                ..Default::default()
            };
            if prob.stipulation.goal != Goal::Mate || *c != plain || prob.stipulation.exact {
                continue;
            }
            let rules = Rules::resolve(&prob.rules, f.parent()).unwrap();
            let any = AnyEngine::new(rules).unwrap();
            let a = analyse(
                &any,
                &prob.fen,
                &prob.stipulation,
                c,
                None,
                &limits(Method::Auto),
            )
            .unwrap();
            if !a.report.keys_complete {
                continue;
            }
            let n = replay(&any, &prob.fen, &prob.stipulation, c.checks, &a);
            // The main line is the fastest win against the longest defence, so it is as
            // long as the least N: one attacker move per move of N, a defence between.
            if let Some(k) = a.report.shortest {
                assert_eq!(
                    a.report.main_line.len() as u32,
                    2 * k - 1,
                    "{}: main line {:?} against the least {k}",
                    prob.id,
                    a.report.main_line
                );
                long_lines += (k > 5) as usize;
            }
            trees += (n > 0) as usize;
            lines += n;
        }
    }
    assert!(trees >= 9, "only {trees} trees checked ({lines} lines)");
    assert!(
        long_lines >= 1,
        "no main line longer than five moves checked"
    );
}

/// Random positions with mates in one to three, under shatranj and courier rules, solved
/// by the exhaustive search and by proof numbers, plain and under continual check.
#[test]
fn random_trees_are_proofs() {
    let sets: [(&str, &[Men]); 2] = [
        (
            "shatranj",
            &[
                (&['N', 'N', 'Q'], &['p', 'r']),
                (&['R', 'N'], &['p', 'n']),
                (&['R', 'Q', 'P'], &['r']),
            ],
        ),
        (
            "courier",
            &[(&['N', 'M', 'F'], &['p', 'w']), (&['R', 'M'], &['f', 'p'])],
        ),
    ];
    for (preset, men) in sets {
        let any = AnyEngine::new(Rules::preset(preset).unwrap()).unwrap();
        let mut rng = Rng(0x7ee5_0001);
        let (mut trees, mut deep) = (0, 0);
        for round in 0..20_000 {
            if trees >= 100 && deep >= 25 {
                break;
            }
            let (white, black) = men[rng.below(men.len())];
            let far = rng.below(2) == 0;
            let Some(fen) =
                with_engine!(&any, e => random_position(e, &mut rng, white, black, far))
            else {
                continue;
            };
            let n = 1 + round % 3;
            let stip: Stipulation = format!("#{n}").parse().unwrap();
            let checks = round % 4 == 3;
            let method =
                [Method::Deepening, Method::ProofNumbers, Method::Positions][round / 3 % 3];
            let spec = ConditionSpec {
                checks,
                ..Default::default()
            };
            let a = analyse(&any, &fen, &stip, &spec, None, &limits(method)).unwrap();
            let lines = replay(&any, &fen, &stip, checks, &a);
            if lines > 0 {
                trees += 1;
                deep += (n >= 2 && lines > 1) as usize;
            }
        }
        assert!(
            trees >= 100 && deep >= 25,
            "{preset}: {trees} trees, {deep} deeper than one with several lines"
        );
    }
}
