//! The position editor (`mansuba editor -o editor.html`, and `editor.html` in every
//! edition): one self-contained page that sets up a position under any preset by
//! clicking squares, and writes its FEN and a `[[problem]]` block that `mansuba solve`
//! reads as it is.
//!
//! Everything the page knows of the rules comes from here: each preset's board size, its
//! men with their FEN letters and figures (drawn as the diagrams draw them), its starting
//! array square by square, and whether its squares may hold stacks. The script only
//! places what the reader clicks (or a FEN typed in: its board read square by square
//! against the rules' size and letters, a bad one refused with the reason) and writes it
//! down in the rules' letters; `mansuba solve` checks the block.

use super::super::svg::{man_figure, Board, Man};
use super::super::xml_escape as esc;
use super::play::{script_json, stack_layouts};
use crate::board::compiled::AnyEngine;
use crate::board::piece::Color;
use crate::board::position::Position;
use crate::board::presets::PRESETS;
use crate::board::rules::Rules;
use crate::with_engine;

const STYLE: &str = include_str!("editor.css");
const SCRIPT: &str = include_str!("editor.js");

/// One preset as the editor needs it.
fn preset(name: &str) -> Option<serde_json::Value> {
    let rules = Rules::resolve(name, None).ok()?;
    let stacks = rules.stacks_may_form || rules.start.contains('[');
    let eng = AnyEngine::new(rules.clone()).ok()?;
    let start: Vec<Vec<usize>> = with_engine!(&eng, e => {
        let pos = Position::from_fen(e.clone(), &rules.start).ok()?;
        let board = Board::of(&pos);
        board
            .squares
            .iter()
            .map(|on| {
                on.iter()
                    .filter_map(|m| {
                        let k = rules.pieces.iter().position(|p| p.name == m.name)?;
                        Some(k * 2 + usize::from(m.color == Color::Black))
                    })
                    .collect()
            })
            .collect()
    });
    let men: Vec<serde_json::Value> = rules
        .pieces
        .iter()
        .enumerate()
        .flat_map(|(k, p)| {
            [Color::White, Color::Black].map(|color| {
                let man = Man {
                    color,
                    name: p.name.clone(),
                    letter: p.letter,
                    shown: crate::notation::letter(
                        &rules,
                        k as crate::board::piece::Kind,
                        crate::notation::Letters::default(),
                    ),
                };
                let letter = match color {
                    Color::White => p.letter.to_ascii_uppercase(),
                    Color::Black => p.letter.to_ascii_lowercase(),
                };
                serde_json::json!({
                    "side": if color == Color::White { "w" } else { "b" },
                    "kind": p.name,
                    "letter": letter.to_string(),
                    "figure": man_figure(&man),
                })
            })
        })
        .collect();
    Some(serde_json::json!({
        "name": name,
        "summary": rules.summary,
        "width": rules.width,
        "height": rules.height,
        "men": men,
        "start": start,
        "stacks": stacks,
    }))
}

/// A preset the editor does not offer.
#[derive(Debug, thiserror::Error)]
#[error("--rules {0}: the editor offers the presets ({})", PRESETS.join(", "))]
pub struct NotOffered(pub String);

/// The page opening with `first`, which must be one of the presets it offers.
pub fn page_of(first: &str) -> Result<String, NotOffered> {
    match PRESETS.contains(&first) {
        true => Ok(page(first)),
        false => Err(NotOffered(first.to_string())),
    }
}

/// The editor's page, with `first` (a preset name) chosen when it opens.
pub fn page(first: &str) -> String {
    let presets: Vec<serde_json::Value> = PRESETS.iter().filter_map(|n| preset(n)).collect();
    let data = script_json(
        &serde_json::json!({ "presets": presets, "first": first, "stacks": stack_layouts() }),
    );
    let options: String = PRESETS
        .iter()
        .map(|n| {
            let sel = if *n == first {
                r#" selected="selected""#
            } else {
                ""
            };
            format!(r#"<option value="{0}"{sel}>{0}</option>"#, esc(n))
        })
        .collect();
    format!(
        r##"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"/><meta name="generator" content="mansuba {version}"/><title>mansuba: position editor</title><style>{STYLE}</style></head><body>
<h1>Position editor</h1>
<p class="help">Choose the rules, then a man from the tray and click the squares to place it (click again with the same man to take it off; with “stack” ticked a click adds the man to the square's stack), or type a FEN and set the board up from it. The FEN and the <code>[[problem]]</code> block below follow every change: paste the block into a problem file and run <code>mansuba solve FILE</code>.</p>
<div class="bar"><label>rules <select id="rules">{options}</select></label>
<button type="button" id="empty">empty board</button> <button type="button" id="start">starting array</button>
<label><input type="checkbox" id="stack"/> stack</label>
<fieldset id="side"><legend>to move</legend><label><input type="radio" name="side" value="w" checked="checked"/> White</label> <label><input type="radio" name="side" value="b"/> Black</label></fieldset></div>
<p id="summary" class="help"></p>
<div class="load"><label>set up from a FEN <input id="fenin" spellcheck="false" placeholder="1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1" aria-describedby="fenmsg"/></label> <button type="button" id="load">set up</button>
<p id="fenmsg" role="status" aria-live="polite"></p></div>
<div class="work"><div id="tray" role="toolbar" aria-label="men to place"></div>
<svg id="board" xmlns="http://www.w3.org/2000/svg" role="grid" aria-label="the board: click a square to place the chosen man"></svg></div>
<p id="said" aria-live="polite"></p>
<div class="fields"><label>id <input id="pid" value="my-problem"/></label>
<label>stipulation <input id="stip" value="#2"/></label>
<label>source <input id="source" placeholder="book, page"/></label>
<label>solution <input id="solution" placeholder="1.Rh8+ Kxh8 2.Bf5#"/></label></div>
<h2>FEN</h2><textarea id="fen" readonly="readonly" rows="2" aria-label="FEN"></textarea>
<h2>Problem block</h2><textarea id="block" readonly="readonly" rows="9" aria-label="problem block"></textarea>
<p><button type="button" id="copy">copy the block</button></p>
<script type="application/json" id="editor-data">{data}</script>
<script>{SCRIPT}</script>
</body></html>
"##,
        version = env!("CARGO_PKG_VERSION"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_offered_with_its_men_and_array() {
        let html = page("courier");
        for n in PRESETS {
            assert!(html.contains(&format!(r#"<option value="{n}""#)), "{n}");
        }
        let start = html.find("id=\"editor-data\">").unwrap() + 17;
        let end = start + html[start..].find("</script>").unwrap();
        let v: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
        let courier = &v["presets"][9];
        assert_eq!(courier["name"], "courier");
        assert_eq!(
            (courier["width"].as_u64(), courier["height"].as_u64()),
            (Some(12), Some(8))
        );
        let men = courier["start"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s.as_array().is_some_and(|a| !a.is_empty()))
            .count();
        assert_eq!(men, 48, "courier chess starts with 48 men");
        let short = v["presets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "short-assize")
            .unwrap();
        assert_eq!(short["stacks"], true);
        assert!(short["start"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s.as_array().unwrap().len() == 2));
    }
}
