//! CSV rows and JSON objects of a result row; the CSV written atomically.

use super::Row;
use crate::solve::Line;

/// The CSV columns of `verify`, in order (the first fifteen are fixed by contract).
pub const CSV_COLUMNS: &[&str] = &[
    "id",
    "file",
    "source",
    "rules",
    "stipulation",
    "verdict",
    "solvable",
    "shortest",
    "keys",
    "keys_complete",
    "solution_check",
    "refutation",
    "main_line",
    "nodes",
    "millis",
    "published",
    "expect",
    "confidence",
    "error",
    "line",
    "limit_hit",
    "claim_remarks",
    "fen",
    "solution_line",
    "others_fail_within",
    "claim_completed",
    "warnings",
    "orientation",
    "skipped_reason",
    "win_probability",
    "least_win",
    "try_lines",
    "extras_left_out",
    "solutions",
];

/// "; no other first move wins within k" for a search cut by a limit (nothing for k = 0).
fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// One CSV record for a row (columns as [`CSV_COLUMNS`]).
pub fn csv_record(r: &Row) -> Vec<String> {
    let a = r.analysis();
    let rep = a.map(|a| &a.report);
    vec![
        r.id.clone(),
        r.file.clone(),
        r.meta_of("source"),
        r.rules.clone(),
        r.stipulation.clone(),
        r.verdict.word().into(),
        rep.map(|x| x.solvable.word()).unwrap_or("unknown").into(),
        rep.and_then(|x| x.shortest)
            .map(|n| n.to_string())
            .unwrap_or_default(),
        rep.map(|x| Line(x.keys.clone()).to_string())
            .unwrap_or_default(),
        rep.map(|x| yes_no(x.keys_complete)).unwrap_or("no").into(),
        a.map(|a| a.claim.csv_text()).unwrap_or_default(),
        a.and_then(|a| a.refutation_text()).unwrap_or_default(),
        a.map(|a| a.written.main_line.join(" ")).unwrap_or_default(),
        rep.map(|x| x.nodes.to_string()).unwrap_or_default(),
        r.millis.to_string(),
        r.meta_of("published"),
        r.meta_of("expect"),
        r.meta_of("confidence"),
        r.error().map(str::to_string).unwrap_or_default(),
        r.line.map(|l| l.to_string()).unwrap_or_default(),
        rep.and_then(|x| x.limit_hit.clone()).unwrap_or_default(),
        a.map(|a| a.claim.remarks.join("; ")).unwrap_or_default(),
        a.map(|a| a.fen.clone()).unwrap_or_else(|| r.meta_of("fen")),
        r.solution_line().map(|l| l.to_string()).unwrap_or_default(),
        rep.and_then(|x| x.others_fail_within)
            .map(|n| n.to_string())
            .unwrap_or_default(),
        a.map(|a| a.claim.completed.clone()).unwrap_or_default(),
        r.warnings().join("; "),
        r.problem
            .as_ref()
            .map(|p| p.orientation.word())
            .unwrap_or_default()
            .into(),
        // Only `--all-rules` skips a rule set (see `grid::csv_records`).
        String::new(),
        rep.and_then(|x| x.win_probability)
            .map(|p| format!("{p:.6}"))
            .unwrap_or_default(),
        r.least_win.map(|n| n.to_string()).unwrap_or_default(),
        a.map(|a| try_lines(a).join("; ")).unwrap_or_default(),
        a.map(|a| extras_words(a).join(" ")).unwrap_or_default(),
        rep.map(solutions_cell).unwrap_or_default(),
    ]
}

/// A help or series problem's solutions in one cell: each its moves in coordinates,
/// separated by spaces, the solutions by `; ` (`d5h5 a7a8q; d5h5 a7a8r`).
pub fn solutions_cell(r: &crate::solve::SolveReport) -> String {
    let each: Vec<String> = r.solutions.iter().map(Line::to_string).collect();
    each.join("; ")
}

/// The tries' lines of an analysis ([`crate::solve::SolveReport::tries`]) numbered from its
/// position (`1.Af1 Ra2#`), in the notation the analysis was written in.
pub fn try_lines(a: &crate::solve::Analysis) -> Vec<String> {
    (a.written.tries.iter())
        .map(|t| super::text::numbered_refutation(t, &a.fen))
        .collect()
}

/// The words of the extras an analysis left out (`least_win try_lines`).
pub fn extras_words(a: &crate::solve::Analysis) -> Vec<&'static str> {
    a.extras_left_out.iter().map(|e| e.word()).collect()
}

/// Why a CSV could not be written.
#[derive(Debug, thiserror::Error)]
pub enum CsvWriteError {
    /// A record the CSV writer refused.
    #[error("CSV: {0}")]
    Csv(#[from] csv::Error),
    /// The bytes could not be flushed into the buffer.
    #[error("CSV: {0}")]
    Io(#[from] std::io::Error),
    /// The output refused them.
    #[error(transparent)]
    Output(#[from] crate::files::OutputError),
}

/// Writes CSV to an output checked before the work (see [`crate::files::target`]): a
/// regular file atomically, `-` to standard output, its byte-order mark and cells as
/// `cells` asks.
pub fn write_csv(
    out: &crate::files::Output,
    header: &[&str],
    records: &[Vec<String>],
    cells: super::cells::Cells,
) -> Result<(), CsvWriteError> {
    let mut buf = Vec::new();
    if cells.bom {
        buf.extend_from_slice("\u{feff}".as_bytes());
    }
    {
        let mut w = csv::Writer::from_writer(&mut buf);
        w.write_record(header)?;
        for r in records {
            super::cells::write_record(&mut w, r, cells)?;
        }
        w.flush()?;
    }
    Ok(out.write_all(&buf)?)
}
