//! The rule sets a problem runs under: its own, the user's, or every preset it can be
//! carried over to.

use super::job::Job;
use crate::board::position::Position;
use crate::board::presets::PRESETS;
use crate::problem::carry::{carry, Carried};
use crate::problem::Engines;
use crate::problem::Problem;
use crate::report::grid::Skip;
use crate::with_engine;
use std::sync::Arc;

/// The rule sets each problem runs under: its own (or `rules`, the user's choice over every problem's own), or with `--all-rules`
/// its own first and then every other preset it can be carried over to (its men kept by
/// identity, see [`crate::problem::carry`]); the presets it cannot go to, with the reason.
pub fn jobs_for(
    p: &Arc<Problem>,
    rules: Option<&str>,
    all_rules: bool,
    engines: &Engines,
) -> (Vec<Job>, Vec<Skip>) {
    let job = |rules: &str, from_cli: bool, carried: Option<Carried>| Job {
        problem: Arc::clone(p),
        rules: rules.to_string(),
        from_cli,
        carried,
    };
    if let Some(r) = rules {
        return (vec![job(r, true, None)], vec![]);
    }
    let own = job(&p.rules, false, None);
    if !all_rules {
        return (vec![own], vec![]);
    }
    let mut skipped = vec![];
    let mut skip = |rules: &str, reason: String| {
        skipped.push(Skip {
            rules: rules.to_string(),
            reason,
        })
    };
    let others = PRESETS.iter().filter(|n| **n != p.rules);
    // Carrying starts from the position as its own rules read it.
    let own_reads = engines.own(p).map_err(|e| e.to_string()).and_then(|e| {
        with_engine!(&e, x => Position::from_fen(x.clone(), &p.fen).map(|_| ()).map_err(|err| err.to_string()))
            .map(|_| e)
    });
    let own_eng = match own_reads {
        Ok(e) => e,
        Err(why) => {
            for name in others {
                skip(
                    name,
                    format!("the problem does not read under its own rules ({why})"),
                );
            }
            return (vec![own], skipped);
        }
    };
    let mut jobs = vec![own];
    for name in others {
        let e = match engines.get(name, None) {
            Ok(e) => e,
            Err(why) => {
                skip(name, why.to_string());
                continue;
            }
        };
        let c = match carry(
            own_eng.rules(),
            e.rules(),
            &p.fen,
            &p.conditions,
            p.solution.as_deref(),
        ) {
            Ok(c) => c,
            Err(why) => {
                skip(name, why.to_string());
                continue;
            }
        };
        // Another assize may not take the position (a pawn on the last rank, an
        // en-passant square it has no use for) or may end the game before it starts.
        let refused = with_engine!(&e, x => match Position::from_fen(x.clone(), &c.fen) {
            Err(err) => Some(format!("does not take the position: {err}")),
            Ok(pos) => p.decided_before_play(&pos),
        });
        match refused {
            Some(why) => skip(name, why),
            None => jobs.push(job(name, false, Some(c))),
        }
    }
    (jobs, skipped)
}
