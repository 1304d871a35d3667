//! The attacker's last move under a mate goal, judged from attack maps before it is made
//! (the method of the shogi solvers' one-ply mate test and of the chess programs that
//! generate only mating moves: the king's flight squares first).
//!
//! A mate leaves every square the defending king can step to either held by one of its
//! own men or attacked. For each such square `f` the attacker's men that attack it now
//! (the king taken off the board, so that a line runs on through its square) are found
//! once per node. A man `x` whose move is to mate must then itself attack, from where it
//! lands, every flight square that no other man attacks once `x` has left its square
//! (lines that `x` opens counted); and where it lands next to the king, another man must
//! guard it, or the king takes it. A man for which no landing square could do that is
//! not asked for checks at all; a check that leaves a flight open is set aside unplayed.
//! Only the checks that pass are made and judged on the board (captures of the checker,
//! interpositions, pins: [`Position::has_legal_move`]).
//!
//! Why the attacks are taken with `x` lifted and its landing square left as it was: the
//! other men's attacks after the move are at most those (a man landing on a line only
//! shortens it), so a flight found open here is open after the move. The king's step onto
//! an open square is a legal move wherever the test is asked: no stack on the board nor
//! stacks that may form (a king could then step onto its own man), no forced capture
//! (the caller's mate-in-one is only asked without it), no dice. A capture that would
//! leave the defender a bare king is never set aside (the bare-king rule then ends the
//! game without a legal move, which the board judges). Moves with a flag (castling, a
//! first-move leap, en passant, which lifts a second man) are kept and judged on the
//! board too.

use crate::board::bits::Bits;
use crate::board::piece::Color;
use crate::board::position::{Move, MoveKind, Position};
use crate::board::rules::BareKingRule;

/// Most flight squares counted (a king's step set; more and the test stands aside).
const MAX_FLIGHTS: usize = 16;
/// Most attacker men counted one by one (more and the test stands aside).
const MAX_MEN: usize = 32;

/// The filter of the attacker's mating moves at one node (see the module text).
pub(crate) struct MatingMoves<B> {
    attacker: Color,
    /// The defending king's step squares.
    steps: B,
    /// The occupancy without the defending king.
    occ_k: B,
    /// The men that may still mate by moving.
    movers: B,
    /// Per man that may: its square and the flight squares it alone must attack after
    /// its move.
    needs: [(u8, B); MAX_MEN],
    men: usize,
    /// A capture may bare the defender's king: captures are never set aside.
    keep_captures: bool,
}

