//! The stipulation `draw` (the side to move avoids losing): exact by the retrograde
//! tables built on the fly, the keys every first move not lost, a loss refuted by the
//! tables' line, the rules' stalemate deciding; a position too big for tables searched
//! for the opponent's win; the printed line checked by the tables. The table verdicts
//! are checked against the `win N` search without tables.

use assert_cmd::Command;
use mansuba::analyse::analyse;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::rules::Rules;
use mansuba::solve::word::Verdict;
use mansuba::solve::{Analysis, ClaimStatus, ConditionSpec, Limits, Solvable, Stipulation};
use std::time::Duration;

/// One table cache for every test here: a table is built once.
fn cache() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap().keep())
}

fn run(rules: &str, fen: &str, stip: &str, claim: Option<&str>, tables: bool) -> Analysis {
    let any = AnyEngine::new(Rules::preset(rules).unwrap()).unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_secs(60)),
        table_cache: tables.then(|| mansuba::files::cache::TableCache::at(cache())),
        ..Default::default()
    };
    let stip: Stipulation = stip.parse().unwrap();
    analyse(&any, fen, &stip, &ConditionSpec::default(), claim, &limits).unwrap()
}

fn draw(rules: &str, fen: &str) -> Analysis {
    run(rules, fen, "draw", None, true)
}

/// The FEN after one move given in coordinates.
fn after(rules: &str, fen: &str, mv: &str) -> String {
    use mansuba::board::position::Position;
    let any = AnyEngine::new(Rules::preset(rules).unwrap()).unwrap();
    let AnyEngine::W64(e) = any else {
        panic!("an 8x8 board")
    };
    let mut p = Position::from_fen(e, fen).unwrap();
    let m = mansuba::notation::parse_move(&p, mv).unwrap();
    p.make(m);
    p.to_fen()
}

#[test]
fn draw_parses_and_writes_back() {
    for t in ["draw", "DRAW", " Draw "] {
        let s: Stipulation = t.parse().unwrap();
        assert_eq!(s.goal, mansuba::solve::Goal::Draw);
        assert_eq!(s.to_string(), "draw");
        assert_eq!(s.to_string().parse::<Stipulation>().unwrap(), s);
    }
    for bad in ["draw 3", "draw exact", "drawn", "draw2"] {
        assert!(bad.parse::<Stipulation>().is_err(), "{bad}");
    }
}

#[test]
fn draw_is_refused_under_dice_and_with_conditions() {
    let any = AnyEngine::new(Rules::preset("shatranj-dice").unwrap()).unwrap();
    let stip: Stipulation = "draw".parse().unwrap();
    let fen = "8/8/8/8/8/k7/1R6/7K b - - 0 1";
    let e = analyse(
        &any,
        fen,
        &stip,
        &ConditionSpec::default(),
        None,
        &Limits::default(),
    );
    let msg = e.unwrap_err().to_string();
    assert!(msg.contains("dice") && msg.contains("draw"), "{msg}");
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let spec = ConditionSpec {
        mate_by: Some("k".into()),
        ..Default::default()
    };
    let e = analyse(&any, fen, &stip, &spec, None, &Limits::default());
    assert!(e.unwrap_err().to_string().contains("draw"));
}

#[test]
fn draw_shatranj_bare_king_takes_back_the_one_way() {
    // Composed for mansuba's tests: the bare black king must bare White back at once
    // (seed 000: win-unless-bared-back); Kxb2 draws, Ka4 loses.
    let fen = "8/8/8/8/8/k7/1R6/7K b - - 0 1";
    let a = draw("shatranj", fen);
    assert_eq!(a.report.solvable, Solvable::Yes);
    assert_eq!(a.report.keys, ["a3b2"]);
    assert_eq!(a.written.keys, ["Kxb2"]);
    assert!(a.report.keys_complete);
    assert_eq!(Verdict::of(&a), Verdict::Sound);
    assert_eq!(a.report.tree[0].outcome, "draw (tables)");
    assert_eq!(a.report.tries.len(), 1, "Ka4 is lost");
    // Without the bared-back rule the capture still draws, but Ka4 no longer loses at
    // once: under `win` (ludii-medieval) Black is lost already, nothing to play.
    let b = draw("ludii-medieval", fen);
    assert_eq!(b.report.solvable, Solvable::No);
}

