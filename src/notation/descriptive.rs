//! English descriptive notation as the 19th-century editions print it: `R-KKt6 ch`,
//! `KtxP`, `Q to K B 8th`, `K-KR sq`, `Kt-KR6 mate`. Files are named after the men that
//! start on them (QR QKt QB Q K KB KKt KR for a..h) and ranks are counted from the mover's
//! own side, so White's K4 is e4 and Black's K4 is e5. Only 8x8 boards have these names.
//!
//! A file may be left without its side (`R-B3`: QB3 or KB3) and a man may be qualified by
//! its wing or file (`QKt-B3`, `KBPxP`) or by its square in parentheses (`R(KB7)-KKt7`);
//! a capture names the man taken (`RxP`, `KtxQ`) or its square (`RxKR3`). Every reading
//! is resolved against the legal moves, as in SAN.

use super::{san, NotationError};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::piece::{Color, Kind};
use crate::board::position::{Move, MoveKind, Position};

/// One name of the descriptive vocabulary: a side of the board or a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    K,
    Q,
    R,
    B,
    Kt,
    P,
}

/// Splits `QKtP` into words; `None` at a letter that is no descriptive name.
fn words(s: &str) -> Option<Vec<Word>> {
    let mut out = vec![];
    let mut rest = s;
    while !rest.is_empty() {
        let (w, n) = if rest.starts_with("Kt") || rest.starts_with("KT") || rest.starts_with("kt") {
            (Word::Kt, 2)
        } else {
            let w = match rest.as_bytes()[0].to_ascii_uppercase() {
                b'K' => Word::K,
                b'Q' => Word::Q,
                b'R' => Word::R,
                b'B' => Word::B,
                b'N' => Word::Kt,
                b'P' => Word::P,
                _ => return None,
            };
            (w, 1)
        };
        out.push(w);
        rest = &rest[n..];
    }
    Some(out)
}

/// The files (0 = a) a file name allows: `KB` → f, `B` → c or f, `K` → e, `Q` → d.
fn files(ws: &[Word]) -> Option<Vec<u8>> {
    let side = |w: Word| match w {
        Word::K => Some(true),
        Word::Q => Some(false),
        _ => None,
    };
    let wing = |w: Word| match w {
        Word::R => Some((0u8, 7u8)),
        Word::Kt => Some((1, 6)),
        Word::B => Some((2, 5)),
        _ => None,
    };
    match ws {
        [] => None,
        [w] => match w {
            Word::K => Some(vec![4]),
            Word::Q => Some(vec![3]),
            w => wing(*w).map(|(q, k)| vec![q, k]),
        },
        [s, w] => {
            let (q, k) = wing(*w)?;
            Some(vec![if side(*s)? { k } else { q }])
        }
        _ => None,
    }
}

/// The rules' kind for a descriptive man name (`Q` is the ferz under shatranj, `B` the
/// alfil, as the English editions of the mansubat print them).
fn kind<B: Bits>(pos: &Position<B>, w: Word) -> Option<Kind> {
    let rules = &pos.eng.rules;
    match w {
        Word::P => rules.pieces.iter().position(|d| d.pawn).map(|k| k as Kind),
        Word::K => Some(pos.eng.king),
        Word::Q => rules.kind_of('q'),
        Word::R => rules.kind_of('r'),
        Word::B => rules.kind_of('b'),
        Word::Kt => rules.kind_of('n'),
    }
}

/// A man as named: its kind, and the files it may stand on (`KBP` → f; `QKt` → a..d).
struct Man {
    word: Word,
    files: Option<Vec<u8>>,
}

fn man(s: &str) -> Option<Man> {
    let ws = words(s)?;
    let (&word, qual) = ws.split_last()?;
    let files = match (word, qual) {
        (_, []) => None,
        (Word::P, q) => Some(files(q)?),
        (_, [Word::K]) => Some(vec![4, 5, 6, 7]),
        (_, [Word::Q]) => Some(vec![0, 1, 2, 3]),
        _ => return None,
    };
    Some(Man { word, files })
}

/// A square as named from `side`'s end: `KKt6` → g6 for White, g3 for Black; `KR1`,
/// `KRsq`. Returns every square the name allows.
fn squares(s: &str, side: Color) -> Option<Vec<(u8, u8)>> {
    let s = s
        .strip_suffix("sq")
        .map_or(s.to_string(), |h| format!("{h}1"));
    let digits = s.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits != 1 {
        return None;
    }
    let (name, rank) = s.split_at(s.len() - 1);
    let rank: u8 = rank.parse().ok().filter(|r| (1..=8).contains(r))?;
    let rank = if side == Color::White {
        rank - 1
    } else {
        8 - rank
    };
    Some(
        files(&words(name)?)?
            .into_iter()
            .map(|f| (f, rank))
            .collect(),
    )
}

