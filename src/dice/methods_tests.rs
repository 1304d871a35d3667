//! The ways a chance table is solved, each switched off in turn against the default:
//! Gauss–Seidel order and Jacobi give the same chances (within the tolerance), the
//! bounds of interval iteration hold the chances and meet within the tolerance (deflated
//! where the game can go on forever), and the positions won for certain, the board's
//! symmetries, the components, the accelerated solve and the pairs leave every chance.
//! The switches are the crate's own ([`super::table::Options`] keeps them from other
//! programs), so these tests live here.
//!
//! The boards and materials are composed for the test, not historical.

use super::table::{ChanceTables, Methods, Options, TableFigures};
use crate::board::compiled::AnyEngine;
use crate::board::engine::Engine;
use crate::board::rules::{BareKingRule, Rules};
use crate::retro::Material;
use std::sync::Arc;

// The small board the suite's dice tests use (its `mansuba::` paths name this crate).
#[path = "../../tests/common/dice_board.rs"]
mod dice_board;
use dice_board::four_by_four;

/// A rank of a FEN from its squares, `.` for an empty one.
fn fen_rank(squares: &[char]) -> String {
    let mut fen = String::new();
    let mut gap = 0;
    for &c in squares.iter().chain([&'x']) {
        if c == '.' {
            gap += 1;
            continue;
        }
        if gap > 0 {
            fen.push_str(&gap.to_string());
            gap = 0;
        }
        fen.push(c);
    }
    fen.pop();
    fen
}

fn engine(rules: Rules) -> Arc<Engine<u64>> {
    match AnyEngine::new(rules).unwrap() {
        AnyEngine::W64(e) => e,
        _ => unreachable!("at most 64 squares"),
    }
}

/// The tables of `mat` on the 4x4 board without the bare-king win, solved as `opt` says.
fn solved(mat: &str, opt: &Options) -> (Arc<Engine<u64>>, ChanceTables) {
    let rules = four_by_four("dice-4x4");
    let e = engine(rules.clone());
    let m = Material::parse(mat, &rules).unwrap();
    let t = ChanceTables::build_with(&e, rules.dice.as_ref().unwrap(), &m, opt, &|_| {}).unwrap();
    (e, t)
}

fn target<'a>(t: &'a ChanceTables, e: &Engine<u64>, mat: &str) -> &'a TableFigures {
    let m = Material::parse(mat, &e.rules).unwrap();
    &t.table(&m).unwrap().figures
}

/// The largest difference of a chance between two builds of the table of `mat`.
fn largest_difference(e: &Engine<u64>, a: &ChanceTables, b: &ChanceTables, mat: &str) -> f64 {
    let m = Material::parse(mat, &e.rules).unwrap();
    let (ta, tb) = (a.table(&m).unwrap(), b.table(&m).unwrap());
    let mut worst: f64 = 0.0;
    for i in 0..ta.figures.entries {
        let (x, y) = (ta.chances_of_entry(i), tb.chances_of_entry(i));
        worst = worst.max((x.w - y.w).abs()).max((x.l - y.l).abs());
    }
    worst
}

#[test]
fn gauss_seidel_and_jacobi_give_the_same_chances_with_fewer_sweeps() {
    // Without deflation the bounds of this table stall apart (the knight's side can keep
    // the game going), so the builds stop when everything stands still: quick.
    let tight = Options {
        tolerance: 1e-12,
        methods: Methods {
            deflate: false,
            ..Methods::default()
        },
        ..Options::default()
    };
    let jacobi = Options {
        methods: Methods {
            gauss_seidel: false,
            ..tight.methods
        },
        ..tight.clone()
    };
    let (e, a) = solved("KNK", &tight);
    let (_, b) = solved("KNK", &jacobi);
    let d = largest_difference(&e, &a, &b, "KNK");
    assert!(d < 1e-10, "the chances differ by {d:e}");
    let (fa, fb) = (target(&a, &e, "KNK"), target(&b, &e, "KNK"));
    assert!(
        fa.iterations < fb.iterations,
        "{} against {}",
        fa.iterations,
        fb.iterations
    );
    assert!(fa.error_bound > 1e-12 && fb.error_bound > 1e-12);
}

