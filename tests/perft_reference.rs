//! perft against established programs.
//!
//! - `tests/data/reference/perft-shatranj.csv` and `perft-courier.csv`: Fairy-Stockfish 11.1
//!   counts (bare-king rule on, see the README there), confirmed independently by
//!   SjaakII with the rule off (the `*-detail.csv` files). Every row is checked; rows above
//!   `BIG` nodes run only with `cargo test --release perft_reference:: -- --ignored`.
//! - Orthodox chess (`english-1650`: modern moves, castling, en passant, promotion to
//!   Q/R/B/N): the published values of the chessprogramming.org "Perft Results" page
//!   (start position, Kiwipete, positions 3, 4 and 5).

use crate::common::reference;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::perft::perft_parallel;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;

/// Rows with more nodes than this are in the `#[ignore]`d test.
const BIG: u64 = 50_000_000;

struct Row {
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn read_csv(name: &str) -> Vec<Row> {
    let path = reference::path(name).display().to_string();
    let text = reference::text(name);
    let mut rows = vec![];
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r').trim();
        if i == 0 || line.is_empty() {
            assert!(i != 0 || line.starts_with("variant,"), "{path}: bad header");
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 4, "{path}:{}: {line}", i + 1);
        rows.push(Row {
            variant: f[0].trim().to_string(),
            fen: f[1].trim().to_string(),
            depth: f[2].trim().parse().unwrap(),
            nodes: f[3].trim().parse().unwrap(),
        });
    }
    assert!(!rows.is_empty(), "{path}: no rows");
    rows
}

fn count(variant: &str, fen: &str, depth: u32) -> u64 {
    let any = AnyEngine::new(Rules::preset(variant).unwrap()).unwrap();
    mansuba::with_engine!(&any, e => {
        let pos = Position::from_fen(e.clone(), fen)
            .unwrap_or_else(|err| panic!("{variant} {fen}: {err}"));
        perft_parallel(&pos, depth)
    })
}

/// Checks every row selected by `pick`; reports all mismatches at once.
fn check(files: &[&str], pick: impl Fn(&Row) -> bool) -> usize {
    let mut bad = vec![];
    let mut n = 0;
    for file in files {
        for r in read_csv(file).iter().filter(|r| pick(r)) {
            n += 1;
            let got = count(&r.variant, &r.fen, r.depth);
            if got != r.nodes {
                bad.push(format!(
                    "{file}: {} '{}' depth {}: expected {}, got {got}",
                    r.variant, r.fen, r.depth, r.nodes
                ));
            }
        }
    }
    assert!(bad.is_empty(), "perft mismatches:\n{}", bad.join("\n"));
    n
}

const FILES: &[&str] = &["perft-shatranj.csv", "perft-courier.csv"];

#[test]
fn fairy_stockfish_rows_up_to_50m_nodes() {
    let n = check(FILES, |r| r.nodes <= BIG);
    assert!(n >= 80, "only {n} rows checked");
}

#[test]
#[ignore = "about 900 M nodes; run with --release -- --ignored"]
fn fairy_stockfish_rows_above_50m_nodes() {
    let n = check(FILES, |r| r.nodes > BIG);
    assert!(n >= 1);
}

#[test]
fn every_reference_row_is_covered_once() {
    // The two tests above split the rows by size; make sure the files are what we think.
    let rows: Vec<Row> = FILES.iter().flat_map(|f| read_csv(f)).collect();
    assert_eq!(rows.len(), 95, "the reference README speaks of 95 rows");
    assert!(rows
        .iter()
        .all(|r| r.variant == "shatranj" || r.variant == "courier"));
}

/// Published orthodox perft values (chessprogramming.org, "Perft Results").
fn orthodox(fen: &str, expected: &[u64]) {
    orthodox_under("english-1650", fen, expected);
}

fn orthodox_under(rules: &str, fen: &str, expected: &[u64]) {
    for (i, &n) in expected.iter().enumerate() {
        let d = i as u32 + 1;
        assert_eq!(count(rules, fen, d), n, "{rules} {fen} depth {d}");
    }
}

/// The `orthodox` preset (modern chess) moves as the published figures say: the start
/// position, Kiwipete and positions 3 to 5 of the chessprogramming.org "Perft Results"
/// page, to a depth that keeps the test quick.
#[test]
fn orthodox_preset_matches_the_published_perft() {
    for (fen, expected) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[20, 400, 8902, 197_281][..],
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[48, 2039, 97_862][..],
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            &[14, 191, 2812, 43_238][..],
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            &[6, 264, 9467][..],
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            &[44, 1486, 62_379][..],
        ),
    ] {
        orthodox_under("orthodox", fen, expected);
    }
}

#[test]
fn english_1650_start_position() {
    orthodox(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197_281, 4_865_609],
    );
}

#[test]
fn english_1650_kiwipete() {
    orthodox(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97_862, 4_085_603],
    );
}

#[test]
fn english_1650_position_3() {
    orthodox(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43_238, 674_624],
    );
}

#[test]
fn english_1650_position_4() {
    orthodox(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422_333],
    );
}

#[test]
fn english_1650_position_4_mirrored() {
    orthodox(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9467, 422_333],
    );
}

#[test]
fn english_1650_position_5() {
    orthodox(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62_379],
    );
}
