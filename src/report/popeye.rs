//! `export --popeye`: the problems Popeye can express as Popeye input, so that a user can
//! cross-check the keys in Popeye (`py FILE`).
//!
//! Expressible: rules orthodox and english-1650 (orthodox men; english-1650 named in a
//! `Remark mansuba-rules english-1650`, since `import` reads orthodox men as orthodox
//! otherwise), shatranj (`FE` fers, `AL` alfil,
//! `Condition PromOnly FE`) and forced (shatranj with `WhiteMustCapture
//! BlackMustCapture`); a direct mate `#N` with White to move; no condition but the
//! covetous defender (`BlackMustCapture`). A problem's `rules_set` may give the rules
//! more kinds and another promotion (what `import` writes for Popeye's fairy men): a kind
//! that moves as one of Popeye's leapers or riders is written by its Popeye name
//! ([`crate::problem::import::popeye_fairy`]), and `PromOnly` names what a pawn promotes
//! to when Popeye's own rule (the orthodox men and the fairy men on the board) says
//! otherwise. Popeye castles whenever a king and a rook stand
//! at home, so every such pair the FEN does not grant is barred (`Option NoCastling
//! a1e1`). Popeye lets a pawn on its second rank double-step, which shatranj does not: a
//! shatranj problem with such a pawn is not exported. What is not exported is said, with
//! the reason.
//!
//! The title (`Title`), the source (`Origin`) and the id (`Remark mansuba-id ID`) are
//! written as [`crate::problem::import::popeye_text`] says, so that `import` of the
//! export gives them back exactly.

use crate::board::piece::PieceDef;
use crate::board::rules::Rules;
use crate::problem::import::popeye::{ID_REMARK, RULES_REMARK};
use crate::problem::import::popeye_fairy::shortcut_of;
use crate::problem::import::popeye_text::to_lines;
use crate::problem::Problem;

/// Popeye's name of each man mansuba's rules call so.
const NAMES: &[(&str, &str)] = &[
    ("king", "k"),
    ("queen", "q"),
    ("rook", "r"),
    ("bishop", "b"),
    ("knight", "s"),
    ("pawn", "p"),
    ("ferz", "fe"),
    ("alfil", "al"),
];

/// The Popeye conditions of the rule sets it can express: whether `PromOnly` is always
/// written (the ferz of shatranj), and the other conditions.
fn rules_conditions(rules: &str) -> Option<(bool, &'static str)> {
    match rules {
        "orthodox" | "english-1650" => Some((false, "")),
        "shatranj" => Some((true, "")),
        "forced" => Some((true, "WhiteMustCapture BlackMustCapture")),
        _ => None,
    }
}

/// The problem's rules: the preset, with the problem's `rules_set` on top when it sets
/// no more than the pieces and what a pawn promotes to (Popeye's fairy men, see
/// [`crate::problem::import::popeye_fairy`]).
fn rules_of(p: &Problem) -> Result<Rules, PopeyeError> {
    let rules = Rules::preset(&p.rules)?;
    let Some(k) = &p.rules_set else {
        return Ok(rules);
    };
    let promotion_to_only =
        |v: &toml::Value| v.as_table().is_some_and(|t| t.keys().all(|x| x == "to"));
    if let Some((key, _)) = k
        .iter()
        .find(|(key, v)| !(*key == "pieces" || (*key == "promotion" && promotion_to_only(v))))
    {
        return Err(PopeyeError::Knob(key.clone()));
    }
    Ok(rules.with_knobs(k.clone())?)
}

