//! `mansuba dice`: the chances of a position played with dice (within N turns by
//! expectimax, or to the end by chance tables), the best move for each throw, and a
//! seeded simulation that checks them.

use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::board::rules::Rules;
use crate::dice::table::ChanceTables;
use crate::dice::{Choice, Dice, DiceError, Expectimax, Objective, Simulated, Start, Throw, Wl};
use crate::notation::{coord, san};
use crate::retro::material_of;
use crate::with_engine;
use anyhow::{bail, Context, Result};
use serde_json::json;

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
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = super::bounds::seconds)]
    pub timeout: f64,
    /// Without --turns: read the chance tables from this directory (`mansuba tablebase
    /// build --rules R MATERIAL --dir DIR` writes them) instead of building them.
    #[arg(long)]
    pub tables: Option<std::path::PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The rules and their die, or an error saying how to get dice.
pub fn dice_rules(spec: &str) -> Result<(Rules, Dice)> {
    let rules = Rules::resolve(spec, None)?;
    let Some(d) = rules.dice.clone() else {
        bail!(
            "rules '{}' are played without dice: use shatranj-dice, alfonso-dice, grant-acedrex-dice, or a rules file with a [dice] table",
            rules.name
        );
    };
    Ok((rules, d))
}

/// The rules, die, engine and material a dice table is named by.
fn dice_material(
    spec: &str,
    material: &str,
) -> Result<(Rules, Dice, AnyEngine, crate::retro::Material)> {
    let (rules, dice) = dice_rules(spec)?;
    let any = AnyEngine::new(rules.clone())?;
    let mat = crate::retro::Material::parse(material, &rules)?;
    Ok((rules, dice, any, mat))
}

/// `tablebase stats` of a chance table `tablebase build` wrote: how it was built, read
/// back from its file (whose rules, size and checksum are checked).
pub fn tablebase_stats(
    spec: &str,
    material: &str,
    dir: &std::path::Path,
    as_json: bool,
) -> Result<i32> {
    let (rules, dice, any, mat) = dice_material(spec, material)?;
    let t = with_engine!(&any, e => crate::dice::file::read(dir, e, &mat))?;
    let f = &t.figures;
    if as_json {
        println!(
            "{}",
            json!({"rules": rules.name, "dice": dice.describe(), "material": f.material,
                "entries": f.entries, "positions": f.positions, "sweeps": f.iterations,
                "residual": f.residual, "error_bound": f.error_bound,
                "deflations": f.deflations, "seconds": f.seconds})
        );
    } else {
        println!(
            "{} under {} ({}): chance table, {} entries, {} positions; built in {} sweep{} \
             (last change {:.1e}), {:.2} s; every score (win - loss) certified within {:.1e}",
            f.material,
            rules.name,
            dice.describe(),
            f.entries,
            f.positions,
            f.iterations,
            if f.iterations == 1 { "" } else { "s" },
            f.residual,
            f.seconds,
            f.error_bound
        );
    }
    Ok(0)
}

/// Value iteration stops when no chance moves by more than this.
pub const TOLERANCE: f64 = 1e-10;

/// `mansuba dice`.
pub fn cmd_dice(a: DiceArgs) -> Result<i32> {
    let (rules, dice) = dice_rules(&a.rules)?;
    if let Some(t) = a.turns {
        if t == 0 || t > 60 {
            bail!("--turns: expected 1 to 60, got {t}");
        }
    }
    let any = AnyEngine::new(rules.clone())?;
    with_engine!(&any, e => {
        let pos = Position::from_fen(e.clone(), &a.fen)
            .with_context(|| format!("bad FEN '{}' under {}", a.fen, rules.name))?;
        let objective = match a.objective.as_str() {
            "score" => Objective::Score,
            "win" => Objective::WinFor(pos.side),
            o => bail!("--objective: expected 'score' or 'win', got '{o}'"),
        };
        run(&a, &rules, &dice, pos, objective)
    })
}

