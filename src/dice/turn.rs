//! One turn under dice: is the game already decided, does the throw take a king left in
//! check, which moves the throw allows, and the forfeited turn.

use crate::board::bits::Bits;
use crate::board::die::{NoMove, Roll};
use crate::board::engine::NO_SQ;
use crate::board::movegen::MoveList;
use crate::board::outcome::{Outcome, WinKind};
use crate::board::piece::Color;
use crate::board::position::{Move, Position};

/// The best choice under one throw.
#[derive(Clone, Debug)]
pub enum Choice {
    /// Take the king left in check.
    TakeKing,
    /// Nothing of that kind can move.
    Forfeit,
    /// Play this move.
    Play(Move),
}

/// What one throw leads to.
#[derive(Clone, Debug)]
pub enum Throw {
    /// The opponent's king was left in check and a man of the thrown kind takes it.
    TakesKing,
    /// No man of the thrown kinds can move: the turn passes.
    Forfeit,
    /// The legal moves of the thrown kinds (never empty).
    Moves(Vec<Move>),
}

/// Chances from the side to move's point of view: it wins, it loses (the rest is a draw
/// or not decided).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wl {
    /// Probability that the side to move wins.
    pub w: f64,
    /// Probability that it loses.
    pub l: f64,
}

impl Wl {
    /// A won game.
    pub const WIN: Wl = Wl { w: 1.0, l: 0.0 };
    /// Drawn or undecided.
    pub const NONE: Wl = Wl { w: 0.0, l: 0.0 };
    /// The chance of a draw (or of a game not decided), never below 0.
    #[inline]
    pub fn draw(self) -> f64 {
        (1.0 - self.w - self.l).max(0.0)
    }
    /// The same chances seen by the other side.
    #[inline]
    pub fn flip(self) -> Wl {
        Wl {
            w: self.l,
            l: self.w,
        }
    }
}

/// How the turn of the side to move starts: decided before any throw, or thrown.
pub enum Start {
    /// The preset decides the game (bare king, stalemate, kings alone); checkmate never
    /// does under dice.
    Decided(Outcome),
    /// The throws and what each leads to, with their chances (re-roll already applied).
    Throws(Vec<Thrown>),
}

/// One throw in a position.
#[derive(Clone, Debug)]
pub struct Thrown {
    /// Index of the roll in the die's list.
    pub roll: usize,
    /// Its chance here (after re-rolls).
    pub prob: f64,
    /// What it leads to.
    pub throw: Throw,
}

/// The chances a decided game gives the side to move.
pub fn decided_value(out: &Outcome, side: Color) -> Wl {
    match out.winner() {
        Some(c) if c == side => Wl::WIN,
        Some(_) => Wl::WIN.flip(),
        None => Wl::NONE,
    }
}

/// The kinds of the side to move that attack the opponent's king (bit k: kind k).
pub fn king_takers<B: Bits>(pos: &Position<B>) -> u16 {
    let us = pos.side;
    let their_king = pos.king_sq(us.flip());
    if their_king == NO_SQ as usize || !pos.attacked(their_king, us, pos.occ) {
        return 0;
    }
    let mut found = 0u16;
    let mut only = pos.clone();
    let nk = pos.eng.nk;
    for k in 0..nk {
        if pos.pieces[us.idx()][k].is_empty() {
            continue;
        }
        for j in 0..nk {
            only.pieces[us.idx()][j] = if j == k {
                pos.pieces[us.idx()][j]
            } else {
                B::EMPTY
            };
        }
        if only.attacked(their_king, us, pos.occ) {
            found |= 1 << k;
        }
    }
    found
}

/// The position after a forfeited turn: the same men, the other side to move.
pub fn pass<B: Bits>(pos: &Position<B>) -> Position<B> {
    let mut p = pos.clone();
    hand_over(&mut p);
    p.hash = p.compute_hash();
    p
}

/// Makes a forfeited turn in place, the hash left as it was: the other side to move, no
/// en passant. The square it cleared, for [`take_back`].
pub(super) fn hand_over<B: Bits>(pos: &mut Position<B>) -> u8 {
    pos.side = pos.side.flip();
    std::mem::replace(&mut pos.ep, NO_SQ)
}

/// Undoes [`hand_over`], given the square it cleared.
pub(super) fn take_back<B: Bits>(pos: &mut Position<B>, ep: u8) {
    pos.side = pos.side.flip();
    pos.ep = ep;
}

/// The legal moves of men whose kinds are in `kinds`.
pub fn moves_under(legal: &MoveList, kinds: u16) -> Vec<Move> {
    legal
        .as_slice()
        .iter()
        .filter(|m| kinds & (1 << m.piece) != 0)
        .copied()
        .collect()
}

/// What a throw leads to, before its moves are listed.
#[derive(Clone, Copy, Debug)]
pub(super) enum Face {
    /// The opponent's king is taken.
    TakesKing,
    /// No man of the thrown kinds can move.
    Forfeit,
    /// The legal moves of men of these kinds (bit k: kind k; at least one).
    Moves(u16),
}

/// The legal moves of the side to move, into `legal`, and the preset's decision before
/// any throw (checkmate is none under dice: the mated king forfeits its turns).
pub(super) fn decided<B: Bits>(pos: &mut Position<B>, legal: &mut MoveList) -> Option<Outcome> {
    pos.legal_moves(legal);
    let out = pos.outcome_with(legal);
    let mated = matches!(
        out,
        Outcome::Win {
            how: WinKind::Checkmate,
            ..
        }
    );
    (out != Outcome::Ongoing && !mated).then_some(out)
}

/// The throws of a position whose legal moves are `legal` and whose kinds `takers`
/// attack the opponent's king (see [`king_takers`]): per roll, its index, its chance
/// and its face, under the policy `no_move` (re-rolls applied), into `out`.
pub(super) fn faces(
    legal: &MoveList,
    takers: u16,
    rolls: &[Roll],
    no_move: NoMove,
    out: &mut Vec<(usize, f64, Face)>,
) {
    out.clear();
    let movable = legal.as_slice().iter().fold(0u16, |a, m| a | 1 << m.piece);
    for (i, r) in rolls.iter().enumerate() {
        let face = if r.kinds & takers != 0 {
            Face::TakesKing
        } else if r.kinds & movable == 0 {
            Face::Forfeit
        } else {
            Face::Moves(r.kinds)
        };
        out.push((i, r.prob, face));
    }
    if no_move == NoMove::Reroll {
        let live = |t: &(usize, f64, Face)| !matches!(t.2, Face::Forfeit);
        let sum: f64 = out.iter().filter(|t| live(t)).map(|t| t.1).sum();
        if sum > 0.0 {
            out.retain(live);
            for t in out.iter_mut() {
                t.1 /= sum;
            }
        }
    }
}

/// How the turn starts in `pos` for the throws `rolls` under policy `no_move`.
pub fn start<B: Bits>(pos: &mut Position<B>, rolls: &[Roll], no_move: NoMove) -> Start {
    let mut legal = MoveList::new();
    if let Some(out) = decided(pos, &mut legal) {
        return Start::Decided(out);
    }
    let mut f = Vec::with_capacity(rolls.len());
    faces(&legal, king_takers(pos), rolls, no_move, &mut f);
    let throws = f
        .into_iter()
        .map(|(roll, prob, face)| Thrown {
            roll,
            prob,
            throw: match face {
                Face::TakesKing => Throw::TakesKing,
                Face::Forfeit => Throw::Forfeit,
                Face::Moves(kinds) => Throw::Moves(moves_under(&legal, kinds)),
            },
        })
        .collect();
    Start::Throws(throws)
}
