//! Solver verdicts on positions whose answers are certain (composed for these tests and
//! checked by hand; each comment gives the reasoning), and claim checks on manuscript lines.

use mansuba::analyse::analyse;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::rules::Rules;
use mansuba::solve::{Analysis, ClaimStatus, ConditionSpec, Limits, Method, Solvable, Stipulation};
use std::time::Duration;

fn run(
    rules: &str,
    fen: &str,
    stip: &str,
    exact: bool,
    spec: ConditionSpec,
    claim: Option<&str>,
) -> Analysis {
    // Claims are checked before the root search, which then has what is left of the limit:
    // the claim tests only need the claim, so they run with a short limit.
    let secs = if claim.is_some() { 3 } else { 120 };
    let any = AnyEngine::new(Rules::preset(rules).unwrap()).unwrap();
    let mut st: mansuba::solve::Stipulation = stip.parse().unwrap();
    st.exact = exact;
    let limits = Limits {
        timeout: Some(Duration::from_secs(secs)),
        ..Default::default()
    };
    analyse(&any, fen, &st, &spec, claim, &limits).unwrap()
}

fn keys(a: &Analysis) -> Vec<String> {
    let mut k: Vec<String> = a.report.keys.iter().map(|k| k.to_string()).collect();
    k.sort();
    k
}

fn plain() -> ConditionSpec {
    ConditionSpec::default()
}

#[test]
fn back_rank_mate_in_one_on_every_board() {
    // A rook reaching the back rank mates; only one rook move gets there. (Under the
    // bare-king presets Black keeps a harmless pawn: a lone king would already have lost.)
    let a = run(
        "english-1650",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "#1",
        false,
        plain(),
        None,
    );
    assert_eq!(keys(&a), ["a1a8"]);
    assert_eq!(a.report.solvable, Solvable::Yes);
    assert!(a.report.keys_complete);
    // Courier, 12 files: Rl1-l8 mates along the whole eighth rank.
    let a = run(
        "courier",
        "k11/12/1K10/5p6/12/12/12/11R w - - 0 1",
        "#1",
        false,
        plain(),
        None,
    );
    assert_eq!(keys(&a), ["l1l8"]);
    // Grant Acedrex, 12x12: Rl1-l12.
    let a = run(
        "grant-acedrex",
        "k11/12/1K10/5p6/12/12/12/12/12/12/12/11R w - - 0 1",
        "#1",
        false,
        plain(),
        None,
    );
    assert_eq!(keys(&a), ["l1l12"]);
    assert_eq!(a.written.main_line, ["Rl12#"]);
}

#[test]
fn two_keys_are_a_cook() {
    // Either rook goes to the eighth rank: two keys.
    let a = run(
        "shatranj",
        "k7/8/1K6/3p4/8/8/8/6RR w - - 0 1",
        "#1",
        false,
        plain(),
        None,
    );
    assert_eq!(keys(&a), ["g1g8", "h1h8"]);
    assert!(a.report.keys_complete);
}

#[test]
fn an_unsound_problem_is_refuted() {
    // A rook without its king's help cannot mate the king in the corner.
    let a = run(
        "shatranj",
        "k7/8/8/3p4/8/8/8/K6R w - - 0 1",
        "#1",
        false,
        plain(),
        None,
    );
    assert_eq!(a.report.solvable, Solvable::No);
    assert!(a.report.keys.is_empty());
    assert!(a.report.refutation.is_some());
    // The strongest try is the check Rh8+, met by a king move.
    let r = a.report.refutation.unwrap().to_string();
    assert!(r.starts_with("h1h8 a8"), "{r}");
}

#[test]
fn mate_by_a_named_man() {
    // b6-b7 mates (Nc6 covers a7, Kc8 covers b7 and b8) and so does Rh1-a1.
    let fen = "k1K5/8/1PN5/8/4p3/8/8/7R w - - 0 1";
    let a = run("shatranj", fen, "#1", false, plain(), None);
    assert_eq!(keys(&a), ["b6b7", "h1a1"]);
    let pawn = ConditionSpec {
        mate_by: Some("P".into()),
        ..Default::default()
    };
    assert_eq!(
        keys(&run("shatranj", fen, "#1", false, pawn, None)),
        ["b6b7"]
    );
    let rook = ConditionSpec {
        mate_by: Some("h1".into()),
        ..Default::default()
    };
    assert_eq!(
        keys(&run("shatranj", fen, "#1", false, rook, None)),
        ["h1a1"]
    );
    // Mate on given squares: the king stands on a8 in both mates.
    let corner = ConditionSpec {
        mate_on: vec!["a8".into()],
        ..Default::default()
    };
    assert_eq!(
        keys(&run("shatranj", fen, "#1", false, corner, None)).len(),
        2
    );
    let elsewhere = ConditionSpec {
        mate_on: vec!["h8".into()],
        ..Default::default()
    };
    let a = run("shatranj", fen, "#1", false, elsewhere, None);
    assert_eq!(a.report.solvable, Solvable::No);
}

