//! Splitting a written solution into numbered move texts.

/// One move of a written solution, as the text gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The move number: written right before the move, or carried on from the move before
    /// (`e5` in `1.e4 e5` is move 1); `None` while the text has given no number.
    pub move_number: Option<u32>,
    /// The second player's move of its number: written after `N...`, or the move after
    /// `N.` in a pair (`e5` in `1.e4 e5`).
    pub black_marker: bool,
    /// True when the number was written right before this move.
    pub numbered: bool,
    /// The move as written, annotations kept (`Kxh8`, `Nf7#`); `~` for any move.
    pub text: String,
    /// `~` or `any`: any move of that side will do.
    pub any: bool,
}

/// A side variation in parentheses: other moves in place of a main-line move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The index (in the main line's tokens) of the move this variation replaces.
    pub replaces: usize,
    /// The variation's moves.
    pub tokens: Vec<Token>,
    /// The variation as written, for messages.
    pub text: String,
}

/// A written solution: the main line and its side variations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solution {
    /// The main line's moves.
    pub main: Vec<Token>,
    /// Variations in parentheses (one level; variations inside variations are dropped).
    pub variations: Vec<Variation>,
}

/// What is wrong with the brackets of a solution text (a `(` never closed, a `)` never
/// opened), outside `{comments}`; `None` when they balance.
pub fn unbalanced(text: &str) -> Option<String> {
    let (mut brace, mut paren) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '{' => brace += 1,
            '}' => brace = brace.saturating_sub(1),
            _ if brace > 0 => {}
            '(' => paren += 1,
            ')' if paren == 0 => return Some("a ')' that no '(' opens".into()),
            ')' => paren -= 1,
            _ => {}
        }
    }
    (paren > 0).then(|| {
        format!(
            "an unbalanced '(': {paren} variation{} never closed",
            if paren == 1 { "" } else { "s" }
        )
    })
}

/// Splits a written solution into moves: `1.Rh8+ Kxh8 2.Af5+ Rh2 3...Kg8 4. Nf7#`.
pub fn parse_line(text: &str) -> Vec<Token> {
    parse_solution(text).main
}

/// A piece of a written line: a word, or a variation's text.
enum Item {
    Word(String),
    Variation(String),
}

/// Splits a written solution into its main line and side variations.
///
/// Comments in braces are skipped, as are results (`1-0`, `0-1`, `1/2-1/2`, `*`), lone
/// annotations and `e.p.`; commas, semicolons and square brackets separate like spaces
/// (Murray's `1 R-h8+, K×h8; 2 ...`). A parenthesis after a space opens a variation; one
/// glued to a move (`R(KB7)-KKt7`) belongs to the move. Words of descriptive notation are
/// joined into moves (`R to K B 8th ch` is `R-KB8+`, `K-KR sq` is `K-KR1`, `mate` and
/// Murray's `m.` are `#`), and a lone piece letter joins the square after it (`N f5xg7`).
/// `~` or `any` is a token meaning any move.
pub fn parse_solution(text: &str) -> Solution {
    let items = items_of(text);
    let mut sol = Solution::default();
    // The number (and side) written and not yet used by a move.
    let mut pending: Option<(Option<u32>, bool)> = None;
    let mut last: Option<(u32, bool)> = None;
    for item in &items {
        let w = match item {
            Item::Word(w) => w,
            Item::Variation(v) => {
                if let Some(replaces) = sol.main.len().checked_sub(1) {
                    let tokens = parse_solution(v).main;
                    if !tokens.is_empty() {
                        sol.variations.push(Variation {
                            replaces,
                            tokens,
                            text: v.trim().to_string(),
                        });
                    }
                }
                continue;
            }
        };
        let mut rest: &str = w;
        if is_result(rest) || is_annotation(rest) {
            continue;
        }
        let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            let after = &rest[digits..];
            let dots = dot_count(after);
            if after.is_empty() || dots.0 > 0 {
                if let Ok(n) = rest[..digits].parse::<u32>() {
                    pending = Some((Some(n), dots.0 >= 2));
                    rest = &after[dots.1..];
                    if rest.is_empty() {
                        continue;
                    }
                }
            }
        }
        let dots = dot_count(rest);
        if dots.0 > 0 {
            // `1. ...` or `... Kd8`: the next move is the second player's.
            let n = pending.and_then(|p| p.0);
            pending = Some((n, true));
            rest = &rest[dots.1..];
            if rest.is_empty() {
                continue;
            }
        }
        if is_annotation(rest) {
            continue;
        }
        let (move_number, black_marker, numbered) = match (pending.take(), last) {
            (Some((Some(n), b)), _) => (Some(n), b, true),
            (Some((None, b)), Some((n, lb))) => (
                Some(if lb && !b { n.saturating_add(1) } else { n }),
                b,
                false,
            ),
            (Some((None, b)), None) => (None, b, false),
            (None, Some((n, true))) => (Some(n.saturating_add(1)), false, false),
            (None, Some((n, false))) => (Some(n), true, false),
            (None, None) => (None, false, false),
        };
        if let Some(n) = move_number {
            last = Some((n, black_marker));
        }
        let any = rest == "~" || rest.eq_ignore_ascii_case("any");
        sol.main.push(Token {
            move_number,
            black_marker,
            numbered,
            text: rest.to_string(),
            any,
        });
    }
    sol
}