#[test]
fn the_certified_error_bounds_the_distance_to_a_tighter_solution() {
    // Solved loosely, the table's error bound covers its distance to a tight solution;
    // the knight must take the king, so the game can go on forever, yet the dice make
    // every cycle leak: the bounds close by more than 0.1 % a sweep, with no deflation
    // (a stall that needs one: `dice::iterate`'s unit tests).
    let loose = Options {
        tolerance: 1e-4,
        ..Options::default()
    };
    let tight = Options {
        tolerance: 1e-12,
        ..Options::default()
    };
    let (e, a) = solved("KNK", &loose);
    let (_, b) = solved("KNK", &tight);
    let f = target(&a, &e, "KNK");
    assert!(f.error_bound <= 1e-4, "{}", f.error_bound);
    let fb = target(&b, &e, "KNK");
    assert!(fb.error_bound <= 1e-12, "{}", fb.error_bound);
    let d = largest_difference(&e, &a, &b, "KNK");
    assert!(
        d <= f.error_bound + 1e-12,
        "{d:e} beyond the bound {:e}",
        f.error_bound
    );
}

#[test]
fn positions_won_for_certain_are_found_first_without_changing_a_chance() {
    // KRK without the bare-king win on 4x4: the rook takes the king in the end from
    // most positions, which plain iteration only approaches.
    let with = Options {
        tolerance: 1e-11,
        ..Options::default()
    };
    let without = Options {
        methods: Methods {
            certain: false,
            ..with.methods
        },
        ..with.clone()
    };
    let (e, a) = solved("KRK", &with);
    let (_, b) = solved("KRK", &without);
    let (fa, fb) = (target(&a, &e, "KRK"), target(&b, &e, "KRK"));
    assert!(fa.certain > 0 && fb.certain == 0, "{}", fa.certain);
    assert!(
        fa.iterations < fb.iterations,
        "{} against {}",
        fa.iterations,
        fb.iterations
    );
    let worst = largest_difference(&e, &a, &b, "KRK");
    assert!(worst < 1e-10, "the chances differ by {worst:e}");
}

/// The tables of `mat` solved to 1e-11 by default and with a method switched off by
/// `off`, which agree within 1e-9 on every entry of every table.
fn agree_within_1e9(
    mat: &str,
    off: impl Fn(&mut Options),
) -> (Arc<Engine<u64>>, ChanceTables, ChanceTables) {
    let with = Options {
        tolerance: 1e-11,
        ..Options::default()
    };
    let mut without = with.clone();
    off(&mut without);
    let (e, a) = solved(mat, &with);
    let (_, b) = solved(mat, &without);
    for f in b.figures() {
        let worst = largest_difference(&e, &a, &b, &f.material);
        assert!(
            worst < 1e-9,
            "{}: the chances differ by {worst:e}",
            f.material
        );
    }
    (e, a, b)
}

/// The tables of `mat` with and without the board's symmetries agree within 1e-9 on every
/// entry, and the build with them solves fewer entries (its successor lists are smaller).
fn same_with_and_without_symmetry(mat: &str, order: usize) {
    let (e, a, b) = agree_within_1e9(mat, |o| o.methods.symmetry = false);
    let (fa, fb) = (target(&a, &e, mat), target(&b, &e, mat));
    assert_eq!((fa.symmetries, fb.symmetries), (order, 1), "{mat}");
    assert_eq!((fa.positions, fa.certain), (fb.positions, fb.certain));
    assert!(fa.bytes < fb.bytes, "{} against {}", fa.bytes, fb.bytes);
}

