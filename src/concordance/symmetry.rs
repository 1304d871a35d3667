//! The symmetries under which two diagrams are one problem, and the rules that break
//! them: the left–right mirror (broken by castling, first-move privileges in the position,
//! privileges or promotion that depend on the file, first leaps that are not left–right
//! symmetric), the colours exchanged with the board turned (broken by an orientation the
//! file gives, and by privileges in the position), the pattern shifted by files (broken by
//! castling, privileges, rules that depend on the file) or by ranks (broken as by files,
//! and by any pawn on the board: its direction fixes how far it is from promotion and
//! from its double step). Conditions that name squares (`mate_on`, `mate_from`,
//! `immobile`, a `mate_by` square) break every symmetry. A shift is applied only when the
//! whole pattern stays on the board.

use super::shape::Shape;
use crate::board::rules::Rules;
use crate::board::sides::Orientation;
use crate::problem::Problem;
use serde::Serialize;

/// The symmetries allowed, and why each of the others is not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Allowed {
    /// The left–right mirror is allowed.
    pub mirror: bool,
    /// Exchanging the colours with the board turned is allowed.
    pub colours: bool,
    /// Shifting the pattern by files is allowed.
    pub files: bool,
    /// Shifting the pattern by ranks is allowed.
    pub ranks: bool,
    /// "mirror: castling", one per broken symmetry and reason.
    pub broken: Vec<String>,
}

impl Allowed {
    /// What two problems may both be turned by.
    pub fn both(&self, o: &Allowed) -> Allowed {
        Allowed {
            mirror: self.mirror && o.mirror,
            colours: self.colours && o.colours,
            files: self.files && o.files,
            ranks: self.ranks && o.ranks,
            broken: vec![],
        }
    }
}

/// Is a first leap the same mirrored left to right?
fn leap_symmetric(l: &Option<crate::board::rules::FirstLeap>) -> bool {
    l.as_ref()
        .is_none_or(|l| l.offsets.iter().all(|&[x, y]| l.offsets.contains(&[-x, y])))
}

/// Letters per file read the same from either side (or none given).
fn palindrome(v: &[char]) -> bool {
    v.iter().eq(v.iter().rev())
}

/// The symmetries `p` (under `rules`, its position `shape`, `privileged` when a man still
/// holds a first-move privilege) allows.
pub fn allowed(rules: &Rules, p: &Problem, privileged: bool, shape: &Shape) -> Allowed {
    let c = &p.conditions;
    let square_conditions = !c.mate_on.is_empty()
        || !c.mate_from.is_empty()
        || !c.immobile.is_empty()
        || c.mate_by
            .as_ref()
            .is_some_and(|m| m.trim().chars().count() > 1);
    let by_file = !palindrome(&rules.pawns.double_step_files)
        || !palindrome(&rules.pawns.lapse_files)
        || !palindrome(&rules.promotion.by_file);
    let file_rules = !rules.pawns.double_step_files.is_empty()
        || !rules.pawns.lapse_files.is_empty()
        || !rules.promotion.by_file.is_empty();
    let pawns = shape.men.iter().any(|m| {
        m.2.chars().any(|l| {
            rules
                .kind_of(l)
                .is_some_and(|k| rules.pieces[k as usize].pawn)
        })
    });
    let mut a = Allowed {
        mirror: true,
        colours: true,
        files: true,
        ranks: true,
        broken: vec![],
    };
    let mut breaks = |which: &str, why: &str, on: bool| {
        if on {
            match which {
                "mirror" => a.mirror = false,
                "colours" => a.colours = false,
                "files" => a.files = false,
                _ => a.ranks = false,
            }
            a.broken.push(format!("{which}: {why}"));
        }
    };
    for w in ["mirror", "colours", "files", "ranks"] {
        breaks(w, "conditions naming squares", square_conditions);
        breaks(w, "first-move privileges held in the position", privileged);
    }
    breaks("mirror", "castling", rules.castling);
    breaks("mirror", "privileges or promotion by file", by_file);
    breaks(
        "mirror",
        "a first leap not symmetric left to right",
        !leap_symmetric(&rules.king_leap) || !leap_symmetric(&rules.queen_leap),
    );
    breaks(
        "colours",
        "orientation given in the file",
        p.orientation != Orientation::AsWritten,
    );
    for w in ["files", "ranks"] {
        breaks(w, "castling", rules.castling);
        breaks(w, "privileges or promotion by file", file_rules);
    }
    breaks("ranks", "pawns on the board (their direction)", pawns);
    a
}

