//! User input never panics: the problem-file parser, the FEN reader (several presets) and
//! the move reader, fed random bytes, random strings and mutated good input.

use mansuba::board::compiled::AnyEngine;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::with_engine;
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// Presets with different boards and features: 8x8, stacked squares, 12x8, 12x12.
const PRESETS: &[&str] = &[
    "shatranj",
    "short-assize",
    "courier",
    "grant-acedrex",
    "lombard",
];

fn engines() -> &'static Vec<AnyEngine> {
    static E: OnceLock<Vec<AnyEngine>> = OnceLock::new();
    E.get_or_init(|| {
        PRESETS
            .iter()
            .filter_map(|n| Rules::preset(n).ok())
            .filter_map(|r| AnyEngine::new(r).ok())
            .collect()
    })
}

const GOOD_FILE: &str = include_str!("data/good/composed.toml");

const FENS: &[&str] = &[
    "k7/8/1K6/8/3p4/8/8/7R w - - 0 1",
    "8/8/p7/8/Q7/k1K5/7R/8 w - - 0 1",
    "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
];

/// A FEN-ish string: mostly the characters a FEN uses, sometimes anything.
fn fenish() -> impl Strategy<Value = String> {
    prop_oneof![
        "[kqrbnpKQRBNPfwaeFWAE0-9/ \\-\\[\\]()a-p]{0,90}",
        any::<String>(),
        (0..FENS.len(), any::<u64>()).prop_map(|(i, seed)| mutate(FENS[i], seed)),
    ]
}

/// Deterministic mutation of `s`: a few deletions, insertions and replacements.
fn mutate(s: &str, mut seed: u64) -> String {
    let mut v: Vec<char> = s.chars().collect();
    let pool: Vec<char> = "kqrbnpKQRBNP0123456789/ -wb[]=\"#\n.{}xa1h8\u{0}é"
        .chars()
        .collect();
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let n = (next() % 4 + 1) as usize;
    for _ in 0..n {
        let r = next();
        let at = if v.is_empty() {
            0
        } else {
            (r >> 8) as usize % (v.len() + 1)
        };
        let c = pool[(r >> 32) as usize % pool.len()];
        match r % 3 {
            0 if at < v.len() => {
                v.remove(at);
            }
            1 => v.insert(at, c),
            _ if at < v.len() => v[at] = c,
            _ => v.push(c),
        }
    }
    v.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The stipulation reader (`#N`, `win N` and Popeye's families) on words of its own
    /// alphabet: never a panic; what it reads it writes back, and that reads the same.
    #[test]
    fn stipulations_read_and_write_back(s in "(exact-)?(h|s|r|semi-r|ser-|ser-h|ser-s|ser-r|hs|hr|z|)(#|=|#=|##|)[0-9]{0,3}(\\.5|\\.|\\.25)?( ?win ?[0-9]{0,3})?( half-duplex)?( exact)?") {
        if let Ok(st) = s.parse::<mansuba::solve::Stipulation>() {
            let back: mansuba::solve::Stipulation = st.to_string().parse().unwrap();
            prop_assert_eq!(back, st);
        }
    }

    #[test]
    fn problem_parser_survives_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let f = mansuba::problem::parse_str(&text, Path::new("fuzz.toml"));
        for e in f.problems.iter().filter_map(|p| p.as_ref().err()) {
            prop_assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn problem_parser_survives_mutations(seed in any::<u64>()) {
        let text = mutate(GOOD_FILE, seed);
        let f = mansuba::problem::parse_str(&text, Path::new("fuzz.toml"));
        for p in f.problems.iter().flatten() {
            // What parses must also survive the next step: rules and FEN.
            if let Ok(r) = Rules::resolve(&p.rules, None) {
                if let Ok(e) = AnyEngine::new(r) {
                    let _ = with_engine!(&e, x => Position::from_fen(x.clone(), &p.fen).is_ok());
                }
            }
        }
        for e in f.problems.iter().filter_map(|p| p.as_ref().err()) {
            prop_assert!(e.line.is_none() || e.line.unwrap() >= 1);
            prop_assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn fen_reader_survives(s in fenish()) {
        for e in engines() {
            with_engine!(e, x => {
                if let Ok(p) = Position::from_fen(x.clone(), &s) {
                    // A position that was read can be written and read again.
                    let again = p.to_fen();
                    prop_assert!(Position::from_fen(x.clone(), &again).is_ok(), "{} -> {}", s, again);
                }
            });
        }
    }

    #[test]
    fn move_reader_survives(s in "[KQRBNPkqrbnpa-p1-9x:=+#!?&\\-O0. ]{0,14}|\\PC{0,10}") {
        for e in engines() {
            with_engine!(e, x => {
                let mut positions = vec![];
                if let Ok(p) = Position::start(x.clone()) {
                    positions.push(p);
                }
                for f in FENS {
                    if let Ok(p) = Position::from_fen(x.clone(), f) {
                        positions.push(p);
                    }
                }
                for p in &positions {
                    let _ = mansuba::notation::parse_move(p, &s);
                }
            });
        }
    }

    /// The descriptive and Murray readers, and the line splitter, on their own alphabets:
    /// any text gives a move or an error, never a panic.
    #[test]
    fn manuscript_readers_survive(s in "[KQRBPNtosqchmate \\-x()=1-8.,;]{0,24}|\\PC{0,16}") {
        use mansuba::notation::{parse_move_in, parse_solution, Notation};
        let sol = parse_solution(&s);
        for v in &sol.variations {
            prop_assert!(v.replaces < sol.main.len());
        }
        for e in engines() {
            with_engine!(e, x => {
                if let Ok(p) = Position::start(x.clone()) {
                    for n in [Notation::Descriptive, Notation::Murray, Notation::Lan, Notation::Auto] {
                        let _ = parse_move_in(&p, &s, n);
                        for t in &sol.main {
                            let _ = parse_move_in(&p, &t.text, n);
                        }
                    }
                }
            });
        }
    }
}
