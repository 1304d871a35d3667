//! The shards of one reconstruction joined into what the unsharded run gives. Every shard
//! lists the same fillings and refuses the same ones before any search; each judges its
//! own contiguous slice of the legal fillings. So the answers and the open fillings are
//! the shards' laid end to end, shard 0 first (the answers ranked again, stably, as one
//! run ranks them); the counts add up; and the nearest misses are found again among the
//! misses each shard kept: for every stage, its nearest few in listing order, which hold
//! every miss the whole run's nearest could take from that shard. The refusals, the same
//! in every shard, are taken from shard 0.

use super::filling::MATERIAL;
use super::reconstruct::{finish, Miss, Reconstruction};
use super::{Counts, JoinError};
use crate::batch::Shard;

/// Checks that a shard belongs with shard 0 and holds only its own slice.
fn check(first: &Reconstruction, shard: Shard, r: &Reconstruction) -> Result<(), JoinError> {
    super::reconstruct_check::consistent(r).map_err(|e| JoinError::Shard {
        shard,
        err: Box::new(e),
    })?;
    if (&r.unknown, r.fillings, r.refused, r.counts.candidates)
        != (
            &first.unknown,
            first.fillings,
            first.refused,
            first.counts.candidates,
        )
    {
        return Err(JoinError::OtherFillings {
            shard,
            fillings: r.fillings,
            refused: r.refused,
            legal: r.counts.candidates,
            first_fillings: first.fillings,
            first_refused: first.refused,
            first_legal: first.counts.candidates,
        });
    }
    let slice = shard.range(first.counts.candidates);
    if r.counts.in_shard != slice.len() || r.open.iter().any(|o| !slice.contains(&o.candidate)) {
        return Err(JoinError::OutsideSlice {
            shard,
            start: slice.start,
            end: slice.end,
            legal: first.counts.candidates,
        });
    }
    Ok(())
}

/// The shards' reconstructions (each with its shard, every shard once, in order) joined.
pub fn join(parts: &[(Shard, Reconstruction)]) -> Result<Reconstruction, JoinError> {
    let Some((_, first)) = parts.first() else {
        return Err(JoinError::NoShards);
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
        out.counts.add_shard(&r.counts);
    }
    finish(&mut out, misses);
    Ok(out)
}
