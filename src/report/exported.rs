//! A batch's rows exported: each row's lines of play replayed under its own rules into
//! the CSV's records ([`export_records`]) or its PGN game ([`super::pgn::pgn_game`]),
//! with what could not be exported said per row as a value ([`RowNote`]) for the caller
//! to print, instead of stopping the batch.

use super::{export_records, ExportError, Row, Verdict};
use crate::board::compiled::AnyEngine;
use crate::notation::Style;
use crate::problem::shown::{shown, shown_id};
use crate::problem::{Engines, OwnRulesError};

/// Why a row was not exported, or exported without a line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RowNote {
    /// The row has no line of play to export (its verdict says why).
    #[error("no line of play (verdict {})", .0.word())]
    NoLine(Verdict),
    /// A series-mover: one side's moves in a row, whose idle side's passes are no PGN
    /// moves.
    #[error("a series-mover has no PGN game (its solutions are in the CSV and JSON)")]
    Series,
    /// The row's rules no longer compile.
    #[error("{0}")]
    Rules(#[source] OwnRulesError),
    /// A line of the analysis does not replay: a fault of the solver, not of the input.
    #[error("{0}")]
    Replay(#[source] ExportError),
}

impl RowNote {
    /// A fault (the exit code says so), not a remark.
    pub fn is_fault(&self) -> bool {
        matches!(self, RowNote::Rules(_) | RowNote::Replay(_))
    }
}

/// What exporting the rows gave: the items (records or games) in row order, and a note
/// for each row that gave none or was refused, with the row's index.
#[derive(Debug, Default)]
pub struct Exported<T> {
    /// The records or games, in row order.
    pub items: Vec<T>,
    /// The rows that gave nothing, by index into the rows, and why.
    pub notes: Vec<(usize, RowNote)>,
}

impl<T> Exported<T> {
    /// Whether a row could not be exported for a fault ([`RowNote::is_fault`]).
    pub fn failed(&self) -> bool {
        self.notes.iter().any(|(_, n)| n.is_fault())
    }

    /// The notes as said on standard error, a line each, the row named by its id and
    /// place: a remark as `note: ...` (`none`: the words for a row without a line), a
    /// fault as `error: ...` after the words `fault`.
    pub fn said(&self, rows: &[Row], none: &str, fault: &str) -> Vec<String> {
        let mut lines = vec![];
        for (i, note) in &self.notes {
            let Some(r) = rows.get(*i) else { continue };
            let (id, at) = (shown_id(&r.id), r.location());
            lines.push(match note {
                RowNote::NoLine(v) => format!("note: {id} ({at}): {none} (verdict {})", v.word()),
                RowNote::Series => format!("note: {id} ({at}): {note}"),
                _ => format!("error: {id} ({at}): {fault}: {}", shown(&note.to_string())),
            });
        }
        lines
    }
}

/// The engine of a row's rules, taken as every command takes them ([`Row::engine`]).
pub fn row_engine(r: &Row, engines: &Engines) -> Result<AnyEngine, OwnRulesError> {
    match r.engine(engines) {
        Some(e) => e,
        None => engines.get(&r.rules, None),
    }
}

/// The CSV records of every row ([`super::EXPORT_COLUMNS`]), the lines written in
/// `style`; a row with no line of play (an error row aside) or whose lines do not replay
/// is noted.
pub fn csv_records(rows: &[Row], engines: &Engines, style: Style) -> Exported<Vec<String>> {
    let mut out = Exported::default();
    for (i, r) in rows.iter().enumerate() {
        let replayed = row_engine(r, engines)
            .map_err(RowNote::Rules)
            .and_then(|e| export_records(r, &e, style).map_err(RowNote::Replay));
        match replayed {
            Ok(v) if v.is_empty() && r.verdict != Verdict::Error => {
                out.notes.push((i, RowNote::NoLine(r.verdict)))
            }
            Ok(mut v) => out.items.append(&mut v),
            Err(note) => out.notes.push((i, note)),
        }
    }
    out
}

/// The PGN game of every row that has one (series-movers have none).
pub fn pgn_games(rows: &[Row], engines: &Engines) -> Exported<String> {
    let mut out = Exported::default();
    for (i, r) in rows.iter().enumerate() {
        let series = (r.problem.as_ref())
            .and_then(|p| p.stipulation.play)
            .is_some_and(|pl| matches!(pl.family, crate::solve::Family::Series(_)));
        if series {
            out.notes.push((i, RowNote::Series));
            continue;
        }
        let game = row_engine(r, engines)
            .map_err(RowNote::Rules)
            .and_then(|e| super::pgn::pgn_game(r, &e).map_err(RowNote::Replay));
        match game {
            Ok(Some(g)) => out.items.push(g),
            Ok(None) => out.notes.push((i, RowNote::NoLine(r.verdict))),
            Err(note) => out.notes.push((i, note)),
        }
    }
    out
}