impl<B: Bits> MatingMoves<B> {
    /// The filter for `attacker` to move against the other side's king, or `None` where
    /// the rules make the test unsound or the counts overflow (see the module text). Only
    /// the men on `candidates` may be movers (the others are known not to mate).
    pub(crate) fn new(pos: &Position<B>, attacker: Color, candidates: B) -> Option<Self> {
        let e = &*pos.eng;
        if pos.stacked.any()
            || e.rules.stacks_may_form
            || e.rules.forced_capture
            || e.rules.dice.is_some()
        {
            return None;
        }
        let (a, d) = (attacker.idx(), attacker.flip().idx());
        let ksq = pos.king_sq(attacker.flip());
        let steps = e.kinds[e.king as usize].leap[ksq] & e.board;
        let flights = steps & !pos.occ_c[d];
        if flights.count() as usize > MAX_FLIGHTS || pos.occ_c[a].count() as usize > MAX_MEN {
            return None;
        }
        let occ_k = pos.occ & !B::bit(ksq);
        // What each man attacks of the flight squares now, and which squares two or more
        // attack (those stay attacked whichever man moves).
        let mut att = [(0u8, 0u8, B::EMPTY); MAX_MEN];
        let (mut men, mut once, mut twice) = (0, B::EMPTY, B::EMPTY);
        let (mut riders, mut bent) = (B::EMPTY, false);
        for k in 0..e.nk {
            let kt = &e.kinds[k];
            if !kt.ride_dirs.is_empty() || kt.bent.is_some() {
                riders |= pos.pieces[a][k];
            }
            bent |= kt.bent.is_some() && pos.pieces[a][k].any();
            for x in pos.pieces[a][k].iter() {
                let hit = pos.man_attacks_with(attacker, k, x, occ_k) & flights;
                twice |= once & hit;
                once |= hit;
                att[men] = (x as u8, k as u8, hit);
                men += 1;
            }
        }
        let uncovered = flights & !once;
        // The flight squares some man may have to cover alone, where a line its move
        // opens may cover them for it (only riders open lines).
        let open_lines = riders.any().then(|| flights & !twice);
        // Whether two squares share a line, from their coordinates where every ride is
        // along a rank, file or diagonal; else every square is taken to share one.
        let w = e.geo.width as usize;
        let straight = !bent
            && e.dirs
                .iter()
                .all(|&(dx, dy)| dx.abs() <= 1 && dy.abs() <= 1);
        let aligned = |f: usize, x: usize| {
            let (fx, fy, xx, xy) = (f % w, f / w, x % w, x / w);
            !straight || fx == xx || fy == xy || fx.abs_diff(xx) == fy.abs_diff(xy)
        };
        let cover = crate::board::flights::flight_cover(e);
        let mut out = MatingMoves {
            attacker,
            steps,
            occ_k,
            movers: B::EMPTY,
            needs: [(0, B::EMPTY); MAX_MEN],
            men: 0,
            keep_captures: e.rules.bare_king != BareKingRule::Off
                && e.rules.bare_king != BareKingRule::NotAWin
                && pos.men[d] <= 2,
        };
        for &(x, k, hit) in &att[..men] {
            let (x, k) = (x as usize, k as usize);
            let gone = B::bit(x);
            if !candidates.has(x) {
                continue;
            }
            let mut need = uncovered | (hit & !twice);
            // The most flight squares the man attacks after one move, on an empty board:
            // short of its needs, none of its moves mates. Asked first of the squares no
            // line through `x` could open.
            let most = u32::from(cover.row(a, k, ksq)[x].to_le_bytes()[1]);
            let opened = open_lines.map_or(B::EMPTY, |o| {
                (o & need)
                    .iter()
                    .filter(|&f| aligned(f, x))
                    .fold(B::EMPTY, |b, f| b | B::bit(f))
            });
            if (need & !opened).count() > most {
                continue;
            }
            for f in opened.iter() {
                if pos.attacked_skip(f, attacker, occ_k & !gone, gone) {
                    need &= !B::bit(f);
                }
            }
            if need.count() > most {
                continue;
            }
            out.movers |= gone;
            out.needs[out.men] = (x as u8, need);
            out.men += 1;
        }
        // An en-passant capture lifts a second man, which may open a line: a pawn that
        // may take so is asked for it (its other moves stay set aside).
        if pos.ep != crate::board::engine::NO_SQ {
            if let Some(pw) = e.pawn {
                out.movers |= pos.pieces[a][pw as usize];
            }
        }
        Some(out)
    }

    /// The men whose moves may mate (privileged moves of any man aside).
    pub(crate) fn movers(&self) -> B {
        self.movers
    }

