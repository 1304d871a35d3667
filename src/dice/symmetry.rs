//! Board symmetries of a chance table: a position and its image under a symmetry of the
//! board that the rules keep have the same chances, so only one entry of each class (the
//! one of lowest index, its *canonical* entry) is solved; every successor is read at its
//! canonical entry, and the other entries copy theirs at the end. The index is unchanged
//! (the file keeps every entry), the sweeps and the successor lists shrink by the
//! group's order: eight on a square board without pawns, four (the two mirrors and the
//! half turn) on an oblong one, two with pawns (the left–right mirror: pawns move up the
//! board, so nothing that turns the ranks over is a symmetry).
//!
//! Where the rules allow it: every man's move is the same in every direction by the
//! rules' own definitions (leaps and rides "in every symmetry", the bent riders outward);
//! only the pawn has a direction, and Grant Acedrex's promotion by file may be different
//! on mirrored files. Table positions hold no privileges (no double step, castling or
//! first leap). Each candidate is checked before it is used: every kind of the table
//! must attack, from every square, the images of the squares it attacks from the
//! image square, and a promotion by file must read the same from either side.

use super::error::DiceError;
use super::index::Index;
use super::sweep::{Stops, CHUNK};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::piece::{Color, Kind};
use crate::board::position::Position;
use crate::retro::material::MAX_MEN;
use rayon::prelude::*;
use std::sync::Arc;

/// The symmetries of a table's board that its rules keep, each a map of squares (the
/// identity left out).
pub(super) struct Symmetry {
    maps: Vec<Vec<usize>>,
}

impl Symmetry {
    /// No symmetry but the identity.
    pub(super) fn none() -> Symmetry {
        Symmetry { maps: vec![] }
    }

    /// The symmetries kept by the rules of `eng` for a table of the men `men`.
    pub(super) fn of<B: Bits>(eng: &Arc<Engine<B>>, men: &[(Color, Kind)]) -> Symmetry {
        let (w, h) = (eng.rules.width as usize, eng.rules.height as usize);
        let pawns = men.iter().any(|&(_, k)| Some(k) == eng.pawn);
        let mut maps = vec![];
        // (swap file and rank, turn the files over, turn the ranks over)
        for swap in [false, true] {
            for flip_f in [false, true] {
                for flip_r in [false, true] {
                    let identity = !swap && !flip_f && !flip_r;
                    if identity || (swap && w != h) || (pawns && (swap || flip_r)) {
                        continue;
                    }
                    let map: Vec<usize> = (0..w * h)
                        .map(|s| {
                            let (f, r) = (s % w, s / w);
                            let (f, r) = if swap { (r, f) } else { (f, r) };
                            let f = if flip_f { w - 1 - f } else { f };
                            let r = if flip_r { h - 1 - r } else { r };
                            r * w + f
                        })
                        .collect();
                    if kept(eng, men, &map, flip_f) {
                        maps.push(map);
                    }
                }
            }
        }
        Symmetry { maps }
    }

    /// The number of symmetries, the identity included.
    pub(super) fn order(&self) -> usize {
        self.maps.len() + 1
    }

    /// Per entry of `index`, its canonical entry (an entry that is no position is its
    /// own); empty when there is no symmetry. The stops are polled for every chunk.
    pub(super) fn canonical_entries(
        &self,
        index: &Index,
        stops: &Stops,
    ) -> Result<Vec<u32>, DiceError> {
        if self.maps.is_empty() {
            return Ok(vec![]);
        }
        let what = "the canonical entries of the board's symmetries";
        let n = index.entries() as usize;
        let mut canon = stops
            .budget
            .filled(what, n, 0u32)
            .map_err(DiceError::memory)?;
        // The symmetries move the men alone, so Black's half (entries from `half`) is
        // White's shifted.
        let half = n / 2;
        let (white, black) = canon.split_at_mut(half);
        white
            .par_chunks_mut(CHUNK)
            .enumerate()
            .try_for_each(|(c, chunk)| {
                stops.check()?;
                for (j, x) in chunk.iter_mut().enumerate() {
                    *x = self.canonical(index, c * CHUNK + j) as u32;
                }
                Ok::<(), DiceError>(())
            })?;
        black
            .par_chunks_mut(CHUNK)
            .zip(white.par_chunks(CHUNK))
            .for_each(|(b, w)| {
                for (x, &c) in b.iter_mut().zip(w) {
                    *x = c + half as u32;
                }
            });
        Ok(canon)
    }

