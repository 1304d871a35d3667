//! The records of `export`: every proven line of a problem (the manuscript's line as the
//! check completed it, the main line, each line of the solution tree), one CSV record per
//! line. Each line is replayed on the board, so that its outcome is the board's own
//! (`mate`, `bare king`, ...) and its moves are numbered and written in the notation asked
//! for; the search's outcome text is not trusted for that.

use super::Row;
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::outcome::{DrawKind, Outcome, WinKind};
use crate::board::piece::Color;
use crate::board::position::{Move, Position};
use crate::notation::{self, Style};
use crate::with_engine;

/// The CSV columns of `export`, in order (documented in docs/exports.md, "Exporting solutions").
pub const EXPORT_COLUMNS: &[&str] = &[
    "id",
    "file",
    "rules",
    "kind",
    "variation",
    "moves",
    "plies",
    "first_side",
    "outcome",
    "winner",
    "tree_truncated",
    "claim_check",
    "fen",
    "coord",
];

/// Why a row's lines cannot be exported: a line that does not replay (a fault of the
/// solver, not of input), named with the move.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The analysis's FEN does not read.
    #[error("fen: {0}")]
    Fen(#[source] crate::board::position::FenError),
    /// A ply (counted from 1) that names no legal move.
    #[error("ply {ply} ({text}): {err}")]
    Ply {
        /// The ply, counted from 1.
        ply: usize,
        /// The move as the line writes it.
        text: String,
        /// Why it names no legal move.
        #[source]
        err: notation::NotationError,
    },
    /// A line of the analysis (its kind and number among its kind) that does not replay.
    #[error("{kind} line {variation}: {err}")]
    Line {
        /// The line's kind: `claim`, `main` or `tree`.
        kind: &'static str,
        /// Its number among the lines of its kind, counted from 1.
        variation: usize,
        /// The ply that does not replay.
        #[source]
        err: Box<ExportError>,
    },
    /// A ply (counted from 1) of a line of the search that is not legal where it is played.
    #[error("ply {ply}: {err}")]
    Played {
        /// The ply, counted from 1.
        ply: usize,
        /// The move, and where it is not legal.
        #[source]
        err: crate::solve::LineError,
    },
    /// The refutation's line does not replay.
    #[error("refutation {0}: does not replay")]
    Refutation(String),
    /// A move of the PGN tree that names no legal move.
    #[error("move {coord}: {err}")]
    Move {
        /// The move in coordinates, as the tree holds it.
        coord: String,
        /// Why it names no legal move.
        #[source]
        err: notation::NotationError,
    },
}

/// The moves of a line to export, as the analysis holds them.
enum Plies<'a> {
    /// The claim's line as the check wrote it (read back).
    Text(&'a [String]),
    /// A line of the search, its moves as values.
    Moves(&'a crate::solve::Line),
}

/// One line to export.
struct Line<'a> {
    /// `claim`, `main` or `tree`.
    kind: &'static str,
    /// 1-based number among the lines of its kind.
    variation: usize,
    plies: Plies<'a>,
    /// Which plies the manuscript left out (the claim line only).
    inserted: &'a [bool],
}

/// A row's lines replayed on its position: each line with its moves as played, and what
/// every record of the row shares. The CSV's records and the PGN game are written from it.
pub(super) struct RowLines<'a> {
    /// Each line and its replay.
    lines: Vec<(Line<'a>, Replayed)>,
    /// What every record shares.
    shared: Shared<'a>,
    /// The side to move at the start.
    first: Color,
    /// The move number at the start.
    fullmove: u32,
}

impl RowLines<'_> {
    /// Each line's kind (`claim`, `main` or `tree`), its moves in coordinates, the outcome
    /// word (as [`outcome_word`]) and the winner, if any.
    pub(super) fn each(
        &self,
    ) -> impl Iterator<Item = (&'static str, &[String], String, Option<Color>)> {
        (self.lines.iter()).map(|(l, p)| {
            let word = outcome_word(&p.outcome, p.last_to_move);
            (l.kind, &p.coord[..], word, p.outcome.winner())
        })
    }

    /// The claim check's words (letters as asked).
    pub(super) fn claim_check(&self) -> &str {
        &self.shared.claim_check
    }

    /// The side to move at the start.
    pub(super) fn first(&self) -> Color {
        self.first
    }
}