    /// May the legal move `m` mate? False only where the defending king keeps a flight
    /// square after it (a free one, or the checker's, unguarded next to it).
    #[inline]
    pub(crate) fn may_mate(&self, pos: &Position<B>, m: &Move) -> bool {
        if !matches!(m.flag, MoveKind::Normal | MoveKind::DoubleStep) {
            return true;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        if self.keep_captures && pos.occ_c[self.attacker.flip().idx()].has(to) {
            return true;
        }
        let Some(&(_, need)) = self.needs[..self.men]
            .iter()
            .find(|&&(x, _)| x as usize == from)
        else {
            return false;
        };
        let gone = B::bit(from);
        let occ = (self.occ_k & !gone) | B::bit(to);
        let becomes = m.promo.unwrap_or(m.piece);
        let reach = pos.man_attacks_with(self.attacker, becomes as usize, to, occ);
        if (need & !B::bit(to) & !reach).any() {
            return false;
        }
        // Next to the king, the checker must be guarded by another man.
        !self.steps.has(to) || pos.attacked_skip(to, self.attacker, self.occ_k & !gone, gone)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{random_position, Rng};
    use super::*;
    use crate::board::engine::Engine;
    use crate::board::movegen::MoveList;
    use crate::board::outcome::{Outcome, WinKind};
    use crate::board::rules::Rules;
    use std::sync::Arc;

    /// What one position's moves showed: moves set aside, mates, moves judged by the
    /// static test ([`super::super::checkmate`]), mates it found.
    #[derive(Clone, Copy, Debug, Default)]
    struct Seen {
        aside: usize,
        mates: usize,
        judged: usize,
        judged_mates: usize,
    }

    impl std::ops::AddAssign for Seen {
        fn add_assign(&mut self, o: Seen) {
            self.aside += o.aside;
            self.mates += o.mates;
            self.judged += o.judged;
            self.judged_mates += o.judged_mates;
        }
    }

    /// Checks every legal move of `pos` (White to move) against the filter and the
    /// static mate test, by playing it: a move set aside never mates, and the static
    /// answer, where it gives one, is what the board says.
    fn check_position<B: Bits>(pos: &mut Position<B>) -> Seen {
        let filter = MatingMoves::new(pos, Color::White, pos.occ);
        let judged = super::super::checkmate::applies(pos);
        let fen = pos.to_fen();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut seen = Seen::default();
        for &m in list.as_slice() {
            let plain = matches!(m.flag, MoveKind::Normal | MoveKind::DoubleStep);
            let keep = filter
                .as_ref()
                .is_none_or(|f| (!plain || f.movers().has(m.from as usize)) && f.may_mate(pos, &m));
            let stated = judged
                .then(|| super::super::checkmate::mates(pos, &m))
                .flatten();
            let u = pos.make(m);
            let mut replies = MoveList::new();
            pos.legal_moves(&mut replies);
            let mate = matches!(
                pos.outcome_with(&replies),
                Outcome::Win {
                    how: WinKind::Checkmate,
                    ..
                }
            );
            pos.unmake(m, u);
            assert!(keep || !mate, "{fen}: {m:?} set aside but it mates");
            assert!(
                filter.as_ref().is_none_or(|f| f.movers().any()) || !plain || !mate,
                "{fen}: refuted but {m:?} mates"
            );
            if let Some(v) = stated {
                assert_eq!(v, mate, "{fen}: {m:?} judged a mate: {v}");
                seen.judged += 1;
                seen.judged_mates += v as usize;
            }
            seen.aside += !keep as usize;
            seen.mates += mate as usize;
        }
        seen
    }

    /// Random positions of `men` (White to move) under `preset`, each checked as above.
    fn run<B: Bits>(preset: &str, men: &[&str], rng: &mut Rng) -> Seen {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut seen = Seen::default();
        for i in 0..3_000 {
            let mut pos = random_position(&eng, rng, men[i % men.len()], true);
            if pos.validate().is_err() {
                continue;
            }
            seen += check_position(&mut pos);
        }
        seen
    }

    /// Every preset without dice: random positions with riders, leapers and pawns on both
    /// sides; no mating move is ever set aside, and many moves are; every move the static
    /// mate test judges is judged as the board plays it.
    #[test]
    fn a_move_set_aside_never_mates_under_any_preset() {
        let mut rng = Rng(0x3a7e_0000_0000_0047);
        let shatranj_men: &[&str] = &["KRNkpp", "KRQBkpn", "KRRknp", "KNNQkpp", "KRPPkqp"];
        let mut seen = vec![];
        for preset in crate::board::presets::PRESETS {
            let p = *preset;
            let got = match p {
                _ if p.ends_with("-dice") => continue,
                "courier" => {
                    run::<u128>(p, &["KRNMkpp", "KBNFkwp", "KREMkrp", "KRRWknp"], &mut rng)
                }
                "grant-acedrex" => run::<crate::board::bits::U256>(
                    p,
                    &["KAUkpp", "KZRkpl", "KLCUkap", "KRRkpz"],
                    &mut rng,
                ),
                "english-1650" => {
                    run::<u64>(p, &["KQRkpp", "KQNBkpn", "KRBBknp", "KQPPkrp"], &mut rng)
                }
                _ => run::<u64>(p, shatranj_men, &mut rng),
            };
            seen.push((*preset, got));
        }
        // Each preset must have set many moves aside and judged many moves statically
        // (under forced capture both tests stand aside), and the mates found must be
        // common enough overall for the test to mean something.
        let fair = |p: &str, s: &Seen| {
            if p == "forced" {
                s.aside == 0 && s.judged == 0
            } else {
                s.aside > 5_000 && s.judged > 20_000
            }
        };
        assert!(seen.iter().all(|(p, s)| fair(p, s)), "{seen:?}");
        let mates: usize = seen.iter().map(|(_, s)| s.mates).sum();
        let judged: usize = seen.iter().map(|(_, s)| s.judged_mates).sum();
        assert!(mates > 100 && judged * 2 > mates, "{seen:?}");
    }
}