#[test]
fn draw_orthodox_one_key_a_cook_and_a_loss() {
    // Composed for mansuba's tests: in check, the only move takes the queen.
    let one = draw("orthodox", "k7/1Q6/8/8/8/8/8/7K b - - 0 1");
    assert_eq!(one.report.keys, ["a8b7"]);
    assert_eq!(Verdict::of(&one), Verdict::Sound);
    // King and knight cannot win: every move draws, three keys.
    let cook_fen = "k7/8/8/8/8/8/8/N6K b - - 0 1";
    let cook = draw("orthodox", cook_fen);
    assert_eq!(cook.report.keys, ["a8a7", "a8b7", "a8b8"]);
    assert_eq!(Verdict::of(&cook), Verdict::Cooked);
    // Kb8 is forced and Qb7 (or Qh8) mates: unsound, the tables' line as the refutation.
    let lost_fen = "k7/8/1K6/8/8/8/8/7Q b - - 0 1";
    let lost = draw("orthodox", lost_fen);
    assert_eq!(lost.report.solvable, Solvable::No);
    assert_eq!(Verdict::of(&lost), Verdict::Unsound);
    let r = lost.report.refutation.as_ref().unwrap();
    assert_eq!(r.line.0, ["a8b8", "h1b7"]);
    assert_eq!(lost.report.table_distance, Some(1));
    // The `win N` search without tables agrees: after Kb8 White mates in one (two ways,
    // the refutation's among them), and after
    // each key of the cook White wins in no number of moves it can search.
    let child = after("orthodox", lost_fen, "a8b8");
    let w = run("orthodox", &child, "win 1", None, false);
    assert_eq!(w.report.solvable, Solvable::Yes);
    assert_eq!(w.report.keys, ["h1b7", "h1h8"]);
    for k in &cook.report.keys {
        let child = after("orthodox", cook_fen, &k.to_string());
        let w = run("orthodox", &child, "win 3", None, false);
        assert_eq!(w.report.solvable, Solvable::No, "after {k}");
    }
}

#[test]
fn draw_the_stalemate_rule_decides() {
    // Composed for mansuba's tests: Black stalemated (the knight pinned, b7 and b8 the
    // white king's). Orthodox: a draw, the task met. Shatranj: the stalemater wins.
    let fen = "k7/n1K5/8/8/8/8/8/R7 b - - 0 1";
    let o = draw("orthodox", fen);
    assert_eq!(o.report.solvable, Solvable::Yes);
    assert!(o.report.keys.is_empty());
    let s = draw("shatranj", fen);
    assert_eq!(s.report.solvable, Solvable::No);
    assert!(s.report.no_legal_move);
    assert_eq!(Verdict::of(&s), Verdict::Unsound);
    // One move earlier, White to move: Kc7 stalemates. A draw under orthodox rules, a
    // loss for White where the stalemater loses (english-1650): no key there.
    let before = "k7/n7/3K4/8/8/8/8/R7 w - - 0 1";
    let o = draw("orthodox", before);
    assert!(o.report.keys.iter().any(|k| *k == "d6c7"));
    let e = draw("english-1650", before);
    assert!(!e.report.keys.iter().any(|k| *k == "d6c7"));
    assert!(!e.report.keys.is_empty());
    assert_eq!(e.report.keys.len() + 1, o.report.keys.len());
    assert!(e
        .report
        .tries
        .iter()
        .any(|t| t.first().is_some_and(|f| *f == "d6c7")));
}

#[test]
fn draw_without_tables_finds_the_loss_or_stays_unknown() {
    // Composed for mansuba's tests: seven men (blocked pawns), beyond every table. Ka7
    // is forced and Ra1 mates: the search finds the loss.
    let big = "k7/2K5/5p2/4pP2/4P3/8/8/7R b - - 0 1";
    let a = draw("orthodox", big);
    assert_eq!(a.report.solvable, Solvable::No);
    assert_eq!(
        a.report.refutation.as_ref().unwrap().line.0,
        ["a8a7", "h1a1"]
    );
    // The same without the pawns, in the tables: the same verdict and line.
    let small = draw("orthodox", "k7/2K5/8/8/8/8/8/7R b - - 0 1");
    assert_eq!(small.report.solvable, Solvable::No);
    assert_eq!(small.report.refutation.unwrap().line.0, ["a8a7", "h1a1"]);
    // A black rook to give up: no loss is found, and a search cannot prove a draw.
    let open = "k7/2K5/5p2/4pP2/4P3/8/8/r6R b - - 0 1";
    let any = AnyEngine::new(Rules::preset("orthodox").unwrap()).unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_secs(3)),
        ..Default::default()
    };
    let stip: Stipulation = "draw".parse().unwrap();
    let u = analyse(&any, open, &stip, &ConditionSpec::default(), None, &limits).unwrap();
    assert_eq!(u.report.solvable, Solvable::Unknown);
    assert_eq!(Verdict::of(&u), Verdict::Unknown);
    assert!(u.report.limit_hit.is_some());
    assert!(u.report.others_fail_within.is_some_and(|k| k >= 1));
}

#[test]
fn draw_claims_are_checked_by_the_tables() {
    let fen = "8/8/8/8/8/k7/1R6/7K b - - 0 1";
    let ok = run("shatranj", fen, "draw", Some("1...Kxb2"), true);
    assert_eq!(ok.claim.status, ClaimStatus::Ok);
    assert!(ok.claim.proves_solvable);
    let bad = run("shatranj", fen, "draw", Some("1...Ka4"), true);
    assert_eq!(bad.claim.status, ClaimStatus::Refuted);
    assert!(bad.claim.detail.contains("loses"), "{}", bad.claim.detail);
    let illegal = run("shatranj", fen, "draw", Some("1...Kb3"), true);
    assert_eq!(illegal.claim.status, ClaimStatus::Illegal);
    // Moves of both sides: each of Black's keeps the draw.
    let cook = "k7/8/8/8/8/8/8/N6K b - - 0 1";
    let line = run("orthodox", cook, "draw", Some("1...Kb7 2.Kg2 Kc6"), true);
    assert_eq!(line.claim.status, ClaimStatus::Ok);
    assert_eq!(line.claim.completed, "1...Kb7 2.Kg2 Kc6");
}