/// The text split into words (descriptive words joined into moves) and variations;
/// comments, remarks and brackets read as `parse_solution` says.
fn items_of(text: &str) -> Vec<Item> {
    let mut items: Vec<Item> = vec![];
    let mut words: Vec<String> = vec![];
    let mut cur = String::new();
    let mut brace = 0usize;
    let mut paren = 0usize;
    let mut glued_paren = false;
    let mut var = String::new();
    let flush = |cur: &mut String, words: &mut Vec<String>| {
        if !cur.is_empty() {
            words.push(std::mem::take(cur));
        }
    };
    for c in text.chars() {
        match c {
            '{' => {
                brace += 1;
                flush(&mut cur, &mut words);
            }
            '}' => brace = brace.saturating_sub(1),
            _ if brace > 0 => {}
            '(' if paren == 0 && !cur.is_empty() && !glued_paren => {
                glued_paren = true;
                cur.push(c);
            }
            ')' if glued_paren => {
                glued_paren = false;
                cur.push(c);
            }
            '(' => {
                if paren == 0 {
                    flush(&mut cur, &mut words);
                    items.extend(
                        join_words(std::mem::take(&mut words))
                            .into_iter()
                            .map(Item::Word),
                    );
                } else {
                    var.push(c);
                }
                paren += 1;
            }
            ')' if paren > 0 => {
                paren -= 1;
                if paren == 0 {
                    let v = std::mem::take(&mut var);
                    match bracketed(&v) {
                        // `Kt-R6 (ch)`: the sign of the move before it.
                        Some(Some(sign)) => {
                            if let Some(Item::Word(w)) = items.last_mut() {
                                w.push(sign);
                            }
                        }
                        // `(at KB sq)`: a remark, not a move.
                        Some(None) => {}
                        None => items.push(Item::Variation(v)),
                    }
                } else {
                    var.push(c);
                }
            }
            ')' => {}
            c if paren > 0 => var.push(c),
            c if c.is_whitespace() || matches!(c, ',' | ';' | '[' | ']') => {
                flush(&mut cur, &mut words);
            }
            c => cur.push(c),
        }
    }
    flush(&mut cur, &mut words);
    items.extend(join_words(words).into_iter().map(Item::Word));
    items
}

/// What a bracketed text is when it is no variation: `Some(Some('+'))` for a check sign
/// (`(ch)`), `Some(Some('#'))` for a mate sign (`(mate)`), `Some(None)` for a remark on
/// where a man stands (`(at KB sq)`); `None` for a variation.
fn bracketed(v: &str) -> Option<Option<char>> {
    let t = v.trim().to_ascii_lowercase();
    match t.as_str() {
        "ch" | "ch." | "check" | "dis.ch" | "dis.ch." => Some(Some('+')),
        "mate" | "mate." | "m." | "checkmate" => Some(Some('#')),
        _ if t.starts_with("at ") => Some(None),
        _ => None,
    }
}