#[test]
fn exact_stipulation_excludes_the_early_mate() {
    // Rh8# is a mate in one; exactly on move 2 it is no key, a waiting move is.
    let fen = "k7/8/1K6/3p4/8/8/8/7R w - - 0 1";
    let a = run("shatranj", fen, "#2", false, plain(), None);
    assert!(keys(&a).contains(&"h1h8".to_string()));
    assert_eq!(a.report.shortest, Some(1));
    let e = run("shatranj", fen, "#2", true, plain(), None);
    assert_eq!(e.report.solvable, Solvable::Yes);
    assert!(!keys(&e).contains(&"h1h8".to_string()));
    assert!(keys(&e).contains(&"h1h7".to_string()), "1.Rh7 Kb8 2.Rh8#");
}

#[test]
fn win_by_bare_king() {
    // Taking the ferz bares Black; its one reply cannot take the rook back (bared back).
    let fen = "k7/8/8/8/8/8/1q6/KR6 w - - 0 1";
    let a = run("shatranj", fen, "win 1", false, plain(), None);
    assert_eq!(keys(&a), ["a1b2", "b1b2"]);
    // Not a mate, so "#1" fails.
    assert_eq!(
        run("shatranj", fen, "#1", false, plain(), None)
            .report
            .solvable,
        Solvable::No
    );
    // Under the Lombard assize a bare king is no win at all.
    let l = run("lombard", fen, "win 1", false, plain(), None);
    assert_eq!(l.report.solvable, Solvable::No);
}

#[test]
fn results_do_not_depend_on_thread_count() {
    let fen = "rnbNNbnr/p2pp2p/kpp5/8/2Q5/2K1B3/8/8 w - - 0 1"; // Dilaram's Legacy after 4...Ka6
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let a1 = one.install(|| run("shatranj", fen, "#4", false, plain(), None));
    let a2 = run("shatranj", fen, "#4", false, plain(), None);
    assert_eq!(keys(&a1), keys(&a2));
    assert_eq!(keys(&a1), ["e8c7"]);
    assert_eq!(a1.report.main_line, a2.report.main_line);
    assert_eq!(a1.report.tree, a2.report.tree);
}

#[test]
fn claims_of_dilarams_mate() {
    // As printed in Wikipedia (#5 with 2...Kg8): 2...Rh2 interposes and holds.
    let fen = "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1";
    let a = run(
        "shatranj",
        fen,
        "#5",
        false,
        plain(),
        Some("1.Rh8+ Kxh8 2.Bf5+ Kg8 3.Rh8+ Kxh8 4.g7+ Kg8 5.Nh6#"),
    );
    assert_eq!(a.claim.status, ClaimStatus::Refuted);
    assert!(a.claim.detail.contains("2...Rh2"), "{}", a.claim.detail);
    // The six-move line with the interposition is a proof on its own.
    let b = run(
        "shatranj",
        fen,
        "#6",
        false,
        plain(),
        Some("1.Rh8+ Kxh8 2.Bf5+ Rh2 3.Rxh2+ Kg8 4.Rh8+ Kxh8 5.g7+ Kg8 6.Nh6#"),
    );
    assert_eq!(b.claim.status, ClaimStatus::Ok);
    assert_eq!(b.report.solvable, Solvable::Yes);
    assert!(b.report.keys.iter().any(|k| *k == "h4h8"));
}

