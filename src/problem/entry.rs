//! One `[[problem]]` table read into a [`Problem`]: its keys checked (a misspelt key is an
//! error, an unknown one a warning), each value read with the line it stands on, so that
//! every error names the file, the line and what was expected.

// A `ProblemError` (file, line, id, key, message, the keys read) is built once per bad
// table and read by a person: boxing it would buy nothing on this path.
#![allow(clippy::result_large_err)]

use super::{describe, one_edit_apart, Lines, Problem, ProblemError, SpTable, KEYS, VERDICT_WORDS};
use crate::board::sides::{flip_fen, Orientation, SideNames};
use crate::solve::{ConditionSpec, Stipulation};
use std::collections::BTreeMap;
use std::path::Path;

/// A table being read, with what its errors need to say.
struct Entry<'a> {
    lines: &'a Lines,
    file: &'a Path,
    line: usize,
    t: &'a SpTable,
    key_lines: BTreeMap<String, usize>,
    id_val: Option<String>,
    meta: BTreeMap<String, String>,
}

type Read<T> = Result<T, ProblemError>;

pub(super) fn one_problem(
    lines: &Lines,
    file: &Path,
    line: usize,
    t: &SpTable,
    warnings: &mut Vec<String>,
) -> Read<Problem> {
    let e = Entry::new(lines, file, line, t);
    let own_warnings = e.check_keys()?;
    warnings.extend(own_warnings.iter().cloned());
    let id = e.id()?;
    let rules = e.string("rules", true)?.unwrap_or_default();
    if rules.trim().is_empty() {
        return Err(e.err(
            Some("rules"),
            "`rules` is empty (a preset name or a rules file path)".into(),
        ));
    }
    let rules_set = e.rules_set()?;
    let fen = e.string("fen", true)?.unwrap_or_default();
    let stip_text = e.string("stipulation", true)?.unwrap_or_default();
    let mut stipulation: Stipulation = stip_text
        .parse()
        .map_err(|x: crate::solve::SolveError| e.err(Some("stipulation"), x.to_string()))?;
    // `exact = true` or `exact-` in the stipulation (either says it).
    if e.boolean("exact")? {
        stipulation = stipulation.exactly();
    }
    let conditions = e.conditions()?;
    let notation = match e.string("notation", false)? {
        None => crate::notation::Notation::Auto,
        Some(n) => n
            .parse()
            .map_err(|x: crate::notation::NameError| e.err(Some("notation"), x.to_string()))?,
    };
    let orientation = e.orientation()?;
    let fen_as_written = fen.trim().to_string();
    let fen = match orientation {
        Orientation::AsWritten => fen_as_written.clone(),
        Orientation::Flipped => {
            flip_fen(&fen_as_written).map_err(|x| e.err(Some("fen"), x.to_string()))?
        }
    };
    let sides = e.sides(orientation)?;
    let expect = e.expect()?;
    Ok(Problem {
        file: file.to_path_buf(),
        line,
        id,
        title: e.string("title", false)?,
        source: e.string("source", false)?,
        rules: rules.trim().to_string(),
        rules_set,
        fen,
        fen_as_written,
        orientation,
        sides,
        stipulation,
        stipulation_text: stip_text,
        conditions,
        solution: e.string("solution", false)?,
        notation,
        published: e.string("published", false)?,
        expect,
        confidence: e.string("confidence", false)?,
        notes: e.string("notes", false)?,
        key_lines: e.key_lines,
        warnings: own_warnings,
    })
}

impl<'a> Entry<'a> {
    fn new(lines: &'a Lines, file: &'a Path, line: usize, t: &'a SpTable) -> Self {
        let key_lines = t
            .keys()
            .map(|k| (k.get_ref().clone(), lines.line(k.span().start)))
            .collect();
        let id_val = match t.get("id").map(|v| v.get_ref()) {
            // As written: ids are compared as they are (`"a "` and `" a"` are not `"a"`).
            Some(toml::Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
            _ => None,
        };
        let meta = t
            .iter()
            .filter_map(|(k, v)| match v.get_ref() {
                toml::Value::String(s) => Some((k.get_ref().clone(), s.clone())),
                _ => None,
            })
            .collect();
        Entry {
            lines,
            file,
            line,
            t,
            key_lines,
            id_val,
            meta,
        }
    }

    fn get(&self, k: &str) -> Option<&'a toml::Value> {
        self.t.get(k).map(|v| v.get_ref())
    }

