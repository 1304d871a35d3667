//! `mansuba concordance`: which problems of the given files and folders are one position
//! up to symmetry, or near variants (see [`crate::concordance`]); the members of each
//! group verified (in parallel) to say whether their verdicts agree; text, `--json`,
//! `--csv`, `--html DIR`.

use super::workers::{collect_files, set_threads};
use crate::concordance::{concord, Shapes};
use crate::report::concordance as out;
use anyhow::Result;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `concordance`.
#[derive(clap::Args, Debug)]
pub struct ConcordanceArgs {
    /// Problem files or folders (searched for *.toml).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Near variants: at most this many men differ (added, removed, moved, changed).
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=8))]
    pub max_diff: u8,
    /// Write one CSV row per group to FILE (atomically).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Print one JSON object per group.
    #[arg(long)]
    pub json: bool,
    /// Write the concordance as a page, DIR/index.html.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Time limit per problem for the members' verdicts, in seconds (0: none).
    #[arg(long, default_value_t = 15.0, value_name = "SECONDS", value_parser = super::bounds::seconds)]
    pub timeout: f64,
    /// Do not solve the members: compare the verdicts the files expect (`expect`).
    #[arg(long)]
    pub no_solve: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

/// `mansuba concordance`.
pub fn cmd_concordance(a: ConcordanceArgs) -> Result<i32> {
    set_threads(a.threads)?;
    let files = collect_files(&a.paths)?;
    let csv = super::parallel::check_output("--csv", a.csv.as_deref(), &files)?;
    // Every output is checked before the work: a folder that is not an edition's is
    // refused now, not after every member was solved.
    if let Some(dir) = &a.html {
        crate::report::html::check_target(dir, &crate::files::FileSet::of(&files))?;
        if csv.as_ref().is_some_and(|c| c.is_inside(dir)) {
            anyhow::bail!(
                "--csv is inside the page's folder --html {}, which is replaced whole: write the CSV elsewhere",
                dir.display()
            );
        }
    }
    let t0 = Instant::now();
    let mut shapes = Shapes::with(super::engines());
    let read = crate::concordance::read::entries(&files, &mut shapes);
    for w in &read.warnings {
        eprintln!("warning: {}", crate::report::shown::said(w));
    }
    for e in &read.errors {
        eprintln!("error: {}", crate::report::shown::said(&e.to_string()));
    }
    let code = i32::from(!read.errors.is_empty());
    let (entries, problems) = (read.entries, read.problems);
    let groups = concord(&entries, a.max_diff as usize);
    let grouped_ms = t0.elapsed().as_millis();
    let limits = crate::solve::Limits {
        timeout: super::bounds::duration(a.timeout),
        cancel: Some(crate::cli::interrupt::cancel_flag()),
        ..Default::default()
    };
    // On a terminal, the members solved so far (a concordance of thousands of
    // positions solves for minutes).
    let asked = crate::verify::members::members(&groups).len();
    let bar = (!a.no_solve)
        .then(|| super::progress::bar(asked as u64, "concordance: the members' verdicts"))
        .flatten();
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let verdicts = crate::verify::members::member_verdicts(
        &groups,
        &problems,
        shapes.engines(),
        &limits,
        !a.no_solve,
        &tick,
    );
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if a.json {
        for g in out::json_groups(&groups, &entries, &verdicts) {
            println!("{g}");
        }
    } else {
        print!("{}", out::text(&groups, &entries, &verdicts));
        eprintln!(
            "grouped in {:.3} s, verdicts in {:.3} s",
            grouped_ms as f64 / 1000.0,
            (t0.elapsed().as_millis() - grouped_ms) as f64 / 1000.0
        );
    }
    if let Some(c) = &csv {
        let records = out::csv_records(&groups, &entries, &verdicts);
        crate::report::write_csv(
            c,
            out::CONCORDANCE_COLUMNS,
            &records,
            crate::cli::cells(false),
        )?;
    }
    if let Some(dir) = &a.html {
        let title = a
            .paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let page = out::html(
            &groups,
            &entries,
            &verdicts,
            &format!("mansuba concordance: {title}"),
        );
        let editor = crate::report::edition::editor::page("shatranj");
        let path = crate::report::html::write_edition(dir, &page, &editor)?;
        eprintln!("concordance page: {}", path.display());
    }
    Ok(code)
}
