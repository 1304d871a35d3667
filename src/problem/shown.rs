//! Text from a problem file or an imported input (ids, titles, sources, solutions, the
//! words an error quotes) as it may reach a terminal. Such text is the user's, or a
//! stranger's: an ESC or OSC sequence in a title would drive the terminal (retitle it,
//! hide what follows), a BEL rings it, a bidi override (U+202A-202E, U+2066-2069) turns
//! the rest of the line round, and a newline or CR forges a line of the report. Every
//! place that prints such text goes through [`shown`] (one field) or [`shown_lines`] (a
//! block of several lines), so the escaping is the same everywhere: `\n`, `\r`, `\t`,
//! `\u{1b}`, `\u{202e}`.
//!
//! Ids and titles are also capped when printed ([`ID_CAP`] characters, then `…`), so a
//! 50 MB title is not a 50 MB line; the files mansuba writes keep them whole.

/// The most characters of an id or a title printed on the terminal.
pub const ID_CAP: usize = 200;

/// A character that must not reach the terminal as it is: a control character (C0, DEL,
/// C1) or a bidi control (embeddings, overrides, isolates and the invisible marks).
fn hostile(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// One field for the terminal: every hostile character escaped (the text stays on one
/// line and cannot drive the terminal); text without any comes back as it is.
pub fn shown(t: &str) -> String {
    if !t.chars().any(hostile) {
        return t.to_string();
    }
    t.chars()
        .map(|c| match c {
            c if hostile(c) => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A block of lines for the terminal: each line as [`shown`], the newlines kept.
pub fn shown_lines(t: &str) -> String {
    t.split('\n').map(shown).collect::<Vec<_>>().join("\n")
}

/// An id or a title for the terminal: [`shown`], cut after [`ID_CAP`] characters with `…`.
pub fn shown_id(t: &str) -> String {
    match t.char_indices().nth(ID_CAP) {
        Some((cut, _)) => format!("{}…", shown(&t[..cut])),
        None => shown(t),
    }
}

/// A message (an error, a warning) that may quote input: every word (a run without
/// white space) longer than [`ID_CAP`] characters is cut there, and the count of
/// characters cut said, so that a 20,000,000-character keyword is not quoted whole.
/// Text without such a word comes back as it is.
pub fn capped(t: &str) -> std::borrow::Cow<'_, str> {
    // `…` ends a word too, so that a message capped once is left as it is.
    let ends = |c: char| c.is_whitespace() || c == '…';
    let long = t
        .split(ends)
        .any(|w| w.len() > ID_CAP && w.chars().nth(ID_CAP).is_some());
    if !long {
        return std::borrow::Cow::Borrowed(t);
    }
    let mut out = String::with_capacity(t.len().min(1 << 16));
    let mut word = 0usize;
    let mut cut = 0usize;
    let flush = |out: &mut String, cut: &mut usize| {
        if *cut > 0 {
            out.push_str(&format!("…[{} more characters]", *cut));
            *cut = 0;
        }
    };
    for c in t.chars() {
        if ends(c) {
            flush(&mut out, &mut cut);
            word = 0;
            out.push(c);
        } else if word < ID_CAP {
            word += 1;
            out.push(c);
        } else {
            cut += 1;
        }
    }
    flush(&mut out, &mut cut);
    std::borrow::Cow::Owned(out)
}

/// A message for the terminal: [`capped`], then [`shown`].
pub fn said(t: &str) -> String {
    shown(&capped(t))
}

/// An error for the terminal, as the command line ends with it: its causes each said
/// once ([`chain_text`]), every word of it cut at 200 characters ([`capped`]), each line
/// escaped ([`shown_lines`]), since an error quotes the user's files.
pub fn error_said(e: &(dyn std::error::Error + 'static)) -> String {
    shown_lines(&capped(&chain_text(e)))
}

/// An error with its causes, as `{e:#}` writes an `anyhow` error ("what: why: why that"),
/// but each cause once: a typed error keeps its cause as its source and quotes it in its
/// own message too (so that a row or a log line that shows only the message still says
/// why), and the cause is not said twice.
pub fn chain_text(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = String::new();
    let mut cause = Some(e);
    while let Some(err) = cause {
        cause = err.source();
        let c = err.to_string();
        if c.is_empty() || text.contains(&c) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&c);
    }
    text
}

/// Numbers written as ranges: `0, 3-99999` for 0 and 3 to 99,999 (sorted, each once), so
/// that a list of 99,997 missing shards is one short line.
pub fn ranges(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = vec![];
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        parts.push(if j == i {
            numbers[i].to_string()
        } else {
            format!("{}-{}", numbers[i], numbers[j])
        });
        i = j + 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A typed error that quotes its cause is said once; a context's cause is added.
    #[test]
    fn each_cause_is_said_once() {
        let e: anyhow::Error = "0/0".parse::<crate::batch::Shard>().unwrap_err().into();
        assert_eq!(format!("{e:#}"), "'0/0': N must be from 1 to 100000 shards, got 0: N must be from 1 to 100000 shards, got 0");
        assert_eq!(
            chain_text(e.as_ref()),
            "'0/0': N must be from 1 to 100000 shards, got 0"
        );
        let e = e.context("--shard");
        assert_eq!(
            chain_text(e.as_ref()),
            "--shard: '0/0': N must be from 1 to 100000 shards, got 0"
        );
    }

    #[test]
    fn hostile_characters_are_escaped() {
        assert_eq!(shown("plain Ḥ منصوبة"), "plain Ḥ منصوبة");
        assert_eq!(shown("a\nb\rc\td"), "a\\nb\\rc\\td");
        assert_eq!(shown("\u{1b}]0;x\u{7}"), "\\u{1b}]0;x\\u{7}");
        assert_eq!(shown("x\u{202e}y\u{2066}"), "x\\u{202e}y\\u{2066}");
        assert_eq!(shown("\u{9b}"), "\\u{9b}");
        assert_eq!(shown_lines("a\u{7}\nb"), "a\\u{7}\nb");
    }

    #[test]
    fn long_ids_are_capped() {
        let long = "Ḥ".repeat(ID_CAP + 50);
        let s = shown_id(&long);
        assert_eq!(s.chars().count(), ID_CAP + 1);
        assert!(s.ends_with('…'));
        assert_eq!(shown_id("short"), "short");
        assert_eq!(shown_id(&"a".repeat(ID_CAP)), "a".repeat(ID_CAP));
    }

    #[test]
    fn long_words_in_messages_are_cut() {
        let long = format!("bad keyword '{}' here", "k".repeat(1000));
        let c = capped(&long);
        assert!(c.starts_with(&format!("bad keyword '{}", "k".repeat(ID_CAP - 1))));
        assert!(c.ends_with("…[802 more characters] here"), "{c}");
        assert_eq!(capped(&c), c, "capped twice");
        assert_eq!(capped("short words stay"), "short words stay");
        assert_eq!(ranges(&[0, 3, 4, 5, 9]), "0,3-5,9");
        assert_eq!(ranges(&[]), "");
    }
}
