//! `mansuba import`: problems from the formats users already have, written as problem-file
//! entries. One reader per format, beside this file: [`popeye`] (Popeye input files),
//! [`pieces`] (piece lists as editions print them), [`epd`] (EPD and FEN-plus-stipulation
//! lines); [`setup`] turns men on squares into a FEN in the rules' letters,
//! [`popeye_fairy`] gives Popeye's leapers and riders as kinds the rules can add, and
//! [`toml_out`] writes the entries, [`out_file`] checks that they load back and writes
//! the file, and [`colours`] reads a piece list's colour names.
//!
//! Every reader returns each problem of its input or, for a problem that cannot be read
//! or that asks for what mansuba has not, its error, naming the file, the line and what
//! was expected or why it is refused: one problem's error never stops the others.

pub mod colours;
pub mod epd;
pub mod error;
pub mod out_file;
pub mod pieces;
pub mod popeye;
pub mod popeye_board;
pub mod popeye_build;
pub mod popeye_fairy;
pub mod popeye_lex;
pub mod popeye_text;
pub mod popeye_words;
pub mod rules_path;
pub mod run;
pub mod setup;
pub mod toml_out;

pub use error::EntryError;

use std::fmt;
use std::path::{Path, PathBuf};

/// The formats `import` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Popeye input: `BeginProblem ... EndProblem`.
    Popeye,
    /// Piece lists: `White: Kg1 Rh1; Black: Kg8`.
    Pieces,
    /// EPD lines (`dm N`) or a FEN followed by a stipulation.
    Epd,
}

/// A `--format` name that names none.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format '{0}': expected popeye, pieces or epd")]
pub struct UnknownFormat(pub String);

impl std::str::FromStr for Format {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, UnknownFormat> {
        match s.to_ascii_lowercase().as_str() {
            "popeye" => Ok(Format::Popeye),
            "pieces" => Ok(Format::Pieces),
            "epd" => Ok(Format::Epd),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

/// One problem read from an input, ready to be written as a `[[problem]]` table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entry {
    /// The input line where the problem begins.
    pub line: usize,
    /// Id (unique within the output).
    pub id: String,
    /// Preset name or rules file.
    pub rules: String,
    /// Knobs set on top of `rules` (the problem's `rules_set`): the kinds `import` added.
    pub rules_set: Option<toml::Table>,
    /// The position in the rules' letters.
    pub fen: String,
    /// `#N` or `win N`.
    pub stipulation: String,
    /// The defender must capture when it can.
    pub covetous: bool,
    /// The man that must mate (a piece letter).
    pub mate_by: Option<String>,
    /// A name for the problem.
    pub title: Option<String>,
    /// Where it comes from (author, origin).
    pub source: Option<String>,
    /// What the input says about it beyond the position (remarks).
    pub published: Option<String>,
    /// The solution as the input gives it.
    pub solution: Option<String>,
    /// The sides' names, capitals' side first, when the input names them otherwise.
    pub colours: Option<[String; 2]>,
    /// What the import decided that the input did not say.
    pub notes: Vec<String>,
}

impl Entry {
    /// About what the entry takes in memory, as the budget counts it: its fields twice
    /// (a growing list of entries has up to twice their room), the text each holds with
    /// the allocator's rounding, and the place (`file:line`) kept for each id.
    pub fn held_bytes(&self) -> u64 {
        let text = |s: &str| 16 + s.len() as u64;
        let opt = |s: &Option<String>| s.as_deref().map_or(0, text);
        let strings = [&self.id, &self.rules, &self.fen, &self.stipulation];
        2 * std::mem::size_of::<Entry>() as u64
            + 64
            + strings.iter().map(|s| text(s)).sum::<u64>()
            + [
                &self.mate_by,
                &self.title,
                &self.source,
                &self.published,
                &self.solution,
            ]
            .iter()
            .map(|s| opt(s))
            .sum::<u64>()
            + self.notes.iter().map(|n| 24 + text(n)).sum::<u64>()
            + self.colours.as_ref().map_or(0, |[a, b]| text(a) + text(b))
            + self
                .rules_set
                .as_ref()
                .map_or(0, |t| 2 * text(&toml::Value::Table(t.clone()).to_string()))
    }
}

/// What the user told `import` beyond the files.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The format, when not detected.
    pub format: Option<Format>,
    /// The rules (a preset or a rules file), overriding what the input implies.
    pub rules: Option<String>,
    /// Colour names mapped to the sides: (name, is White).
    pub colours: Vec<(String, bool)>,
    /// The number of moves for a win task that gives none ("White to play and win").
    pub win_moves: Option<u32>,
    /// The folders besides its own an input may name rules files in, and the record
    /// (within its memory budget) every input read is noted in.
    pub rules_dirs: crate::board::rules::RulesDirs,
}

/// An input that cannot be read: where and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The input file.
    pub file: PathBuf,
    /// Its line (1-based), when one can be named.
    pub line: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for ImportError {}

/// An error at `line` of `file`.
pub fn error_at(file: &Path, line: usize, message: impl fmt::Display) -> ImportError {
    ImportError {
        file: file.to_path_buf(),
        line: Some(line),
        message: message.to_string(),
    }
}

/// The format of an input, from its name or its text.
pub fn detect(path: &Path, text: &str) -> Result<Format, ImportError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("epd") => return Ok(Format::Epd),
        Some("inp") | Some("pop") | Some("popeye") => return Ok(Format::Popeye),
        _ => {}
    }
    let lower = text.to_ascii_lowercase();
    if lower.contains("beginproblem") || lower.contains("begin problem") {
        return Ok(Format::Popeye);
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'));
    match first {
        Some(l) if l.split_whitespace().next().is_some_and(|w| w.matches('/').count() >= 7) => {
            Ok(Format::Epd)
        }
        Some(_) if pieces::looks_like(text) => Ok(Format::Pieces),
        _ => Err(ImportError {
            file: path.to_path_buf(),
            line: None,
            message: "cannot tell the format (no BeginProblem, no FEN line, no 'White:' piece list): give --format popeye, pieces or epd".into(),
        }),
    }
}

