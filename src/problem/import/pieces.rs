//! Piece lists as editions print them, one problem per paragraph (blank lines between):
//!
//! ```text
//! Title: Dilaram's mate
//! Rules: shatranj
//! White: Kg1, Rh1, Ae3, Fd4 (4); Black: Kg8, Pa7
//! White to play and mate in five with a pawn
//! Source: Murray, no. 12
//! ```
//!
//! Men are the rules' letters (the letter or an alias: F and A for ferz and alfil in
//! shatranj, K Q R B N P, Kt for the knight), a square alone is a pawn, and a letter alone
//! applies to the squares after it (`R h1 a1`). A count in parentheses is checked against
//! the men listed before it. The sides are White and Black, or the manuscript's names
//! (red, green, ...) mapped by `--colours red=white,green=black`. The stipulation is read
//! in words ("mate in 5", "mate in five with a pawn", "Black to play and win in 20", "White
//! to play and win" with `--win-moves N`) or as `#N`.

use super::setup::Setup;
use super::{default_id, error_at, number, Entry, EntryError, ImportError, Options};
use std::path::Path;

/// The labels of metadata lines (`Title: ...`).
const LABELS: &[&str] = &[
    "title",
    "id",
    "source",
    "author",
    "rules",
    "solution",
    "remark",
    "published",
    "notes",
];

/// Men named in words in a stipulation ("with a pawn") and their names in the rules.
const NAMES: &[(&str, &str)] = &[
    ("pawn", "pawn"),
    ("king", "king"),
    ("queen", "queen"),
    ("rook", "rook"),
    ("bishop", "bishop"),
    ("knight", "knight"),
    ("ferz", "ferz"),
    ("fers", "ferz"),
    ("firzan", "ferz"),
    ("alfil", "alfil"),
    ("elephant", "alfil"),
];

/// Does the text look like a piece list (a line `Word: Kg1 ...`)?
pub fn looks_like(text: &str) -> bool {
    text.lines().any(|l| {
        l.split(';').any(|seg| match seg.split_once(':') {
            Some((w, rest)) => {
                w.trim().chars().all(|c| c.is_alphabetic())
                    && !LABELS.contains(&w.trim().to_ascii_lowercase().as_str())
                    && rest.split_whitespace().any(|t| split_man(t).is_some())
            }
            None => false,
        })
    })
}

/// `Kg1,` → ("K", "g1"); `e4` → ("", "e4"); `Ktf3` → ("Kt", "f3").
fn split_man(token: &str) -> Option<(String, String)> {
    let t = token.trim_matches(|c: char| c == ',' || c == '.' || c == ';');
    let digits = t.chars().rev().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || t.len() < digits + 1 {
        return None;
    }
    let file_at = t.len() - digits - 1;
    let f = t.get(file_at..)?.chars().next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let prefix = &t[..file_at];
    prefix
        .chars()
        .all(|c| c.is_ascii_alphabetic())
        .then(|| (prefix.to_string(), t[file_at..].to_string()))
}

/// One paragraph: its first line and its lines with their numbers.
struct Block<'a> {
    lines: Vec<(usize, &'a str)>,
}

/// Reads every problem of a piece-list text: each paragraph's problem or its error,
/// handed to `keep` in the order of the text; reading stops when `keep` says no.
pub fn read(path: &Path, text: &str, opts: &Options, keep: super::Keep<'_>) {
    let mut blocks: Vec<Block> = vec![];
    let mut cur: Vec<(usize, &str)> = vec![];
    for (i, l) in text.lines().enumerate() {
        let t = l.trim();
        if t.is_empty() {
            if !cur.is_empty() {
                blocks.push(Block {
                    lines: std::mem::take(&mut cur),
                });
            }
        } else if !t.starts_with("//") {
            cur.push((i + 1, t));
        }
    }
    if !cur.is_empty() {
        blocks.push(Block { lines: cur });
    }
    for (i, b) in blocks.iter().enumerate() {
        if !keep(block(path, b, i + 1, opts)) {
            return;
        }
    }
}

/// The side a colour name stands for (true: White), by the user's mapping or the usual.
fn side_of(name: &str, opts: &Options) -> Option<bool> {
    let n = name.trim().to_ascii_lowercase();
    if let Some((_, w)) = opts
        .colours
        .iter()
        .find(|(c, _)| c.to_ascii_lowercase() == n)
    {
        return Some(*w);
    }
    match n.as_str() {
        "white" => Some(true),
        "black" => Some(false),
        _ => None,
    }
}

