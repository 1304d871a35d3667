//! The retrograde tables a problem probes: a directory given, or the small table a `win`
//! ending needs, built once on the fly; and what a problem's searches share ([`Known`]).

use super::{Conditions, Goal, Limits, Stipulation};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::position::Position;
use crate::retro::Material;
use std::sync::Arc;

/// The largest material built on the fly.
const AUTO_TABLE_MEN: usize = 4;

/// A `win` problem of at most this many men also gets, on the fly, the tables of the
/// four-man endings its captures lead to. With more men the search
/// seldom gets down to four (benches/NOTES.md, "Tables where captures lead").
const AUTO_REACHED_FROM: usize = 6;

/// Most entries built on the fly for the endings one problem reaches (the problem's own
/// table of four men or fewer is built whatever its size, as before).
const AUTO_ENTRIES: u64 = 40_000_000;

/// Entries built a second, about, on two cores (the build rate of docs/tables.md); under a
/// time limit the endings get at most a quarter of it.
const ENTRIES_PER_SECOND: u64 = 2_000_000;

/// The materials of at most four men that captures and promotions lead to from `root`,
/// each the first such on its way (the smaller ones are built with them).
fn reached_endings<B: Bits>(eng: &Engine<B>, root: &Material) -> Vec<Material> {
    let mut seen = vec![root.clone()];
    let mut todo = vec![root.clone()];
    let mut out = vec![];
    while let Some(m) = todo.pop() {
        if m.men() <= AUTO_TABLE_MEN {
            out.push(m);
            continue;
        }
        for next in m.successors(eng) {
            if !seen.contains(&next) {
                seen.push(next.clone());
                todo.push(next);
            }
        }
    }
    out.sort();
    out
}

/// Is a material's table file in `dir`?
fn on_disk<B: Bits>(eng: &Engine<B>, dir: &std::path::Path, m: &Material) -> bool {
    crate::retro::table_path(dir, &eng.rules, &m.name(&eng.rules)).exists()
}

/// Of `targets`, the cheapest first, those whose tables not yet on disk fit in `budget`
/// entries together.
fn affordable<B: Bits>(
    eng: &Engine<B>,
    dir: &std::path::Path,
    targets: Vec<Material>,
    budget: u64,
) -> Vec<Material> {
    let new_entries = |t: &Material, planned: &[Material]| -> u64 {
        (crate::retro::build::closure(eng, t).iter())
            .filter(|m| !planned.contains(m) && !on_disk(eng, dir, m))
            .map(|m| crate::retro::build::entries_of(eng, m, true))
            .sum()
    };
    let mut by_cost: Vec<(u64, Material)> = (targets.into_iter())
        .map(|t| (new_entries(&t, &[]), t))
        .collect();
    by_cost.sort();
    let (mut spent, mut planned, mut out) = (0u64, vec![], vec![]);
    for (_, t) in by_cost {
        let cost = new_entries(&t, &planned);
        if spent + cost <= budget {
            spent += cost;
            planned.extend(crate::retro::build::closure(eng, &t));
            out.push(t);
        }
    }
    out
}

/// Builds, once, the tables a small `win` or `draw` problem needs, in the cache folder the limits
/// name (the command line's is the user's own, `files::cache`): its own when it has four
/// men or fewer, else those of the four-man endings its captures reach, within a budget of entries (the
/// time counts against the problem's). `None` when not wanted or not possible.
fn auto_tables<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
) -> Option<std::path::PathBuf> {
    let men = (pos.men[0] + pos.men[1]) as usize;
    let dir = limits.table_cache.as_ref()?.path().to_path_buf();
    if stip.goal == Goal::Mate || stip.exact || !cond.is_plain() || men > AUTO_REACHED_FROM {
        return None;
    }
    let mat = crate::retro::material_of(pos).ok()?;
    let targets = if men <= AUTO_TABLE_MEN {
        vec![mat]
    } else {
        let budget = (limits.timeout)
            .map_or(AUTO_ENTRIES, |t| {
                (t.as_secs_f64() / 4.0 * ENTRIES_PER_SECOND as f64) as u64
            })
            .min(AUTO_ENTRIES);
        affordable(&pos.eng, &dir, reached_endings(&pos.eng, &mat), budget)
    };
    static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    let quiet = |_: &str, _: &str, _: u64, _: u64| {};
    let opts = crate::retro::BuildOptions {
        reads: limits.reads.clone(),
        ..Default::default()
    };
    // An ending's table whose files are all there is not read here: the probe reads it
    // when first asked, and never uses a damaged file. (The problem's own table is
    // checked, and rebuilt if damaged, as before.)
    let all_there = |t: &Material| {
        men > AUTO_TABLE_MEN
            && (crate::retro::build::closure(&pos.eng, t).iter())
                .all(|m| on_disk(&pos.eng, &dir, m))
    };
    let ready = (targets.iter())
        .filter(|t| all_there(t) || crate::retro::build(&pos.eng, t, &dir, &opts, &quiet).is_ok())
        .count();
    (ready > 0).then_some(dir)
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
    dir.map(|d| Arc::new(crate::retro::Tables::open(d, &pos.eng.rules, &limits.reads)))
}

