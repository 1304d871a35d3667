//! Popeye input files: `BeginProblem ... EndProblem`, problems separated by `Next`.
//!
//! Read: `Pieces White ke1 ra1h1 Black ...` (Popeye's English names: K Q R B S P, the
//! fairy `FE` fers and `AL` alfil), `Stipulation #N`, `Condition` (`BlackMustCapture`: the
//! defender must capture, mansuba's covetous defender; `WhiteMustCapture BlackMustCapture`:
//! the preset `forced`; `PromOnly FE`: shatranj's promotion), `Option` (`NoCastling
//! squares`, `WhiteToPlay`; display options ignored; Popeye's direct mates are White's),
//! `Author`, `Origin`, `Title`, `Remark`. Keywords may be shortened to three letters and
//! are read in any case, as Popeye does. Everything else is refused by name.

use super::popeye_text::{self, texts};
use super::setup::Setup;
use super::{default_id, error_at, Entry, ImportError, Options};
use std::path::Path;

const KEYWORDS: &[&str] = &[
    "beginproblem",
    "endproblem",
    "nextproblem",
    "pieces",
    "stipulation",
    "condition",
    "option",
    "author",
    "origin",
    "title",
    "remark",
];

/// Options that change only what Popeye prints or how long it looks, with the number of
/// arguments each takes.
const DISPLAY_OPTIONS: &[(&str, usize)] = &[
    ("noboard", 0),
    ("variation", 0),
    ("movenumbers", 0),
    ("nothreat", 0),
    ("noshortvariations", 0),
    ("try", 0),
    ("maxtime", 1),
    ("maxsolutions", 1),
];

/// Popeye's English piece names and the men of mansuba's rules they are.
const PIECES: &[(&str, &str)] = &[
    ("k", "king"),
    ("q", "queen"),
    ("r", "rook"),
    ("b", "bishop"),
    ("s", "knight"),
    ("p", "pawn"),
    ("fe", "ferz"),
    ("al", "alfil"),
];

/// One problem as written, before the board is built.
#[derive(Default)]
struct Raw {
    line: usize,
    /// (Popeye name, square, white, line).
    men: Vec<(String, String, bool, usize)>,
    /// The colour of the men being listed (set by the last `White`/`Black`).
    colour_mark: Option<bool>,
    stipulation: Option<(String, usize)>,
    conditions: Vec<(String, usize)>,
    /// (option, its arguments, line).
    options: Vec<(String, Vec<String>, usize)>,
    /// Text lines, each read by [`popeye_text::from_line`]: (text, continued).
    author: Vec<(String, bool)>,
    origin: Vec<(String, bool)>,
    title: Vec<(String, bool)>,
    remarks: Vec<(String, bool)>,
    /// A line of it had an error (said): it is not built.
    broken: bool,
}

/// The keyword a word is (full or shortened to three letters or more), if any.
fn keyword(word: &str) -> Option<&'static str> {
    let w = word.to_ascii_lowercase();
    let w = if w == "next" { "nextproblem".into() } else { w };
    KEYWORDS
        .iter()
        .copied()
        .find(|k| *k == w || (w.len() >= 3 && k.starts_with(w.as_str())))
}

/// Reads every problem of a Popeye input file: each problem, or each error (a problem
/// with an error in its lines is not built; the reading goes on after it).
pub fn read(path: &Path, text: &str, opts: &Options) -> Vec<Result<Entry, ImportError>> {
    let (raws, errors) = split(path, text);
    let mut out: Vec<Result<Entry, ImportError>> = errors.into_iter().map(Err).collect();
    for (i, r) in raws.iter().enumerate() {
        if !r.broken {
            out.push(build(path, r, i + 1, opts));
        }
    }
    out
}

/// Where [`split`] is in the text.
#[derive(Default)]
struct Reading {
    done: Vec<Raw>,
    cur: Option<Raw>,
    section: &'static str,
}

/// The problems of the text, their parts sorted by keyword, and the errors met. A line
/// with an error is not read further, and its problem is marked broken.
fn split(path: &Path, text: &str) -> (Vec<Raw>, Vec<ImportError>) {
    let mut st = Reading::default();
    let mut errors = vec![];
    for (i, l) in text.lines().enumerate() {
        let n = i + 1;
        let mut words = l.split_whitespace().peekable();
        while let Some(w) = words.next() {
            if let Err(e) = word(path, n, l, w, &mut words, &mut st) {
                errors.push(e);
                if let Some(r) = st.cur.as_mut() {
                    r.broken = true;
                }
                break;
            }
        }
    }
    if let Some(r) = st.cur {
        errors.push(error_at(
            path,
            r.line,
            "this problem has no EndProblem: expected EndProblem at its end",
        ));
    }
    (st.done, errors)
}

