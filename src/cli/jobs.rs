//! The search options of `solve`, `verify` and `export` as the command line reads them,
//! turned into the library's [`Settings`] and [`Run`] (which check them, set the pool and
//! make the solver's limits); the jobs themselves are the library's [`crate::verify`].

use crate::verify::run::Run;
use crate::verify::settings::Settings;
use std::path::PathBuf;

/// Search limits and shared options of `solve`, `verify` and `export`.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// Wall-clock limit per problem, in seconds (0: none). A problem that hits it gets
    /// the verdict `unknown`. At most 10000000.
    #[arg(long, default_value_t = 15.0, value_name = "SECONDS", value_parser = crate::batch::bounds::seconds)]
    pub timeout: f64,
    /// Node limit per problem.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Run every problem under this rule preset (or rules file) instead of its own.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Directory of retrograde tables (`mansuba tablebase build`): `win N` problems whose
    /// material a table covers are proven at any length, with the exact distance.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Do not build small tables on the fly: without --tables, a `win N` ending of at
    /// most four men gets its table built (seconds) and kept in the user's cache
    /// ($XDG_CACHE_HOME/mansuba, else ~/.cache/mansuba), and one of five or six men the
    /// tables of the four-man endings its captures reach (within a quarter of the time
    /// limit).
    #[arg(long)]
    pub no_auto_tables: bool,
    /// Search method: `auto` (deepening for short remainders, proof numbers from nine moves
    /// left), `deepening`, `pn` (depth-first proof numbers) or `positions` (each first move
    /// first by proof numbers over positions, then as auto; experimental, see
    /// benches/NOTES.md). Every method is exact: the verdicts are the same, only the time
    /// differs.
    #[arg(long, default_value = "auto", value_name = "METHOD")]
    pub method: crate::solve::Method,
    /// The notation every printed line is written in (and the moves the claim's remarks
    /// name): san, lan, coord, murray (Murray's A History of Chess: `Kt-f5`, `R×h8`, `m.`
    /// for mate) or descriptive (8x8 boards; it keeps the old English Q and B for ferz and
    /// alfil). The CSV's and JSON's coordinate columns (`keys`) stay in coordinates.
    #[arg(long, default_value = "san", value_name = "NAME", value_parser = crate::notation::Notation::for_writing)]
    pub notation: crate::notation::Notation,
    /// The men's letters in SAN, long algebraic, Murray's notation and the diagrams:
    /// `historical` (the default: F for the ferz and A for the alfil, as the manuscripts
    /// and Murray write them) or `modern` (the rules' FEN letters: shatranj's ferz Q and
    /// alfil B, as Fairy-Stockfish reads them). Other men keep the rules' letters (courier
    /// B, sage M, fool W; Grant Acedrex A, U, Z, L, C). FEN and coordinates never change.
    #[arg(long, default_value = "historical", value_name = "CHOICE")]
    pub letters: crate::notation::Letters,
    /// On a problem without a key: most defences counted against each try to pick the
    /// strongest one (held by the fewest) and show what refutes it. Two tell a try
    /// refuted by a single defence from the rest, as Popeye's `Option Try` does; more
    /// list more of each refutation and take longer. Every try (every first move that
    /// fails, of any problem) also gets the defence that refutes it, and without a key
    /// the line on, within the extras' share (--extras; `try_lines` in CSV and JSON). 0 counts none
    /// and prints the verdict without a refutation or tries' lines.
    #[arg(long, default_value_t = crate::solve::DEFAULT_REFUTATIONS as u16, value_name = "N",
          value_parser = crate::verify::settings::parse_refutations)]
    pub refutations: u16,
    /// For an unsound `#N` or `win N`: the same position is tried in N+1, N+2, ... up to
    /// this many more moves, within the extras' share (--extras), to fill the `least_win`
    /// column (the least number of moves that does win). 0 tries none.
    #[arg(long, default_value_t = crate::verify::least::LONGER_BY, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=50))]
    pub least_win: u32,
    /// What the extras after the verdict (the refutation: the count that picks the
    /// strongest try and its line; the tries' lines; the second look under continual
    /// check; the least win) may cost, as a share of the verdict's own nodes: 0.0625, the
    /// default, keeps a row within a quarter more time than its verdict alone (the
    /// extras' nodes come dearer); 0 gives the verdict alone; up to 100. What the share
    /// leaves out is named in the row (`extras_left_out`). Never past --timeout.
    #[arg(long, default_value_t = crate::solve::DEFAULT_EXTRAS, value_name = "SHARE",
          value_parser = crate::verify::settings::parse_extras)]
    pub extras: f64,
}

impl RunArgs {
    /// How lines are written: `--notation` and `--letters`.
    pub fn style(&self) -> crate::notation::Style {
        crate::notation::Style {
            notation: self.notation,
            letters: self.letters,
        }
    }

    /// The flags as the library's settings.
    pub fn settings(&self) -> Settings {
        Settings {
            timeout: self.timeout,
            max_nodes: self.max_nodes,
            rules: self.rules.clone(),
            tables: self.tables.clone(),
            no_auto_tables: self.no_auto_tables,
            method: self.method,
            refutations: self.refutations,
            least_win: self.least_win,
            extras: self.extras,
            style: self.style(),
        }
    }

    /// The run the flags ask for: Ctrl-C its cancel flag, its notes and warnings on
    /// standard error.
    pub(super) fn run(&self) -> Run<'static> {
        Run {
            settings: self.settings(),
            threads: self.threads,
            rules_dirs: super::rules_dirs(),
            cancel: Some(crate::cli::interrupt::cancel_flag()),
            say: &super::say,
        }
    }
}