#[test]
fn the_eight_board_symmetries_leave_every_chance_without_pawns() {
    same_with_and_without_symmetry("KRK", 8);
}

#[test]
fn with_a_pawn_only_the_mirror_is_used() {
    same_with_and_without_symmetry("KPK", 2);
}

/// The symmetries a table of `mat` under `rules` uses, solved loosely.
fn symmetries(rules: Rules, mat: &str) -> usize {
    let e = engine(rules.clone());
    let m = Material::parse(mat, &rules).unwrap();
    let opt = Options {
        tolerance: 1e-3,
        ..Options::default()
    };
    let t = ChanceTables::build_with(&e, rules.dice.as_ref().unwrap(), &m, &opt, &|_| {}).unwrap();
    target(&t, &e, mat).symmetries
}

#[test]
fn an_oblong_board_keeps_four_symmetries_and_promotion_by_file_may_lose_the_mirror() {
    let mut oblong = four_by_four("dice-5x4");
    oblong.width = 5;
    oblong.start = "rkqrn/ppppp/PPPPP/RKQRN w - - 0 1".into();
    assert_eq!(symmetries(oblong, "KRK"), 4);
    let mut even = four_by_four("dice-4x4-by-file");
    even.promotion.by_file = vec!['r', 'q', 'q', 'r'];
    assert_eq!(symmetries(even.clone(), "KPK"), 2);
    let mut uneven = even;
    uneven.promotion.by_file = vec!['r', 'q', 'n', 'r'];
    assert_eq!(symmetries(uneven, "KPK"), 1);
}

/// The tables of `mat` solved component by component (bottom-up over the strongly
/// connected components of the move graph) and as a whole agree within 1e-9 on every
/// entry of every table, and each build's certified error covers the distance between
/// the two scores.
fn same_with_and_without_components(mat: &str) {
    let (e, a, b) = agree_within_1e9(mat, |o| o.methods.scc = false);
    for f in b.figures() {
        let m = Material::parse(&f.material, &e.rules).unwrap();
        let (ta, tb) = (a.table(&m).unwrap(), b.table(&m).unwrap());
        let allowed = ta.figures.error_bound + tb.figures.error_bound + 1e-12;
        assert!(
            ta.figures.error_bound <= 1e-10,
            "{}",
            ta.figures.error_bound
        );
        for i in 0..ta.figures.entries {
            let (x, y) = (ta.chances_of_entry(i), tb.chances_of_entry(i));
            let gap = ((x.w - x.l) - (y.w - y.l)).abs();
            assert!(gap <= allowed, "{}: entry {i} {gap:e}", f.material);
        }
    }
    let (fa, fb) = (target(&a, &e, mat), target(&b, &e, mat));
    assert_eq!(fb.components, 0);
    assert!(
        fa.components > 1 && fa.largest_component < fa.positions,
        "{} components, the largest {}",
        fa.components,
        fa.largest_component
    );
}

#[test]
fn solving_component_by_component_leaves_every_chance() {
    same_with_and_without_components("KRK");
    same_with_and_without_components("KPK");
}

/// Every position of `mat` on the 4x4 board (White's king, White's man, Black's king, on
/// any free squares, either side to move) not decided before the throw: the chances the
/// table gives it and those worked out from the move generator, one throw after another,
/// each throw's best move read from the table; they agree within `within`.
fn one_turn_agrees(mat: &str, t: &ChanceTables, e: &Arc<Engine<u64>>, within: f64) -> usize {
    use crate::board::position::Position;
    use crate::dice::turn::{start, Start};
    let man = mat.chars().nth(1).unwrap();
    let mut checked = 0;
    for (a, b, c) in triples(16) {
        let mut board = ['.'; 16];
        (board[a], board[b], board[c]) = ('K', man, 'k');
        let rows: Vec<String> = board.chunks(4).map(fen_rank).collect();
        for side in ["w", "b"] {
            let fen = format!("{} {side} - - 0 1", rows.join("/"));
            // A side left in check with the other to move: not written as a FEN.
            let Ok(mut pos) = Position::from_fen(Arc::clone(e), &fen) else {
                continue;
            };
            let Start::Throws(throws) = start(&mut pos, t.rolls(), t.no_move()) else {
                continue;
            };
            let (mut w, mut l) = (0.0, 0.0);
            for th in &throws {
                let (_, c) = t.choose(&mut pos, &th.throw).unwrap();
                (w, l) = (w + th.prob * c.w, l + th.prob * c.l);
            }
            let v = t.value(&pos).unwrap();
            assert!(
                (v.w - w).abs() < within && (v.l - l).abs() < within,
                "{fen}: the table says {v:?}, one turn {w} {l}"
            );
            checked += 1;
        }
    }
    checked
}