/// One way to lay a diagram over another: mirrored left–right, turned with the colours
/// exchanged, shifted by files and ranks (after the other two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Transform {
    /// Mirrored left to right (file f goes to width - 1 - f).
    pub mirror: bool,
    /// Colours exchanged and the board turned (rank r goes to height - 1 - r, and the
    /// other side moves).
    pub colours: bool,
    /// Files shifted, after the other two (positive: to the right).
    pub dx: i16,
    /// Ranks shifted, after the other two (positive: up).
    pub dy: i16,
}

impl Transform {
    /// The transform in words ("mirrored, shifted 1 file right"); empty for none.
    pub fn words(&self) -> String {
        let mut w = vec![];
        if self.mirror {
            w.push("mirrored left to right".to_string());
        }
        if self.colours {
            w.push("colours exchanged, board turned".to_string());
        }
        let plural = |n: i16| if n.abs() == 1 { "" } else { "s" };
        if self.dx != 0 {
            let way = if self.dx > 0 { "right" } else { "left" };
            w.push(format!(
                "shifted {} file{} {way}",
                self.dx.abs(),
                plural(self.dx)
            ));
        }
        if self.dy != 0 {
            let way = if self.dy > 0 { "up" } else { "down" };
            w.push(format!(
                "shifted {} rank{} {way}",
                self.dy.abs(),
                plural(self.dy)
            ));
        }
        w.join(", ")
    }

    /// `s` under this transform; `None` when a man leaves the board.
    pub fn apply(&self, s: &Shape) -> Option<Shape> {
        let (w, h) = (s.width as i16, s.height as i16);
        let mut men = Vec::with_capacity(s.men.len());
        for ((f, r), c, l) in &s.men {
            let (mut f, mut r, mut c) = (*f as i16, *r as i16, *c);
            if self.mirror {
                f = w - 1 - f;
            }
            if self.colours {
                r = h - 1 - r;
                c ^= 1;
            }
            f += self.dx;
            r += self.dy;
            if !(0..w).contains(&f) || !(0..h).contains(&r) {
                return None;
            }
            men.push(((f as u8, r as u8), c, l.clone()));
        }
        men.sort();
        Some(Shape {
            width: s.width,
            height: s.height,
            men,
            side: if self.colours { s.side ^ 1 } else { s.side },
        })
    }
}

/// The point transforms (no shift) `a` allows.
pub fn point_transforms(a: &Allowed) -> Vec<Transform> {
    let mut out = vec![Transform::default()];
    for (mirror, colours) in [(true, false), (false, true), (true, true)] {
        if (!mirror || a.mirror) && (!colours || a.colours) {
            out.push(Transform {
                mirror,
                colours,
                dx: 0,
                dy: 0,
            });
        }
    }
    out
}

/// The shifts `a` allows that keep `s` on the board (the null shift first).
pub fn shifts(a: &Allowed, s: &Shape) -> Vec<(i16, i16)> {
    let span = |get: fn(&(u8, u8)) -> u8, size: u8, on: bool| -> Vec<i16> {
        let lo = s.men.iter().map(|m| get(&m.0)).min().unwrap_or(0) as i16;
        let hi = s.men.iter().map(|m| get(&m.0)).max().unwrap_or(0) as i16;
        let mut v = vec![0];
        if on {
            v.extend((-lo..size as i16 - hi).filter(|&d| d != 0));
        }
        v
    };
    let xs = span(|x| x.0, s.width, a.files);
    let ys = span(|x| x.1, s.height, a.ranks);
    xs.iter()
        .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
        .collect()
}

/// The canonical form of `s` under `a`: the least of its images, each shifted to the
/// lowest files and ranks its allowed shifts reach.
pub fn canonical(a: &Allowed, s: &Shape) -> Shape {
    point_transforms(a)
        .into_iter()
        .filter_map(|t| t.apply(s))
        .map(|img| {
            let lo = |get: fn(&(u8, u8)) -> u8| {
                img.men.iter().map(|m| get(&m.0)).min().unwrap_or(0) as i16
            };
            let t = Transform {
                dx: if a.files { -lo(|x| x.0) } else { 0 },
                dy: if a.ranks { -lo(|x| x.1) } else { 0 },
                ..Transform::default()
            };
            t.apply(&img).unwrap_or(img)
        })
        .min()
        .unwrap_or_else(|| s.clone())
}