/// What the searches of one problem share: the retrograde tables it probes and one
/// transposition table, so that what the claim check proves along the manuscript's line
/// (and its duals) serves the search from the root, which comes after it. Only for
/// searches of the same position, stipulation and conditions.
pub(crate) struct Known {
    pub tables: Option<Arc<crate::retro::Tables>>,
    pub table: Arc<super::transpositions::Shared>,
}

impl Known {
    /// A fresh transposition table around these retrograde tables.
    pub fn fresh(tables: Option<Arc<crate::retro::Tables>>, limits: &Limits) -> Self {
        Known {
            tables,
            table: Arc::new(super::transpositions::Shared::within(
                limits.budget().bytes(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Rules;

    fn shatranj() -> (Arc<Engine<u64>>, Rules) {
        let r = Rules::preset("shatranj").unwrap();
        (Arc::new(Engine::new(r.clone()).unwrap()), r)
    }

    fn names(eng: &Engine<u64>, ms: &[Material]) -> Vec<String> {
        ms.iter().map(|m| m.name(&eng.rules)).collect()
    }

    #[test]
    fn the_endings_a_material_reaches_by_captures_and_promotions() {
        let (eng, r) = shatranj();
        let m = |t: &str| Material::parse(t, &r).unwrap();
        let of = |t: &str| reached_endings(&eng, &m(t));
        let set = |ts: &[&str]| -> Vec<Material> {
            let mut v: Vec<Material> = ts.iter().map(|t| m(t)).collect();
            v.sort();
            v
        };
        // Each capture of one of the three men (q is the ferz, in shatranj letters).
        assert_eq!(of("KRQKQ"), set(&["KQKQ", "KRKQ", "KRQK"]));
        // Six men: two captures; the pawn's promotion to a ferz leads to more.
        let six = of("KRPKQN");
        for want in ["KRKQ", "KRKN", "KPKQ", "KQKQ", "KRPK", "KQKN"] {
            assert!(six.contains(&m(want)), "{want} in {:?}", names(&eng, &six));
        }
        assert!(six.iter().all(|x| x.men() == 4));
        // Four men or fewer: the material itself.
        assert_eq!(of("KRKQ"), set(&["KRKQ"]));
    }

    #[test]
    fn endings_are_built_within_the_budget_cheapest_first() {
        let (eng, r) = shatranj();
        let dir = tempfile::tempdir().unwrap();
        let m = |t: &str| Material::parse(t, &r).unwrap();
        let entries = |t: &Material| -> u64 {
            (crate::retro::build::closure(&eng, t).iter())
                .map(|x| crate::retro::build::entries_of(&eng, x, true))
                .sum()
        };
        let all = vec![m("KRPK"), m("KRKQ"), m("KQKQ")];
        assert!(affordable(&eng, dir.path(), all.clone(), 0).is_empty());
        // The two pawnless tables fit together (sharing KK); the pawn table is larger.
        let budget = entries(&m("KRKQ")) + entries(&m("KQKQ"));
        assert!(entries(&m("KRPK")) > budget);
        let some = affordable(&eng, dir.path(), all.clone(), budget);
        assert_eq!(some, [m("KQKQ"), m("KRKQ")]);
        assert_eq!(affordable(&eng, dir.path(), all, u64::MAX).len(), 3);
        // A table already on disk costs nothing.
        let opts = crate::retro::BuildOptions::default();
        crate::retro::build(&eng, &m("KRK"), dir.path(), &opts, &|_, _, _, _| {}).unwrap();
        assert_eq!(affordable(&eng, dir.path(), vec![m("KRK")], 0), [m("KRK")]);
    }
}
