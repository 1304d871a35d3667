//! Verifies every problem of a problem file through the library's top-level names only
//! (`mansuba::load_file`, `mansuba::verify_problem`, ...), as another program would:
//! one line per problem with its verdict, and the refutation of an unsound one.
//!
//! Usage: `cargo run --release --features tools --example verify_file -- problems/mansubat.toml [SECONDS]`

use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: verify_file FILE.toml [SECONDS]");
        std::process::exit(2);
    };
    let seconds: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(15.0);
    let limits = mansuba::Limits {
        timeout: Some(Duration::from_secs_f64(seconds.clamp(0.001, 1e6))),
        ..mansuba::Limits::default()
    };
    let file = mansuba::load_file(std::path::Path::new(path), &Default::default());
    let mut failed = false;
    for entry in &file.problems {
        match entry {
            Ok(p) => {
                let row = mansuba::verify_problem(p, &limits);
                let why = match (&row.found, row.verdict) {
                    (mansuba::Found::Failed(e), _) => Some(e.clone()),
                    (mansuba::Found::Analysed(a), mansuba::Verdict::Unsound) => a.refutation_text(),
                    _ => None,
                };
                println!(
                    "{:<12} {:<28} {}",
                    row.verdict.word(),
                    p.id,
                    why.unwrap_or_default()
                );
            }
            Err(e) => {
                failed = true;
                println!("{:<12} {e}", "error");
            }
        }
    }
    std::process::exit(i32::from(failed));
}
