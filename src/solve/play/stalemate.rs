//! Which moves may stalemate. A move that must leave the other side without a legal
//! move must take away each move that side would have if it were its turn; a move that
//! leaves one of them legal need not be played.
//!
//! Take a legal move `b` of a man other than the king, by the side to be stalemated, on
//! the board as it stands (as if it were that side's turn). One move `w` of the other
//! side can take `b` away only by standing in its way or by exposing the king to it:
//! capturing the man on `b`'s square `x`, landing on its target `t` or on a square it
//! passes, moving away the man `b` captures (a pawn captures only where a man stands),
//! or landing on or leaving a line from the king through `x` (a pin, made or uncovered).
//! A `w` that gives check stalemates nothing. Every other `w` leaves `b` legal, so it is
//! not a stalemate, and need not be played. Castling, en passant and the joint leap,
//! which move or take a second man, are always played.
//!
//! The argument needs every move's legality to depend on these squares alone: it is
//! made only where the `#N` search's bounds apply (no forced capture, under which a
//! capture offered makes every other move illegal; no stacks; a king that steps like
//! one), not with bent riders (whose pins run off the lines), and only for `b` an
//! ordinary move or a pawn's double step (a first-move leap of a king or queen, and en
//! passant, depend on more than the board).
//!
//! One move earlier the same squares decide which moves of the side to be stalemated
//! may come before the stalemate ([`keep_stalemate_openers`]): a move `b` of its that
//! no move of the other side stops as the board stands must be stopped after its own
//! next move, so that move must bear on `b`'s squares or open the way of a man of the
//! other side to them.

use super::bounds::ended;
use super::null::{null, unnull};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, MoveKind, Position};

/// The squares one move must touch to take one of the stalemated side's moves away:
/// land on one of `to`, or leave one of `from`.
#[derive(Clone, Copy, Debug)]
struct Stop<B> {
    to: B,
    from: B,
}

impl<B: Bits> Stop<B> {
    /// Does `w`, a move of the stalemating side, take the move away (or may it, being a
    /// move of two men or an en passant capture)?
    #[inline]
    fn stopped_by(&self, w: &Move) -> bool {
        matches!(
            w.flag,
            MoveKind::Castle | MoveKind::EnPassant | MoveKind::Joint
        ) || self.to.has(w.to as usize)
            || self.from.has(w.from as usize)
    }
}

/// Keeps in `list`, the moves of the side to move, only those that may stalemate: the
/// ones that take away every move of the other side's men other than its king. Where
/// the argument does not hold, keeps them all.
pub(super) fn keep_stalemating<B: Bits>(pos: &mut Position<B>, list: &mut MoveList) {
    if !pos.eng.bent_kinds.is_empty() || pos.stacked.any() {
        return;
    }
    // The other side's moves as if it were its turn; the board is put back as it was.
    let undo = null(pos);
    if pos.bare_king_decided().is_none() {
        keep_stopping(pos, list);
    }
    unnull(pos, undo);
}

/// The legal moves of the side to move that may stalemate ([`keep_stalemating`]), into
/// `list`: the filter goes first, and only the moves it keeps are asked whether they are
/// legal. False when there is none, or when the game is over here. Only where the `#N`
/// search's bounds apply (no forced capture, which needs every capture listed first).
pub(super) fn stalemating_moves<B: Bits>(pos: &mut Position<B>, list: &mut MoveList) -> bool {
    list.clear();
    if pos.bare_king_decided().is_some() {
        return false;
    }
    pos.pseudo_moves(list);
    keep_stalemating(pos, list);
    let legality = pos.legality();
    list.retain(|&m| pos.is_legal(m, &legality));
    !list.is_empty() && !ended(pos, list)
}