#[test]
fn claims_with_omitted_replies_and_bad_moves() {
    let fen = "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1";
    // 1...Kxh8 is forced and left out; the checker fills it in.
    let a = run(
        "shatranj",
        fen,
        "#6",
        false,
        plain(),
        Some("1.Rh8+ 2.Bf5+ Rh2 3.Rxh2+ Kg8 4.Rh8+ 5.g7+ Kg8 6.Nh6#"),
    );
    assert_eq!(a.claim.status, ClaimStatus::Ok, "{:?}", a.claim);
    assert_eq!(a.claim.filled[1], "Kxh8");
    // A move that no man can make.
    let b = run("shatranj", fen, "#6", false, plain(), Some("1.Rh9+"));
    assert_eq!(b.claim.status, ClaimStatus::Illegal);
    // A line that stops early.
    let c = run(
        "shatranj",
        fen,
        "#6",
        false,
        plain(),
        Some("1.Rh8+ Kxh8 2.Bf5+ Rh2"),
    );
    assert_eq!(c.claim.status, ClaimStatus::Incomplete);
}

#[test]
fn dilarams_legacy_proven_through_its_published_line() {
    // The full mansuba (#8): the search from the root cannot finish quickly, but the
    // published line, with every alternative defence proven, settles "solvable: yes".
    let fen = "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1";
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_secs(5)),
        ..Default::default()
    };
    let claim =
        "1.Nxg7+ Kd8 2.Nxf7+ Kc7 3.Ne8+ Kb7 4.Nd8+ Ka6 5.Nc7+ Ka5 6.Nb7+ Ka4 7.Qb3+ Ka3 8.Bc1#";
    let a = analyse(
        &any,
        fen,
        &"#8".parse().unwrap(),
        &plain(),
        Some(claim),
        &limits,
    )
    .unwrap();
    assert_eq!(a.claim.status, ClaimStatus::Ok);
    assert_eq!(a.report.solvable, Solvable::Yes);
    assert!(a.report.keys.iter().any(|k| *k == "f5g7"));
}

#[test]
fn english_mates_agree_with_an_independent_brute_force() {
    // Every key of these orthodox mates was computed independently by a brute-force
    // mate-in-N over python-chess's legal moves (a different move generator): the lists
    // below are its output.
    let cases: [(&str, &str, &[&str]); 4] = [
        (
            "k7/8/1K6/8/8/8/8/7R w - - 0 1",
            "#2",
            &[
                "b6c7", "h1d1", "h1e1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6",
                "h1h7", "h1h8",
            ],
        ),
        (
            "7k/8/8/6K1/8/8/8/R7 w - - 0 1",
            "#3",
            &["g5f6", "g5g6", "g5h6"],
        ),
        ("8/8/8/8/8/5K1k/8/6R1 w - - 0 1", "#2", &["g1h1"]),
        ("6k1/8/6K1/8/8/8/8/1R6 w - - 0 1", "#2", &["b1b8", "b1f1"]),
    ];
    for (fen, stip, want) in cases {
        let a = run("english-1650", fen, stip, false, plain(), None);
        assert_eq!(keys(&a), want, "{fen} {stip}");
        assert!(a.report.keys_complete);
    }
}

fn with(pairs: &[(&str, &str)]) -> ConditionSpec {
    let mut c = ConditionSpec::default();
    for (k, v) in pairs {
        match *k {
            "immobile" => c.immobile.push(v.to_string()),
            "mate_by" => c.mate_by = Some(v.to_string()),
            "checks" => c.checks = *v == "true",
            _ => unreachable!(),
        }
    }
    c
}

#[test]
fn a_defender_barred_from_moving_is_not_beaten() {
    // King against king with the black king immobile: no goal can ever be reached.
    let a = run(
        "english-1650",
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
        "#2",
        false,
        with(&[("immobile", "h8")]),
        None,
    );
    assert_eq!(a.report.solvable, Solvable::No);
    // "Any move" where the defender has none allowed is no proof.
    let fen = "7k/8/8/8/8/8/1R6/K7 w - - 0 1";
    let b = run(
        "english-1650",
        fen,
        "#2",
        false,
        with(&[("immobile", "h8")]),
        Some("1.Ra2 ~"),
    );
    assert_ne!(b.claim.status, ClaimStatus::Ok);
    assert_eq!(b.report.solvable, Solvable::No);
}

#[test]
fn a_claim_past_the_move_limit_proves_nothing() {
    // The bare king falls on move 2, not within "win 1".
    let fen = "6kn/8/7K/8/8/8/8/R7 w - - 0 1";
    let a = run(
        "shatranj",
        fen,
        "win 1",
        false,
        plain(),
        Some("1.Ra8+ 2.Rxh8 ~"),
    );
    assert_eq!(a.claim.status, ClaimStatus::Incomplete);
    assert_eq!(a.report.solvable, Solvable::No);
}

