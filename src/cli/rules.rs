//! `mansuba rules`: the presets, or every knob of one rule set.

use crate::board::rules::Rules;
use anyhow::Result;

pub fn cmd_rules(name: Option<String>, json: bool) -> Result<i32> {
    match name {
        None if json => println!("{}", crate::report::presets::json()?),
        None => print!("{}", crate::report::presets::text()),
        Some(n) => {
            let r = Rules::resolve(&n, None)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&r)?);
            } else {
                print!("{}", r.describe());
            }
        }
    }
    Ok(0)
}
