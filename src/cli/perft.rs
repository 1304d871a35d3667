//! `mansuba perft`: counting the leaves of the legal move tree (counted and written by
//! [`crate::report::perft_asked`], printed here).

use crate::batch::threads::set_threads;
use crate::report::perft_asked::{counted, Asked};
use anyhow::Result;

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
    #[arg(long, value_parser = crate::batch::bounds::perft_depth)]
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

/// `mansuba perft`.
pub fn cmd_perft(a: PerftArgs) -> Result<i32> {
    set_threads(a.threads)?;
    let asked = Asked {
        rules: &a.rules,
        fen: a.fen.as_deref(),
        depth: a.depth,
        divide: a.divide,
        roll: a.roll.as_deref(),
    };
    print!("{}", counted(&asked, a.json)?);
    Ok(0)
}
