//! A sound "no mate within n" from the defending king's flight squares, which holds
//! whatever men the attacker has, riders included.
//!
//! A mate (and a stalemate) leaves every square the king could step to either held by one
//! of the defender's own men or attacked. Within `n` attacker moves and `d` defender moves
//! the king stands, at the end, on a square `s` at most `d` steps from where it is; with
//! the `d - steps` moves left to them its men can have filled only so many more of `s`'s
//! neighbours, each costing at least the moves the nearest of them needs to stand there
//! on an empty board; every other neighbour not held by a man of its own now must be
//! attacked. Nor can more neighbours be held at the end than the defender has men besides
//! its king: with few men, the rest of the neighbours must be attacked, whichever squares
//! those men now hold. Each attacker man `p`, after the `j_p` moves it makes (the `j_p`
//! summing to at most `n`), attacks at most the
//! [`FlightCover`](crate::board::cover::FlightCover) count of those squares. When no share
//! of the `n` moves among the men covers enough, for every square the king can reach,
//! no mate comes within `n`.
//!
//! It answers "maybe" wherever the argument fails: a stack on the board, a first-move
//! privilege of a man that is not a pawn (a king's or queen's leap), more than
//! [`COVER_MOVES`] attacker moves or [`REACH`] defender moves. The caller makes sure the defender may choose any legal move
//! (no condition or forced capture), and, for a `win` goal, that the defender is not
//! bared in time and a stalemate is only won by the side that gives it.

use crate::board::bits::Bits;
use crate::board::cover::COVER_MOVES;
use crate::board::engine::REACH;
use crate::board::movegen::MoveList;
use crate::board::piece::Color;
use crate::board::position::{Move, Position};

/// True when `attacker` cannot leave the defending king without a flight square within
/// `moves` of its own moves, the defender making `defender_moves` in between: then no
/// mate (nor stalemate) comes within `moves`. False means only "not excluded".
pub(crate) fn flights_stay_open<B: Bits>(
    pos: &Position<B>,
    attacker: Color,
    moves: u32,
    defender_moves: u32,
) -> bool {
    let (moves, dmoves) = (moves as usize, defender_moves as usize);
    if moves == 0 || moves > COVER_MOVES || dmoves > REACH || !argument_holds(pos) {
        return false;
    }
    let e = &*pos.eng;
    let (a, d) = (attacker.idx(), attacker.flip().idx());
    let cover = crate::board::flights::flight_cover(e);
    let k0 = pos.king_sq(attacker.flip());
    let own = pos.occ_c[d] & !B::bit(k0);
    // The defender's men besides the king: at most that many neighbours are held at the
    // end, whichever they were.
    let men = i32::from(pos.men[d]) - 1;
    // Where the defender's men can stand: asked once a square leaves them moves.
    let mut within = None;
    let mut inner = B::EMPTY;
    for steps in 0..=dmoves {
        let ball = e.king_ball[steps * e.n + k0];
        for s in (ball & !inner).iter() {
            let around = e.kinds[e.king as usize].leap[s];
            let open = around & !own;
            let budget = dmoves - steps;
            let filled = match budget {
                0 => 0,
                _ => fillable(
                    open,
                    within.get_or_insert_with(|| {
                        standing_within(pos, cover, attacker.flip(), dmoves)
                    }),
                    budget,
                ),
            };
            let need = open.count() as i32 - filled;
            let need_all = around.count() as i32 - men;
            let held = need <= 0 || covers(pos, cover, a, moves, s, open, need);
            if held && (need_all <= 0 || covers(pos, cover, a, moves, s, around, need_all)) {
                return false;
            }
        }
        inner = ball;
    }
    true
}