/// Before the other side's last move, which must stalemate: keeps in `list`, the legal
/// moves of the side to be stalemated (its turn now), only those after which that move
/// may come. Take a legal move `b` of a man other than the king, no move of the other
/// side as the board stands taking it away ([`stop_of`]). A move `x` of the side to
/// move that is not the king's, nor a double step (which opens an en passant capture),
/// and that neither starts nor ends on a square of `b`'s [`Reach`], leaves `b` legal
/// with the same squares stopping it, and opens no move that stops it: a leap is new
/// only as a capture on `x`'s square, a ride or a pawn's step only through the square
/// `x` leaves. So no move after `x` stalemates, and `x` need not be played. Only where
/// the `#N` search's bounds apply, no man holds a privilege other than a pawn's, no
/// rider bends, no stack stands, and the side to move is not in check (then `b` is
/// legal as the board stands only if it parries the check).
pub(super) fn keep_stalemate_openers<B: Bits>(pos: &mut Position<B>, list: &mut MoveList) {
    let plain = pos.eng.bent_kinds.is_empty() && crate::solve::reach::argument_holds(pos);
    if !plain || pos.in_check() || pos.bare_king_decided().is_some() {
        return;
    }
    let undo = null(pos);
    let mut theirs = MoveList::new();
    pos.pseudo_moves(&mut theirs);
    unnull(pos, undo);
    // A move of theirs stops `b` when it lands on one of `b`'s `to` or leaves one of its
    // `from` squares (or is one of the moves that are always played): the squares all of
    // them land on and leave tell it at once.
    let mut all = Stop {
        to: B::EMPTY,
        from: B::EMPTY,
    };
    for w in theirs.as_slice() {
        if matches!(
            w.flag,
            MoveKind::Castle | MoveKind::EnPassant | MoveKind::Joint
        ) {
            return;
        }
        all.to |= B::bit(w.to as usize);
        all.from |= B::bit(w.from as usize);
    }
    let king_lines = KingLines::of(pos);
    let king = pos.eng.king;
    let them = pos.occ_c[pos.side().flip().idx()];
    // The man's square and the reach of each move that no move of theirs stops (a few
    // are enough).
    let mut held = [(0u8, B::EMPTY); 8];
    let mut n = 0;
    for b in list.as_slice() {
        if n == held.len() {
            break;
        }
        if b.piece == king || !matches!(b.flag, MoveKind::Normal | MoveKind::DoubleStep) {
            continue;
        }
        // The squares of `stop_of` that need no lines first: the man's, its target's,
        // and the man it takes.
        let (x, t) = (b.from as usize, b.to as usize);
        if all.to.has(x) || all.to.has(t) || (them.has(t) && all.from.has(t)) {
            continue;
        }
        let stop = stop_of(pos, b, &king_lines);
        if (stop.to & all.to).any() || (stop.from & all.from).any() {
            continue;
        }
        held[n] = (b.from, Reach::of(pos, &stop).0);
        n += 1;
    }
    if n == 0 {
        return;
    }
    list.retain(|x| {
        x.piece == king
            || x.flag != MoveKind::Normal
            || held[..n].iter().all(|&(f, zone)| {
                x.from == f || zone.has(x.from as usize) || zone.has(x.to as usize)
            })
    });
}

/// The squares where a move of the side to be stalemated may bear on `stop`, a move of
/// its own that no move of the other side takes away as the board stands: `stop`'s own
/// squares, each line of a rider of the other side that runs onto a square `stop` lands
/// on (or whose man `stop` leaves), a pawn's steps that could land there, and every
/// square a man on one of `stop`'s `from` squares could capture on.
struct Reach<B>(B);

impl<B: Bits> Reach<B> {
    fn of(pos: &Position<B>, stop: &Stop<B>) -> Self {
        let e = &*pos.eng;
        let them = pos.side().flip().idx();
        let mut zone = stop.to | stop.from;
        for k in 0..e.nk {
            let kt = &e.kinds[k];
            for r in pos.pieces[them][k].iter() {
                let leaves = stop.from.has(r);
                for &d in &kt.ride_dirs {
                    let ray = e.ray_flat[d as usize * e.n + r];
                    if leaves || (ray & stop.to).any() {
                        zone |= ray;
                    }
                }
                if kt.pawn {
                    zone |= pawn_reach(pos, r, leaves, stop.to);
                }
                if leaves {
                    zone |= kt.leap[r];
                }
            }
        }
        Reach(zone)
    }
}

