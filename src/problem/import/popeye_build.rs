//! A Popeye problem as read ([`super::popeye_board::Raw`]) made into entries: one for the
//! diagram, one for each twin (the diagram's id plus `-b`, `-c`, ...; after a zero
//! position, `-a`, `-b`, ...), or, for each that asks for what mansuba has not, the
//! reasons it is refused: a fairy piece, a condition, a stipulation, an option, by name.
//!
//! The rules: `--rules` when given; else `Remark mansuba-rules R` (written by `export
//! --popeye`); else what the men and conditions imply: `shatranj` for fers and alfil or
//! `PromOnly FE` (`forced` with `WhiteMustCapture BlackMustCapture`), otherwise
//! `orthodox` (modern chess), said in the note. `BlackMustCapture` alone is mansuba's
//! covetous defender; `PromOnly` must name what the rules promote to.
//!
//! Popeye's leapers and riders ([`popeye_fairy`]: nightrider, camel, zebra, gnu...) the
//! rules have no kind of are added to them as kinds of their own, written in the entry's
//! `rules_set` (the rules' whole piece list and promotion); a pawn may promote to each
//! added kind that stands on the board, as in Popeye, or to what `PromOnly` names.

use super::popeye_board::{name, Board, Colour, PopOptions, Raw};
use super::popeye_fairy;
use super::popeye_text::texts;
use super::popeye_words::MEN;
use super::setup::Setup;
use super::{default_id, error_at, Entry, EntryError, ImportError, Options};
use crate::board::rules::Rules;
use std::path::Path;

/// The remark `export --popeye` writes the problem's id in: `Remark mansuba-id ID`.
pub const ID_REMARK: &str = "mansuba-id ";

/// The remark `export --popeye` writes the problem's rules in, where they are not what
/// `import` would choose: `Remark mansuba-rules english-1650`.
pub const RULES_REMARK: &str = "mansuba-rules ";

/// The most characters of an id made from a title (a whole title of 50 MB is no id).
pub const SLUG_CAP: usize = 64;

/// Popeye's men that mansuba's rules have, by Popeye's English name and mansuba's.
const HAVE: &[(&str, &str)] = &[
    ("king", "king"),
    ("queen", "queen"),
    ("rook", "rook"),
    ("bishop", "bishop"),
    ("knight", "knight"),
    ("pawn", "pawn"),
    ("fers", "ferz"),
    ("alfil", "alfil"),
];

/// mansuba's name of a Popeye man, if it has one.
fn ours(walk: usize) -> Option<&'static str> {
    HAVE.iter().find(|h| h.0 == MEN[walk].1).map(|h| h.1)
}

/// The Popeye man as one of Popeye's leapers or riders, if it is one.
fn fairy(walk: usize) -> Option<&'static popeye_fairy::Walk> {
    popeye_fairy::walk(MEN[walk].0[0])
}

/// The letter of a Popeye man under `rules`: the rules' man of its name (the orthodox
/// men, ferz, alfil), else the rules' kind of the leaper or rider it is.
fn letter_in(rules: &Rules, walk: usize) -> Option<char> {
    let named = ours(walk).and_then(|n| rules.pieces.iter().find(|p| p.name == n));
    match named {
        Some(p) => Some(p.letter),
        None => fairy(walk).and_then(|w| popeye_fairy::kind_in(rules, w)),
    }
}

/// The texts of the problem every twin shares.
struct Shared {
    line: usize,
    id: String,
    title: Option<String>,
    source: Option<String>,
    published: Option<String>,
    rules: Option<String>,
}

