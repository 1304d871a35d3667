//! What `verify` writes from a batch's groups, and `merge` from the groups of its shards,
//! as the library's [`Outputs`] checks, opens, lays out and words them: here the sink
//! opened on standard output, and what its end says printed.

use super::parallel::tally_exit_code;
use crate::report::grid::Group;
pub(super) use crate::report::outputs::{csv_output, Outputs};
use crate::report::stream::Sink;
use anyhow::Result;

/// Opens the outputs on standard output (see [`Outputs::open`]).
pub(super) fn open(out: &Outputs, keep_all: bool) -> Result<Sink> {
    Ok(out.open(keep_all, Box::new(std::io::stdout()))?)
}

/// Puts the CSV in place, writes the edition (and its book), prints the listing's end and
/// the summary ([`Outputs::finish`]); the exit code and the groups kept.
pub(super) fn finish(out: &Outputs, sink: Sink) -> Result<(i32, Vec<Group>)> {
    let lent = (Some(super::interrupt::cancel_flag()), super::rules_dirs());
    let ended = out.finish(sink, lent)?;
    print!("{}", ended.out);
    eprint!("{}", ended.err);
    Ok((tally_exit_code(&ended.tally), ended.groups))
}
