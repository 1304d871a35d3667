//! How often a search looks at its limits: the size of the batch of nodes it counts
//! before it adds them to the shared count and checks the node limit, the deadline and
//! Ctrl-C. Shared by the search (`Searcher::tick`) and the extras' steps, which are given
//! one batch less than their share because a search sees its limit a batch late.

/// How many nodes a search counts before it looks at its limits again (a power of two):
/// 1024, or 128 under a node limit so small that a batch would be a large part of it (an
/// extra's step after the verdict), so that it stops close to its limit.
pub(crate) fn batch_for(max_nodes: Option<u64>) -> u64 {
    match max_nodes {
        Some(m) if m < 64 * 1024 => 128,
        _ => 1024,
    }
}