/// Three distinct squares of `n`, every order.
fn triples(n: usize) -> Vec<(usize, usize, usize)> {
    let mut v = vec![];
    for a in 0..n {
        for b in (0..n).filter(|&b| b != a) {
            for c in (0..n).filter(|&c| c != a && c != b) {
                v.push((a, b, c));
            }
        }
    }
    v
}

#[test]
fn the_compact_stored_graph_reads_what_the_move_generator_gives() {
    // The table is solved over slots (one per class of the eight symmetries) with its
    // successors laid out compact; one turn worked out from the move generator and the
    // table's own chances must give back every position's chances.
    for mat in ["KRK", "KNK"] {
        let opt = Options {
            tolerance: 1e-11,
            ..Options::default()
        };
        let (e, t) = solved(mat, &opt);
        assert_eq!(target(&t, &e, mat).symmetries, 8);
        let checked = one_turn_agrees(mat, &t, &e, 1e-9);
        assert!(checked > 3000, "{mat}: {checked} positions");
    }
}

/// Shatranj with dice on 8x8 without the bare-king win, and its engine.
fn without_bare_king() -> (Rules, Arc<Engine<u64>>) {
    let mut rules = Rules::preset("shatranj-dice").unwrap();
    rules.bare_king = BareKingRule::Off;
    rules.name.push_str("-no-bare-king");
    let e = engine(rules.clone());
    (rules, e)
}

/// KRK on 8x8 without the bare-king win (one component of most of the table: the
/// accelerated solve's case) solved by interval iteration and by the accelerated solve
/// (policy iteration, certified): the certificate holds, the chances agree within 1e-9,
/// and each build's certified error covers the distance between the two scores.
#[test]
fn the_accelerated_solve_is_certified_and_agrees_with_interval_iteration() {
    let (rules, e) = without_bare_king();
    let m = Material::parse("KRK", &rules).unwrap();
    let build = |accelerate| {
        let opt = Options {
            methods: Methods {
                accelerate,
                ..Methods::default()
            },
            ..Options::default()
        };
        ChanceTables::build_with(&e, rules.dice.as_ref().unwrap(), &m, &opt, &|_| {}).unwrap()
    };
    let (a, b) = (build(true), build(false));
    let (fa, fb) = (target(&a, &e, "KRK"), target(&b, &e, "KRK"));
    assert!(
        fa.certified && fa.krylov > 0,
        "{} Krylov iterations",
        fa.krylov
    );
    assert!(!fb.certified && fb.krylov == 0);
    assert!(fa.error_bound <= 1e-10, "{:e}", fa.error_bound);
    let worst = largest_difference(&e, &a, &b, "KRK");
    assert!(worst < 1e-9, "the chances differ by {worst:e}");
    let (ta, tb) = (a.table(&m).unwrap(), b.table(&m).unwrap());
    let allowed = fa.error_bound + fb.error_bound + 1e-15;
    for i in 0..fa.entries {
        let (x, y) = (ta.chances_of_entry(i), tb.chances_of_entry(i));
        let gap = ((x.w - x.l) - (y.w - y.l)).abs();
        assert!(gap <= allowed, "entry {i}: {gap:e}");
    }
}

