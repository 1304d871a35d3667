//! `mansuba perft`: counting the leaves of the legal move tree.

use super::workers::set_threads;
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::board::rules::Rules;
use crate::dice::perft::RollPerftError;
use crate::notation::coord;
use crate::report::perft::{self as out, Counted};
use crate::with_engine;
use anyhow::{bail, Context, Result};

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Rule preset or rules file.
    #[arg(long, default_value = "shatranj")]
    pub rules: String,
    /// Position (FEN in the preset's letters); default: the preset's starting array.
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies, 0 to 64.
    #[arg(long, value_parser = super::bounds::perft_depth)]
    pub depth: u32,
    /// Print the count under each root move.
    #[arg(long)]
    pub divide: bool,
    /// Dice rules only: the first ply moves only men the throw names (`3`, `2+5`), or
    /// `all` for one count per throw (which kinds can move, and how much).
    #[arg(long)]
    pub roll: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn cmd_perft(a: PerftArgs) -> Result<i32> {
    set_threads(a.threads)?;
    let rules = Rules::resolve(&a.rules, None)?;
    let any = AnyEngine::new(rules)?;
    with_engine!(&any, e => {
        let pos = match &a.fen {
            Some(f) => Position::from_fen(e.clone(), f).with_context(|| format!("bad --fen '{f}'"))?,
            None => Position::start(e.clone()).context("the preset's starting array")?,
        };
        if let Some(roll) = &a.roll {
            return perft_by_roll(&pos, a.depth, roll, a.divide, a.json);
        }
        let t = std::time::Instant::now();
        let (nodes, rows) = if a.divide {
            crate::board::perft::divide_named(&pos, a.depth, |m| coord(&pos, m))
        } else {
            (crate::board::perft::perft_parallel(&pos, a.depth), vec![])
        };
        let counted = Counted {
            rules: &any.rules().name,
            fen: pos.to_fen(),
            depth: a.depth,
            nodes,
            millis: t.elapsed().as_millis() as u64,
            divide: a.divide.then_some(&rows[..]),
        };
        if a.json {
            println!("{}", out::json(&counted));
        } else {
            print!("{}", out::text(&counted));
        }
    });
    Ok(0)
}

/// `perft --roll`: perft whose first ply moves only men the throw names.
pub fn perft_by_roll<B: Bits>(
    pos: &Position<B>,
    depth: u32,
    roll: &str,
    divide: bool,
    as_json: bool,
) -> Result<i32> {
    let counts = match crate::dice::perft::perft_by_roll(pos, depth, roll) {
        Err(e @ RollPerftError::NoDice(_)) => bail!("--roll: {e}"),
        Err(RollPerftError::NoPly) => bail!("--roll needs --depth 1 or more"),
        r => r?,
    };
    if as_json {
        let fen = pos.to_fen();
        println!(
            "{}",
            out::by_roll_json(&pos.eng.rules.name, &fen, depth, &counts)
        );
    } else {
        print!("{}", out::by_roll_text(&counts, depth, divide));
    }
    Ok(0)
}