/// Where the defender's men besides its king can stand after at most `j` of their moves,
/// for `j` in `1..=moves` (at `j`), on an empty board.
fn standing_within<B: Bits>(
    pos: &Position<B>,
    cover: &crate::board::cover::FlightCover<B>,
    defender: Color,
    moves: usize,
) -> [B; REACH + 1] {
    let mut within = [B::EMPTY; REACH + 1];
    let (d, k0) = (defender.idx(), pos.king_sq(defender));
    for k in 0..pos.eng.nk {
        for x in (pos.pieces[d][k] & !B::bit(k0)).iter() {
            for (j, w) in within.iter_mut().enumerate().take(moves + 1).skip(1) {
                *w |= cover.within(d, k, j, x);
            }
        }
    }
    within
}

/// The most squares of `open` the defender's men can fill with `budget` moves in all:
/// each filled square costs at least the moves its nearest man needs to stand on it
/// (`within`), so the cheapest squares first.
fn fillable<B: Bits>(open: B, within: &[B; REACH + 1], budget: usize) -> i32 {
    let (mut left, mut filled, mut seen) = (budget, 0, B::EMPTY);
    for (j, &w) in within.iter().enumerate().take(budget + 1).skip(1) {
        let take = ((open & w & !seen).count() as usize).min(left / j);
        filled += take;
        left -= take * j;
        seen = w;
    }
    filled as i32
}

/// Before the attacker's last move, the defender to move: when the attacker's men could
/// not leave the king without a flight square with one move as the board stands
/// ([`flights_stay_open`], the defender passing), keeps only the defender's moves after
/// which they may. Any other move keeps the king where it is, leaves the squares next to
/// it as they were held and the defender's men as many, and can only take an attacker's
/// man: the bound counts every man's attacks on an empty board, so with the same men or
/// fewer it holds after the move too, and neither a mate nor a stalemate follows. The
/// moves kept: those that leave or enter a square next to the king (each step of the
/// king's enters one), promotions (a promoted man may hold a privilege the argument does
/// not take), castling and the first leaps.
pub(crate) fn keep_goal_openers<B: Bits>(pos: &Position<B>, attacker: Color, list: &mut MoveList) {
    use crate::board::position::MoveKind;
    if !flights_stay_open(pos, attacker, 1, 0) {
        return;
    }
    let e = &*pos.eng;
    let ring = e.kinds[e.king as usize].leap[pos.king_sq(attacker.flip())];
    list.retain(|m| {
        ring.has(m.from as usize)
            || ring.has(m.to as usize)
            || m.promo.is_some()
            || m.flag > MoveKind::EnPassant
    });
}

/// Can the attacker's men together attack `need` squares of `open` (neighbours of `s`)
/// after `moves` moves shared among them? A man that stays where it is attacks what it
/// attacks there on an empty board; one that moves, at most the cover table's count.
#[inline]
fn covers<B: Bits>(
    pos: &Position<B>,
    cover: &crate::board::cover::FlightCover<B>,
    a: usize,
    moves: usize,
    s: usize,
    open: B,
    need: i32,
) -> bool {
    // best[m]: the most covered with m moves spent on the men seen so far.
    let mut best = [0i32; COVER_MOVES + 1];
    for k in 0..pos.eng.nk {
        let men = pos.pieces[a][k];
        if men.is_empty() {
            continue;
        }
        let row = cover.row(a, k, s);
        for x in men.iter() {
            let mut c = row[x].to_le_bytes().map(i32::from);
            c[0] = (cover.attacks(a, k, x) & open).count() as i32;
            for m in (0..=moves).rev() {
                best[m] = (0..=m).map(|j| best[m - j] + c[j]).max().unwrap_or(0);
            }
            if best[moves] >= need {
                return true;
            }
        }
    }
    false
}

/// The attacker's moves that may still mate at once, judged by the flight squares of the
/// defending king where it stands: the men that stay attack what they attack on an empty
/// board, the man that moves what it attacks from its new square (as what it becomes).
pub(crate) struct LastMoves<B> {
    attacker: usize,
    open: B,
    need: i32,
    stay: i32,
    /// The men whose move may leave every flight square attacked: those for which the
    /// others' attacks and the most the man covers after one move on an empty board
    /// reach every open square. No move of any other man passes [`Self::may_mate`].
    movers: B,
}

