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

#[cfg(test)]
mod tests {
    use super::*;

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
}