#[test]
fn the_tracked_man_keeps_its_identity_through_promotion() {
    let fen = "k7/2K4P/8/8/8/8/8/8 w - - 0 1";
    let a = run(
        "english-1650",
        fen,
        "#2",
        false,
        with(&[("mate_by", "h7")]),
        Some("1.h8=Q+ Ka7 2.Qa1#"),
    );
    assert!(keys(&a).contains(&"h7h8q".to_string()), "{:?}", keys(&a));
    assert_eq!(a.claim.status, ClaimStatus::Ok);
}

#[test]
fn an_immobile_rook_does_not_castle() {
    let fen = "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1";
    // O-O# and Rf1#: both move the h1 rook.
    assert_eq!(
        keys(&run("english-1650", fen, "#1", false, plain(), None)),
        ["e1g1", "h1f1"]
    );
    let a = run(
        "english-1650",
        fen,
        "#1",
        false,
        with(&[("immobile", "h1")]),
        None,
    );
    assert_eq!(a.report.solvable, Solvable::No);
}

/// Courier mates in 2, 3 and 4 (random positions found by mansuba, each the least N). The
/// keys agree with Fairy-Stockfish 11.1 (every root move MultiPV scores as mate within N,
/// `tests/oracles/fairy_stockfish_keys.py`), an independent implementation of courier.
#[test]
fn courier_mates_in_two_to_four_agree_with_fairy_stockfish() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "1K10/2W4R4/k11/1p10/1m1p8/2p9/12/B11 w - - 0 1",
            "#2",
            &["c7c6"],
        ),
        ("12/W10B/8R3/12/12/mpK9/p1p9/k11 w - - 0 1", "#2", &["i6i1"]),
        (
            "6k5/4p7/3m2K5/6pR1p2/12/10B1/5W6/12 w - - 0 1",
            "#2",
            &["k3g7", "k3l4"],
        ),
        (
            "8KW1k/9m2/8p1p1/10p1/12/12/12/4R1B5 w - - 0 1",
            "#3",
            &["i8j7"],
        ),
        (
            "k11/2Kp8/1m9W/1pp9/B11/12/1R10/12 w - - 0 1",
            "#3",
            &["c7b6"],
        ),
        (
            "k11/p11/m2p8/KR1p8/W11/12/12/11B w - - 0 1",
            "#3",
            &["a5a6"],
        ),
        (
            "12/12/4R7/12/9p1p/12/9K1p/6W2m1k w - - 0 1",
            "#4",
            &["j2j1"],
        ),
        ("k11/1W10/2p9/ppKm8/9R2/12/12/12 w - - 0 1", "#4", &["c5b6"]),
        (
            "7k4/6W5/4m1pK4/8pp2/12/12/12/9R2 w - - 0 1",
            "#4",
            &["j1j5"],
        ),
    ];
    for &(fen, stip, want) in cases {
        let a = run("courier", fen, stip, false, plain(), None);
        assert_eq!(keys(&a), want, "{fen} {stip}");
        assert!(a.report.keys_complete, "{fen}");
        let n: u32 = stip[1..].parse().unwrap();
        assert_eq!(a.report.shortest, Some(n), "{fen}: not the least N");
    }
}

/// Grant Acedrex mates in 2 and 3 with its own pieces (giraffe, lion, unicorn, anqa,
/// cockatrice) on 12x12. The keys agree with an independent brute-force solver written
/// from the pieces' moves alone (as docs/rules.md, "Pieces", gives them;
/// `tests/oracles/grant_acedrex_mate.py`).
#[test]
fn grant_acedrex_mates_agree_with_an_independent_brute_force() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "12/p11/12/4Z7/2R9/k11/12/2U9/1K1a8/2p9/12/12 w - - 0 1",
            "#2",
            &["c8a8"],
        ),
        (
            "3R8/12/12/12/12/4a7/4p7/k3p7/4Z7/K3U7/12/12 w - - 0 1",
            "#2",
            &["d12a12"],
        ),
        (
            "1k10/3Kp7/6Z5/2pa8/12/U11/R11/12/12/12/12/12 w - - 0 1",
            "#2",
            &["a7d9"],
        ),
        (
            "12/12/12/2p9/2c7A1/p1K9/8R3/1k6L3/12/12/12/12 w - - 0 1",
            "#3",
            &["c7c8"],
        ),
        (
            "5A1k4/4K7/7c4/7p2pL/12/12/12/12/12/9R2/12/12 w - - 0 1",
            "#3",
            &["l9i9"],
        ),
        (
            "9L2/12/12/3p8/12/12/5p6/1k10/12/3Rc7/K2A8/12 w - - 0 1",
            "#3",
            &["d2e3", "d3b3"],
        ),
    ];
    for &(fen, stip, want) in cases {
        let a = run("grant-acedrex", fen, stip, false, plain(), None);
        assert_eq!(keys(&a), want, "{fen} {stip}");
        assert!(a.report.keys_complete, "{fen}");
        let n: u32 = stip[1..].parse().unwrap();
        assert_eq!(a.report.shortest, Some(n), "{fen}: not the least N");
    }
}

