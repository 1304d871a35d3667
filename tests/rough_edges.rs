//! Issue 25, items 7 to 15: the answers say exactly what happened (exit codes, the
//! summary's failing solutions, `unfinished` claims, rules files that read back, the
//! notation flag, FEN error places, rule knobs in a problem file, one letter convention,
//! and the small edges). Inputs live in tests/hostile/ (names prefixed `re-`).

use assert_cmd::Command;

fn bin() -> Command {
    Command::cargo_bin("mansuba").expect("the mansuba binary")
}

fn hostile(name: &str) -> String {
    format!("{}/tests/hostile/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary; exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn item7_exit_codes() {
    // A failed claim without an `expect`, and an unmet `expect`: 1 for verify and solve.
    for f in ["re-claim-fails.toml", "re-expect-unmet.toml"] {
        for cmd in ["verify", "solve"] {
            let (code, out, err) = run(&[cmd, &hostile(f)]);
            assert_eq!(code, 1, "{cmd} {f}: {out}{err}");
        }
    }
    // A failed claim the problem expects (`expect = "claim-wrong"`)
    // and sound problems: 0.
    let (code, out, err) = run(&["verify", &hostile("re-expected-failure.toml")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("claim incomplete"), "{out}");
}

#[test]
fn item8_summary_lists_failing_solutions_whatever_the_verdict() {
    let (code, out, err) = run(&["verify", &hostile("re-unsound-illegal.toml")]);
    assert_eq!(code, 0, "the expect is met: {out}{err}");
    assert!(out.starts_with("unsound"), "{out}");
    let tail = out
        .split("solutions that fail:")
        .nth(1)
        .unwrap_or_else(|| panic!("no 'solutions that fail' in {out}"));
    assert!(
        tail.contains("problem 'unsound-illegal'") && tail.contains("illegal"),
        "{out}"
    );
}

#[test]
fn item9_a_claim_cut_short_is_unfinished() {
    // The manuscript's water wheel (#36, bundled): a time limit far below what the check
    // of its written line needs.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("out.csv");
    let file = format!("{}/problems/mansubat.toml", env!("CARGO_MANIFEST_DIR"));
    let csv_args = ["--timeout", "1", "--csv", csv.to_str().unwrap()];
    let (_, out, err) = run(&[&["verify", &file][..], &csv_args[..]].concat());
    let line = out
        .lines()
        .find(|l| l.contains(" water-wheel-ms "))
        .unwrap_or_else(|| panic!("{out}{err}"));
    assert!(line.contains("claim unfinished"), "{line}");
    let c = std::fs::read_to_string(&csv).unwrap();
    let row = c.lines().find(|l| l.contains("water-wheel-ms,")).unwrap();
    assert!(row.contains(",unfinished not finished"), "{row}");
    let solve = ["solve", &file, "--id", "water-wheel-ms", "--timeout", "1"];
    let (_, json, err) = run(&[&solve[..], &["--json"][..]].concat());
    assert!(
        json.contains("\"solution_check\":\"unfinished ")
            || json.contains("\"solution_check\": \"unfinished "),
        "{json}{err}"
    );
    let (_, text, _) = run(&solve);
    assert!(text.contains("unfinished"), "{text}");
}

#[test]
fn item10_rules_listing_reads_back_as_a_rules_file() {
    let (_, list, _) = run(&["rules"]);
    let mut names: Vec<String> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    assert!(names.len() >= 15, "{list}");
    // Every rules file in the repository (a `preset` key and no [[problem]] table).
    let root = env!("CARGO_MANIFEST_DIR");
    let mut stack = vec![format!("{root}/tests"), format!("{root}/problems")];
    stack.push(format!("{root}/examples"));
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p.display().to_string());
            } else if p.extension().is_some_and(|x| x == "toml") {
                let t = std::fs::read_to_string(&p).unwrap_or_default();
                let problems = t.lines().any(|l| l.trim() == "[[problem]]");
                if t.lines().any(|l| l.starts_with("preset")) && !problems {
                    names.push(p.display().to_string());
                }
            }
        }
    }
    assert!(names.len() >= 18 && names.iter().any(|n| n.ends_with("shatranj-local.toml")));
    let dir = tempfile::tempdir().unwrap();
    for n in &names {
        let (code, full, err) = run(&["rules", n]);
        if code != 0 {
            // A rules file kept as broken input (e.g. tests/data/broken) must fail both ways.
            assert!(n.contains("broken") || n.contains("hostile"), "{n}: {err}");
            continue;
        }
        let path = dir.path().join("full.toml");
        std::fs::write(&path, &full).unwrap();
        let (code, again, err) = run(&["rules", path.to_str().unwrap()]);
        assert_eq!(
            code, 0,
            "{n}: `rules {n} > full.toml` does not read back: {err}"
        );
        let (_, a, _) = run(&["rules", n, "--json"]);
        let (_, b, _) = run(&["rules", path.to_str().unwrap(), "--json"]);
        assert_eq!(a, b, "{n}: the rules read back differ");
        assert_eq!(full, again, "{n}");
    }
}

