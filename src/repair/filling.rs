//! A reconstruction's findings as values: each illegible square and what a filling puts
//! there ([`Filled`]), what became of the written solution under a filling
//! ([`WrittenSolution`]) and why a filling is no answer ([`MissReason`]). Each is
//! written (text, CSV, JSON, the shard files) as its words and read back from them.

use super::judge::Failure;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Writes a type as its words ([`fmt::Display`]) and reads it back ([`FromStr`]).
macro_rules! as_words {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

/// Words that are not what a reconstruction writes.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not {what}: {text:?}")]
pub struct WordsError {
    /// What the words should have said.
    what: &'static str,
    /// The words.
    text: String,
}

fn bad(what: &'static str, text: &str) -> WordsError {
    WordsError {
        what,
        text: text.to_string(),
    }
}

/// One illegible square and what a filling puts there: "f6 black knight", "g7 empty".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Filled {
    /// The square ("f6").
    pub on: String,
    /// The man put there, its side and kind in words ("black knight"); `None`: left empty.
    pub holds: Option<String>,
}

impl fmt::Display for Filled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            self.on,
            self.holds.as_deref().unwrap_or("empty")
        )
    }
}

impl FromStr for Filled {
    type Err = WordsError;
    fn from_str(s: &str) -> Result<Filled, WordsError> {
        let (on, rest) = s.split_once(' ').ok_or_else(|| bad("a square filled", s))?;
        Ok(Filled {
            on: on.to_string(),
            holds: (rest != "empty").then(|| rest.to_string()),
        })
    }
}
as_words!(Filled);

/// What became of the written solution under a sound filling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenSolution {
    /// It checks (`right`).
    Right,
    /// The problem has none (`none written`).
    NoneWritten,
    /// The problem is sound, but the written solution fails (`fails: claim-wrong`).
    Fails(Failure),
}

impl fmt::Display for WrittenSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrittenSolution::Right => f.write_str("right"),
            WrittenSolution::NoneWritten => f.write_str("none written"),
            WrittenSolution::Fails(w) => write!(f, "fails: {w}"),
        }
    }
}

impl FromStr for WrittenSolution {
    type Err = WordsError;
    fn from_str(s: &str) -> Result<WrittenSolution, WordsError> {
        match s {
            "right" => Ok(WrittenSolution::Right),
            "none written" => Ok(WrittenSolution::NoneWritten),
            _ => (s.strip_prefix("fails: ").and_then(|w| w.parse().ok()))
                .map(WrittenSolution::Fails)
                .ok_or_else(|| bad("the written solution's fate", s)),
        }
    }
}
as_words!(WrittenSolution);

/// Why a filling is no answer, each at the stage of the judging it fails at (a miss
/// that got further is nearer): the reasons of the first three are the causes' own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MissReason {
    /// Not a legal position.
    Illegal(String),
    /// Material the rules cannot reach.
    Material(String),
    /// The written solution fails before any search.
    Solution(String),
    /// Solved, and not sound (its verdict word, or `claim-short`).
    Solved(Failure),
}

/// The stages of the judging a filling passes, in order ([`MissReason::stage`]).
pub const ILLEGAL: u8 = 0;
/// The material check, after the legal position.
pub const MATERIAL: u8 = 1;
/// The written solution read, before any search.
pub const SOLUTION: u8 = 2;
/// The search.
pub const SOLVED: u8 = 3;

/// The words before each kind of miss's reason, in the order of the stages.
const MISS_WORDS: [&str; 4] = [
    "not a legal position: ",
    "material the rules cannot reach: ",
    "the written solution fails: ",
    "the problem is ",
];

impl MissReason {
    /// The stage it fails at, from [`ILLEGAL`] to [`SOLVED`].
    pub fn stage(&self) -> u8 {
        match self {
            MissReason::Illegal(_) => ILLEGAL,
            MissReason::Material(_) => MATERIAL,
            MissReason::Solution(_) => SOLUTION,
            MissReason::Solved(_) => SOLVED,
        }
    }
}

impl fmt::Display for MissReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(MISS_WORDS[self.stage() as usize])?;
        match self {
            MissReason::Illegal(why) | MissReason::Material(why) | MissReason::Solution(why) => {
                f.write_str(why)
            }
            MissReason::Solved(w) => write!(f, "{w}"),
        }
    }
}

impl FromStr for MissReason {
    type Err = WordsError;
    fn from_str(s: &str) -> Result<MissReason, WordsError> {
        let miss = || bad("a reason a filling fails", s);
        let (stage, why) = (MISS_WORDS.iter().enumerate())
            .find_map(|(i, w)| Some((i, s.strip_prefix(w)?.to_string())))
            .ok_or_else(miss)?;
        Ok(match stage {
            0 => MissReason::Illegal(why),
            1 => MissReason::Material(why),
            2 => MissReason::Solution(why),
            _ => MissReason::Solved(why.parse().map_err(|_| miss())?),
        })
    }
}
as_words!(MissReason);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::word::Verdict;

    /// Every finding reads back from the words it is written as.
    #[test]
    fn findings_read_back_from_their_words() {
        for f in ["f6 black knight", "g7 empty"] {
            assert_eq!(f.parse::<Filled>().unwrap().to_string(), f);
        }
        let solutions = [
            WrittenSolution::Right,
            WrittenSolution::NoneWritten,
            WrittenSolution::Fails(Failure::ClaimShort),
            WrittenSolution::Fails(Failure::Verdict(Verdict::ClaimWrong)),
        ];
        for s in solutions {
            assert_eq!(s.to_string().parse::<WrittenSolution>().unwrap(), s);
        }
        let misses = [
            MissReason::Illegal("two white kings".into()),
            MissReason::Material("a third white knight".into()),
            MissReason::Solution("move 2 'Nf7' is illegal".into()),
            MissReason::Solved(Failure::Verdict(Verdict::Cooked)),
        ];
        for m in misses {
            assert_eq!(m.to_string().parse::<MissReason>().unwrap(), m);
        }
        assert!("the problem is fine".parse::<MissReason>().is_err());
        assert!("fails: nothing".parse::<WrittenSolution>().is_err());
    }
}