/// Builds the chance tables of `mat` (and what it leads to): the estimate printed at
/// once (and the set refused with it when over the budget), then a bar per table on a
/// terminal, a line every few seconds otherwise (see `cli::dice_progress`).
pub fn build_tables<B: Bits>(
    eng: &std::sync::Arc<crate::board::engine::Engine<B>>,
    dice: &Dice,
    mat: &crate::retro::Material,
    deadline: Option<std::time::Instant>,
) -> std::result::Result<ChanceTables, DiceError> {
    let est = crate::dice::estimate::Estimate::of(eng, mat, None);
    eprintln!(
        "chance tables for {} (estimate):\n{}",
        mat.name(&eng.rules),
        est.describe()
    );
    est.check()?;
    let opt = crate::dice::table::Options {
        tolerance: TOLERANCE,
        stops: crate::dice::table::Stops {
            deadline,
            cancel: Some(crate::cli::interrupt::cancel_flag()),
        },
        ..Default::default()
    };
    let shown = super::dice_progress::Shown::new(TOLERANCE);
    let t = ChanceTables::build_with(eng, dice, mat, &opt, &|p| shown.tell(p));
    shown.finish();
    t
}

/// `tablebase build` under dice rules: the chance tables of `material`, written to `dir`.
pub fn tablebase_build(
    spec: &str,
    material: &str,
    dir: &std::path::Path,
    as_json: bool,
) -> Result<i32> {
    let (rules, dice, any, mat) = dice_material(spec, material)?;
    let t0 = std::time::Instant::now();
    let (figures, paths) = with_engine!(&any, e => {
        let t = build_tables(e, &dice, &mat, None)?;
        let paths = t.save(dir, &rules)?;
        let figures: Vec<_> = t.figures().into_iter().cloned().collect();
        (figures, paths)
    });
    if as_json {
        println!(
            "{}",
            json!({"rules": rules.name, "dice": dice.describe(), "tables": figures, "files": paths, "seconds": t0.elapsed().as_secs_f64()})
        );
        return Ok(0);
    }
    println!("{}: {}", rules.name, dice.describe());
    for f in &figures {
        println!(
            "{:<8} {:>10} positions  {:>6} sweeps (last change {:.1e}, error within {:.1e})  {:>7.1} MiB  {:>7.2}s  White wins on average {:.4} (White to move), {:.4} (Black to move)",
            f.material, f.positions, f.iterations, f.residual, f.error_bound,
            f.bytes as f64 / (1u64 << 20) as f64, f.seconds, f.mean_white_win, f.mean_white_win_black_to_move
        );
    }
    for p in &paths {
        println!("wrote {}", p.display());
    }
    Ok(0)
}

/// The two ways to the chances: a search within a horizon, or tables to the end.
enum Analysis {
    Horizon(Expectimax, u32),
    Tables(ChanceTables),
}

impl Analysis {
    fn value<B: Bits>(&mut self, pos: &mut Position<B>) -> Result<Wl> {
        match self {
            Analysis::Horizon(ex, plies) => ex.value(pos, *plies).map_err(too_big),
            Analysis::Tables(t) => Ok(t.value(pos)?),
        }
    }
    fn choose<B: Bits>(&mut self, pos: &mut Position<B>, throw: &Throw) -> Result<(Choice, Wl)> {
        match self {
            Analysis::Horizon(ex, plies) => ex.choose(pos, *plies, throw).map_err(too_big),
            Analysis::Tables(t) => Ok(t.choose(pos, throw)?),
        }
    }
    /// The games; the search stops them at its own deadline and Ctrl-C, the tables at
    /// `deadline` and Ctrl-C.
    fn simulate<B: Bits>(
        &mut self,
        pos: &Position<B>,
        (games, seed): (u64, u64),
        deadline: Option<std::time::Instant>,
    ) -> Result<Simulated> {
        match self {
            Analysis::Horizon(ex, plies) => ex.simulate(pos, *plies, games, seed).map_err(too_big),
            Analysis::Tables(t) => {
                let stop = || {
                    crate::cli::interrupt::interrupted()
                        || deadline.is_some_and(|d| std::time::Instant::now() >= d)
                };
                Ok(t.simulate_until(pos, UNENDING, games, seed, &stop)?)
            }
        }
    }
}