/// A search cut by a limit still proves a bound: `others_fail_within = k` says every first
/// move outside the key list fails to win within k. Run on one thread (the node limit then
/// cuts at the same place every time) and checked against a complete "#k" search.
#[test]
fn a_cut_search_still_bounds_the_other_first_moves() {
    let fen = "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1"; // Dilaram's Legacy, #8
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let cut = pool.install(|| {
        let limits = Limits {
            max_nodes: Some(8_000_000),
            ..Default::default()
        };
        analyse(&any, fen, &"#8".parse().unwrap(), &plain(), None, &limits).unwrap()
    });
    let r = &cut.report;
    assert!(!r.keys_complete, "the node limit should cut this search");
    let k = r.others_fail_within.expect("some first move is not a key");
    assert!((1..8).contains(&k), "{k}");
    assert_eq!(r.keys, ["f5g7"]);
    // Within k, nothing outside the cut search's keys wins.
    let full = run("shatranj", fen, &format!("#{k}"), false, plain(), None);
    assert!(full.report.keys_complete);
    for key in &full.report.keys {
        assert!(
            r.keys.contains(key),
            "{key} wins within {k} but was not listed"
        );
    }
    // A complete search bounds the others by N itself.
    let fen = "6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1"; // al-Adli's rooks, #5
    let done = run("shatranj", fen, "#5", false, plain(), None);
    assert!(done.report.keys_complete);
    assert_eq!(done.report.others_fail_within, Some(5));
}

/// Found in review: a try that fails without any holding defence (it stalemates, which is
/// no mate) must not set the bound for counting the other tries' holding defences, or a
/// try cut short after one defence passes for the strongest.
#[test]
fn a_stalemating_try_does_not_cut_the_count_of_the_others() {
    // 1.Rxh6 stalemates Black (the alfil is pinned). 1.Bd2+? No: every try but 1.Rg6 is
    // held by more than one defence (1.Be3 by all five of Black's replies); 1.Rg6 only by
    // 1...Bf5, which takes the rook's line away.
    let a = run(
        "shatranj",
        "5K1k/7b/4R2n/6B1/8/8/8/8 w - - 0 1",
        "#2",
        false,
        plain(),
        None,
    );
    assert_eq!(a.report.solvable, Solvable::No);
    let r = a.report.refutation.unwrap().to_string();
    assert!(r.starts_with("e6g6 h7f5"), "{r}");
    // 1.Kc8 is held by both knight moves, and the refutation names both.
    let b = run(
        "shatranj",
        "k7/p1K5/P7/8/8/6N1/8/7n w - - 0 1",
        "#1",
        false,
        plain(),
        None,
    );
    let r = b.report.refutation.unwrap();
    assert_eq!(r.also_held_by.len(), 1, "{r}");
    assert!(r.to_string().contains("also held by"), "{r}");
}

/// The refutation of an unsound problem is the same on one thread as on many, run after
/// run (found in review: a try counted while another stalemated came out differently).
#[test]
fn the_refutation_does_not_depend_on_thread_timing() {
    let fen = "8/8/8/8/8/5n2/4Kp1N/5Q1k w - - 0 1";
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let want = one
        .install(|| run("shatranj", fen, "#2", false, plain(), None))
        .report
        .refutation;
    assert!(want.is_some());
    for threads in [2, 3, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for _ in 0..8 {
            let got = pool.install(|| run("shatranj", fen, "#2", false, plain(), None));
            assert_eq!(got.report.refutation, want, "{threads} threads");
        }
    }
}

