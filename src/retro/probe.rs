//! A position probed in the tables: its value for the side to move, the plies to the end,
//! a line of best play (a drawn line only started: it goes on for ever) and how the line
//! ends, as values for a writer to put in its own words.

use super::{Tables, TbError, Value};
use crate::board::bits::Bits;
use crate::board::outcome::Outcome;
use crate::board::position::{Move, Position};

/// How many plies of a drawn line are shown at most.
const DRAWN_LINE: usize = 12;

/// What the tables say of a position.
#[derive(Clone, Debug)]
pub struct Probe {
    /// The value for the side to move.
    pub value: Value,
    /// Plies to the end with best play.
    pub plies: u32,
    /// A line of best play from the position, at most the plies asked for.
    pub line: Vec<Move>,
    /// How the game stands at the line's end ([`Outcome::Ongoing`] when the line was cut
    /// short).
    pub end: Outcome,
}

/// Probes `pos`, with a line of best play of at most `max_line` plies.
pub fn probe<B: Bits>(
    tables: &Tables,
    pos: &Position<B>,
    max_line: usize,
) -> Result<Probe, TbError> {
    let (value, plies) = tables.probe_checked(pos)?;
    let limit = if value == Value::Draw {
        max_line.min(DRAWN_LINE)
    } else {
        max_line
    };
    let line = tables.best_line(pos, limit)?;
    let mut p = pos.clone();
    for m in &line {
        p.make(*m);
    }
    Ok(Probe {
        value,
        plies,
        line,
        end: p.outcome(),
    })
}
