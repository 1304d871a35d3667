//! What the defaults cost beside the verdict alone, measured on the program as shipped:
//! every problem of `problems/` and every row of `benches/popeye/problems.csv` (its
//! unsound #4–#6 among them) solved by `mansuba solve --threads 1` with its defaults and
//! with `--extras 0` (the verdict alone), in turn, whole process, the median of a few
//! runs each; then `verify problems/` as shipped on every core. Prints one row per
//! problem (the two times and their ratio) and the largest ratio; nothing is asserted
//! (figures go to docs/speed.md and benches/NOTES.md).
//!
//! `cargo bench --bench extras` (the release profile builds the binary it runs).
//! `EXTRAS_RUNS=N` changes the number of runs (default 11: most rows take tens of
//! milliseconds, where one run in three differs by a quarter); rows whose verdict alone
//! takes over two seconds run once.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// A row to solve: the file and the problem's id.
struct Row {
    file: PathBuf,
    id: String,
}

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_mansuba")
}

/// Seconds of one whole run of `solve` (the row's verdict word with it).
fn solve(row: &Row, verdict_alone: bool) -> (f64, String) {
    let mut cmd = Command::new(exe());
    cmd.arg("solve")
        .arg(&row.file)
        .args(["--id", &row.id, "--threads", "1", "--json"]);
    if verdict_alone {
        cmd.args(["--extras", "0"]);
    }
    let t0 = Instant::now();
    let out = cmd.output().expect("the mansuba binary");
    let secs = t0.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = text
        .lines()
        .next()
        .and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or_default();
    (secs, v["verdict"].as_str().unwrap_or("?").to_string())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The problems of `problems/`, by id.
fn collection(root: &Path) -> Vec<Row> {
    let mut rows = vec![];
    for f in ["problems/mansubat.toml", "problems/early-modern.toml"] {
        let file = root.join(f);
        for p in mansuba::problem::load_file(&file, &Default::default())
            .problems
            .into_iter()
            .flatten()
        {
            rows.push(Row {
                file: file.clone(),
                id: p.id,
            });
        }
    }
    rows
}

/// The Popeye bench's rows, each written as a one-problem file in `dir`.
fn popeye_rows(root: &Path, dir: &Path) -> Vec<Row> {
    let mut r = csv::Reader::from_path(root.join("benches/popeye/problems.csv")).unwrap();
    let h = r.headers().unwrap().clone();
    let col = |n: &str| h.iter().position(|x| x == n).unwrap();
    let (id, rules, fen, stip) = (col("id"), col("rules"), col("fen"), col("stipulation"));
    r.records()
        .map(|x| {
            let x = x.unwrap();
            let file = dir.join(format!("{}.toml", &x[id]));
            let text = format!(
                "[[problem]]\nid = \"{}\"\nrules = \"{}\"\nfen = \"{}\"\nstipulation = \"{}\"\n",
                &x[id], &x[rules], &x[fen], &x[stip]
            );
            std::fs::write(&file, text).unwrap();
            Row {
                file,
                id: x[id].to_string(),
            }
        })
        .collect()
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let runs: usize = std::env::var("EXTRAS_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(11);
    let tmp = std::env::temp_dir().join(format!("mansuba-extras-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut rows = collection(root);
    rows.extend(popeye_rows(root, &tmp));
    println!("| problem | verdict | shipped s | verdict alone s | shipped ÷ verdict |");
    println!("|---|---|---|---|---|");
    let mut worst = (0.0, String::new());
    for row in &rows {
        let (mut shipped, mut alone) = (vec![], vec![]);
        let mut word = String::new();
        for i in 0..runs {
            let (t, w) = solve(row, false);
            shipped.push(t);
            word = w;
            let (t, _) = solve(row, true);
            alone.push(t);
            if i == 0 && t > 2.0 {
                break;
            }
        }
        let (s, a) = (median(shipped), median(alone));
        println!("| {} | {word} | {s:.3} | {a:.3} | {:.2}× |", row.id, s / a);
        if s / a > worst.0 {
            worst = (s / a, row.id.clone());
        }
    }
    println!(
        "\nlargest shipped ÷ verdict alone: {:.2}× ({})",
        worst.0, worst.1
    );
    let t0 = Instant::now();
    let out = Command::new(exe())
        .current_dir(root)
        .args(["verify", "problems/"])
        .output()
        .expect("the mansuba binary");
    println!(
        "verify problems/ as shipped (every core): {:.1} s, exit {}",
        t0.elapsed().as_secs_f64(),
        out.status.code().unwrap_or(-1)
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