    /// An error at the line of `key` (the table's first line when it has none).
    fn err(&self, key: Option<&str>, message: String) -> ProblemError {
        ProblemError {
            file: self.file.to_path_buf(),
            line: Some(
                key.and_then(|k| self.key_lines.get(k).copied())
                    .unwrap_or(self.line),
            ),
            id: self.id_val.clone(),
            key: key.map(Box::from),
            message,
            meta: self.meta.clone(),
        }
    }

    /// Unknown keys: an error when one edit away from a known key, else a warning.
    fn check_keys(&self) -> Read<Vec<String>> {
        let mut warnings = vec![];
        for k in self.t.keys() {
            let name = k.get_ref();
            if KEYS.iter().any(|(n, _)| n == name) {
                continue;
            }
            let at = self.lines.line(k.span().start);
            if let Some((near, _)) = KEYS.iter().find(|(n, _)| one_edit_apart(name, n)) {
                return Err(ProblemError {
                    line: Some(at),
                    key: Some(name.as_str().into()),
                    ..self.err(
                        None,
                        format!(
                            "unknown key `{name}`: did you mean `{near}`? (a misspelt key would silently change the task)"
                        ),
                    )
                });
            }
            let known: Vec<&str> = KEYS.iter().map(|x| x.0).collect();
            warnings.push(format!(
                "{}:{at}: problem '{}': unknown key `{name}` ignored (known keys: {})",
                self.file.display(),
                self.id_val.as_deref().unwrap_or("?"),
                known.join(", ")
            ));
        }
        Ok(warnings)
    }

    fn string(&self, k: &str, required: bool) -> Read<Option<String>> {
        match self.get(k) {
            None if required => Err(self.err(None, format!("missing key `{k}` ({})", describe(k)))),
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(v) => Err(self.not_a_string(k, v)),
        }
    }

    /// The error for a value that should have been a string; a number gets the quotes to
    /// write (`id = 3` and `stipulation = 2` are refused alike).
    fn not_a_string(&self, k: &str, v: &toml::Value) -> ProblemError {
        let hint = match v {
            toml::Value::Integer(_) if k == "stipulation" => {
                format!("; write it in quotes: {k} = \"#{v}\" (mate in {v}) or \"win {v}\"")
            }
            toml::Value::Integer(_) | toml::Value::Float(_) => {
                format!("; write it in quotes: {k} = \"{v}\"")
            }
            _ => String::new(),
        };
        let what = describe(k);
        self.err(
            Some(k),
            format!(
                "`{k}` must be a string, found {} ({what}){hint}",
                v.type_str()
            ),
        )
    }

    fn boolean(&self, k: &str) -> Read<bool> {
        match self.get(k) {
            None => Ok(false),
            Some(toml::Value::Boolean(b)) => Ok(*b),
            Some(v) => Err(self.err(
                Some(k),
                format!("`{k}` must be true or false, found {}", v.type_str()),
            )),
        }
    }

