//! The words of a Popeye input file as Popeye reads them: a word is a run of characters
//! between blanks, tabs, line ends, `;` and `,` (a byte-order mark is a blank too); a
//! keyword is matched in any case by any prefix that no other keyword of its list shares
//! (the whole word wins over a longer one it begins). A text command (`Remark`, `Author`,
//! ...) takes the rest of its line.

use super::popeye_words::MEN;

/// The languages of Popeye's tables, in the order of their columns.
pub const LANGUAGES: [&str; 3] = ["English", "German", "French"];

/// A cursor over the text: the line and the byte in it.
pub struct Lexer<'a> {
    lines: Vec<&'a str>,
    line: usize,
    at: usize,
}

/// Whether a character ends a word.
fn blank(c: char) -> bool {
    c.is_whitespace() || c == ';' || c == ',' || c == '\u{feff}'
}

impl<'a> Lexer<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            lines: text.lines().collect(),
            line: 0,
            at: 0,
        }
    }

    /// Where the next word is: its line (0-based), its start and its end.
    fn locate(&self) -> Option<(usize, usize, usize)> {
        self.locate_from(self.line, self.at)
    }

    fn locate_from(&self, mut line: usize, mut at: usize) -> Option<(usize, usize, usize)> {
        while let Some(l) = self.lines.get(line) {
            let rest = &l[at.min(l.len())..];
            match rest.find(|c: char| !blank(c)) {
                Some(off) => {
                    let start = at + off;
                    let len = l[start..].find(blank).unwrap_or(l.len() - start);
                    return Some((line, start, start + len));
                }
                None => {
                    line += 1;
                    at = 0;
                }
            }
        }
        None
    }

    /// The next word and its line (1-based), or `None` at the end of the text.
    pub fn next_word(&mut self) -> Option<(&'a str, usize)> {
        let (line, start, end) = self.locate()?;
        self.line = line;
        self.at = end;
        Some((&self.lines[line][start..end], line + 1))
    }

    /// The next word without taking it.
    pub fn peek(&self) -> Option<(&'a str, usize)> {
        self.locate()
            .map(|(line, start, end)| (&self.lines[line][start..end], line + 1))
    }

    /// Where the cursor is, for [`Lexer::words_since`].
    pub fn mark(&self) -> (usize, usize) {
        (self.line, self.at)
    }

    /// The words taken since `mark` (a few: what one command said).
    pub fn words_since(&self, mark: (usize, usize)) -> Vec<&'a str> {
        let mut out = vec![];
        let (mut line, mut at) = mark;
        while let Some((l, start, end)) = self.locate_from(line, at) {
            if (l, end) > (self.line, self.at) || out.len() >= 64 {
                break;
            }
            out.push(&self.lines[l][start..end]);
            (line, at) = (l, end);
        }
        out
    }

    /// The word after the next one.
    pub fn peek2(&self) -> Option<&'a str> {
        let (line, _, end) = self.locate()?;
        self.locate_from(line, end)
            .map(|(line, start, end)| &self.lines[line][start..end])
    }

    /// The rest of the current line (what a text command holds), trimmed of the blanks
    /// that Popeye skips before it; the cursor moves to the next line.
    pub fn rest_of_line(&mut self) -> &'a str {
        let Some(l) = self.lines.get(self.line) else {
            return "";
        };
        let rest = &l[self.at.min(l.len())..];
        self.line += 1;
        self.at = 0;
        rest.trim_start_matches(|c: char| blank(c) || c == '.')
    }
}

/// What a word is in a list of keywords.
#[derive(Debug, PartialEq, Eq)]
pub enum Found {
    /// The keyword at this row.
    One(usize),
    /// A prefix of several: their names.
    Ambiguous(Vec<String>),
    /// None of them.
    None,
}

/// Whether `word` begins `keyword`, in any case.
fn begins(keyword: &str, word: &str) -> bool {
    keyword.len() >= word.len()
        && keyword.is_char_boundary(word.len())
        && keyword[..word.len()].eq_ignore_ascii_case(word)
}

/// The row of `table` whose word in language `lang` is `word` or begins with it alone.
pub fn find(table: &[[&str; 3]], lang: usize, word: &str) -> Found {
    if word.is_empty() {
        return Found::None;
    }
    let hits: Vec<usize> = (0..table.len())
        .filter(|&i| begins(table[i][lang], word))
        .collect();
    if let Some(&i) = hits
        .iter()
        .find(|&&i| table[i][lang].eq_ignore_ascii_case(word))
    {
        return Found::One(i);
    }
    match hits.len() {
        0 => Found::None,
        1 => Found::One(hits[0]),
        _ => {
            let mut names: Vec<String> = hits.iter().map(|&i| table[i][lang].to_string()).collect();
            names.dedup();
            if names.len() == 1 {
                Found::One(hits[0])
            } else {
                Found::Ambiguous(names)
            }
        }
    }
}

/// The language whose `BeginProblem` the word is (a prefix of it that only it has).
pub fn language_of(word: &str) -> Option<usize> {
    (0..3).find(|&l| find(super::popeye_words::BEGIN, l, word) == Found::One(0))
}