    /// The lowest entry among the images of entry `i`.
    fn canonical(&self, index: &Index, i: usize) -> usize {
        let Some((side, sq)) = index.squares(i) else {
            return i;
        };
        let men = index.men().len();
        let mut best = i;
        for map in &self.maps {
            let mut image = [0usize; MAX_MEN];
            for (to, &from) in image.iter_mut().zip(&sq[..men]) {
                *to = map[from];
            }
            if let Some(j) = index.of_squares(side, image) {
                best = best.min(j);
            }
        }
        best
    }
}

/// Whether the square map `map` keeps the moves of the men `men` (a mirror of the files,
/// `flip_f`, must also keep a promotion by file).
fn kept<B: Bits>(eng: &Arc<Engine<B>>, men: &[(Color, Kind)], map: &[usize], flip_f: bool) -> bool {
    let by_file = &eng.promo_by_file;
    if flip_f && by_file.iter().ne(by_file.iter().rev()) {
        return false;
    }
    let n = map.len();
    men.iter().all(|&(c, k)| {
        (0..n).all(|s| {
            let (mut a, mut b) = (
                Position::empty(Arc::clone(eng)),
                Position::empty(Arc::clone(eng)),
            );
            a.add_man(c, k, s);
            b.add_man(c, k, map[s]);
            (0..n).all(|t| a.attacked(t, c, a.occ) == b.attacked(map[t], c, b.occ))
        })
    })
}

/// The entries a table solves, numbered densely: one slot per canonical entry (an entry
/// that is no position is its own), in entry order, so the entries with White to move come
/// first and both sides have as many slots. The sweeps, the successor lists and the values
/// are over slots: a table with eight symmetries holds an eighth of its values.
pub(super) struct Slots {
    /// Per entry, its canonical entry's slot (empty: no symmetry, every entry its own).
    slot: Vec<u32>,
    /// Per slot, its entry (empty: no symmetry).
    entry: Vec<u32>,
    entries: usize,
}

impl Slots {
    /// The slots of a table of `entries` entries without symmetry: every entry its own.
    pub(super) fn identity(entries: usize) -> Slots {
        Slots {
            slot: vec![],
            entry: vec![],
            entries,
        }
    }

    /// The slots of a table of `entries` entries whose canonical entries are `canon`
    /// (empty: none but the identity), made in place of `canon` within `budget`.
    pub(super) fn new(
        mut canon: Vec<u32>,
        entries: usize,
        budget: crate::memory::Budget,
    ) -> Result<Slots, DiceError> {
        if canon.is_empty() {
            return Ok(Slots::identity(entries));
        }
        let canonical = canon
            .iter()
            .enumerate()
            .filter(|&(i, &c)| c as usize == i)
            .count();
        let what = "the entries of a table solved by symmetry";
        let mut entry = budget
            .reserved(what, canonical)
            .map_err(DiceError::memory)?;
        // A canonical entry is the lowest of its class, so its slot is set before any
        // entry of its class reads it.
        for i in 0..canon.len() {
            let c = canon[i] as usize;
            canon[i] = if c == i {
                entry.push(i as u32);
                entry.len() as u32 - 1
            } else {
                canon[c]
            };
        }
        Ok(Slots {
            slot: canon,
            entry,
            entries,
        })
    }

    /// How many slots.
    pub(super) fn len(&self) -> usize {
        if self.slot.is_empty() {
            self.entries
        } else {
            self.entry.len()
        }
    }

    /// The slot of entry `i`.
    #[inline]
    pub(super) fn of(&self, i: usize) -> usize {
        self.slot.get(i).map_or(i, |&s| s as usize)
    }

    /// The entry solved in slot `k`.
    #[inline]
    pub(super) fn entry(&self, k: usize) -> usize {
        self.entry.get(k).map_or(k, |&e| e as usize)
    }

    /// Memory held, bytes.
    pub(super) fn bytes(&self) -> usize {
        (self.slot.len() + self.entry.len()) * 4
    }
}
