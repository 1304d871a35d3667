//! SVG diagrams: every preset's starting array, stacked squares and the 12x12 board draw
//! as well-formed XML with one figure per man; the `diagram` command's options and errors.

use assert_cmd::Command;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::position::Position;
use mansuba::board::presets::PRESETS;
use mansuba::board::rules::Rules;
use mansuba::report::svg::{render, Board, Options};
use mansuba::with_engine;

fn bin() -> Command {
    Command::cargo_bin("mansuba").expect("the mansuba binary")
}

/// The board of a FEN (or the preset's start when `fen` is None).
fn board(rules: &str, fen: Option<&str>) -> Board {
    let eng = AnyEngine::new(Rules::preset(rules).unwrap()).unwrap();
    with_engine!(&eng, e => {
        let pos = match fen {
            Some(f) => Position::from_fen(e.clone(), f).unwrap(),
            None => Position::start(e.clone()).unwrap(),
        };
        Board::of(&pos)
    })
}

/// The men a FEN's placement field holds: one per piece letter, stacks included.
fn men_in_fen(fen: &str) -> usize {
    fen.split_whitespace()
        .next()
        .unwrap()
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .count()
}

/// The figures of a parsed diagram: (side class, kind) of every `<g class="man ...">`.
fn figures(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| {
            n.tag_name().name() == "g"
                && n.attribute("class").is_some_and(|c| c.starts_with("man "))
        })
        .map(|n| {
            // Each figure is a glyph or a labelled disc: it holds text to read.
            assert!(
                n.descendants().any(|d| d.tag_name().name() == "text"),
                "a figure without a symbol or label"
            );
            (
                n.attribute("class").unwrap()[4..].to_string(),
                n.attribute("data-kind").unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn every_presets_start_draws_one_figure_per_man() {
    for name in PRESETS {
        let r = Rules::preset(name).unwrap();
        let b = board(name, None);
        for flip in [false, true] {
            let svg = render(
                &b,
                &Options {
                    flip,
                    ..Options::default()
                },
            );
            let figs = figures(&svg);
            assert_eq!(
                figs.len(),
                men_in_fen(&r.start),
                "{name}: one figure per man"
            );
            assert_eq!(figs.len(), b.men(), "{name}");
            let whites = figs.iter().filter(|(c, _)| c == "w").count();
            assert_eq!(whites * 2, figs.len(), "{name}: the armies are equal");
            // Every kind of the preset that stands in the array is drawn under its name.
            for p in &r.pieces {
                if r.start.contains(p.letter) {
                    assert!(
                        figs.iter().any(|(_, k)| *k == p.name),
                        "{name}: no figure for the {}",
                        p.name
                    );
                }
            }
            assert!(svg.len() < 40_000, "{name}: {} bytes", svg.len());
        }
    }
}

#[test]
fn stacked_squares_show_every_man() {
    // Two and three men on one square (short assize: a ferz on the king's pawn).
    let fen = "k7/8/8/3[QPB]4/8/4[qp]3/8/K7 w - - 0 1";
    let b = board("short-assize", Some(fen));
    let svg = render(&b, &Options::default());
    let figs = figures(&svg);
    assert_eq!(figs.len(), 7);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let stacks = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("stack"))
        .count();
    assert_eq!(stacks, 2, "each stacked square is marked");
    let kinds: Vec<&str> = figs.iter().map(|(_, k)| k.as_str()).collect();
    for k in ["ferz", "pawn", "alfil", "king"] {
        assert!(kinds.contains(&k), "{k} missing");
    }
}

#[test]
fn a_twelve_by_twelve_board_has_every_square_and_label() {
    let b = board("grant-acedrex", None);
    let svg = render(&b, &Options::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let squares = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "g" && n.attribute("class") == Some("squares"))
        .flat_map(|g| g.children().filter(|c| c.tag_name().name() == "rect"))
        .count();
    assert_eq!(squares, 144 + 1, "144 squares and the frame");
    let labels: Vec<String> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "g" && n.attribute("class") == Some("labels"))
        .flat_map(|g| g.children().filter_map(|c| c.text().map(String::from)))
        .collect();
    for l in ["a", "l", "1", "12", "White \u{2014} to move", "Black"] {
        assert!(
            labels.iter().any(|x| x == l),
            "label {l} missing: {labels:?}"
        );
    }
    assert_eq!(figures(&svg).len(), 48);
}

#[test]
fn flipping_turns_the_board() {
    let b = board("shatranj", Some("k7/8/8/8/8/8/8/7K w - - 0 1"));
    let x_of_king = |flip: bool, side: &str| {
        let svg = render(
            &b,
            &Options {
                flip,
                ..Options::default()
            },
        );
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let g = doc
            .descendants()
            .find(|n| n.attribute("class") == Some(side))
            .unwrap();
        let t = g
            .children()
            .find(|c| c.tag_name().name() == "text")
            .unwrap();
        t.attribute("x").unwrap().parse::<f64>().unwrap()
    };
    // White's king on h1 is at the right, or at the left once turned.
    assert!(x_of_king(false, "man w") > x_of_king(false, "man b"));
    assert!(x_of_king(true, "man w") < x_of_king(true, "man b"));
}

/// Every figure of a diagram as (side class, kind, x, y) of its symbol or label, sorted.
fn placed(svg: &str) -> Vec<(String, String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut v: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("man ")))
        .map(|g| {
            let t = g
                .children()
                .find(|c| c.tag_name().name() == "text")
                .unwrap();
            (
                g.attribute("class").unwrap()[4..].to_string(),
                g.attribute("data-kind").unwrap().to_string(),
                t.attribute("x").unwrap().to_string(),
                t.attribute("y").unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_flipped_problem_is_drawn_as_its_manuscript_shows_it() {
    // tests/data/sides/twins.toml's 'flipped' twin: written with Green (small letters) at
    // the top moving down; on load it is mirrored top to bottom, colours swapped. Its
    // picture must put every man where the FEN as written draws it (files not reversed),
    // each in the other colour, and name the sides Green and Red.
    let run = |args: &[&str]| {
        let out = bin().arg("diagram").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let flipped = run(&["tests/data/sides/twins.toml", "--id", "flipped"]);
    let written = run(&[
        "--rules",
        "shatranj",
        "--fen",
        "8/7r/K1k5/q7/8/P7/8/8 b - - 0 1",
    ]);
    let swapped: Vec<_> = placed(&written)
        .into_iter()
        .map(|(c, k, x, y)| (if c == "w" { "b" } else { "w" }.to_string(), k, x, y))
        .collect();
    let mut swapped = swapped;
    swapped.sort();
    assert_eq!(placed(&flipped), swapped);
    assert!(
        flipped.contains(">Green") && flipped.contains(">Red"),
        "{flipped}"
    );
    // --flip turns it half round: the rook (h2 inside, drawn at the right) goes left.
    let turned = run(&["tests/data/sides/twins.toml", "--id", "flipped", "--flip"]);
    let x_of_rook = |svg: &str| -> f64 {
        let p = placed(svg);
        let r = p.iter().find(|m| m.1 == "rook").unwrap();
        r.2.parse().unwrap()
    };
    assert!(x_of_rook(&turned) < x_of_rook(&flipped));
}

#[test]
fn the_command_draws_problems_fens_moves_and_arrows() {
    let out = bin()
        .args(["diagram", "problems/mansubat.toml", "--id", "dilaram"])
        .args(["--after", "1.Rh8+ Kxh8", "--arrow", "h3f5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8(out.stdout).unwrap();
    let figs = figures(&svg);
    assert!(svg.contains(r#"class="arrow""#));
    // The rook on h8 was taken by the king.
    let before = bin()
        .args(["diagram", "problems/mansubat.toml", "--id", "dilaram"])
        .output()
        .unwrap();
    let before = figures(&String::from_utf8(before.stdout).unwrap());
    assert_eq!(figs.len() + 1, before.len());

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.svg");
    let out = bin()
        .args(["diagram", "--rules", "courier", "--fen"])
        .arg("12/12/12/12/12/12/12/K10k w - - 0 1")
        .arg("-o")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(figures(&std::fs::read_to_string(&file).unwrap()).len(), 2);
}

#[test]
fn bad_input_is_a_usage_error() {
    let cases: &[&[&str]] = &[
        // More than one problem and no --id.
        &["diagram", "problems/mansubat.toml"],
        &["diagram", "problems/mansubat.toml", "--id", "nope"],
        &["diagram", "no/such/file.toml"],
        &[
            "diagram",
            "--rules",
            "shatranj",
            "--fen",
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            "--arrow",
            "z9a1",
        ],
        &[
            "diagram",
            "--rules",
            "shatranj",
            "--fen",
            "k7/9/8/8/8/8/8/K7 w",
        ],
        &[
            "diagram",
            "--rules",
            "nonesuch",
            "--fen",
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
        ],
        &[
            "diagram",
            "problems/mansubat.toml",
            "--id",
            "dilaram",
            "--after",
            "1.Kb5",
        ],
    ];
    for args in cases {
        let out = bin().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `mansuba diagram --rules R` with nothing else draws R's starting array: as many
/// figures as the start FEN has men, the same picture as `--fen START --rules R`.
#[test]
fn rules_alone_draw_the_starting_array() {
    for name in ["shatranj", "courier", "grant-acedrex", "english-1650"] {
        let out = bin().args(["diagram", "--rules", name]).output().unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let svg = String::from_utf8(out.stdout).unwrap();
        let start = Rules::preset(name).unwrap().start;
        assert_eq!(figures(&svg).len(), men_in_fen(&start), "{name}");
        let by_fen = bin()
            .args(["diagram", "--rules", name, "--fen", &start])
            .output()
            .unwrap();
        assert_eq!(svg, String::from_utf8(by_fen.stdout).unwrap(), "{name}");
    }
    let out = bin()
        .args(["diagram", "--rules", "no-such"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["diagram"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