/// The certified error of the chances of `pos`: its table's error bound.
fn error_bound<B: Bits>(t: &ChanceTables, pos: &Position<B>) -> Option<f64> {
    let m = material_of(pos).ok()?;
    t.table(&m).map(|t| t.figures.error_bound)
}

/// Plies after which a simulated game without a horizon is counted as a draw.
const UNENDING: u32 = 5000;

fn too_big(t: crate::dice::TooBig) -> anyhow::Error {
    match t.why {
        crate::dice::Stop::Nodes => anyhow::anyhow!(
            "more than {} positions searched: ask for fewer --turns (or raise --max-nodes)",
            t.nodes - 1
        ),
        crate::dice::Stop::Memory(m) => {
            anyhow::anyhow!("{m} after {} positions: ask for fewer --turns", t.nodes)
        }
        crate::dice::Stop::Cancelled => anyhow::anyhow!("interrupted after {} positions", t.nodes),
        crate::dice::Stop::Time => {
            anyhow::anyhow!("time limit reached after {} positions", t.nodes)
        }
    }
}

fn run<B: Bits>(
    a: &DiceArgs,
    rules: &Rules,
    dice: &Dice,
    mut pos: Position<B>,
    objective: Objective,
) -> Result<i32> {
    let t0 = std::time::Instant::now();
    // A bounded timeout cannot overflow the deadline; checked all the same.
    let deadline = super::bounds::duration(a.timeout).and_then(|d| t0.checked_add(d));
    let mut an = analysis(a, rules, dice, &pos, objective, deadline)?;
    let v = an.value(&mut pos)?;
    let best = best_per_throw(&mut an, &mut pos, rules, dice)?;
    let seconds = t0.elapsed().as_secs_f64();
    let sim = match a.simulate {
        Some(n) => Some(an.simulate(&pos, (n, a.seed), deadline)?),
        None => None,
    };
    // A simulation cut short reports the games it played, and says why it stopped.
    let code = match &sim {
        Some(s) if s.games < s.asked => {
            let why = if crate::cli::interrupt::interrupted() {
                "interrupted"
            } else {
                "the time limit (--timeout) reached"
            };
            eprintln!(
                "simulation stopped: {why} after {} of {} games",
                s.games, s.asked
            );
            if crate::cli::interrupt::interrupted() {
                crate::cli::interrupt::INTERRUPTED
            } else {
                0
            }
        }
        _ => 0,
    };
    let draw = (1.0 - v.w - v.l).max(0.0);
    if !a.json {
        let found = Found {
            v,
            best: &best,
            sim: sim.as_ref(),
            seconds,
        };
        print_text(a, rules, dice, &pos, &an, objective, &found);
        return Ok(code);
    }
    let mut o = json!({
        "rules": rules.name, "dice": dice.describe(), "fen": pos.to_fen(),
        "side": pos.side.name(), "turns": a.turns, "objective": a.objective,
        "win": v.w, "draw": draw, "loss": v.l,
        "best": best, "seconds": seconds,
    });
    match &an {
        Analysis::Horizon(ex, plies) => {
            o["plies"] = json!(plies);
            o["nodes"] = json!(ex.nodes);
        }
        Analysis::Tables(t) => {
            o["tables"] = json!(t.figures());
            o["error_bound"] = json!(error_bound(t, &pos));
        }
    }
    if let Some(s) = &sim {
        o["simulated_win"] = json!(s.simulated_win);
        o["standard_error"] = json!(s.standard_error);
        o["simulated_loss"] = json!(s.simulated_loss);
        o["games"] = json!(s.games);
        o["games_asked"] = json!(s.asked);
        o["seed"] = json!(s.seed);
    }
    println!("{o}");
    Ok(code)
}

