//! Long work: split over machines (`--shard K/N` of `verify` and `repair`, one [`Shard`]
//! type for the repair search and the command line) and telling of its progress to an
//! observer the caller installs ([`Progress`]). A bottom layer beside `files`: it uses no
//! other layer.

pub(crate) mod progress;
pub(crate) mod shard;

pub use progress::{Observer, Progress, Task};
pub use shard::Shard;
