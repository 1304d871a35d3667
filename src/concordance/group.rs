//! Grouping: every pair of problems on one board within `max_diff` differences under a
//! symmetry both allow is joined; the groups are the joined sets of two or more, each
//! spelled against its first member. The pairs are found by an index of the problems'
//! canonical cores ([`super::index`]); [`concord_pairwise`] compares every pair instead
//! (after a quick count of the material) and gives the same groups, slowly: the reference
//! the index is tested and timed against.

use super::diff::{self, Difference};
use super::entry::Entry;
use super::index;
use super::packed::{Packed, Packer};
use super::symmetry::{point_transforms, shifts, Allowed, Transform};
use rayon::prelude::*;
use serde::Serialize;

/// A member of a group, laid over the group's first member.
#[derive(Clone, Debug, Serialize)]
pub struct Member {
    /// Its place among the entries.
    pub entry: usize,
    /// How it is laid over the first member (nothing for the first).
    pub transform: String,
    /// How many men differ from the first member (the side to move counts as one).
    pub count: usize,
    /// The differences in words.
    pub differences: Vec<String>,
}

/// A group of problems: one position, or near variants.
#[derive(Clone, Debug, Serialize)]
pub struct Group {
    /// Its problems, two or more, in entry order; the others are spelled against the
    /// first.
    pub members: Vec<Member>,
    /// Every member's stipulation is the first's.
    pub stipulations_agree: bool,
}

/// The fewest differences between `a` and an image of `b` both allow, and that image's
/// transform, if at most `most`.
pub fn distance(a: &Entry, b: &Entry, most: usize) -> Option<(usize, Transform)> {
    let both: Allowed = a.allowed.both(&b.allowed);
    let mut best: Option<(usize, Transform)> = None;
    for t in point_transforms(&both) {
        let Some(img) = t.apply(&b.shape) else {
            continue;
        };
        let limit = best.map_or(most, |b| b.0.saturating_sub(1));
        if diff::material_distance(
            &diff::material(&a.shape, false),
            &diff::material(&img, false),
        ) as usize
            > 2 * limit
        {
            continue;
        }
        for (dx, dy) in shifts(&both, &img) {
            let t2 = Transform { dx, dy, ..t };
            let Some(moved) = (Transform {
                dx,
                dy,
                ..Transform::default()
            })
            .apply(&img) else {
                continue;
            };
            let limit = best.map_or(most, |b| b.0.saturating_sub(1));
            let n = diff::count(&a.shape, &moved, limit);
            if n <= limit && best.is_none_or(|b| n < b.0) {
                best = Some((n, t2));
                if n == 0 {
                    return best;
                }
            }
        }
    }
    best
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The pairs within `max_diff` of each other, every pair compared.
fn pairwise(entries: &[Entry], max_diff: usize) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    let key = |i: usize| {
        let s = &entries[i].shape;
        (s.width, s.height, s.men.len())
    };
    order.sort_by_key(|&i| key(i));
    let mats: Vec<[diff::Material; 2]> = entries
        .iter()
        .map(|e| {
            [
                diff::material(&e.shape, false),
                diff::material(&e.shape, true),
            ]
        })
        .collect();
    (0..order.len())
        .into_par_iter()
        .flat_map_iter(|x| {
            let i = order[x];
            let (w, h, n) = key(i);
            let mut found = vec![];
            for &j in order[x + 1..].iter() {
                let (w2, h2, n2) = key(j);
                if (w2, h2) != (w, h) || n2 > n + max_diff {
                    break;
                }
                let swap = entries[i].allowed.colours && entries[j].allowed.colours;
                let near = |m: &diff::Material| {
                    diff::material_distance(&mats[i][0], m) as usize <= 2 * max_diff
                };
                if !(near(&mats[j][0]) || (swap && near(&mats[j][1]))) {
                    continue;
                }
                if distance(&entries[i], &entries[j], max_diff).is_some() {
                    found.push((i.min(j), i.max(j)));
                }
            }
            found
        })
        .collect()
}