/// One word of line `n` (`l`): a keyword, or what its section holds.
fn word<'a>(
    path: &Path,
    n: usize,
    l: &'a str,
    w: &'a str,
    words: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    st: &mut Reading,
) -> Result<(), ImportError> {
    match keyword(w) {
        Some("beginproblem") if st.cur.is_none() => {
            st.cur = Some(Raw {
                line: n,
                ..Raw::default()
            });
            st.section = "";
        }
        Some("beginproblem") => {
            return Err(error_at(
                path,
                n,
                "BeginProblem inside a problem: expected EndProblem or Next first",
            ))
        }
        Some(k @ ("endproblem" | "nextproblem")) => {
            let r = st.cur.take().ok_or_else(|| {
                error_at(
                    path,
                    n,
                    format!("'{w}' outside a problem: expected BeginProblem first"),
                )
            })?;
            st.done.push(r);
            if k == "nextproblem" {
                st.cur = Some(Raw {
                    line: n,
                    ..Raw::default()
                });
            }
            st.section = "";
        }
        Some(k @ ("author" | "origin" | "title" | "remark")) => {
            // The text is the rest of the line as it stands (spaces, quotes and all): `w`
            // is a slice of `l`, so its end is where the text begins.
            let at = w.as_ptr() as usize - l.as_ptr() as usize + w.len();
            words.by_ref().for_each(drop);
            let r = inside(path, n, &mut st.cur, w)?;
            text_line(r, k, popeye_text::from_line(&l[at..]));
        }
        Some(k) => {
            inside(path, n, &mut st.cur, w)?;
            st.section = k;
        }
        None => {
            let r = inside(path, n, &mut st.cur, w)?;
            item(path, n, r, st.section, w, words)?;
        }
    }
    Ok(())
}

fn inside<'a>(
    path: &Path,
    n: usize,
    cur: &'a mut Option<Raw>,
    w: &str,
) -> Result<&'a mut Raw, ImportError> {
    cur.as_mut().ok_or_else(|| {
        error_at(
            path,
            n,
            format!("'{w}' outside a problem: expected BeginProblem first"),
        )
    })
}

fn text_line(r: &mut Raw, k: &str, rest: (String, bool)) {
    match k {
        "author" => r.author.push(rest),
        "origin" => r.origin.push(rest),
        "title" => r.title.push(rest),
        _ => r.remarks.push(rest),
    }
}

/// A word of a section: a man, the stipulation, a condition or an option.
fn item<'a>(
    path: &Path,
    n: usize,
    r: &mut Raw,
    section: &str,
    w: &str,
    words: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) -> Result<(), ImportError> {
    match section {
        "pieces" => pieces_word(path, n, r, w, words.peek().copied()).map(|joined| {
            if joined {
                words.next();
            }
        }),
        "stipulation" if r.stipulation.is_none() => {
            r.stipulation = Some((w.to_string(), n));
            Ok(())
        }
        "condition" => {
            r.conditions.push((w.to_string(), n));
            Ok(())
        }
        "option" => {
            option_word(r, w, n, words);
            Ok(())
        }
        _ => Err(error_at(
            path,
            n,
            format!("unexpected '{w}': expected a keyword (Pieces, Stipulation, Condition, Option, Author, Origin, Title, Remark, EndProblem)"),
        )),
    }
}

fn option_word<'a>(
    r: &mut Raw,
    w: &str,
    n: usize,
    words: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) {
    let lw = w.to_ascii_lowercase();
    let nargs = match lw.as_str() {
        "nocastling" => 1,
        _ => DISPLAY_OPTIONS
            .iter()
            .find(|(o, _)| *o == lw)
            .map_or(0, |x| x.1),
    };
    let args = (0..nargs)
        .filter_map(|_| words.next())
        .map(String::from)
        .collect();
    r.options.push((lw, args, n));
}

/// A word of the `Pieces` section: a colour, or a man with its squares (`ra1h1`, or the
/// name alone with the squares as the next word). True when the next word was taken.
fn pieces_word(
    path: &Path,
    n: usize,
    r: &mut Raw,
    w: &str,
    next: Option<&str>,
) -> Result<bool, ImportError> {
    let lw = w.to_ascii_lowercase();
    match lw.as_str() {
        "white" => return colour(r, true),
        "black" => return colour(r, false),
        "neutral" => {
            return Err(error_at(
                path,
                n,
                "neutral men are not something mansuba plays: expected White or Black",
            ))
        }
        _ => {}
    }
    let white = r.colour_mark.ok_or_else(|| {
        error_at(
            path,
            n,
            format!("'{w}' before a colour: expected 'White' or 'Black' before the men"),
        )
    })?;
    let (name, squares) = split_squares(&lw);
    let (squares, joined) = match (squares.is_empty(), next) {
        (true, Some(nx)) if split_squares(&nx.to_ascii_lowercase()).0.is_empty() => {
            (split_squares(&nx.to_ascii_lowercase()).1, true)
        }
        _ => (squares, false),
    };
    if squares.is_empty() {
        return Err(error_at(
            path,
            n,
            format!("'{w}': expected a man followed by its squares, e.g. ke1 or ra1h1"),
        ));
    }
    for s in squares {
        r.men.push((name.clone(), s, white, n));
    }
    Ok(joined)
}