impl<B: Bits> LastMoves<B> {
    /// The filter for `attacker` to move, or `None` where the argument fails (as for
    /// [`flights_stay_open`]).
    pub(crate) fn new(pos: &Position<B>, attacker: Color) -> Option<Self> {
        if !argument_holds(pos) {
            return None;
        }
        let e = &*pos.eng;
        let (a, d) = (attacker.idx(), attacker.flip().idx());
        let k0 = pos.king_sq(attacker.flip());
        let open = e.kinds[e.king as usize].leap[k0] & !(pos.occ_c[d] & !B::bit(k0));
        let cover = crate::board::flights::flight_cover(e);
        // Each man's square, and what one move of its may add: the most it covers after
        // one move less what it attacks where it stands.
        let (mut at, mut gain) = ([0u8; 64], [0i16; 64]);
        let mut len = 0;
        let mut stay = 0;
        for k in 0..e.nk {
            let men = pos.pieces[a][k];
            if men.is_empty() {
                continue;
            }
            let row = cover.row(a, k, k0);
            for x in men.iter() {
                let here = (cover.attacks(a, k, x) & open).count() as i32;
                stay += here;
                if len < at.len() {
                    at[len] = x as u8;
                    gain[len] = (i32::from(row[x].to_le_bytes()[1]) - here) as i16;
                }
                len += 1;
            }
        }
        let need = open.count() as i32;
        let movers = if len <= at.len() {
            (0..len)
                .filter(|&i| stay + i32::from(gain[i]) >= need)
                .fold(B::EMPTY, |b, i| b | B::bit(usize::from(at[i])))
        } else {
            // More men than counted one by one: none is ruled out.
            pos.occ_c[a]
        };
        Some(LastMoves {
            attacker: a,
            open,
            need,
            stay,
            movers,
        })
    }

    /// True when no move of the attacker's can leave every flight square attacked: what
    /// [`flights_stay_open`] answers for one attacker move and none of the defender's,
    /// from the counts this filter keeps anyway.
    pub(crate) fn refutes(&self) -> bool {
        self.movers.is_empty()
    }

    /// The men whose move may leave every flight square attacked (see the field).
    pub(crate) fn movers(&self) -> B {
        self.movers
    }

    /// May `m` (a legal move of the attacker's) leave every flight square attacked?
    #[inline]
    pub(crate) fn may_mate(&self, pos: &Position<B>, m: &Move) -> bool {
        use crate::board::position::MoveKind;
        if !matches!(
            m.flag,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
        ) {
            return true;
        }
        let cover = crate::board::flights::flight_cover(&pos.eng);
        let a = self.attacker;
        let becomes = m.promo.unwrap_or(m.piece);
        let before = (cover.attacks(a, m.piece as usize, m.from as usize) & self.open).count();
        let after = (cover.attacks(a, becomes as usize, m.to as usize) & self.open).count();
        self.stay - before as i32 + after as i32 >= self.need
    }
}

/// With two attacker moves left, one defence that answers most first moves at once: a
/// plain move `d` of the defender's (the one that held last one move deeper) after which,
/// played as if the attacker had passed, the attacker's men cannot cover every flight
/// square with two moves of their own ([`flights_stay_open`]). A first move that touches
/// none of `d`'s squares and leaves `d` legal (a check included, if `d` meets it) is then
/// answered by `d`: the two moves commute, so the men stand after the attacker's second
/// move as they would after two moves of its own following `d`, and none of those mates.
/// This is the flight-square bound asked once per node instead of once per first move;
/// it holds with riders. When `d` does not do, the king's steps are tried in its place.
pub(crate) struct HeldReply {
    d: Move,
}

