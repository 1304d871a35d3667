//! Counts of a table: wins, draws and losses per side to move over the full board (each
//! entry weighted by the positions its symmetry stands for), and the longest win.

use super::{moves_of_plies, position_of, Table};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;

/// Results with one side to move, from that side's view.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub struct SideStats {
    /// Legal positions.
    pub legal: u64,
    /// Positions the side to move wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// Longest win for the side to move, in plies.
    pub longest_win_plies: u32,
    /// Longest loss for the side to move, in plies.
    pub longest_loss_plies: u32,
}

/// Statistics of one table.
#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    /// Rules name.
    pub rules: String,
    /// Material.
    pub material: String,
    /// Entries of the index (symmetry-reduced, invalid ones included).
    pub entries: u64,
    /// White to move.
    pub white_to_move: SideStats,
    /// Black to move.
    pub black_to_move: SideStats,
    /// Longest win, in moves of the side to move (KQK = 10), over both sides to move.
    pub longest_win: u32,
    /// The same in plies.
    pub longest_win_plies: u32,
    /// A position of the longest win (FEN).
    pub longest_win_fen: Option<String>,
    /// Share of legal positions with White to move that White wins (percent).
    pub white_wins_wtm_percent: f64,
    /// Share of legal positions with Black to move that White wins (percent).
    pub white_wins_btm_percent: f64,
    /// Share of legal positions with Black to move that Black wins (percent).
    pub black_wins_btm_percent: f64,
    /// Share of legal positions with White to move that Black wins (percent).
    pub black_wins_wtm_percent: f64,
}

#[derive(Clone, Copy, Default)]
struct Acc {
    s: [SideStats; 2],
    /// (plies, index) of the longest win; the lowest index among equals.
    best: Option<(u32, u64)>,
}

fn merge(mut a: Acc, b: Acc) -> Acc {
    for c in 0..2 {
        let (x, y) = (&mut a.s[c], b.s[c]);
        x.legal += y.legal;
        x.wins += y.wins;
        x.draws += y.draws;
        x.losses += y.losses;
        x.longest_win_plies = x.longest_win_plies.max(y.longest_win_plies);
        x.longest_loss_plies = x.longest_loss_plies.max(y.longest_loss_plies);
    }
    a.best = match (a.best, b.best) {
        (Some(p), Some(q)) => Some(if q.0 > p.0 || (q.0 == p.0 && q.1 < p.1) {
            q
        } else {
            p
        }),
        (p, q) => p.or(q),
    };
    a
}

/// Statistics of a table (full-board counts).
pub fn stats<B: Bits>(eng: &Arc<Engine<B>>, t: &Table) -> Stats {
    let lay = &t.layout;
    let per = lay.per_side;
    const BLOCK: u64 = 1 << 14;
    let acc = (0..lay.entries.div_ceil(BLOCK))
        .into_par_iter()
        .map(|b| {
            let mut a = Acc::default();
            for i in b * BLOCK..((b + 1) * BLOCK).min(lay.entries) {
                let Some((v, p)) = super::Value::of_code(t.get(i)) else {
                    continue;
                };
                let w = lay.weight(i) as u64;
                let s = &mut a.s[(i >= per) as usize];
                s.legal += w;
                match v {
                    super::Value::Win => {
                        s.wins += w;
                        s.longest_win_plies = s.longest_win_plies.max(p);
                        if a.best.is_none_or(|q| p > q.0) {
                            a.best = Some((p, i));
                        }
                    }
                    super::Value::Draw => s.draws += w,
                    super::Value::Loss => {
                        s.losses += w;
                        s.longest_loss_plies = s.longest_loss_plies.max(p);
                    }
                }
            }
            a
        })
        .reduce(Acc::default, merge);
    let pct = |x: u64, of: u64| {
        if of == 0 {
            0.0
        } else {
            100.0 * x as f64 / of as f64
        }
    };
    let [w, b] = acc.s;
    let (lp, fen) = match acc.best {
        Some((p, i)) => (p, position_of(eng, lay, i).map(|p| p.to_fen())),
        None => (0, None),
    };
    Stats {
        rules: eng.rules.name.clone(),
        material: t.name.clone(),
        entries: lay.entries,
        white_to_move: w,
        black_to_move: b,
        longest_win: moves_of_plies(lp),
        longest_win_plies: lp,
        longest_win_fen: fen,
        white_wins_wtm_percent: pct(w.wins, w.legal),
        white_wins_btm_percent: pct(b.losses, b.legal),
        black_wins_btm_percent: pct(b.wins, b.legal),
        black_wins_wtm_percent: pct(w.losses, w.legal),
    }
}
