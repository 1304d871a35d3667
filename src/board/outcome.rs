//! Is the game over, and for whom, under these rules.

use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::piece::Color;
use crate::board::position::Position;
use crate::board::rules::{BareKingRule, StalemateRule};
use serde::Serialize;

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinKind {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser has no legal move and is not in check (where that wins).
    Stalemate,
    /// The loser was stripped of every man but the king.
    BareKing,
}

/// The result of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// A side has won.
    Win {
        /// Who won.
        winner: Color,
        /// How.
        how: WinKind,
        /// Scored below a mate (long assize).
        inferior: bool,
    },
    /// A draw.
    Draw(DrawKind),
}

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawKind {
    /// Stalemate where the rules make it a draw.
    Stalemate,
    /// Both kings alone (also after a bare king bared back).
    KingsOnly,
    /// The side with a rook's advantage did not mate within nine moves.
    NineMoves,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }
    /// Short text ("checkmate", "bare king", "draw").
    pub fn describe(&self) -> String {
        match self {
            Outcome::Ongoing => "ongoing".into(),
            Outcome::Win {
                winner,
                how,
                inferior,
            } => format!(
                "{} wins by {}{}",
                winner.name(),
                match how {
                    WinKind::Checkmate => "checkmate",
                    WinKind::Stalemate => "stalemate",
                    WinKind::BareKing => "bare king",
                },
                if *inferior { " (inferior win)" } else { "" }
            ),
            Outcome::Draw(DrawKind::Stalemate) => "draw by stalemate".into(),
            Outcome::Draw(DrawKind::KingsOnly) => "draw: kings only".into(),
            Outcome::Draw(DrawKind::NineMoves) => "draw: no mate within nine moves".into(),
        }
    }
}

impl<B: Bits> Position<B> {
    /// The outcome given the legal moves already generated for this position.
    pub fn outcome_with(&self, legal: &MoveList) -> Outcome {
        let rules = &self.eng.rules;
        if let Some(bare) = self.bare_king_decided() {
            return Outcome::Win {
                winner: bare.flip(),
                how: WinKind::BareKing,
                inferior: rules.bare_king == BareKingRule::InferiorWin,
            };
        }
        if legal.is_empty() {
            let side = self.side;
            if self.in_check() {
                return Outcome::Win {
                    winner: side.flip(),
                    how: WinKind::Checkmate,
                    inferior: false,
                };
            }
            return match rules.stalemate {
                StalemateRule::StalematerWins => Outcome::Win {
                    winner: side.flip(),
                    how: WinKind::Stalemate,
                    inferior: false,
                },
                StalemateRule::InferiorWin => Outcome::Win {
                    winner: side.flip(),
                    how: WinKind::Stalemate,
                    inferior: true,
                },
                StalemateRule::StalematerLoses => Outcome::Win {
                    winner: side,
                    how: WinKind::Stalemate,
                    inferior: false,
                },
                StalemateRule::Draw => Outcome::Draw(DrawKind::Stalemate),
            };
        }
        if self.men == [1, 1] {
            return Outcome::Draw(DrawKind::KingsOnly);
        }
        if rules.nine_move_limit && self.nine >= 9 {
            return Outcome::Draw(DrawKind::NineMoves);
        }
        Outcome::Ongoing
    }

    /// The outcome of the position.
    pub fn outcome(&mut self) -> Outcome {
        let mut l = MoveList::new();
        self.legal_moves(&mut l);
        self.outcome_with(&l)
    }

    /// The outcome, with a bare king still pending settled: where a bared king may bare
    /// back (`win-unless-bared-back`), the game is not over when its last man falls, but
    /// if no reply of the bare side takes the opponent's last man the win is certain
    /// already (as-Suli's diamond ends `20.Kxa1`, the black king nowhere near). The end
    /// of a line of play is judged by this, not by [`Position::outcome`].
    pub fn settled_outcome(&mut self) -> Outcome {
        let mut l = MoveList::new();
        self.legal_moves(&mut l);
        self.settled_outcome_with(&l)
    }

    /// [`Position::settled_outcome`] given the legal moves already generated for this
    /// position (a search that lists them anyway need not list them twice).
    pub fn settled_outcome_with(&mut self, l: &MoveList) -> Outcome {
        let now = self.outcome_with(l);
        let bare = self.side;
        let pending = now == Outcome::Ongoing
            && self.men[bare.idx()] == 1
            && self.eng.rules.bare_king == BareKingRule::WinUnlessBaredBack;
        if !pending {
            return now;
        }
        for &m in l.as_slice() {
            let u = self.make(m);
            let still_bare = self.bare_king_decided() == Some(bare);
            self.unmake(m, u);
            if !still_bare {
                return now;
            }
        }
        Outcome::Win {
            winner: bare.flip(),
            how: WinKind::BareKing,
            inferior: false,
        }
    }
}
