//! The board as the manuscript draws it: its orientation and the names of its sides.
//!
//! Many manuscript diagrams put the attacker at the top, moving down, and call the sides
//! Red and Black or Green and Red. A problem file may copy such a diagram as it stands
//! (`orientation = "flipped"`): the FEN is then mirrored top to bottom and its colours are
//! swapped on load, so that the side moving up the board is White inside the program.
//! `colours = ["red", "black"]` names the sides: the first name is the side written in
//! capitals in the `fen` as written, the second the side in small letters. Both are
//! recorded in every report, so nothing is changed silently.

use crate::board::piece::Color;

/// How the position in a problem file is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Orientation {
    /// As FEN has it: the capitals' side moves up the board.
    #[default]
    AsWritten,
    /// Mirrored top to bottom with the colours swapped (the attacker drawn at the top).
    Flipped,
}

impl Orientation {
    /// The word a problem file and the reports use.
    pub fn word(self) -> &'static str {
        match self {
            Orientation::AsWritten => "as-written",
            Orientation::Flipped => "flipped",
        }
    }

    /// Reads `orientation = "..."`.
    pub fn parse(s: &str) -> Option<Orientation> {
        match s.trim() {
            "as-written" | "normal" => Some(Orientation::AsWritten),
            "flipped" => Some(Orientation::Flipped),
            _ => None,
        }
    }
}

/// The names of the sides, by the colour each has inside the program (after any flip).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SideNames {
    /// White's name and Black's, as written (`"red"`, `"black"`).
    names: [String; 2],
}

impl Default for SideNames {
    fn default() -> Self {
        SideNames {
            names: ["white".into(), "black".into()],
        }
    }
}

impl SideNames {
    /// Names given for the capitals' side and the small letters' side of the FEN as
    /// written; after a flip the capitals' side is Black inside the program.
    pub fn new(first: &str, second: &str, orientation: Orientation) -> SideNames {
        let (w, b) = match orientation {
            Orientation::AsWritten => (first, second),
            Orientation::Flipped => (second, first),
        };
        SideNames {
            names: [w.trim().to_lowercase(), b.trim().to_lowercase()],
        }
    }

    /// True when the sides keep the names White and Black.
    pub fn is_default(&self) -> bool {
        *self == SideNames::default()
    }

    /// The name of a side, capitalised ("Red").
    pub fn name(&self, c: Color) -> String {
        capitalised(&self.names[c.idx()])
    }

    /// The name of a side in small letters ("red").
    pub fn lower(&self, c: Color) -> &str {
        &self.names[c.idx()]
    }

    /// A message with the words White/Black (any of the two cases) replaced by the
    /// sides' names, in one pass so that swapped names do not run into each other.
    pub fn rename(&self, text: &str) -> String {
        if self.is_default() {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while !rest.is_empty() {
            let at_word = out
                .chars()
                .last()
                .is_none_or(|c| !c.is_alphanumeric() && c != '_');
            let hit = [
                ("White", Color::White, true),
                ("white", Color::White, false),
                ("Black", Color::Black, true),
                ("black", Color::Black, false),
            ]
            .into_iter()
            .find(|(w, _, _)| {
                at_word
                    && rest.starts_with(w)
                    && !rest[w.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            match hit {
                Some((w, c, cap)) => {
                    out.push_str(&if cap {
                        self.name(c)
                    } else {
                        self.lower(c).to_string()
                    });
                    rest = &rest[w.len()..];
                }
                None => {
                    let ch = rest.chars().next().unwrap_or(' ');
                    out.push(ch);
                    rest = &rest[ch.len_utf8()..];
                }
            }
        }
        out
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Why a FEN cannot be mirrored ([`flip_fen`]).
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FlipError {
    /// No fields at all.
    #[error("empty FEN")]
    Empty,
    /// The side-to-move field is neither `w` nor `b`.
    #[error("side to move must be 'w' or 'b', found '{0}'")]
    Side(String),
    /// A privileges or en-passant field that is not square names.
    #[error("cannot mirror '{0}': expected square names like 'e1d1'")]
    Squares(String),
}

/// The FEN mirrored top to bottom with the colours swapped: ranks in reverse order,
/// capitals and small letters exchanged, the other side to move, privileges (`KQkq` or
/// square lists) and the en-passant square moved to the mirrored rank. Counters are kept.
pub fn flip_fen(fen: &str) -> Result<String, FlipError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let Some(board) = fields.first() else {
        return Err(FlipError::Empty);
    };
    let ranks: Vec<&str> = board.split('/').collect();
    let height = ranks.len() as u32;
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let mut out = vec![ranks
        .iter()
        .rev()
        .map(|r| swap(r))
        .collect::<Vec<_>>()
        .join("/")];
    if let Some(side) = fields.get(1) {
        out.push(
            match *side {
                "w" | "W" => "b",
                "b" | "B" => "w",
                s => return Err(FlipError::Side(s.to_string())),
            }
            .into(),
        );
    }
    if let Some(p) = fields.get(2) {
        out.push(if p.chars().all(|c| "KQkq-".contains(c)) {
            swap(p)
        } else {
            mirror_squares(p, height)?
        });
    }
    if let Some(ep) = fields.get(3) {
        out.push(if *ep == "-" {
            "-".into()
        } else {
            mirror_squares(ep, height)?
        });
    }
    out.extend(fields.iter().skip(4).map(|s| s.to_string()));
    Ok(out.join(" "))
}

/// Square names run together (`e1d1a2`) with each rank r replaced by height + 1 - r.
fn mirror_squares(s: &str, height: u32) -> Result<String, FlipError> {
    let bad = || FlipError::Squares(s.to_string());
    let mut out = String::new();
    let mut rest = s;
    while !rest.is_empty() {
        let files = rest.chars().take_while(|c| c.is_ascii_lowercase()).count();
        let digits = rest[files..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if files == 0 || digits == 0 {
            return Err(bad());
        }
        let rank: u32 = rest[files..files + digits].parse().map_err(|_| bad())?;
        if rank == 0 || rank > height {
            return Err(bad());
        }
        out.push_str(&rest[..files]);
        out.push_str(&(height + 1 - rank).to_string());
        rest = &rest[files + digits..];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flips_and_flips_back() {
        let fen = "k7/8/1K6/8/3[pq]4/8/8/7R w e4 - 0 1";
        let f = flip_fen(fen).unwrap();
        assert_eq!(f, "7r/8/8/3[PQ]4/8/1k6/8/K7 b e5 - 0 1");
        assert_eq!(flip_fen(&f).unwrap(), fen);
        let ep = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1";
        assert_eq!(flip_fen(ep).unwrap(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        assert_eq!(
            flip_fen("r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1").unwrap(),
            "4k2r/8/8/8/8/8/8/R3K3 w kQ - 0 1"
        );
        assert!(flip_fen("8/8 x").is_err());
        assert!(flip_fen("8/8 w z9").is_err());
    }

    #[test]
    fn renames_whole_words_once() {
        let n = SideNames::new("red", "black", Orientation::Flipped);
        assert_eq!(n.name(Color::White), "Black");
        assert_eq!(n.name(Color::Black), "Red");
        assert_eq!(
            n.rename("White wins by checkmate; no black rook can move (Blackish)"),
            "Black wins by checkmate; no red rook can move (Blackish)"
        );
        let d = SideNames::default();
        assert_eq!(d.rename("White to move"), "White to move");
    }
}
