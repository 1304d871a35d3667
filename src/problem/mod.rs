//! Problem files: TOML with one or more `[[problem]]` tables, loaded with line-numbered
//! errors.
//!
//! A *problem* (Arabic *mansuba*) is a position, a rule set (an *assize*), a task (the
//! *stipulation*, "#5" or "win 20") and usually the manuscript's solution. Loading never
//! panics and never stops at the first bad problem: each `[[problem]]` table becomes either
//! a [`Problem`] or a [`ProblemError`] naming the file, the line and what to fix.
//!
//! Unknown keys are a *warning* (a typo in an optional key should not stop a batch; a typo
//! in a required key shows up as a missing key anyway), kept with the problem so that its
//! CSV/JSON row shows it. A key one edit away from a known key (`defendr`, `mate-by`) is an
//! error instead: ignoring it would silently change the task.

pub mod carry;
pub mod chunks;
mod engines;
mod entry;
pub mod import;
pub mod pick;
pub mod shown;

pub use engines::Engines;

use crate::board::bits::Bits;
use crate::board::position::Position;
use crate::board::rules::{Rules, RulesDirs, RulesError};
use crate::board::sides::{Orientation, SideNames};
use crate::solve::{ConditionSpec, Goal, Stipulation};
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Why a problem's own rules cannot be had, told by the key at fault.
/// The rules' own error is kept (shared, as the compiled rules are cached with it).
#[derive(Clone, Debug, thiserror::Error)]
pub enum OwnRulesError {
    /// Its `rules`: no such preset, or a rules file that does not read.
    #[error(transparent)]
    Rules(std::sync::Arc<RulesError>),
    /// Its `rules_set` knobs on top of them: `msg` is the rules' message on one line.
    #[error("`rules_set`: {msg}")]
    RulesSet {
        /// The rules' message, on one line.
        msg: String,
        /// The rules' error.
        #[source]
        err: std::sync::Arc<RulesError>,
    },
}

impl From<RulesError> for OwnRulesError {
    fn from(e: RulesError) -> OwnRulesError {
        OwnRulesError::Rules(std::sync::Arc::new(e))
    }
}

impl OwnRulesError {
    /// The problem file's key at fault.
    pub fn key(&self) -> &'static str {
        match self {
            OwnRulesError::Rules(_) => "rules",
            OwnRulesError::RulesSet { .. } => "rules_set",
        }
    }
}

/// Every key a `[[problem]]` table may hold, with its meaning (for warnings and docs).
pub const KEYS: &[(&str, &str)] = &[
    ("id", "required; unique within the file"),
    (
        "rules",
        "required; a preset name or a rules file path relative to this file",
    ),
    (
        "rules_set",
        "optional table; rule knobs set on top of `rules` (e.g. { bare_king = \"off\", stalemate = \"draw\" }), as in a rules file",
    ),
    ("fen", "required; the position, in the rules' piece letters"),
    ("stipulation", "required; \"#N\" (mate in N) or \"win N\""),
    (
        "exact",
        "optional bool; the goal on move N exactly, not earlier",
    ),
    (
        "mate_by",
        "optional; a piece letter, or a square naming the man that must mate",
    ),
    (
        "mate_on",
        "optional list of squares where the mated king must stand; named sets \"centre\" and \"corners\" too",
    ),
    (
        "mate_from",
        "optional list of squares one of which the mating man must stand on; named sets \"centre\" and \"corners\" too",
    ),
    (
        "defender",
        "optional; \"best\" (default) or \"covetous\" (must capture when it can)",
    ),
    (
        "attacker_no_capture",
        "optional bool; the attacker may not capture",
    ),
    (
        "immobile",
        "optional list of squares whose men may not move",
    ),
    (
        "checks",
        "optional bool; continual check: every attacker move must give check",
    ),
    (
        "solution",
        "optional; the manuscript solution (SAN, long algebraic, coordinates, Murray's or descriptive notation)",
    ),
    (
        "notation",
        "optional; the solution's notation: auto (default), san, lan, coord, murray or descriptive",
    ),
    ("source", "optional; where the problem comes from"),
    ("title", "optional; a name for the problem"),
    (
        "published",
        "optional; what the literature says (kept in the CSV)",
    ),
    (
        "confidence",
        "optional; a transcription note (kept in the CSV)",
    ),
    ("notes", "optional; free text"),
    (
        "expect",
        "optional; the verdict this project's tests assert",
    ),
    (
        "orientation",
        "optional; \"flipped\": the fen as the manuscript draws it, attacker at the top (mirrored and colours swapped on load)",
    ),
    (
        "colours",
        "optional; names of the sides: [capitals' side, small letters' side] of the fen as written, e.g. [\"red\", \"black\"]",
    ),
];

