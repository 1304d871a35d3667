//! A sound lower bound on how soon a mate can come, from how far the men reach.
//!
//! Checkmate needs a check, and the check must be made by the mating move itself: before
//! it the defender had just moved and so was not in check. Without riders on the
//! attacker's side no line can be opened, so the checking man is the one that moved last,
//! and it must attack the square the defending king then stands on. If no man of the
//! attacker's can reach, within its remaining moves, a square from which it attacks any
//! square the king can reach in the meantime, no mate is possible. Both reaches are taken
//! on an empty board, which only makes them larger, so the bound never cuts a real mate.
//!
//! The bound gives up (answers "maybe") whenever this argument does not hold: the attacker
//! has a rider or a bent rider, a man that is not a symmetric leaper, a pawn that may
//! promote in time; first-move privileges or stacks are on the board; the royal kind is
//! not a symmetric leaper (the attacking king could otherwise give check).
//!
//! The same reasoning finds quiet defences: with one attacker move to come, a defence
//! after which no man of the attacker's can check at all refutes a mate, and where every
//! first move of the attacker's leaves one, no mate comes within two.

use crate::bits::Bits;
use crate::engine::{NO_SQ, REACH};
use crate::movegen::MoveList;
use crate::piece::Color;
use crate::position::{flag, Move, Position};

/// Can the rules ever let the bound answer? (Fixed per engine: the royal kind must be a
/// symmetric leaper, and stacks must not form.)
pub(crate) fn applicable<B: Bits>(pos: &Position<B>) -> bool {
    let e = &*pos.eng;
    e.sym_leaper[e.king as usize] && !e.rules.stacks_may_form
}

/// True when `attacker` cannot give check within `moves` of its own moves while the
/// defending king makes at most `king_steps` steps: then no mate comes within `moves`.
/// False means only "not excluded".
pub(crate) fn no_check_within<B: Bits>(
    pos: &Position<B>,
    attacker: Color,
    moves: u32,
    king_steps: u32,
) -> bool {
    let (moves, king_steps) = (moves as usize, king_steps as usize);
    if moves == 0 {
        return true;
    }
    if moves > REACH || king_steps > REACH || pos.stacked.any() || pos.privileges.any() {
        return false;
    }
    let e = &*pos.eng;
    let zone = e.king_ball[king_steps * e.n + pos.king_sq(attacker.flip())];
    no_check_on(pos, attacker, moves, zone, B::EMPTY)
}

/// True when no man of `attacker`'s, those on `gone` left out, can within `moves` of its
/// moves stand where it attacks a square of `zone` (`moves` at most [`REACH`]; the caller
/// has ruled out stacks and privileges).
fn no_check_on<B: Bits>(
    pos: &Position<B>,
    attacker: Color,
    moves: usize,
    zone: B,
    gone: B,
) -> bool {
    let e = &*pos.eng;
    let a = attacker.idx();
    // As `threats`, but stopping at the first man that reaches the zone.
    for k in 0..e.nk {
        let men = pos.pieces[a][k] & !gone;
        if men.is_empty() || k == e.king as usize {
            continue;
        }
        if e.kinds[k].pawn {
            if pawn_threats(pos, attacker, men, moves).is_none_or(|t| t.intersects(zone)) {
                return false;
            }
            continue;
        }
        if !e.sym_leaper[k] {
            return false;
        }
        let table = &e.attack_within[(k * REACH + moves - 1) * e.n..];
        if men.iter().any(|s| table[s].intersects(zone)) {
            return false;
        }
    }
    true
}

