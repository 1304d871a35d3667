//! Long work: split over machines (`--shard K/N` of `verify` and `repair`, one [`Shard`]
//! type for the repair search and the command line) and telling of its progress to an
//! observer the caller installs ([`Progress`]; for logs, the [`lines`] one), and the numbers a request reads within
//! their ranges ([`bounds`]) and the worker pool's size ([`threads`]). A bottom layer beside `files`: it uses only `memory` (the
//! machine's memory bounds `--max-memory-gib`).

pub mod bounds;
pub mod lines;
pub(crate) mod progress;
pub(crate) mod shard;
pub mod threads;

pub use progress::{Observer, Progress, Task};
pub use shard::Shard;
