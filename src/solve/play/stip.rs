//! A stipulation of the new families in Popeye's words (`h#3`, `ser-s#2`, `exact-h#2.5`,
//! `r#2`): the parsed form, its errors, its length in half-moves and who starts.

use crate::board::piece::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The longest stipulation accepted, in moves.
pub const MAX_PLAY_MOVES: u32 = 200;

/// The family names the parser knows, as written before the goal.
pub const KNOWN_FAMILIES: &[&str] = &[
    "", "h", "hs", "hr", "ser-", "ser-h", "ser-s", "ser-r", "s", "r", "semi-r",
];

/// The play of a stipulation: who moves, and who is bound to what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// `#N`, `=N`: White forces the goal (parsed here; solved by the same AND/OR search).
    Direct,
    /// `h#N`: Black starts, both sides cooperate, White's Nth move reaches the goal.
    Help,
    /// `hs#N`: White starts, both sides cooperate for N-1 moves each, then White's Nth
    /// move forces Black to reach the goal against White in one (an `s#1` is left);
    /// `hs#N.5`: Black's half move first.
    HelpSelf,
    /// `hr#N`: as `hs#N`, ending in an `r#1`: White's Nth move, when White has no goal
    /// in one, leaves Black a goal in one, which Black must play.
    HelpReflex,
    /// `ser-...`: one side makes its moves in a row, then the end play named.
    Series(SeriesEnd),
    /// `s#N`: White forces Black to reach the goal against White.
    #[serde(rename = "self")]
    Self_,
    /// `r#N`: as semi-reflex, and White may never have the goal in one.
    Reflex,
    /// `semi-r#N`: White forces a position where Black reaches the goal in one; Black must.
    SemiReflex,
}

/// What follows the series moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeriesEnd {
    /// `ser-#N`: White's Nth move reaches the goal.
    Direct,
    /// `ser-h#N`: Black's N moves, then White reaches the goal in one.
    Help,
    /// `ser-s#N`: White's N moves, then every Black move reaches the goal against White.
    Self_,
    /// `ser-r#N`: White's N moves, then Black reaches the goal in one, and must; Black
    /// may not have it in one earlier, nor White before any series move.
    Reflex,
}

/// The goal, tested on the side to move after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aim {
    /// `#`: in check with no legal move.
    Mate,
    /// `=`: not in check, no legal move.
    Stalemate,
    /// `#=`: no legal move, in check or not.
    MateOrStalemate,
}

/// A parsed stipulation of the play families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Play {
    /// Who moves and who is bound.
    pub family: Family,
    /// The goal.
    pub aim: Aim,
    /// N, in moves.
    pub moves: u32,
    /// `N.5` (help play only): White starts, one half-move more.
    pub half: bool,
    /// `exact-`: full-length play only (no shorter solutions).
    pub exact: bool,
    /// ` half-duplex` after it (Popeye's `HalfDuplex`): the colours' parts exchanged, so
    /// that the side that would be mated mates (Black starts where White would, and the
    /// other way round). A `Duplex` problem is the task and this one.
    #[serde(default)]
    pub exchanged: bool,
}

/// Why a stipulation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// Nothing given.
    #[error("empty stipulation")]
    Empty,
    /// A family before the goal that is not known.
    #[error("stipulation '{input}': unknown family '{family}' (known: {known})")]
    UnknownFamily {
        /// The input, cut to 200 characters.
        input: String,
        /// The family as written.
        family: String,
        /// The families known.
        known: String,
    },
    /// No goal (`#`, `=`, `#=`) where one belongs.
    #[error("stipulation '{input}': no goal ('#', '=' or '#=') after the family")]
    NoGoal {
        /// The input, cut to 200 characters.
        input: String,
    },
    /// The length is not a number (or `N.5`).
    #[error("stipulation '{input}': '{length}' is not a length (N or N.5)")]
    BadLength {
        /// The input, cut to 200 characters.
        input: String,
        /// The length as written.
        length: String,
    },
    /// The length is out of range.
    #[error("stipulation '{input}': {moves} moves is out of range (1 to {MAX_PLAY_MOVES})")]
    OutOfRange {
        /// The input, cut to 200 characters.
        input: String,
        /// The number read.
        moves: u64,
    },
    /// ` half-duplex` after a direct mate, whose mating side is the side to move.
    #[error("stipulation '{input}': a direct mate is Black's when Black is to move in the FEN; half-duplex is read with the other families")]
    ExchangedDirectMate {
        /// The input, cut to 200 characters.
        input: String,
    },
    /// `.5` on a family that is not help play.
    #[error(
        "stipulation '{input}': half moves ('.5') are allowed only in help play (h#, h=, h#=, hs#, hr#)"
    )]
    HalfNotHelp {
        /// The input, cut to 200 characters.
        input: String,
    },
}

