//! The text of a Popeye `Title`, `Origin`, `Author` or `Remark` line, written by `export
//! --popeye` and read back by `import`, so that the round trip gives back ids, titles and
//! sources exactly. Popeye takes the rest of the line as the text and reads lines of at
//! most 255 bytes, so:
//!
//! - a character a line cannot hold is escaped: `\\` a backslash, `\n` a newline, `\r`
//!   a carriage return, `\t` a tab, `\u{1b}` any other control character, and `\s` a
//!   space at the start or the end of a line (where it would be trimmed away);
//! - a longer text goes on several lines of the same keyword, cut at a space (the lines
//!   are joined again by one space, as a text cut at its spaces by hand is) or, in a word
//!   longer than a line, anywhere: such a line ends in a lone `\` and is joined to the
//!   next without a space.
//!
//! Another backslash is read as it stands, so a hand-written line loses nothing.

/// The most bytes of text on one line (Popeye's limit is 255 with the keyword).
pub const LINE_BYTES: usize = 200;

/// One character as a line holds it.
fn escaped(c: char) -> String {
    match c {
        '\\' => "\\\\".into(),
        '\n' => "\\n".into(),
        '\r' => "\\r".into(),
        '\t' => "\\t".into(),
        c if c.is_control() => format!("\\u{{{:x}}}", c as u32),
        c => c.to_string(),
    }
}

/// `text` as the texts of lines of at most [`LINE_BYTES`] bytes, to be written each after
/// the keyword; none for an empty text. A long text is cut at a space where it has one
/// and `at_spaces` allows (the space is what joins the lines again), else anywhere, the
/// line ending in `\`. A text that must stay one (an id in a remark) is cut anywhere.
pub fn to_lines(text: &str, at_spaces: bool) -> Vec<String> {
    // (escaped text, continued without a space)
    let mut pieces: Vec<(String, bool)> = vec![];
    let mut cur = String::new();
    // Room for the `\s` of a space at each end and the `\` of a continued line.
    let room = LINE_BYTES - 4;
    for c in text.chars() {
        let e = escaped(c);
        if cur.len() + e.len() > room {
            // The last space that leaves something on both sides; a space at either end
            // would have to be written `\s` anyway.
            let space = cur
                .rfind(' ')
                .filter(|&at| at_spaces && at > 0 && at + 1 < cur.len());
            match space {
                Some(at) => {
                    let rest = cur[at + 1..].to_string();
                    cur.truncate(at);
                    pieces.push((std::mem::replace(&mut cur, rest), false));
                }
                None => pieces.push((std::mem::take(&mut cur), true)),
            }
        }
        cur.push_str(&e);
    }
    if !cur.is_empty() {
        pieces.push((cur, false));
    }
    pieces
        .into_iter()
        .map(|(p, continued)| {
            let mut p = match p.strip_prefix(' ') {
                Some(rest) => format!("\\s{rest}"),
                None => p,
            };
            if p.ends_with(' ') {
                p.pop();
                p.push_str("\\s");
            }
            if continued {
                p.push('\\');
            }
            p
        })
        .collect()
}

/// The text of one line (what follows the keyword), and whether it continues on the next
/// line of its keyword (it ends in a lone `\`).
pub fn from_line(line: &str) -> (String, bool) {
    let line = line.trim();
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            None => return (out, true),
            Some('\\') => out.push('\\'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('s') => out.push(' '),
            Some('u') => {
                // `{`, at most six hex digits, `}`: looked at no further than that.
                let ahead: String = chars.clone().take(8).collect();
                let code = ahead
                    .strip_prefix('{')
                    .and_then(|a| a.split_once('}'))
                    .map(|(code, _)| code)
                    .filter(|code| !code.is_empty());
                match code.and_then(|c| u32::from_str_radix(c, 16).ok().map(|n| (c.len(), n))) {
                    Some((len, n)) if char::from_u32(n).is_some() => {
                        out.extend(char::from_u32(n));
                        chars.nth(len + 1);
                    }
                    _ => out.push_str("\\u"),
                }
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    (out, false)
}

/// Lines read by [`from_line`] joined into texts: a continued line joins the next without
/// a space; each text ends at a line that does not continue.
pub fn texts(lines: &[(String, bool)]) -> Vec<String> {
    let mut out = vec![];
    let mut cur: Option<String> = None;
    for (t, continued) in lines {
        cur.get_or_insert_with(String::new).push_str(t);
        if !continued {
            out.extend(cur.take());
        }
    }
    out.extend(cur);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(t: &str) -> String {
        let mut back = vec![];
        for at_spaces in [true, false] {
            let lines = to_lines(t, at_spaces);
            assert!(lines
                .iter()
                .all(|l| l.len() <= LINE_BYTES && !l.contains('\n')));
            let read: Vec<(String, bool)> = lines.iter().map(|l| from_line(l)).collect();
            let joined = texts(&read);
            if !at_spaces {
                assert!(joined.len() <= 1, "{joined:?}");
            }
            back.push(joined.join(" "));
        }
        assert_eq!(back[0], back[1]);
        back.swap_remove(0)
    }

    #[test]
    fn texts_come_back_exactly() {
        for t in [
            "plain",
            " spaces  at both ends ",
            "a\\b \"q\" \\",
            "line\nbreak\r\n\ttab \u{1b}[31m",
            &"x".repeat(300),
            &"Ḥمنصوبة ".repeat(40),
            &"two  spaces ".repeat(40),
            "ends in a backslash\\",
        ] {
            assert_eq!(round(t), t);
        }
    }

    #[test]
    fn hand_written_lines_are_read_as_they_stand() {
        assert_eq!(from_line("  C:\\games x "), ("C:\\games x".into(), false));
        assert_eq!(from_line("a \\u{zz}"), ("a \\u{zz}".into(), false));
        let two = [("part one".into(), false), ("part two".into(), false)];
        assert_eq!(texts(&two), ["part one", "part two"]);
    }
}
