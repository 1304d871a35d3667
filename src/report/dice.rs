//! The answer of `mansuba dice` ([`Answer`]: the chances, the best move for each throw,
//! how they were found, the simulation that checks them) as text or as one JSON object.

use super::written::written;
use crate::board::bits::Bits;
use crate::board::position::Position;
use crate::dice::{Answer, BestMove, Choice, Dice, How, Objective};
use crate::notation::{coord, san};
use serde_json::json;
use std::fmt::Write;

/// The choice in the rules' notation, and its coordinates (empty without a move).
fn choice_text<B: Bits>(pos: &Position<B>, choice: &Choice) -> (String, String) {
    match choice {
        Choice::TakeKing => ("takes the king".to_string(), String::new()),
        Choice::Forfeit => ("forfeit".to_string(), String::new()),
        Choice::Play(m) => (san(pos, m), coord(pos, m)),
    }
}

/// The name of the objective, as `--objective` takes it.
fn objective_name(objective: Objective) -> &'static str {
    match objective {
        Objective::Score => "score",
        Objective::WinFor(_) => "win",
    }
}

/// One throw's best move as a JSON object.
fn best_json<B: Bits>(pos: &Position<B>, b: &BestMove) -> serde_json::Value {
    let (text, coordinate) = choice_text(pos, &b.choice);
    json!({
        "roll": b.roll.label, "kinds": Dice::kind_names(&pos.eng.rules.pieces, b.roll.kinds),
        "chance": b.chance, "moves": b.moves, "move": text, "coord": coordinate,
        "win": b.chances.w, "draw": b.chances.draw(), "loss": b.chances.l,
    })
}

/// The answer as one JSON object (one line, without its newline).
pub fn json<B: Bits>(pos: &Position<B>, dice: &Dice, objective: Objective, a: &Answer) -> String {
    let v = a.chances;
    let turns = match &a.how {
        How::Horizon { turns, .. } => Some(*turns),
        How::Tables { .. } => None,
    };
    let best: Vec<_> = a.best.iter().map(|b| best_json(pos, b)).collect();
    let mut o = json!({
        "rules": pos.eng.rules.name, "dice": dice.describe(), "fen": pos.to_fen(),
        "side": pos.side.name(), "turns": turns, "objective": objective_name(objective),
        "win": v.w, "draw": v.draw(), "loss": v.l,
        "best": best, "seconds": a.seconds,
    });
    match &a.how {
        How::Horizon { plies, nodes, .. } => {
            o["plies"] = json!(plies);
            o["nodes"] = json!(nodes);
        }
        How::Tables {
            figures,
            error_bound,
        } => {
            o["tables"] = json!(figures);
            o["error_bound"] = json!(error_bound);
        }
    }
    if let Some(s) = &a.simulated {
        o["simulated_win"] = json!(s.simulated_win);
        o["standard_error"] = json!(s.standard_error);
        o["simulated_loss"] = json!(s.simulated_loss);
        o["games"] = json!(s.games);
        o["games_asked"] = json!(s.asked);
        o["seed"] = json!(s.seed);
    }
    o.to_string()
}

/// The answer as text, each line ended.
pub fn text<B: Bits>(pos: &Position<B>, dice: &Dice, objective: Objective, a: &Answer) -> String {
    written(|out| write_text(out, pos, (dice, objective), a))
}

/// Writes the answer as text to `out`.
fn write_text<B: Bits>(
    out: &mut impl Write,
    pos: &Position<B>,
    (dice, objective): (&Dice, Objective),
    a: &Answer,
) -> std::fmt::Result {
    let v = a.chances;
    writeln!(out, "{}: {}", pos.eng.rules.name, dice.describe())?;
    writeln!(out, "{}  ({} to move)", pos.to_fen(), pos.side.name())?;
    match &a.how {
        How::Horizon { turns, plies, .. } => writeln!(
            out,
            "within {turns} turn{} each ({plies} pl{}, {} first), {}:",
            if *turns == 1 { "" } else { "s" },
            if *plies == 1 { "y" } else { "ies" },
            pos.side.name(),
            match objective {
                Objective::Score => "both sides playing for the best score",
                Objective::WinFor(_) => "playing to win against a defence that plays to stop it",
            }
        )?,
        How::Tables { error_bound, .. } => writeln!(
            out,
            "played to the end (chance tables), both sides playing for the best score \
             (certified: win - loss within {:.1e} of the exact):",
            error_bound.unwrap_or(f64::NAN)
        )?,
    }
    writeln!(
        out,
        "  win {:.4}   draw {:.4}   loss {:.4}{}",
        v.w,
        v.draw(),
        v.l,
        match a.how {
            How::Horizon { .. } => "   (not decided within the turns counts as a draw)",
            How::Tables { .. } => "   (a game that never ends is a draw)",
        }
    )?;
    writeln!(out, "best move for each throw:")?;
    for b in &a.best {
        writeln!(
            out,
            "  {:>5}  {:<22} {:>3} moves  {:<16} win {:.4}  loss {:.4}",
            b.roll.label,
            Dice::kind_names(&pos.eng.rules.pieces, b.roll.kinds),
            b.moves,
            choice_text(pos, &b.choice).0,
            b.chances.w,
            b.chances.l
        )?;
    }
    match &a.how {
        How::Horizon { nodes, .. } => writeln!(out, "{nodes} positions, {:.2} s", a.seconds)?,
        How::Tables { figures, .. } => {
            for f in figures {
                writeln!(out,
                    "table {}: {} positions, {} sweeps (last change {:.1e}, error within {:.1e}), {:.2} s",
                    f.material, f.positions, f.iterations, f.residual, f.error_bound, f.seconds
                )?;
            }
        }
    }
    if let Some(s) = &a.simulated {
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
        writeln!(
            out,
            "simulated {} games{of} (seed {}): win {:.4} ± {:.4} ({away} the exact {:.4})",
            s.games, s.seed, s.simulated_win, s.standard_error, v.w
        )?;
    }
    Ok(())
}
