//! The `#N` search's bounds, asked by the help and series searches. They hold whatever
//! the other side plays, so for cooperative play too: where the side that makes the last
//! move cannot give check in time with its leapers ([`reach::no_check_within`]), or
//! cannot leave the king without a flight square within three moves
//! ([`reach::flights_stay_open`]), no line from the node reaches the goal. The mating
//! move is looked for among the checks those flight squares leave, each judged from
//! attack maps before it is played ([`reach::LastMoves`], [`reach::MatingMoves`],
//! [`reach::mates`]). None of them is asked under forced capture (a check may then be
//! illegal while a capture is on), nor where the royal man does not step like a king or
//! stacks may form ([`reach::applicable`]).

use super::goal::{game_over, reached, Target};
use super::meter::Meter;
use super::stip::Aim;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::piece::Color;
use crate::board::position::{Move, MoveKind, Position};
use crate::board::rules::BareKingRule;
use crate::solve::reach;

/// May the bounds answer under these rules (fixed for a search)?
pub(super) fn bounds_apply<B: Bits>(pos: &Position<B>) -> bool {
    reach::applicable(pos) && !pos.eng.rules.forced_capture
}

/// Is the goal out of reach: `mater` (the side the last move is made by) has `w` moves
/// left and the other side `d`? Only where [`bounds_apply`].
pub(super) fn out_of_reach<B: Bits>(
    pos: &Position<B>,
    aim: Target,
    mater: Color,
    w: u32,
    d: u32,
) -> bool {
    (aim == Aim::Mate && reach::no_check_within(pos, mater, w, d))
        || reach::flights_stay_open(pos, mater, w, d)
}

/// Every mating move of the side to move, each ending `line` as a solution pushed onto
/// `found`; true when there is one. Only where [`bounds_apply`]. A search stopped by
/// `meter` may miss some.
pub(super) fn mates_in_one<B: Bits>(
    pos: &mut Position<B>,
    meter: &mut Meter,
    (line, found): (&mut Vec<Move>, &mut Vec<Vec<Move>>),
) -> bool {
    let me = pos.side();
    let last = reach::LastMoves::new(pos, me);
    if last.as_ref().is_some_and(|l| l.refutes()) {
        return false;
    }
    let mut list = MoveList::new();
    match &last {
        Some(l) => pos.checking_moves_where(&mut list, l.movers(), |p, m| l.may_mate(p, m)),
        None => pos.checking_moves(&mut list),
    }
    if list.is_empty() || ended(pos, &list) {
        return false;
    }
    let movers = list
        .as_slice()
        .iter()
        .fold(B::EMPTY, |b, m| b | B::bit(m.from as usize));
    if let Some(mm) = reach::MatingMoves::new(pos, me, movers) {
        let plain = |m: &Move| m.flag <= MoveKind::EnPassant;
        list.retain(|m| (!plain(m) || mm.movers().has(m.from as usize)) && mm.may_mate(pos, m));
    }
    let judged = reach::mates_judged(pos);
    let mut any = false;
    for &m in list.as_slice() {
        if meter.tick() {
            return any;
        }
        let mate = judged
            .then(|| reach::mates(pos, &m))
            .flatten()
            .unwrap_or_else(|| {
                let u = pos.make(m);
                let v = reached(pos, Target::plain(Aim::Mate));
                pos.unmake(m, u);
                v
            });
        if mate {
            line.push(m);
            found.push(line.clone());
            line.pop();
            any = true;
        }
    }
    any
}

/// Has the game ended here, `some` being some of the side to move's legal moves (not
/// none)? Only a bare king that may bare back needs them all.
pub(super) fn ended<B: Bits>(pos: &mut Position<B>, some: &MoveList) -> bool {
    let pending = pos.men[pos.side().idx()] == 1
        && pos.eng.rules.bare_king == BareKingRule::WinUnlessBaredBack;
    if pending {
        let mut all = MoveList::new();
        pos.legal_moves(&mut all);
        return game_over(pos, &all);
    }
    game_over(pos, some)
}