/// How the chances are found: a horizon search with `--turns`, chance tables without.
fn analysis<B: Bits>(
    a: &DiceArgs,
    rules: &Rules,
    dice: &Dice,
    pos: &Position<B>,
    objective: Objective,
    deadline: Option<std::time::Instant>,
) -> Result<Analysis> {
    if let Some(turns) = a.turns {
        return Ok(Analysis::Horizon(
            Expectimax::new(dice, rules, objective, a.max_nodes)
                .with_stops(deadline, Some(crate::cli::interrupt::cancel_flag())),
            2 * turns,
        ));
    }
    if objective != Objective::Score {
        bail!("--objective win needs --turns (to the end of the game, a draw is not a loss)");
    }
    let mat = material_of(pos).map_err(|e| {
        anyhow::anyhow!(
            "without --turns the chances come from tables, which cannot hold this position: {e}"
        )
    })?;
    let tables = match &a.tables {
        Some(dir) => ChanceTables::load(&pos.eng, dice, &mat, dir)?,
        None => build_tables(&pos.eng, dice, &mat, deadline).map_err(|e| {
            if e.is_stop() {
                anyhow::anyhow!("without --turns: {e} while building the chance tables")
            } else {
                anyhow::anyhow!("without --turns: {e}; give --turns N")
            }
        })?,
    };
    Ok(Analysis::Tables(tables))
}

/// The best move for each throw, with its chances, as JSON objects.
fn best_per_throw<B: Bits>(
    an: &mut Analysis,
    pos: &mut Position<B>,
    rules: &Rules,
    dice: &Dice,
) -> Result<Vec<serde_json::Value>> {
    let (rolls, no_move) = (dice.rolls(&rules.pieces), dice.no_move);
    let mut best = vec![];
    let Start::Throws(throws) = crate::dice::turn::start(pos, &rolls, no_move) else {
        return Ok(best);
    };
    for t in &throws {
        let (choice, cv) = an.choose(pos, &t.throw)?;
        let roll = &rolls[t.roll];
        let (text, coordinate) = match &choice {
            Choice::TakeKing => ("takes the king".to_string(), String::new()),
            Choice::Forfeit => ("forfeit".to_string(), String::new()),
            Choice::Play(m) => (san(pos, m), coord(pos, m)),
        };
        let moves = match &t.throw {
            Throw::Moves(ms) => ms.len(),
            _ => 0,
        };
        best.push(json!({
            "roll": roll.label, "kinds": Dice::kind_names(&rules.pieces, roll.kinds),
            "chance": t.prob, "moves": moves, "move": text, "coord": coordinate,
            "win": cv.w, "draw": (1.0 - cv.w - cv.l).max(0.0), "loss": cv.l,
        }));
    }
    Ok(best)
}

/// What `run` found, for the text report.
struct Found<'a> {
    v: Wl,
    best: &'a [serde_json::Value],
    sim: Option<&'a Simulated>,
    seconds: f64,
}