/// The move text without signs (`ch`, `(ch)`, `mate`, `+`, `#`, `!`, `?`, `e.p.`) and spaces.
fn strip(text: &str) -> String {
    let mut t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    loop {
        let lower = t.to_ascii_lowercase();
        // A sign in brackets glued to the move: `Kt-R6(ch)`.
        if let Some(n) = ["(ch)", "(ch.)", "(check)", "(mate)", "(m.)"]
            .iter()
            .find(|s| lower.ends_with(*s) && lower.len() > s.len())
            .map(|s| s.len())
        {
            t.truncate(t.len() - n);
            continue;
        }
        let cut = ["ch.", "ch", "mate.", "mate", "m.", "dis", "e.p.", "ep"]
            .iter()
            .find(|s| lower.ends_with(*s) && lower.len() > s.len())
            .map(|s| s.len())
            .or_else(|| t.ends_with(['+', '#', '!', '?', '.']).then_some(1));
        match cut {
            Some(n) => t.truncate(t.len() - n),
            None => return t,
        }
    }
}

/// True when a move text has the shape of descriptive notation (a man, `-`, `x` or ` to `,
/// then a descriptive square or man), so that reading it as such is worth trying.
pub fn looks_descriptive(text: &str) -> bool {
    let t = strip(&text.replace(" to ", "-"));
    t.eq_ignore_ascii_case("castles")
        || t.split_once(['-', 'x', 'X', '×', ':'])
            .is_some_and(|(a, b)| {
                words(a.split('(').next().unwrap_or("")).is_some()
                    && words(
                        b.trim_end_matches(|c: char| c.is_ascii_digit())
                            .trim_end_matches("sq"),
                    )
                    .is_some()
            })
}

/// What a descriptive move text asks for, before it is matched against the legal moves.
struct Wanted {
    /// `Castles`: any castling; the other fields are then unused.
    castles: bool,
    /// The man that moves and the files it may stand on (`QKt`, `KBP`).
    kind: Kind,
    mover_files: Option<Vec<u8>>,
    /// The square it leaves, when written in parentheses (`R(KB7)-KKt7`).
    from: Option<Vec<(u8, u8)>>,
    /// Written with `x` (or `:`, `×`).
    capture: bool,
    /// The squares it may go to (every rank of a file when the rank is left out).
    to: Option<Vec<(u8, u8)>>,
    /// The man it takes, when a capture names a man (`KtxP`), and its files.
    taken: Option<(Kind, Option<Vec<u8>>)>,
    /// The target names a file and no rank (`K-R`, `Kt-B`).
    rankless: bool,
    /// The man a pawn becomes (`P-K8=Q`, `P-K8(Q)`).
    promo: Option<Kind>,
}

/// The error for a text that is no descriptive move, saying why.
fn unreadable(text: &str, why: &str) -> NotationError {
    NotationError::Unreadable {
        text: text.trim().to_string(),
        why: why.to_string(),
    }
}

/// Splits a promotion off the move: `P-K8=Q` or `P-K8(Q)` → (`P-K8`, the queen's kind).
fn promotion<B: Bits>(
    pos: &Position<B>,
    t: String,
    text: &str,
) -> Result<(String, Option<Kind>), NotationError> {
    let split = t.split_once('=').or_else(|| {
        t.strip_suffix(')')
            .and_then(|h| h.rsplit_once('('))
            .filter(|(_, q)| words(q).is_some_and(|w| w.len() == 1))
    });
    let Some((head, q)) = split else {
        return Ok((t, None));
    };
    let w = words(q)
        .filter(|w| w.len() == 1)
        .ok_or_else(|| unreadable(text, &format!("'{q}' is no man to promote to")))?;
    let k = kind(pos, w[0])
        .ok_or_else(|| unreadable(text, &format!("the rules have no man called '{q}'")))?;
    Ok((head.to_string(), Some(k)))
}

/// The man that moves, its files and the square it leaves: `R`, `QKt`, `R(KB7)`.
#[allow(clippy::type_complexity)]
fn mover<B: Bits>(
    pos: &Position<B>,
    written: &str,
    text: &str,
) -> Result<(Kind, Option<Vec<u8>>, Option<Vec<(u8, u8)>>), NotationError> {
    let (name, from) = match written.split_once('(') {
        Some((m, rest)) => {
            let sq = rest.trim_end_matches(')');
            let sqs = squares(sq, pos.side)
                .ok_or_else(|| unreadable(text, &format!("'{sq}' is no descriptive square")))?;
            (m, Some(sqs))
        }
        None => (written, None),
    };
    let m = man(name).ok_or_else(|| {
        unreadable(
            text,
            &format!("'{name}' is no descriptive man (K Q R B Kt P, with KB, QKt... for a file)"),
        )
    })?;
    let k = kind(pos, m.word)
        .ok_or_else(|| unreadable(text, &format!("the rules have no man called '{name}'")))?;
    Ok((k, m.files, from))
}