fn shared(path: &Path, raw: &Raw, index: usize) -> Shared {
    let title = Some(texts(&raw.title).join(" ")).filter(|t| !t.trim().is_empty());
    let remarks = texts(&raw.remarks);
    let mut id = None;
    let mut rules = None;
    let mut rest = vec![];
    for r in remarks {
        if let Some(x) = r.strip_prefix(ID_REMARK) {
            id.get_or_insert(x.to_string());
        } else if let Some(x) = r.strip_prefix(RULES_REMARK) {
            rules.get_or_insert(x.trim().to_string());
        } else {
            rest.push(r);
        }
    }
    let id = id.unwrap_or_else(|| {
        title
            .as_deref()
            .map(slug)
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| default_id(path, index))
    });
    // Several Origin lines are one text cut to Popeye's line length: joined by spaces
    // (or without, where the export cut a word; see popeye_text).
    let mut src = texts(&raw.author);
    src.extend(Some(texts(&raw.origin).join(" ")).filter(|o| !o.is_empty()));
    src.extend(Some(texts(&raw.award).join(" ")).filter(|o| !o.is_empty()));
    Shared {
        line: raw.line,
        id,
        title,
        source: Some(src.join(", ")).filter(|s| !s.trim().is_empty()),
        published: Some(rest.join(" ")).filter(|s| !s.trim().is_empty()),
        rules,
    }
}

/// Every problem of one Popeye problem: the diagram's and each twin's entry, or why not.
pub fn build(
    path: &Path,
    raw: &Raw,
    index: usize,
    opts: &Options,
) -> Vec<Result<Entry, ImportError>> {
    let s = shared(path, raw, index);
    let who = match &s.title {
        Some(t) => format!("problem '{t}'"),
        None => format!("problem {index} ('{}')", s.id),
    };
    if let Some(e) = &raw.error {
        // What was read before the error may already say why the problem cannot come in.
        let why: Vec<(String, usize)> = refusals(&raw.diagram, &raw.opts, raw.line)
            .into_iter()
            .filter(|(w, _)| !w.starts_with("no Stipulation"))
            .collect();
        let mut e = e.clone();
        e.message = match why.is_empty() {
            true => format!("{who}: {}", e.message),
            false => format!(
                "{who}: not imported: {}; and then: {}",
                said(&why, e.line.unwrap_or(raw.line)),
                e.message
            ),
        };
        return vec![Err(e)];
    }
    let mut boards: Vec<(String, &Board, usize)> = vec![];
    if !raw.zero {
        boards.push((String::new(), &raw.diagram, raw.line));
    }
    // Twins are b), c)... after a diagram, a), b)... after a zero position; past z) numbers.
    for (i, (b, line)) in raw.twins.iter().enumerate() {
        let k = i + usize::from(!raw.zero);
        let label = match u8::try_from(k) {
            Ok(k) if k < 26 => ((b'a' + k) as char).to_string(),
            _ => (k + 1).to_string(),
        };
        boards.push((label, b, *line));
    }
    boards
        .into_iter()
        .map(|(label, b, line)| {
            let twin = if label.is_empty() {
                String::new()
            } else {
                format!(" twin {label})")
            };
            let why = refusals(b, &raw.opts, line);
            if !why.is_empty() {
                // A diagram's refusal names the line of the first word refused; a twin's,
                // the line of its twinning.
                let at = match label.is_empty() {
                    true => why[0].1,
                    false => line,
                };
                let m = format!("{who}{twin}: not imported: {}", said(&why, at));
                return Err(error_at(path, at, m));
            }
            let one = |o: &PopOptions| {
                entry(path, &s, o, b, &label, line, opts)
                    .map_err(|m| error_at(path, line, format!("{who}{twin}: not imported: {m}")))
            };
            let mut made = vec![one(&raw.opts)];
            // Duplex: the second task is the first with the colours' parts exchanged.
            if raw.opts.duplex && !raw.opts.half_duplex {
                let other = PopOptions {
                    half_duplex: true,
                    ..raw.opts.clone()
                };
                made.push(one(&other).map(|mut e| {
                    e.id += "-duplex";
                    e.notes.retain(|n| !n.starts_with("HalfDuplex"));
                    let said = "Duplex: the problem's second task, the colours' parts exchanged";
                    e.notes.push(said.into());
                    e
                }));
            }
            Ok(made)
        })
        .flat_map(|r: Result<Vec<_>, ImportError>| match r {
            Ok(v) => v,
            Err(e) => vec![Err(e)],
        })
        .collect()
}