/// The verdict words `expect` may hold.
pub const VERDICT_WORDS: &[&str] = &[
    "sound",
    "cooked",
    "unsound",
    "claim-wrong",
    "unknown",
    "error",
];

/// One problem as read from a file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Problem {
    /// The file it came from.
    pub file: PathBuf,
    /// Line of its `[[problem]]` table (1-based).
    pub line: usize,
    /// Unique within the file.
    pub id: String,
    /// Optional name.
    pub title: Option<String>,
    /// Where it comes from.
    pub source: Option<String>,
    /// Preset name or rules file path (relative to the problem file).
    pub rules: String,
    /// Rule knobs set on top of `rules` by the problem itself (its `rules_set` table).
    pub rules_set: Option<toml::Table>,
    /// The position as the program plays it (after any flip).
    pub fen: String,
    /// The position as the file writes it.
    pub fen_as_written: String,
    /// How the file draws the position.
    pub orientation: Orientation,
    /// The names of the sides.
    pub sides: SideNames,
    /// The task (with `exact` applied).
    pub stipulation: Stipulation,
    /// The task as written.
    pub stipulation_text: String,
    /// Conditions, as written (resolved against the board by the solver).
    pub conditions: ConditionSpec,
    /// The manuscript's solution.
    pub solution: Option<String>,
    /// The notation the solution is written in (`auto`: recognised move by move).
    pub notation: crate::notation::Notation,
    /// What the literature says.
    pub published: Option<String>,
    /// The verdict the tests assert.
    pub expect: Option<String>,
    /// Transcription note.
    pub confidence: Option<String>,
    /// Free text.
    pub notes: Option<String>,
    /// Line of each key present.
    pub key_lines: BTreeMap<String, usize>,
    /// What was ignored while reading it (unknown keys), with file and line.
    pub warnings: Vec<String>,
}

impl Problem {
    /// The line of `key` in the file, or of the problem's table when the key is absent.
    pub fn line_of(&self, key: &str) -> usize {
        self.key_lines.get(key).copied().unwrap_or(self.line)
    }

    /// The string-valued metadata, as an error row shows it.
    pub fn meta(&self) -> BTreeMap<String, String> {
        let mut m = BTreeMap::new();
        let mut put = |k: &str, v: &Option<String>| {
            if let Some(v) = v {
                m.insert(k.to_string(), v.clone());
            }
        };
        put("title", &self.title);
        put("source", &self.source);
        put("published", &self.published);
        put("expect", &self.expect);
        put("confidence", &self.confidence);
        put("solution", &self.solution);
        m.insert("rules".into(), self.rules.clone());
        m.insert("fen".into(), self.fen.clone());
        m.insert("stipulation".into(), self.stipulation.to_string());
        m
    }

    /// The directory rules-file paths are relative to.
    pub fn base_dir(&self) -> &Path {
        self.file.parent().unwrap_or(Path::new("."))
    }