#[test]
fn item11_notation_auto_is_refused_and_murray_is_written() {
    let file = hostile("re-claim-fails.toml");
    // `auto` is for reading solutions; lines are written in a notation of their own.
    let (code, out, err) = run(&["verify", &file, "--notation", "auto"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("auto") && err.contains("san, lan, coord, murray, descriptive"),
        "{err}"
    );
    // Murray's notation is written (issue 45): `m.` for mate.
    let (_, out, err) = run(&["verify", &file, "--notation", "murray"]);
    assert!(out.contains("R-h8 m."), "{out}{err}");
}

#[test]
fn item12_fen_errors_count_ranks_and_files_as_the_board_does() {
    let cases = [
        // The bottom rank is rank 1; every file the text covers is counted.
        (
            "k7/8/8/8/8/8/8/KKKKKKKKKK w - - 0 1",
            "rank 1 ('KKKKKKKKKK') covers 10 files",
        ),
        (
            "k7/8/8/8/8/8/8/K5 w - - 0 1",
            "rank 1 ('K5') covers 6 files",
        ),
        ("k7/7/8/8/8/8/8/K7 w - - 0 1", "rank 7 ('7') covers 7 files"),
        (
            "k8/8/8/8/8/8/8/K7 w - - 0 1",
            "rank 8 ('k8') covers 9 files",
        ),
        (
            "k7/8/8/8/8/8/8/K6R2 w - - 0 1",
            "rank 1 ('K6R2') covers 10 files",
        ),
        (
            "k7/8/8/8/8/8/8/K6R0 w - - 0 1",
            "rank 1 ('K6R0'): an empty count of 0",
        ),
    ];
    for (fen, want) in cases {
        let (code, out, err) = run(&["diagram", "--rules", "shatranj", "--fen", fen]);
        assert_eq!(code, 2, "{fen}: {out}{err}");
        assert!(err.contains(want), "{fen}: {err}");
    }
}

#[test]
fn item13_rule_knobs_in_the_problem_file() {
    let file = hostile("re-rules-set.toml");
    let (code, out, err) = run(&["verify", &file]);
    // Error rows exit 1 even when expected (docs/verify.md "Exit codes").
    assert_eq!(code, 1, "{out}{err}");
    let line = |id: &str| {
        out.lines()
            .find(|l| l.contains(&format!(" {id} ")))
            .unwrap_or_else(|| panic!("{id}: {out}"))
            .to_string()
    };
    assert!(line("lone-king-mate").starts_with("sound"), "{out}");
    assert!(line("stalemate-draws").starts_with("sound"), "{out}");
    // A bad knob and a value that is not a table: errors at the line of `rules_set`.
    assert!(
        out.contains("re-rules-set.toml:30:") && out.contains("`rules_set`"),
        "{out}"
    );
    assert!(
        out.contains("re-rules-set.toml:39:") && out.contains("must be a table"),
        "{out}"
    );
    // The "already bare" error says how.
    let bare = format!(
        "{}/tests/data/broken/bare_defender.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let (_, out, _) = run(&["verify", &bare]);
    assert!(out.contains("rules_set = { bare_king = \"off\" }"), "{out}");
}

#[test]
fn item14_one_letter_convention_per_preset() {
    // The diagram's discs carry the letters the moves use: the sources' F and A by
    // default, the FEN's Q and B under `--letters modern`; the legend names each once.
    let fen = "k7/8/1KQ5/8/3B4/8/8/7R w - - 0 1";
    let (code, svg, err) = run(&["diagram", "--rules", "shatranj", "--fen", fen]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains(">F</text>") && svg.contains(">A</text>"),
        "{svg}"
    );
    assert!(svg.contains("A alfil \u{b7} F ferz"), "{svg}");
    assert!(
        !svg.contains(">Q</text>") && !svg.contains(">B</text>"),
        "{svg}"
    );
    let (code, svg, err) = run(&[
        "diagram",
        "--rules",
        "shatranj",
        "--fen",
        fen,
        "--letters",
        "modern",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains(">Q</text>") && svg.contains(">B</text>"),
        "{svg}"
    );
    assert!(svg.contains("B alfil \u{b7} Q ferz"), "{svg}");
    // An orthodox problem run under shatranj: said once that Q is read as the ferz.
    let (_, out, err) = run(&[
        "verify",
        &hostile("re-claim-fails.toml"),
        "--rules",
        "shatranj",
    ]);
    assert_eq!(err.matches("Q as the ferz").count(), 1, "{out}{err}");
    assert!(err.contains("B as the alfil"), "{err}");
    // Under its own rules nothing is said.
    let (_, _, err) = run(&["verify", &hostile("re-claim-fails.toml")]);
    assert!(!err.contains("as the ferz"), "{err}");
}

#[test]
fn item15_small_edges() {
    // --simulate 0 is refused; --turns says its maximum; one turn is singular.
    let fen = "7k/8/8/8/8/8/8/K5R1 w - - 0 1";
    let (code, _, err) = run(&["dice", fen, "--turns", "1", "--simulate", "0"]);
    assert_eq!(code, 2, "{err}");
    let (_, help, _) = run(&["dice", "--help"]);
    assert!(help.contains("At most 60"), "{help}");
    let (code, out, err) = run(&["dice", fen, "--turns", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("within 1 turn each (2 plies"), "{out}");
    // An unbalanced '(' is said as such; a newline in an id stays on its row.
    let (_, out, _) = run(&["verify", &hostile("re-small-edges.toml")]);
    let open = out.lines().find(|l| l.contains("open-paren")).unwrap();
    assert!(open.contains("claim illegal"), "{out}");
    let (_, text, _) = run(&[
        "solve",
        &hostile("re-small-edges.toml"),
        "--id",
        "open-paren",
    ]);
    assert!(text.contains("unbalanced '('"), "{text}");
    assert!(
        out.lines()
            .any(|l| l.contains("two\\nlines") && l.contains("sound")),
        "{out}"
    );
    // Numbers where strings belong: refused alike, with the quotes to write.
    let (code, out, _) = run(&["verify", &hostile("re-number-id.toml")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("id = \"3\""), "{out}");
    assert!(out.contains("stipulation = \"#2\""), "{out}");
    // Refutations carry move numbers.
    let (_, text, _) = run(&["solve", &hostile("re-unsound-illegal.toml")]);
    let rf = text.lines().find(|l| l.starts_with("refutation")).unwrap();
    assert!(rf.contains("1."), "{rf}");
    // The rules list is aligned, the longest name included.
    let (_, list, _) = run(&["rules"]);
    // The board column is right-aligned: where it ends.
    let cols: Vec<usize> = list
        .lines()
        .map(|l| {
            let board = l.split_whitespace().nth(1).unwrap_or("");
            l.find(&format!(" {board} ")).unwrap_or(0) + board.len()
        })
        .collect();
    assert!(cols.windows(2).all(|w| w[0] == w[1]), "{list}");
}

#[test]
fn item15_tablebase_stats_reads_dice_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, _, err) = run(&[
        "tablebase",
        "build",
        "--rules",
        "shatranj-dice",
        "KK",
        "--dir",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&[
        "tablebase",
        "stats",
        "--rules",
        "shatranj-dice",
        "KK",
        "--dir",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("KK under shatranj-dice") && out.contains("positions"),
        "{out}"
    );
}