/// The input as quoted in an error: at most 200 characters.
fn quoted(s: &str) -> String {
    s.chars().take(200).collect()
}

impl Play {
    /// The play's length in half-moves as Popeye counts it (series: null moves of the
    /// idle side included; reflex: the forced last Black move not counted).
    pub fn half_moves(&self) -> u32 {
        let n = self.moves;
        match self.family {
            Family::Direct | Family::Reflex | Family::SemiReflex => 2 * n - 1,
            Family::Self_ => 2 * n,
            Family::Help | Family::HelpSelf => 2 * n + self.half as u32,
            Family::HelpReflex => 2 * n - 1 + self.half as u32,
            Family::Series(SeriesEnd::Direct) => 2 * n - 1,
            Family::Series(_) => 2 * n,
        }
    }

    /// Who makes the first move.
    pub fn starter(&self) -> Color {
        let black = match self.family {
            Family::Help => !self.half,
            Family::HelpSelf | Family::HelpReflex => self.half,
            Family::Series(end) => end == SeriesEnd::Help,
            _ => false,
        };
        self.exchanged_if(black)
    }

    /// The side that gives the mate (or stalemate): White in direct, help, `ser-#` and
    /// `ser-h` play, Black where White forces or obliges it (`s`, `r`, `semi-r`, `hs`,
    /// `hr`, `ser-s`, `ser-r`); the other side in a half-duplex.
    pub fn mater(&self) -> Color {
        let black = !matches!(
            self.family,
            Family::Direct | Family::Help | Family::Series(SeriesEnd::Direct | SeriesEnd::Help)
        );
        self.exchanged_if(black)
    }

    /// Black when `black` as written, White otherwise; the other way round in a
    /// half-duplex.
    fn exchanged_if(&self, black: bool) -> Color {
        if black != self.exchanged {
            Color::Black
        } else {
            Color::White
        }
    }

    /// True for the families whose solutions are lines (help and series).
    pub fn is_line_play(&self) -> bool {
        matches!(
            self.family,
            Family::Help | Family::HelpSelf | Family::HelpReflex | Family::Series(_)
        )
    }

    /// Does the idle side pass after move `i` (from 0) of a solution of `len` moves? In a
    /// series, after every series move but the last (in `ser-h` the other side's closing
    /// move comes after them); in the other families never.
    pub fn idle_passes_after(&self, i: usize, len: usize) -> bool {
        let closing = self.family == Family::Series(SeriesEnd::Help);
        matches!(self.family, Family::Series(_)) && i + 1 < len && !(closing && i + 2 == len)
    }

    /// True for the help families (`h`, `hs`, `hr`), the ones that take `N.5`.
    pub fn is_help(&self) -> bool {
        matches!(
            self.family,
            Family::Help | Family::HelpSelf | Family::HelpReflex
        )
    }

    /// The family's prefix in Popeye's words.
    fn prefix(&self) -> &'static str {
        match self.family {
            Family::Direct => "",
            Family::Help => "h",
            Family::HelpSelf => "hs",
            Family::HelpReflex => "hr",
            Family::Series(SeriesEnd::Direct) => "ser-",
            Family::Series(SeriesEnd::Help) => "ser-h",
            Family::Series(SeriesEnd::Self_) => "ser-s",
            Family::Series(SeriesEnd::Reflex) => "ser-r",
            Family::Self_ => "s",
            Family::Reflex => "r",
            Family::SemiReflex => "semi-r",
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let goal = match self.aim {
            Aim::Mate => "#",
            Aim::Stalemate => "=",
            Aim::MateOrStalemate => "#=",
        };
        let exact = if self.exact { "exact-" } else { "" };
        let half = if self.half { ".5" } else { "" };
        let exchanged = if self.exchanged { " half-duplex" } else { "" };
        write!(
            f,
            "{exact}{}{goal}{}{half}{exchanged}",
            self.prefix(),
            self.moves
        )
    }
}