/// Why a problem cannot be written as a Popeye problem.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PopeyeError {
    /// A board of another size.
    #[error("not an 8x8 board")]
    NotEightByEight,
    /// A character of the placement that is no man nor count (a stack's bracket).
    #[error("'{0}' in the placement (stacks are not Popeye's)")]
    Placement(char),
    /// A `rules_set` knob beyond the pieces and the promotion.
    #[error("the rules_set knob '{0}' (only pieces and promotion.to are Popeye's)")]
    Knob(String),
    /// A promotion Popeye's `PromOnly` cannot say with these rules.
    #[error("promotion to {0:?}: Popeye's orthodox pawns promote to Q R B S and the fairy men on the board")]
    Promotion(Vec<char>),
    /// Rules Popeye has no conditions for.
    #[error("rules '{0}': only orthodox, english-1650, shatranj and forced are Popeye's")]
    Rules(String),
    /// A stipulation Popeye's families do not say.
    #[error(
        "stipulation '{0}': only '#N' and Popeye's own families (h#, s#, ser-...) are exported"
    )]
    Stipulation(String),
    /// A condition beyond the covetous defender.
    #[error("a condition other than the covetous defender")]
    Condition,
    /// A direct mate with Black to move.
    #[error("Black to move: Popeye's direct mates are White's")]
    BlackToMove,
    /// An en-passant square when Black starts.
    #[error("the en-passant square '{0}' with Black to move")]
    EnPassantBlack(String),
    /// An en-passant square off the sixth rank.
    #[error("the en-passant square '{0}' (White moves: expected one on the sixth rank)")]
    EnPassant(String),
    /// The preset does not load.
    #[error(transparent)]
    Preset(#[from] crate::board::rules::RulesError),
    /// A letter of the FEN that is no man of the rules.
    #[error("'{letter}' is no man of {rules}")]
    NoMan {
        /// The letter, as the FEN writes it.
        letter: char,
        /// The problem's rules.
        rules: String,
    },
    /// A man Popeye has no name for.
    #[error("the {0} has no Popeye name here")]
    NoName(String),
    /// A pawn that may double-step in Popeye but not under the rules.
    #[error("a pawn on {square} could double-step in Popeye, not under {rules}")]
    DoubleStep {
        /// The pawn's square.
        square: String,
        /// The problem's rules.
        rules: String,
    },
}

/// The men of a FEN placement: (square, letter) for every man, or why it cannot be read.
fn men(placement: &str) -> Result<Vec<(String, char)>, PopeyeError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 8 {
        return Err(PopeyeError::NotEightByEight);
    }
    let mut out = vec![];
    for (i, row) in rows.iter().enumerate() {
        let rank = 8 - i;
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else if c.is_ascii_alphabetic() && file < 8 {
                out.push((format!("{}{rank}", (b'a' + file as u8) as char), c));
                file += 1;
            } else {
                return Err(PopeyeError::Placement(c));
            }
        }
    }
    Ok(out)
}

