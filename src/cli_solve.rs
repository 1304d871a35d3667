//! `solve`, `verify` and `export`.
use anyhow::Result;

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {}
/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {}
/// Arguments of `export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {}

pub fn cmd_solve(_a: SolveArgs) -> Result<i32> {
    anyhow::bail!("not yet")
}
pub fn cmd_verify(_a: VerifyArgs) -> Result<i32> {
    anyhow::bail!("not yet")
}
pub fn cmd_export(_a: ExportArgs) -> Result<i32> {
    anyhow::bail!("not yet")
}
