//! What a solve says about a problem as the repair sees it: the original's fault, and
//! whether a candidate is a repair. A limit never makes a repair: a candidate whose search
//! or claim check a limit cut short is `unknown`.

use super::LimitHit;
use crate::solve::word::Verdict;
use crate::solve::Analysis;
use crate::solve::Stipulation;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What is wrong with the original.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fault {
    /// No first move forces the stipulation.
    Unsound,
    /// More than one key.
    Cooked,
    /// Solvable with one key, but the claimed solution is refuted, illegal or incomplete.
    ClaimWrong,
}

impl Fault {
    /// The verdict word of the original.
    pub fn word(&self) -> &'static str {
        self.verdict().word()
    }

    /// The verdict this fault is.
    pub fn verdict(&self) -> Verdict {
        match self {
            Fault::Unsound => Verdict::Unsound,
            Fault::Cooked => Verdict::Cooked,
            Fault::ClaimWrong => Verdict::ClaimWrong,
        }
    }

    /// The kind of repair that mends this fault.
    pub fn repair_kind(&self) -> RepairKind {
        match self {
            Fault::Unsound => RepairKind::RefutationRemoved,
            Fault::Cooked => RepairKind::CookRemoved,
            Fault::ClaimWrong => RepairKind::ClaimMadeToWork,
        }
    }
}

/// Which fault a repair mends. Written and read back as its words ("refutation removed",
/// "sound as #6").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// The unsound problem's refutation removed.
    RefutationRemoved,
    /// The cooked problem's second key removed.
    CookRemoved,
    /// The claimed solution made to work.
    ClaimMadeToWork,
    /// The unsound problem sound in a longer task (the position unchanged).
    SoundAs(Stipulation),
}

impl fmt::Display for RepairKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RepairKind::RefutationRemoved => f.write_str("refutation removed"),
            RepairKind::CookRemoved => f.write_str("cook removed"),
            RepairKind::ClaimMadeToWork => f.write_str("claim made to work"),
            RepairKind::SoundAs(stip) => write!(f, "sound as {stip}"),
        }
    }
}

impl RepairKind {
    /// Reads the words [`std::fmt::Display`] writes (`None`: not a kind of repair).
    pub fn parse(s: &str) -> Option<RepairKind> {
        match s {
            "refutation removed" => Some(RepairKind::RefutationRemoved),
            "cook removed" => Some(RepairKind::CookRemoved),
            "claim made to work" => Some(RepairKind::ClaimMadeToWork),
            _ => s
                .strip_prefix("sound as ")?
                .parse()
                .ok()
                .map(RepairKind::SoundAs),
        }
    }
}

impl Serialize for RepairKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RepairKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RepairKind, D::Error> {
        let s = String::deserialize(d)?;
        RepairKind::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("not a kind of repair: {s:?}")))
    }
}

/// The original's fault by the one verdict rule ([`Verdict::of`]); `Ok(None)` when it is
/// sound, `Err` (the limit) when a limit left its verdict open.
pub fn fault(a: &Analysis) -> Result<Option<Fault>, LimitHit> {
    match Verdict::of(a) {
        Verdict::Sound => Ok(None),
        Verdict::Unsound => Ok(Some(Fault::Unsound)),
        Verdict::Cooked => Ok(Some(Fault::Cooked)),
        Verdict::ClaimWrong => Ok(Some(Fault::ClaimWrong)),
        Verdict::Unknown | Verdict::Error => Err(LimitHit(
            a.report
                .limit_hit
                .clone()
                .unwrap_or_else(|| "the claim check was cut short".into()),
        )),
    }
}

/// A candidate's solve, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Sound as the problem asks: solvable within N, exactly one key (proven), the claim
    /// (if there is one) checks `ok`.
    Repair,
    /// A limit stopped the search or the claim check first (the limit named).
    Unknown(String),
    /// Not a repair, and why.
    Fails(Failure),
}

/// Why a solved candidate is not a repair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Its verdict is not `sound` (`unsound`, `cooked`, `claim-wrong`, `error`).
    Verdict(Verdict),
    /// Sound, but the claimed line reaches the goal before its last written move
    /// (`claim-short`).
    ClaimShort,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Verdict(v) => f.write_str(v.word()),
            Failure::ClaimShort => f.write_str("claim-short"),
        }
    }
}

impl std::str::FromStr for Failure {
    type Err = ();
    fn from_str(s: &str) -> Result<Failure, ()> {
        match s {
            "claim-short" => Ok(Failure::ClaimShort),
            _ => Verdict::from_word(s).map(Failure::Verdict).ok_or(()),
        }
    }
}

/// True when the claimed line was played to its end: every move the manuscript writes
/// was made (the line did not reach the goal before the claimed length).
pub fn claim_played_out(c: &crate::solve::ClaimCheck, claim: &str) -> bool {
    let written = crate::notation::parse_solution(claim).main.len();
    let played = c.inserted.iter().filter(|&&i| !i).count();
    played >= written
}

/// Judges a candidate's analysis against the problem's claim (if any): a repair must
/// also keep the claim's length, its line ending in the goal at the last written move.
pub fn judge(a: &Analysis, claim: Option<&str>) -> Judgement {
    let claim = claim.filter(|c| !c.trim().is_empty());
    match fault(a) {
        Ok(None) if claim.is_some_and(|c| !claim_played_out(&a.claim, c)) => {
            Judgement::Fails(Failure::ClaimShort)
        }
        Ok(None) => Judgement::Repair,
        Ok(Some(f)) => Judgement::Fails(Failure::Verdict(f.verdict())),
        Err(limit) => Judgement::Unknown(limit.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of repair reads back from its words; a verdict is written as its word.
    #[test]
    fn repair_kinds_and_verdicts_read_back_from_their_words() {
        let six: Stipulation = "#6".parse().unwrap();
        let win: Stipulation = "win 4".parse().unwrap();
        for k in [
            RepairKind::RefutationRemoved,
            RepairKind::CookRemoved,
            RepairKind::ClaimMadeToWork,
            RepairKind::SoundAs(six),
            RepairKind::SoundAs(win),
        ] {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("{:?}", k.to_string()));
            assert_eq!(serde_json::from_str::<RepairKind>(&json).unwrap(), k);
        }
        assert_eq!(RepairKind::SoundAs(six).to_string(), "sound as #6");
        assert_eq!(RepairKind::parse("sound as"), None);
        #[derive(Serialize, Deserialize)]
        struct V(#[serde(with = "crate::solve::word::as_word")] Verdict);
        for v in Verdict::ALL {
            let json = serde_json::to_string(&V(v)).unwrap();
            assert_eq!(json, format!("{:?}", v.word()));
            assert_eq!(serde_json::from_str::<V>(&json).unwrap().0, v);
        }
    }
}