    /// The problem's own rule set: `rules` with the `rules_set` knobs on top, a rules file
    /// read beside the problem file or in a folder of `also`.
    pub fn own_rules(&self, also: &RulesDirs) -> Result<Rules, OwnRulesError> {
        let r = Rules::resolve_in(&self.rules, Some(self.base_dir()), also)?;
        let Some(knobs) = &self.rules_set else {
            return Ok(r);
        };
        r.with_knobs(knobs.clone()).map_err(|e| {
            let msg = match &e {
                RulesError::Parse { msg, .. } => msg.clone(),
                other => other.to_string(),
            };
            // The TOML reader's message spans lines; an error row is one line.
            let flat: Vec<&str> = msg.split_whitespace().collect();
            OwnRulesError::RulesSet {
                msg: flat.join(" "),
                err: std::sync::Arc::new(e),
            }
        })
    }

    /// What to tell the user when the rules end the game before the first move (a side
    /// already bare where a bare king decides): the search would only answer "no legal
    /// move", which hides why. `None` when play can start, and for `draw`, whose answer
    /// is then the rules' own (a bare side to move has lost: the task fails).
    pub fn decided_before_play<B: Bits>(&self, pos: &Position<B>) -> Option<String> {
        if self.stipulation.goal == Goal::Draw {
            return None;
        }
        let bare = pos.bare_king_decided()?;
        let hint = match self.stipulation.goal {
            Goal::Mate => {
                "for a mate task set the knob in the problem: rules_set = { bare_king = \"off\" }"
            }
            Goal::Win | Goal::Draw => {
                "nothing is left to play; to play the position out, set the knob in the problem: rules_set = { bare_king = \"off\" }"
            }
        };
        Some(format!(
            "{} is already bare: under {} the game is over before the first move; {hint}",
            self.sides.name(bare),
            pos.eng.rules.name
        ))
    }

    /// An error about this problem at the line of `key`.
    pub fn error(&self, key: &str, message: impl fmt::Display) -> ProblemError {
        ProblemError {
            file: self.file.clone(),
            line: Some(self.line_of(key)),
            id: Some(self.id.clone()),
            key: Some(key.into()),
            message: message.to_string(),
            meta: self.meta(),
        }
    }
}

/// A problem (or a whole file) that could not be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemError {
    /// The file.
    pub file: PathBuf,
    /// The line (1-based), when one can be named.
    pub line: Option<usize>,
    /// The problem's id, when known.
    pub id: Option<String>,
    /// The key at fault (`fen`, `rules_set`, ...), when one can be named.
    pub key: Option<Box<str>>,
    /// What is wrong and what was expected.
    pub message: String,
    /// The problem's string-valued keys that could be read (rules, source, expect...),
    /// so that an error row still shows them.
    pub meta: BTreeMap<String, String>,
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        // The id and the message may quote input of any length: each word is cut at
        // 200 characters (the files mansuba writes keep the id whole elsewhere).
        if let Some(id) = &self.id {
            write!(f, ": problem '{}'", crate::problem::shown::capped(id))?;
        }
        write!(f, ": {}", crate::problem::shown::capped(&self.message))
    }
}

impl std::error::Error for ProblemError {}

/// What one file yielded.
#[derive(Clone, Debug)]
pub struct LoadedFile {
    /// The file.
    pub path: PathBuf,
    /// One entry per `[[problem]]` table (or a single error for an unreadable file).
    pub problems: Vec<Result<Problem, ProblemError>>,
    /// Things worth saying that do not stop the problem (unknown keys), with file:line.
    pub warnings: Vec<String>,
}

impl LoadedFile {
    /// The entry whose id is `id`: the problem, or why it did not read (an entry whose
    /// error names the id); `None` when no entry has it.
    pub fn with_id(&self, id: &str) -> Option<Result<&Problem, &ProblemError>> {
        self.problems
            .iter()
            .find(|p| match p {
                Ok(p) => p.id == id,
                Err(e) => e.id.as_deref() == Some(id),
            })
            .map(Result::as_ref)
    }

    /// The ids of the problems that read, in file order.
    pub fn ids(&self) -> impl ExactSizeIterator<Item = &str> {
        let ids: Vec<&str> = self
            .problems
            .iter()
            .filter_map(|p| p.as_ref().ok())
            .map(|p| p.id.as_str())
            .collect();
        ids.into_iter()
    }
}

