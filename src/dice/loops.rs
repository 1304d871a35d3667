//! The rows of a fixed-choice system (`dice::fixed`) from which the choices never leave
//! the component: the game goes on forever there (a draw), and the system has one
//! solution only once they are stripped of their successors.
//!
//! Round after round of policy iteration the choices leave from every row (KQKQ, KRKQ,
//! KQK and KRK without the bare-king win: not one row stripped in any round), and a round
//! changes few rows. When the last choices left from every row, a row that did not change
//! keeps its way out up to the first changed row on it; so it is enough that every
//! changed row still finds a way out, which a search forward from those rows shows,
//! without the matrix turned round and searched back from every exit.

use super::krylov::Sparse;

/// Not yet reached by the forward search.
const UNSEEN: u8 = 0;
/// On the search's path.
const ON_PATH: u8 = 1;
/// Known to lead out.
const LEADS_OUT: u8 = 2;
/// Searched to the end without a way out found from it (perhaps only for now).
const SEARCHED: u8 = 3;

/// `a` with the rows from which the fixed choices never leave the component (the game
/// goes on forever: a draw, every chance 0) stripped of their successors, so the system
/// has one solution; `exits[r]`: row r has a throw leading out. `changed`: where the last
/// round's choices left from every row, the rows whose choices changed since. Also
/// whether every row leads out (nothing was stripped).
pub(super) fn close_loops(a: Sparse, exits: &[bool], changed: Option<&[u32]>) -> (Sparse, bool) {
    if let Some(changed) = changed {
        if lead_out(&a, exits, changed, (a.rows() / 8).max(1 << 10)) {
            return (a, true);
        }
    }
    let reach = leading_out(&a, exits);
    if reach.iter().all(|&x| x) {
        return (a, true);
    }
    let mut b = Sparse::default();
    b.start.push(0);
    for (r, &reaches) in reach.iter().enumerate() {
        if reaches {
            for e in a.start[r] as usize..a.start[r + 1] as usize {
                b.col.push(a.col[e]);
                b.p.push(a.p[e]);
            }
        }
        b.start.push(b.col.len() as u32);
    }
    (b, false)
}

/// Per row, whether the choices lead out of the component from it: a search back from
/// the rows that exit.
fn leading_out(a: &Sparse, exits: &[bool]) -> Vec<bool> {
    let (into, from) = a.reversed();
    let mut reach = exits.to_vec();
    let mut todo: Vec<u32> = (0..a.rows() as u32)
        .filter(|&r| exits[r as usize])
        .collect();
    while let Some(r) = todo.pop() {
        for &q in &from[into[r as usize] as usize..into[r as usize + 1] as usize] {
            if !reach[q as usize] {
                reach[q as usize] = true;
                todo.push(q);
            }
        }
    }
    reach
}

/// Whether a way out is found forward from every row of `rows`, looking at no more than
/// `budget` rows in all. A `false` proves nothing (the caller searches the whole matrix):
/// a row searched without success is not searched again, though a way out might pass
/// through a row that was still on the path then.
fn lead_out(a: &Sparse, exits: &[bool], rows: &[u32], budget: usize) -> bool {
    let mut state = vec![UNSEEN; a.rows()];
    // The path: each row with the next of its entries to try.
    let mut path: Vec<(u32, u32)> = vec![];
    let mut seen = 0;
    for &s in rows {
        match state[s as usize] {
            LEADS_OUT => continue,
            UNSEEN => {}
            _ => return false,
        }
        state[s as usize] = ON_PATH;
        path.push((s, a.start[s as usize]));
        let mut out = false;
        while let Some((r, next)) = path.last_mut() {
            let r = *r as usize;
            if exits[r] {
                out = true;
                break;
            }
            if *next == a.start[r + 1] {
                state[r] = SEARCHED;
                path.pop();
                continue;
            }
            let c = a.col[*next as usize] as usize;
            *next += 1;
            match state[c] {
                LEADS_OUT => {
                    out = true;
                    break;
                }
                UNSEEN => {
                    seen += 1;
                    if seen > budget {
                        return false;
                    }
                    state[c] = ON_PATH;
                    path.push((c as u32, a.start[c]));
                }
                _ => {}
            }
        }
        if !out {
            return false;
        }
        for (r, _) in path.drain(..) {
            state[r as usize] = LEADS_OUT;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows 0 → 1 → 2 → 0 in a ring; row 3 → 4 → 3; row 5 → 0; the rows of `exits` exit.
    fn rings() -> Sparse {
        let rows: [&[u32]; 6] = [&[1], &[2], &[0], &[4], &[3], &[0]];
        let mut a = Sparse::default();
        a.start.push(0);
        for r in rows {
            a.col.extend_from_slice(r);
            a.p.extend(r.iter().map(|_| 0.5));
            a.start.push(a.col.len() as u32);
        }
        a
    }

    #[test]
    fn the_forward_search_agrees_with_the_search_back_from_the_exits() {
        let a = rings();
        for mask in 0..64u32 {
            let exits: Vec<bool> = (0..6).map(|r| mask & (1 << r) != 0).collect();
            let reach = leading_out(&a, &exits);
            for r in 0..6u32 {
                // Where the search forward says a row leads out, it does.
                if lead_out(&a, &exits, &[r], 6) {
                    assert!(reach[r as usize], "mask {mask:b}, row {r}");
                }
                // With room enough it finds every way out from a single row.
                assert_eq!(lead_out(&a, &exits, &[r], 6), reach[r as usize]);
            }
            let all = (0..6).collect::<Vec<u32>>();
            if lead_out(&a, &exits, &all, 6) {
                assert!(reach.iter().all(|&x| x), "mask {mask:b}");
            }
        }
    }

    #[test]
    fn rows_that_never_lead_out_are_stripped_even_when_only_changed_rows_are_named() {
        // Only row 0 exits: the ring 3 ↔ 4 never leads out.
        let exits = [true, false, false, false, false, false];
        for changed in [None, Some(&[3u32][..]), Some(&[1u32][..])] {
            let (b, all) = close_loops(rings(), &exits, changed);
            if changed == Some(&[1u32][..]) {
                // Row 1 leads out, and the caller vouched for the rest.
                assert!(all);
                continue;
            }
            assert!(!all);
            for r in [3, 4] {
                assert_eq!(b.start[r], b.start[r + 1], "row {r} keeps successors");
            }
            assert_eq!(b.start[1] - b.start[0], 1);
        }
    }
}