/// True for a word that is only a piece letter (`N`, `Kt`), waiting for its square.
fn lone_letter(w: &str) -> bool {
    w == "Kt" || (w.len() == 1 && w.bytes().all(|b| b.is_ascii_uppercase()))
}

/// True for a word that starts like a square or a capture (`f5xg7+`, `xg7`, `e4`).
fn square_like(w: &str) -> bool {
    let b = w.as_bytes();
    let b = if b.first() == Some(&b'x') { &b[1..] } else { b };
    b.len() >= 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

/// An ordinal rank (`8th`, `1st`, `2nd`, `3rd`): its digits.
fn ordinal(w: &str) -> Option<&str> {
    let lower = w.trim_end_matches('.');
    ["th", "st", "nd", "rd"].iter().find_map(|s| {
        let d = lower.strip_suffix(s)?;
        (!d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())).then_some(d)
    })
}

/// True for a descriptive move written up to its target's file (`K-R`, `R-KB`): a
/// following `sq` is its rank.
fn ends_at_file(w: &str) -> bool {
    w.contains(['-', 'x']) && w.ends_with(|c: char| c.is_ascii_uppercase() || c == 't')
}

/// Joins the words of descriptive and spaced moves into one word per move.
fn join_words(words: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    // After `to`/`-` (a square follows) or `x`/`takes` (a man or square follows).
    let mut open = false;
    for w in words {
        let lower = w.to_ascii_lowercase();
        let last = out.last_mut();
        let Some(last) = last else {
            out.push(w);
            continue;
        };
        if lower == "to" || w == "-" || w == "–" {
            last.push('-');
            open = true;
        } else if lower == "takes" || w == "x" || w == "×" {
            last.push('x');
            open = true;
        } else if matches!(
            lower.as_str(),
            "ch" | "ch." | "check" | "dis.ch." | "dis.ch"
        ) {
            last.push('+');
        } else if matches!(lower.as_str(), "mate" | "mate." | "m." | "checkmate") {
            last.push('#');
            open = false;
        } else if matches!(lower.as_str(), "sq" | "sq." | "square") && (open || ends_at_file(last))
        {
            last.push('1');
            open = false;
        } else if let Some(d) = ordinal(&w).filter(|_| open) {
            last.push_str(d);
            open = false;
        } else if open {
            last.push_str(&w);
            // A square is complete at its rank; a man taken (`xP`) at once.
            open = !w.ends_with(|c: char| c.is_ascii_digit())
                && !last.contains(['x', '×'])
                && !lower.ends_with("sq");
        } else if lone_letter(last) && square_like(&w) {
            last.push_str(&w);
        } else {
            out.push(w);
        }
    }
    out
}

/// The check and mate signs a move text carries: (`+`/`ch`, `#`/`mate`/`m.`).
pub fn signs(text: &str) -> (bool, bool) {
    let t = text
        .trim()
        .trim_end_matches(['!', '?', ')'])
        .to_ascii_lowercase();
    let mate = t.ends_with('#') || t.ends_with('‡') || t.ends_with("mate") || t.ends_with("m.");
    let check = !mate && (t.ends_with('+') || t.ends_with('†') || t.ends_with("ch"));
    (check, mate)
}

/// Dots at the start of `s`: (count, with `…` as three; bytes used).
fn dot_count(s: &str) -> (usize, usize) {
    let mut n = 0;
    let mut bytes = 0;
    for c in s.chars() {
        match c {
            '.' => n += 1,
            '…' => n += 3,
            _ => break,
        }
        bytes += c.len_utf8();
    }
    (n, bytes)
}

/// A game result, not a move.
fn is_result(w: &str) -> bool {
    matches!(
        w,
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "+-" | "-+" | "=" | "1:0" | "0:1"
    )
}

/// A lone annotation (`+`, `!?`, `e.p.`), not a move.
fn is_annotation(w: &str) -> bool {
    w.chars().all(|c| "+#!?‡†".contains(c))
        || matches!(w.to_ascii_lowercase().as_str(), "e.p." | "e.p" | "ep")
}