/// A pawn of the other side on `r`: the squares its steps pass or land on when one may
/// stop the move (it `leaves` a square that does, or its steps reach one of `to`), and
/// the squares it captures on when it `leaves`.
fn pawn_reach<B: Bits>(pos: &Position<B>, r: usize, leaves: bool, to: B) -> B {
    let e = &*pos.eng;
    let them = pos.side().flip().idx();
    let mut steps = B::EMPTY;
    let mut at = r;
    for _ in 0..2 {
        let next = e.pawn_push[them][at];
        if next == crate::board::engine::NO_SQ {
            break;
        }
        at = next as usize;
        steps |= B::bit(at);
    }
    let mut zone = B::EMPTY;
    if leaves || (steps & to).any() {
        zone |= steps;
    }
    if leaves {
        zone |= e.pawn_cap[them][r];
    }
    zone
}

/// Keeps in `list` the moves that stop each legal move of the side to move's men other
/// than its king. A move is asked whether it is legal only when it would take a move out
/// of `list` (after the first few, `list` is mostly empty); under forced capture, where
/// legality hangs on the captures the other moves offer, the legal ones are listed first.
fn keep_stopping<B: Bits>(pos: &mut Position<B>, list: &mut MoveList) {
    let king = pos.eng.king;
    let not_the_king = |_: &Position<B>, k: usize, _: usize, t: B| {
        if k == king as usize {
            B::EMPTY
        } else {
            t
        }
    };
    let mut theirs = MoveList::new();
    let listed_legal = pos.eng.rules.forced_capture;
    if listed_legal {
        pos.legal_moves_where(&mut theirs, not_the_king);
    } else {
        pos.pseudo_moves_kept(&mut theirs, not_the_king);
    }
    let legality = pos.legality();
    let king_lines = KingLines::of(pos);
    for &b in theirs.as_slice() {
        if b.piece == king || !matches!(b.flag, MoveKind::Normal | MoveKind::DoubleStep) {
            continue;
        }
        let stop = stop_of(pos, &b, &king_lines);
        if list.as_slice().iter().all(|w| stop.stopped_by(w))
            || !(listed_legal || pos.is_legal(b, &legality))
        {
            continue;
        }
        list.retain(|w| stop.stopped_by(w));
        if list.is_empty() {
            break;
        }
    }
}

/// The squares that stop `b`, a move of the side to move in `pos` (its king's lines `king`).
fn stop_of<B: Bits>(pos: &Position<B>, b: &Move, king: &KingLines<B>) -> Stop<B> {
    let e = &*pos.eng;
    let (x, t) = (b.from as usize, b.to as usize);
    let pin = king.through(pos, x);
    let mut to = B::bit(x) | B::bit(t) | between(pos, b.piece as usize, x, t) | pin;
    let mut from = pin;
    if pos.occ_c[pos.side().flip().idx()].has(t) {
        from |= B::bit(t);
    }
    if b.flag == MoveKind::DoubleStep {
        let a = pos.side().idx();
        let mid = e.pawn_push[a][x];
        if mid != crate::board::engine::NO_SQ {
            to |= B::bit(mid as usize);
        }
    }
    Stop { to, from }
}

/// The squares strictly between `x` and `t` on a ride of a man of kind `k` from `x`
/// (empty for a leap, which nothing blocks).
fn between<B: Bits>(pos: &Position<B>, k: usize, x: usize, t: usize) -> B {
    let e = &*pos.eng;
    let n = e.n;
    for &d in &e.kinds[k].ride_dirs {
        let d = d as usize;
        let ray = e.ray_flat[d * n + x];
        if ray.has(t) {
            return ray & !e.ray_flat[d * n + t] & !B::bit(t);
        }
    }
    B::EMPTY
}

/// The king of the side to move and every square on its lines (in any direction some
/// man rides): a man off them cannot be pinned.
struct KingLines<B> {
    sq: usize,
    all: B,
}

impl<B: Bits> KingLines<B> {
    fn of(pos: &Position<B>) -> Self {
        let e = &*pos.eng;
        let sq = pos.king_sq(pos.side);
        let all = (0..e.dirs.len()).fold(B::EMPTY, |all, d| all | e.ray_flat[d * e.n + sq]);
        KingLines { sq, all }
    }

