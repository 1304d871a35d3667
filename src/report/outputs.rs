//! What `verify` writes from a batch's groups, and `merge` from the groups of its shards:
//! the CSV, the JSON lines, the listing and the edition (and the book Chromium prints of
//! it), each checked before any work, then the sink they are written through opened, and
//! at the end the edition laid out, its book printed and the summary worded. One writer
//! for both, so that a merge of shards writes exactly what one run would have; the caller
//! prints what the end says.

use super::cells::Cells;
use super::edition::book::{find_chromium, BookError, NoChromium};
use super::grid::Group;
use super::html::EditionError;
use super::stream::{Finished, Sink, SinkError, SinkOptions};
use super::tally::Tally;
use crate::board::rules::RulesDirs;
use crate::files::{FlaggedError, Output, Reads};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use thiserror::Error;

/// Why an output was refused before any work.
#[derive(Debug, Error)]
pub enum OutputsError {
    /// `--csv -` and `--json` both on standard output.
    #[error("--csv - and --json would both write to standard output; send the CSV to a file (--csv FILE) or drop one of them")]
    BothOnStdout,
    /// The CSV or the book cannot be written there.
    #[error(transparent)]
    Output(#[from] FlaggedError),
    /// `--pdf` without Chromium.
    #[error(transparent)]
    NoChromium(#[from] NoChromium),
    /// The book inside the edition's folder, which is replaced whole.
    #[error("--pdf {} is inside the edition's folder --html {}, which is replaced whole: write the book elsewhere", .0.display(), .1.display())]
    PdfInside(PathBuf, PathBuf),
    /// The edition's folder cannot be replaced.
    #[error(transparent)]
    Edition(#[from] EditionError),
    /// The CSV inside the edition's folder, which is replaced whole.
    #[error("--csv {} is inside the edition's folder --html {}, which is replaced whole: write the CSV elsewhere", .0.display(), .1.display())]
    CsvInside(PathBuf, PathBuf),
    /// A row could not be written, or the CSV put in place.
    #[error(transparent)]
    Sink(#[from] SinkError),
    /// The book was not printed.
    #[error(transparent)]
    Book(#[from] BookError),
}

/// What the end of the outputs says, and what it keeps.
pub struct Ended {
    /// The summary's counts.
    pub tally: Tally,
    /// The groups kept.
    pub groups: Vec<Group>,
    /// What goes on standard output after the rows: the `--all-rules` grid, the summary.
    pub out: String,
    /// What goes on standard error: the summary, when standard output carries the data.
    pub err: String,
}

/// The `--csv` output, checked before any work (see [`crate::files::target`]): `--csv -`
/// with `--json` would both write to standard output, and none of `inputs` may be
/// replaced. The one check of `verify` and of every merge.
pub fn csv_output(
    csv: Option<&Path>,
    json: bool,
    inputs: &Reads,
) -> Result<Option<Output>, OutputsError> {
    if csv.is_some_and(|c| c.as_os_str() == "-") && json {
        return Err(OutputsError::BothOnStdout);
    }
    Ok(crate::files::check_flagged("--csv", csv, inputs)?)
}

/// Where the results go and in which shape (by default nowhere but the listing).
#[derive(Default)]
pub struct Outputs<'a> {
    /// `--csv FILE` (`-`: standard output).
    pub csv: Option<&'a Path>,
    /// `--json`: one JSON line per problem on standard output.
    pub json: bool,
    /// `--html DIR`: the edition.
    pub html: Option<&'a Path>,
    /// `--pdf BOOK.pdf`: the edition printed by Chromium.
    pub pdf: Option<&'a Path>,
    /// How the CSV's cells are written (`--bom`, `--raw-csv`).
    pub cells: Cells,
    /// `--all-rules`: each problem under every rule set.
    pub all_rules: bool,
    /// The paths as given on the command line (the edition's title).
    pub paths: &'a [PathBuf],
    /// `verify --html --repair`: each unsound, cooked or wrongly claimed problem's
    /// one-edit repairs in the edition, each solve under this timeout (seconds).
    pub repair: Option<f64>,
    /// How the edition's repairs are written and its diagrams' discs lettered.
    pub style: crate::notation::Style,
    /// The CSV's target once [`Outputs::check`] passed it.
    pub csv_out: Option<Output>,
    /// The book's target and the Chromium that prints it, once checked.
    pub pdf_out: Option<(Output, PathBuf)>,
}

impl Outputs<'_> {
    /// The edition's title: the paths as given.
    pub fn title(&self) -> String {
        super::html::titled("mansuba", self.paths)
    }

    /// True when the CSV goes to standard output (the data's channel).
    pub fn csv_to_stdout(&self) -> bool {
        self.csv.is_some_and(|c| c.as_os_str() == "-")
    }

    /// Checks before any work that every output can be written and that none of them is
    /// one of `inputs` (see [`crate::files::target`]).
    pub fn check(&mut self, inputs: &Reads) -> Result<(), OutputsError> {
        self.csv_out = csv_output(self.csv, self.json, inputs)?;
        if let (Some(d), Some(pdf)) = (self.html, self.pdf) {
            let chromium = find_chromium()?;
            let out = crate::files::check_output(pdf, inputs)
                .map_err(|err| FlaggedError { flag: "--pdf", err })?;
            if out.is_inside(d) {
                return Err(OutputsError::PdfInside(pdf.to_path_buf(), d.to_path_buf()));
            }
            self.pdf_out = Some((out, chromium));
        }
        if let Some(d) = self.html {
            super::html::check_target(d, inputs)?;
            if self.csv_out.as_ref().is_some_and(|c| c.is_inside(d)) {
                let csv = self.csv.unwrap_or(Path::new("")).to_path_buf();
                return Err(OutputsError::CsvInside(csv, d.to_path_buf()));
            }
        }
        Ok(())
    }

    /// Opens the outputs, the JSON lines and the listing to `out`: rows are written as
    /// they come (see [`Sink`]); `keep_all` keeps every group for the caller too (a
    /// shard's rows file).
    pub fn open(
        &self,
        keep_all: bool,
        out: Box<dyn std::io::Write + Send>,
    ) -> Result<Sink, SinkError> {
        let brief = !self.json && !self.csv_to_stdout();
        let o = SinkOptions {
            csv: self.csv_out.as_ref(),
            cells: self.cells,
            json: self.json,
            brief,
            all_rules: self.all_rules,
            keep: keep_all || self.html.is_some() || (self.all_rules && brief),
            slowest: 5,
        };
        Sink::open(&o, out)
    }

    /// Writes the edition into `dir` ([`super::edition::assemble::write`]), its repairs'
    /// searches stopped by `cancel`; the path of its index.
    pub fn edition(
        &self,
        dir: &Path,
        groups: &[Group],
        (cancel, rules_dirs): (Option<Arc<AtomicBool>>, RulesDirs),
    ) -> Result<PathBuf, EditionError> {
        let spec = super::edition::assemble::Spec {
            title: &self.title(),
            all_rules: self.all_rules,
            style: self.style,
            repair: self.repair.and_then(crate::batch::bounds::duration),
            cancel,
            rules_dirs,
        };
        super::edition::assemble::write(dir, groups, &spec)
    }

    /// Writes groups already gathered (a merge's) through the outputs, the JSON lines and
    /// the listing to `out`, and finishes them ([`Outputs::finish`]).
    pub fn write_all(
        &self,
        groups: Vec<Group>,
        out: Box<dyn std::io::Write + Send>,
        lent: (Option<Arc<AtomicBool>>, RulesDirs),
    ) -> Result<Ended, OutputsError> {
        let mut sink = self.open(false, out)?;
        for g in groups {
            sink.take(g);
        }
        self.finish(sink, lent)
    }

    /// Puts the CSV in place, writes the edition (and prints its book), and words the
    /// listing's end and the summary (with where the edition and the book went); the
    /// edition's repairs are stopped by `lent`'s cancel flag.
    pub fn finish(
        &self,
        sink: Sink,
        lent: (Option<Arc<AtomicBool>>, RulesDirs),
    ) -> Result<Ended, OutputsError> {
        let Finished { tally, kept } = sink.finish()?;
        let mut note = String::new();
        if let Some(d) = self.html {
            let index = self.edition(d, &kept, lent)?;
            note = format!("edition: {}\n", index.display());
            if let (Some((to, chromium)), Some(pdf)) = (&self.pdf_out, self.pdf) {
                super::edition::book::print_pdf(chromium, (&index, &self.title()), to, pdf)?;
                note += &format!("book: {}\n", pdf.display());
            }
        }
        let summary = format!("{}{note}", tally.text());
        let (out, err) = if self.json || self.csv_to_stdout() {
            // Standard output carries the data: the summary goes to stderr.
            (String::new(), summary)
        } else if self.all_rules {
            (
                format!("{}\n{summary}", super::grid::text(&kept)),
                String::new(),
            )
        } else {
            (format!("\n{summary}"), String::new())
        };
        Ok(Ended {
            tally,
            groups: kept,
            out,
            err,
        })
    }
}
