//! A perft as the command line asks it (the rules by name, a FEN or the starting array,
//! a depth, the count under each root move, a throw under dice rules) counted and
//! written as text or one JSON object ([`super::perft`]).

use super::perft::{self as out, Counted};
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::{FenError, Position};
use crate::board::rules::{Rules, RulesError};
use crate::dice::perft::{perft_by_roll, RollPerftError};
use crate::notation::coord;
use crate::with_engine;

/// A perft, as asked.
pub struct Asked<'a> {
    /// A preset or a rules file.
    pub rules: &'a str,
    /// The position (None: the rules' starting array).
    pub fen: Option<&'a str>,
    /// Depth in plies.
    pub depth: u32,
    /// The count under each root move.
    pub divide: bool,
    /// Dice rules only: the throw the first ply moves under, or `all`.
    pub roll: Option<&'a str>,
}

/// Why a perft was not counted.
#[derive(Debug, thiserror::Error)]
pub enum PerftAskError {
    /// The rules cannot be read or do not compile.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The FEN does not read under the rules.
    #[error("bad --fen '{fen}'")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Why.
        source: FenError,
    },
    /// The rules' starting array does not read.
    #[error("the preset's starting array")]
    Start(#[source] FenError),
    /// A throw asked of rules without dice.
    #[error("--roll: {0}")]
    NoDice(RollPerftError),
    /// A throw asked at depth 0.
    #[error("--roll needs --depth 1 or more")]
    NoPly,
    /// The throw does not read.
    #[error(transparent)]
    Roll(RollPerftError),
}

/// The count, written as text or (`json`) as one JSON object, every line ended.
pub fn counted(a: &Asked, json: bool) -> Result<String, PerftAskError> {
    let any = AnyEngine::new(Rules::resolve(a.rules, None)?)?;
    with_engine!(&any, e => {
        let pos = match a.fen {
            Some(f) => Position::from_fen(e.clone(), f).map_err(|source| PerftAskError::Fen {
                fen: f.to_string(),
                source,
            })?,
            None => Position::start(e.clone()).map_err(PerftAskError::Start)?,
        };
        if let Some(roll) = a.roll {
            return by_roll(&pos, a, roll, json);
        }
        let t = std::time::Instant::now();
        let (nodes, rows) = if a.divide {
            crate::board::perft::divide_named(&pos, a.depth, |m| coord(&pos, m))
        } else {
            (crate::board::perft::perft_parallel(&pos, a.depth), vec![])
        };
        let c = Counted {
            rules: &any.rules().name,
            fen: pos.to_fen(),
            depth: a.depth,
            nodes,
            millis: t.elapsed().as_millis() as u64,
            divide: a.divide.then_some(&rows[..]),
        };
        Ok(if json { format!("{}\n", out::json(&c)) } else { out::text(&c) })
    })
}

/// `--roll`: the count whose first ply moves only men the throw names.
fn by_roll<B: Bits>(
    pos: &Position<B>,
    a: &Asked,
    roll: &str,
    json: bool,
) -> Result<String, PerftAskError> {
    let counts = match perft_by_roll(pos, a.depth, roll) {
        Err(e @ RollPerftError::NoDice(_)) => return Err(PerftAskError::NoDice(e)),
        Err(RollPerftError::NoPly) => return Err(PerftAskError::NoPly),
        Err(e) => return Err(PerftAskError::Roll(e)),
        Ok(c) => c,
    };
    Ok(if json {
        let fen = pos.to_fen();
        format!(
            "{}\n",
            out::by_roll_json(&pos.eng.rules.name, &fen, a.depth, &counts)
        )
    } else {
        out::by_roll_text(&counts, a.depth, a.divide)
    })
}
