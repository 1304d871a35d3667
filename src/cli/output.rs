//! What `verify` writes from a batch's groups, and `merge` from the groups of its shards,
//! as the library's [`Outputs`] checks, opens and lays them out: here the sink opened on
//! standard output, then the edition's book printed and the listing and summary shown.

use super::parallel::tally_exit_code;
use crate::report;
use crate::report::grid::Group;
pub(super) use crate::report::outputs::{csv_output, Outputs};
use crate::report::stream::{Finished, Sink};
use anyhow::Result;

/// Opens the outputs on standard output (see [`Outputs::open`]).
pub(super) fn open(out: &Outputs, keep_all: bool) -> Result<Sink> {
    Ok(out.open(keep_all, Box::new(std::io::stdout()))?)
}

/// Puts the CSV in place, writes the edition (and its book), prints the listing and the
/// summary; the exit code and the groups kept.
pub(super) fn finish(out: &Outputs, sink: Sink) -> Result<(i32, Vec<Group>)> {
    let Finished {
        tally,
        kept: groups,
    } = sink.finish()?;
    let edition_note = match out.html {
        Some(d) => {
            let lent = (Some(super::interrupt::cancel_flag()), super::rules_dirs());
            let index = out.edition(d, &groups, lent)?;
            let mut note = format!("edition: {}\n", index.display());
            if let (Some((to, chromium)), Some(pdf)) = (&out.pdf_out, out.pdf) {
                super::book::print_pdf(chromium, (&index, &out.title()), to, pdf)?;
                note += &format!("book: {}\n", pdf.display());
            }
            note
        }
        None => String::new(),
    };
    if out.json || out.csv_to_stdout() {
        // Standard output carries the data: the summary goes to stderr.
        eprint!("{}{edition_note}", tally.text());
    } else {
        if out.all_rules {
            print!("{}", report::grid::text(&groups));
        }
        println!();
        print!("{}{edition_note}", tally.text());
    }
    Ok((tally_exit_code(&tally), groups))
}
