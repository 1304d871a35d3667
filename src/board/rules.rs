//! `Rules`: every knob a historical assize turns, the named presets, and rules files.
//!
//! A rule set is plain data (serde), so `mansuba rules NAME --json` prints it whole and a
//! historian can write a TOML file that starts from a preset and changes a few knobs:
//!
//! ```toml
//! preset = "alfonso"
//! name = "alfonso-ludii"
//! [queen_leap]
//! offsets = [[2, 2], [-2, 2], [2, -2], [-2, -2]]
//! ```

pub use crate::board::die::{Dice, NoMove};
use crate::board::piece::PieceDef;
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;

/// What stalemate (no legal move, not in check) means for the side that stalemated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StalemateRule {
    /// Shatranj: the stalemated side has lost.
    StalematerWins,
    /// 17th-century England: the side that stalemates loses.
    StalematerLoses,
    /// A draw.
    Draw,
    /// The stalemater wins, scored below a mate.
    InferiorWin,
}

/// What it means when one side is left with its king alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BareKingRule {
    /// No rule: play on.
    Off,
    /// The bare side loses at once.
    Win,
    /// The bare side loses unless its very next move bares the other king too (then a draw).
    WinUnlessBaredBack,
    /// As `win`, scored below a mate.
    InferiorWin,
    /// Lombard: the bare king plays on "so long as it pleases the other side"; no win.
    NotAWin,
}

/// When pawns' double-step privileges lapse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoubleStepLapse {
    /// The privilege lasts until the pawn moves.
    Never,
    /// Lost by every pawn on `lapse_files` at the first capture of the game, by either side.
    FirstCapture,
}

/// Pawn knobs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PawnRules {
    /// Unmoved pawns may step two squares.
    pub double_step: bool,
    /// Files (letters) whose pawns have the double step in the starting array; empty = all.
    #[serde(default)]
    pub double_step_files: Vec<char>,
    /// When the double step lapses.
    pub double_step_lapse: DoubleStepLapse,
    /// Files (letters) whose pawns lose the privilege at the lapse; empty = all.
    #[serde(default)]
    pub lapse_files: Vec<char>,
    /// A pawn that passed by a double step may be taken in passing.
    pub en_passant: bool,
}

/// When a pawn on the last rank may promote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionCondition {
    /// Always.
    Always,
    /// Only while the side has no man of the (single) promotion kind on the board: Alfonso's
    /// "only once the original ferz has been captured", read as one ferz at a time.
    NoneOnBoard,
}

/// Promotion knobs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Promotion {
    /// Letters of the kinds a pawn may become (the player chooses).
    pub to: Vec<char>,
    /// Grant Acedrex: the kind by the file of promotion (a letter per file, a→); overrides `to`.
    #[serde(default)]
    pub by_file: Vec<char>,
    /// When promotion is allowed.
    pub condition: PromotionCondition,
    /// When promotion is not allowed, the pawn may still enter the last rank and stays a
    /// pawn, unable to move (otherwise it may not enter it).
    pub stay_when_barred: bool,
}

/// A first-move leap (king's or queen's privilege).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstLeap {
    /// Target offsets (dx, dy) from White's side; Black's are mirrored vertically.
    pub offsets: Vec<[i8; 2]>,
    /// The squares passed over may hold an enemy man.
    pub over_enemy: bool,
    /// The squares passed over may hold a friendly man.
    pub over_friend: bool,
    /// Not allowed while in check.
    pub not_in_check: bool,
    /// The king may not pass over an attacked square.
    pub not_through_attack: bool,
    /// The privilege is lost the first time the king is checked ("never been checked").
    pub lost_when_checked: bool,
    /// The leap may not give check (Lombard queen's leap).
    pub no_check: bool,
    /// A pawn promoted to this kind gets the privilege for its first move.
    pub promoted_gets_it: bool,
}