/// KQK on 8x8 without the bare-king win closes its gap slowly (interval iteration alone
/// took 5,609 sweeps): the probe after 40 sweeps hands its large component to the
/// accelerated solve without being asked, and the certificate holds to the tolerance.
#[test]
fn a_slowly_closing_table_goes_to_the_accelerated_solve_by_itself() {
    let (rules, e) = without_bare_king();
    let m = Material::parse("KQK", &rules).unwrap();
    let dice = rules.dice.as_ref().unwrap();
    let t = ChanceTables::build_with(&e, dice, &m, &Options::default(), &|_| {}).unwrap();
    let f = target(&t, &e, "KQK");
    assert!(
        f.certified && f.krylov > 0,
        "{} Krylov iterations",
        f.krylov
    );
    assert!(f.error_bound <= 1e-10, "{:e}", f.error_bound);
    assert!(f.iterations < 400, "{} sweeps", f.iterations);
}

/// Two entries that hand the turn to each other (a forfeit, and the forfeit back) solved
/// together (`dice::pair`), in the small components one after another and in the
/// whole-table sweeps: every chance agrees within 1e-9 with the build that updates them
/// one after the other, each build's certified error covers the distance between the two
/// scores, and the table takes fewer sweeps.
#[test]
fn entries_that_hand_the_turn_to_each_other_solved_together_leave_every_chance() {
    for (scc, mat) in [(true, "KRK"), (true, "KPK"), (false, "KRK"), (false, "KNK")] {
        let with = Options {
            tolerance: 1e-11,
            methods: Methods {
                scc,
                ..Methods::default()
            },
            ..Options::default()
        };
        let without = Options {
            methods: Methods {
                pairs: false,
                ..with.methods
            },
            ..with.clone()
        };
        let (e, a) = solved(mat, &with);
        let (_, b) = solved(mat, &without);
        for f in b.figures() {
            let m = Material::parse(&f.material, &e.rules).unwrap();
            let (ta, tb) = (a.table(&m).unwrap(), b.table(&m).unwrap());
            let worst = largest_difference(&e, &a, &b, &f.material);
            assert!(
                worst < 1e-9,
                "{}: the chances differ by {worst:e}",
                f.material
            );
            let allowed = ta.figures.error_bound + tb.figures.error_bound + 1e-12;
            for i in 0..ta.figures.entries {
                let (x, y) = (ta.chances_of_entry(i), tb.chances_of_entry(i));
                let gap = ((x.w - x.l) - (y.w - y.l)).abs();
                assert!(gap <= allowed, "{}: entry {i} {gap:e}", f.material);
            }
        }
        let (fa, fb) = (target(&a, &e, mat), target(&b, &e, mat));
        assert!(
            fa.iterations < fb.iterations,
            "{mat}, components {scc}: {} sweeps against {}",
            fa.iterations,
            fb.iterations
        );
    }
    // On 8x8 without the bare-king win, KRK is one component of most of the table.
    let (rules, e) = without_bare_king();
    let m = Material::parse("KRK", &rules).unwrap();
    let build = |pairs| {
        let opt = Options {
            methods: Methods {
                pairs,
                ..Methods::default()
            },
            ..Options::default()
        };
        ChanceTables::build_with(&e, rules.dice.as_ref().unwrap(), &m, &opt, &|_| {}).unwrap()
    };
    let (a, b) = (build(true), build(false));
    let worst = largest_difference(&e, &a, &b, "KRK");
    assert!(worst < 1e-9, "the chances differ by {worst:e}");
    let (fa, fb) = (target(&a, &e, "KRK"), target(&b, &e, "KRK"));
    assert!(
        2 * fa.iterations < fb.iterations,
        "{} sweeps against {}",
        fa.iterations,
        fb.iterations
    );
}