/// The family of a prefix, if known.
fn family_of(prefix: &str) -> Option<Family> {
    Some(match prefix {
        "" => Family::Direct,
        "h" => Family::Help,
        "hs" => Family::HelpSelf,
        "hr" => Family::HelpReflex,
        "ser-" => Family::Series(SeriesEnd::Direct),
        "ser-h" => Family::Series(SeriesEnd::Help),
        "ser-s" => Family::Series(SeriesEnd::Self_),
        "ser-r" => Family::Series(SeriesEnd::Reflex),
        "s" => Family::Self_,
        "r" => Family::Reflex,
        "semi-r" => Family::SemiReflex,
        _ => return None,
    })
}

impl FromStr for Play {
    type Err = PlayError;
    fn from_str(s: &str) -> Result<Play, PlayError> {
        let input = quoted(s.trim());
        let lower = s.trim().to_ascii_lowercase();
        if lower.is_empty() {
            return Err(PlayError::Empty);
        }
        if let Some(head) = lower.strip_suffix(" half-duplex") {
            if head.trim_end().ends_with("half-duplex") {
                let length = quoted(head.trim_end());
                return Err(PlayError::BadLength { input, length });
            }
            let play = Play {
                exchanged: true,
                ..head.parse::<Play>()?
            };
            if play.family == Family::Direct && play.aim == Aim::Mate {
                return Err(PlayError::ExchangedDirectMate { input });
            }
            return Ok(play);
        }
        let (exact, body) = match lower.strip_prefix("exact-") {
            Some(rest) => (true, rest),
            None => (false, lower.as_str()),
        };
        let Some(at) = body.find(['#', '=']) else {
            return Err(PlayError::NoGoal { input });
        };
        let (prefix, rest) = body.split_at(at);
        let family = family_of(prefix).ok_or_else(|| PlayError::UnknownFamily {
            input: input.clone(),
            family: quoted(prefix),
            known: KNOWN_FAMILIES
                .iter()
                .map(|f| format!("{f}#"))
                .collect::<Vec<_>>()
                .join(", "),
        })?;
        let (aim, length) = if let Some(l) = rest.strip_prefix("#=") {
            (Aim::MateOrStalemate, l)
        } else if let Some(l) = rest.strip_prefix('#') {
            (Aim::Mate, l)
        } else {
            (Aim::Stalemate, &rest[1..])
        };
        let (digits, half) = match length.strip_suffix(".5") {
            Some(d) => (d, true),
            None => (length, false),
        };
        let bad = || PlayError::BadLength {
            input: input.clone(),
            length: quoted(length),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let moves: u64 = digits.parse().unwrap_or(u64::MAX);
        let help = matches!(family, Family::Help | Family::HelpSelf | Family::HelpReflex);
        if half && !help {
            return Err(PlayError::HalfNotHelp { input });
        }
        // h#0.5 is one half-move: the one length below 1 that is a stipulation.
        let least = if half && family == Family::Help { 0 } else { 1 };
        if moves < least || moves > MAX_PLAY_MOVES as u64 {
            return Err(PlayError::OutOfRange { input, moves });
        }
        Ok(Play {
            family,
            aim,
            moves: moves as u32,
            half,
            exact,
            exchanged: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (text, half-moves, starter), from §1.1 of the research note on Popeye's counts.
    const TABLE: &[(&str, u32, Color)] = &[
        ("#3", 5, Color::White),
        ("=3", 5, Color::White),
        ("s#3", 6, Color::White),
        ("s=2", 4, Color::White),
        ("r#2", 3, Color::White),
        ("semi-r#2", 3, Color::White),
        ("h#3", 6, Color::Black),
        ("h#2.5", 5, Color::White),
        ("h#0.5", 1, Color::White),
        ("h=2", 4, Color::Black),
        ("h#=2", 4, Color::Black),
        ("exact-h#2", 4, Color::Black),
        ("ser-#5", 9, Color::White),
        ("ser-=3", 5, Color::White),
        ("ser-h#4", 8, Color::Black),
        ("ser-s#2", 4, Color::White),
        ("ser-r#2", 4, Color::White),
        ("hs#1", 2, Color::White),
        ("hs#2", 4, Color::White),
        ("hs#2.5", 5, Color::Black),
        ("hs=3", 6, Color::White),
        ("hr#2", 3, Color::White),
        ("hr#1.5", 2, Color::Black),
        ("exact-hs#2", 4, Color::White),
    ];

    #[test]
    fn lengths_and_starters_follow_popeye() {
        for &(text, half_moves, starter) in TABLE {
            let p: Play = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(p.half_moves(), half_moves, "{text}");
            assert_eq!(p.starter(), starter, "{text}");
            assert_eq!(p.to_string(), text, "written back");
        }
    }

    #[test]
    fn fields_and_case() {
        let p: Play = "EXACT-H#2.5".parse().unwrap();
        assert_eq!(
            p,
            Play {
                family: Family::Help,
                aim: Aim::Mate,
                moves: 2,
                half: true,
                exact: true,
                exchanged: false
            }
        );
        let p: Play = " Ser-S#2 ".parse().unwrap();
        assert_eq!(p.family, Family::Series(SeriesEnd::Self_));
        let p: Play = "h#=2".parse().unwrap();
        assert_eq!(p.aim, Aim::MateOrStalemate);
        assert_eq!("s=2".parse::<Play>().unwrap().aim, Aim::Stalemate);
        assert_eq!("#3".parse::<Play>().unwrap().family, Family::Direct);
        assert_eq!("h#200".parse::<Play>().unwrap().moves, 200);
        let p: Play = "HS#2.5".parse().unwrap();
        assert_eq!((p.family, p.moves, p.half), (Family::HelpSelf, 2, true));
        assert!(p.is_help() && p.is_line_play());
        let p: Play = "hr=3".parse().unwrap();
        assert_eq!((p.family, p.aim), (Family::HelpReflex, Aim::Stalemate));
    }

    #[test]
    fn half_duplex_exchanges_the_parts() {
        for (text, starter, mater) in [
            ("h#2 half-duplex", Color::White, Color::Black),
            ("h#2.5 half-duplex", Color::Black, Color::Black),
            ("ser-h#3 half-duplex", Color::White, Color::Black),
            ("s#2 half-duplex", Color::Black, Color::White),
            ("=2 half-duplex", Color::Black, Color::Black),
            ("exact-hs#2 half-duplex", Color::Black, Color::White),
        ] {
            let p: Play = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(p.exchanged, "{text}");
            assert_eq!((p.starter(), p.mater()), (starter, mater), "{text}");
            assert_eq!(p.to_string(), text, "written back");
            let plain: Play = text.trim_end_matches(" half-duplex").parse().unwrap();
            assert_eq!(p.half_moves(), plain.half_moves(), "{text}");
            assert_ne!(p.starter(), plain.starter(), "{text}");
        }
        assert!("H#2 Half-Duplex".parse::<Play>().unwrap().exchanged);
        let e = "#2 half-duplex".parse::<Play>().unwrap_err();
        assert!(matches!(e, PlayError::ExchangedDirectMate { .. }), "{e}");
        assert!(e.to_string().contains("Black is to move in the FEN"));
        assert!(matches!(
            "h#2 half-duplex half-duplex".parse::<Play>(),
            Err(PlayError::BadLength { .. })
        ));
        assert!(matches!(
            "h#0 half-duplex".parse::<Play>(),
            Err(PlayError::OutOfRange { .. })
        ));
    }

    #[test]
    fn refusals() {
        let e = "hz#2".parse::<Play>().unwrap_err();
        assert!(matches!(&e, PlayError::UnknownFamily { family, .. } if family == "hz"));
        let msg = e.to_string();
        assert!(msg.contains("'hz'") && msg.contains("ser-h#") && msg.contains("hs#"));
        for bad in [
            "h#0", "ser-#0", "s#300", "#0", "h#201", "hs#0", "hs#0.5", "hr#0.5",
        ] {
            assert!(
                matches!(bad.parse::<Play>(), Err(PlayError::OutOfRange { .. })),
                "{bad}"
            );
        }
        let e = "s#2.5".parse::<Play>().unwrap_err();
        assert_eq!(
            e,
            PlayError::HalfNotHelp {
                input: "s#2.5".into()
            }
        );
        assert!(e.to_string().contains("only in help play"));
        assert_eq!("".parse::<Play>(), Err(PlayError::Empty));
        assert!(matches!(
            "h2".parse::<Play>(),
            Err(PlayError::NoGoal { .. })
        ));
        assert!(matches!(
            "h#x".parse::<Play>(),
            Err(PlayError::BadLength { .. })
        ));
        assert!(matches!(
            "h#2.7".parse::<Play>(),
            Err(PlayError::BadLength { .. })
        ));
        assert!(matches!(
            "h#99999999999999999999999".parse::<Play>(),
            Err(PlayError::OutOfRange { .. })
        ));
        let long = format!("{}#2", "x".repeat(500));
        let e = long.parse::<Play>().unwrap_err();
        match e {
            PlayError::UnknownFamily { input, family, .. } => {
                assert_eq!(input.chars().count(), 200);
                assert_eq!(family.chars().count(), 200);
            }
            other => panic!("{other:?}"),
        }
    }
}