/// Every square some man of `attacker`'s (the king and the men on `gone` left out) can
/// attack after at most `moves` of its moves, on an empty board; `None` where that is not
/// bounded (a man that is not a symmetric leaper, a pawn that may promote). Same
/// conditions as [`no_check_on`].
fn threats<B: Bits>(pos: &Position<B>, attacker: Color, moves: usize, gone: B) -> Option<B> {
    let e = &*pos.eng;
    let n = e.n;
    let a = attacker.idx();
    let mut all = B::EMPTY;
    for k in 0..e.nk {
        let men = pos.pieces[a][k] & !gone;
        if men.is_empty() || k == e.king as usize {
            continue;
        }
        if e.kinds[k].pawn {
            all |= pawn_threats(pos, attacker, men, moves)?;
            continue;
        }
        if !e.sym_leaper[k] {
            return None;
        }
        let table = &e.attack_within[(k * REACH + moves - 1) * n..];
        for s in men.iter() {
            all |= table[s];
        }
    }
    Some(all)
}

/// With the defender to move (`attacker` the other side): true when the defender has a
/// legal move after which no man of `attacker`'s can give check with its next move, so
/// that no mate comes within one more attacker move. Two such defences are looked for,
/// without making any move but the one tested for legality: the king stays where no man
/// can check it next and another man moves (any legal move of it: the bound takes the
/// board as empty, so no defence can widen the attacker's reach), or the king steps to
/// such a square (a man the step takes left out). False means only "not shown"; the caller
/// must make sure the defender may choose any legal move (no condition or rule filters
/// them) and that only a checkmate meets the goal.
pub(crate) fn quiet_defence<B: Bits>(pos: &mut Position<B>, attacker: Color) -> bool {
    if pos.stacked.any() || pos.privileges.any() {
        return false;
    }
    let Some(threats1) = threats(pos, attacker, 1, B::EMPTY) else {
        return false;
    };
    // The moves that would do, to be tested for legality once the engine is let go.
    let mut cands = MoveList::new();
    {
        let e = &*pos.eng;
        let (d, a) = (attacker.flip().idx(), attacker.idx());
        let king = e.king;
        let ksq = pos.king_sq(attacker.flip());
        if !threats1.has(ksq) {
            // Any legal move of a man other than the king (pawns left out: their moves
            // are not tested here). The bound held, so every man of the attacker's is a
            // leaper, a pawn or the king: out of check, no such move can expose the king,
            // and each one the man reaches is legal (what `plain_move_legal` would find).
            let quick = !pos.in_check() && pos.bare_king_decided().is_none();
            for k in 0..e.nk {
                if k == king as usize || e.kinds[k].pawn {
                    continue;
                }
                let mut mask = !pos.occ_c[d] & e.board;
                if e.kinds[k].no_capture_same_kind {
                    mask &= !pos.pieces[a][k];
                }
                for from in pos.pieces[d][k].iter() {
                    let targets = pos.man_targets(k, from) & mask;
                    if quick && targets.any() {
                        return true;
                    }
                    for to in targets.iter() {
                        cands.push(Move::new(from, to, k as u8, flag::NORMAL));
                    }
                }
            }
        }
        let steps = e.leap_flat[king as usize * e.n + ksq] & !pos.occ_c[d] & e.board;
        for s in steps.iter() {
            // A man the step takes checks no more (asked again only then).
            let gone = B::bit(s) & pos.occ_c[a];
            if !threats1.has(s) || (gone.any() && no_check_on(pos, attacker, 1, gone, gone)) {
                cands.push(Move::new(ksq, s, king, flag::NORMAL));
            }
        }
    }
    cands
        .as_slice()
        .iter()
        .any(|&m| pos.plain_move_legal(m) == Some(true))
}

