//! One position under dice, answered: its chances (within a number of turns by
//! expectimax, or to the end by chance tables, built or read from a folder), the best
//! move for each throw with its chances, and a seeded simulation that checks them. The
//! command line only reads the request from its arguments and prints the [`Answer`].

use super::estimate::Estimate;
use super::table::{ChanceTables, Options, Progress, Stops, TableFigures};
use super::turn::start;
use super::{Choice, Dice, DiceError, Expectimax, Objective, Roll, Simulated, Start, Stop};
use super::{Throw, TooBig, Wl, TOLERANCE};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::position::Position;
use crate::board::rules::Rules;
use crate::retro::{material_of, Material, TbError};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

/// The most turns a horizon may have.
pub const MAX_TURNS: u32 = 60;

/// Plies after which a simulated game without a horizon is counted as a draw.
const UNENDING: u32 = 5000;

/// What is asked about a position.
#[derive(Clone, Copy)]
pub struct Request<'a> {
    /// Turns each side plays (1 to [`MAX_TURNS`]) within which the game must be decided;
    /// None: to the end of the game, by chance tables.
    pub turns: Option<u32>,
    /// Without `turns`: read the chance tables from this folder instead of building them.
    pub tables: Option<&'a Path>,
    /// What the players want (to the end of the game, only the best score).
    pub objective: Objective,
    /// The most positions the horizon search evaluates.
    pub max_nodes: u64,
    /// A deadline and a cancel flag, for the search, the table build and the simulation.
    pub stops: &'a Stops,
    /// Also play games with the computed choices and seeded throws.
    pub simulate: Option<Simulation>,
    /// Told how a table build goes.
    pub watch: &'a dyn Watch,
}

/// Games to play, and the seed of their throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simulation {
    /// Games asked for.
    pub games: u64,
    /// Seed of the throws.
    pub seed: u64,
}

/// What a chance table build tells as it goes (`()` tells nothing).
pub trait Watch {
    /// The estimate of the tables of `material`, before it is checked against the budget.
    fn estimate(&self, material: &str, estimate: &Estimate);
    /// A table starts, or a sweep is done.
    fn progress(&self, p: Progress);
    /// The build is over (done or not).
    fn finish(&self);
}

impl Watch for () {
    fn estimate(&self, _: &str, _: &Estimate) {}
    fn progress(&self, _: Progress) {}
    fn finish(&self) {}
}

/// The chances of a position, how they were found, the best move for each throw, and
/// the simulation if one was asked for.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The chances of the side to move.
    pub chances: Wl,
    /// How they were found.
    pub how: How,
    /// The best choice for each throw, in the order of the die's rolls (empty when the
    /// game is decided before any throw).
    pub best: Vec<BestMove>,
    /// The games played, if asked for.
    pub simulated: Option<Simulated>,
    /// Seconds to the chances and the best moves (the table build included, the
    /// simulation not).
    pub seconds: f64,
}

/// How the chances were found.
#[derive(Clone, Debug)]
pub enum How {
    /// By expectimax within a number of turns each.
    Horizon {
        /// Turns each side plays.
        turns: u32,
        /// Plies: twice the turns.
        plies: u32,
        /// Positions evaluated (the simulation's included).
        nodes: u64,
    },
    /// By chance tables, to the end of the game.
    Tables {
        /// How each table was built, smallest first.
        figures: Vec<TableFigures>,
        /// The certified error of the position's score (win − loss): its table's error
        /// bound.
        error_bound: Option<f64>,
    },
}

/// The best choice under one throw.
#[derive(Clone, Debug)]
pub struct BestMove {
    /// The throw.
    pub roll: Roll,
    /// The chance of this throw.
    pub chance: f64,
    /// How many legal moves the throw allows.
    pub moves: usize,
    /// The choice.
    pub choice: Choice,
    /// Its chances for the side to move.
    pub chances: Wl,
}

