//! The verdict word of a problem and the one rule that gives it, used by `verify`,
//! `repair`, `merge` and the edition alike, so that no two commands can call one problem
//! two things. The rule, first that applies wins:
//! 1. `error`: the problem could not be analysed (file, key, rules, FEN, condition);
//!    given by the caller, never by an analysis.
//! 2. `unsound`: proven that no first move forces the stipulation.
//! 3. `cooked`: proven that more than one key forces it.
//! 4. `claim-wrong`: the manuscript's solution was checked and is refuted, illegal or
//!    incomplete (definite even when the search itself hit a limit).
//! 5. `unknown`: a limit stopped the search before it proved solvability or the key's
//!    uniqueness, or stopped the claim check before it settled the claim.
//! 6. `sound`: solvable, one key (proven unique), the claim (if any) correct.
//!
//! Cooked comes before claim-wrong: a problem with two keys is broken whatever line the
//! manuscript prints, and the claim's own failure still shows in the `claim` column. A
//! shorter win than stipulated is not a cook: it shows in `shortest` and the claim's
//! remarks. docs/verify.md states the same rule for readers.

use super::{Analysis, ClaimStatus, Solvable};

/// The one-word result of verifying a problem.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Verdict {
    /// Solvable, one key, the claim (if any) correct.
    Sound,
    /// More than one key.
    Cooked,
    /// Not solvable: some defence holds against every try.
    Unsound,
    /// The claimed solution is refuted, illegal or incomplete.
    ClaimWrong,
    /// A limit stopped the search first.
    Unknown,
    /// The problem could not be analysed.
    Error,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 6] = [
        Verdict::Sound,
        Verdict::Cooked,
        Verdict::Unsound,
        Verdict::ClaimWrong,
        Verdict::Unknown,
        Verdict::Error,
    ];

    /// The CSV word.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Cooked => "cooked",
            Verdict::Unsound => "unsound",
            Verdict::ClaimWrong => "claim-wrong",
            Verdict::Unknown => "unknown",
            Verdict::Error => "error",
        }
    }

    /// The verdict of its CSV word (`None`: not a verdict word).
    pub fn from_word(w: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.word() == w)
    }

    /// The verdict of an analysis (see the module comment for the rule).
    pub fn of(a: &Analysis) -> Verdict {
        let r = &a.report;
        if r.solvable == Solvable::No {
            return Verdict::Unsound;
        }
        // A help or series problem's second solution is its cook.
        if r.solvable == Solvable::Yes && (r.keys.len() > 1 || r.solutions.len() > 1) {
            return Verdict::Cooked;
        }
        if matches!(
            a.claim.status,
            ClaimStatus::Refuted | ClaimStatus::Illegal | ClaimStatus::Incomplete
        ) {
            return Verdict::ClaimWrong;
        }
        if r.solvable == Solvable::Unknown
            || !r.keys_complete
            || a.claim.status == ClaimStatus::Unfinished
        {
            return Verdict::Unknown;
        }
        Verdict::Sound
    }
}

/// A verdict written and read as its CSV word (`#[serde(with = "...")]`), where a report
/// has always written the word.
pub mod as_word {
    use super::Verdict;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the word.
    pub fn serialize<S: Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.word())
    }

    /// Reads the word.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Verdict, D::Error> {
        let w = String::deserialize(d)?;
        Verdict::from_word(&w)
            .ok_or_else(|| serde::de::Error::custom(format!("not a verdict: {w:?}")))
    }
}
