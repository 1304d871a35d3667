//! A `dice` question as the command line words it (the rules by name, a FEN, the
//! objective's word) answered by the library ([`crate::dice::answer()`]) and written as
//! text or as one JSON object ([`super::dice`]); a simulation cut short says why
//! ([`cut_short`]).

use crate::board::compiled::AnyEngine;
use crate::board::position::{FenError, Position};
use crate::board::rules::RulesError;
use crate::dice::answer::check_turns;
use crate::dice::by_name::{dice_rules, DiceByNameError};
use crate::dice::table::Stops;
use crate::dice::{answer, Answer, AnswerError, Objective, Request, Simulation, Watch};
use crate::with_engine;
use std::path::Path;

/// A dice question, as asked.
pub struct Asked<'a> {
    /// A dice preset or a rules file with a `dice` table.
    pub rules: &'a str,
    /// The position, in the rules' letters.
    pub fen: &'a str,
    /// `score` or `win`.
    pub objective: &'a str,
    /// Turns each side plays within which the game must be decided (None: to its end).
    pub turns: Option<u32>,
    /// Without `turns`: the folder the chance tables are read from.
    pub tables: Option<&'a Path>,
    /// The most positions the horizon search evaluates.
    pub max_nodes: u64,
    /// Games to play with the choices found.
    pub simulate: Option<Simulation>,
    /// When to give up.
    pub stops: &'a Stops,
    /// Told how a table build goes.
    pub watch: &'a dyn Watch,
}

/// Why a dice question has no answer.
#[derive(Debug, thiserror::Error)]
pub enum AskError {
    /// The rules cannot be read or have no die.
    #[error(transparent)]
    Rules(#[from] DiceByNameError),
    /// The rules do not compile.
    #[error(transparent)]
    Engine(#[from] RulesError),
    /// The FEN does not read under the rules.
    #[error("bad FEN '{fen}' under {rules}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// The rules' name.
        rules: String,
        /// Why.
        source: FenError,
    },
    /// The objective is neither `score` nor `win`.
    #[error("--objective: expected 'score' or 'win', got '{0}'")]
    Objective(String),
    /// The question has no answer under its limits.
    #[error(transparent)]
    Answer(#[from] Box<AnswerError>),
}

/// The answer, and it written as text or (`json`) as one JSON object.
pub fn answered(a: &Asked, json: bool) -> Result<(Answer, String), AskError> {
    let (rules, dice) = dice_rules(a.rules)?;
    check_turns(a.turns).map_err(Box::new)?;
    let any = AnyEngine::new(rules.clone())?;
    with_engine!(&any, e => {
        let pos = Position::from_fen(e.clone(), a.fen).map_err(|source| AskError::Fen {
            fen: a.fen.to_string(),
            rules: rules.name.clone(),
            source,
        })?;
        let objective = match a.objective {
            "score" => Objective::Score,
            "win" => Objective::WinFor(pos.side),
            o => return Err(AskError::Objective(o.to_string())),
        };
        let req = Request {
            turns: a.turns,
            tables: a.tables,
            objective,
            max_nodes: a.max_nodes,
            stops: a.stops,
            simulate: a.simulate,
            watch: a.watch,
        };
        let found = answer(&pos, &req).map_err(Box::new)?;
        let text = if json {
            format!("{}\n", super::dice::json(&pos, &dice, objective, &found))
        } else {
            super::dice::text(&pos, &dice, objective, &found)
        };
        Ok((found, text))
    })
}

/// A simulation cut short reports the games it played: the line that says why it stopped
/// (`interrupted`, else the time limit), or none when every game asked was played.
pub fn cut_short(found: &Answer, interrupted: bool) -> Option<String> {
    let s = found.simulated.as_ref().filter(|s| s.games < s.asked)?;
    let why = match interrupted {
        true => "interrupted",
        false => "the time limit (--timeout) reached",
    };
    Some(format!(
        "simulation stopped: {why} after {} of {} games",
        s.games, s.asked
    ))
}