#[test]
fn draw_verdicts_in_the_csv() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("draw.toml");
    std::fs::write(
        &file,
        r#"[[problem]]
id = "one"
source = "composed for mansuba's tests: the bare king takes back"
rules = "shatranj"
fen = "8/8/8/8/8/k7/1R6/7K b - - 0 1"
stipulation = "draw"
solution = "1...Kxb2"

[[problem]]
id = "lost"
source = "composed for mansuba's tests: Kb8 forced, Qb7 mate"
rules = "orthodox"
fen = "k7/8/1K6/8/8/8/8/7Q b - - 0 1"
stipulation = "Draw"

[[problem]]
id = "bare"
source = "composed for mansuba's tests: bare already where a bare king loses at once"
rules = "ludii-medieval"
fen = "8/8/8/8/8/k7/1R6/7K b - - 0 1"
stipulation = "draw"
"#,
    )
    .unwrap();
    let out = Command::cargo_bin("mansuba")
        .unwrap()
        .env("XDG_CACHE_HOME", dir.path().join("c"))
        .args(["verify", "--csv", "-"])
        .arg(&file)
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let head = rows.headers().unwrap().clone();
    let col = |name: &str| head.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = rows.records().map(|r| r.unwrap()).collect();
    assert_eq!(&rows[0][col("stipulation")], "draw");
    assert_eq!(&rows[0][col("verdict")], "sound");
    assert_eq!(&rows[0][col("keys")], "a3b2");
    assert_eq!(&rows[1][col("verdict")], "unsound");
    assert_eq!(&rows[1][col("refutation")], "Kb8 Qb7#");
    // A draw has no least win to look for, and nothing is left out for want of one.
    assert_eq!(&rows[1][col("least_win")], "");
    assert_eq!(&rows[1][col("extras_left_out")], "");
    // A game over before the first move is no error for a draw: the task has failed.
    assert_eq!(&rows[2][col("verdict")], "unsound");
    assert_eq!(&rows[2][col("error")], "");
}

#[test]
fn draw_table_verdicts_agree_with_the_win_search() {
    // Composed for mansuba's tests: king and queen against king, Black to move, the black
    // king in the corner, the white men near (the queen sometimes en prise). Where the
    // tables find the draw lost in D moves or fewer, the `win D` search without tables
    // finds White's win after every black move; after every key it finds none within
    // three.
    use mansuba::board::position::Position;
    let any = AnyEngine::new(Rules::preset("orthodox").unwrap()).unwrap();
    let AnyEngine::W64(e) = any else {
        panic!("an 8x8 board")
    };
    let (mut lost, mut held) = (0, 0);
    for wk in ["b6", "c6", "c7", "d7", "e5"] {
        for q in ["b1", "c5", "d6", "e7", "h7", "g8", "a7", "b8"] {
            let mut fen_board = [['.'; 8]; 8];
            let put = |b: &mut [[char; 8]; 8], sq: &str, c: char| {
                let f = (sq.as_bytes()[0] - b'a') as usize;
                let r = (sq.as_bytes()[1] - b'1') as usize;
                b[7 - r][f] = c;
            };
            put(&mut fen_board, "a8", 'k');
            put(&mut fen_board, wk, 'K');
            put(&mut fen_board, q, 'Q');
            let rows: Vec<String> = fen_board
                .iter()
                .map(|r| crate::common::fen_rank(r))
                .collect();
            let fen = format!("{} b - - 0 1", rows.join("/"));
            let Ok(mut p) = Position::from_fen(e.clone(), &fen) else {
                continue;
            };
            let mut legal = mansuba::board::movegen::MoveList::new();
            p.legal_moves(&mut legal);
            if legal.is_empty() {
                continue;
            }
            let a = draw("orthodox", &fen);
            let moves: Vec<String> = (legal.as_slice().iter())
                .map(|m| mansuba::notation::coord(&p, m))
                .collect();
            match (a.report.solvable, a.report.table_distance) {
                (Solvable::No, Some(d)) if d <= 3 => {
                    for m in &moves {
                        let child = after("orthodox", &fen, m);
                        let w = run("orthodox", &child, &format!("win {d}"), None, false);
                        assert_eq!(w.report.solvable, Solvable::Yes, "{fen} after {m}");
                    }
                    lost += 1;
                }
                (Solvable::Yes, _) => {
                    for k in &a.report.keys {
                        let child = after("orthodox", &fen, &k.to_string());
                        let w = run("orthodox", &child, "win 3", None, false);
                        assert_eq!(w.report.solvable, Solvable::No, "{fen} after {k}");
                    }
                    held += 1;
                }
                _ => {}
            }
        }
    }
    assert!(lost >= 3 && held >= 3, "lost {lost}, held {held}");
}