/// Every square of the files a rankless target names (`R` → the a and h files), or `None`
/// when `target` is no file name alone.
fn rankless_squares(target: &str) -> Option<Vec<(u8, u8)>> {
    if target.bytes().any(|b| b.is_ascii_digit()) || target.ends_with("sq") {
        return None;
    }
    let fs = files(&words(target)?)?;
    Some(
        fs.into_iter()
            .flat_map(|f| (0..8).map(move |r| (f, r)))
            .collect(),
    )
}

/// What a move text (signs stripped, promotion split off) asks for.
fn wanted<B: Bits>(
    pos: &Position<B>,
    t: &str,
    promo: Option<Kind>,
    text: &str,
) -> Result<Wanted, NotationError> {
    let mut w = Wanted {
        castles: t.eq_ignore_ascii_case("castles"),
        kind: 0,
        mover_files: None,
        from: None,
        capture: false,
        to: None,
        taken: None,
        rankless: false,
        promo,
    };
    if w.castles {
        return Ok(w);
    }
    let Some(at) = t.find(['-', 'x', 'X', '×', ':']) else {
        return Err(unreadable(
            text,
            "expected a man, '-' or 'x', then a square or a man (R-KKt6, KtxP)",
        ));
    };
    let sep = t[at..].chars().next().unwrap_or('-');
    let target = &t[at + sep.len_utf8()..];
    (w.kind, w.mover_files, w.from) = mover(pos, &t[..at], text)?;
    w.capture = sep != '-';
    // The target: a square, a file without its rank (not after x, where `R` is a rook
    // taken), or (after x) the man taken.
    w.to = squares(target, pos.side);
    if w.to.is_none() && !w.capture {
        w.to = rankless_squares(target);
        w.rankless = w.to.is_some();
    }
    if w.capture && w.to.is_none() {
        let m = man(target).ok_or_else(|| {
            unreadable(
                text,
                &format!("'{target}' is neither a descriptive square nor a man"),
            )
        })?;
        let tk = kind(pos, m.word)
            .ok_or_else(|| unreadable(text, &format!("the rules have no man called '{target}'")))?;
        w.taken = Some((tk, m.files));
    }
    if w.to.is_none() && w.taken.is_none() {
        return Err(unreadable(
            text,
            &format!("'{target}' is no descriptive square (K4, QB3, KKt6, KR sq)"),
        ));
    }
    Ok(w)
}

impl Wanted {
    /// True when the legal move `mv` is the one asked for.
    fn fits<B: Bits>(&self, pos: &Position<B>, mv: &Move) -> bool {
        if self.promo.is_some_and(|k| Some(k) != mv.promo) {
            return false;
        }
        if self.castles {
            return mv.flag == MoveKind::Castle;
        }
        let g = &pos.eng.geo;
        let (f, r) = (g.file(mv.from), g.rank(mv.from));
        let (tf, tr) = (g.file(mv.to), g.rank(mv.to));
        mv.flag != MoveKind::Joint
            && mv.piece == self.kind
            && self.mover_files.as_ref().is_none_or(|fs| fs.contains(&f))
            && self.from.as_ref().is_none_or(|s| s.contains(&(f, r)))
            && (!self.capture || pos.is_capture(mv))
            && self.to.as_ref().is_none_or(|s| s.contains(&(tf, tr)))
            && self.taken.as_ref().is_none_or(|(tk, tfiles)| {
                let them = pos.side.flip();
                let at = if mv.flag == MoveKind::EnPassant {
                    pos.kind_at(them, g.square(tf, g.rank(mv.from)) as usize)
                } else {
                    pos.kind_at(them, mv.to as usize)
                };
                at == Some(*tk) && tfiles.as_ref().is_none_or(|fs| fs.contains(&tf))
            })
    }
}

/// The rank (counted from the mover's side) a rankless target was read with: `K-R` →
/// `K-R1`.
fn with_rank<B: Bits>(pos: &Position<B>, written: &str, m: &Move) -> String {
    let r = pos.eng.geo.rank(m.to);
    let rank = if pos.side == Color::White {
        r + 1
    } else {
        8 - r
    };
    format!("{written}{rank}")
}

