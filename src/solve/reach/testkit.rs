//! Positions for the tests of the reach bound and the quiet defences: random placements
//! and placements built for mates.

use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::movegen::MoveList;
use crate::board::outcome::{Outcome, WinKind};
use crate::board::piece::Color;
use crate::board::position::Position;
use std::sync::Arc;

pub(crate) struct Rng(pub(crate) u64);
impl Rng {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A position of men placed by letter (upper case White) on squares, with the side
/// to move; not checked for legality.
pub(crate) fn place<B: Bits>(
    eng: &Arc<Engine<B>>,
    men: &[(char, usize)],
    white_to_move: bool,
) -> Position<B> {
    let mut p = Position::empty(eng.clone());
    for &(c, s) in men {
        let colour = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        p.add_man(
            colour,
            eng.rules.kind_of(c).expect("a letter of these rules"),
            s,
        );
    }
    p.side = if white_to_move {
        Color::White
    } else {
        Color::Black
    };
    p.hash = p.compute_hash();
    p
}

/// The men of `men` (White's upper case) anywhere, one to a square, pawns off the first
/// and last two ranks.
pub(crate) fn random_position<B: Bits>(
    eng: &Arc<Engine<B>>,
    rng: &mut Rng,
    men: &str,
    white_to_move: bool,
) -> Position<B> {
    let (w, n) = (eng.geo.width as usize, eng.n);
    let h = n / w;
    let mut placed: Vec<(char, usize)> = vec![];
    for c in men.chars() {
        loop {
            let s = rng.below(n);
            let pawn_ok = !c.eq_ignore_ascii_case(&'p') || (2..h - 2).contains(&(s / w));
            if pawn_ok && placed.iter().all(|&(_, t)| t != s) {
                placed.push((c, s));
                break;
            }
        }
    }
    place(eng, &placed, white_to_move)
}

/// A random shatranj position built for mates: Black's king on an edge, Black's
/// `black` men next to it, White's king and `white` men within `spread` squares; the
/// side to move as given. `None` when the men found no room or the position is not
/// legal.
pub(super) fn mating_position(
    eng: &Arc<Engine<u64>>,
    rng: &mut Rng,
    white: &str,
    black: &str,
    spread: usize,
    white_to_move: bool,
) -> Option<Position<u64>> {
    let king = loop {
        let s = rng.below(64);
        if s.is_multiple_of(8) || s % 8 == 7 || s / 8 == 0 || s / 8 == 7 {
            break s;
        }
    };
    let near =
        |a: usize, d: usize| (a % 8).abs_diff(king % 8) <= d && (a / 8).abs_diff(king / 8) <= d;
    let mut placed = vec![('k', king)];
    let men = black.chars().map(|c| (c, 1));
    for (c, d) in men.chain("K".chars().chain(white.chars()).map(|c| (c, spread))) {
        let s = (0..1000).map(|_| rng.below(64)).find(|&s| {
            near(s, d)
                && placed.iter().all(|&(_, t)| t != s)
                && (!c.eq_ignore_ascii_case(&'p') || (2..6).contains(&(s / 8)))
        })?;
        placed.push((c, s));
    }
    let p = place(eng, &placed, white_to_move);
    p.validate().ok().map(|_| p)
}

/// `tries` attempts at [`mating_position`]: the sets of men, the spreads and the side
/// to move taken in turn; the positions that came out.
pub(crate) fn mating_positions<'a>(
    eng: &'a Arc<Engine<u64>>,
    rng: &'a mut Rng,
    sets: &'a [(&'a str, &'a str)],
    spreads: [usize; 4],
    tries: usize,
) -> impl Iterator<Item = Position<u64>> + 'a {
    (0..tries).filter_map(move |i| {
        let (white, black) = sets[i % sets.len()];
        mating_position(eng, rng, white, black, spreads[i % 4], i % 2 == 0)
    })
}

/// Is there any line at all (both sides choosing) in which the attacker wins in one of the
/// ways of `wins` within `n` of its moves? The side to move is `attacker` or not.
pub(super) fn helpmate<B: Bits>(
    p: &mut Position<B>,
    attacker: Color,
    n: u32,
    wins: &[WinKind],
) -> bool {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    if p.outcome_with(&list) != Outcome::Ongoing {
        return false;
    }
    for &m in list.as_slice() {
        let u = p.make(m);
        let mut next = MoveList::new();
        p.legal_moves(&mut next);
        let found = match p.outcome_with(&next) {
            Outcome::Win { winner, how, .. } => winner == attacker && wins.contains(&how),
            Outcome::Ongoing => {
                let left = if p.side == attacker { n } else { n - 1 };
                left > 0 && helpmate(p, attacker, left, wins)
            }
            _ => false,
        };
        p.unmake(m, u);
        if found {
            return true;
        }
    }
    false
}