/// Why a position is not one mansuba plays: its reasons, each beginning with what it is
/// (`fairy piece`, `condition`, `stipulation`, `option`...), with the line of the word
/// refused (`line`, the position's own, when no word is at fault).
fn refusals(b: &Board, o: &PopOptions, line: usize) -> Vec<(String, usize)> {
    let mut why = vec![];
    match &b.stipulation {
        None => why.push((
            "no Stipulation: expected e.g. 'Stipulation #2'".to_string(),
            line,
        )),
        Some((s, l)) => {
            if let Err(e) = stipulation_of(s, o) {
                why.push((format!("stipulation {s} ({e})"), *l));
            }
        }
    }
    why.extend(
        b.conds
            .refused
            .iter()
            .map(|(c, l)| (format!("condition {c}"), *l)),
    );
    why.extend(o.refused.iter().cloned());
    let mut push = |x: String, l: usize| {
        if !why.iter().any(|(w, _)| *w == x) {
            why.push((x, l));
        }
    };
    for m in b.men.iter().flatten() {
        let l = b.line_of(m.walk).unwrap_or(line);
        if ours(m.walk).is_none() && fairy(m.walk).is_none() {
            push(
                format!(
                    "fairy piece {} ({})",
                    MEN[m.walk].1,
                    MEN[m.walk].0[0].to_uppercase()
                ),
                l,
            );
        }
        if m.colour == Colour::Neutral {
            push("neutral men".into(), l);
        }
        for f in &m.flags {
            push(format!("piece attribute {f}"), l);
        }
    }
    for (m, l) in &b.unknown_men {
        push(format!("fairy piece {m}"), *l);
    }
    if b.invisible > 0 {
        push("total invisible men".into(), line);
    }
    if let Some(ep) = &o.en_passant {
        if ep.len() != 3 {
            push(
                format!(
                    "option EnPassant with {} squares (mansuba's pawns step two at most)",
                    ep.len()
                ),
                line,
            );
        }
    }
    why.sort_by_key(|&(_, l)| l);
    why
}

/// The reasons as one text, each with its line when that is not `at`, the line the
/// error names.
fn said(why: &[(String, usize)], at: usize) -> String {
    let each: Vec<String> = why
        .iter()
        .map(|(w, l)| match *l == at {
            true => w.clone(),
            false => format!("{w} (line {l})"),
        })
        .collect();
    each.join("; ")
}

/// The stipulation as mansuba writes it (`#2`, `h#2.5`, `ser-s#3`), Popeye's options
/// applied, or why it is not one mansuba solves. `WhiteToPlay` makes help play half a
/// move shorter, as Popeye 4.104 reads it: `h#2` is `h#1.5` (White first), and `hs#2`
/// and `hr#2` are `hs#1.5` and `hr#1.5` (Popeye shows them so, Black first).
fn stipulation_of(s: &str, o: &PopOptions) -> Result<String, EntryError> {
    use crate::solve::{Family, Goal, Stipulation};
    let st: Stipulation = s.parse().map_err(|_| EntryError::NotSolved)?;
    if st.goal == Goal::Win {
        return Err(EntryError::NotSolved);
    }
    let Some(mut play) = st.play else {
        if o.white_to_play {
            return Err(EntryError::WhiteToPlayNotHelp);
        }
        return Ok(st.to_string());
    };
    if (o.half_duplex || o.duplex) && o.white_to_play {
        return Err(EntryError::HalfDuplex);
    }
    play.exchanged = o.half_duplex;
    if o.white_to_play {
        let help = matches!(
            play.family,
            Family::Help | Family::HelpSelf | Family::HelpReflex
        );
        if !help || play.half || play.moves < 2 {
            return Err(EntryError::WhiteToPlayShort);
        }
        play.moves -= 1;
        play.half = true;
    }
    Ok(play.to_string())
}