/// The export records of a row (columns as [`EXPORT_COLUMNS`]), the lines written in `n`.
/// The claim's line must be in SAN or coordinates (an analysis not rewritten). An error
/// names the line and the move that does not replay (a fault of the solver, not of input).
pub fn export_records(
    r: &Row,
    eng: &AnyEngine,
    n: impl Into<Style>,
) -> Result<Vec<Vec<String>>, ExportError> {
    let Some(lines) = row_lines(r, eng, n)? else {
        return Ok(vec![]);
    };
    Ok((lines.lines.iter())
        .map(|(l, played)| record(r, l, &lines, played))
        .collect())
}

/// A row's lines replayed, the moves written in `n` (`None` for a row not analysed).
pub(super) fn row_lines<'a>(
    r: &'a Row,
    eng: &AnyEngine,
    n: impl Into<Style>,
) -> Result<Option<RowLines<'a>>, ExportError> {
    let n: Style = n.into();
    let Some(a) = r.analysis() else {
        return Ok(None);
    };
    let rep = &a.report;
    let mut lines = vec![];
    // A claim that fails at its first move still gets its row (no moves), so that the
    // check's word and detail are exported with the problem's other lines.
    if !a.claim.filled.is_empty() || a.claim.status != crate::solve::ClaimStatus::None {
        lines.push(Line {
            kind: "claim",
            variation: 1,
            plies: Plies::Text(&a.claim.filled),
            inserted: &a.claim.inserted,
        });
    }
    if !rep.main_line.is_empty() {
        lines.push(Line {
            kind: "main",
            variation: 1,
            plies: Plies::Moves(&rep.main_line),
            inserted: &[],
        });
    }
    for (i, v) in rep.tree.iter().enumerate() {
        lines.push(Line {
            kind: "tree",
            variation: i + 1,
            plies: Plies::Moves(&v.line),
            inserted: &[],
        });
    }
    let shared = Shared {
        tree_cut: tree_cut(rep.tree_truncated, rep.tree.len()),
        claim_check: notation::relabel(eng.rules(), &a.claim.csv_text(), n.letters),
        fen: &a.fen,
    };
    with_engine!(eng, e => {
        let pos = Position::from_fen(e.clone(), &a.fen).map_err(ExportError::Fen)?;
        let mut replayed = Vec::with_capacity(lines.len());
        for l in lines {
            let played = replay(&pos, &l.plies, n).map_err(|x| ExportError::Line {
                kind: l.kind,
                variation: l.variation,
                err: Box::new(x),
            })?;
            replayed.push((l, played));
        }
        Ok(Some(RowLines {
            lines: replayed,
            shared,
            first: pos.side,
            fullmove: pos.fullmove,
        }))
    })
}

/// What every record of a row shares.
struct Shared<'a> {
    tree_cut: &'static str,
    claim_check: String,
    fen: &'a str,
}

/// The `tree_truncated` word: `no`, `max-lines` (the tree reached the cap on its lines:
/// more defences were not written) or `limit` (the time or node limit stopped it: lines
/// may end short of the goal, their outcome `open`).
fn tree_cut(truncated: bool, lines: usize) -> &'static str {
    match (truncated, lines >= crate::solve::MAX_VARIATIONS) {
        (false, _) => "no",
        (true, true) => "max-lines",
        (true, false) => "limit",
    }
}

/// A line replayed: each move in `n` and in coordinates, and the outcome after the last.
struct Replayed {
    written: Vec<String>,
    coord: Vec<String>,
    outcome: Outcome,
    /// The side to move at the end (the stalemated side, if it is a stalemate).
    last_to_move: Color,
}