/// Reads one input text (from `path`, used for messages and default ids): its problems,
/// or its first error (see [`import_all`] for every error).
pub fn import_text(path: &Path, text: &str, opts: &Options) -> Result<Vec<Entry>, ImportError> {
    let (entries, mut errors) = import_all(path, text, opts);
    match errors.is_empty() {
        true => Ok(entries),
        false => Err(errors.swap_remove(0)),
    }
}

/// A text with the byte-order marks at the starts of its lines taken out (files joined
/// from files that Windows editors wrote have one at each join).
fn without_marks(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\u{feff}') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    for l in text.split_inclusive('\n') {
        out.push_str(l.trim_start_matches('\u{feff}'));
    }
    out.into()
}

/// Where a reader hands each problem it reads, or why one cannot be read: true to read
/// on, false to stop.
pub type Keep<'a> = &'a mut dyn FnMut(Result<Entry, ImportError>) -> bool;

/// Reads one input text: the problems that read, and every error of the text in the
/// order of its lines (a problem with an error is left out; the reading goes on after it).
/// A byte-order mark at the start of a line (as editors on Windows write) is not part of
/// the text.
pub fn import_all(path: &Path, text: &str, opts: &Options) -> (Vec<Entry>, Vec<ImportError>) {
    import_held(path, text, opts, &mut Held::new(opts))
}

/// What the entries read so far hold, counted against half the memory budget (the
/// entries are held until all of them are written, and the output is checked and
/// written a thousand at a time beside them).
struct Held {
    bytes: u64,
    budget: u64,
}

impl Held {
    /// Nothing held yet, under the budget of the record `opts` reads into.
    fn new(opts: &Options) -> Held {
        Held {
            bytes: 0,
            budget: opts.rules_dirs.reads().budget().bytes(),
        }
    }

    /// Counts what `r` holds (an entry, or an error kept to be said); false when they no
    /// longer fit.
    fn count(&mut self, r: &Result<Entry, ImportError>) -> bool {
        self.bytes += match r {
            Ok(e) => e.held_bytes(),
            Err(x) => {
                2 * std::mem::size_of::<ImportError>() as u64
                    + x.message.len() as u64
                    + x.file.as_os_str().len() as u64
                    + 32
            }
        };
        self.bytes <= self.budget / 2
    }

    /// Why reading stopped at `line` of `path`.
    fn refusal(&self, path: &Path, line: usize) -> ImportError {
        error_at(
            path,
            line,
            format!(
                "import stopped here: the problems read so far take about {}, more than half the memory budget of {} (--max-memory-gib); import the input in parts, or raise the budget",
                crate::memory::human(self.bytes),
                crate::memory::human(self.budget)
            ),
        )
    }
}

fn import_held(
    path: &Path,
    text: &str,
    opts: &Options,
    held: &mut Held,
) -> (Vec<Entry>, Vec<ImportError>) {
    let text = without_marks(text);
    let text = text.as_ref();
    let format = match opts.format.map_or_else(|| detect(path, text), Ok) {
        Ok(f) => f,
        Err(e) => return (vec![], vec![e]),
    };
    let (mut entries, mut errors) = (vec![], vec![]);
    let mut checker = setup::Checker::default();
    let base = opts
        .rules
        .is_none()
        .then(|| path.parent().unwrap_or(Path::new("")));
    let mut read_any = false;
    let mut keep = |r: Result<Entry, ImportError>| {
        read_any = true;
        let checked = r.and_then(|e| {
            checker.check(&e, base, &opts.rules_dirs).map_err(|m| {
                error_at(
                    path,
                    e.line,
                    format!("problem '{}': not imported: {m}", e.id),
                )
            })?;
            Ok(e)
        });
        if !held.count(&checked) {
            let line = checked.map_or_else(|x| x.line.unwrap_or(0), |e| e.line);
            errors.push(held.refusal(path, line));
            return false;
        }
        match checked {
            Ok(e) => entries.push(e),
            Err(x) => errors.push(x),
        }
        true
    };
    match format {
        Format::Popeye => popeye::read(path, text, opts, &mut keep),
        Format::Pieces => pieces::read(path, text, opts, &mut keep),
        Format::Epd => epd::read(path, text, opts, &mut keep),
    }
    if !read_any {
        let e = ImportError {
            file: path.to_path_buf(),
            line: None,
            message: format!("no problem found (read as {format:?} input)"),
        };
        return (vec![], vec![e]);
    }
    errors.sort_by_key(|e| e.line);
    tidy_ids(path, &mut entries);
    (entries, errors)
}