/// The rules a position implies when the user names none, and the note that says so.
fn implied_rules(b: &Board) -> (String, Option<String>) {
    let fairy = b
        .men
        .iter()
        .flatten()
        .any(|m| matches!(MEN[m.walk].1, "fers" | "alfil"));
    let fers_only = b
        .conds
        .prom_only
        .as_ref()
        .is_some_and(|v| v.len() == 1 && MEN[v[0]].1 == "fers");
    let both = b.conds.white_must_capture && b.conds.black_must_capture;
    match (fairy || fers_only, both) {
        (true, true) => ("forced".into(), None),
        (true, false) => ("shatranj".into(), None),
        (false, _) => (
            "orthodox".into(),
            Some("Popeye's orthodox men: read under orthodox (modern chess, stalemate a draw); change `rules` if another assize is meant".into()),
        ),
    }
}

/// One position's entry (its refusals already ruled out), or why it cannot be set up.
fn entry(
    path: &Path,
    s: &Shared,
    o: &PopOptions,
    b: &Board,
    label: &str,
    line: usize,
    opts: &Options,
) -> Result<Entry, EntryError> {
    let stip = b
        .stipulation
        .as_ref()
        .and_then(|x| stipulation_of(&x.0, o).ok())
        .unwrap_or_default();
    let mut e = Entry {
        line,
        stipulation: stip,
        ..Entry::default()
    };
    let (implied, note) = implied_rules(b);
    e.rules = opts
        .rules
        .clone()
        .or_else(|| s.rules.clone())
        .unwrap_or(implied);
    if opts.rules.is_none() && s.rules.is_none() {
        e.notes.extend(note);
    }
    let base = opts
        .rules
        .is_none()
        .then(|| path.parent().unwrap_or(Path::new("")));
    let mut setup = Setup::new(&e.rules, base, &opts.rules_dirs)?;
    e.rules_set = add_kinds(&mut setup, b)?;
    if e.rules_set.is_some() {
        e.notes.push(format!(
            "Popeye's fairy men added to {} as kinds of their own (rules_set)",
            e.rules
        ));
    }
    for (i, m) in b.men.iter().enumerate() {
        let Some(m) = m else { continue };
        let letter = match letter_in(&setup.rules, m.walk) {
            Some(c) => c,
            None => {
                let n = ours(m.walk).ok_or(EntryError::FairyPiece(MEN[m.walk].1))?;
                setup.letter_named(n).map_err(|x| EntryError::Man {
                    name: n,
                    err: Box::new(x),
                })?
            }
        };
        setup.put(&name(i), letter, m.colour == Colour::White)?;
    }
    let (att, def) = (b.conds.white_must_capture, b.conds.black_must_capture);
    let forced = setup.rules.forced_capture;
    if att && !forced {
        return Err(EntryError::WhiteMustCapture(e.rules.clone()));
    }
    e.covetous = def && !forced;
    let barred: Vec<String> = o.no_castling.iter().map(|&i| name(i)).collect();
    let ep = o
        .en_passant
        .as_ref()
        .map_or("-".to_string(), |v| name(super::popeye_board::at(v[1])));
    // The side that moves first: Black in help play of whole moves and in a series
    // helpmate, as Popeye plays them.
    let play = (e.stipulation.parse::<crate::solve::Stipulation>().ok()).map(|st| st.play);
    let black_starts = match play {
        Some(Some(p)) => p.starter() == crate::board::piece::Color::Black,
        // A direct mate: the side to move has the task.
        Some(None) => o.half_duplex,
        None => false,
    };
    let side = if black_starts { "b" } else { "w" };
    e.fen = format!(
        "{} {side} {} {ep} 0 1",
        setup.placement(),
        setup.castling(&barred)
    );
    if o.half_duplex {
        e.notes.push(match play {
            Some(Some(_)) => "HalfDuplex: the colours' parts exchanged (half-duplex)".into(),
            _ => "HalfDuplex: Black has the task and moves first".into(),
        });
    }
    if !label.is_empty() {
        e.notes.push(format!(
            "twin {label}) of the problem at line {}: {}",
            s.line,
            b.made_by.join(" ")
        ));
    }
    e.id = if label.is_empty() {
        s.id.clone()
    } else {
        format!("{}-{label}", s.id)
    };
    e.title = s.title.clone();
    e.source = s.source.clone();
    e.published = s.published.clone();
    Ok(e)
}

