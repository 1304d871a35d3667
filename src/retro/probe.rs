//! A position probed in the tables: its value for the side to move, the plies to the end,
//! a line of best play (a drawn line only started: it goes on for ever) and how the line
//! ends, as values for a writer to put in its own words.

use super::{Tables, TbError, Value};
use crate::board::bits::Bits;
use crate::board::outcome::Outcome;
use crate::board::piece::Color;
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

/// A line from `pos` written in coordinates, and with move numbers as one text
/// (`1. a1b1 c3c2 2. b1c1`, a line Black starts begins `1... `).
pub fn written_line<B: Bits>(pos: &Position<B>, line: &[Move]) -> (Vec<String>, String) {
    let mut p = pos.clone();
    let mut words = vec![];
    let mut coords = vec![];
    let mut moveno = 1;
    for (i, m) in line.iter().enumerate() {
        let w = p.side == Color::White;
        let text = crate::notation::coord(&p, m);
        coords.push(text.clone());
        if w {
            words.push(format!("{moveno}. {text}"));
        } else if i == 0 {
            words.push(format!("{moveno}... {text}"));
        } else {
            words.push(text);
        }
        if !w {
            moveno += 1;
        }
        p.make(*m);
    }
    (coords, words.join(" "))
}