    fn squares(&self, k: &str) -> Read<Vec<String>> {
        match self.get(k) {
            None => Ok(vec![]),
            Some(toml::Value::String(s)) => Ok(s
                .split([' ', ','])
                .filter(|x| !x.is_empty())
                .map(String::from)
                .collect()),
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| match v {
                    toml::Value::String(s) => Ok(s.clone()),
                    other => Err(self.err(
                        Some(k),
                        format!(
                            "`{k}` must list squares as strings, e.g. [\"e8\", \"d8\"]; found {}",
                            other.type_str()
                        ),
                    )),
                })
                .collect(),
            Some(v) => Err(self.err(
                Some(k),
                format!(
                    "`{k}` must be a list of squares, e.g. [\"e8\", \"d8\"]; found {}",
                    v.type_str()
                ),
            )),
        }
    }

    fn id(&self) -> Read<String> {
        match self.get("id") {
            None => Err(self.err(
                None,
                "missing key `id` (a name unique within the file)".into(),
            )),
            Some(toml::Value::String(_)) => match &self.id_val {
                // White space at an id's ends cannot be seen in a report, and would make
                // two problems that look one: refused, not trimmed.
                Some(s) if s.trim().len() != s.len() => Err(self.err(
                    Some("id"),
                    format!(
                        "`id` '{}' starts or ends with white space: write it without (ids are compared as written)",
                        crate::problem::shown::shown_id(s)
                    ),
                )),
                Some(s) => Ok(s.clone()),
                None => Err(self.err(Some("id"), "`id` is empty".into())),
            },
            Some(v) => Err(self.not_a_string("id", v)),
        }
    }

    /// The `rules_set` table: knobs of a rules file (not `preset`), set on top of `rules`.
    fn rules_set(&self) -> Read<Option<toml::Table>> {
        match self.get("rules_set") {
            None => Ok(None),
            Some(toml::Value::Table(t)) if t.contains_key("preset") => Err(self.err(
                Some("rules_set"),
                "`rules_set` sets knobs on top of `rules`; name the preset in `rules`, not \
                 here"
                    .into(),
            )),
            Some(toml::Value::Table(t)) => Ok(Some(t.clone())),
            Some(v) => Err(self.err(
                Some("rules_set"),
                format!(
                    "`rules_set` must be a table of rule knobs (e.g. rules_set = {{ bare_king \
                     = \"off\" }}), found {}",
                    v.type_str()
                ),
            )),
        }
    }

    fn conditions(&self) -> Read<ConditionSpec> {
        let covetous = match self.string("defender", false)?.as_deref().map(str::trim) {
            None | Some("best") => false,
            Some("covetous") => true,
            Some(other) => {
                return Err(self.err(
                    Some("defender"),
                    format!("bad defender '{other}': expected \"best\" or \"covetous\""),
                ))
            }
        };
        Ok(ConditionSpec {
            mate_by: self.string("mate_by", false)?,
            mate_on: self.squares("mate_on")?,
            mate_from: self.squares("mate_from")?,
            covetous,
            attacker_no_capture: self.boolean("attacker_no_capture")?,
            immobile: self.squares("immobile")?,
            checks: self.boolean("checks")?,
        })
    }

    fn orientation(&self) -> Read<Orientation> {
        match self.string("orientation", false)? {
            None => Ok(Orientation::AsWritten),
            Some(o) => Orientation::parse(&o).ok_or_else(|| {
                self.err(
                    Some("orientation"),
                    format!("bad orientation '{o}': expected \"flipped\" or \"as-written\""),
                )
            }),
        }
    }

    fn sides(&self, orientation: Orientation) -> Read<SideNames> {
        match self.get("colours") {
            None => Ok(SideNames::default()),
            Some(toml::Value::Array(a))
                if a.len() == 2
                    && a.iter()
                        .all(|v| v.as_str().is_some_and(|s| !s.trim().is_empty()))
                    && a[0].as_str().map(str::trim) != a[1].as_str().map(str::trim) =>
            {
                let name = |i: usize| a[i].as_str().unwrap_or_default();
                Ok(SideNames::new(name(0), name(1), orientation))
            }
            Some(_) => Err(self.err(
                Some("colours"),
                format!(
                    "`colours` must be two different names, {}",
                    describe("colours")
                ),
            )),
        }
    }

    fn expect(&self) -> Read<Option<String>> {
        let expect = self.string("expect", false)?;
        if let Some(x) = &expect {
            if !VERDICT_WORDS.contains(&x.trim()) {
                return Err(self.err(
                    Some("expect"),
                    format!(
                        "bad expect '{x}': expected one of {}",
                        VERDICT_WORDS.join(", ")
                    ),
                ));
            }
        }
        Ok(expect.map(|x| x.trim().to_string()))
    }
}