fn colour(r: &mut Raw, white: bool) -> Result<bool, ImportError> {
    r.colour_mark = Some(white);
    Ok(false)
}

/// `ra1h1` → ("r", ["a1", "h1"]): squares peeled off the end, the rest is the name.
fn split_squares(w: &str) -> (String, Vec<String>) {
    let b = w.as_bytes();
    let mut end = b.len();
    let mut squares = vec![];
    while end >= 2 && (b'a'..=b'h').contains(&b[end - 2]) && (b'1'..=b'8').contains(&b[end - 1]) {
        squares.push(w[end - 2..end].to_string());
        end -= 2;
    }
    squares.reverse();
    (w[..end].to_string(), squares)
}

/// What the conditions and options of a problem ask for.
#[derive(Default)]
struct Asks {
    white_must_capture: bool,
    black_must_capture: bool,
    prom_only: Vec<String>,
    barred: Vec<String>,
}

fn read_conditions(path: &Path, r: &Raw) -> Result<Asks, ImportError> {
    let mut a = Asks::default();
    let mut in_prom = false;
    for (c, n) in &r.conditions {
        let lc = c.to_ascii_lowercase();
        match lc.as_str() {
            "blackmustcapture" => a.black_must_capture = true,
            "whitemustcapture" => a.white_must_capture = true,
            "promonly" => in_prom = true,
            p if in_prom && PIECES.iter().any(|x| x.0 == p) => a.prom_only.push(lc.clone()),
            _ => return Err(error_at(path, *n, format!(
                "condition '{c}' is not one mansuba has: it knows BlackMustCapture (covetous defender), WhiteMustCapture with BlackMustCapture (preset forced) and PromOnly FE (shatranj)"
            ))),
        }
    }
    for (o, args, n) in &r.options {
        match o.as_str() {
            "nocastling" => {
                let s = args.first().map(|x| split_squares(&x.to_ascii_lowercase()).1).unwrap_or_default();
                if s.is_empty() {
                    return Err(error_at(path, *n, "NoCastling: expected the squares of the men that may not castle, e.g. a1e1h1"));
                }
                a.barred.extend(s);
            }
            "whitetoplay" => {}
            _ if DISPLAY_OPTIONS.iter().any(|d| d.0 == o) => {}
            _ => return Err(error_at(path, *n, format!(
                "option '{o}' is not one mansuba can honour: it reads NoCastling and WhiteToPlay and ignores the display options ({})",
                DISPLAY_OPTIONS.iter().map(|d| d.0).collect::<Vec<_>>().join(", ")
            ))),
        }
    }
    Ok(a)
}

/// `#N`, or why the stipulation is refused.
fn stipulation(s: &str) -> Result<String, String> {
    let l = s.to_ascii_lowercase();
    if let Some(n) = l.strip_prefix('#') {
        if n.parse::<u32>().is_ok_and(|n| n > 0) {
            return Ok(format!("#{n}"));
        }
    }
    let kind = [
        ("h#", "help-mates (h#)"),
        ("s#", "self-mates (s#)"),
        ("r#", "reflex mates (r#)"),
        ("ser-", "series movers (ser-)"),
        ("h=", "help-stalemates (h=)"),
        ("=", "stalemates (=)"),
        ("dia", "proof games (dia)"),
        ("a=>b", "proof games (a=>b)"),
    ]
    .iter()
    .find(|(p, _)| l.contains(p))
    .map_or("this stipulation", |x| x.1);
    Err(format!(
        "stipulation '{s}': {kind} cannot be verified by mansuba; it reads direct mates '#N'"
    ))
}

/// The rules a problem implies when the user names none.
fn implied_rules(r: &Raw, a: &Asks) -> (String, Option<String>) {
    let fairy = r.men.iter().any(|m| m.0 == "fe" || m.0 == "al");
    let shatranj = fairy || a.prom_only == ["fe"];
    match (shatranj, a.white_must_capture && a.black_must_capture) {
        (true, true) => ("forced".into(), None),
        (true, false) => ("shatranj".into(), None),
        (false, _) => (
            "english-1650".into(),
            Some("Popeye's orthodox men: read under english-1650 (modern moves and castling; the stalemater loses); change `rules` if another assize is meant".into()),
        ),
    }
}