/// The water wheel (`problems/mansubat.toml`, `water-wheel` and `water-wheel-ms`) under
/// the continual-check condition: every move of Black's must check. As Bodlaender has it
/// (a5 pawn) the wheel turns 36 moves to mate, and 1...Nh5+ is the only first move that
/// mates within 36; with the manuscript's pawn on a3, 11.axb4 stops it.
#[test]
fn the_water_wheel_under_continual_check() {
    let wheel = "1r3bk1/2P3n1/4p1np/Pp2Qp2/2b2Rp1/2NP1PKP/1P5p/1BBN2qR b - - 0 1";
    let ms = "1r3bk1/2P3n1/4p1np/1p2Qp2/2b2Rp1/P1NP1PKP/1P5p/1BBN2qR b - - 0 1";
    let checks = with(&[("checks", "true")]);
    for method in [Method::Auto, Method::ProofNumbers, Method::Deepening] {
        // The refutation's line runs 36 moves on a verdict of a few thousand nodes: more
        // than the extras' default share, so they are given room.
        let limits = Limits {
            timeout: Some(Duration::from_secs(300)),
            method,
            extras: Some(4.0),
            ..Default::default()
        };
        let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
        let stip: Stipulation = "#36".parse().unwrap();
        let a = analyse(&any, wheel, &stip, &checks, None, &limits).unwrap();
        assert_eq!(a.report.solvable, Solvable::Yes, "{method:?}");
        assert_eq!(keys(&a), vec!["g7h5".to_string()], "{method:?}");
        assert!(a.report.keys_complete, "{method:?}");
        assert_eq!(a.report.shortest, Some(36), "{method:?}");
        let a = analyse(&any, ms, &stip, &checks, None, &limits).unwrap();
        assert_eq!(a.report.solvable, Solvable::No, "{method:?}");
        let refutation = a.report.refutation.clone().unwrap_or_default().to_string();
        // The knight check from c2 to b4 (White's 11th move in the line) is met by a3xb4.
        assert!(refutation.contains("c2b4 a3b4"), "{method:?}: {refutation}");
    }
}

/// Left open by the search (a short limit), the water wheel is asked again with every
/// Black move a check, and the answer is reported beside the open verdict; with no
/// extras it is not asked, and the row says so.
#[test]
fn an_open_mate_problem_gets_a_second_look_under_continual_check() {
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let stip: Stipulation = "#36".parse().unwrap();
    let limits = Limits {
        // A node limit, not a time limit: it leaves the unrestricted #36 open (it needs
        // minutes) and, with an extras' share of four, gives the second look more nodes
        // than the verdict spent, however busy the cores are (and its refutation's line,
        // 36 moves on a verdict of a few thousand nodes, four times that verdict's).
        max_nodes: Some(2_000_000),
        extras: Some(4.0),
        ..Default::default()
    };
    let wheel = "1r3bk1/2P3n1/4p1np/Pp2Qp2/2b2Rp1/2NP1PKP/1P5p/1BBN2qR b - - 0 1";
    let a = analyse(&any, wheel, &stip, &plain(), None, &limits).unwrap();
    assert!(!a.report.keys_complete);
    let c = a.continual_check.expect("a second look");
    assert_eq!(c.solvable, Solvable::Yes);
    assert_eq!(c.keys, ["g7h5"]);
    assert_eq!(a.written.continual_keys, ["Nh5+"]);
    assert!(c.keys_complete);
    assert_eq!(c.shortest, Some(36));
    let ms = "1r3bk1/2P3n1/4p1np/1p2Qp2/2b2Rp1/P1NP1PKP/1P5p/1BBN2qR b - - 0 1";
    let a = analyse(&any, ms, &stip, &plain(), None, &limits).unwrap();
    let c = a.continual_check.expect("a second look");
    assert_eq!(c.solvable, Solvable::No);
    assert!(c
        .refutation
        .unwrap_or_default()
        .to_string()
        .contains("c2b4 a3b4"));
    // A settled problem gets none.
    let a = analyse(
        &any,
        wheel,
        &stip,
        &with(&[("checks", "true")]),
        None,
        &limits,
    )
    .unwrap();
    assert!(a.continual_check.is_none());
    let none = Limits {
        extras: Some(0.0),
        ..limits
    };
    let a = analyse(&any, wheel, &stip, &plain(), None, &none).unwrap();
    assert!(a.continual_check.is_none());
    assert_eq!(
        a.extras_left_out,
        vec![mansuba::solve::Extra::ContinualCheck]
    );
}