/// What a paragraph's lines say, before the board is built.
#[derive(Default)]
struct Parts<'a> {
    meta: Vec<(String, String, usize)>,
    /// (colour name, its men as printed, line).
    sides: Vec<(String, &'a str, usize)>,
    stipulation: Option<(&'a str, usize)>,
}

fn sort_lines<'a>(path: &Path, b: &Block<'a>) -> Result<Parts<'a>, ImportError> {
    let mut p = Parts::default();
    for &(n, l) in &b.lines {
        if let Some((k, v)) = l.split_once(':') {
            let key = k.trim().to_ascii_lowercase();
            if LABELS.contains(&key.as_str()) {
                p.meta.push((key, v.trim().to_string(), n));
                continue;
            }
        }
        let segs: Vec<&str> = l.split(';').filter(|s| !s.trim().is_empty()).collect();
        if segs.iter().all(|s| side_segment(s).is_some()) {
            for s in segs {
                let (c, men) = side_segment(s).unwrap_or_default();
                p.sides.push((c.to_string(), men, n));
            }
        } else if looks_like_task(l) && p.stipulation.is_none() {
            p.stipulation = Some((l, n));
        } else {
            return Err(error_at(path, n, format!(
                "cannot read '{l}': expected a side's men ('White: Kg1 Rh1'), a stipulation ('mate in 5') or a line 'Title:', 'Source:', 'Rules:', 'Solution:'"
            )));
        }
    }
    Ok(p)
}

/// `Red: Kg1 Rh1` → ("Red", "Kg1 Rh1").
fn side_segment(s: &str) -> Option<(&str, &str)> {
    let (c, men) = s.split_once(':')?;
    let c = c.trim();
    (!c.is_empty() && c.chars().all(|x| x.is_alphabetic())).then_some((c, men))
}

fn looks_like_task(l: &str) -> bool {
    let l = l.to_ascii_lowercase();
    l.contains("mate") || l.contains("win") || l.contains('#')
}

fn block(path: &Path, b: &Block, index: usize, opts: &Options) -> Result<Entry, ImportError> {
    let first = b.lines[0].0;
    let p = sort_lines(path, b)?;
    let meta = |k: &str| p.meta.iter().find(|m| m.0 == k).map(|m| m.1.clone());
    let rules = opts.rules.clone().or_else(|| meta("rules")).ok_or_else(|| {
        error_at(path, first, "no rules for this problem: add a line 'Rules: shatranj' (or another preset) or give --rules")
    })?;
    let rline = p
        .meta
        .iter()
        .find(|m| m.0 == "rules")
        .map_or(first, |m| m.2);
    // Rules named by the file itself are read only from beside it (see
    // `Rules::resolve`); --rules is the user's own word.
    let base = opts
        .rules
        .is_none()
        .then(|| path.parent().unwrap_or(Path::new("")));
    let mut setup =
        Setup::new(&rules, base, &opts.rules_dirs).map_err(|m| error_at(path, rline, m))?;
    let mut names: [Option<String>; 2] = [None, None];
    for (colour, men, n) in &p.sides {
        let white = side_of(colour, opts).ok_or_else(|| error_at(path, *n, format!(
            "'{colour}' is not White or Black (nor a label Title, Id, Source, Author, Rules, Solution, Remark, Published, Notes): map the manuscript's colours with --colours, e.g. --colours {}=white,black=black",
            colour.to_ascii_lowercase()
        )))?;
        names[usize::from(!white)] = Some(colour.clone());
        place(&mut setup, men, white).map_err(|m| error_at(path, *n, m))?;
    }
    if setup.count() == 0 {
        return Err(error_at(
            path,
            first,
            "no men in this problem: expected lines such as 'White: Kg1 Rh1' and 'Black: Kg8'",
        ));
    }
    let (task, tline) = p.stipulation.ok_or_else(|| {
        error_at(path, first, "no stipulation in this problem: expected a line such as 'White to play and mate in 3' or '#3'")
    })?;
    let t = task_of(task, &setup, opts).map_err(|m| error_at(path, tline, m))?;
    let mut e = Entry {
        line: first,
        id: meta("id").unwrap_or_else(|| {
            meta("title")
                .map(|t| super::popeye::slug(&t))
                .unwrap_or_else(|| default_id(path, index))
        }),
        rules,
        fen: setup.fen(t.white_moves, &[]),
        stipulation: t.stipulation,
        mate_by: t.mate_by,
        title: meta("title"),
        source: [meta("author"), meta("source")]
            .into_iter()
            .flatten()
            .reduce(|a, b| format!("{a}, {b}")),
        published: [meta("published"), meta("remark")]
            .into_iter()
            .flatten()
            .reduce(|a, b| format!("{a} {b}")),
        solution: meta("solution"),
        ..Entry::default()
    };
    e.notes.extend(meta("notes"));
    let custom = names
        .iter()
        .flatten()
        .any(|n| side_of(n, &Options::default()).is_none());
    if let (true, [Some(w), Some(bl)]) = (custom, &names) {
        e.colours = Some([w.to_ascii_lowercase(), bl.to_ascii_lowercase()]);
    }
    Ok(e)
}