fn build(path: &Path, r: &Raw, index: usize, opts: &Options) -> Result<Entry, ImportError> {
    let (stip, sline) = r.stipulation.clone().ok_or_else(|| {
        error_at(
            path,
            r.line,
            "this problem has no Stipulation: expected e.g. 'Stipulation #2'",
        )
    })?;
    let stipulation = stipulation(&stip).map_err(|m| error_at(path, sline, m))?;
    let a = read_conditions(path, r)?;
    let mut e = Entry {
        line: r.line,
        stipulation,
        ..Entry::default()
    };
    let (rules, note) = implied_rules(r, &a);
    e.rules = opts.rules.clone().unwrap_or(rules);
    e.notes.extend(note.filter(|_| opts.rules.is_none()));
    let mut setup = Setup::new(&e.rules, None).map_err(|m| error_at(path, r.line, m))?;
    check_promotion(&setup, &a).map_err(|m| error_at(path, r.line, m))?;
    for (name, sq, white, n) in &r.men {
        let canonical = PIECES.iter().find(|p| p.0 == name).map(|p| p.1).ok_or_else(|| {
            error_at(path, *n, format!("'{name}' is not a Popeye man mansuba has: expected one of K Q R B S P FE AL"))
        })?;
        let letter = setup
            .letter_named(canonical)
            .map_err(|m| error_at(path, *n, m))?;
        setup
            .put(sq, letter, *white)
            .map_err(|m| error_at(path, *n, m))?;
    }
    let (att, def) = (a.white_must_capture, a.black_must_capture);
    let forced = setup.rules.forced_capture;
    if att && !forced {
        return Err(error_at(path, r.line, "the attacker must capture (WhiteMustCapture) but the defender need not: mansuba has no such condition"));
    }
    e.covetous = def && !forced;
    e.fen = setup.fen(true, &a.barred);
    e.title = Some(texts(&r.title).join(" ")).filter(|t| !t.trim().is_empty());
    // `export --popeye` keeps the id in a remark of its own; otherwise the title gives it.
    let remarks = texts(&r.remarks);
    let (ids, remarks): (Vec<String>, Vec<String>) =
        remarks.into_iter().partition(|x| x.starts_with(ID_REMARK));
    e.id = match ids.first() {
        Some(id) => id[ID_REMARK.len()..].to_string(),
        None => e
            .title
            .as_deref()
            .map(slug)
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| default_id(path, index)),
    };
    // Several Origin lines are one text cut to Popeye's line length: joined by spaces
    // (or without, where the export cut a word; see popeye_text).
    let origin = texts(&r.origin).join(" ");
    let mut src = texts(&r.author);
    src.extend(Some(origin).filter(|o| !o.is_empty()));
    e.source = Some(src.join(", ")).filter(|s| !s.trim().is_empty());
    e.published = Some(remarks.join(" ")).filter(|s| !s.trim().is_empty());
    Ok(e)
}

/// `PromOnly` must name what the rules promote to.
fn check_promotion(setup: &Setup, a: &Asks) -> Result<(), String> {
    if a.prom_only.is_empty() {
        return Ok(());
    }
    let mut want = vec![];
    for p in &a.prom_only {
        let name = PIECES.iter().find(|x| x.0 == p).map_or("", |x| x.1);
        want.push(setup.letter_named(name)?);
    }
    want.sort();
    let mut have = setup.rules.promotion.to.clone();
    have.sort();
    if want != have {
        return Err(format!(
            "PromOnly {} does not match the rules '{}', which promote to {:?}",
            a.prom_only.join(" "),
            setup.rules.name,
            setup.rules.promotion.to
        ));
    }
    Ok(())
}

/// The remark `export --popeye` writes the problem's id in: `Remark mansuba-id ID`.
pub const ID_REMARK: &str = "mansuba-id ";

/// The most characters of an id made from a title (a whole title of 50 MB is no id).
pub const SLUG_CAP: usize = 64;

/// An id from a title: letters and digits, words joined by `-`, at most [`SLUG_CAP`]
/// characters (cut at a word's end where there is one).
pub fn slug(t: &str) -> String {
    let mut out = String::new();
    for w in t
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let w = w.to_ascii_lowercase();
        let sep = usize::from(!out.is_empty());
        let have = out.chars().count();
        if have + sep + w.chars().count() > SLUG_CAP {
            if out.is_empty() {
                out = w.chars().take(SLUG_CAP).collect();
            }
            break;
        }
        if sep == 1 {
            out.push('-');
        }
        out.push_str(&w);
    }
    out
}
