//! A shard's reconstruction read back from its rows file, checked to be one that a run
//! can give before the merge joins it: its counts add up, and each answer's stored
//! verdict agrees with its keys, rank and filling. A rows file is plain JSON with a
//! digest anyone can recompute, so a hand edit (an impossible count, a `sound` answer
//! with two keys) would otherwise be merged and reported as found.

use super::reconstruct::{Answer, Reconstruction};

/// Every count and answer of `r` as a run gives them; the first contradiction, named.
pub fn consistent(r: &Reconstruction) -> Result<(), String> {
    let c = &r.counts;
    let fail = |what: String| Err(format!("impossible counts: {what}"));
    if r.refused > r.fillings || c.candidates != r.fillings - r.refused {
        return fail(format!(
            "{} fillings, {} refused, {} legal (the legal are the fillings not refused)",
            r.fillings, r.refused, c.candidates
        ));
    }
    if c.in_shard > c.candidates || c.prefiltered + c.solved + c.not_run != c.in_shard {
        return fail(format!(
            "{} in the shard of {} legal, {} prefiltered + {} solved + {} not run",
            c.in_shard, c.candidates, c.prefiltered, c.solved, c.not_run
        ));
    }
    if c.claim_unreadable > c.prefiltered
        || c.repairs != r.answers.len()
        || c.unknown != r.open.len()
        || r.answers.len() + r.open.len() > c.solved
    {
        return fail(format!(
            "{} answers and {} open of {} solved, counted {} and {}",
            r.answers.len(),
            r.open.len(),
            c.solved,
            c.repairs,
            c.unknown
        ));
    }
    r.answers.iter().try_for_each(|a| answer(r, a))
}

/// One answer: a sound filling (one key) of the squares asked, ranked by its solution.
fn answer(r: &Reconstruction, a: &Answer) -> Result<(), String> {
    let filled = a.filling.iter().filter(|f| !f.ends_with(" empty")).count();
    let ranked = match a.rank {
        1 => a.verdict == "sound" && (a.solution == "right" || a.solution == "none written"),
        2 => a.solution.starts_with("fails: ") && a.verdict != "cooked",
        _ => false,
    };
    if a.keys.len() != 1 || !ranked || matches!(a.verdict.as_str(), "unsound" | "cooked") {
        return Err(format!(
            "the answer {} is stored as rank {} '{}' with {} key(s) and solution '{}', which no run gives (an answer is sound: one key)",
            a.filling.join(", "),
            a.rank,
            a.verdict,
            a.keys.len(),
            a.solution
        ));
    }
    if a.filling.len() != r.unknown.len() || filled != a.added {
        return Err(format!(
            "the answer {} fills {} of {} squares with {} men, stored as {} added",
            a.filling.join(", "),
            a.filling.len(),
            r.unknown.len(),
            filled,
            a.added
        ));
    }
    Ok(())
}