/// Puts one side's men, checking any count in parentheses against the men before it.
fn place(setup: &mut Setup, men: &str, white: bool) -> Result<(), EntryError> {
    let (mut letter, mut since_count) = (None::<char>, 0usize);
    for tok in men.split(|c: char| c.is_whitespace() || c == ',') {
        let tok = tok.trim_matches(|c: char| c == '.' || c == ';');
        if tok.is_empty() {
            continue;
        }
        if let Some(inner) = tok.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            let want = number(inner).ok_or_else(|| EntryError::BadCount(tok.to_string()))?;
            if want as usize != since_count {
                return Err(EntryError::CountMismatch {
                    count: tok.to_string(),
                    listed: since_count,
                });
            }
            since_count = 0;
            continue;
        }
        let (prefix, square) = match split_man(tok) {
            Some(x) => x,
            None if tok.chars().all(|c| c.is_ascii_alphabetic()) && tok.len() <= 2 => {
                letter = Some(man_letter(setup, tok)?);
                continue;
            }
            None => return Err(EntryError::NotManOnSquare(tok.to_string())),
        };
        let l = if prefix.is_empty() {
            match letter {
                Some(l) => l,
                None => setup.letter_named("pawn")?,
            }
        } else {
            man_letter(setup, &prefix)?
        };
        setup.put(&square, l, white)?;
        since_count += 1;
    }
    Ok(())
}

/// The rules' letter for a man as printed: `Kt` is the knight, else the letter itself.
fn man_letter(setup: &Setup, printed: &str) -> Result<char, EntryError> {
    if printed.eq_ignore_ascii_case("kt") || printed.eq_ignore_ascii_case("s") {
        return setup.letter_named("knight");
    }
    let mut c = printed.chars();
    match (c.next(), c.next()) {
        (Some(x), None) => setup.letter_of(x),
        _ => Err(EntryError::NotALetter(printed.to_string())),
    }
}

/// A stipulation read from words.
struct Task {
    stipulation: String,
    white_moves: bool,
    mate_by: Option<String>,
}

fn task_of(text: &str, setup: &Setup, opts: &Options) -> Result<Task, EntryError> {
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let white_moves = words.first().and_then(|w| side_of(w, opts)).unwrap_or(true);
    let after = |k: &str| {
        words
            .iter()
            .position(|w| w == k)
            .and_then(|i| words.get(i + 1))
    };
    let hash = words
        .iter()
        .find_map(|w| w.strip_prefix('#').and_then(number));
    let mate = hash.is_some()
        || words
            .iter()
            .any(|w| w.starts_with("mate") || w == "checkmate");
    let n = hash.or_else(|| after("in").and_then(|w| number(w)));
    let stipulation = match (mate, n) {
        (true, Some(n)) => format!("#{n}"),
        (true, None) => return Err(EntryError::MateInHowMany(text.to_string())),
        (false, _) if words.iter().any(|w| w.starts_with("win")) => match n.or(opts.win_moves) {
            Some(n) => format!("win {n}"),
            None => return Err(EntryError::WinInHowMany(text.to_string())),
        },
        _ => return Err(EntryError::NoTask(text.to_string())),
    };
    let mate_by = match words.iter().position(|w| w == "with") {
        Some(i) => {
            let name = words
                .get(i + 1)
                .filter(|w| !["a", "an", "the", "his", "its"].contains(&w.as_str()))
                .or(words.get(i + 2));
            let canonical = name
                .and_then(|w| NAMES.iter().find(|x| x.0 == w.trim_end_matches('s')))
                .map(|x| x.1);
            let c = canonical.ok_or_else(|| EntryError::MateWithWhat(text.to_string()))?;
            Some(setup.letter_named(c)?.to_string())
        }
        None => None,
    };
    Ok(Task {
        stipulation,
        white_moves,
        mate_by,
    })
}
