//! `mansuba solve`: one problem file (or one problem of it), reported in full.
use super::parallel::*;
use crate::report;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The problem file.
    pub file: PathBuf,
    /// Solve only the problem with this id (default: every problem of the file).
    #[arg(long)]
    pub id: Option<String>,
    /// Print one JSON object per problem (with the solution tree) instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `mansuba solve`.
pub fn cmd_solve(a: SolveArgs) -> Result<i32> {
    let limits = a.run.run().limits(super::progress::observer(!a.json))?;
    let lf = crate::verify::solves::read_problem_file(&a.file, super::rules_dirs().reads())?;
    for w in &lf.warnings {
        eprintln!("warning: {}", crate::report::shown::said(w));
    }
    let mut shown = 0;
    let heard = std::sync::Mutex::new(Default::default());
    let rows = crate::verify::solves::solve_file(
        &lf,
        (a.id.as_deref(), a.run.rules.as_deref()),
        &super::engines(),
        (&limits, a.run.style()),
        &mut |row| {
            let met = row.found.analysis().map(|a| &a.tables_refused);
            crate::verify::run::say_refused(&heard, met.into_iter(), &super::say);
            if a.json {
                println!("{}", report::json_row(row, true));
            } else {
                if shown > 0 {
                    println!("\n{}\n", "-".repeat(60));
                }
                print!("{}", report::text_report(row));
            }
            shown += 1;
        },
    )?;
    Ok(exit_code(&rows))
}
