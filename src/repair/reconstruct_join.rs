//! The shards of one reconstruction joined into what the unsharded run gives. Every shard
//! lists the same fillings and refuses the same ones before any search; each judges its
//! own contiguous slice of the legal fillings. So the answers and the open fillings are
//! the shards' laid end to end, shard 0 first (the answers ranked again, stably, as one
//! run ranks them); the counts add up; and the nearest misses are found again among the
//! misses each shard kept: for every stage, its nearest few in listing order, which hold
//! every miss the whole run's nearest could take from that shard. The refusals, the same
//! in every shard, are taken from shard 0.

use super::reconstruct::{nearest, Miss, Reconstruction, MATERIAL, NEAREST};
use super::Counts;
use crate::batch::Shard;

/// The misses a merge needs: for each stage, the first [`NEAREST`] by men added (then
/// listing order), kept in listing order.
pub fn kept(misses: &[(u8, Miss)]) -> Vec<(u8, Miss)> {
    let mut chosen = vec![false; misses.len()];
    let mut stages: Vec<u8> = misses.iter().map(|m| m.0).collect();
    stages.sort_unstable();
    stages.dedup();
    for s in stages {
        let mut at: Vec<usize> = (0..misses.len()).filter(|&i| misses[i].0 == s).collect();
        at.sort_by_key(|&i| misses[i].1.added);
        for &i in at.iter().take(NEAREST) {
            chosen[i] = true;
        }
    }
    misses
        .iter()
        .zip(chosen)
        .filter(|(_, c)| *c)
        .map(|(m, _)| m.clone())
        .collect()
}

/// Checks that a shard belongs with shard 0 and holds only its own slice.
fn check(first: &Reconstruction, shard: Shard, r: &Reconstruction) -> Result<(), String> {
    if (&r.unknown, r.fillings, r.refused, r.counts.candidates)
        != (
            &first.unknown,
            first.fillings,
            first.refused,
            first.counts.candidates,
        )
    {
        return Err(format!(
            "shard {shard} listed other fillings ({} fillings, {} refused, {} legal, against {}, {}, {} in shard 0)",
            r.fillings, r.refused, r.counts.candidates, first.fillings, first.refused, first.counts.candidates
        ));
    }
    let slice = shard.range(first.counts.candidates);
    if r.counts.in_shard != slice.len() || r.open.iter().any(|o| !slice.contains(&o.candidate)) {
        return Err(format!(
            "shard {shard} holds fillings outside its slice {}..{} of {}",
            slice.start, slice.end, first.counts.candidates
        ));
    }
    Ok(())
}

/// The shards' reconstructions (each with its shard, every shard once, in order) joined.
pub fn join(parts: &[(Shard, Reconstruction)]) -> Result<Reconstruction, String> {
    let Some((_, first)) = parts.first() else {
        return Err("no shards to join".into());
    };
    let mut out = Reconstruction {
        shard: Shard::ALL.to_string(),
        answers: vec![],
        nearest: vec![],
        open: vec![],
        counts: Counts {
            candidates: first.counts.candidates,
            ..Counts::default()
        },
        kept: vec![],
        ..first.clone()
    };
    // The refusals come first in one run's list of misses, then the judged fillings'.
    let mut misses: Vec<(u8, Miss)> = first
        .kept
        .iter()
        .filter(|m| m.0 <= MATERIAL)
        .cloned()
        .collect();
    for (shard, r) in parts {
        check(first, *shard, r)?;
        out.answers.extend(r.answers.iter().cloned());
        out.open.extend(r.open.iter().cloned());
        misses.extend(r.kept.iter().filter(|m| m.0 > MATERIAL).cloned());
        let (c, d) = (&mut out.counts, &r.counts);
        c.in_shard += d.in_shard;
        c.prefiltered += d.prefiltered;
        c.claim_unreadable += d.claim_unreadable;
        c.solved += d.solved;
        c.millis += d.millis;
        c.not_run += d.not_run;
        if c.stopped.is_empty() {
            c.stopped.clone_from(&d.stopped);
        }
    }
    out.answers.sort_by_key(|a| (a.rank, a.added));
    out.counts.unknown = out.open.len();
    out.counts.repairs = out.answers.len();
    out.kept = kept(&misses);
    if out.answers.is_empty() {
        out.nearest = nearest(misses);
    }
    Ok(out)
}