/// `mate_from`: where the mating man stands. In `k1K5/8/1PN5/8/4p3/8/8/7R` White mates
/// by b6-b7 (the pawn on b7 gives the mate) or Rh1-a1 (the rook on a1 does).
#[test]
fn mate_from_names_where_the_mating_man_stands() {
    let fen = "k1K5/8/1PN5/8/4p3/8/8/7R w - - 0 1";
    let from = |squares: &[&str], by: Option<&str>| ConditionSpec {
        mate_from: squares.iter().map(|s| s.to_string()).collect(),
        mate_by: by.map(str::to_string),
        ..Default::default()
    };
    let keys_of = |c| keys(&run("shatranj", fen, "#1", false, c, None));
    assert_eq!(keys_of(from(&["b7"], None)), ["b6b7"]);
    assert_eq!(keys_of(from(&["corners"], None)), ["h1a1"]);
    assert_eq!(keys_of(from(&["a1", "b7"], None)), ["b6b7", "h1a1"]);
    // The pawn mates, but not from a corner; nothing mates from the centre.
    assert!(keys_of(from(&["corners"], Some("P"))).is_empty());
    assert!(keys_of(from(&["centre"], None)).is_empty());
}

/// A claim at length whose refutation a limit leaves open: the manuscript's water wheel
/// (pawn on a3) is checked along Bodlaender's line until 11.axb4, which the line ignores.
/// Whether Black still mates within the 26 moves left is beyond the node limit, so the
/// check ends unfinished, naming the defence and the bound it proved; the bound is then
/// checked by a search of its own from the position after 11.axb4.
#[test]
fn an_unsettled_defence_is_reported_with_the_bound_proven() {
    let ms = "1r3bk1/2P3n1/4p1np/1p2Qp2/2b2Rp1/P1NP1PKP/1P5p/1BBN2qR b - - 0 1";
    let line = "1...Nh5+ 2.Kg2 Nh4+ 3.Kf1 Ng3+ 4.Ke1 Ng2+ 5.Kd2 Nf1+ 6.Kc2 Ne1+ 7.Kb3 Nd2+ \
                8.Kb4 Nc2+ 9.Kc5 Nb3+ 10.Kc6 Nb4+ 11.Kd7 Nc5+";
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let limits = Limits {
        max_nodes: Some(3_000_000),
        ..Default::default()
    };
    let stip: Stipulation = "#36".parse().unwrap();
    let a = analyse(&any, ms, &stip, &plain(), Some(line), &limits).unwrap();
    let c = &a.claim;
    assert_eq!(c.status, ClaimStatus::Unfinished, "{}", c.detail);
    assert!(c.detail.contains("11.axb4"), "{}", c.detail);
    let k: u32 = c
        .detail
        .split("no mate within ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no bound in {:?}", c.detail));
    assert!((1..26).contains(&k), "{k}");
    // After 11.axb4 (Black to move) no mate within k, by a search that knows nothing of
    // the claim.
    let after = "1r3bk1/2P5/2K1p2p/1p2Qp2/1Pb2Rp1/1nNP1P1P/1P5p/1BBN2qR b - - 0 11";
    let full = run("shatranj", after, &format!("#{k}"), false, plain(), None);
    assert_eq!(full.report.solvable, Solvable::No, "#{k} after 11.axb4");
}

/// `--max-nodes` bounds a problem, not each of its steps: the claim, its duals, the
/// search and the lines of play share one count (the second look under continual check,
/// another question, keeps its own). Before, each step had the whole limit: a node-limited
/// self-play problem spent 90 M nodes under a limit of 60 M.
#[test]
fn a_node_limit_bounds_the_steps_of_a_problem_together() {
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let stip: Stipulation = "#8".parse().unwrap();
    // Dilaram's Legacy (problems/mansubat.toml) with its published line: the claim is
    // proven, the search stops at the limit.
    let fen = "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1";
    let line =
        "1.Nxg7+ Kd8 2.Nxf7+ Kc7 3.Ne8+ Kb7 4.Nd8+ Ka6 5.Nc7+ Ka5 6.Nb7+ Ka4 7.Qb3+ Ka3 8.Bc1#";
    let limit = 1_000_000;
    let limits = Limits {
        max_nodes: Some(limit),
        ..Default::default()
    }
    .for_one_problem();
    let a = analyse(&any, fen, &stip, &plain(), Some(line), &limits).unwrap();
    let spent = limits
        .problem_nodes
        .as_ref()
        .unwrap()
        .spent
        .load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(a.claim.status, ClaimStatus::Ok);
    assert!(a.report.keys.iter().any(|k| *k == "f5g7"));
    assert!(a
        .report
        .limit_hit
        .as_deref()
        .unwrap_or("")
        .contains("node limit 1000000"));
    // Every worker may pass the limit by one batch of 1024 nodes before it sees it.
    assert!(spent <= limit + 64 * 1024, "{spent}");
    assert!(
        a.report.nodes > 0 && a.report.nodes <= spent,
        "{} {spent}",
        a.report.nodes
    );
}