/// The Popeye problem of one mansuba problem, or why Popeye cannot express it.
pub fn popeye_problem(p: &Problem) -> Result<String, PopeyeError> {
    let (prom_always, conds) =
        rules_conditions(&p.rules).ok_or_else(|| PopeyeError::Rules(p.rules.clone()))?;
    let s = &p.stipulation;
    if s.play.is_none() && (s.goal != crate::solve::Goal::Mate || s.exact) {
        return Err(PopeyeError::Stipulation(p.stipulation_text.clone()));
    }
    // Who starts is the stipulation's in Popeye (Black in h#N and ser-h#N).
    let white_starts = (s.play).is_none_or(|pl| pl.starter() == crate::board::piece::Color::White);
    let c = &p.conditions;
    if c.mate_by.is_some()
        || !c.mate_on.is_empty()
        || !c.mate_from.is_empty()
        || c.attacker_no_capture
        || !c.immobile.is_empty()
        || c.checks
    {
        return Err(PopeyeError::Condition);
    }
    let f: Vec<&str> = p.fen.split_whitespace().collect();
    // (The other families put their starter on move in both programs, whatever the FEN
    // says; a direct mate is White's in Popeye.)
    if s.play.is_none() && f.get(1) != Some(&"w") {
        return Err(PopeyeError::BlackToMove);
    }
    let ep_field = f.get(3).copied().unwrap_or("-");
    if !white_starts && ep_field != "-" {
        return Err(PopeyeError::EnPassantBlack(ep_field.to_string()));
    }
    let ep = en_passant(ep_field)?;
    let rules = rules_of(p)?;
    let board = men(f[0])?;
    let name = |c: char| -> Result<&str, PopeyeError> {
        let k = rules
            .kind_of(c.to_ascii_lowercase())
            .ok_or_else(|| PopeyeError::NoMan {
                letter: c,
                rules: p.rules.clone(),
            })?;
        let piece = &rules.pieces[k as usize];
        let n = &piece.name;
        NAMES
            .iter()
            .find(|x| x.0 == n)
            .map(|x| x.1)
            .or_else(|| shortcut_of(piece))
            .ok_or_else(|| PopeyeError::NoName(n.clone()))
    };
    if !rules.pawns.double_step {
        if let Some((sq, _)) = board
            .iter()
            .find(|(sq, c)| (*c == 'P' && sq.ends_with('2')) || (*c == 'p' && sq.ends_with('7')))
        {
            return Err(PopeyeError::DoubleStep {
                square: sq.clone(),
                rules: p.rules.clone(),
            });
        }
    }
    let side = |white: bool| -> Result<String, PopeyeError> {
        let v: Result<Vec<String>, PopeyeError> = board
            .iter()
            .filter(|(_, c)| c.is_ascii_uppercase() == white)
            .map(|(sq, c)| Ok(format!("{}{sq}", name(*c)?)))
            .collect();
        Ok(v?.join(" "))
    };
    let mut conditions: Vec<String> = vec![];
    if let Some(to) = prom_only(&rules, &board, prom_always)? {
        let names: Result<Vec<&str>, PopeyeError> = to.iter().map(|&c| name(c)).collect();
        conditions.push(format!("PromOnly {}", names?.join(" ")));
    }
    conditions.extend(conds.split_whitespace().map(String::from));
    if c.covetous && p.rules != "forced" {
        conditions.push("BlackMustCapture".into());
    }
    // Title, source and id as `import` reads them back exactly (see popeye_text).
    let mut t = String::new();
    let mut text = |keyword: &str, v: &str, at_spaces: bool| {
        for line in to_lines(v, at_spaces) {
            t += &format!("{keyword} {line}\n");
        }
    };
    text("Title", p.title.as_deref().unwrap_or(""), true);
    text("Origin", p.source.as_deref().unwrap_or(""), true);
    // The id is one remark, cut only where a line is full.
    text("Remark", &format!("{ID_REMARK}{}", p.id), false);
    if p.rules == "english-1650" {
        text("Remark", &format!("{RULES_REMARK}{}", p.rules), false);
    }
    t += &format!("Pieces White {} Black {}\n", side(true)?, side(false)?);
    match s.play {
        // The other families in Popeye's own words (`h#2.5`, `ser-s#3`, `exact-h#2`),
        // a half-duplex as Popeye's option.
        Some(pl) => {
            let written = crate::solve::Play {
                exchanged: false,
                ..pl
            };
            t += &format!("Stipulation {written}\n");
        }
        None => t += &format!("Stipulation #{}\n", s.moves),
    }
    if !conditions.is_empty() {
        t += &format!("Condition {}\n", conditions.join(" "));
    }
    let barred = barred_castling(&board, f.get(2).copied().unwrap_or("-"));
    t += "Option NoBoard";
    if s.play.is_some_and(|pl| pl.exchanged) {
        t += " HalfDuplex";
    }
    if !barred.is_empty() {
        t += &format!(" NoCastling {barred}");
    }
    if let Some(ep) = ep {
        t += &format!(" EnPassant {ep}");
    }
    t.push('\n');
    Ok(t)
}

