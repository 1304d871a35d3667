//! `mansuba verify`: every problem of files or directories; summary, CSV, JSON, edition.
use super::run::*;
use super::stream::{Finished, Outputs, Sink};
use crate::report::{self, Row};
use anyhow::{bail, Result};
use std::path::PathBuf;

/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Problem files, or directories searched for *.toml.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write one CSV row per problem to FILE (atomically; `-` for standard output).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Print one JSON object per problem, one per line (the summary goes to stderr).
    #[arg(long)]
    pub json: bool,
    /// Run each problem under its own rules and every preset it can be carried over to
    /// (its men kept by identity: a ferz stays a ferz), shown as a problem × preset grid;
    /// the presets skipped are listed with the reason.
    #[arg(long, conflicts_with = "rules")]
    pub all_rules: bool,
    /// Write a static edition of the collection to DIR (DIR/index.html: a table of the
    /// problems and a section for each, with its diagram); the directory is replaced whole.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Begin the CSV with a UTF-8 byte-order mark, so that spreadsheets read its accents
    /// and Cyrillic as UTF-8.
    #[arg(long, requires = "csv")]
    pub bom: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `mansuba verify`.
pub fn cmd_verify(a: VerifyArgs) -> Result<i32> {
    let to_stdout_csv = a.csv.as_deref().is_some_and(|c| c.as_os_str() == "-");
    if to_stdout_csv && a.json {
        bail!("--csv - and --json would both write to standard output; send the CSV to a file (--csv FILE) or drop one of them");
    }
    if let Some(c) = &a.csv {
        check_csv_target(c)?;
    }
    if let Some(d) = &a.html {
        report::html::check_target(d)?;
    }
    // Every output goes out as the problems finish, in the files' order (with
    // --all-rules, one JSON line per problem holding every rule set); only the summary's
    // rows are kept, unless the whole batch is laid out at the end.
    let keep = a.html.is_some() || (a.all_rules && !a.json && !to_stdout_csv);
    let sink = Sink::open(&Outputs {
        csv: a.csv.as_deref(),
        bom: a.bom,
        json: a.json,
        brief: !a.json && !to_stdout_csv,
        all_rules: a.all_rules,
        keep,
        slowest: 5,
    })?;
    let sink = std::sync::Mutex::new(sink);
    run_each(&a.paths, &a.run, a.all_rules, "verifying", &|g| {
        sink.lock().unwrap_or_else(|e| e.into_inner()).take(g)
    })?;
    let Finished {
        tally,
        kept: groups,
    } = sink
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .finish()?;
    let rows = all_rows(&groups);
    let edition = match &a.html {
        Some(d) => {
            // With --all-rules a problem keeps one section, its own rules' row, and the
            // other rule sets go in a table inside it.
            let (own, extras): (Vec<Row>, Vec<String>) = if a.all_rules {
                groups
                    .iter()
                    .filter_map(|g| Some((g.own()?.clone(), report::grid::html_table(g))))
                    .unzip()
            } else {
                (rows.clone(), vec![])
            };
            let diagrams = crate::cli::diagram::row_diagrams(&own);
            let title = a
                .paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ");
            let page = report::html::page(&own, &diagrams, &extras, &format!("mansuba: {title}"));
            Some(report::html::write_edition(d, &page)?)
        }
        None => None,
    };
    let edition_note = edition
        .map(|p| format!("edition: {}\n", p.display()))
        .unwrap_or_default();
    if a.json || to_stdout_csv {
        // Standard output carries the data: the summary goes to stderr.
        eprint!("{}{edition_note}", tally.text());
    } else {
        if a.all_rules {
            print!("{}", report::grid::text(&groups));
        }
        println!();
        print!("{}{edition_note}", tally.text());
    }
    Ok(tally_exit_code(&tally))
}