    /// Every square of each line from the king that runs through `x`, where a man
    /// landing or leaving may pin the man on `x`.
    fn through(&self, pos: &Position<B>, x: usize) -> B {
        if !self.all.has(x) {
            return B::EMPTY;
        }
        let e = &*pos.eng;
        let mut lines = B::EMPTY;
        for d in 0..e.dirs.len() {
            let ray = e.ray_flat[d * e.n + self.sq];
            if ray.has(x) {
                lines |= ray;
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bits::U256;
    use crate::board::engine::Engine;
    use crate::board::piece::Color;
    use crate::board::rules::Rules;
    use crate::solve::play::bounds::bounds_apply;
    use crate::solve::play::goal::{reached, Target};
    use crate::solve::play::stip::Aim;
    use crate::solve::reach::testkit::{mating_positions, random_position, Rng};
    use std::sync::Arc;

    /// The legal moves, those `filter` keeps of them, and the FEN, the board checked to
    /// be put back.
    fn filtered<B: Bits>(
        pos: &mut Position<B>,
        filter: fn(&mut Position<B>, &mut MoveList),
    ) -> (MoveList, MoveList, String) {
        let mut all = MoveList::new();
        pos.legal_moves(&mut all);
        let mut kept = MoveList::new();
        pos.legal_moves(&mut kept);
        let fen = pos.to_fen();
        filter(pos, &mut kept);
        assert_eq!(pos.to_fen(), fen, "the board is put back");
        (all, kept, fen)
    }

    /// On random positions, White to move: every White move that stalemates is kept,
    /// and the filter sets some aside. Returns (positions, stalemates, set aside).
    fn keeps_every_stalemate<B: Bits>(preset: &str, sets: &[&str], seed: u64) -> [usize; 3] {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut rng = Rng(seed);
        let mut seen = [0; 3];
        for i in 0..60_000 {
            let mut pos = random_position(&eng, &mut rng, sets[i % sets.len()], true);
            let black = pos.side.flip();
            if !bounds_apply(&pos) || pos.attacked(pos.king_sq(black), pos.side, pos.occ) {
                continue;
            }
            let (all, kept, fen) = filtered(&mut pos, keep_stalemating);
            seen[0] += 1;
            for w in all.as_slice() {
                let u = pos.make(*w);
                let stalemate = reached(&mut pos, Target::plain(Aim::Stalemate));
                pos.unmake(*w, u);
                let keeps = kept.as_slice().contains(w);
                assert!(keeps || !stalemate, "{preset} {fen}: {w:?} stalemates");
                seen[1] += stalemate as usize;
                seen[2] += !keeps as usize;
            }
        }
        seen
    }

    /// On random positions, Black to move: every Black move after which a White move
    /// stalemates is kept by [`keep_stalemate_openers`], and some are set aside.
    /// Returns (positions, moves that allow a stalemate, moves set aside).
    fn keeps_every_stalemate_opener<B: Bits>(preset: &str, sets: &[&str], seed: u64) -> [usize; 3] {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut rng = Rng(seed);
        let positions =
            (0..20_000).map(|i| random_position(&eng, &mut rng, sets[i % sets.len()], false));
        openers_kept(preset, positions)
    }

    /// [`keeps_every_stalemate_opener`] on the positions given.
    fn openers_kept<B: Bits>(
        preset: &str,
        positions: impl Iterator<Item = Position<B>>,
    ) -> [usize; 3] {
        let mut seen = [0; 3];
        for mut pos in positions {
            let white = pos.side.flip();
            if pos.side != Color::Black
                || !bounds_apply(&pos)
                || pos.attacked(pos.king_sq(white), pos.side, pos.occ)
            {
                continue;
            }
            let (all, kept, fen) = filtered(&mut pos, keep_stalemate_openers);
            seen[0] += 1;
            for x in all.as_slice() {
                let u = pos.make(*x);
                let mut replies = MoveList::new();
                pos.legal_moves(&mut replies);
                let opens = replies.as_slice().iter().any(|w| {
                    let v = pos.make(*w);
                    let stalemate = reached(&mut pos, Target::plain(Aim::Stalemate));
                    pos.unmake(*w, v);
                    stalemate
                });
                pos.unmake(*x, u);
                let keeps = kept.as_slice().contains(x);
                assert!(
                    keeps || !opens,
                    "{preset} {fen}: after {x:?} a move stalemates"
                );
                seen[1] += opens as usize;
                seen[2] += !keeps as usize;
            }
        }
        seen
    }

    #[test]
    fn every_move_before_a_stalemate_is_kept() {
        // Black: a king, pawns and a man or two; White: men that can hem them in. Grant
        // Acedrex's bent riders keep the filter off: its run only checks nothing breaks.
        let runs = [
            keeps_every_stalemate_opener::<u64>(
                "orthodox",
                &["KQRBkpp", "KRRBPkpn", "KQQNkpb", "KQRRPkbp", "KQQRkrp"],
                11,
            ),
            keeps_every_stalemate_opener::<u64>(
                "shatranj",
                &["KRRNkpp", "KRQBPkpq", "KRRRkpn"],
                12,
            ),
            keeps_every_stalemate_opener::<u64>(
                "long-assize",
                &["KRRQPkpp", "KRRNkbp", "KRRRPkp"],
                13,
            ),
            keeps_every_stalemate_opener::<u128>("courier", &["KRRFWkpp", "KRRRkpb"], 14),
            keeps_every_stalemate_opener::<U256>("grant-acedrex", &["KRRLkpp"], 15),
        ];
        // Shatranj positions built for mates and stalemates: Black's king on an edge
        // with its men beside it, White's men near.
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(16);
        let sets = [
            ("RR", "pp"),
            ("RRN", "pn"),
            ("RQB", "pp"),
            ("RRP", "pb"),
            ("RNP", "p"),
        ];
        let built = mating_positions(&eng, &mut rng, &sets, [2, 3, 4, 5], 400_000);
        let near = openers_kept("shatranj", built);
        eprintln!("positions, openers, set aside: {runs:?}, built: {near:?}");
        assert!(near[1] > 1_000 && near[2] * 20 > near[0], "built: {near:?}");
        for (i, [positions, openers, aside]) in runs.into_iter().enumerate().take(4) {
            assert!(
                positions > 5_000 && openers > 20 && aside * 5 > positions,
                "run {i}: {positions} positions, {openers} openers, {aside} set aside"
            );
        }
    }

    /// Two positions where the move before the stalemate opens the stalemating move's
    /// way: a rook's file (1...hxg2 2.Rh6=) and a pawn's double step (1...exf2 2.e4=).
    #[test]
    fn a_move_that_opens_the_stalemating_move_is_kept() {
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("orthodox").unwrap()).unwrap());
        for fen in [
            "k7/p1K4p/P7/8/8/7p/6N1/6NR b - - 0 1",
            "k7/p1K5/P7/4p3/8/4p3/4PB2/5B2 b - - 0 1",
        ] {
            let pos = Position::from_fen(eng.clone(), fen).unwrap();
            let [positions, openers, _] = openers_kept("orthodox", std::iter::once(pos));
            assert!(positions == 1 && openers >= 1, "{fen}");
        }
    }

    #[test]
    fn every_stalemating_move_is_kept() {
        // Black: a king with a few pawns and a man; White: enough men to hem them in.
        let runs = [
            keeps_every_stalemate::<u64>(
                "orthodox",
                &["KQRkpp", "KRBPkpn", "KQQkp", "KQRRkb", "KQQRkr"],
                1,
            ),
            keeps_every_stalemate::<u64>("shatranj", &["KRNkpp", "KRQBkpq", "KRRRkp"], 2),
            keeps_every_stalemate::<u64>("long-assize", &["KRRQPkp", "KRRNkbp", "KRRRkp"], 3),
            keeps_every_stalemate::<u128>("courier", &["KRFWkpp", "KRRRkp"], 4),
            keeps_every_stalemate::<U256>("grant-acedrex", &["KRLkp"], 5),
        ];
        eprintln!("positions, stalemates, set aside: {runs:?}");
        for (i, [positions, stalemates, aside]) in runs.into_iter().enumerate().take(4) {
            assert!(
                positions > 10_000 && stalemates > 20 && aside > positions,
                "run {i}: {positions} positions, {stalemates} stalemates, {aside} set aside"
            );
        }
    }
}
