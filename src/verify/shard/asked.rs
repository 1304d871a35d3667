//! What a shard was asked, as the manifest records it: the paths or file as given and
//! every option that changes a result (not the threads nor where the output goes), one
//! type per command. Shards belong to one run only when they were asked the same; every
//! key must be there and none other may be (a misspelt or missing key is refused, never
//! read as a default).

use crate::notation::{Letters, Notation, Style};
use crate::solve::Method;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use thiserror::Error;

/// What a shard was asked, by command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Asked {
    /// `verify --shard K/N`.
    Verify(VerifyAsked),
    /// `repair --shard K/N`.
    Repair(RepairAsked),
    /// `reconstruct --shard K/N`.
    Reconstruct(ReconstructAsked),
}

/// Which command a shard ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `verify`.
    Verify,
    /// `repair`.
    Repair,
    /// `reconstruct`.
    Reconstruct,
}

impl Command {
    /// Its name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Command::Verify => "verify",
            Command::Repair => "repair",
            Command::Reconstruct => "reconstruct",
        }
    }
}

/// `merge --html` of shards whose command writes no edition (repair, reconstruct).
#[derive(Debug, Error)]
#[error("--html: {} holds shards of {}, which writes no edition (--html is for the shards of verify)", .0.display(), .1.name())]
pub struct NoEdition(pub PathBuf, pub Command);

impl Asked {
    /// Refuses an edition (`merge --html`) of shards, found at `at`, whose command writes
    /// none.
    pub fn check_edition(&self, html: bool, at: &std::path::Path) -> Result<(), NoEdition> {
        match self.kind() {
            Command::Repair | Command::Reconstruct if html => {
                Err(NoEdition(at.to_path_buf(), self.kind()))
            }
            _ => Ok(()),
        }
    }

    /// The command it asks.
    pub fn kind(&self) -> Command {
        match self {
            Asked::Verify(_) => Command::Verify,
            Asked::Repair(_) => Command::Repair,
            Asked::Reconstruct(_) => Command::Reconstruct,
        }
    }

    /// The command's name, as the command line spells it.
    pub fn command(&self) -> &'static str {
        self.kind().name()
    }

    /// The rule set asked for besides each problem's own (`verify --rules`).
    pub fn rules(&self) -> Option<&str> {
        match self {
            Asked::Verify(v) => v.rules.as_deref(),
            Asked::Repair(_) | Asked::Reconstruct(_) => None,
        }
    }
}

/// The options of `verify` that change a result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerifyAsked {
    /// The paths as given (the CSV names the files by them).
    pub paths: Vec<String>,
    /// `--all-rules`.
    pub all_rules: bool,
    /// `--rules`.
    #[serde(deserialize_with = "Option::deserialize")]
    pub rules: Option<String>,
    /// `--timeout`, in seconds.
    pub timeout: f64,
    /// `--max-nodes`.
    #[serde(deserialize_with = "Option::deserialize")]
    pub max_nodes: Option<u64>,
    /// `--tables`.
    #[serde(deserialize_with = "Option::deserialize")]
    pub tables: Option<String>,
    /// `--no-auto-tables`.
    pub no_auto_tables: bool,
    /// `--method`.
    pub method: Method,
    /// `--refutations`.
    pub refutations: u16,
    /// `--least-win`.
    pub least_win: u32,
    /// `--extras`, the extras' share of the verdict's cost.
    pub extras: f64,
    /// `--notation` the lines are written in.
    pub notation: Notation,
    /// `--letters` the lines are written in.
    pub letters: Letters,
}

/// A merge asked for other letters than the shards wrote their lines in.
#[derive(Debug, Error)]
#[error(
    "--letters {}: the shards were verified with --letters {} and their lines are written in those letters; merge without --letters, or run the shards again with --letters {}",
    asked.name(),
    theirs.name(),
    asked.name()
)]
pub struct OtherLetters {
    /// The letters the merge asked for.
    pub asked: Letters,
    /// The letters of the shards.
    pub theirs: Letters,
}

impl VerifyAsked {
    /// The paths as given.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.paths.iter().map(PathBuf::from).collect()
    }

    /// How the shards wrote their lines (`--notation`, `--letters`), with the letters a
    /// merge asks for (`--letters`), which must be the shards'.
    pub fn style(&self, letters: Option<Letters>) -> Result<Style, OtherLetters> {
        let theirs = self.letters;
        if let Some(asked) = letters.filter(|l| *l != theirs) {
            return Err(OtherLetters { asked, theirs });
        }
        Ok(Style {
            notation: self.notation,
            letters: theirs,
        })
    }
}

/// The options of `repair` that change a result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepairAsked {
    /// The problem file as given.
    pub file: String,
    /// `--id`.
    #[serde(deserialize_with = "Option::deserialize")]
    pub id: Option<String>,
    /// `--max-edits`.
    pub max_edits: u8,
    /// `--timeout` of the whole run, in seconds.
    pub timeout: f64,
    /// `--timeout-each` solve, in seconds.
    pub timeout_each: f64,
}

/// The options of `reconstruct` that change a result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReconstructAsked {
    /// The problem file as given.
    pub file: String,
    /// `--id`.
    pub id: String,
    /// `--unknown`: the illegible squares, as given.
    pub unknown: String,
    /// `--kinds`: the men that may stand there.
    #[serde(deserialize_with = "Option::deserialize")]
    pub kinds: Option<String>,
    /// `--max-men`.
    #[serde(deserialize_with = "Option::deserialize")]
    pub max_men: Option<usize>,
    /// `--timeout` of the whole run, in seconds.
    pub timeout: f64,
    /// `--timeout-each` solve, in seconds.
    pub timeout_each: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verify_json() -> String {
        r#"{"verify": {"paths": ["problems"], "all_rules": false, "rules": null,
            "timeout": 15.0, "max_nodes": null, "tables": null, "no_auto_tables": false,
            "method": "auto", "refutations": 3, "least_win": 3, "extras": 0.0625,
            "notation": "san", "letters": "historical"}}"#
            .into()
    }

    #[test]
    fn every_key_is_read_and_a_misspelt_or_missing_one_is_refused() {
        let a: Asked = serde_json::from_str(&verify_json()).unwrap();
        assert_eq!(a.command(), "verify");
        let misspelt = verify_json().replace("\"all_rules\"", "\"all_rule\"");
        let e = serde_json::from_str::<Asked>(&misspelt).unwrap_err();
        assert!(e.to_string().contains("all_rule"), "{e}");
        // A key whose value may be null must still be there.
        let missing = verify_json().replace("\"rules\": null,", "");
        let e = serde_json::from_str::<Asked>(&missing).unwrap_err();
        assert!(e.to_string().contains("missing field `rules`"), "{e}");
        let unknown = verify_json().replace("\"paths\"", "\"threads\": 2, \"paths\"");
        assert!(serde_json::from_str::<Asked>(&unknown).is_err());
    }
}