/// With the attacker to move: true when, whatever it plays, the defender then has a
/// defence of the kind [`quiet_defence`] finds, so that no mate comes within two attacker
/// moves. Shown without making a move: either no man of the attacker's can check the king
/// where it stands within two moves (so the first move gives no check) and two of the
/// defender's men other than the king have two moves each (one move takes at most one man
/// or one square of theirs, so one of them keeps a move); or the king has a step that no
/// man of the attacker's can guard or check within two moves, the king's one step
/// included. Same conditions on the caller as [`quiet_defence`].
pub(crate) fn quiet_defence_after_any<B: Bits>(pos: &Position<B>, attacker: Color) -> bool {
    if pos.stacked.any() || pos.privileges.any() {
        return false;
    }
    let e = &*pos.eng;
    let (d, a) = (attacker.flip().idx(), attacker.idx());
    let king = e.king as usize;
    let ksq = pos.king_sq(attacker.flip());
    let Some(threats2) = threats(pos, attacker, 2, B::EMPTY) else {
        return false;
    };
    if !threats2.has(ksq) && spare_men(pos, attacker.flip()) {
        return true;
    }
    let guarded = e.king_ball[2 * e.n + pos.king_sq(attacker)];
    let steps = e.leap_flat[king * e.n + ksq] & !pos.occ_c[d] & !guarded & e.board;
    steps.iter().any(|s| {
        !pos.pieces[a][king].has(s) && !threats2.has(s) && !pos.attacked(s, attacker, pos.occ)
    })
}

/// What an attacker node with two moves left works out once so that most first moves can
/// be refuted without being played: the squares each man of the attacker's threatens
/// within one move. A first move of a leaper or the king (no promotion) that leaves the
/// defending king out of check and out of every man's one-move reach, the moved man's
/// included, is refuted by [`quiet_defence`]'s first kind of defence: some other man of
/// the defender's moves. Two spare men (see [`spare_men`]) make sure one still has a
/// move, and with the defender keeping three men and the attacker two no bare king ends
/// the game first.
pub(crate) struct FirstMoves<B: Bits> {
    /// (square, squares threatened within one move) of each man but the king.
    men: [(u8, B); MOST_MEN],
    count: usize,
}

/// The most men [`FirstMoves`] keeps track of.
const MOST_MEN: usize = 32;

impl<B: Bits> FirstMoves<B> {
    /// `None` where the shortcut cannot apply in this position (the same conditions on
    /// the caller as [`quiet_defence`]).
    pub(crate) fn new(pos: &Position<B>, attacker: Color) -> Option<Self> {
        if pos.stacked.any() || pos.privileges.any() {
            return None;
        }
        let e = &*pos.eng;
        let (a, d) = (attacker.idx(), attacker.flip().idx());
        if pos.men[a] < 2 || pos.men[d] < 3 || !spare_men(pos, attacker.flip()) {
            return None;
        }
        let mut fm = FirstMoves {
            men: [(0, B::EMPTY); MOST_MEN],
            count: 0,
        };
        for k in 0..e.nk {
            let men = pos.pieces[a][k];
            if men.is_empty() || k == e.king as usize {
                continue;
            }
            let pawn = e.kinds[k].pawn;
            if !pawn && !e.sym_leaper[k] {
                return None;
            }
            for s in men.iter() {
                if fm.count == MOST_MEN {
                    return None;
                }
                let t = if pawn {
                    pawn_threats(pos, attacker, B::bit(s), 1)?
                } else {
                    e.attack_within[k * REACH * e.n + s]
                };
                fm.men[fm.count] = (s as u8, t);
                fm.count += 1;
            }
        }
        Some(fm)
    }

    /// Is the attacker's legal first move `m` refuted so (true), or must it be played to
    /// be judged (false)?
    pub(crate) fn refuted(&self, pos: &Position<B>, m: Move) -> bool {
        let e = &*pos.eng;
        let k = m.piece as usize;
        if m.flag != flag::NORMAL || m.promo != NO_SQ || m.from2 != NO_SQ {
            return false;
        }
        let (to, ksq) = (m.to as usize, pos.king_sq(pos.side.flip()));
        let mut reach = B::EMPTY;
        if k != e.king as usize {
            if !e.sym_leaper[k] || e.leap_flat[k * e.n + to].has(ksq) {
                return false;
            }
            reach = e.attack_within[k * REACH * e.n + to];
        }
        for &(s, t) in &self.men[..self.count] {
            if s != m.from {
                reach |= t;
            }
        }
        !reach.has(ksq)
    }
}

