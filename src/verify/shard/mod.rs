//! Shards of a run and their merge, as a library: what a `verify`, `repair` or
//! `reconstruct` shard leaves beside its CSV (`manifest`: the manifest and its rows
//! file; what was asked, typed and strict, in `asked`; the digests of what it read, in
//! `inputs`; a shard from before its run to its manifest written, in `planned`; a repair's and a reconstruction's rows in `rows`; a command on one file checked
//! before its run, in `one_file`), and the shards put back
//! together (`join`, and `combine` for repair and reconstruct). One schema for the three
//! commands (docs/schema.md), and every failure a [`ShardsError`] naming the file.

pub mod asked;
pub mod combine;
pub mod error;
pub mod inputs;
pub mod join;
pub mod manifest;
pub mod one_file;
pub mod planned;
pub mod rows;

pub use asked::{Asked, NoEdition, OtherLetters, ReconstructAsked, RepairAsked, VerifyAsked};
pub use combine::{reconstruction, repair_rows};
pub use error::ShardsError;
pub use inputs::{check_current, check_now, inputs_of, read_by, InputFile, Inputs, NowError};
pub use join::{check_together, gather, manifests};
pub use manifest::{
    check_beside, paths_beside, read_lines, shard_files, write, Manifest, PlacedGroup, ShardRun,
    FORMAT,
};
pub use one_file::{one_file, OneFile, OneFileError};
pub use planned::{Planned, Written};
pub use rows::{ReconstructRow, RepairOutcome, RepairRow};
