//! Splitting work over machines: `--shard K/N` of `verify` and `repair`. A bottom layer
//! beside `files`: it uses no other layer, and both the repair search and the command
//! line cut their work with the one [`Shard`] type.

pub mod shard;

pub use shard::Shard;
