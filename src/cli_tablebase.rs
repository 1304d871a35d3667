//! `tablebase build | probe | stats`.
use anyhow::Result;

/// Arguments of `tablebase`.
#[derive(clap::Args, Debug)]
pub struct TablebaseArgs {}

pub fn cmd_tablebase(_a: TablebaseArgs) -> Result<i32> {
    anyhow::bail!("not yet")
}
