//! `mansuba rules`: the presets, or every knob of one rule set.

use crate::board::presets::PRESETS;
use crate::board::rules::Rules;
use anyhow::Result;

pub fn cmd_rules(name: Option<String>, json: bool) -> Result<i32> {
    match name {
        None => {
            if json {
                let all: Vec<_> = PRESETS
                    .iter()
                    .map(|n| {
                        let r = Rules::preset(n).expect("preset");
                        serde_json::json!({"name": n, "summary": r.summary, "board": format!("{}x{}", r.width, r.height)})
                    })
                    .collect();
                println!("{}", serde_json::to_string_pretty(&all)?);
            } else {
                let w = PRESETS.iter().map(|n| n.len()).max().unwrap_or(0);
                for n in PRESETS {
                    let r = Rules::preset(n).expect("preset");
                    println!(
                        "{:<w$} {:>5}  {}",
                        n,
                        format!("{}x{}", r.width, r.height),
                        r.summary
                    );
                }
            }
        }
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
