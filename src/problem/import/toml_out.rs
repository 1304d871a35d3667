//! Imported problems written as problem-file entries (`[[problem]]` tables), keys in the
//! order of a hand-written file, with `source` and `confidence` left empty for the user to
//! complete where the input said nothing.

use super::Entry;

/// A TOML string literal (quotes and escapes as TOML wants them).
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The whole file: a header comment naming the inputs, then one table per entry.
pub fn to_toml(entries: &[Entry], inputs: &[String]) -> String {
    let mut out = header(inputs);
    out.push_str(&tables(entries));
    out
}

/// The header comment naming the inputs.
pub fn header(inputs: &[String]) -> String {
    format!(
        "# Imported by `mansuba import` from {}.\n# Complete `source` and `confidence` where they are empty: what was read, from where.\n",
        inputs.join(", ")
    )
}

/// The tables of these entries, each after an empty line: the file is its header and
/// the tables of its entries part after part.
pub fn tables(entries: &[Entry]) -> String {
    let mut out = String::new();
    for e in entries {
        out.push('\n');
        out.push_str(&table(e));
    }
    out
}

/// One `[[problem]]` table.
pub fn table(e: &Entry) -> String {
    let mut t = String::from("[[problem]]\n");
    let mut put = |k: &str, v: &str| t.push_str(&format!("{k} = {}\n", quoted(v)));
    put("id", &e.id);
    if let Some(x) = &e.title {
        put("title", x);
    }
    put("source", e.source.as_deref().unwrap_or(""));
    put("rules", &e.rules);
    put("fen", &e.fen);
    put("stipulation", &e.stipulation);
    if e.covetous {
        put("defender", "covetous");
    }
    if let Some(x) = &e.mate_by {
        put("mate_by", x);
    }
    if let Some(x) = &e.solution {
        put("solution", x);
    }
    if let Some(x) = &e.published {
        put("published", x);
    }
    put("confidence", "");
    if !e.notes.is_empty() {
        put("notes", &e.notes.join("; "));
    }
    if let Some([w, b]) = &e.colours {
        t.push_str(&format!("colours = [{}, {}]\n", quoted(w), quoted(b)));
    }
    t
}