/// Why a position could not be answered.
#[derive(Debug, Error)]
pub enum AnswerError {
    /// Rules without a die (their name).
    #[error("rules '{0}' are played without dice: use shatranj-dice, alfonso-dice, grant-acedrex-dice, or a rules file with a [dice] table")]
    NoDice(String),
    /// A horizon outside 1 to [`MAX_TURNS`].
    #[error("--turns: expected 1 to {MAX_TURNS}, got {0}")]
    Turns(u32),
    /// A horizon search stopped at a limit.
    #[error("{}", stopped(.0))]
    Search(TooBig),
    /// To the end of the game only the best score can be asked for.
    #[error("--objective win needs --turns (to the end of the game, a draw is not a loss)")]
    WinToTheEnd,
    /// A position whose material no chance table holds.
    #[error("without --turns the chances come from tables, which cannot hold this position: {0}")]
    NoTable(#[source] TbError),
    /// The table build stopped (deadline, cancel).
    #[error("without --turns: {0} while building the chance tables")]
    BuildStopped(#[source] DiceError),
    /// The table build failed (too large, ...).
    #[error("without --turns: {0}; give --turns N")]
    Build(#[source] DiceError),
    /// The tables could not be read or do not hold a position they should.
    #[error(transparent)]
    Tables(#[from] DiceError),
}

/// What a search stopped at, and what to do about it.
fn stopped(t: &TooBig) -> String {
    match &t.why {
        Stop::Nodes => format!(
            "more than {} positions searched: ask for fewer --turns (or raise --max-nodes)",
            t.nodes - 1
        ),
        Stop::Memory(m) => format!("{m} after {} positions: ask for fewer --turns", t.nodes),
        Stop::Cancelled => format!("interrupted after {} positions", t.nodes),
        Stop::Time => format!("time limit reached after {} positions", t.nodes),
    }
}

/// The die of `rules`, or an error saying how to get dice.
pub fn dice_of(rules: &Rules) -> Result<Dice, AnswerError> {
    rules
        .dice
        .clone()
        .ok_or_else(|| AnswerError::NoDice(rules.name.clone()))
}

/// `turns` if it is a horizon that may be searched.
pub fn check_turns(turns: Option<u32>) -> Result<Option<u32>, AnswerError> {
    match turns {
        Some(t) if t == 0 || t > MAX_TURNS => Err(AnswerError::Turns(t)),
        _ => Ok(turns),
    }
}

/// Builds the chance tables of `mat` and of what it leads to, to [`TOLERANCE`]: the
/// estimate told first (and the set refused with it when over the budget), then the
/// progress of each table.
pub fn build_tables<B: Bits>(
    eng: &Arc<Engine<B>>,
    dice: &Dice,
    mat: &Material,
    stops: &Stops,
    watch: &dyn Watch,
) -> Result<ChanceTables, DiceError> {
    let est = Estimate::of(eng, mat, None, stops.budget);
    watch.estimate(&mat.name(&eng.rules), &est);
    est.check()?;
    let opt = Options {
        tolerance: TOLERANCE,
        stops: stops.clone(),
        ..Default::default()
    };
    let t = ChanceTables::build_with(eng, dice, mat, &opt, &|p| watch.progress(p));
    watch.finish();
    t
}

/// The two ways to the chances: a search within a horizon, or tables to the end.
enum Analysis {
    Horizon(Expectimax, u32),
    Tables(ChanceTables),
}

impl Analysis {
    /// How the position was answered, once done.
    fn how<B: Bits>(self, pos: &Position<B>) -> How {
        match self {
            Analysis::Horizon(ex, plies) => How::Horizon {
                turns: plies / 2,
                plies,
                nodes: ex.nodes,
            },
            Analysis::Tables(t) => How::Tables {
                error_bound: material_of(pos)
                    .ok()
                    .and_then(|m| t.table(&m).map(|t| t.figures.error_bound)),
                figures: t.figures().into_iter().cloned().collect(),
            },
        }
    }

    fn value<B: Bits>(&mut self, pos: &mut Position<B>) -> Result<Wl, AnswerError> {
        match self {
            Analysis::Horizon(ex, plies) => ex.value(pos, *plies).map_err(AnswerError::Search),
            Analysis::Tables(t) => Ok(t.value(pos)?),
        }
    }

    fn choose<B: Bits>(
        &mut self,
        pos: &mut Position<B>,
        throw: &Throw,
    ) -> Result<(Choice, Wl), AnswerError> {
        match self {
            Analysis::Horizon(ex, plies) => {
                ex.choose(pos, *plies, throw).map_err(AnswerError::Search)
            }
            Analysis::Tables(t) => Ok(t.choose(pos, throw)?),
        }
    }

    /// The games; the search stops them at its own deadline and cancel flag, the tables
    /// at `stops`.
    fn simulate<B: Bits>(
        &mut self,
        pos: &Position<B>,
        s: Simulation,
        stops: &Stops,
    ) -> Result<Simulated, AnswerError> {
        match self {
            Analysis::Horizon(ex, plies) => ex
                .simulate(pos, *plies, s.games, s.seed)
                .map_err(AnswerError::Search),
            Analysis::Tables(t) => {
                let stop = || stops.check().is_err();
                Ok(t.simulate_until(pos, UNENDING, s.games, s.seed, &stop)?)
            }
        }
    }
}

/// How the chances are found: a horizon search with `turns`, chance tables without.
fn analysis<B: Bits>(
    req: &Request,
    dice: &Dice,
    pos: &Position<B>,
) -> Result<Analysis, AnswerError> {
    if let Some(turns) = req.turns {
        let ex = Expectimax::new(dice, &pos.eng.rules, req.objective, req.max_nodes)
            .with_stops(req.stops);
        return Ok(Analysis::Horizon(ex, 2 * turns));
    }
    if req.objective != Objective::Score {
        return Err(AnswerError::WinToTheEnd);
    }
    let mat = material_of(pos).map_err(AnswerError::NoTable)?;
    let tables = match req.tables {
        Some(dir) => ChanceTables::load(&pos.eng, dice, (&mat, dir), req.stops.budget)?,
        None => build_tables(&pos.eng, dice, &mat, req.stops, req.watch).map_err(|e| {
            if e.is_stop() {
                AnswerError::BuildStopped(e)
            } else {
                AnswerError::Build(e)
            }
        })?,
    };
    Ok(Analysis::Tables(tables))
}

/// The best choice for each throw, with its chances.
fn best_per_throw<B: Bits>(
    an: &mut Analysis,
    pos: &mut Position<B>,
    dice: &Dice,
) -> Result<Vec<BestMove>, AnswerError> {
    let rolls = dice.rolls(&pos.eng.rules.pieces);
    let Start::Throws(throws) = start(pos, &rolls, dice.no_move) else {
        return Ok(vec![]);
    };
    let mut best = Vec::with_capacity(throws.len());
    for t in &throws {
        let (choice, chances) = an.choose(pos, &t.throw)?;
        let moves = match &t.throw {
            Throw::Moves(ms) => ms.len(),
            _ => 0,
        };
        best.push(BestMove {
            roll: rolls[t.roll].clone(),
            chance: t.prob,
            moves,
            choice,
            chances,
        });
    }
    Ok(best)
}

/// Answers `pos` under its rules' dice as `req` asks.
pub fn answer<B: Bits>(pos: &Position<B>, req: &Request) -> Result<Answer, AnswerError> {
    let t0 = Instant::now();
    let mut pos = pos.clone();
    let dice = dice_of(&pos.eng.rules)?;
    check_turns(req.turns)?;
    let mut an = analysis(req, &dice, &pos)?;
    let chances = an.value(&mut pos)?;
    let best = best_per_throw(&mut an, &mut pos, &dice)?;
    let seconds = t0.elapsed().as_secs_f64();
    let simulated = match req.simulate {
        Some(s) => Some(an.simulate(&pos, s, req.stops)?),
        None => None,
    };
    Ok(Answer {
        chances,
        how: an.how(&pos),
        best,
        simulated,
        seconds,
    })
}
