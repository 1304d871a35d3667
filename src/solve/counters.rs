//! Counts of what the bottom of the tree does, level by level, for a developer measuring
//! the search, before and after a change. Built only with the
//! `counters` feature; without it every count is a no-op the compiler removes, and
//! [`counts`] is empty. The counts are shared by every worker of the process and never
//! reset: a tool reads them after the solves it times (`examples/loop_solve.rs`).

/// What is counted. The levels are named by the attacker's moves left: "attack 2" is an
/// attacker's node with two moves left, "defend 1" a defender's node after which the
/// attacker has one move left. The two levels above ("attack 3", "defend 2") are counted
/// for their shape only: how many first moves, how many defences until one holds.
#[derive(Clone, Copy)]
pub(crate) enum Count {
    Attack3Nodes,
    Attack3MovesMade,
    Defend2Nodes,
    Defend2TableAnswers,
    Defend2DefencesTried,
    Attack2Nodes,
    Attack2TableAnswers,
    Attack2MovesListed,
    Attack2MovesMade,
    Attack2QuietAnswers,
    Attack2HeldAnswers,
    Defend1Nodes,
    Defend1TableAnswers,
    Defend1LastHeldHolds,
    Defend1LastHeldFails,
    Defend1Listed,
    Defend1DefencesTried,
    Attack1Nodes,
    Attack1Refuted,
    Attack1ChecksListed,
    Attack1ChecksAfterMaps,
    Attack1JudgedEscape,
    Attack1JudgedMate,
    Attack1ChecksPlayed,
}

/// Each count's name, in the order of [`Count`] (read only with the feature, and by the
/// test).
#[cfg_attr(not(feature = "counters"), allow(dead_code))]
const NAMES: [&str; 24] = [
    "attack 3: nodes",
    "attack 3: first moves made",
    "defend 2: nodes",
    "defend 2: answered by the table",
    "defend 2: defences tried from the list",
    "attack 2: nodes",
    "attack 2: answered by the table",
    "attack 2: first moves listed (legal; where the leapers' bound applies, not refuted by it)",
    "attack 2: first moves made",
    "attack 2: answered by the quiet defence",
    "attack 2: answered by the held reply",
    "defend 1: nodes",
    "defend 1: answered by the table",
    "defend 1: the last-held defence holds",
    "defend 1: the last-held defence fails",
    "defend 1: defences listed (the last-held one not played or failed)",
    "defend 1: defences tried from the list",
    "attack 1: nodes",
    "attack 1: refuted before a check is listed",
    "attack 1: checks listed",
    "attack 1: checks left by the maps",
    "attack 1: checks judged escaped",
    "attack 1: checks judged mate",
    "attack 1: checks played",
];

#[cfg(feature = "counters")]
static COUNTS: [std::sync::atomic::AtomicU64; NAMES.len()] =
    [const { std::sync::atomic::AtomicU64::new(0) }; NAMES.len()];

/// Adds `v` to count `c` (nothing without the `counters` feature).
#[inline(always)]
pub(crate) fn add(c: Count, v: usize) {
    #[cfg(feature = "counters")]
    COUNTS[c as usize].fetch_add(v as u64, std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(feature = "counters"))]
    let _ = (c, v);
}

/// Adds one to count `c`.
#[inline(always)]
pub(crate) fn one(c: Count) {
    add(c, 1);
}

/// Counts an attacker's node with `n` moves left (at the levels counted).
#[inline(always)]
pub(crate) fn attack_node(n: u32) {
    match n {
        1 => one(Count::Attack1Nodes),
        2 => one(Count::Attack2Nodes),
        3 => one(Count::Attack3Nodes),
        _ => {}
    }
}

/// Counts one at a defender's node after which the attacker has `n` moves left: `one`
/// where `n` is 1, `two` where it is 2, nothing at the other levels.
#[inline(always)]
pub(crate) fn defend_level(n: u32, one_left: Count, two_left: Count) {
    match n {
        1 => one(one_left),
        2 => one(two_left),
        _ => {}
    }
}

/// Counts a first move made at an attacker's node with `n` moves left.
#[inline(always)]
pub(crate) fn attack_move(n: u32) {
    match n {
        2 => one(Count::Attack2MovesMade),
        3 => one(Count::Attack3MovesMade),
        _ => {}
    }
}

/// Every count so far with its name, in the order the counts are defined in this file;
/// empty without the `counters` feature.
pub fn counts() -> Vec<(&'static str, u64)> {
    #[cfg(feature = "counters")]
    {
        let read = |i: usize| COUNTS[i].load(std::sync::atomic::Ordering::Relaxed);
        NAMES
            .iter()
            .enumerate()
            .map(|(i, &n)| (n, read(i)))
            .collect()
    }
    #[cfg(not(feature = "counters"))]
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_count_has_a_name() {
        assert_eq!(Count::Attack1ChecksPlayed as usize + 1, NAMES.len());
        #[cfg(feature = "counters")]
        {
            let before = counts()[Count::Defend1Nodes as usize].1;
            add(Count::Defend1Nodes, 2);
            assert!(counts()[Count::Defend1Nodes as usize].1 >= before + 2);
        }
        #[cfg(not(feature = "counters"))]
        assert!(counts().is_empty());
    }
}
