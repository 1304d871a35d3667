//! Which letter a man is written with: the sources' (`historical`: F for the ferz, A for
//! the alfil, as the manuscripts and Murray write them) or the rules' FEN letters
//! (`modern`: shatranj's ferz `Q` and alfil `B`, the letters Fairy-Stockfish and
//! python-chess read). Every other man keeps the rules' own letter under both choices
//! (courier chess's courier B, sage M and fool W; Grant Acedrex's anqa A, unicorn U,
//! giraffe Z, lion L and cockatrice C). SAN, long algebraic, Murray's notation and the
//! diagrams' discs all ask [`letter`]; FEN and coordinates never change.

use crate::board::piece::Kind;
use crate::board::rules::Rules;

/// The letters choice (`--letters`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Letters {
    /// The sources' letters: F for the ferz, A for the alfil (the default).
    #[default]
    Historical,
    /// The rules' FEN letters (shatranj's ferz Q, alfil B).
    Modern,
}

impl Letters {
    /// The names `--letters` accepts.
    pub const NAMES: [&'static str; 2] = ["historical", "modern"];

    /// The name as written in flags.
    pub fn name(&self) -> &'static str {
        match self {
            Letters::Historical => "historical",
            Letters::Modern => "modern",
        }
    }
}

impl std::str::FromStr for Letters {
    type Err = super::NameError;
    fn from_str(s: &str) -> Result<Self, super::NameError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "historical" => Ok(Letters::Historical),
            "modern" => Ok(Letters::Modern),
            _ => Err(super::NameError::Letters(s.to_string())),
        }
    }
}

/// The sources' letter of a man by its name in the rules, where it has one.
fn historical(name: &str) -> Option<char> {
    match name {
        "ferz" => Some('f'),
        "alfil" => Some('a'),
        _ => None,
    }
}

/// The upper-case letter of a man of kind `k` under `rules` and the choice `letters`, or
/// `?` for an unknown kind. A historical letter is used only where the rules read it as
/// that same man (a letter or alias of its kind), so whatever is written reads back.
pub fn letter(rules: &Rules, k: Kind, letters: Letters) -> char {
    let Some(def) = rules.pieces.get(k as usize) else {
        return '?';
    };
    let own = def.letter.to_ascii_uppercase();
    if letters == Letters::Modern {
        return own;
    }
    match historical(&def.name) {
        Some(c) if rules.kind_of(c) == Some(k) => c.to_ascii_uppercase(),
        _ => own,
    }
}

/// The kind a SAN letter (upper case, the rules' own letter, as the search writes it)
/// names.
fn kind_of_own(rules: &Rules, c: char) -> Option<Kind> {
    let k = rules.kind_of(c)?;
    (rules.pieces.get(k as usize)?.letter == c.to_ascii_lowercase()).then_some(k)
}

/// One SAN move in the rules' letters (`Bf5+`, `Rxh8#`, `b8=Q`) with its men's letters
/// under `letters`; `None` when the word is no such move.
fn relabel_move(rules: &Rules, w: &str, letters: Letters) -> Option<String> {
    let cs: Vec<char> = w.chars().collect();
    let mut end = cs.len();
    while end > 0 && matches!(cs[end - 1], '+' | '#' | '!' | '?') {
        end -= 1;
    }
    let mut out: Vec<char> = cs.clone();
    // A promotion: `=X` before the signs.
    if end >= 2 && cs[end - 2] == '=' {
        let k = kind_of_own(rules, cs[end - 1])?;
        out[end - 1] = letter(rules, k, letters);
        end -= 2;
    }
    // The target square: a file letter, then digits.
    let mut j = end;
    while j > 0 && cs[j - 1].is_ascii_digit() {
        j -= 1;
    }
    if j == end || j == 0 || !cs[j - 1].is_ascii_lowercase() {
        return None;
    }
    let body = &cs[..j - 1];
    let plain = |c: &char| c.is_ascii_lowercase() || c.is_ascii_digit();
    match body.split_first() {
        Some((c, rest)) if c.is_ascii_uppercase() && rest.iter().all(plain) => {
            out[0] = letter(rules, kind_of_own(rules, *c)?, letters);
        }
        _ if body.iter().all(plain) => {}
        _ => return None,
    }
    Some(out.into_iter().collect())
}

/// Text written with SAN moves in the rules' letters (a remark: "the defence 2...Bd6
/// holds") with each move's men written under `letters`; every other word is kept.
pub fn relabel(rules: &Rules, text: &str, letters: Letters) -> String {
    if letters == Letters::Modern {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        // A move number (`2.`, `2...`) before the move and a full stop after it are kept.
        let core = word.trim_end_matches('.');
        let tail = &word[core.len()..];
        let at = core.rfind('.').map_or(0, |i| i + 1);
        let (num, mv) = core.split_at(at);
        let parts: Vec<Option<String>> = mv
            .split('&')
            .map(|p| relabel_move(rules, p, letters))
            .collect();
        if !mv.is_empty() && parts.iter().all(Option::is_some) {
            out.push_str(num);
            let moves: Vec<String> = parts.into_iter().flatten().collect();
            out.push_str(&moves.join("&"));
            out.push_str(tail);
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || "+#=&.!?".contains(c) {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters_of(preset: &str, choice: Letters) -> String {
        let r = Rules::preset(preset).unwrap();
        (0..r.pieces.len() as u8)
            .map(|k| letter(&r, k, choice))
            .collect()
    }

    #[test]
    fn ferz_and_alfil_take_the_sources_letters() {
        // shatranj: king, ferz, alfil, knight, rook, pawn.
        assert_eq!(letters_of("shatranj", Letters::Historical), "KFANRP");
        assert_eq!(letters_of("shatranj", Letters::Modern), "KQBNRP");
        // courier: the courier, sage and fool keep the rules' letters.
        assert_eq!(letters_of("courier", Letters::Historical), "KFABMWNRP");
        assert_eq!(letters_of("courier", Letters::Modern), "KFEBMWNRP");
        // Grant Acedrex has neither ferz nor alfil: its own letters under both.
        assert_eq!(letters_of("grant-acedrex", Letters::Historical), "KAUZLCRP");
        // Modern chess is the same under both.
        assert_eq!(letters_of("english-1650", Letters::Historical), "KQBNRP");
        assert_eq!("modern".parse::<Letters>(), Ok(Letters::Modern));
        assert!("old"
            .parse::<Letters>()
            .unwrap_err()
            .to_string()
            .contains("historical"));
    }

    #[test]
    fn remarks_are_relabelled_move_by_move() {
        let r = Rules::preset("shatranj").unwrap();
        let h = Letters::Historical;
        assert_eq!(
            relabel(&r, "the defence 2...Bd6 (Black) holds; also Qxe5+, Bb3#", h),
            "the defence 2...Ad6 (Black) holds; also Fxe5+, Ab3#"
        );
        // Words that are no moves stay: "Black", "B", a square, a pawn move.
        assert_eq!(relabel(&r, "Black B e4 b8=Q.", h), "Black B e4 b8=F.");
        assert_eq!(relabel(&r, "Rh8+ Kxh8 2.Nf5", h), "Rh8+ Kxh8 2.Nf5");
        assert_eq!(relabel(&r, "2...Bd6", Letters::Modern), "2...Bd6");
    }
}