/// The one legal move among `found`, or the error that says why there is not one.
fn resolve<B: Bits>(
    pos: &Position<B>,
    text: &str,
    written: &str,
    w: &Wanted,
    found: &[Move],
    legal: &MoveList,
) -> Result<(Move, Option<String>), NotationError> {
    match found {
        [m] => {
            let note = w.rankless.then(|| {
                format!(
                    "{written} read as {}, the only legal fit",
                    with_rank(pos, written, m)
                )
            });
            Ok((*m, note))
        }
        [] => Err(NotationError::NoSuchMove {
            text: text.trim().to_string(),
            why: format!(
                "no legal move of {}{} fits it (legal here: {})",
                pos.side.name(),
                if w.rankless {
                    " to any rank of that file"
                } else {
                    ""
                },
                legal
                    .as_slice()
                    .iter()
                    .map(|m| write(pos, m))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }),
        _ if w.rankless => Err(NotationError::Rankless {
            text: text.trim().to_string(),
            candidates: found
                .iter()
                .map(|m| format!("{} ({})", with_rank(pos, written, m), san(pos, m)))
                .collect(),
        }),
        _ => Err(NotationError::Ambiguous {
            text: text.trim().to_string(),
            candidates: found.iter().map(|m| san(pos, m)).collect(),
        }),
    }
}

/// Reads a descriptive move and returns the one legal move it names.
pub fn parse<B: Bits>(pos: &Position<B>, text: &str) -> Result<Move, NotationError> {
    parse_noted(pos, text).map(|(m, _)| m)
}

/// Reads a descriptive move: the one legal move it names, and a note when the reading
/// completed the text (a target written without its rank, `K-R`, read as the only legal
/// move that fits).
pub fn parse_noted<B: Bits>(
    pos: &Position<B>,
    text: &str,
) -> Result<(Move, Option<String>), NotationError> {
    let g = &pos.eng.geo;
    if g.width != 8 || g.height != 8 {
        return Err(unreadable(
            text,
            "descriptive notation names squares of an 8x8 board only",
        ));
    }
    let (t, promo) = promotion(pos, strip(&text.replace(" to ", "-")), text)?;
    let w = wanted(pos, &t, promo, text)?;
    let mut legal = MoveList::new();
    pos.clone().legal_moves(&mut legal);
    let found: Vec<Move> = legal
        .as_slice()
        .iter()
        .copied()
        .filter(|m| w.fits(pos, m))
        .collect();
    resolve(pos, text, &t, &w, &found, &legal)
}

/// A square's descriptive name from `side`'s end (`KKt6`).
fn square_name(f: u8, r: u8, side: Color) -> String {
    const FILES: [&str; 8] = ["QR", "QKt", "QB", "Q", "K", "KB", "KKt", "KR"];
    let rank = if side == Color::White { r + 1 } else { 8 - r };
    format!("{}{rank}", FILES[f as usize & 7])
}

/// The descriptive name of a kind: `Kt` for the knight, `P` for pawns, else the letter.
fn kind_name<B: Bits>(pos: &Position<B>, k: Kind) -> String {
    let rules = &pos.eng.rules;
    match rules.pieces.get(k as usize) {
        Some(d) if d.pawn => "P".into(),
        Some(_) if Some(k) == rules.kind_of('n') => "Kt".into(),
        Some(d) => d.letter.to_ascii_uppercase().to_string(),
        None => "?".into(),
    }
}

/// A move in descriptive notation (`R-KKt6 ch`, `KtxP`, `Kt-KR6 mate`), as short as
/// reads back to the same move; SAN on boards other than 8x8.
pub fn write<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    let g = &pos.eng.geo;
    if g.width != 8 || g.height != 8 || m.flag == MoveKind::Joint {
        return san(pos, m);
    }
    let side = pos.side;
    let sign = {
        let s = san(pos, m);
        if s.ends_with('#') {
            " mate"
        } else if s.ends_with('+') {
            " ch"
        } else {
            ""
        }
    };
    if m.flag == MoveKind::Castle {
        return format!("Castles{sign}");
    }
    let who = kind_name(pos, m.piece);
    let from = square_name(g.file(m.from), g.rank(m.from), side);
    let to = square_name(g.file(m.to), g.rank(m.to), side);
    let taken = if m.flag == MoveKind::EnPassant {
        Some("P".to_string())
    } else {
        pos.kind_at(side.flip(), m.to as usize)
            .map(|k| kind_name(pos, k))
    };
    let mut tries = vec![];
    match &taken {
        Some(t) => {
            tries.push(format!("{who}x{t}"));
            tries.push(format!("{who}x{to}"));
            tries.push(format!("{who}({from})x{to}"));
        }
        None => {
            tries.push(format!("{who}-{to}"));
            tries.push(format!("{who}({from})-{to}"));
        }
    }
    let promo = if let Some(k) = m.promo {
        format!("={}", kind_name(pos, k))
    } else {
        String::new()
    };
    for t in &tries {
        let text = format!("{t}{promo}");
        if parse(pos, &text).as_ref() == Ok(m) {
            return format!("{text}{sign}");
        }
    }
    san(pos, m)
}