/// Adds to the setup's rules a kind for each of Popeye's leapers and riders the position
/// has (or `PromOnly` names) and the rules have not, and sets what a pawn promotes to
/// (see [`promotion`]): the rules' knobs that say so (`rules_set`), if they changed.
fn add_kinds(setup: &mut Setup, b: &Board) -> Result<Option<toml::Table>, EntryError> {
    let before = (setup.rules.pieces.clone(), setup.rules.promotion.to.clone());
    let prom = b.conds.prom_only.clone().unwrap_or_default();
    let mut on_board: Vec<usize> = b.men.iter().flatten().map(|m| m.walk).collect();
    on_board.sort_unstable();
    on_board.dedup();
    let mut want: Vec<&popeye_fairy::Walk> = vec![];
    for &w in on_board.iter().chain(&prom) {
        match fairy(w) {
            Some(f) if letter_in(&setup.rules, w).is_none() && !want.contains(&f) => want.push(f),
            _ => {}
        }
    }
    let added = popeye_fairy::add(&mut setup.rules, &want);
    promotion(setup, b, &on_board, &added)?;
    setup.rules.validate().map_err(EntryError::AddedKinds)?;
    if (&setup.rules.pieces, &setup.rules.promotion.to) == (&before.0, &before.1) {
        return Ok(None);
    }
    popeye_fairy::knobs(&setup.rules).map(Some)
}

/// What a pawn promotes to. With `PromOnly`: the men it names, which must be what the
/// rules promote to unless it names a kind added (then it says what they promote to).
/// Without: the rules' men and every kind `added` that stands on the board (Popeye
/// promotes to the fairy men of the position).
fn promotion(
    setup: &mut Setup,
    b: &Board,
    on_board: &[usize],
    added: &[char],
) -> Result<(), EntryError> {
    let Some(v) = &b.conds.prom_only else {
        for &w in on_board {
            if let Some(c) = letter_in(&setup.rules, w).filter(|c| added.contains(c)) {
                setup.rules.promotion.to.push(c);
            }
        }
        return Ok(());
    };
    let mut want = vec![];
    for &w in v {
        let c = match letter_in(&setup.rules, w) {
            Some(c) => c,
            None => {
                let n = ours(w).ok_or(EntryError::PromOnlyFairy(MEN[w].1))?;
                setup
                    .letter_named(n)
                    .map_err(|x| EntryError::PromOnlyMan(Box::new(x)))?
            }
        };
        want.push(c);
    }
    want.sort();
    want.dedup();
    if want.iter().any(|c| added.contains(c)) {
        // In the order a promotion without `PromOnly` would list them.
        let base = &setup.rules.promotion.to;
        let mut to: Vec<char> = base.iter().chain(added).copied().collect();
        to.extend(want.iter().copied());
        to.retain(|c| want.contains(c));
        let mut seen = vec![];
        to.retain(|c| {
            !seen.contains(c) && {
                seen.push(*c);
                true
            }
        });
        setup.rules.promotion.to = to;
        return Ok(());
    }
    let mut have = setup.rules.promotion.to.clone();
    have.sort();
    if want != have {
        let names: Vec<&str> = v.iter().map(|&w| MEN[w].1).collect();
        return Err(EntryError::PromOnly {
            names: names.join(" "),
            rules: setup.rules.name.clone(),
            to: setup.rules.promotion.to.clone(),
        });
    }
    Ok(())
}

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
