//! docs/rules.md, "Every knob": the table names every field a rules file may set, and
//! nothing else. The fields are read from the rules as `mansuba rules NAME --json` writes
//! them, over presets that between them set every optional knob (the leaps, dice, bent
//! riders), so a field added to `Rules` without a line in the table fails here.

use mansuba::board::rules::Rules;
use std::collections::BTreeSet;

fn fields(v: &serde_json::Value, prefix: &str, out: &mut BTreeSet<String>) {
    let Some(map) = v.as_object() else { return };
    for (k, x) in map {
        let path = format!("{prefix}{k}");
        match x {
            serde_json::Value::Object(_) => {
                out.insert(path.clone());
                fields(x, &format!("{path}."), out);
            }
            serde_json::Value::Array(items) if items.iter().any(|i| i.is_object()) => {
                for i in items {
                    fields(i, &format!("{path}[]."), out);
                }
            }
            _ => {
                out.insert(path);
            }
        }
    }
}

/// The knobs the table names: every `name` in backquotes in its first column.
fn documented() -> BTreeSet<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md"))
        .expect("docs/rules.md");
    let start = doc.find("## Every knob").expect("the section 'Every knob'");
    let end = doc[start + 3..]
        .find("\n## ")
        .map_or(doc.len(), |e| start + 3 + e);
    let mut out = BTreeSet::new();
    for line in doc[start..end].lines().filter(|l| l.starts_with("| `")) {
        let first = line.split('|').nth(1).unwrap_or("");
        for (i, part) in first.split('`').enumerate() {
            if i % 2 == 1 {
                out.insert(part.to_string());
            }
        }
    }
    out
}

#[test]
fn the_knob_table_names_every_field_and_no_other() {
    let mut actual = BTreeSet::new();
    for preset in [
        "alfonso",
        "lombard",
        "grant-acedrex-dice",
        "german",
        "alfonso-dice",
    ] {
        let r = Rules::preset(preset).unwrap();
        fields(&serde_json::to_value(&r).unwrap(), "", &mut actual);
    }
    let doc = documented();
    let missing: Vec<_> = actual.difference(&doc).collect();
    let stale: Vec<_> = doc.difference(&actual).collect();
    assert!(
        missing.is_empty(),
        "knobs not in docs/rules.md's table: {missing:?}"
    );
    assert!(
        stale.is_empty(),
        "docs/rules.md names knobs that do not exist: {stale:?}"
    );
}