/// A complete description of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Preset or user name.
    pub name: String,
    /// One line on what this is.
    pub summary: String,
    /// Where the rules come from.
    pub source: String,
    /// Files (1..=16).
    pub width: u8,
    /// Ranks (1..=16).
    pub height: u8,
    /// The kinds of men, in FEN letter order of preference.
    pub pieces: Vec<PieceDef>,
    /// Starting array (FEN; privileges are added by the rules, see `start_privileges`).
    pub start: String,
    /// Pawn knobs.
    pub pawns: PawnRules,
    /// Promotion knobs.
    pub promotion: Promotion,
    /// The king's first-move leap.
    #[serde(default)]
    pub king_leap: Option<FirstLeap>,
    /// The letter of the kind with a first-move leap (the ferz), if any.
    #[serde(default)]
    pub queen_leap_piece: Option<char>,
    /// That kind's first-move leap.
    #[serde(default)]
    pub queen_leap: Option<FirstLeap>,
    /// An unmoved king and queen may make their leaps together as one move (Lombard).
    #[serde(default)]
    pub joint_first_move: bool,
    /// Modern castling (king two squares toward an unmoved rook, rook jumps over).
    #[serde(default)]
    pub castling: bool,
    /// If any legal move captures, a capture must be played (the maidens' game).
    #[serde(default)]
    pub forced_capture: bool,
    /// A move may end on a square held by a man of its own side, forming a stack.
    #[serde(default)]
    pub stacks_may_form: bool,
    /// Stalemate outcome.
    pub stalemate: StalemateRule,
    /// Bare-king outcome.
    pub bare_king: BareKingRule,
    /// With a rook's advantage or more, the stronger side has nine moves to mate, else draw.
    #[serde(default)]
    pub nine_move_limit: bool,
    /// Dice, if the game is played with them.
    #[serde(default)]
    pub dice: Option<Dice>,
}

/// Errors loading or checking a rule set.
#[derive(Debug, Error)]
pub enum RulesError {
    /// A preset name that is none of [`crate::board::presets::PRESETS`]: the name, and
    /// the preset names, comma separated.
    #[error("unknown rules '{0}': expected one of {1}, or a path to a rules file (.toml)")]
    UnknownPreset(String, String),
    /// A rules file that cannot be found, resolved or read.
    #[error("cannot read rules file {path}: {err}")]
    Io {
        /// The file, as named (joined to the problem file's folder when it names it).
        path: String,
        /// What the system said.
        #[source]
        err: std::io::Error,
    },
    /// A `--rules-dir` folder that cannot be found.
    #[error("cannot read rules file {path}: --rules-dir: {err}")]
    RulesDir {
        /// The `--rules-dir` folder.
        path: String,
        /// What the system said.
        #[source]
        err: std::io::Error,
    },
    /// A rules file the input policy refuses (not a regular file, too large).
    #[error("cannot read rules file {path}: {err}")]
    Input {
        /// The rules file.
        path: String,
        /// Why it was refused.
        #[source]
        err: crate::files::InputError,
    },
    /// A rules file or a `rules_set` table that is not TOML, or not rules: no `preset`,
    /// an unknown key, a value of the wrong type.
    #[error("rules file {path}: {msg}")]
    Parse {
        /// The rules file (empty for text that came from no file).
        path: String,
        /// What is wrong, with the line of a syntax error.
        msg: String,
    },
    /// Rules that read but cannot be played: a board outside 1x1..16x16 or too large for
    /// the bitboard, no king, two kinds with one letter, and the like.
    #[error("rules '{name}': {msg}")]
    Invalid {
        /// The rules' name.
        name: String,
        /// What is wrong.
        msg: String,
    },
    /// The die of the rules is not one ([`crate::board::die::Dice::check`]).
    #[error("rules '{name}': {err}")]
    Dice {
        /// The rules' name.
        name: String,
        /// What is wrong with the die.
        #[source]
        err: crate::board::die::DieError,
    },
    /// A problem file names a rules file outside its folder (or an absolute path) that
    /// no `--rules-dir` allows.
    #[error("rules file '{spec}' is outside the folder of the file that names it ({dir}): a problem may name rules files only beside it or below its folder (allow another folder with --rules-dir DIR)")]
    Outside {
        /// The rules file as the problem file names it.
        spec: String,
        /// The problem file's folder.
        dir: String,
    },
}

