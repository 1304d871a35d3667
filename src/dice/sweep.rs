//! The words every solver of a chance table shares: an entry's value ([`Val`]: its
//! chances and the bounds on its score), its state byte, the successors' source
//! ([`Turns`]), the stops, and the size of a chunk of work between two polls of them.

use super::error::DiceError;
use super::turn::Wl;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Discount per ply of the tie-breaking score, which only ranks moves of equal chances:
/// with it the side that wins for sure still makes progress.
pub(super) const GAMMA: f64 = 0.995;

/// An entry whose value is swept.
pub(super) const THROWN: u8 = 0;
/// An entry decided before any throw: its value stays.
pub(super) const DECIDED: u8 = 1;
/// An entry that is no position (identical men out of order).
pub(super) const NO_POSITION: u8 = 2;

/// A successor that is a fixed value (index into the throw's constants), not an entry.
pub(super) const CONST: u32 = 1 << 31;

/// Entries a worker takes at a time.
pub(super) const CHUNK: usize = 1 << 12;

/// The chances of a position, a discounted score (win soon is better than win late)
/// that ranks moves whose chances are equal, and certified bounds on the score w − l,
/// all from the side to move's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Val {
    pub(super) c: Wl,
    pub(super) q: f64,
    pub(super) lo: f64,
    pub(super) hi: f64,
}

impl Val {
    /// Nothing at all: the start of a sum, and an entry that is no position.
    pub(super) const ZERO: Val = Val {
        c: Wl::NONE,
        q: 0.0,
        lo: 0.0,
        hi: 0.0,
    };
    /// Not decided yet: no chances, the score anywhere from a loss to a win.
    pub(super) const UNDECIDED: Val = Val {
        c: Wl::NONE,
        q: 0.0,
        lo: -1.0,
        hi: 1.0,
    };
    /// Exactly these chances.
    pub(super) fn of(c: Wl) -> Val {
        Val::within(c, c.w - c.l, 0.0)
    }
    /// These chances and score, the score certain within `error`.
    pub(super) fn within(c: Wl, q: f64, error: f64) -> Val {
        let s = c.w - c.l;
        Val {
            c,
            q,
            lo: (s - error).max(-1.0),
            hi: (s + error).min(1.0),
        }
    }
    #[inline]
    pub(super) fn flip(self) -> Val {
        Val {
            c: self.c.flip(),
            q: -self.q,
            lo: -self.hi,
            hi: -self.lo,
        }
    }
    /// The score w − l.
    #[inline]
    pub(super) fn score(self) -> f64 {
        self.c.w - self.c.l
    }
    /// Better for the side that chooses: higher expected score, then sooner.
    #[inline]
    pub(super) fn better(self, than: Val) -> bool {
        let (a, b) = (self.score(), than.score());
        a > b + 1e-9 || (a >= b - 1e-9 && self.q > than.q + 1e-12)
    }
}

/// Where the successors of a table's entries come from: a stored graph, or the move
/// generator run again.
pub(super) trait Turns: Sync {
    /// Calls `throw(chance, successors, constants)` for every throw of the thrown entry
    /// `i`, in the die's order: a successor is an entry of the table, or (with
    /// [`CONST`] set) an index into `constants`.
    fn each_throw<F: FnMut(f64, &[u32], &[Val])>(
        &self,
        i: usize,
        throw: &mut F,
    ) -> Result<(), DiceError>;
}

/// When a table build gives up before its values stand still: a deadline, Ctrl-C, and
/// the memory budget it must fit in.
#[derive(Clone, Debug, Default)]
pub struct Stops {
    /// Give up after this instant.
    pub deadline: Option<Instant>,
    /// Give up when this rises (Ctrl-C).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Refuse a growth that does not fit in this.
    pub budget: crate::memory::Budget,
}

impl Stops {
    /// Stops `timeout` from now (None: no deadline, and none either when the instant
    /// cannot be written) or when `cancel` rises, within `budget`.
    pub fn after(
        timeout: Option<std::time::Duration>,
        cancel: Option<Arc<AtomicBool>>,
        budget: crate::memory::Budget,
    ) -> Stops {
        Stops {
            deadline: timeout.and_then(|d| Instant::now().checked_add(d)),
            cancel,
            budget,
        }
    }

    /// The stop reached, if any.
    pub fn check(&self) -> Result<(), DiceError> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(DiceError::Interrupted);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(DiceError::TimeLimit);
        }
        Ok(())
    }
}
