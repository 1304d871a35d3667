//! The last crash and hang paths of issue 49: numbers from the command line or a shard
//! manifest that once overflowed a deadline, a stack or an allocation are refused with
//! their range (exit 2, under a limited address space), and long work stops at its time
//! limit or at the first Ctrl-C with what it has done.

use crate::budgets::limited;
use crate::common::mansuba_in;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `args` under the hostile address-space limit; asserts a clean usage error (exit
/// 2, no signal, no panic, nothing on stdout) whose message holds every one of `says`.
fn refused(args: &[&str], says: &[&str]) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (status, out, err) = limited(&args);
    assert_eq!(status.signal(), None, "{args:?}: killed by a signal; {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: a refusal printed {out}");
    for s in says {
        assert!(err.contains(s), "{args:?}: '{s}' not in: {err}");
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every time limit is read within 0 to 10,000,000 seconds: 1e19 seconds overflowed the
/// deadline in every row, 1e20 (and the dice's 9223372036854775807) panicked.
#[test]
fn time_limits_out_of_range_are_refused_with_the_range() {
    let file = root().join("problems/early-modern.toml");
    let file = file.to_str().unwrap();
    let range = "0 (no limit) to 10000000";
    // `--flag=VALUE`: a value beginning with '-' is read as the flag's.
    for t in ["1e19", "1e20", "inf", "NaN", "-1", "9223372036854775807"] {
        let (timeout, each) = (format!("--timeout={t}"), format!("--timeout-each={t}"));
        for cmd in ["verify", "solve", "export", "repair"] {
            refused(&[cmd, file, &timeout], &["--timeout", range]);
        }
        refused(&["repair", file, &each], &["--timeout-each", range]);
        refused(
            &["dice", "7k/8/8/3p4/8/8/8/K2R4 w - - 0 1", &timeout],
            &["--timeout", range],
        );
    }
}

/// `--shard K/N` takes at most 100,000 shards: 10^12 was accepted, and the merge of such
/// shards asked for 16 TB.
#[test]
fn a_shard_count_out_of_range_is_refused_with_the_range() {
    let file = root().join("problems/early-modern.toml");
    for shard in ["0/1000000000000", "0/100001", "5/0"] {
        refused(
            &[
                "verify",
                file.to_str().unwrap(),
                "--shard",
                shard,
                "--csv",
                "x.csv",
            ],
            &["--shard", "1 to 100000"],
        );
    }
}

/// A manifest edited after the run: a huge `total` (once a capacity-overflow panic or an
/// abort after 7.7 GB), a total that does not match the rows, a huge shard count (16 TB)
/// and a shard beyond its count are refused before anything of their size is made.
#[test]
fn an_edited_manifest_is_refused_before_the_merge_allocates() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let file = root().join("problems/early-modern.toml");
    for k in 0..2 {
        let (code, _, err) = mansuba_in(
            d,
            &[
                "verify",
                file.to_str().unwrap(),
                "--shard",
                &format!("{k}/2"),
                "--csv",
                &format!("s{k}.csv"),
            ],
        );
        assert!(code <= 1, "{err}");
    }
    let manifest = d.join("s1.manifest.json");
    let good = std::fs::read_to_string(&manifest).unwrap();
    let total: usize = good
        .split("\"total\": ")
        .nth(1)
        .and_then(|t| t.split(',').next())
        .unwrap()
        .parse()
        .unwrap();
    let merge = |edit: &str, says: &[&str]| {
        std::fs::write(&manifest, edit).unwrap();
        let s0 = d.join("s0.csv").display().to_string();
        let s1 = d.join("s1.csv").display().to_string();
        refused(&["merge", &s0, &s1, "--csv", "-"], says);
    };
    let with = |from: &str, to: &str| good.replacen(from, to, 1);
    let t = format!("\"total\": {total},");
    for huge in ["1000000000000", "18446744073709551615"] {
        // Both shards' totals edited alike, so that they agree with each other.
        let m0 = d.join("s0.manifest.json");
        let g0 = std::fs::read_to_string(&m0).unwrap();
        std::fs::write(&m0, g0.replacen(&t, &format!("\"total\": {huge},"), 1)).unwrap();
        merge(
            &with(&t, &format!("\"total\": {huge},")),
            &["s", "rerun shard"],
        );
        std::fs::write(&m0, g0).unwrap();
    }
    merge(
        &with("\"n\": 2", "\"n\": 1000000000000"),
        &["s1.manifest.json", "1 to 100000"],
    );
    merge(
        &with("\"k\": 1", "\"k\": 7"),
        &["s1.manifest.json", "less than N"],
    );
    // The files untouched merge (the edits above were all that was wrong).
    std::fs::write(&manifest, &good).unwrap();
    let (code, _, err) = mansuba_in(d, &["merge", "s0.csv", "s1.csv", "--csv", "all.csv"]);
    assert!(code <= 1, "{err}");
}

/// `perft --depth` takes 0 to 64 plies (290 overflowed the stack); the deepest accepted
/// dive, on the largest board, runs without overflowing it (the first root move's line
/// reaches the full depth within milliseconds; the count itself would never end).
#[test]
fn perft_depth_is_bounded_and_the_deepest_dive_fits_the_stack() {
    refused(&["perft", "--depth", "290"], &["--depth", "0 to 64"]);
    refused(&["perft", "--depth", "65"], &["0 to 64"]);
    for rules in ["grant-acedrex", "shatranj"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
            .args(["perft", "--rules", rules, "--depth", "64", "--threads", "1"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_secs(2));
        let early = child.try_wait().unwrap();
        child.kill().ok();
        let out = child.wait_with_output().unwrap();
        assert!(
            early.is_none(),
            "{rules}: perft --depth 64 ended early ({early:?}): {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `--max-memory-gib` above the machine's memory is refused at once (100 on a 23 GB
/// machine was accepted and the run aborted at an allocation; 1e30 let a table build of
/// 527,972 GiB start writing its sub-tables); a build over the budget writes nothing.
#[test]
fn a_memory_budget_above_the_machine_is_refused_and_a_big_build_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().display().to_string();
    let build = [
        "tablebase",
        "build",
        "--rules",
        "shatranj",
        "KQRBKQRB",
        "--dir",
        &dir,
    ];
    for gib in ["1e30", "100000", "inf", "0", "-1"] {
        let budget = format!("--max-memory-gib={gib}");
        let mut args = build.to_vec();
        args.push(&budget);
        refused(&args, &["--max-memory-gib", "at most"]);
    }
    refused(&build, &["needs about", "GiB", "above the limit"]);
    assert_eq!(
        std::fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "a table was written"
    );
}

/// A simulation of more games than any run plays (the README's dice example).
const SIMULATE_MANY: &[&str] = &[
    "dice",
    "7k/8/8/3p4/8/8/8/K2R4 w - - 0 1",
    "--turns",
    "2",
    "--simulate",
    "100000000000",
];

/// `dice --simulate` stops at `--timeout` with the games played and says so (it ignored
/// the limit and played every game asked for).
#[test]
fn a_dice_simulation_stops_at_its_time_limit_with_the_games_played() {
    let tmp = tempfile::tempdir().unwrap();
    let mut args = SIMULATE_MANY.to_vec();
    args.extend(["--timeout", "2"]);
    let e = run_bounded(tmp.path(), &args, None, Duration::from_secs(60));
    assert_eq!(e.code, Some(0), "{}", e.err);
    assert!(
        e.err
            .contains("simulation stopped: the time limit (--timeout) reached after")
            && e.err.contains("of 100000000000 games"),
        "{}",
        e.err
    );
    assert!(
        e.out.contains("of 100000000000 asked, cut short"),
        "{}",
        e.out
    );
}

/// What [`run_bounded`] saw: the exit code, stdout and stderr.
struct Ended {
    code: Option<i32>,
    out: String,
    err: String,
}

/// Runs mansuba with `args` in `dir`, sending SIGINT `sigint` after the start if asked. A
/// run still going `limit` after the start (or the signal) is killed and fails the test:
/// a run that ignores its limit must not hang the suite. The output goes to files, so
/// that a full pipe cannot stop the child.
fn run_bounded(dir: &Path, args: &[&str], sigint: Option<Duration>, limit: Duration) -> Ended {
    let (out_path, err_path) = (dir.join("bounded.out"), dir.join("bounded.err"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .current_dir(dir)
        .args(args)
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .unwrap();
    if let Some(after) = sigint {
        std::thread::sleep(after);
        // SAFETY: sending a signal to our own child process.
        unsafe {
            libc::kill(child.id() as i32, libc::SIGINT);
        }
    }
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            panic!(
                "{args:?} still running {limit:?} after {}: {}",
                if sigint.is_some() {
                    "Ctrl-C"
                } else {
                    "its start"
                },
                std::fs::read_to_string(&err_path).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Ended {
        code: status.code(),
        out: std::fs::read_to_string(&out_path).unwrap(),
        err: std::fs::read_to_string(&err_path).unwrap(),
    }
}

/// The first Ctrl-C ends a simulation with the games played (it was ignored).
#[test]
fn a_dice_simulation_stops_at_the_first_ctrl_c() {
    let tmp = tempfile::tempdir().unwrap();
    let e = run_bounded(
        tmp.path(),
        SIMULATE_MANY,
        Some(Duration::from_secs(2)),
        Duration::from_secs(30),
    );
    assert_eq!(e.code, Some(130), "{}{}", e.out, e.err);
    assert!(
        e.err.contains("simulation stopped: interrupted"),
        "{}",
        e.err
    );
    assert!(e.out.contains("cut short"), "{}", e.out);
}

/// Ids repeated in an import are made unique as before (`id`, `id-2`, `id-3`... the first
/// number free), now in linear time: 20,000 entries of one id took 62 s.
#[test]
fn repeated_import_ids_are_made_unique() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let line = "6k1/2r2p2/5P2/4N3/8/1qp5/1P2R3/1K2R3 w - - dm 4;";
    let mut epd = String::new();
    // Two given ids that collide with numbered ones: `same-3` comes first and keeps its
    // name, so the third `same` becomes `same-4`.
    epd.push_str(&format!("{line} id \"same-3\";\n"));
    for _ in 0..20_000 {
        epd.push_str(&format!("{line} id \"same\";\n"));
    }
    epd.push_str(&format!("{line} id \"same-2\";\n"));
    std::fs::write(d.join("many.epd"), epd).unwrap();
    let (code, _, err) = mansuba_in(d, &["import", "many.epd", "-o", "out.toml"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(d.join("out.toml")).unwrap();
    let ids: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("id = \"")?.strip_suffix('"'))
        .collect();
    assert_eq!(ids.len(), 20_002);
    assert_eq!(&ids[..5], ["same-3", "same", "same-2", "same-4", "same-5"]);
    assert_eq!(ids[20_000], "same-20001");
    // The given `same-2` comes after the numbered one of that name: it is numbered on.
    assert_eq!(ids[20_001], "same-2-2");
    let unique: std::collections::HashSet<&&str> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len());
}

/// A one-man-more #4 on Grant Acedrex's 12x12 board: 2,722 one-edit candidates, each
/// solve taking up to its limit (a run of minutes); and a #2 whose two-edit list has
/// some six million candidates (minutes only to list them).
fn twelve_by_twelve(dir: &Path) {
    let problem = |id: &str, fen: &str, stip: &str| {
        format!("[[problem]]\nid = \"{id}\"\nrules = \"grant-acedrex\"\nfen = \"{fen}\"\nstipulation = \"{stip}\"\n")
    };
    let slow = problem(
        "slow",
        "11k/9pp1/12/12/12/12/5p6/12/12/12/3Z8/K2R8 w - - 0 1",
        "#4",
    );
    std::fs::write(dir.join("slow.toml"), slow).unwrap();
    let wide = problem(
        "wide",
        "11k/9p2/12/12/12/12/12/12/12/12/12/K2R8 w - - 0 1",
        "#2",
    );
    std::fs::write(dir.join("wide.toml"), wide).unwrap();
}

/// `repair --timeout` bounds the whole run (it bounded each solve, and nothing bounded
/// the run): the candidates not started by then are counted and the report says why;
/// off a terminal a progress line comes every few seconds. `--timeout-each` bounds one
/// solve.
#[test]
fn repair_timeout_bounds_the_whole_run_with_progress_lines() {
    let tmp = tempfile::tempdir().unwrap();
    twelve_by_twelve(tmp.path());
    let args = [
        "repair",
        "slow.toml",
        "--timeout",
        "7",
        "--timeout-each",
        "2",
    ];
    let e = run_bounded(tmp.path(), &args, None, Duration::from_secs(60));
    assert_eq!(e.code, Some(0), "{}", e.err);
    assert!(
        e.out.contains("not run")
            && e.out
                .contains("stopped: the run's time limit (--timeout) reached"),
        "{}",
        e.out
    );
    assert!(
        e.err.contains("slow: stopped") && e.err.contains("candidates not run"),
        "{}",
        e.err
    );
    assert!(
        e.err.contains("repair: candidates "),
        "no progress line: {}",
        e.err
    );
}

/// The listing itself stops at the run's limit (two edits on 12x12 listed for minutes
/// before the first solve), and a list that would not fit the memory budget is refused
/// before it is made, with the estimate.
#[test]
fn a_long_or_large_candidate_list_is_stopped_or_refused() {
    let tmp = tempfile::tempdir().unwrap();
    twelve_by_twelve(tmp.path());
    let args = ["repair", "wide.toml", "--max-edits", "2", "--timeout", "2"];
    let e = run_bounded(tmp.path(), &args, None, Duration::from_secs(60));
    assert_eq!(e.code, Some(1), "{}", e.err);
    assert!(
        e.err
            .contains("time limit (--timeout) reached while listing the candidates"),
        "{}",
        e.err
    );
    let (code, _, err) = mansuba_in(
        tmp.path(),
        &[
            "repair",
            "wide.toml",
            "--max-edits",
            "2",
            "--max-memory-gib",
            "0.1",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("candidates within 2 edits needs about") && err.contains("memory budget"),
        "{err}"
    );
}

/// The first Ctrl-C stops a repair with the candidates solved so far (it printed
/// "interrupted" and went on through its whole slice).
#[test]
fn a_repair_stops_at_the_first_ctrl_c() {
    let tmp = tempfile::tempdir().unwrap();
    twelve_by_twelve(tmp.path());
    let args = ["repair", "slow.toml", "--timeout-each", "2"];
    let e = run_bounded(
        tmp.path(),
        &args,
        Some(Duration::from_secs(3)),
        Duration::from_secs(20),
    );
    assert_eq!(e.code, Some(130), "{}{}", e.out, e.err);
    assert!(e.out.contains("(stopped: interrupted)"), "{}", e.out);
}

/// A mate in one whose third rank `reconstruct` is asked to fill.
fn reconstruct_problem(dir: &Path) {
    std::fs::write(
        dir.join("r.toml"),
        "[[problem]]\nid = \"r\"\nrules = \"shatranj\"\n\
         fen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\nstipulation = \"#1\"\n",
    )
    .unwrap();
}

/// `reconstruct` of the mate in one with `squares` illegible and `extra` options, sent
/// SIGINT `sigint` after its start if asked (see [`run_bounded`]).
fn reconstruct_run(squares: &str, extra: &[&str], sigint: Option<Duration>) -> Ended {
    let tmp = tempfile::tempdir().unwrap();
    reconstruct_problem(tmp.path());
    let args = [
        &["reconstruct", "r.toml", "--id", "r", "--unknown", squares],
        extra,
    ]
    .concat();
    run_bounded(tmp.path(), &args, sigint, Duration::from_secs(60))
}

/// `reconstruct --timeout` bounds the listing of the fillings too (it listed and judged
/// every filling first, 46 s under `--timeout 30`): 371,293 fillings cannot be listed
/// and judged in a millisecond, so the run ends with the limit while listing them.
#[test]
fn reconstruct_stops_at_its_time_limit_while_it_lists_the_fillings() {
    let e = reconstruct_run("a3,b3,c3,d3,e3", &["--timeout", "0.001"], None);
    assert_eq!(e.code, Some(2), "{}{}", e.out, e.err);
    let says = "the run's time limit (--timeout) reached while";
    assert!(e.err.contains(says), "{}", e.err);
    assert!(
        e.err.contains("fillings (") && e.err.contains("nothing was solved"),
        "{}",
        e.err
    );
}

/// The first Ctrl-C stops the listing of 4,826,809 fillings (13 choices on six squares):
/// exit 130, the reason said, well before the listing would end.
#[test]
fn reconstruct_stops_at_the_first_ctrl_c_while_it_lists_the_fillings() {
    let e = reconstruct_run("a3,b3,c3,d3,e3,f3", &[], Some(Duration::from_secs(2)));
    assert_eq!(e.code, Some(130), "{}{}", e.out, e.err);
    assert!(e.err.contains("interrupted while"), "{}", e.err);
}

/// `concordance --html DIR` refuses a folder that is not an edition's before the work:
/// nothing is printed, no member is solved (it solved them all, printed the groups, then
/// refused the folder).
#[test]
fn concordance_refuses_a_foreign_html_folder_before_the_work() {
    let tmp = tempfile::tempdir().unwrap();
    reconstruct_problem(tmp.path());
    std::fs::create_dir(tmp.path().join("foreign")).unwrap();
    std::fs::write(tmp.path().join("foreign/mine.txt"), "mine").unwrap();
    let (code, out, err) = mansuba_in(
        tmp.path(),
        &["concordance", "r.toml", "r.toml", "--html", "foreign"],
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "the work was done first: {out}");
    assert!(!err.contains("grouped in"), "{err}");
    assert!(
        err.contains("--html foreign") && err.contains("other files"),
        "{err}"
    );
    assert!(tmp.path().join("foreign/mine.txt").exists());
}

/// The memory estimate of `reconstruct` counts only the fillings `--max-men` allows, and
/// they are listed without walking the others: sixteen squares with at most one man are
/// 1 + 16 × 12 = 193 fillings (the estimate counted 13^16 and refused them), and without
/// `--max-men` the refusal says how to narrow the question.
#[test]
fn reconstruct_counts_only_the_fillings_max_men_allows() {
    let tmp = tempfile::tempdir().unwrap();
    reconstruct_problem(tmp.path());
    let squares = "a3,b3,c3,d3,e3,f3,g3,h3,a4,b4,c4,d4,e4,f4,g4,h4";
    let args = ["reconstruct", "r.toml", "--id", "r", "--unknown", squares];
    let (code, out, err) = mansuba_in(tmp.path(), &[&args[..], &["--max-men", "1"]].concat());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("fillings    193 listed"), "{out}");
    let (code, out, err) = mansuba_in(tmp.path(), &args);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("fillings needs about") && err.contains("give --max-men"),
        "{err}"
    );
}