/// Folders besides a problem file's own from which its rules files may be read
/// (`--rules-dir`), as the caller allows them (none by default), and the caller's record
/// of the files read that every rules file read is noted in.
#[derive(Clone, Debug, Default)]
pub struct RulesDirs {
    dirs: std::sync::Arc<[std::path::PathBuf]>,
    reads: crate::files::Reads,
}

impl RulesDirs {
    /// No folder besides a problem file's own, rules files noted in `reads`.
    pub fn none(reads: &crate::files::Reads) -> RulesDirs {
        RulesDirs {
            dirs: std::sync::Arc::new([]),
            reads: reads.clone(),
        }
    }

    /// Allows problem files to name rules files in these folders too (each made absolute,
    /// links resolved; a folder that does not exist is an error), noting the rules files
    /// read in `reads`.
    pub fn allow(
        dirs: &[std::path::PathBuf],
        reads: &crate::files::Reads,
    ) -> Result<RulesDirs, RulesError> {
        let mut canon = vec![];
        for d in dirs {
            canon.push(d.canonicalize().map_err(|err| RulesError::RulesDir {
                path: d.display().to_string(),
                err,
            })?);
        }
        Ok(RulesDirs {
            dirs: canon.into(),
            reads: reads.clone(),
        })
    }

    /// The record the rules files read are noted in.
    pub fn reads(&self) -> &crate::files::Reads {
        &self.reads
    }

    /// Is `real` (absolute, links resolved) inside one of the folders?
    fn hold(&self, real: &Path) -> bool {
        self.dirs.iter().any(|a| real.starts_with(a))
    }
}

/// The rules file `spec` names, read from a problem file in `dir`: only inside `dir` (or
/// a folder `also` allows), links and `..` resolved first, so that a problem file
/// someone sent cannot read any other file of the machine into a report.
pub fn confined(
    spec: &str,
    dir: &Path,
    also: &RulesDirs,
) -> Result<std::path::PathBuf, RulesError> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let outside = || RulesError::Outside {
        spec: spec.to_string(),
        dir: dir.display().to_string(),
    };
    if Path::new(spec).is_absolute() {
        return Err(outside());
    }
    let joined = dir.join(spec);
    let io = |err: std::io::Error| RulesError::Io {
        path: joined.display().to_string(),
        err,
    };
    let real = joined.canonicalize().map_err(io)?;
    let home = dir.canonicalize().map_err(io)?;
    if real.starts_with(&home) || also.hold(&real) {
        Ok(joined)
    } else {
        Err(outside())
    }
}

impl Rules {
    /// Loads a rules file: TOML with `preset = "NAME"` and any knobs to override (the
    /// file noted in `reads`).
    pub fn from_file(path: &Path, reads: &crate::files::Reads) -> Result<Rules, RulesError> {
        let p = path.display().to_string();
        let text = crate::files::read_text(path, reads).map_err(|e| match e {
            crate::files::InputError::Io { err, .. } => RulesError::Io {
                path: p.clone(),
                err,
            },
            other => RulesError::Input {
                path: p.clone(),
                err: other,
            },
        })?;
        // A syntax error is told by its place and the parser's words, never by quoting
        // the file's text (it might not be a rules file at all).
        if let Err(e) = text.parse::<toml::Table>() {
            let at = e.span().map_or(String::new(), |s| {
                let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                format!("line {line}: ")
            });
            return Err(RulesError::Parse {
                path: p,
                msg: format!(
                    "{at}{} (expected TOML: preset = \"NAME\" and knobs)",
                    e.message().trim().replace('\n', "; ")
                ),
            });
        }
        Self::from_toml_str(&text).map_err(|e| match e {
            RulesError::Parse { msg, .. } => RulesError::Parse { path: p, msg },
            other => other,
        })
    }