/// The groups of `entries` within `max_diff` differences, in the order of their first
/// members, each member in entry order.
pub fn concord(entries: &[Entry], max_diff: usize) -> Vec<Group> {
    let mut packer = Packer::default();
    let packs: Vec<Packed> = entries.iter().map(|e| packer.pack(e)).collect();
    groups_of(entries, index::joining_pairs(&packs, max_diff))
}

/// The groups [`concord`] gives, found by comparing every pair of problems.
pub fn concord_pairwise(entries: &[Entry], max_diff: usize) -> Vec<Group> {
    groups_of(entries, pairwise(entries, max_diff))
}

/// The groups the joined pairs make.
fn groups_of(entries: &[Entry], joined: Vec<(usize, usize)>) -> Vec<Group> {
    let mut parent: Vec<usize> = (0..entries.len()).collect();
    for (i, j) in joined {
        let (a, b) = (find(&mut parent, i), find(&mut parent, j));
        parent[a.max(b)] = a.min(b);
    }
    let mut sets: Vec<Vec<usize>> = vec![vec![]; entries.len()];
    for i in 0..entries.len() {
        let r = find(&mut parent, i);
        sets[r].push(i);
    }
    sets.into_iter()
        .filter(|s| s.len() > 1)
        .map(|s| group_of(entries, &s))
        .collect()
}

/// A set of entries spelled against its first.
fn group_of(entries: &[Entry], set: &[usize]) -> Group {
    let head = &entries[set[0]];
    let members = set
        .par_iter()
        .map(|&i| {
            let e = &entries[i];
            let (n, t) = distance(head, e, usize::MAX / 4).unwrap_or_default();
            let img = t.apply(&e.shape).unwrap_or_else(|| e.shape.clone());
            let mut words: Vec<String> = diff::differences(&head.shape, &img)
                .iter()
                .map(|d| spell(d, head, e))
                .collect();
            if e.rules != head.rules {
                words.push(format!(
                    "rules: {} in {}, {} in {}",
                    head.rules, head.id, e.rules, e.id
                ));
            }
            Member {
                entry: i,
                transform: t.words(),
                count: n,
                differences: words,
            }
        })
        .collect();
    Group {
        members,
        stipulations_agree: set
            .iter()
            .all(|&i| entries[i].stipulation == head.stipulation),
    }
}

/// A difference in words, A the first member, B the other.
fn spell(d: &Difference, a: &Entry, b: &Entry) -> String {
    let man = |e: &Entry, c: u8, l: &str| {
        let kind: Vec<String> = l
            .chars()
            .map(|ch| e.names.get(&ch).cloned().unwrap_or_else(|| ch.to_string()))
            .collect();
        format!("{} {}", a.sides[c as usize & 1], kind.join(" on "))
    };
    let sq = diff::square_name;
    let (ia, ib) = (&a.id, &b.id);
    match d {
        Difference::OnlyA(s, c, l) => {
            format!("{}: {} in {ia}, empty in {ib}", sq(*s), man(a, *c, l))
        }
        Difference::OnlyB(s, c, l) => {
            format!("{}: empty in {ia}, {} in {ib}", sq(*s), man(b, *c, l))
        }
        Difference::Moved(f, t, c, l) => {
            format!(
                "{}: on {} in {ia}, on {} in {ib}",
                man(a, *c, l),
                sq(*f),
                sq(*t)
            )
        }
        Difference::Changed(s, (c1, l1), (c2, l2)) => format!(
            "{}: {} in {ia}, {} in {ib}",
            sq(*s),
            man(a, *c1, l1),
            man(b, *c2, l2)
        ),
        Difference::Side(x, y) => format!(
            "side to move: {} in {ia}, {} in {ib}",
            a.sides[*x as usize & 1],
            a.sides[*y as usize & 1]
        ),
    }
}
