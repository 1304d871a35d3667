//! Men on squares, as the readers find them, turned into a FEN in the rules' letters; and
//! the last check of an imported problem (its rules resolve, its FEN reads as a legal
//! problem position under them).

use super::{Entry, EntryError};
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::board::rules::{Rules, RulesDirs, RulesError};
use crate::with_engine;

/// A board being filled.
pub struct Setup {
    /// The rules' letters and size.
    pub rules: Rules,
    cells: Vec<Option<char>>,
}

impl Setup {
    /// An empty board of `rules` (a preset or a rules file path; with `base`, a path
    /// relative to that folder and confined to it or to a folder of `also`, see
    /// [`Rules::resolve_in`]).
    pub fn new(
        rules: &str,
        base: Option<&std::path::Path>,
        also: &RulesDirs,
    ) -> Result<Setup, EntryError> {
        let r = Rules::resolve_in(rules, base, also).map_err(|e| EntryError::Rules {
            rules: rules.to_string(),
            err: std::sync::Arc::new(e),
        })?;
        let n = r.width as usize * r.height as usize;
        Ok(Setup {
            rules: r,
            cells: vec![None; n],
        })
    }

    /// The index of a square (`e4`, `l8`, `a12`), if it is on the board.
    pub fn square(&self, s: &str) -> Option<usize> {
        let s = s.trim().to_ascii_lowercase();
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = (f as u8 - b'a') as usize;
        let rank: usize = chars.as_str().parse().ok()?;
        let (w, h) = (self.rules.width as usize, self.rules.height as usize);
        (file < w && (1..=h).contains(&rank)).then(|| (rank - 1) * w + file)
    }

    /// The rules' letter of a man called `name` in the rules' piece list (`ferz`, `knight`).
    pub fn letter_named(&self, name: &str) -> Result<char, EntryError> {
        self.rules
            .pieces
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.letter)
            .ok_or_else(|| EntryError::NoManNamed {
                rules: self.rules.name.clone(),
                name: name.to_string(),
                men: self.men(),
            })
    }

    /// The rules' letter for a letter as printed (the letter or one of its aliases).
    pub fn letter_of(&self, printed: char) -> Result<char, EntryError> {
        let k = self
            .rules
            .kind_of(printed.to_ascii_lowercase())
            .ok_or_else(|| EntryError::NoManLettered {
                printed,
                rules: self.rules.name.clone(),
                men: self.men(),
            })?;
        Ok(self.rules.pieces[k as usize].letter)
    }

    fn men(&self) -> String {
        let v: Vec<String> = self
            .rules
            .pieces
            .iter()
            .map(|p| format!("{} {}", p.letter.to_ascii_uppercase(), p.name))
            .collect();
        v.join(", ")
    }

    /// Puts a man (the rules' lower-case letter) of a side on a square.
    pub fn put(&mut self, square: &str, letter: char, white: bool) -> Result<(), EntryError> {
        let i = self.square(square).ok_or_else(|| EntryError::OffBoard {
            square: square.to_string(),
            width: self.rules.width,
            height: self.rules.height,
        })?;
        if let Some(old) = self.cells[i] {
            return Err(EntryError::TwoMen {
                square: square.to_string(),
                old,
            });
        }
        let c = letter.to_ascii_lowercase();
        self.cells[i] = Some(if white { c.to_ascii_uppercase() } else { c });
        Ok(())
    }

    /// The men on the board.
    pub fn count(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    fn at(&self, file: usize, rank: usize) -> Option<char> {
        self.cells[rank * self.rules.width as usize + file]
    }

    /// The placement field of the FEN.
    pub fn placement(&self) -> String {
        let (w, h) = (self.rules.width as usize, self.rules.height as usize);
        let mut rows = vec![];
        for rank in (0..h).rev() {
            let (mut row, mut empty) = (String::new(), 0);
            for file in 0..w {
                match self.at(file, rank) {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The castling field: under rules with castling, every king and rook at home may
    /// castle unless its square is in `barred` (`KQkq` letters); `-` otherwise.
    pub fn castling(&self, barred: &[String]) -> String {
        if !self.rules.castling || self.rules.width != 8 || self.rules.height != 8 {
            return "-".into();
        }
        let free = |sq: &str, want: char| {
            !barred.iter().any(|b| b == sq)
                && self.square(sq).and_then(|i| self.cells[i]) == Some(want)
        };
        let mut s = String::new();
        for (flag, king, kc, rook, rc) in [
            ('K', "e1", 'K', "h1", 'R'),
            ('Q', "e1", 'K', "a1", 'R'),
            ('k', "e8", 'k', "h8", 'r'),
            ('q', "e8", 'k', "a8", 'r'),
        ] {
            if free(king, kc) && free(rook, rc) {
                s.push(flag);
            }
        }
        if s.is_empty() {
            "-".into()
        } else {
            s
        }
    }

    /// The whole FEN, `white_to_move` or not, castling as [`Setup::castling`].
    pub fn fen(&self, white_to_move: bool, barred: &[String]) -> String {
        let side = if white_to_move { "w" } else { "b" };
        format!(
            "{} {side} {} - 0 1",
            self.placement(),
            self.castling(barred)
        )
    }
}

/// The last check of the entries of one input: their rules resolve and compile (once
/// for each rules an input names: compiling them for every entry took most of an
/// import's time), their stipulation reads, their FEN is a legal problem position.
#[derive(Default)]
pub struct Checker {
    engines: std::collections::HashMap<String, Result<AnyEngine, std::sync::Arc<RulesError>>>,
}

impl Checker {
    /// Checks that an entry's rules (its `rules_set` knobs on top) resolve and its FEN is
    /// a legal problem position under them, and that its stipulation reads. `base`: the input's folder when the
    /// input named the rules itself (see [`Setup::new`]); one checker serves one input.
    pub fn check(
        &mut self,
        e: &Entry,
        base: Option<&std::path::Path>,
        also: &RulesDirs,
    ) -> Result<(), EntryError> {
        let key = match &e.rules_set {
            None => e.rules.clone(),
            Some(k) => format!("{}\n{k}", e.rules),
        };
        let eng = self
            .engines
            .entry(key)
            .or_insert_with(|| {
                Rules::resolve_in(&e.rules, base, also)
                    .and_then(|r| match &e.rules_set {
                        None => Ok(r),
                        Some(k) => r.with_knobs(k.clone()),
                    })
                    .and_then(AnyEngine::new)
                    .map_err(std::sync::Arc::new)
            })
            .clone()
            .map_err(|err| EntryError::Rules {
                rules: e.rules.clone(),
                err,
            })?;
        e.stipulation.parse::<crate::solve::Stipulation>()?;
        with_engine!(&eng, en => {
            Position::from_fen(en.clone(), &e.fen)
                .map(|_| ())
                .map_err(|err| EntryError::Position {
                    fen: e.fen.clone(),
                    rules: e.rules.clone(),
                    err,
                })
        })
    }
}
