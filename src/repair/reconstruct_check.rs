//! A shard's reconstruction read back from its rows file, checked to be one that a run
//! can give before the merge joins it: its counts add up, and each answer's stored
//! verdict agrees with its keys, rank and filling. A rows file is plain JSON with a
//! digest anyone can recompute, so a hand edit (an impossible count, a `sound` answer
//! with two keys) would otherwise be merged and reported as found.

use super::filling::WrittenSolution;
use super::reconstruct::{Answer, Reconstruction};
use super::spelled::joined;
use super::JoinError;
use crate::solve::word::Verdict;

/// Every count and answer of `r` as a run gives them; the first contradiction, named.
pub fn consistent(r: &Reconstruction) -> Result<(), JoinError> {
    let c = &r.counts;
    if r.refused > r.fillings || c.candidates != r.fillings - r.refused {
        return Err(JoinError::RefusedCount {
            fillings: r.fillings,
            refused: r.refused,
            legal: c.candidates,
        });
    }
    if c.in_shard > c.candidates || c.prefiltered + c.solved + c.not_run != c.in_shard {
        return Err(JoinError::ShardCount {
            in_shard: c.in_shard,
            legal: c.candidates,
            prefiltered: c.prefiltered,
            solved: c.solved,
            not_run: c.not_run,
        });
    }
    if c.claim_unreadable > c.prefiltered
        || c.repairs != r.answers.len()
        || c.unknown != r.open.len()
        || r.answers.len() + r.open.len() > c.solved
    {
        return Err(JoinError::AnswerCount {
            answers: r.answers.len(),
            open: r.open.len(),
            solved: c.solved,
            repairs: c.repairs,
            unknown: c.unknown,
        });
    }
    r.answers.iter().try_for_each(|a| answer(r, a))
}

/// One answer: a sound filling (one key) of the squares asked, ranked by its solution.
fn answer(r: &Reconstruction, a: &Answer) -> Result<(), JoinError> {
    let filled = a.filling.iter().filter(|f| f.holds.is_some()).count();
    let ranked = match (a.rank, a.solution) {
        (1, WrittenSolution::Right | WrittenSolution::NoneWritten) => a.verdict == Verdict::Sound,
        (2, WrittenSolution::Fails(_)) => a.verdict != Verdict::Cooked,
        _ => false,
    };
    if a.keys.len() != 1 || !ranked || matches!(a.verdict, Verdict::Unsound | Verdict::Cooked) {
        return Err(JoinError::AnswerRank {
            filling: joined(&a.filling, ", "),
            rank: a.rank,
            verdict: a.verdict.word().to_string(),
            keys: a.keys.len(),
            solution: a.solution.to_string(),
        });
    }
    if a.filling.len() != r.unknown.len() || filled != a.added {
        return Err(JoinError::AnswerFilling {
            filling: joined(&a.filling, ", "),
            fills: a.filling.len(),
            squares: r.unknown.len(),
            men: filled,
            added: a.added,
        });
    }
    Ok(())
}