/// The text report of `dice FEN`.
fn print_text<B: Bits>(
    a: &DiceArgs,
    rules: &Rules,
    dice: &Dice,
    pos: &Position<B>,
    an: &Analysis,
    objective: Objective,
    f: &Found,
) {
    let v = f.v;
    println!("{}: {}", rules.name, dice.describe());
    println!("{}  ({} to move)", pos.to_fen(), pos.side.name());
    match an {
        Analysis::Horizon(_, plies) => println!(
            "within {} turn{} each ({plies} pl{}, {} first), {}:",
            plies / 2,
            if plies / 2 == 1 { "" } else { "s" },
            if *plies == 1 { "y" } else { "ies" },
            pos.side.name(),
            match objective {
                Objective::Score => "both sides playing for the best score",
                Objective::WinFor(_) => "playing to win against a defence that plays to stop it",
            }
        ),
        Analysis::Tables(t) => println!(
            "played to the end (chance tables), both sides playing for the best score \
             (certified: win - loss within {:.1e} of the exact):",
            error_bound(t, pos).unwrap_or(f64::NAN)
        ),
    }
    println!(
        "  win {:.4}   draw {:.4}   loss {:.4}{}",
        v.w,
        (1.0 - v.w - v.l).max(0.0),
        v.l,
        if a.turns.is_some() {
            "   (not decided within the turns counts as a draw)"
        } else {
            "   (a game that never ends is a draw)"
        }
    );
    println!("best move for each throw:");
    for b in f.best {
        println!(
            "  {:>5}  {:<22} {:>3} moves  {:<16} win {:.4}  loss {:.4}",
            b["roll"].as_str().unwrap_or(""),
            b["kinds"].as_str().unwrap_or(""),
            b["moves"].as_u64().unwrap_or(0),
            b["move"].as_str().unwrap_or(""),
            b["win"].as_f64().unwrap_or(0.0),
            b["loss"].as_f64().unwrap_or(0.0)
        );
    }
    match an {
        Analysis::Horizon(ex, _) => println!("{} positions, {:.2} s", ex.nodes, f.seconds),
        Analysis::Tables(t) => {
            for f in t.figures() {
                println!(
                    "table {}: {} positions, {} sweeps (last change {:.1e}, error within {:.1e}), {:.2} s",
                    f.material, f.positions, f.iterations, f.residual, f.error_bound, f.seconds
                );
            }
        }
    }
    if let Some(s) = f.sim {
        let diff = (s.simulated_win - v.w).abs();
        let away = if s.standard_error > 0.0 {
            format!("{:.1} standard errors from", diff / s.standard_error)
        } else if diff < 1e-9 {
            "the same as".to_string()
        } else {
            "every game unlike".to_string()
        };
        let of = if s.games < s.asked {
            format!(" of {} asked, cut short", s.asked)
        } else {
            String::new()
        };
        println!(
            "simulated {} games{of} (seed {}): win {:.4} ± {:.4} ({away} the exact {:.4})",
            s.games, s.seed, s.simulated_win, s.standard_error, v.w
        );
    }
}

/// `perft --roll`: perft whose first ply moves only men the throw names.
pub fn perft_by_roll<B: Bits>(
    pos: &Position<B>,
    depth: u32,
    roll: &str,
    divide: bool,
    as_json: bool,
) -> Result<i32> {
    let rules = &pos.eng.rules;
    let Some(dice) = &rules.dice else {
        bail!(
            "--roll: rules '{}' are played without dice (try shatranj-dice)",
            rules.name
        );
    };
    if depth == 0 {
        bail!("--roll needs --depth 1 or more");
    }
    let rolls = if roll == "all" {
        dice.rolls(&rules.pieces)
    } else {
        vec![dice.roll_named(&rules.pieces, roll)?]
    };
    let mut p = pos.clone();
    let mut legal = crate::board::movegen::MoveList::new();
    p.legal_moves(&mut legal);
    let mut out = vec![];
    for r in &rolls {
        let mut rows = vec![];
        for m in crate::dice::turn::moves_under(&legal, r.kinds) {
            let u = p.make(m);
            let n = crate::board::perft::perft(&mut p, depth - 1);
            p.unmake(m, u);
            rows.push((coord(pos, &m), n));
        }
        rows.sort();
        let total: u64 = rows.iter().map(|x| x.1).sum();
        out.push(json!({
            "roll": r.label, "kinds": Dice::kind_names(&rules.pieces, r.kinds),
            "moves": rows.len(), "nodes": total,
            "divide": rows.iter().map(|(m, n)| (m.clone(), json!(n))).collect::<serde_json::Map<_, _>>(),
        }));
        if !as_json {
            if divide {
                for (m, n) in &rows {
                    println!("{m}: {n}");
                }
            }
            println!(
                "roll {:>5}  {:<24} {:>3} moves  nodes {total}  depth {depth}",
                r.label,
                Dice::kind_names(&rules.pieces, r.kinds),
                rows.len()
            );
        }
    }
    if as_json {
        println!(
            "{}",
            json!({"rules": rules.name, "fen": pos.to_fen(), "depth": depth, "rolls": out})
        );
    }
    Ok(0)
}
