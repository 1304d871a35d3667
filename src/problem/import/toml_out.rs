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
    let put = |t: &mut String, k: &str, v: &str| t.push_str(&format!("{k} = {}\n", quoted(v)));
    put(&mut t, "id", &e.id);
    if let Some(x) = &e.title {
        put(&mut t, "title", x);
    }
    put(&mut t, "source", e.source.as_deref().unwrap_or(""));
    put(&mut t, "rules", &e.rules);
    if let Some(k) = &e.rules_set {
        t.push_str(&rules_set(k));
    }
    put(&mut t, "fen", &e.fen);
    put(&mut t, "stipulation", &e.stipulation);
    if e.covetous {
        put(&mut t, "defender", "covetous");
    }
    if let Some(x) = &e.mate_by {
        put(&mut t, "mate_by", x);
    }
    if let Some(x) = &e.solution {
        put(&mut t, "solution", x);
    }
    if let Some(x) = &e.published {
        put(&mut t, "published", x);
    }
    put(&mut t, "confidence", "");
    if !e.notes.is_empty() {
        put(&mut t, "notes", &e.notes.join("; "));
    }
    if let Some([w, b]) = &e.colours {
        t.push_str(&format!("colours = [{}, {}]\n", quoted(w), quoted(b)));
    }
    t
}

/// The `rules_set` key: one inline table, its `pieces` array a kind to a line.
fn rules_set(k: &toml::Table) -> String {
    let mut parts = vec![];
    for (key, v) in k {
        let text = match v {
            toml::Value::Array(a) if key == "pieces" => {
                let rows: Vec<String> = a.iter().map(|x| format!("    {x},\n")).collect();
                format!("[\n{}]", rows.concat())
            }
            v => v.to_string(),
        };
        parts.push(format!("{key} = {text}"));
    }
    format!("rules_set = {{ {} }}\n", parts.join(", "))
}