/// Reads and parses a problem file (noted in `reads`, within its budget). Never fails:
/// I/O and syntax errors become an error entry.
pub fn load_file(path: &Path, reads: &crate::files::Reads) -> LoadedFile {
    use crate::files::InputError;
    match crate::files::read_bounded(path, reads) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => parse_str(&text, path),
            Err(e) => {
                let off = e.utf8_error().valid_up_to();
                let line = e.as_bytes()[..off].iter().filter(|&&b| b == b'\n').count() + 1;
                single_error(
                    path,
                    Some(line),
                    "not a text file (invalid UTF-8); problem files are TOML".into(),
                )
            }
        },
        Err(InputError::Io { err, .. }) => {
            single_error(path, None, format!("cannot read the file: {err}"))
        }
        // The message names the file already; the error's location does too.
        Err(e) => single_error(path, None, strip_path(&e.to_string(), path)),
    }
}

/// A message without the path it starts with (the error row names the file apart).
fn strip_path(msg: &str, path: &Path) -> String {
    let p = format!("{}: ", path.display());
    msg.strip_prefix(&p).unwrap_or(msg).to_string()
}

fn single_error(path: &Path, line: Option<usize>, message: String) -> LoadedFile {
    LoadedFile {
        path: path.to_path_buf(),
        problems: vec![Err(ProblemError {
            file: path.to_path_buf(),
            line,
            id: None,
            key: None,
            message,
            meta: BTreeMap::new(),
        })],
        warnings: vec![],
    }
}

/// 1-based line of a byte offset.
pub fn line_at(text: &str, offset: usize) -> usize {
    Lines::new(text).line(offset)
}

/// The lines of a text, to name the line of many offsets: each asked in logarithmic
/// time (counting the newlines before every key of every problem made a file of 20,000
/// problems take a minute and a half to read).
pub struct Lines {
    /// Byte offset of every newline, rising.
    newlines: Vec<usize>,
    len: usize,
    /// Lines before the text (when it is a piece of a file).
    before: usize,
}

impl Lines {
    /// Indexes `text`'s newlines.
    pub fn new(text: &str) -> Lines {
        Self::after(text, 0)
    }

    /// Indexes a piece of a file that starts after `before` lines.
    pub fn after(text: &str, before: usize) -> Lines {
        Lines {
            newlines: text
                .bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i)
                .collect(),
            len: text.len(),
            before,
        }
    }

    /// 1-based line of a byte offset (offsets past the end: the last line).
    pub fn line(&self, offset: usize) -> usize {
        let end = offset.min(self.len);
        self.before + self.newlines.partition_point(|&nl| nl < end) + 1
    }
}

pub(crate) type SpTable = BTreeMap<Spanned<String>, Spanned<toml::Value>>;

/// The top level of a problem file, spans kept.
pub(crate) struct RawFile {
    pub(crate) problems: Option<Vec<Spanned<SpTable>>>,
    /// Other top-level keys (warned about).
    pub(crate) others: Vec<Spanned<String>>,
}

impl<'de> Deserialize<'de> for RawFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawFile;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a problem file: one or more [[problem]] tables")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawFile, A::Error> {
                let mut raw = RawFile {
                    problems: None,
                    others: vec![],
                };
                while let Some(k) = map.next_key::<Spanned<String>>()? {
                    if k.get_ref() == "problem" {
                        let v: Vec<Spanned<SpTable>> =
                            map.next_value().map_err(|e: A::Error| {
                                de::Error::custom(format!(
                                    "`problem` must be an array of tables written [[problem]]: {e}"
                                ))
                            })?;
                        raw.problems = Some(v);
                    } else {
                        map.next_value::<de::IgnoredAny>()?;
                        raw.others.push(k);
                    }
                }
                Ok(raw)
            }
        }
        d.deserialize_map(V)
    }
}