/// The letters `PromOnly` must name, if it must be written: always when `always` (the
/// shatranj ferz), else when the rules promote to other men than Popeye's pawns do (the
/// queen, rook, bishop, knight and each fairy man on the board). Leaving out only
/// orthodox men cannot be said: `import` reads such a `PromOnly` against the rules'
/// own promotion.
fn prom_only(
    rules: &Rules,
    board: &[(String, char)],
    always: bool,
) -> Result<Option<Vec<char>>, PopeyeError> {
    let mut to = rules.promotion.to.clone();
    to.sort();
    to.dedup();
    if always {
        return Ok(Some(to));
    }
    let orthodox = |p: &PieceDef| NAMES[..6].iter().any(|(n, _)| p.name == *n);
    let kind = |c: char| rules.kind_of(c).map(|k| &rules.pieces[k as usize]);
    let mut popeye: Vec<char> = rules
        .pieces
        .iter()
        .filter(|p| ["queen", "rook", "bishop", "knight"].contains(&p.name.as_str()))
        .map(|p| p.letter)
        .collect();
    for (_, m) in board {
        if let Some(p) = kind(m.to_ascii_lowercase()) {
            if !p.pawn && !p.royal && !orthodox(p) {
                popeye.push(p.letter);
            }
        }
    }
    popeye.sort();
    popeye.dedup();
    if popeye == to {
        return Ok(None);
    }
    if to.iter().any(|&c| kind(c).is_some_and(|p| !orthodox(p))) {
        return Ok(Some(to));
    }
    Err(PopeyeError::Promotion(to))
}

/// The FEN's en-passant square as Popeye's `EnPassant` squares: where Black's pawn came
/// from, the square it passed, where it stands (`e7e6e5` for `e6`; White moves).
fn en_passant(field: &str) -> Result<Option<String>, PopeyeError> {
    if field == "-" {
        return Ok(None);
    }
    let b = field.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || b[1] != b'6' {
        return Err(PopeyeError::EnPassant(field.to_string()));
    }
    let f = b[0] as char;
    Ok(Some(format!("{f}7{f}6{f}5")))
}

/// The home squares of every king and rook standing at home whose castling the FEN's
/// field does not grant, as one word (`a1e1h1`).
fn barred_castling(board: &[(String, char)], castling: &str) -> String {
    let granted: Vec<&str> = castling
        .chars()
        .flat_map(|c| match c {
            'K' => vec!["e1", "h1"],
            'Q' => vec!["e1", "a1"],
            'k' => vec!["e8", "h8"],
            'q' => vec!["e8", "a8"],
            _ => vec![],
        })
        .collect();
    let home = [
        ("a1", 'R'),
        ("e1", 'K'),
        ("h1", 'R'),
        ("a8", 'r'),
        ("e8", 'k'),
        ("h8", 'r'),
    ];
    home.iter()
        .filter(|(sq, c)| board.iter().any(|(s, m)| s == sq && m == c) && !granted.contains(sq))
        .map(|(sq, _)| *sq)
        .collect()
}

/// The note said of each problem an export leaves out of the Popeye file: its id and why.
pub fn left_out_notes(left_out: &[(String, PopeyeError)]) -> Vec<String> {
    left_out
        .iter()
        .map(|(id, why)| {
            format!(
                "note: {}: not written for Popeye: {}",
                crate::problem::shown::shown_id(id),
                crate::problem::shown::shown(&why.to_string())
            )
        })
        .collect()
}

/// A Popeye input file of the problems it can express (`BeginProblem`, problems
/// separated by `Next`, `EndProblem`), and for each problem left out its id and why.
pub fn popeye_file(problems: &[&Problem]) -> (String, Vec<(String, PopeyeError)>) {
    let mut parts = vec![];
    let mut left_out = vec![];
    for p in problems {
        match popeye_problem(p) {
            Ok(t) => parts.push(t),
            Err(why) => left_out.push((p.id.clone(), why)),
        }
    }
    if parts.is_empty() {
        return (String::new(), left_out);
    }
    let text = format!("BeginProblem\n{}EndProblem\n", parts.join("Next\n"));
    (text, left_out)
}
