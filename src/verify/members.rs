//! The verdicts of a concordance's grouped members ([`crate::concordance`]): each member
//! of a group verified in parallel (or, without solving, the verdict its file expects),
//! so that a writer can say whether a group's verdicts agree.

use crate::concordance::group::Group;
use crate::problem::{Engines, Problem};
use crate::solve::Limits;
use rayon::prelude::*;

/// The verdict of every entry that is a member of a group, by entry index (`None` for
/// entries in no group, and for members whose file expects nothing when `solve` is
/// false): the verdict word of its verification under `limits` when `solve`, else its
/// `expect`. `tick` hears of each member as it starts.
pub fn member_verdicts(
    groups: &[Group],
    problems: &[Problem],
    engines: &Engines,
    limits: &Limits,
    solve: bool,
    tick: &(dyn Fn() + Sync),
) -> Vec<Option<String>> {
    let asked: Vec<usize> = members(groups);
    let found: Vec<(usize, Option<String>)> = asked
        .par_iter()
        .map(|&i| {
            tick();
            let v = if solve {
                Some(
                    super::verify_with(&problems[i], engines, limits)
                        .verdict
                        .word()
                        .to_string(),
                )
            } else {
                problems[i].expect.clone()
            };
            (i, v)
        })
        .collect();
    let mut verdicts: Vec<Option<String>> = vec![None; problems.len()];
    for (i, v) in found {
        verdicts[i] = v;
    }
    verdicts
}

/// The entries that are members of a group, group by group.
pub fn members(groups: &[Group]) -> Vec<usize> {
    groups
        .iter()
        .flat_map(|g| g.members.iter().map(|m| m.entry))
        .collect()
}
