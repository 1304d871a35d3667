//! The conditions that bar moves, in the play families: `attacker_no_capture` and
//! `checks` bind White (the side whose task the stipulation states: it mates in `h#` and
//! `ser-#`, forces in `s#` and `r#`), `defender = "covetous"` binds Black, and the men on
//! `immobile` squares never move, whichever side they are. They mean what they mean in the
//! `#N` search (one filter, [`MoveBars`]): a side whose every legal move is barred is
//! neither mated nor stalemated, it is stuck, and a line cannot go on from there.
//!
//! Every search of this module lists a side's legal moves, asks the rules whether the
//! game is over (from the legal moves), and then drops the barred ones ([`Bars::keep`]);
//! a goal in one, a reflex obligation and a selfmate's forced end count the moves left.

use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::piece::{Color, Kind};
use crate::board::position::Position;
use crate::solve::conditions::MoveBars;

/// The most men `immobile` may hold in a play search (the whole of a stack counts, a man
/// each).
pub const MAX_HELD: usize = 16;

/// The moves the problem's conditions bar in a play search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bars {
    moves: MoveBars,
    /// The men held: colour, kind and square, the first `len` of them.
    held: [(Color, Kind, u8); MAX_HELD],
    len: u8,
}

impl Default for Bars {
    fn default() -> Self {
        Bars {
            moves: MoveBars {
                attacker: Color::White,
                no_capture: false,
                checks: false,
                covetous: false,
            },
            held: [(Color::White, 0, 0); MAX_HELD],
            len: 0,
        }
    }
}

impl Bars {
    /// White may not capture (`no_capture`), every White move must give check (`checks`),
    /// Black must capture when it can (`covetous`), and the men `held` (colour, kind,
    /// square) never move; `None` when they are more than [`MAX_HELD`].
    pub fn new(
        no_capture: bool,
        checks: bool,
        covetous: bool,
        held: &[(Color, Kind, u8)],
    ) -> Option<Bars> {
        if held.len() > MAX_HELD {
            return None;
        }
        let mut b = Bars::default();
        b.moves.no_capture = no_capture;
        b.moves.checks = checks;
        b.moves.covetous = covetous;
        b.held[..held.len()].copy_from_slice(held);
        b.len = held.len() as u8;
        Some(b)
    }

    /// No move is barred.
    pub fn is_none(&self) -> bool {
        *self == Bars::default()
    }

    /// Drops from `list`, the legal moves of the side to move, those barred.
    #[inline]
    pub(super) fn keep<B: Bits>(&self, pos: &mut Position<B>, list: &mut MoveList) {
        if !self.is_none() {
            let held = &self.held[..self.len as usize];
            self.moves.drop_barred(pos, list, held);
        }
    }
}