/// Parses problem-file text (`path` is used for messages and relative rules paths).
pub fn parse_str(text: &str, path: &Path) -> LoadedFile {
    let file = path.to_path_buf();
    let lines = Lines::new(text);
    let raw: RawFile = match toml::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            let line = e.span().map(|s| lines.line(s.start));
            let msg = e.message().trim().to_string();
            return single_error(path, line, format!("not valid TOML: {msg}"));
        }
    };
    let mut out = LoadedFile {
        path: file.clone(),
        problems: vec![],
        warnings: vec![],
    };
    for k in &raw.others {
        out.warnings.push(format!(
            "{}:{}: unknown top-level key `{}` ignored (problems go in [[problem]] tables)",
            file.display(),
            lines.line(k.span().start),
            k.get_ref()
        ));
    }
    let tables =
        match raw.problems {
            Some(t) if !t.is_empty() => t,
            // A rules file (`preset = ...`) kept beside the problems: not a problem file.
            None if raw.others.iter().any(|k| k.get_ref() == "preset") => {
                out.warnings.clear();
                return out;
            }
            _ => return single_error(
                path,
                None,
                "no [[problem]] table in this file (each problem starts with a line `[[problem]]`)"
                    .into(),
            ),
        };
    let headers = header_lines(text);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (i, t) in tables.iter().enumerate() {
        let line = table_line(&lines, t, i, tables.len(), &headers);
        let p = read_table(&lines, &file, line, t, &mut seen, &mut out.warnings);
        out.problems.push(p);
    }
    out
}

/// One `[[problem]]` table starting at `line`: its problem, or why it cannot be read
/// (an id already `seen` in the file among the reasons).
#[allow(clippy::result_large_err)] // built once per bad table, as in entry.rs
pub(crate) fn read_table(
    lines: &Lines,
    file: &Path,
    line: usize,
    t: &Spanned<SpTable>,
    seen: &mut BTreeMap<String, usize>,
    warnings: &mut Vec<String>,
) -> Result<Problem, ProblemError> {
    let p = entry::one_problem(lines, file, line, t.get_ref(), warnings)?;
    if let Some(first) = seen.get(&p.id) {
        return Err(p.error(
            "id",
            format!(
                "duplicate id '{}' (first used on line {first}); ids must be unique within a file",
                p.id
            ),
        ));
    }
    seen.insert(p.id.clone(), p.line_of("id"));
    Ok(p)
}

/// Lines of `[[problem]]` headers, in order (a fallback when spans say nothing useful).
pub(crate) fn header_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let t: String = l.chars().filter(|c| !c.is_whitespace()).collect();
            t.starts_with("[[problem]]")
        })
        .map(|(i, _)| i + 1)
        .collect()
}

fn table_line(lines: &Lines, t: &Spanned<SpTable>, i: usize, n: usize, headers: &[usize]) -> usize {
    if headers.len() == n {
        return headers[i];
    }
    let sp = t.span();
    if sp.start > 0 || sp.end > 0 {
        return lines.line(sp.start);
    }
    t.get_ref()
        .keys()
        .map(|k| lines.line(k.span().start))
        .min()
        .unwrap_or(1)
}