/// An id is what a problem file reads back: trimmed, never empty (a title of signs only
/// gives none), unique within the input.
fn tidy_ids(path: &Path, entries: &mut [Entry]) {
    for (i, e) in entries.iter_mut().enumerate() {
        let trimmed = e.id.trim();
        if trimmed.len() != e.id.len() && !trimmed.is_empty() {
            // A problem file refuses an id with white space at its ends: said, not done
            // silently.
            let note = format!(
                "{ID_CHANGED}{}:{}: '{}' written as '{trimmed}' (white space at its ends removed)",
                path.display(),
                e.line,
                e.id
            );
            e.id = trimmed.to_string();
            e.notes.push(note);
        }
        if e.id.trim().is_empty() {
            e.id = default_id(path, i + 1);
        }
    }
    let places: Vec<String> = (entries.iter())
        .map(|e| format!("{}:{}", path.display(), e.line))
        .collect();
    unique_ids(entries, &places);
}

/// Reads every input: the problems that came in (ids made unique across them: a repeated
/// id gets `-2`, `-3`...) and every error of each input.
pub fn import_files(paths: &[PathBuf], opts: &Options) -> (Vec<Entry>, Vec<ImportError>) {
    let (mut all, mut errors) = (vec![], vec![]);
    let mut places: Vec<String> = vec![];
    let mut held = Held::new(opts);
    for p in paths {
        // Popeye's own files are partly Latin-1: a file that is not UTF-8 is read as
        // Latin-1 (every byte a character), as Popeye reads bytes, and each entry says so.
        let (text, latin1) = match crate::files::read_bounded(p, opts.rules_dirs.reads()) {
            Ok(b) => match String::from_utf8(b) {
                Ok(t) => (t, false),
                Err(e) => (e.into_bytes().iter().map(|&b| b as char).collect(), true),
            },
            Err(e) => {
                errors.push(ImportError {
                    file: p.clone(),
                    line: None,
                    message: e.to_string(),
                });
                continue;
            }
        };
        let (mut v, mut e) = import_held(p, &text, opts, &mut held);
        places.extend(v.iter().map(|x| format!("{}:{}", p.display(), x.line)));
        if latin1 {
            for x in &mut v {
                x.notes
                    .push("the file is not UTF-8: read as Latin-1 (ISO 8859-1)".into());
            }
        }
        all.append(&mut v);
        errors.append(&mut e);
    }
    unique_ids(&mut all, &places);
    (all, errors)
}

/// The start of the note an entry gets when its id is not written as the input gives it
/// (`import` also says it on standard error).
pub const ID_CHANGED: &str = "id changed at ";

/// The first of `id`, `id-2`, `id-3`... not taken by an entry before it; each entry
/// renamed says so in its notes, naming its place and the place (`places[i]`, "a.epd:12")
/// of the entry that has the id. Each id remembers the last number tried for it, and
/// every number below was taken then (ids are only ever added), so the search goes on
/// from there: linear in the entries, where trying from 2 each time was quadratic in the
/// entries of one id.
fn unique_ids(entries: &mut [Entry], places: &[String]) {
    use std::collections::HashMap;
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(entries.len());
    let mut tried: HashMap<String, usize> = HashMap::new();
    for (i, e) in entries.iter_mut().enumerate() {
        let Some(&first) = seen.get(&e.id) else {
            seen.insert(e.id.clone(), i);
            continue;
        };
        let base = std::mem::take(&mut e.id);
        let n = tried.entry(base.clone()).or_insert(1);
        loop {
            *n += 1;
            let id = format!("{base}-{n}");
            if !seen.contains_key(&id) {
                seen.insert(id.clone(), i);
                let at = places.get(first).map_or("", String::as_str);
                e.notes.push(format!(
                    "{ID_CHANGED}{}: '{base}' is the id of the problem at {at} too: written as '{id}'",
                    places.get(i).map_or("", String::as_str)
                ));
                e.id = id;
                break;
            }
        }
    }
}

/// An id made of a file's stem and a number (`book-3`), for inputs that name none.
pub fn default_id(path: &Path, n: usize) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "problem".into());
    let clean: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("{clean}-{n}")
}

/// A number written as digits or as an English word up to twenty.
pub fn number(word: &str) -> Option<u32> {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    let w = word.trim().to_ascii_lowercase();
    w.parse()
        .ok()
        .or_else(|| WORDS.iter().position(|x| *x == w).map(|i| i as u32))
        .filter(|&n| n > 0)
}
