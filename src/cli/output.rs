//! What `verify` writes from a batch's groups, and `merge` from the groups of its shards:
//! the JSON lines, the CSV, the edition, the listing and the summary. One writer for
//! both, so that a merge of shards writes exactly what one run would have.

use super::parallel::tally_exit_code;
use crate::files::{FileSet, Output};
use crate::report;
use crate::report::grid::Group;
use crate::report::stream::{Finished, Sink, SinkOptions};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

/// The `--csv` output, checked before any work (see [`crate::files::target`]): `--csv -`
/// with `--json` would both write to standard output, and none of `inputs` may be
/// replaced. The one check of `verify` and of every merge.
pub(super) fn csv_output(
    csv: Option<&Path>,
    json: bool,
    inputs: &FileSet,
) -> Result<Option<Output>> {
    if csv.is_some_and(|c| c.as_os_str() == "-") && json {
        bail!("--csv - and --json would both write to standard output; send the CSV to a file (--csv FILE) or drop one of them");
    }
    csv.map(|c| crate::files::check_output(c, inputs))
        .transpose()
        .map_err(|e| anyhow::anyhow!("--csv {e}"))
}

/// Where the results go and in which shape.
pub(super) struct Outputs<'a> {
    /// `--csv FILE` (`-`: standard output).
    pub(super) csv: Option<&'a Path>,
    /// `--json`: one JSON line per problem on standard output.
    pub(super) json: bool,
    /// `--html DIR`: the edition.
    pub(super) html: Option<&'a Path>,
    /// `--pdf BOOK.pdf`: the edition printed by Chromium.
    pub(super) pdf: Option<&'a Path>,
    /// `--bom`: the CSV starts with a UTF-8 byte-order mark.
    pub(super) bom: bool,
    /// `--all-rules`: each problem under every rule set.
    pub(super) all_rules: bool,
    /// The paths as given on the command line (the edition's title).
    pub(super) paths: &'a [PathBuf],
    /// `verify --html --repair`: each unsound, cooked or wrongly claimed problem's
    /// one-edit repairs in the edition, each solve under this timeout (seconds).
    pub(super) repair: Option<f64>,
    /// How the edition's repairs are written and its diagrams' discs lettered.
    pub(super) style: crate::notation::Style,
    /// The CSV's target once [`Outputs::check`] passed it.
    pub(super) csv_out: Option<Output>,
    /// The book's target and the Chromium that prints it, once checked.
    pub(super) pdf_out: Option<(Output, PathBuf)>,
}

impl Outputs<'_> {
    /// The edition's title: the paths as given.
    fn title(&self) -> String {
        report::html::titled("mansuba", self.paths)
    }

    fn csv_to_stdout(&self) -> bool {
        self.csv.is_some_and(|c| c.as_os_str() == "-")
    }

    /// Checks before any work that every output can be written and that none of them is
    /// one of `inputs` (see [`crate::files::target`]).
    pub(super) fn check(&mut self, inputs: &FileSet) -> Result<()> {
        self.csv_out = csv_output(self.csv, self.json, inputs)?;
        if let (Some(d), Some(pdf)) = (self.html, self.pdf) {
            let chromium = super::book::find_chromium()?;
            let out = crate::files::check_output(pdf, inputs)
                .map_err(|e| anyhow::anyhow!("--pdf {e}"))?;
            if out.is_inside(d) {
                bail!(
                    "--pdf {} is inside the edition's folder --html {}, which is replaced whole: write the book elsewhere",
                    pdf.display(),
                    d.display()
                );
            }
            self.pdf_out = Some((out, chromium));
        }
        if let Some(d) = self.html {
            report::html::check_target(d, inputs)?;
            if self.csv_out.as_ref().is_some_and(|c| c.is_inside(d)) {
                bail!(
                    "--csv {} is inside the edition's folder --html {}, which is replaced whole: write the CSV elsewhere",
                    self.csv.unwrap_or(Path::new("")).display(),
                    d.display()
                );
            }
        }
        Ok(())
    }

    /// Opens the outputs: rows are written as they come (see [`Sink`]); `keep_all` keeps
    /// every group for the caller too (a shard's rows file).
    pub(super) fn open(&self, keep_all: bool) -> Result<Sink> {
        let brief = !self.json && !self.csv_to_stdout();
        let o = SinkOptions {
            csv: self.csv_out.as_ref(),
            cells: crate::cli::cells(self.bom),
            json: self.json,
            brief,
            all_rules: self.all_rules,
            keep: keep_all || self.html.is_some() || (self.all_rules && brief),
            slowest: 5,
        };
        Ok(Sink::open(&o, Box::new(std::io::stdout()))?)
    }

    /// Puts the CSV in place, writes the edition, prints the listing and the summary; the
    /// exit code and the groups kept.
    pub(super) fn finish(&self, sink: Sink) -> Result<(i32, Vec<Group>)> {
        let Finished {
            tally,
            kept: groups,
        } = sink.finish()?;
        let edition_note = match self.html {
            Some(d) => {
                let index = self.edition(d, &groups)?;
                let mut note = format!("edition: {}\n", index.display());
                if let (Some((out, chromium)), Some(pdf)) = (&self.pdf_out, self.pdf) {
                    super::book::print_pdf(chromium, (&index, &self.title()), out, pdf)?;
                    note += &format!("book: {}\n", pdf.display());
                }
                note
            }
            None => String::new(),
        };
        if self.json || self.csv_to_stdout() {
            // Standard output carries the data: the summary goes to stderr.
            eprint!("{}{edition_note}", tally.text());
        } else {
            if self.all_rules {
                print!("{}", report::grid::text(&groups));
            }
            println!();
            print!("{}{edition_note}", tally.text());
        }
        Ok((tally_exit_code(&tally), groups))
    }

    /// Writes the edition into `dir` ([`crate::report::edition::assemble::write`]); the
    /// path of its index.
    fn edition(&self, dir: &Path, groups: &[Group]) -> Result<PathBuf> {
        let spec = crate::report::edition::assemble::Spec {
            title: &self.title(),
            all_rules: self.all_rules,
            style: self.style,
            repair: self.repair.and_then(crate::batch::bounds::duration),
            cancel: Some(super::interrupt::cancel_flag()),
            rules_dirs: super::rules_dirs(),
        };
        Ok(crate::report::edition::assemble::write(dir, groups, &spec)?)
    }
}