/// Has `side` two men other than the king and its pawns with at least two moves each
/// (moves as the men reach, own men masked; legality aside)?
fn spare_men<B: Bits>(pos: &Position<B>, side: Color) -> bool {
    let e = &*pos.eng;
    let (us, them) = (side.idx(), side.flip().idx());
    let mut found = 0;
    for k in 0..e.nk {
        if k == e.king as usize || e.kinds[k].pawn {
            continue;
        }
        let mut mask = !pos.occ_c[us] & e.board;
        if e.kinds[k].no_capture_same_kind {
            mask &= !pos.pieces[them][k];
        }
        for from in pos.pieces[us][k].iter() {
            if (pos.man_targets(k, from) & mask).count() >= 2 {
                found += 1;
                if found == 2 {
                    return true;
                }
            }
        }
    }
    false
}

/// Every square these pawns might attack within `moves` moves; `None` where one might
/// promote (after which anything is possible). Every forward step and every diagonal
/// capture is allowed, whatever stands in the way.
fn pawn_threats<B: Bits>(pos: &Position<B>, attacker: Color, pawns: B, moves: usize) -> Option<B> {
    let e = &*pos.eng;
    let a = attacker.idx();
    let mut stand = pawns;
    for _ in 0..moves {
        let mut next = stand;
        for s in stand.iter() {
            let one = e.pawn_push[a][s];
            if one != crate::engine::NO_SQ {
                next |= B::bit(one as usize);
            }
            next |= e.pawn_cap[a][s];
        }
        stand = next;
    }
    // A pawn already standing on the last rank unpromoted (where the rules let a barred
    // pawn wait) counts too.
    if stand.intersects(e.last_rank[a]) {
        return None;
    }
    // The checking pawn has moved at least once, but counting the start squares too only
    // widens the set.
    Some(stand.iter().fold(B::EMPTY, |t, s| t | e.pawn_cap[a][s]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::U256;
    use crate::engine::Engine;
    use crate::movegen::MoveList;
    use crate::outcome::{Outcome, WinKind};
    use crate::rules::Rules;
    use std::sync::Arc;

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A position of men placed by letter (upper case White) on squares, with the side
    /// to move; not checked for legality.
    fn place<B: Bits>(
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
    fn random_position<B: Bits>(
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

    /// The bound recomputed the slow way: a breadth-first search over each man's leaps
    /// from its square, and over the king's steps from the king's square.
    fn slow_bound<B: Bits>(pos: &Position<B>, attacker: Color, moves: usize, steps: usize) -> bool {
        let e = &*pos.eng;
        let bfs = |leap: &[B], from: usize, depth: usize| {
            // Squares reachable in 0..=depth leaps (index = leaps taken), as one set each.
            let mut layers = vec![B::bit(from)];
            for _ in 0..depth {
                let last = *layers.last().unwrap();
                let mut next = B::EMPTY;
                for s in last.iter() {
                    next |= leap[s];
                }
                layers.push(next);
            }
            layers
        };
        let ksq = pos.king_sq(attacker.flip());
        let zone = bfs(&e.kinds[e.king as usize].leap, ksq, steps)
            .into_iter()
            .fold(B::EMPTY, |a, b| a | b);
        for k in 0..e.nk {
            let men = pos.pieces[attacker.idx()][k];
            if men.is_empty() || k == e.king as usize {
                continue;
            }
            if !e.sym_leaper[k] {
                return false;
            }
            let leap = &e.kinds[k].leap;
            for s in men.iter() {
                // Standing somewhere after 1..=moves leaps, attacking the zone from there.
                let layers = bfs(leap, s, moves);
                for layer in &layers[1..] {
                    if layer.iter().any(|t| leap[t].intersects(zone)) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The bound as the tables give it equals the slow search, on random positions of
    /// leapers on three board sizes, for every depth the tables hold.
    fn tables_agree<B: Bits>(preset: &str, sets: &[&str]) -> usize {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let mut fired = 0;
        for i in 0..400 {
            let pos = random_position(&eng, &mut rng, sets[i % sets.len()], i % 2 == 0);
            let fen = pos.to_fen();
            for attacker in [Color::White, Color::Black] {
                for moves in 1..=REACH {
                    for steps in [moves - 1, moves] {
                        let fast = no_check_within(&pos, attacker, moves as u32, steps as u32);
                        let slow = slow_bound(&pos, attacker, moves, steps);
                        assert_eq!(fast, slow, "{preset} {fen} {attacker:?} {moves} {steps}");
                        fired += fast as usize;
                    }
                }
            }
        }
        fired
    }

    #[test]
    fn tables_agree_with_a_breadth_first_search() {
        // Shatranj: n knight, q ferz, b alfil. Courier: m sage, w fool, e alfil. Grant
        // Acedrex: z giraffe, l lion.
        let f = tables_agree::<u64>("shatranj", &["KNkq", "KQBkn", "KNNknb", "KBkbq"]);
        let g = tables_agree::<u128>("courier", &["KNMkf", "KWEkn", "KFkm"]);
        let h = tables_agree::<U256>("grant-acedrex", &["KZkl", "KLZkz"]);
        assert!(
            f > 100 && g > 100 && h > 10,
            "the bound fired {f}, {g}, {h} times"
        );
    }

    /// Is there any line at all (both sides choosing) in which the attacker mates within
    /// `n` of its moves? The side to move is `attacker` or not.
    fn helpmate<B: Bits>(p: &mut Position<B>, attacker: Color, n: u32) -> bool {
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
                Outcome::Win {
                    winner,
                    how: WinKind::Checkmate,
                    ..
                } => winner == attacker,
                Outcome::Ongoing => {
                    let left = if p.side == attacker { n } else { n - 1 };
                    left > 0 && helpmate(p, attacker, left)
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

    /// A random shatranj position built for mates: Black's king on an edge, Black's
    /// `black` men next to it, White's king and `white` men within `spread` squares; the
    /// side to move as given. `None` when the men found no room or the position is not
    /// legal.
    fn mating_position(
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
    fn mating_positions<'a>(
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

    /// Wherever the bound says no mate within n (for the attacker to move, the king then
    /// has n - 1 steps; for the defender to move, n), not even a cooperative line mates:
    /// on positions built for mates, many of which have one.
    #[test]
    fn where_the_bound_fires_not_even_a_helpmate_exists() {
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(0x0ddb_a11c_afe0_0001);
        // [n][fired, helpmate found]
        let mut seen = [[0; 2]; 3];
        let sets = [
            ("NNQ", "ppr"),
            ("Q", "pp"),
            ("NB", "rn"),
            ("B", "pn"),
            ("QBN", "rp"),
            ("QB", "rp"),
            ("NP", "rp"),
            ("PPP", "rn"),
            ("PPQ", "nr"),
        ];
        for mut pos in mating_positions(&eng, &mut rng, &sets, [2, 3, 5, 7], 16_000) {
            let fen = pos.to_fen();
            // White holds the leapers; with Black to move, White attacks after Black's reply.
            let attacker = Color::White;
            for n in 1..=2u32 {
                let steps = if pos.side == attacker { n - 1 } else { n };
                let fires = no_check_within(&pos, attacker, n, steps);
                let mate = helpmate(&mut pos, attacker, n);
                assert!(
                    !(fires && mate),
                    "{fen}: a mate within {n} for {attacker:?}"
                );
                seen[n as usize][0] += fires as usize;
                seen[n as usize][1] += mate as usize;
            }
        }
        // Both answers must be common, or the test proves little.
        assert!(
            seen[1][0] > 1000 && seen[1][1] > 40 && seen[2][0] > 80 && seen[2][1] > 200,
            "fired / mates: {seen:?}"
        );
    }

    /// Has the side to move a legal move after which `attacker` has no legal move that
    /// gives check? (Found by trying every move and every reply.)
    fn some_move_stops_checks<B: Bits>(p: &mut Position<B>, attacker: Color) -> bool {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        list.as_slice().iter().any(|&d| {
            let u = p.make(d);
            let mut replies = MoveList::new();
            p.legal_moves(&mut replies);
            debug_assert_eq!(p.side, attacker);
            let quiet = replies.as_slice().iter().all(|&m| {
                let u2 = p.make(m);
                let check = p.in_check();
                p.unmake(m, u2);
                !check
            });
            p.unmake(d, u);
            quiet
        })
    }

    /// Checks the quiet-defence claims on `pos` by trying every move: with the defender
    /// to move, [`quiet_defence`] only where some defence stops every check; with the
    /// attacker to move, [`quiet_defence_after_any`] only where every attacker move
    /// leaves such a defence, and [`FirstMoves::refuted`] only for a move that does.
    /// Returns whether a claim was made.
    fn check_quiet_claims<B: Bits>(pos: &mut Position<B>, attacker: Color) -> bool {
        let fen = pos.to_fen();
        if pos.side != attacker {
            let claimed = quiet_defence(pos, attacker);
            assert_eq!(pos.to_fen(), fen, "the test leaves the position as it was");
            if claimed {
                assert!(
                    some_move_stops_checks(pos, attacker),
                    "{fen}: no quiet defence"
                );
            }
            return claimed;
        }
        let claimed = quiet_defence_after_any(pos, attacker);
        let first = FirstMoves::new(pos, attacker);
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut refuted = false;
        for &m in list.as_slice() {
            let one = first.as_ref().is_some_and(|f| f.refuted(pos, m));
            if claimed || one {
                let u = pos.make(m);
                let held = some_move_stops_checks(pos, attacker);
                pos.unmake(m, u);
                assert!(
                    held,
                    "{fen}: after {m:?} no quiet defence ({claimed}, {one})"
                );
            }
            refuted |= one;
        }
        claimed || refuted
    }

    /// Where a quiet defence is claimed, trying every move finds one: on shatranj
    /// positions built for mates, with the defender's men next to its king, and on random
    /// positions of leapers on the courier and Grant Acedrex boards.
    #[test]
    fn quiet_defences_are_real() {
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap());
        let mut rng = Rng(0x0ddb_a11c_afe0_0002);
        let sets = [
            ("NNQ", "rn"),
            ("Q", "rqp"),
            ("NB", "rnb"),
            ("QBN", "rr"),
            ("NP", "nq"),
            ("PPQ", "nrp"),
            ("NNBQ", "rnbqp"),
            ("NN", "ppn"),
            ("NQ", "ppr"),
            ("QB", "ppq"),
            ("NNQ", "pq"),
        ];
        // [defender to move, attacker to move]: [claims, positions].
        let mut seen = [[0; 2]; 2];
        for mut pos in mating_positions(&eng, &mut rng, &sets, [2, 3, 4, 6], 12_000) {
            let side = (pos.side == Color::White) as usize;
            seen[side][0] += check_quiet_claims(&mut pos, Color::White) as usize;
            seen[side][1] += 1;
        }
        assert!(
            seen[0][0] > 500 && seen[1][0] > 150 && seen[0][0] < seen[0][1],
            "claims / positions: {seen:?}"
        );
        let c = quiet_claims_on::<u128>("courier", &["KNMFkrn", "KWENkbw", "KMMkrnf"]);
        let g = quiet_claims_on::<U256>("grant-acedrex", &["KZLkrl", "KLLkzr"]);
        assert!(c > 100 && g > 20, "courier {c}, grant acedrex {g} claims");
    }

    /// Random positions of `sets` under `preset`, either side to move, White attacking:
    /// the quiet-defence claims checked; returns how many were made.
    fn quiet_claims_on<B: Bits>(preset: &str, sets: &[&str]) -> usize {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut rng = Rng(0x5157_0000_0000_0003);
        let mut claims = 0;
        for i in 0..1_500 {
            let mut pos = random_position(&eng, &mut rng, sets[i % sets.len()], i % 2 == 0);
            if pos.validate().is_err() {
                continue;
            }
            claims += check_quiet_claims(&mut pos, Color::White) as usize;
        }
        claims
    }
}