    /// Parses rules-file text (see [`Rules::from_file`]).
    pub fn from_toml_str(text: &str) -> Result<Rules, RulesError> {
        let perr = |msg: String| RulesError::Parse {
            path: String::new(),
            msg,
        };
        let user: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| perr(e.to_string()))?;
        let preset = match user.get("preset") {
            Some(toml::Value::String(s)) => s.clone(),
            Some(_) => return Err(perr("`preset` must be a string".into())),
            None => {
                return Err(perr(
                    "missing `preset = \"NAME\"` (the preset to start from)".into(),
                ))
            }
        };
        let mut user = user;
        user.remove("preset");
        Rules::preset(&preset)?.with_knobs(user)
    }

    /// The orthodox letters these rules read as other men (`Q as the ferz`, `B as the
    /// alfil` under shatranj): what an orthodox FEN turns into under them.
    pub fn letter_readings(&self) -> Vec<String> {
        const ORTHODOX: [(char, &str); 6] = [
            ('k', "king"),
            ('q', "queen"),
            ('r', "rook"),
            ('b', "bishop"),
            ('n', "knight"),
            ('p', "pawn"),
        ];
        ORTHODOX
            .iter()
            .filter_map(|&(c, name)| {
                let def = self.pieces.iter().find(|p| p.letter == c)?;
                (def.name != name)
                    .then(|| format!("{} as the {}", c.to_ascii_uppercase(), def.name))
            })
            .collect()
    }

    /// These rules with some knobs set on top (the keys of a rules file, or a problem's
    /// `rules_set` table): tables merge key by key, any other value replaces the old one.
    pub fn with_knobs(&self, knobs: toml::Table) -> Result<Rules, RulesError> {
        let perr = |msg: String| RulesError::Parse {
            path: String::new(),
            msg,
        };
        let mut merged = toml::Table::try_from(self).map_err(|e| perr(e.to_string()))?;
        for (k, v) in knobs {
            merge(&mut merged, k, v);
        }
        let rules: Rules = toml::Value::Table(merged)
            .try_into()
            .map_err(|e: toml::de::Error| perr(e.to_string()))?;
        rules.validate()?;
        Ok(rules)
    }

    /// A preset name or a rules-file path: as given when `base_dir` is None (the user
    /// named it), else relative to `base_dir` and confined to it (a file named it; see
    /// [`Rules::resolve_in`] for the folders a caller allows besides, and for the record
    /// its file is noted in: here one of its own, within the default budget).
    pub fn resolve(spec: &str, base_dir: Option<&Path>) -> Result<Rules, RulesError> {
        Rules::resolve_in(spec, base_dir, &RulesDirs::default())
    }

    /// [`Rules::resolve`], a file named by a file in `base_dir` read there or in a folder
    /// of `also`.
    pub fn resolve_in(
        spec: &str,
        base_dir: Option<&Path>,
        also: &RulesDirs,
    ) -> Result<Rules, RulesError> {
        if Rules::is_preset(spec) {
            return Rules::preset(spec);
        }
        if spec.ends_with(".toml") || spec.contains('/') {
            let p = match base_dir {
                Some(d) => confined(spec, d, also)?,
                None => Path::new(spec).to_path_buf(),
            };
            return Rules::from_file(&p, also.reads());
        }
        Rules::preset(spec)
    }

    /// Checks the rule set's internal consistency.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |msg: String| RulesError::Invalid {
            name: self.name.clone(),
            msg,
        };
        if self.width == 0 || self.height == 0 || self.width > 16 || self.height > 16 {
            return Err(bad(format!(
                "board {}x{} is outside 1x1..16x16",
                self.width, self.height
            )));
        }
        if self.pieces.len() > 15 {
            return Err(bad("at most 15 kinds of men".into()));
        }
        if self.pieces.iter().filter(|p| p.royal).count() != 1 {
            return Err(bad("exactly one royal kind (the king) is needed".into()));
        }
        // The move generator and the attack tests know one pawn kind (`Engine::pawn`).
        if self.pieces.iter().filter(|p| p.pawn).count() > 1 {
            return Err(bad("at most one pawn kind".into()));
        }
        let mut letters = vec![];
        for p in &self.pieces {
            for c in std::iter::once(p.letter).chain(p.aliases.iter().copied()) {
                if !c.is_ascii_lowercase() {
                    return Err(bad(format!(
                        "piece letter '{c}' must be a lower-case ASCII letter"
                    )));
                }
                if letters.contains(&c) {
                    return Err(bad(format!("letter '{c}' names two kinds")));
                }
                letters.push(c);
            }
        }
        let known = |c: &char| self.pieces.iter().any(|p| p.letter == *c);
        for c in self
            .promotion
            .to
            .iter()
            .chain(self.promotion.by_file.iter())
        {
            if !known(c) {
                return Err(bad(format!("promotion names unknown letter '{c}'")));
            }
        }
        if !self.promotion.by_file.is_empty() && self.promotion.by_file.len() != self.width as usize
        {
            return Err(bad("promotion.by_file needs one letter per file".into()));
        }
        if let Some(q) = self.queen_leap_piece {
            if !known(&q) {
                return Err(bad(format!("queen_leap_piece '{q}' is not a kind")));
            }
        }
        if self.queen_leap.is_some() != self.queen_leap_piece.is_some() {
            return Err(bad("queen_leap and queen_leap_piece go together".into()));
        }
        if self.castling && (self.width != 8 || !known(&'r')) {
            return Err(bad("castling needs an 8-file board with rooks ('r')".into()));
        }
        if let Some(d) = &self.dice {
            d.check(&self.pieces, self.forced_capture)
                .map_err(|err| RulesError::Dice {
                    name: self.name.clone(),
                    err,
                })?;
        }
        Ok(())
    }

    /// The kind index of a letter (either case, aliases included).
    pub fn kind_of(&self, c: char) -> Option<u8> {
        crate::board::piece::kind_of(&self.pieces, c)
    }

    /// Every knob as `key = value` lines, for `mansuba rules NAME`.
    pub fn describe(&self) -> String {
        let t = toml::to_string(self).unwrap_or_else(|e| format!("(cannot print: {e})"));
        // The listing starts with `preset = ...` so that, saved to a file, it loads back as
        // a rules file: every knob below then overrides the preset's own value. A rule set
        // of its own starts from plain shatranj, which leaves every optional knob unset
        // (an unset one is not listed, so the base must not set it either).
        let from = if Rules::is_preset(&self.name) {
            self.name.as_str()
        } else {
            "shatranj"
        };
        let base = format!("preset = \"{from}\"\n");
        format!("# {}\n# {}\n{base}{}", self.summary, self.source, t)
    }
}

