//! CSV cells made safe to open in a spreadsheet (every CSV mansuba writes goes through
//! [`write_record`]). A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as
//! a formula, and one that starts with a tab or a carriage return may be read so after
//! the blank is dropped; an id, a source, a title, a Popeye author or an EPD comment can
//! start so. Following OWASP's advice on CSV injection, such a cell is written with a
//! `'` before it, which spreadsheets take as "text follows" and do not show.
//!
//! One exception: a cell that is a plain decimal number (`-1`, `+3`, `-0.25`: a sign,
//! digits, at most one `.` between digits) is left as it is. A spreadsheet reads it as
//! that number, not as a formula (nothing in it can refer to a cell or call anything),
//! and a `'` would turn the number into text. Nor is a lone `-` (standard input's name in
//! the `file` column, a placeholder): nothing follows it to compute. `--raw-csv` writes
//! every cell as it is.

use std::borrow::Cow;

/// How a CSV's cells are written, as its writer's caller asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cells {
    /// Start the file with the UTF-8 byte-order mark spreadsheets need to read it as UTF-8.
    pub bom: bool,
    /// Write every cell as it is (`--raw-csv`), none neutralised.
    pub raw: bool,
}

/// True when a spreadsheet could read `cell` as a formula.
fn dangerous(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && !plain_number(cell) && cell != "-"
}

/// A sign, digits, and at most one `.` with digits on both sides.
fn plain_number(cell: &str) -> bool {
    let body = cell.strip_prefix(['+', '-']).unwrap_or(cell);
    let mut parts = body.splitn(2, '.');
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    parts.next().is_some_and(digits) && parts.next().is_none_or(digits)
}

/// The cell as it is written: with a `'` before it when a spreadsheet could read it as a
/// formula (see the module comment).
pub fn neutral(cell: &str) -> Cow<'_, str> {
    if dangerous(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// Writes one record, each cell through [`neutral`] unless `cells` asks for them raw.
pub fn write_record<W: std::io::Write>(
    w: &mut csv::Writer<W>,
    record: &[String],
    cells: Cells,
) -> csv::Result<()> {
    if cells.raw {
        return w.write_record(record);
    }
    let cells: Vec<Cow<str>> = record.iter().map(|c| neutral(c)).collect();
    w.write_record(cells.iter().map(|c| c.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_get_a_quote_and_numbers_do_not() {
        for (cell, want) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+1+2", "'+1+2"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("-", "-"),
            ("--", "'--"),
            ("-1.", "'-1."),
            ("-1e5", "'-1e5"),
            ("-1", "-1"),
            ("+3", "+3"),
            ("-0.25", "-0.25"),
            ("12", "12"),
            ("e2e4", "e2e4"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(neutral(cell), want, "{cell:?}");
        }
    }
}
