//! `mansuba dice`: the command line reads the question from its arguments, the library
//! answers it (`dice::answer`: the chances within N turns by expectimax, or to the end
//! by chance tables, the best move for each throw, and a seeded simulation that checks
//! them) and writes the answer (`report::dice_asked`), which is printed here.

use crate::dice::table::Stops;
use crate::dice::{Simulation, TOLERANCE};
use crate::report::dice_asked::{answered, cut_short, Asked};
use anyhow::Result;

/// Arguments of `dice`.
#[derive(clap::Args, Debug)]
pub struct DiceArgs {
    /// The position (FEN in the rules' letters).
    pub fen: String,
    /// A dice preset (shatranj-dice, alfonso-dice, grant-acedrex-dice) or a rules file
    /// with a `dice` table.
    #[arg(long, default_value = "shatranj-dice")]
    pub rules: String,
    /// Turns each side plays (the side to move first) within which the game must be
    /// decided; what is not decided by then counts as a draw. Without it, the game is
    /// played to its end, by chance tables (few men only). At most 60.
    #[arg(long, value_name = "1..=60")]
    pub turns: Option<u32>,
    /// What the players want: `score` (both play for win 1, draw 1/2, loss 0) or `win`
    /// (the side to move plays to win, the other side to stop it, as in a problem).
    #[arg(long, default_value = "score")]
    pub objective: String,
    /// Also play this many games (at least 1) with the computed choices and random throws.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub simulate: Option<u64>,
    /// Seed of the simulation's throws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many positions evaluated.
    #[arg(long, default_value_t = 20_000_000)]
    pub max_nodes: u64,
    /// Wall-clock limit in seconds (0: none): the search or the table build stops there
    /// with an error saying so (exit 2), as at Ctrl-C; a simulation stops there with the
    /// games played. At most 10000000.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = crate::batch::bounds::seconds)]
    pub timeout: f64,
    /// Without --turns: read the chance tables from this directory (`mansuba tablebase
    /// build --rules R MATERIAL --dir DIR` writes them) instead of building them.
    #[arg(long)]
    pub tables: Option<std::path::PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `mansuba dice`.
pub fn cmd_dice(a: DiceArgs) -> Result<i32> {
    let stops = Stops::after(
        crate::batch::bounds::duration(a.timeout),
        Some(super::interrupt::cancel_flag()),
        super::budget(),
    );
    let watch = super::progress::dice_watch(TOLERANCE);
    let asked = Asked {
        rules: &a.rules,
        fen: &a.fen,
        objective: &a.objective,
        turns: a.turns,
        tables: a.tables.as_deref(),
        max_nodes: a.max_nodes,
        simulate: a.simulate.map(|games| Simulation {
            games,
            seed: a.seed,
        }),
        stops: &stops,
        watch: watch.as_ref(),
    };
    let (found, text) = answered(&asked, a.json)?;
    // A simulation cut short: interrupted, or 0 at the time limit.
    let interrupted = super::interrupt::interrupted();
    let cut = cut_short(&found, interrupted);
    if let Some(line) = &cut {
        eprintln!("{line}");
    }
    print!("{text}");
    Ok(match cut.is_some() && interrupted {
        true => super::interrupt::INTERRUPTED,
        false => 0,
    })
}