/// True when `a` becomes `b` by one insertion, deletion, substitution or swap of two
/// neighbouring characters (`defendr`, `mate-by`, `mate_no`); equal strings are not.
pub fn one_edit_apart(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let pre = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suf = a[pre..]
        .iter()
        .rev()
        .zip(b[pre..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (ra, rb) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    match (ra.len(), rb.len()) {
        (1, 1) | (1, 0) | (0, 1) => true,
        (2, 2) => ra[0] == rb[1] && ra[1] == rb[0],
        _ => false,
    }
}

pub(crate) fn describe(k: &str) -> &'static str {
    KEYS.iter().find(|x| x.0 == k).map(|x| x.1).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_index_names_the_line_newline_counting_named() {
        let text = "a\n\nbc\nd\n";
        let lines = Lines::new(text);
        for off in 0..text.len() + 3 {
            let counted = text.as_bytes()[..off.min(text.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            assert_eq!(lines.line(off), counted, "offset {off}");
        }
        assert_eq!(Lines::new("").line(5), 1);
    }

    const GOOD: &str = r##"
# a comment
[[problem]]
id = "a"
rules = "shatranj"
fen = "k7/8/1K6/8/8/8/8/7R w - - 0 1"
stipulation = "#1"

[[problem]]
id = "b"
rules = "shatranj"
fen = "x"
stipulation = "#2"
exact = true
mate_on = ["a8"]
"##;

    #[test]
    fn loads_and_numbers_lines() {
        let f = parse_str(GOOD, Path::new("t.toml"));
        assert_eq!(f.problems.len(), 2);
        let a = f.problems[0].as_ref().unwrap();
        assert_eq!((a.id.as_str(), a.line), ("a", 3));
        let b = f.problems[1].as_ref().unwrap();
        assert_eq!(b.line, 9);
        assert_eq!(b.line_of("fen"), 12);
        assert!(b.stipulation.exact);
        assert_eq!(b.conditions.mate_on, vec!["a8".to_string()]);
    }

    #[test]
    fn errors_name_lines() {
        let t = GOOD.replace("stipulation = \"#2\"", "stipulation = \"pser-h#2\"");
        let f = parse_str(&t, Path::new("t.toml"));
        let e = f.problems[1].as_ref().unwrap_err();
        assert_eq!(e.line, Some(13), "{e}");
        let t = GOOD.replace("id = \"b\"", "id = \"a\"");
        let f = parse_str(&t, Path::new("t.toml"));
        let e = f.problems[1].as_ref().unwrap_err();
        assert!(e.message.contains("duplicate id"), "{e}");
        assert_eq!(e.line, Some(10));
        let f = parse_str("[[problem]]\nid = \n", Path::new("t.toml"));
        let e = f.problems[0].as_ref().unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        let t = GOOD.replace("fen = \"x\"\n", "");
        let f = parse_str(&t, Path::new("t.toml"));
        let e = f.problems[1].as_ref().unwrap_err();
        assert!(e.message.contains("missing key `fen`"));
        assert_eq!(e.line, Some(9));
    }

    #[test]
    fn unknown_keys_warn() {
        let t = GOOD.replace("exact = true", "exact = true\ndifficulty = 3");
        let f = parse_str(&t, Path::new("t.toml"));
        assert!(f.problems.iter().all(|p| p.is_ok()));
        assert_eq!(f.warnings.len(), 1);
        assert!(f.warnings[0].contains("t.toml:15"), "{:?}", f.warnings);
        // The warning also travels with the problem, for its CSV/JSON row.
        let b = f.problems[1].as_ref().unwrap();
        assert_eq!(b.warnings, f.warnings);
        assert!(f.problems[0].as_ref().unwrap().warnings.is_empty());
    }

    #[test]
    fn near_miss_keys_are_errors() {
        for (typo, near) in [
            ("defendr = \"covetous\"", "defender"),
            ("mate-by = \"p\"", "mate_by"),
            ("solutoin = \"1.Ra8#\"", "solution"),
            ("fens = \"x\"", "fen"),
        ] {
            let t = GOOD.replace("exact = true", &format!("exact = true\n{typo}"));
            let f = parse_str(&t, Path::new("t.toml"));
            let e = f.problems[1].as_ref().unwrap_err();
            assert_eq!(e.line, Some(15), "{e}");
            assert!(e.to_string().starts_with("t.toml:15: problem 'b'"), "{e}");
            assert!(
                e.message.contains(&format!("did you mean `{near}`?")),
                "{typo}: {e}"
            );
        }
    }

    #[test]
    fn one_edit() {
        assert!(one_edit_apart("defendr", "defender"));
        assert!(one_edit_apart("mate-by", "mate_by"));
        assert!(one_edit_apart("mtae_by", "mate_by"));
        assert!(one_edit_apart("ids", "id"));
        assert!(!one_edit_apart("id", "id"));
        assert!(!one_edit_apart("colour", "rules"));
        assert!(!one_edit_apart("defnedr", "defender"));
    }
}
