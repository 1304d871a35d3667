//! What `verify` writes from a batch's groups, and `merge` from the groups of its shards:
//! the JSON lines, the CSV, the edition, the listing and the summary. One writer for
//! both, so that a merge of shards writes exactly what one run would have.

use super::run::{all_rows, check_csv_target, exit_code};
use crate::report::grid::Group;
use crate::report::{self, Row};
use anyhow::{bail, Result};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Where the results go and in which shape.
pub(super) struct Outputs<'a> {
    /// `--csv FILE` (`-`: standard output).
    pub(super) csv: Option<&'a Path>,
    /// `--json`: one JSON line per problem on standard output.
    pub(super) json: bool,
    /// `--html DIR`: the edition.
    pub(super) html: Option<&'a Path>,
    /// `--bom`: the CSV starts with a UTF-8 byte-order mark.
    pub(super) bom: bool,
    /// `--all-rules`: each problem under every rule set.
    pub(super) all_rules: bool,
    /// The paths as given on the command line (the edition's title).
    pub(super) paths: &'a [PathBuf],
    /// `verify --html --repair`: each unsound, cooked or wrongly claimed problem's
    /// one-edit repairs in the edition, each solve under this timeout (seconds).
    pub(super) repair: Option<f64>,
}

impl Outputs<'_> {
    fn csv_to_stdout(&self) -> bool {
        self.csv.is_some_and(|c| c.as_os_str() == "-")
    }

    /// Checks before any work that every output can be written.
    pub(super) fn check(&self) -> Result<()> {
        if self.csv_to_stdout() && self.json {
            bail!("--csv - and --json would both write to standard output; send the CSV to a file (--csv FILE) or drop one of them");
        }
        if let Some(c) = self.csv {
            check_csv_target(c)?;
        }
        if let Some(d) = self.html {
            report::html::check_target(d)?;
        }
        Ok(())
    }

    /// With `--json`, prints a group's JSON: one line per row, or with `--all-rules` one
    /// line holding every rule set.
    pub(super) fn json_lines(&self, g: &Group) {
        if self.json {
            let mut out = std::io::stdout().lock();
            if self.all_rules {
                let _ = writeln!(out, "{}", report::grid::json_group(g));
            } else {
                for r in &g.rows {
                    let _ = writeln!(out, "{}", report::json_row(r, false));
                }
            }
            let _ = out.flush();
        }
    }

    /// Writes the CSV and the edition, prints the listing and the summary; the exit code.
    pub(super) fn finish(&self, groups: &[Group]) -> Result<i32> {
        let rows = all_rows(groups);
        if let Some(c) = self.csv {
            let recs: Vec<Vec<String>> = if self.all_rules {
                groups.iter().flat_map(report::grid::csv_records).collect()
            } else {
                rows.iter().map(report::csv_record).collect()
            };
            report::write_csv_atomic(c, report::CSV_COLUMNS, &recs, self.bom)?;
        }
        let edition_note = match self.html {
            Some(d) => format!("edition: {}\n", self.edition(d, groups, &rows)?.display()),
            None => String::new(),
        };
        if self.json || self.csv_to_stdout() {
            // Standard output carries the data: the summary goes to stderr.
            eprint!("{}{edition_note}", report::summary(&rows, 5));
        } else {
            if self.all_rules {
                print!("{}", report::grid::text(groups));
            } else {
                for r in &rows {
                    println!("{}", report::brief(r));
                }
            }
            println!();
            print!("{}{edition_note}", report::summary(&rows, 5));
        }
        Ok(exit_code(&rows))
    }

    /// Writes the edition into `dir`; the path of its index.
    fn edition(&self, dir: &Path, groups: &[Group], rows: &[Row]) -> Result<PathBuf> {
        // With --all-rules a problem keeps one section, its own rules' row, and the
        // other rule sets go in a table inside it.
        let (own, extras): (Vec<Row>, Vec<String>) = if self.all_rules {
            groups
                .iter()
                .filter_map(|g| Some((g.own()?.clone(), report::grid::html_table(g))))
                .unzip()
        } else {
            (rows.to_vec(), vec![])
        };
        let diagrams = crate::cli::diagram::row_diagrams(&own);
        let extras = match self.repair {
            Some(timeout) => {
                let blocks = super::repair::edition_blocks(&own, timeout)?;
                let mut e = extras;
                e.resize(blocks.len(), String::new());
                e.iter_mut().zip(blocks).for_each(|(x, b)| x.push_str(&b));
                e
            }
            None => extras,
        };
        let title = self
            .paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let page = report::html::page(&own, &diagrams, &extras, &format!("mansuba: {title}"));
        report::html::write_edition(dir, &page)
    }
}
