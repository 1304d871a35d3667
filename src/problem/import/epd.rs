//! EPD lines, one problem per line: the first four FEN fields, then operations ended by
//! `;` (`dm 5;` the mate in 5, `id "name";`, `c0 "source";`, `c1 "remark";`; other operations such as
//! `bm` are kept as notes). Also a whole FEN followed by a stipulation (`... w - - 0 1 #5`
//! or `... win 20`). Blank lines and lines starting with `%` or `//` are skipped.
//!
//! The letters are the rules' letters (`--rules`); without it, english-1650 (orthodox
//! moves), since EPD is the orthodox engines' format.

use super::{default_id, error_at, Entry, EntryError, Options};
use std::path::Path;

/// Reads every line of an EPD text: its problem or its error, handed to `keep` in the
/// order of the text; reading stops when `keep` says no.
pub fn read(path: &Path, text: &str, opts: &Options, keep: super::Keep<'_>) {
    let mut n = 0;
    for (i, l) in text.lines().enumerate() {
        let t = l.trim();
        if t.is_empty() || t.starts_with('%') || t.starts_with("//") {
            continue;
        }
        n += 1;
        let e = line(t, n, path, opts).map_err(|m| error_at(path, i + 1, m));
        if !keep(e.map(|e| Entry { line: i + 1, ..e })) {
            return;
        }
    }
}

fn line(t: &str, index: usize, path: &Path, opts: &Options) -> Result<Entry, EntryError> {
    let fields: Vec<&str> = t.splitn(5, char::is_whitespace).collect();
    if fields.len() < 4 || fields[0].matches('/').count() < 1 {
        return Err(EntryError::NotEpd(t.to_string()));
    }
    let mut e = Entry {
        fen: format!(
            "{} {} {} {} 0 1",
            fields[0], fields[1], fields[2], fields[3]
        ),
        rules: opts.rules.clone().unwrap_or_else(|| "english-1650".into()),
        ..Entry::default()
    };
    if opts.rules.is_none() {
        e.notes.push("EPD: read under english-1650 (orthodox moves; the stalemater loses); change `rules` if another assize is meant".into());
    }
    let mut rest = fields.get(4).copied().unwrap_or("").trim();
    // A whole FEN: its two counters come first.
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.len() >= 2 && words[..2].iter().all(|w| w.parse::<u32>().is_ok()) {
        e.fen = format!(
            "{} {} {} {} {} {}",
            fields[0], fields[1], fields[2], fields[3], words[0], words[1]
        );
        let skip = rest.find(words[1]).map_or(0, |i| i + words[1].len());
        rest = rest[skip..].trim();
    }
    if rest.starts_with('#') || rest.to_ascii_lowercase().starts_with("win") && !rest.contains(';')
    {
        e.stipulation = rest.to_string();
    } else {
        operations(rest, &mut e)?;
    }
    if e.stipulation.is_empty() {
        return Err(EntryError::NoStipulation);
    }
    if e.id.is_empty() {
        e.id = default_id(path, index);
    }
    Ok(e)
}

/// The operations of an EPD line (`dm 5; id "x";`).
fn operations(rest: &str, e: &mut Entry) -> Result<(), EntryError> {
    for op in split_ops(rest) {
        let (code, arg) = op
            .split_once(char::is_whitespace)
            .unwrap_or((op.as_str(), ""));
        let arg = arg.trim();
        let unquoted = unquote(arg);
        match code {
            "dm" => match arg.parse::<u32>() {
                Ok(n) if n > 0 => e.stipulation = format!("#{n}"),
                _ => return Err(EntryError::BadDm(arg.to_string())),
            },
            // The id as the line gives it: a problem file takes any text as an id.
            "id" => e.id = unquoted,
            "c0" => e.source = Some(unquoted),
            c if c.len() == 2 && c.starts_with('c') => {
                let p = e
                    .published
                    .take()
                    .map_or(unquoted.clone(), |p| format!("{p} {unquoted}"));
                e.published = Some(p);
            }
            _ => e.notes.push(format!("EPD {code} {arg}").trim().to_string()),
        }
    }
    Ok(())
}

/// An operand as its text: a quoted string without its quotes, `\"` and `\\` read as
/// a quote and a backslash (the escapes PGN uses, and EPD writers with it); another
/// backslash stands as it is.
fn unquote(arg: &str) -> String {
    let Some(inner) = arg
        .strip_prefix('"')
        .map(|a| a.strip_suffix('"').unwrap_or(a))
    else {
        return arg.to_string();
    };
    let mut out = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&n @ ('"' | '\\'))) => {
                out.push(n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// Operations split at `;` outside quotes (a `\"` inside quotes does not end them).
fn split_ops(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted) = (vec![], String::new(), false);
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if quoted => {
                cur.push(c);
                cur.extend(chars.next());
            }
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            ';' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out.into_iter()
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
}
