//! Why a problem read from an input cannot become an entry: the messages of the readers
//! ([`super::pieces`], [`super::epd`], the Popeye reader) and of the men-on-squares board
//! ([`super::setup`]), before they are placed at a file and line ([`super::ImportError`]).

use crate::board::position::FenError;
use crate::board::rules::RulesError;
use crate::solve::SolveError;
use std::sync::Arc;
use thiserror::Error;

/// Why a problem of an input cannot be set up or checked.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EntryError {
    /// The rules it names do not resolve or compile (shared: one input's entries share
    /// their rules).
    #[error("rules '{rules}': {err}")]
    Rules {
        /// The rules as the problem names them.
        rules: String,
        /// Why they do not resolve or compile.
        #[source]
        err: Arc<RulesError>,
    },
    /// The rules have no man of this name.
    #[error("the rules '{rules}' have no {name} (their men: {men})")]
    NoManNamed {
        /// The rules' name.
        rules: String,
        /// The name looked for (`ferz`, `knight`).
        name: String,
        /// The rules' men, each as its capital letter and name.
        men: String,
    },
    /// A letter as printed that is no man of the rules.
    #[error("'{printed}' is no man of the rules '{rules}' (their letters: {men})")]
    NoManLettered {
        /// The letter as printed.
        printed: char,
        /// The rules' name.
        rules: String,
        /// The rules' men, each as its capital letter and name.
        men: String,
    },
    /// A square off the board.
    #[error("'{square}' is not a square of the {width}x{height} board")]
    OffBoard {
        /// The square, as written.
        square: String,
        /// Files of the board.
        width: u8,
        /// Ranks of the board.
        height: u8,
    },
    /// A square given two men.
    #[error("two men on {square} ('{old}' already stands there)")]
    TwoMen {
        /// The square, as written.
        square: String,
        /// The letter of the man already there (capital: White).
        old: char,
    },
    /// The stipulation does not read.
    #[error(transparent)]
    Stipulation(#[from] SolveError),
    /// The FEN does not read as a legal problem position.
    #[error("the position '{fen}' is not a legal problem position under '{rules}': {err}")]
    Position {
        /// The position as set up.
        fen: String,
        /// The rules as the problem names them.
        rules: String,
        /// Why the position is refused.
        #[source]
        err: FenError,
    },
    /// `(N)` that is not a count.
    #[error("'{0}': expected a count of men in parentheses, e.g. (3)")]
    BadCount(String),
    /// `(N)` that does not count the men before it.
    #[error("the count {count} does not match the {listed} men listed before it")]
    CountMismatch {
        /// The count as written, parentheses and all.
        count: String,
        /// The men listed since the previous count.
        listed: usize,
    },
    /// A word that is not a man on a square.
    #[error("'{0}': expected a man and its square, e.g. Kg1, Fd4, Ktf3 or e4")]
    NotManOnSquare(String),
    /// A man's letter of more than one letter that is not `Kt`.
    #[error("'{0}' is not a man's letter: expected one letter of the rules or Kt")]
    NotALetter(String),
    /// A mate task without its number of moves.
    #[error("'{0}': mate in how many moves? expected e.g. 'mate in 5'")]
    MateInHowMany(String),
    /// A win task without its number of moves.
    #[error("'{0}' gives no number of moves, and mansuba's win task needs one: write 'win in N' or give --win-moves N")]
    WinInHowMany(String),
    /// Words that are no task.
    #[error(
        "'{0}': expected a stipulation such as 'mate in 5', '#5' or 'White to play and win in 20'"
    )]
    NoTask(String),
    /// `mate with` and no man after it.
    #[error(
        "'{0}': mate with what? expected a man's name after 'with' (pawn, knight, rook, ferz, ...)"
    )]
    MateWithWhat(String),
    /// A line that is not EPD.
    #[error("'{0}': expected an EPD line (placement, side, castling, en passant, then operations such as 'dm 5;')")]
    NotEpd(String),
    /// An EPD line with no task.
    #[error("no stipulation: expected an operation 'dm N;' (mate in N) or, after a whole FEN, '#N' or 'win N'")]
    NoStipulation,
    /// `dm` without a number of moves.
    #[error("'dm {0}': expected the number of moves to mate, e.g. 'dm 5'")]
    BadDm(String),
    /// Popeye's `Pieces` giving a square twice.
    #[error("{0} is given twice (it already holds a man)")]
    GivenTwice(String),
    /// A twin's `move` from an empty square.
    #[error("move: no man on {0}")]
    MoveFromEmpty(String),
    /// A twin's `exchange` with an empty square.
    #[error("exchange: no man on {0}")]
    ExchangeEmpty(String),
    /// A twin's `remove` of an empty square.
    #[error("remove: no man on {0}")]
    RemoveEmpty(String),
    /// A twin's `shift` taking a man off the board.
    #[error("shift: the man on {0} would leave the board")]
    ShiftOff(String),
    /// A Popeye stipulation mansuba does not solve.
    #[error("mansuba solves #N, =N, h#N, h#N.5, h=N, hs#N, hr#N, s#N, s=N, r#N, semi-r#N, ser-#N, ser-=N, ser-h#N, ser-s#N, ser-r#N")]
    NotSolved,
    /// `WhiteToPlay` outside help play.
    #[error("option WhiteToPlay is for help play")]
    WhiteToPlayNotHelp,
    /// `HalfDuplex` (or `Duplex`) with `WhiteToPlay`.
    #[error("options HalfDuplex and Duplex are not read with WhiteToPlay")]
    HalfDuplex,
    /// `WhiteToPlay` with a help play it cannot shorten.
    #[error("option WhiteToPlay is read with help play h#N, hs#N or hr#N, N at least 2")]
    WhiteToPlayShort,
    /// The rules with Popeye's fairy men added are no rules (more than 15 kinds).
    #[error("with Popeye's fairy men added: {0}")]
    AddedKinds(#[source] RulesError),
    /// The knobs of the kinds added to the rules, which TOML cannot write.
    #[error("the rules' pieces cannot be written as knobs: {0}")]
    Knobs(#[source] toml::ser::Error),
    /// A Popeye man that mansuba's rules have not.
    #[error("fairy piece {0}")]
    FairyPiece(&'static str),
    /// A Popeye man the rules have no counterpart of.
    #[error("man {name}: {err}")]
    Man {
        /// The name of the man in the rules' piece list (`ferz`, `knight`...).
        name: &'static str,
        /// Why the rules have no such man.
        #[source]
        err: Box<EntryError>,
    },
    /// `WhiteMustCapture` under rules without compulsory capture.
    #[error("condition WhiteMustCapture (the rules '{0}' have no compulsory capture; `forced` is shatranj's)")]
    WhiteMustCapture(String),
    /// `PromOnly` naming a fairy piece.
    #[error("condition PromOnly {0} (a fairy piece)")]
    PromOnlyFairy(&'static str),
    /// `PromOnly` naming a man the rules have not.
    #[error("condition PromOnly: {0}")]
    PromOnlyMan(#[source] Box<EntryError>),
    /// `PromOnly` naming other men than the rules promote to.
    #[error("condition PromOnly {names} (the rules '{rules}' promote to {to:?})")]
    PromOnly {
        /// The men `PromOnly` names, as Popeye calls them, space separated.
        names: String,
        /// The rules' name.
        rules: String,
        /// The letters of the men these rules promote to.
        to: Vec<char>,
    },
}
