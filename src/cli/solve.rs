//! `mansuba solve`: one problem file (or one problem of it), reported in full.
use super::parallel::*;
use super::workers::set_threads;
use crate::problem::{Problem, ProblemError};
use crate::report::{self, Row};
use anyhow::{bail, Result};
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
    set_threads(a.run.threads)?;
    a.run.check_rules()?;
    let limits = a.run.limits(!a.json)?;
    let stdin = a.file.as_os_str() == "-";
    if !stdin && !a.file.exists() {
        bail!("no such file: {}", a.file.display());
    }
    if a.file.is_dir() {
        bail!(
            "{} is a directory: solve takes one problem file (verify takes directories)",
            a.file.display()
        );
    }
    // Read once (`-`: standard input), so that what is parsed is what was checked.
    let lf = crate::problem::parse_str(&crate::files::read_text(&a.file)?, &a.file);
    for w in &lf.warnings {
        eprintln!("warning: {}", crate::report::shown::said(w));
    }
    let ids: Vec<String> = lf
        .problems
        .iter()
        .filter_map(|p| p.as_ref().ok().map(|p| p.id.clone()))
        .collect();
    let mut selected: Vec<Result<Problem, ProblemError>> = lf.problems;
    if let Some(id) = &a.id {
        selected.retain(|p| match p {
            Ok(p) => &p.id == id,
            Err(e) => e.id.as_deref() == Some(id),
        });
        if selected.is_empty() {
            bail!(super::workers::no_such_id(
                id,
                &a.file,
                ids.iter().map(String::as_str)
            ));
        }
    }
    let engines = super::engines();
    let mut rows = vec![];
    for (i, p) in selected.iter().enumerate() {
        let row = match p {
            Err(e) => Row::from_error(e, None, ""),
            Ok(p) => {
                let job = match &a.run.rules {
                    Some(r) => Job {
                        problem: std::sync::Arc::new(p.clone()),
                        rules: r.clone(),
                        from_cli: true,
                        carried: None,
                    },
                    None => Job {
                        problem: std::sync::Arc::new(p.clone()),
                        rules: p.rules.clone(),
                        from_cli: false,
                        carried: None,
                    },
                };
                run_job(&job, &engines, &limits, a.run.style())
            }
        };
        if a.json {
            println!("{}", report::json_row(&row, true));
        } else {
            if i > 0 {
                println!("\n{}\n", "-".repeat(60));
            }
            print!("{}", report::text_report(&row));
        }
        rows.push(row);
    }
    Ok(exit_code(&rows))
}
