//! Chance tables solved with stored successor lists and with successors regenerated in
//! every sweep (the layout that lets four men on 8x8 fit in 2 GiB) give the same values
//! bit for bit, the same sweeps and the same figures.
//!
//! The materials and boards are composed for the test, not historical.

use mansuba::board::compiled::AnyEngine;
use mansuba::board::engine::Engine;
use mansuba::board::rules::Rules;
use mansuba::dice::table::{ChanceTables, Layout, Options};
use mansuba::retro::Material;
use std::sync::Arc;

use super::dice::dice_board::four_by_four;

fn engine(rules: Rules) -> Arc<Engine<u64>> {
    match AnyEngine::new(rules).unwrap() {
        AnyEngine::W64(e) => e,
        _ => unreachable!("at most 64 squares"),
    }
}

/// The tables of `mat` built in `layout`, each table's file body (the values) and figures.
fn built(
    rules: &Rules,
    mat: &str,
    layout: Layout,
    tolerance: f64,
) -> Vec<(String, Vec<u8>, String)> {
    let e = engine(rules.clone());
    let dice = rules.dice.clone().unwrap();
    let m = Material::parse(mat, rules).unwrap();
    let opt = Options {
        tolerance,
        layout: Some(layout),
        ..Options::default()
    };
    let t = ChanceTables::build_with(&e, &dice, &m, &opt, &|_| {}).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let files = t.save(dir.path(), rules, &Default::default()).unwrap();
    let figures = t.figures();
    assert_eq!(files.len(), figures.len());
    let mut out = vec![];
    for f in figures {
        let path = mansuba::dice::file::path(dir.path(), rules, &f.material);
        let bytes = std::fs::read(&path).unwrap();
        let body = bytes[bytes.iter().position(|&b| b == b'\n').unwrap() + 1..].to_vec();
        let shown = format!(
            "{} {} {} {} {:e} {:e} {:e}",
            f.material,
            f.entries,
            f.positions,
            f.iterations,
            f.residual,
            f.mean_white_win,
            f.mean_white_win_black_to_move
        );
        out.push((f.material.clone(), body, shown));
    }
    out
}

/// A loose `tolerance` keeps a test short; the layouts agree at any tolerance.
fn same_both_ways(rules: Rules, mat: &str, tolerance: f64, min_sweeps: u32) {
    let stored = built(&rules, mat, Layout::Stored, tolerance);
    let regenerated = built(&rules, mat, Layout::Regenerated, tolerance);
    assert_eq!(stored.len(), regenerated.len());
    for (a, b) in stored.iter().zip(&regenerated) {
        assert_eq!(a.2, b.2, "{} figures", a.0);
        assert!(a.1 == b.1, "{}: the values differ", a.0);
    }
    let target = &stored.last().unwrap().1;
    assert!(!target.iter().all(|&x| x == 0), "{mat}: all zero");
    let sweeps: u32 = stored
        .last()
        .unwrap()
        .2
        .split(' ')
        .nth(3)
        .unwrap()
        .parse()
        .unwrap();
    assert!(sweeps >= min_sweeps, "{mat}: {sweeps} sweeps");
}

#[test]
fn three_men_on_8x8_the_same_in_both_layouts() {
    same_both_ways(
        Rules::preset("shatranj-dice").unwrap(),
        "KRK",
        mansuba::dice::TOLERANCE,
        1,
    );
}

#[test]
fn three_men_with_long_games_the_same_in_both_layouts() {
    // No bare-king win on 4x4: the knight must take a king left in check, which takes
    // many sweeps to settle.
    same_both_ways(four_by_four("dice-4x4"), "KNK", 1e-6, 20);
}

#[test]
fn four_men_with_captures_and_promotion_the_same_in_both_layouts() {
    // A pawn that promotes and men that take each other: the successors lead into
    // smaller and other tables.
    same_both_ways(four_by_four("dice-4x4"), "KPKN", 1e-3, 10);
}
