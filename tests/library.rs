//! The library's batch as another program calls it: the files of a folder walked, every
//! problem verified in parallel, each problem's rows handed on in file order, the
//! verdicts those of `verify`, the status its exit code; a raised cancel flag leaves the
//! batch with no job run.

use mansuba::batch::Progress;
use mansuba::files::Walk;
use mansuba::report::grid::Group;
use mansuba::verify::{Batch, Status};
use mansuba::{Limits, Verdict};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn early_modern() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    Walk::default()
        .files(&[root.join("problems/early-modern.toml")])
        .unwrap()
}

fn run(files: &[PathBuf], limits: &Limits) -> (Vec<Group>, mansuba::verify::Ran, Vec<String>) {
    let groups = Mutex::new(vec![]);
    let warned = Mutex::new(vec![]);
    let batch = Batch {
        files,
        rules: None,
        rules_dirs: &Default::default(),
        all_rules: false,
        shard: None,
        limits,
        style: mansuba::notation::Notation::San.into(),
        warn: &|w| warned.lock().unwrap().push(w.to_string()),
        progress: Progress::none(),
        what: "verifying",
    };
    let ran = batch.run(&|g| groups.lock().unwrap().push(g));
    (
        groups.into_inner().unwrap(),
        ran,
        warned.into_inner().unwrap(),
    )
}

#[test]
fn a_batch_gives_every_problem_in_file_order_with_verify_s_verdicts() {
    let files = early_modern();
    let limits = Limits {
        timeout: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let (groups, ran, _) = run(&files, &limits);
    let lf = mansuba::load_file(&files[0], &Default::default());
    let ids: Vec<String> = lf
        .problems
        .iter()
        .map(|p| {
            p.as_ref()
                .map_or_else(|e| e.id.clone().unwrap_or_default(), |p| p.id.clone())
        })
        .collect();
    let got: Vec<String> = groups.iter().map(|g| g.rows[0].id.clone()).collect();
    assert_eq!(got, ids, "one group per problem, in file order");
    assert_eq!(ran.total, ids.len());
    assert_eq!(ran.places, (0..ids.len()).collect::<Vec<_>>());
    assert_eq!(ran.not_run, 0);
    // Each row's verdict is the one verify_problem gives the problem alone.
    for (g, p) in groups.iter().zip(lf.problems.iter().flatten()) {
        let alone = mansuba::verify_problem(p, &limits);
        assert_eq!(g.rows[0].verdict, alone.verdict, "{}", p.id);
    }
    let rows: Vec<_> = groups.iter().flat_map(|g| g.rows.clone()).collect();
    let expected = if rows.iter().any(mansuba::report::tally::fails_run) {
        Status::Failed
    } else {
        Status::Clean
    };
    assert_eq!(Status::of_rows(&rows, false), expected);
}

#[test]
fn a_cancelled_batch_runs_no_job() {
    let files = early_modern();
    let limits = Limits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let (groups, ran, _) = run(&files, &limits);
    assert!(groups.is_empty(), "no problem is read once cancelled");
    assert_eq!(ran.not_run, 0);
    let rows: Vec<_> = groups.iter().flat_map(|g| g.rows.clone()).collect();
    assert_eq!(Status::of_rows(&rows, true).code(), 130);
    assert!(!rows.iter().any(|r| r.verdict == Verdict::Error));
}

/// Two callers in one process, each with its own budget and its own record of the files
/// read: the small budget refuses a file the default one reads, and neither record holds
/// what the other read.
#[test]
fn two_callers_keep_their_own_budget_and_record_of_files_read() {
    use mansuba::files::{check_output, Reads};
    use mansuba::memory::Budget;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.toml");
    let padding = "# padding\n".repeat(30_000);
    let problem = "[[problem]]\nid = \"p\"\nrules = \"orthodox\"\nfen = \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation = \"#1\"\n";
    std::fs::write(&file, format!("{padding}{problem}")).unwrap();
    // A file read whole may take a fifth of the budget: 300 kB is over a fifth of 1 MiB.
    let small = Reads::within(Budget::of_bytes(1 << 20));
    let roomy = Reads::default();
    let refused = mansuba::load_file(&file, &small);
    assert!(refused.problems.iter().all(|p| p.is_err()), "{refused:?}");
    let read = mansuba::load_file(&file, &roomy);
    assert_eq!(read.problems.iter().flatten().count(), 1);
    // The roomy caller read the file: it may not write over it. The small caller, whose
    // reading was refused, never read it, and its record says so.
    assert!(roomy.has(&file) && !small.has(&file));
    assert!(check_output(&file, &roomy).is_err());
    assert!(check_output(&file, &small).is_ok());
}

/// The rules file a problem names is read into the caller's record by `verify_problem`,
/// so that the caller's outputs refuse it as they refuse the problem file.
#[test]
fn verify_problem_notes_the_rules_file_in_the_caller_s_record() {
    use mansuba::files::Reads;
    let dir = tempfile::tempdir().unwrap();
    let (file, rules) = (dir.path().join("p.toml"), dir.path().join("r.toml"));
    std::fs::write(&rules, "preset = \"orthodox\"\n").unwrap();
    let problem = "[[problem]]\nid = \"p\"\nrules = \"r.toml\"\nfen = \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation = \"#1\"\n";
    std::fs::write(&file, problem).unwrap();
    let reads = Reads::default();
    let loaded = mansuba::load_file(&file, &reads);
    let p = loaded.problems.into_iter().flatten().next().unwrap();
    assert!(reads.has(&file) && !reads.has(&rules));
    let limits = Limits {
        reads: reads.clone(),
        ..Limits::default()
    };
    let row = mansuba::verify_problem(&p, &limits);
    assert_eq!(row.verdict, Verdict::Sound);
    assert!(reads.has(&rules));
}