/// The claim check and the search from the root share one transposition table: what
/// the check proves along the manuscript's line the search then finds there, so the same
/// answer costs it fewer nodes. On one thread, where node counts do not vary. Position
/// and line: `dilaram-6` of `problems/mansubat.toml` (sources there).
#[test]
fn the_search_from_the_root_reuses_what_the_claim_check_proved() {
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let fen = "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1";
    let line = "1.Rh8+ Kxh8 2.Bf5+ Rh2 3.Rxh2+ Kg8 4.Rh8+ Kxh8 5.g7+ Kg8 6.Nh6#";
    let stip: Stipulation = "#6".parse().unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let (with, without) = pool.install(|| {
        let limits = Limits::default();
        let a = |claim| analyse(&any, fen, &stip, &plain(), claim, &limits).unwrap();
        (a(Some(line)), a(None))
    });
    assert_eq!(with.claim.status, ClaimStatus::Ok);
    assert_eq!(keys(&with), keys(&without));
    assert!(with.report.keys_complete && without.report.keys_complete);
    assert_eq!(with.report.main_line, without.report.main_line);
    assert_eq!(with.report.tree, without.report.tree);
    assert!(
        with.report.nodes < without.report.nodes,
        "with the claim {} nodes, without {}",
        with.report.nodes,
        without.report.nodes
    );
}

/// A sound or cooked problem's tries get their lines (issue 45): every first move but the
/// keys, proven to fail, with the defence after which the goal no longer comes in the
/// moves left; found after the verdict, on a budget of their own, and none with
/// `--refutations 0`. The position is `dilarams-legacy-after-6` of problems/mansubat.toml
/// (Dilaram's Legacy after 6...Ka4; two keys, as Popeye 4.104 finds).
#[test]
fn a_cooked_problems_tries_get_lines_whose_defence_holds() {
    use mansuba::board::position::Position;
    use mansuba::notation::parse_move;
    let fen = "rnb2bnr/pNNpp2p/1pp5/8/k1Q5/2K1B3/8/8 w - - 0 1";
    let a = run("shatranj", fen, "#2", false, plain(), None);
    assert_eq!(keys(&a), ["c4b3", "e3c1"]);
    let rep = &a.report;
    assert_eq!(
        rep.tries_left_out, 0,
        "a #2 of 23 first moves fits the budget"
    );
    let any = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let one: Stipulation = "#1".parse().unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_secs(60)),
        ..Default::default()
    };
    mansuba::with_engine!(&any, e => {
        let pos = Position::from_fen(e.clone(), fen).unwrap();
        assert_eq!(rep.tries.len() + rep.keys.len(), pos.clone().count_legal());
        for t in &rep.tries {
            let coords = t.line.coords();
            let plies: Vec<&str> = coords.iter().map(String::as_str).collect();
            // A cooked problem's try is shown with its refutation alone.
            assert_eq!(plies.len(), 2, "{t}");
            assert!(!rep.keys.iter().any(|k| *k == plies[0]), "{t}");
            let mut p = pos.clone();
            for ply in &plies {
                let m = parse_move(&p, ply).unwrap_or_else(|e| panic!("{t}: {e}"));
                p.make(m);
            }
            // After the try and its defence, no mate in the one move left.
            let mut q = pos.clone();
            for ply in &plies[..2] {
                let m = parse_move(&q, ply).unwrap();
                q.make(m);
            }
            let b = analyse(&any, &q.to_fen(), &one, &plain(), None, &limits).unwrap();
            assert_eq!(b.report.solvable, Solvable::No, "{t}: {}", q.to_fen());
        }
    });
    assert!(rep.try_nodes > 0 && rep.try_nodes <= rep.nodes);
    // `--refutations 0`: the verdict alone.
    let st: Stipulation = "#2".parse().unwrap();
    let none = Limits {
        refutations: Some(0),
        ..limits
    };
    let b = analyse(&any, fen, &st, &plain(), None, &none).unwrap();
    assert!(b.report.tries.is_empty() && b.report.try_nodes == 0);
    assert_eq!(b.report.keys.len(), 2);
}
