//! `mansuba editor -o editor.html`: the position editor as one page that needs nothing
//! beside it (see [`crate::report::edition::editor`]).

use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `editor`.
#[derive(clap::Args, Debug)]
pub struct EditorArgs {
    /// Write the page here (`-`: standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT.html")]
    pub output: PathBuf,
    /// The preset the page opens with (any preset can be chosen on the page).
    #[arg(long, default_value = "shatranj")]
    pub rules: String,
}

/// `mansuba editor`.
pub fn cmd_editor(a: EditorArgs) -> Result<i32> {
    let page = crate::report::edition::editor::page_of(&a.rules)?;
    let out = crate::files::check_flagged("-o", Some(&a.output), super::rules_dirs().reads())?;
    if let Some(out) = out {
        out.write_all(page.as_bytes())
            .map_err(|e| anyhow::anyhow!("-o {e}"))?;
    }
    if a.output.as_os_str() != "-" {
        eprintln!("editor: {}", a.output.display());
    }
    Ok(0)
}