impl HeldReply {
    /// The reply for `attacker` to move in `pos`: `d`, or else a step of the king's, legal
    /// there with the defender to move, that stops every mate; `None` when none does.
    ///
    /// `men`: the least men (the king counted) the defender must keep after the reply;
    /// four for a `win` goal, so that two captures cannot bare its king.
    pub(crate) fn new<B: Bits>(
        pos: &mut Position<B>,
        attacker: Color,
        d: Move,
        men: u16,
    ) -> Option<Self> {
        if pos.side != attacker || pos.in_check() || !argument_holds(pos) {
            return None;
        }
        pos.side = attacker.flip();
        let found = Self::first_holding(pos, attacker, d, men);
        pos.side = attacker;
        found.map(|d| HeldReply { d })
    }

    /// The first of `d` and the king's steps that is legal (the defender to move) and
    /// leaves the flights uncoverable.
    fn first_holding<B: Bits>(
        pos: &mut Position<B>,
        attacker: Color,
        d: Move,
        men: u16,
    ) -> Option<Move> {
        use crate::board::position::MoveKind;
        let def = attacker.flip().idx();
        let (king, ksq) = (pos.eng.king, pos.king_sq(attacker.flip()));
        let steps = pos.eng.kinds[king as usize].leap[ksq] & !pos.occ_c[def];
        let step = |s| Move::new(ksq, s, king, MoveKind::Normal);
        std::iter::once(d).chain(steps.iter().map(step)).find(|&c| {
            if pos.plain_move_legal(c) != Some(true) {
                return false;
            }
            let u = pos.make(c);
            let holds = pos.men[def] >= men && flights_stay_open(pos, attacker, 2, 0);
            pos.unmake(c, u);
            holds
        })
    }

    /// After the attacker's first move `m` (made in `pos`, the defender to move): does
    /// the reply answer it, so that no mate comes with the attacker's second move?
    #[inline]
    pub(crate) fn answers<B: Bits>(&self, pos: &mut Position<B>, m: &Move) -> bool {
        let d = self.d;
        let touched = [m.from, m.to, m.from2, m.to2];
        !touched.contains(&d.from)
            && !touched.contains(&d.to)
            && pos.plain_move_legal(d) == Some(true)
    }
}

