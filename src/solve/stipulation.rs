//! The task: a goal within (or on) move N, and why a task or condition was rejected.

use crate::board::position::FenError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// What the side to move must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Checkmate.
    Mate,
    /// Any win the rules allow: checkmate, bare king, stalemate where it wins.
    Win,
    /// The mansubat's other task, "plays and draws": the side to move avoids losing
    /// (a draw or a win under the rules both meet it). It has no length: `moves` is 0.
    Draw,
}

/// A stipulation: goal within (or, if exact, on) move N of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stipulation {
    /// The goal.
    pub goal: Goal,
    /// Number of the attacker's moves.
    pub moves: u32,
    /// The goal on move N exactly, not earlier.
    pub exact: bool,
    /// A stipulation of the other families (help, series, self, reflex play, the
    /// stalemate goals: `h#2`, `ser-=3`, `s#4`, `=2`), with the meaning Popeye gives it;
    /// `None` for `#N`, `win N` and `draw`. `goal`, `moves` and `exact` then say its goal as
    /// near as they can (mate, N, `exact-`).
    #[serde(default)]
    pub play: Option<super::play::Play>,
}

/// Why a stipulation or condition was rejected.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// A stipulation that does not read (the text).
    #[error("bad stipulation '{0}': expected '#N' (mate in N), 'win N', N from 1 to 200, 'draw', or one of Popeye's (h#N, h#N.5, h=N, hs#N, hs#N.5, hr#N, s#N, s=N, r#N, semi-r#N, ser-#N, ser-=N, ser-h#N, ser-s#N, =N, each with #, = or #=, exact- before it and half-duplex after it)")]
    Stipulation(String),
    /// A Popeye stipulation that does not read, and why.
    #[error("bad stipulation: {0}")]
    Play(#[from] super::play::PlayError),
    /// Conditions given with a stipulation that does not take them (yet): with the help,
    /// self, reflex and series families the marks of a mate with a mate goal and the
    /// conditions that bar moves are read, not `mate_by` a man.
    #[error("{conditions} not analysed with the stipulation {stipulation} yet: every condition is read with #N and win N; with the help, self, reflex and series families attacker_no_capture, checks, defender and immobile, and with their mate goals mate_by a piece letter, mate_on and mate_from; none with half-duplex")]
    PlayConditions {
        /// The stipulation.
        stipulation: String,
        /// The problem's conditions that are not taken, by their keys.
        conditions: String,
    },
    /// A `mate_by` that is neither a piece letter of the rules nor a square holding a
    /// man of the side to move (as written).
    #[error("bad mate_by '{0}': expected a piece letter of these rules or a square holding an attacking man")]
    MateBy(String),
    /// A `mate_on` entry that is no square of the board nor a named set (as written).
    #[error(
        "bad mate_on square '{0}': expected a square of the board or a named set (centre, corners)"
    )]
    MateOn(String),
    /// A `mate_from` entry that is no square of the board nor a named set (as written).
    #[error(
        "bad mate_from square '{0}': expected a square of the board or a named set (centre, corners)"
    )]
    MateFrom(String),
    /// An `immobile` entry that is no square, or an empty one (as written).
    #[error("bad immobile square '{0}': expected a square holding a man")]
    Immobile(String),
    /// The position does not read.
    #[error("bad position: {0}")]
    Fen(#[from] FenError),
    /// A problem that cannot be put to the dice analysis, and why.
    #[error("dice: {0}")]
    Dice(DiceRefusal),
}

/// Why a problem cannot be put to the dice analysis.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DiceRefusal {
    /// The rules are played without dice.
    #[error("these rules have no dice")]
    NoDice,
    /// A mate stipulation under dice.
    #[error(
        "'{0}': with dice there is no forced mate; write 'win N' (the chance of winning within N turns each)"
    )]
    MateStipulation(String),
    /// The `draw` stipulation under dice.
    #[error(
        "'draw': with dice no side can force a draw, the throws decide; write 'win N' (the chance of winning within N turns each)"
    )]
    DrawStipulation,
    /// Conditions (mate_by, mate_on, ...) under dice.
    #[error("conditions (mate_by, mate_on, ...) are not analysed under dice")]
    Conditions,
}

impl FromStr for Stipulation {
    type Err = SolveError;
    fn from_str(s: &str) -> Result<Self, SolveError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || SolveError::Stipulation(s.to_string());
        if t == "draw" {
            return Ok(Stipulation::draw());
        }
        // `#3 exact`, as a stipulation with `exact = true` is written in the reports.
        if let Some(head) = t.strip_suffix(" exact").filter(|h| !h.contains("exact")) {
            let st: Stipulation = head.parse()?;
            if st.goal == Goal::Draw {
                return Err(bad());
            }
            return Ok(st.exactly());
        }
        if t.ends_with(" half-duplex") {
            return Self::of_play(t.parse()?);
        }
        let (goal, rest) = if let Some(r) = t.strip_prefix('#').filter(|r| !r.starts_with('=')) {
            (Goal::Mate, r)
        } else if let Some(r) = t.strip_prefix("mate") {
            (Goal::Mate, r)
        } else if let Some(r) = t.strip_prefix("win") {
            (Goal::Win, r)
        } else if t.contains(['#', '=']) {
            return Self::of_play(t.parse()?);
        } else {
            return Err(bad());
        };
        let n: u32 = rest.trim().parse().map_err(|_| bad())?;
        if n == 0 || n > 200 {
            return Err(bad());
        }
        Ok(Stipulation {
            goal,
            moves: n,
            exact: false,
            play: None,
        })
    }
}

impl Stipulation {
    /// A stipulation in Popeye's words: `#N` and `exact-#N` as the mate search has them,
    /// every other family as its play.
    fn of_play(play: super::play::Play) -> Result<Self, SolveError> {
        use super::play::{Aim, Family};
        let direct_mate = play.family == Family::Direct && play.aim == Aim::Mate;
        Ok(Stipulation {
            goal: Goal::Mate,
            moves: play.moves,
            exact: play.exact,
            play: (!direct_mate).then_some(play),
        })
    }
}

impl Stipulation {
    /// `draw`: the side to move avoids losing.
    pub fn draw() -> Stipulation {
        Stipulation {
            goal: Goal::Draw,
            moves: 0,
            exact: false,
            play: None,
        }
    }

    /// The same task in `moves` moves (a play family's length with it).
    pub fn with_moves(&self, moves: u32) -> Stipulation {
        Stipulation {
            moves,
            play: self.play.map(|p| super::play::Play { moves, ..p }),
            ..*self
        }
    }

    /// The same task on move N exactly (`exact = true`, or `exact-` for a play family).
    pub fn exactly(self) -> Stipulation {
        Stipulation {
            exact: true,
            play: self.play.map(|p| super::play::Play { exact: true, ..p }),
            ..self
        }
    }

    /// The goal as a word in a sentence: "mate", "win" or "draw".
    pub fn goal_word(&self) -> &'static str {
        match self.goal {
            Goal::Mate => "mate",
            Goal::Win => "win",
            Goal::Draw => "draw",
        }
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.play {
            return write!(f, "{p}");
        }
        match self.goal {
            Goal::Mate => write!(f, "#{}", self.moves)?,
            Goal::Win => write!(f, "win {}", self.moves)?,
            Goal::Draw => write!(f, "draw")?,
        }
        if self.exact {
            write!(f, " exact")?;
        }
        Ok(())
    }
}
