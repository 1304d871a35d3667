//! The retrograde tables a problem probes: a directory given, or the small table a `win`
//! ending needs, built once on the fly; and what a problem's searches share ([`Known`]).

use super::{Conditions, Goal, Limits, Stipulation};
use crate::board::bits::Bits;
use crate::board::position::Position;
use std::sync::Arc;

/// The largest material built on the fly.
const AUTO_TABLE_MEN: u16 = 4;

/// Builds, once, the table a small `win` ending needs, in a cache directory shared by
/// every run (`$TMPDIR/mansuba-tables`); `None` when not wanted or not possible.
fn auto_tables<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
) -> Option<std::path::PathBuf> {
    if !limits.auto_tables
        || stip.goal != Goal::Win
        || stip.exact
        || !cond.is_plain()
        || pos.men[0] + pos.men[1] > AUTO_TABLE_MEN
    {
        return None;
    }
    let mat = crate::retro::material_of(pos).ok()?;
    let dir = std::env::temp_dir().join("mansuba-tables");
    static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    let quiet = |_: &str, _: &str, _: u64, _: u64| {};
    crate::retro::build(
        &pos.eng,
        &mat,
        &dir,
        &crate::retro::BuildOptions::default(),
        &quiet,
    )
    .ok()?;
    Some(dir)
}

/// The tables a problem probes: the directory given, or the one built on the fly.
pub(crate) fn tables_for<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
) -> Option<Arc<crate::retro::Tables>> {
    let dir = limits
        .tables_dir
        .clone()
        .or_else(|| auto_tables(pos, stip, cond, limits));
    dir.map(|d| Arc::new(crate::retro::Tables::open(d, &pos.eng.rules)))
}

/// What the searches of one problem share: the retrograde tables it probes and one
/// transposition table, so that what the claim check proves along the manuscript's line
/// (and its duals) serves the search from the root, which comes after it. Only for
/// searches of the same position, stipulation and conditions.
pub(crate) struct Known {
    pub tables: Option<Arc<crate::retro::Tables>>,
    pub table: Arc<super::table::Shared>,
}

impl Known {
    /// A fresh transposition table around these retrograde tables.
    pub fn fresh(tables: Option<Arc<crate::retro::Tables>>) -> Self {
        Known {
            tables,
            table: Arc::new(super::table::Shared::new()),
        }
    }
}