/// May the flight-square argument be made here? Not with a stack on the board, nor with a
/// first-move privilege of a man that is not a pawn (a king's or queen's leap reaches
/// further than the tables count).
pub(crate) fn argument_holds<B: Bits>(pos: &Position<B>) -> bool {
    let pawns = pos.eng.pawn.map_or(B::EMPTY, |p| {
        pos.pieces[0][p as usize] | pos.pieces[1][p as usize]
    });
    !pos.stacked.any() && (pos.privileges & !pawns).is_empty()
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{helpmate, mating_positions, random_position, Rng};
    use super::*;
    use crate::board::engine::Engine;
    use crate::board::outcome::WinKind;
    use crate::board::rules::Rules;
    use std::sync::Arc;

    /// Wherever the bound fires, not even a cooperative line mates or stalemates: on
    /// shatranj positions built for mates, with rooks on the attacker's side, many of
    /// which have one.
    #[test]
    fn where_the_flight_bound_fires_no_helpmate_or_helpstalemate_exists() {
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(0x5eed_f1e5_0000_0029);
        let sets = [
            ("R", "p"),
            ("RN", "pp"),
            ("RQ", "n"),
            ("RR", "pq"),
            ("NB", "p"),
            ("R", ""),
            ("RBQ", "rp"),
        ];
        let wins = [WinKind::Checkmate, WinKind::Stalemate];
        // [n][fired, a helpmate or helpstalemate found]
        let mut seen = [[0usize; 2]; 3];
        for (i, mut pos) in mating_positions(&eng, &mut rng, &sets, [2, 3, 4, 6], 6_000).enumerate()
        {
            let fen = pos.to_fen();
            let attacker = Color::White;
            // Two moves only on every fourth position: the cooperative search is wide.
            let deepest = if i % 4 == 0 { 2 } else { 1 };
            for n in 1..=deepest {
                let between = if pos.side == attacker { n - 1 } else { n };
                let fires = flights_stay_open(&pos, attacker, n, between);
                let won = helpmate(&mut pos, attacker, n, &wins);
                assert!(!(fires && won), "{fen}: a mate or stalemate within {n}");
                seen[n as usize][0] += fires as usize;
                seen[n as usize][1] += won as usize;
            }
        }
        // Random placements: the king often in the open, where the bound fires with two
        // moves too.
        let men = ["KRkp", "KRNkpp", "KRQkn", "KRRkb", "KNQBkp"];
        for i in 0..3000 {
            let mut pos = random_position(&eng, &mut rng, men[i % men.len()], i % 2 == 0);
            if pos.validate().is_err() {
                continue;
            }
            let fen = pos.to_fen();
            let n = 1 + (i % 2 == 0) as u32;
            let between = if pos.side == Color::White { n - 1 } else { n };
            let fires = flights_stay_open(&pos, Color::White, n, between);
            let won = helpmate(&mut pos, Color::White, n, &wins);
            assert!(!(fires && won), "{fen}: a mate or stalemate within {n}");
            seen[n as usize][0] += fires as usize;
            seen[n as usize][1] += won as usize;
        }
        // Both answers must be common, or the test proves little.
        assert!(
            seen[1][0] > 300 && seen[1][1] > 50 && seen[2][0] > 30 && seen[2][1] > 100,
            "fired / won: {seen:?}"
        );
    }

    /// Where pawns are about to promote and the defender's men are mostly pawns (which
    /// fill only the squares ahead of them), the bound still never fires where a
    /// cooperative line mates (orthodox rules: a pawn becomes a queen) or mates or
    /// stalemates (shatranj: a ferz; a stalemate wins).
    #[test]
    fn with_pawns_about_to_promote_the_flight_bound_still_holds() {
        let mut rng = Rng(0x5eed_f1e5_0000_0068);
        let men = ["KRkppp", "KBkpppn", "KNkpp", "KQkppp", "KPkppb", "Kkpppp"];
        let mut seen = [[0usize; 2]; 3];
        for preset in ["orthodox", "shatranj"] {
            let eng = Arc::new(Engine::<u64>::new(Rules::preset(preset).unwrap()).unwrap());
            let wins = [WinKind::Checkmate, WinKind::Stalemate];
            for i in 0..2400 {
                let mut pos = random_position(&eng, &mut rng, men[i % men.len()], i % 2 == 0);
                // A White pawn on the seventh rank, and on every other position a Black
                // one on the second.
                let pawn = eng.rules.kind_of('p').unwrap();
                for (c, lo) in [(Color::White, 48), (Color::Black, 8)]
                    .into_iter()
                    .take(1 + i % 2)
                {
                    let s = lo + rng.below(8);
                    if !pos.occupied().has(s) {
                        pos.add_man(c, pawn, s);
                    }
                }
                pos.hash = pos.compute_hash();
                if pos.validate().is_err() {
                    continue;
                }
                let fen = pos.to_fen();
                let n = 1 + (i % 3 == 0) as u32;
                let between = if pos.side == Color::White { n - 1 } else { n };
                let fires = flights_stay_open(&pos, Color::White, n, between);
                let won = helpmate(&mut pos, Color::White, n, &wins);
                assert!(!(fires && won), "{preset} {fen}: a goal within {n}");
                seen[n as usize][0] += fires as usize;
                seen[n as usize][1] += won as usize;
            }
        }
        assert!(
            seen[1][0] > 200 && seen[2][0] > 50 && seen[2][1] > 100,
            "fired / won: {seen:?}"
        );
    }

    /// Wherever a held reply answers a first move, that reply is legal after it and no
    /// second move of the attacker's mates (nor, under `win`, stalemates or bares the
    /// king): every legal first move, on positions built for mates and on random ones,
    /// each reply tried as the one that held last, for either goal in turn.
    #[test]
    fn a_held_reply_answers_the_first_moves_it_claims() {
        use crate::board::movegen::MoveList;
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(0x4e1d_0000_0000_0029);
        let sets = [
            ("R", "pp"),
            ("RN", "pqp"),
            ("RQ", "nbp"),
            ("RR", "ppq"),
            ("NB", "pnq"),
        ];
        let mut positions: Vec<Position<u64>> =
            mating_positions(&eng, &mut rng, &sets, [2, 3, 4, 6], 4_000).collect();
        let men = ["KRkpnq", "KRNkpq", "KRQknpp", "KRRkbp"];
        for i in 0..2_000 {
            let p = random_position(&eng, &mut rng, men[i % men.len()], true);
            if p.validate().is_ok() {
                positions.push(p);
            }
        }
        let (mut answered, mut played) = (0, 0);
        for mut pos in positions {
            if pos.side != Color::White {
                continue;
            }
            // Every defender move, as the one that held last.
            pos.side = Color::Black;
            let mut replies = MoveList::new();
            pos.legal_moves(&mut replies);
            pos.side = Color::White;
            let mut firsts = MoveList::new();
            pos.legal_moves(&mut firsts);
            // A mate goal, and a `win` goal (the defender keeping four men).
            let goals: [(u16, &[WinKind]); 2] = [
                (0, &[WinKind::Checkmate]),
                (
                    4,
                    &[WinKind::Checkmate, WinKind::Stalemate, WinKind::BareKing],
                ),
            ];
            for (&d, (men, wins)) in replies.as_slice().iter().zip(goals.iter().cycle()) {
                let Some(held) = HeldReply::new(&mut pos, Color::White, d, *men) else {
                    continue;
                };
                let fen = pos.to_fen();
                for &m in firsts.as_slice() {
                    let u = pos.make(m);
                    if held.answers(&mut pos, &m) {
                        let r = held.d;
                        let mut legal = MoveList::new();
                        pos.legal_moves(&mut legal);
                        assert!(legal.as_slice().contains(&r), "{fen}: {m:?} then {r:?}");
                        let u2 = pos.make(r);
                        let mate = helpmate(&mut pos, Color::White, 1, wins);
                        pos.unmake(r, u2);
                        assert!(!mate, "{fen}: after {m:?} {r:?} a win in one");
                        answered += 1;
                    }
                    played += 1;
                    pos.unmake(m, u);
                }
            }
        }
        assert!(
            answered > 20_000 && played > answered,
            "{answered} of {played}"
        );
    }

    /// A move the last-move filter sets aside never mates nor stalemates: every legal
    /// move of the attacker, on positions built for mates.
    #[test]
    fn a_move_set_aside_never_mates() {
        use crate::board::movegen::MoveList;
        use crate::board::outcome::Outcome;
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(0x1a57_0000_0000_0029);
        let sets = [
            ("R", "p"),
            ("RN", "pp"),
            ("RQ", "n"),
            ("RRP", "pq"),
            ("NBP", "p"),
        ];
        let (mut aside, mut mates, mut refuted, mut left_out) = (0, 0, 0, 0);
        for mut pos in mating_positions(&eng, &mut rng, &sets, [2, 3, 4, 6], 12_000) {
            if pos.side != Color::White {
                continue;
            }
            let Some(last) = LastMoves::new(&pos, Color::White) else {
                continue;
            };
            let fen = pos.to_fen();
            let stays_open = flights_stay_open(&pos, Color::White, 1, 0);
            assert_eq!(
                last.refutes(),
                stays_open,
                "{fen}: the bound from the filter"
            );
            refuted += stays_open as usize;
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            for &m in list.as_slice() {
                let keep = last.may_mate(&pos, &m);
                // A man left out of the movers has no plain move the filter keeps.
                let plain = m.flag <= crate::board::position::MoveKind::EnPassant;
                let mover = last.movers().has(m.from as usize);
                assert!(
                    mover || !plain || !keep,
                    "{}: {m:?} kept but its man is not a mover",
                    pos.to_fen()
                );
                left_out += !mover as usize;
                let u = pos.make(m);
                let mut replies = MoveList::new();
                pos.legal_moves(&mut replies);
                let over = matches!(pos.outcome_with(&replies), Outcome::Win { how, .. }
                    if how != WinKind::BareKing);
                pos.unmake(m, u);
                assert!(
                    keep || !over,
                    "{}: {m:?} set aside but it wins",
                    pos.to_fen()
                );
                aside += !keep as usize;
                mates += over as usize;
            }
        }
        assert!(
            aside > 15_000 && mates > 150 && refuted > 300 && left_out > 5_000,
            "set aside {aside}, mates {mates}, refuted {refuted}, left out {left_out}"
        );
    }

    /// Has the side to move a move after which the other has none (mate or stalemate)?
    fn leaves_no_move(pos: &mut Position<u64>) -> bool {
        use crate::board::movegen::MoveList;
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        list.as_slice().iter().any(|&m| {
            let u = pos.make(m);
            let mut replies = MoveList::new();
            pos.legal_moves(&mut replies);
            pos.unmake(m, u);
            replies.is_empty()
        })
    }

    /// A defender's move the filter before the last move sets aside lets neither a mate
    /// nor a stalemate come: every legal move of Black's on positions built for mates and
    /// on random ones, under shatranj and under orthodox rules (castling, double steps,
    /// promotion to the queen).
    #[test]
    fn a_defence_set_aside_before_the_mate_lets_none_come() {
        use crate::board::movegen::MoveList;
        let sets = [
            ("R", "pp"),
            ("RN", "pnp"),
            ("RQ", "nbp"),
            ("RRP", "pq"),
            ("NBP", "pr"),
        ];
        let (mut aside, mut kept_mates) = (0, 0);
        for (preset, seed) in [("shatranj", 0x0be7_0000_0000_0068u64), ("orthodox", 0x0be8)] {
            let eng = Arc::new(Engine::<u64>::new(Rules::preset(preset).unwrap()).unwrap());
            let mut rng = Rng(seed);
            // Black's men next to its king in the first, anywhere in the second.
            let mut positions: Vec<_> =
                mating_positions(&eng, &mut rng, &sets, [2, 3, 4, 6], 8_000).collect();
            let men = ["KRQkpnbr", "KRNkppq", "KQBkrnp", "KRRPkbpn"];
            for i in 0..6_000 {
                let p = random_position(&eng, &mut rng, men[i % men.len()], false);
                if p.validate().is_ok() {
                    positions.push(p);
                }
            }
            for mut pos in positions {
                if pos.side != Color::Black {
                    continue;
                }
                let fen = pos.to_fen();
                let mut all = MoveList::new();
                pos.legal_moves(&mut all);
                let mut kept = MoveList::new();
                all.as_slice().iter().for_each(|&m| kept.push(m));
                keep_goal_openers(&pos, Color::White, &mut kept);
                for &m in all.as_slice() {
                    let keep = kept.as_slice().contains(&m);
                    let u = pos.make(m);
                    let mate = leaves_no_move(&mut pos);
                    pos.unmake(m, u);
                    assert!(
                        keep || !mate,
                        "{preset} {fen}: {m:?} set aside, but a mate or stalemate follows"
                    );
                    aside += !keep as usize;
                    kept_mates += (keep && mate) as usize;
                }
            }
        }
        assert!(
            aside > 20_000 && kept_mates > 200,
            "set aside {aside}, mates kept {kept_mates}"
        );
    }
}
