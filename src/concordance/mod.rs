//! The concordance of collections: which problems are one position up to the symmetries
//! their rules allow ([`symmetry`]), and which are near variants of one another, differing
//! by a few men ([`diff`]); grouped ([`group`]) with every difference spelled out.
//!
//! Uses the board (to read each position under its rules) and problem layers; knows
//! nothing of solving: whether the members' verdicts agree is asked by the caller, which
//! hands the verdicts in.

pub mod diff;
pub mod entry;
pub mod group;
pub mod index;
pub mod packed;
pub mod read;
pub mod shape;
pub mod symmetry;

pub use entry::{Entry, EntryError, Shapes};
pub use group::{concord, concord_pairwise, Group, Member};

use std::collections::HashMap;

/// For each problem in a group (by `(file, id)`), the other members of its group: the
/// hook an edition calls to link each problem to its variants.
pub fn members_of(
    groups: &[Group],
    entries: &[Entry],
) -> HashMap<(String, String), Vec<(String, String)>> {
    let key = |i: usize| (entries[i].file.clone(), entries[i].id.clone());
    let mut out = HashMap::new();
    for g in groups {
        for m in &g.members {
            let others = g
                .members
                .iter()
                .filter(|o| o.entry != m.entry)
                .map(|o| key(o.entry))
                .collect();
            out.insert(key(m.entry), others);
        }
    }
    out
}