fn merge(base: &mut toml::Table, k: String, v: toml::Value) {
    match (base.get_mut(&k), v) {
        (Some(toml::Value::Table(b)), toml::Value::Table(u)) => {
            for (k2, v2) in u {
                merge(b, k2, v2);
            }
        }
        (_, v) => {
            base.insert(k, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid() {
        for name in Rules::preset_names() {
            let r = Rules::preset(name).unwrap();
            assert_eq!(&r.name, name);
            r.validate().unwrap();
        }
    }

    #[test]
    fn printed_rules_read_back_as_a_rules_file() {
        // What `mansuba rules NAME` prints is a complete rules file: a historian can
        // save it, edit one knob and load it.
        for name in Rules::preset_names() {
            let r = Rules::preset(name).unwrap();
            let back = Rules::from_toml_str(&r.describe()).unwrap();
            assert_eq!(
                serde_json::to_value(&back).unwrap(),
                serde_json::to_value(&r).unwrap(),
                "{name}"
            );
        }
    }

    #[test]
    fn rules_file_overrides_a_knob() {
        let r = Rules::from_toml_str(
            "preset = \"shatranj\"\nname = \"x\"\nstalemate = \"draw\"\n[pawns]\ndouble_step = true\n",
        )
        .unwrap();
        assert_eq!(r.stalemate, StalemateRule::Draw);
        assert!(r.pawns.double_step);
        assert_eq!(r.pieces.len(), 6);
        assert!(Rules::from_toml_str("preset = \"nope\"").is_err());
        assert!(Rules::from_toml_str("stalemate = \"draw\"").is_err());
        assert!(Rules::from_toml_str("preset = \"shatranj\"\nstalemate = \"maybe\"").is_err());
    }

    #[test]
    fn a_second_pawn_kind_is_refused() {
        let mut r = Rules::preset("shatranj").unwrap();
        r.pieces.push(PieceDef::pawn('x'));
        let e = r.validate().unwrap_err().to_string();
        assert!(e.contains("at most one pawn kind"), "{e}");
    }
}