/// The edit distance of two words, in any case (for "did you mean").
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The keyword of `tables` in language `lang` nearest to a word that is none of them,
/// when it is near enough to be a typing slip (a third of its letters at most).
pub fn nearest(tables: &[&[[&str; 3]]], lang: usize, word: &str) -> Option<String> {
    if word.chars().count() < 3 || word.len() > 64 {
        return None;
    }
    let best = tables
        .iter()
        .flat_map(|t| t.iter().map(|row| row[lang]))
        .map(|k| {
            // A shortened word is compared with the keyword's start of its length too.
            let whole = distance(word, k);
            let cut: String = k.chars().take(word.chars().count()).collect();
            (whole.min(distance(word, &cut) + 1), k)
        })
        .min_by_key(|x| x.0)?;
    (best.0 <= (word.chars().count() / 3).max(1)).then(|| best.1.to_string())
}

/// The row of [`MEN`] whose shortcut in language `lang` is `code` (one or two letters).
pub fn man(lang: usize, code: &str) -> Option<usize> {
    let c = code.to_ascii_lowercase();
    MEN.iter().position(|(codes, _)| codes[lang] == c)
}

/// A square (`e4`, either case) as (file, rank) from 0.
pub fn square(s: &str) -> Option<(u8, u8)> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0].to_ascii_lowercase();
    ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&b[1])).then(|| (f - b'a', b[1] - b'1'))
}

/// A word made of squares only (`a1h1`), or `None`.
pub fn squares(s: &str) -> Option<Vec<(u8, u8)>> {
    if s.is_empty() || !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len() / 2)
        .map(|i| square(&s[2 * i..2 * i + 2]))
        .collect()
}

/// The letters of a man Popeye has not (as the word gives them).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' names no man of Popeye's")]
pub struct UnknownMan(pub String);

/// A man's row of `MEN` and its squares, or the letters of a man Popeye has not.
pub type ManOnSquares = Result<(usize, Vec<(u8, u8)>), UnknownMan>;

/// A word that is a man followed by squares (`ra1h1`, `fee4`): the man's row of [`MEN`]
/// and the squares. As Popeye reads it, a word of odd length has a one-letter man, one of
/// even length a two-letter man. `Err(code)` when the squares read but the man is unknown.
pub fn man_on_squares(lang: usize, w: &str) -> Option<ManOnSquares> {
    if !w.is_ascii() || w.len() < 3 {
        return None;
    }
    let cut = if w.len() % 2 == 1 { 1 } else { 2 };
    let sq = squares(&w[cut..])?;
    Some(
        man(lang, &w[..cut])
            .map(|m| (m, sq))
            .ok_or_else(|| UnknownMan(w[..cut].to_string())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::import::popeye_words::{COMMANDS, OPTIONS};

    #[test]
    fn prefixes_are_matched_as_popeye_does() {
        assert_eq!(find(COMMANDS, 0, "STIP"), Found::One(7));
        assert_eq!(find(COMMANDS, 0, "stipulation"), Found::One(7));
        assert_eq!(find(COMMANDS, 1, "ford"), Found::One(7));
        assert!(matches!(find(COMMANDS, 0, "a"), Found::Ambiguous(v) if v == ["author", "award"]));
        assert_eq!(find(OPTIONS, 0, "vari"), Found::One(3));
        assert_eq!(find(COMMANDS, 0, "xyz"), Found::None);
        assert_eq!(language_of("anfa"), Some(1));
        assert_eq!(language_of("DebutProb"), Some(2));
        assert_eq!(language_of("BEGIN"), Some(0));
        assert_eq!(language_of("pieces"), None);
    }

    #[test]
    fn slips_get_a_suggestion() {
        let t: &[&[[&str; 3]]] = &[COMMANDS];
        assert_eq!(nearest(t, 0, "Stipulaton").as_deref(), Some("stipulation"));
        assert_eq!(nearest(t, 0, "Peices").as_deref(), Some("pieces"));
        assert_eq!(nearest(t, 0, "qqqqqqqqq"), None);
    }

    #[test]
    fn men_and_squares() {
        assert_eq!(
            man_on_squares(0, "ra1h1"),
            Some(Ok((4, vec![(0, 0), (7, 0)])))
        );
        assert_eq!(man_on_squares(1, "le2"), Some(Ok((5, vec![(4, 1)]))));
        assert!(matches!(man_on_squares(0, "fee4"), Some(Ok((m, _))) if MEN[m].1 == "fers"));
        assert_eq!(man_on_squares(0, "Black"), None);
        let mut l = Lexer::new("\u{feff}a;b,c\n  Remark  hi there \n x");
        assert_eq!(l.next_word(), Some(("a", 1)));
        assert_eq!(l.next_word(), Some(("b", 1)));
        assert_eq!(l.next_word(), Some(("c", 1)));
        assert_eq!(l.next_word(), Some(("Remark", 2)));
        assert_eq!(l.rest_of_line(), "hi there ");
        assert_eq!(l.peek(), Some(("x", 3)));
    }
}