/// The line's `i`-th ply (from 0) as the engine's move where `p` plays it.
fn move_at<B: Bits>(p: &Position<B>, plies: &Plies, i: usize) -> Result<Move, ExportError> {
    match plies {
        Plies::Text(t) => notation::parse_move(p, &t[i]).map_err(|err| ExportError::Ply {
            ply: i + 1,
            text: t[i].clone(),
            err,
        }),
        Plies::Moves(l) => l.0[i].find(p).ok_or(ExportError::Played {
            ply: i + 1,
            err: crate::solve::LineError::Illegal(l.0[i], i),
        }),
    }
}

fn replay<B: Bits>(pos: &Position<B>, plies: &Plies, n: Style) -> Result<Replayed, ExportError> {
    let mut p = pos.clone();
    let (mut written, mut coord) = (vec![], vec![]);
    let len = match plies {
        Plies::Text(t) => t.len(),
        Plies::Moves(l) => l.len(),
    };
    for i in 0..len {
        let m = move_at(&p, plies, i)?;
        written.push(notation::write_move(&p, &m, n));
        coord.push(notation::coord(&p, &m));
        p.make(m);
    }
    Ok(Replayed {
        written,
        coord,
        outcome: p.settled_outcome(),
        last_to_move: p.side,
    })
}

fn record(r: &Row, l: &Line, lines: &RowLines, played: &Replayed) -> Vec<String> {
    let shared = &lines.shared;
    let black_first = lines.first == Color::Black;
    // The sides by the problem's own names (green and red where it names them so).
    let side = |c: Color| match &r.problem {
        Some(p) => p.sides.lower(c).to_string(),
        None => c.name().to_lowercase(),
    };
    vec![
        r.id.clone(),
        r.file.clone(),
        r.rules.clone(),
        l.kind.into(),
        l.variation.to_string(),
        crate::solve::completed_line(&played.written, l.inserted, lines.fullmove, black_first),
        played.written.len().to_string(),
        side(lines.first),
        outcome_word(&played.outcome, played.last_to_move),
        played.outcome.winner().map(side).unwrap_or_default(),
        if l.kind == "tree" {
            shared.tree_cut.into()
        } else {
            String::new()
        },
        if l.kind == "claim" {
            shared.claim_check.clone()
        } else {
            String::new()
        },
        shared.fen.into(),
        played.coord.join(" "),
    ]
}

/// The outcome column: how the line ends on the board. `open` when play goes on.
pub(super) fn outcome_word(o: &Outcome, to_move: Color) -> String {
    match o {
        Outcome::Ongoing => "open".into(),
        Outcome::Win {
            winner,
            how,
            inferior,
        } => {
            let w = match how {
                WinKind::Checkmate => "mate",
                WinKind::BareKing => "bare king",
                // Under some rules the side stalemated wins: say which.
                WinKind::Stalemate if *winner == to_move => "stalemate loss",
                WinKind::Stalemate => "stalemate win",
            };
            if *inferior {
                format!("{w} (inferior)")
            } else {
                w.into()
            }
        }
        Outcome::Draw(DrawKind::Stalemate) => "draw (stalemate)".into(),
        Outcome::Draw(DrawKind::KingsOnly) => "draw (kings only)".into(),
        Outcome::Draw(DrawKind::NineMoves) => "draw (nine moves)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_words() {
        let mate = Outcome::Win {
            winner: Color::Black,
            how: WinKind::Checkmate,
            inferior: false,
        };
        assert_eq!(outcome_word(&mate, Color::White), "mate");
        let stale = Outcome::Win {
            winner: Color::White,
            how: WinKind::Stalemate,
            inferior: true,
        };
        assert_eq!(
            outcome_word(&stale, Color::Black),
            "stalemate win (inferior)"
        );
        assert_eq!(
            outcome_word(&stale, Color::White),
            "stalemate loss (inferior)"
        );
        assert_eq!(outcome_word(&Outcome::Ongoing, Color::White), "open");
    }
}
