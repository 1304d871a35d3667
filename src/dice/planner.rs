//! One slot's throws and successors, worked out with the move generator for both layouts
//! (the stored graph once, `dice::compact` on every sweep). A planner serves many slots
//! in turn: it keeps one position, one move list and the smaller tables it has met, so
//! a slot costs no allocation, no new handle on the rules and no lookup by material
//! name. The successors come out per throw in the die's order, each throw's in the order
//! of the legal move list; the throws that forfeit are one throw, and so are those that
//! take the king.

use super::error::DiceError;
use super::sweep::{Val, DECIDED, NO_POSITION, THROWN};
use super::table::{ChanceTable, ChanceTables};
use super::turn::{decided, decided_value, faces, hand_over, king_takers, take_back, Face, Wl};
use crate::board::bits::Bits;
use crate::board::engine::{Engine, NO_SQ};
use crate::board::movegen::MoveList;
use crate::board::piece::MAX_KINDS;
use crate::board::position::{Move, MoveKind, Position};
use crate::retro::material::MAX_MEN;
use std::sync::Arc;

/// A successor under one throw, as seen from the child's side to move.
#[derive(Clone, Copy, Debug)]
pub(super) enum Child {
    /// A slot of the same table.
    In(u32),
    /// A fixed value (a smaller table's, or a king taken).
    Const(Val),
}

/// How a slot starts.
#[derive(Clone, Copy, Debug)]
pub(super) enum Head {
    /// Not a position (identical men out of order).
    NoPosition,
    /// The preset has decided it.
    Decided(Val),
    /// Thrown: its throws went to the sink.
    Thrown,
}

impl Head {
    /// The slot's state byte and the value it starts from.
    pub(super) fn state(self) -> (u8, Val) {
        match self {
            Head::NoPosition => (NO_POSITION, Val::ZERO),
            Head::Decided(v) => (DECIDED, v),
            Head::Thrown => (THROWN, Val::UNDECIDED),
        }
    }
}

/// Where a slot's throws go, one throw after another.
pub(super) trait Sink {
    /// A throw starts, with its chance.
    fn throw(&mut self, prob: f64);
    /// A successor of the throw last started.
    fn child(&mut self, c: Child);
}

/// Works out slots of one table, one after another.
pub(super) struct Planner<'a, B: Bits> {
    set: &'a ChanceTables,
    table: &'a ChanceTable,
    pos: Position<B>,
    legal: MoveList,
    /// The squares of the table's men in the position set up, in index order.
    sq: [usize; MAX_MEN],
    faces: Vec<(usize, f64, Face)>,
    /// The smaller tables met so far, by the count of each colour's men of each kind.
    smaller: Vec<(u128, &'a ChanceTable)>,
}

impl<'a, B: Bits> Planner<'a, B> {
    pub(super) fn new(set: &'a ChanceTables, eng: &Arc<Engine<B>>, table: &'a ChanceTable) -> Self {
        Planner {
            set,
            table,
            pos: Position::empty(Arc::clone(eng)),
            legal: MoveList::new(),
            sq: [0; MAX_MEN],
            faces: Vec::with_capacity(set.rolls.len()),
            smaller: Vec::new(),
        }
    }

    /// Sets up entry `idx` (false: identical men out of order). The hash is not made:
    /// nothing here reads it.
    fn set_up(&mut self, idx: usize) -> bool {
        let Some((side, sq)) = self.table.index.squares(idx) else {
            return false;
        };
        self.sq = sq;
        self.pos.clear_men();
        self.pos.side = side;
        for (&(c, k), &s) in self.table.index.men().iter().zip(&sq) {
            self.pos.add_man(c, k, s);
        }
        true
    }

    /// Sets up entry `idx` and says how it starts, before any successor is worked out.
    pub(super) fn head(&mut self, idx: usize) -> Head {
        if !self.set_up(idx) {
            return Head::NoPosition;
        }
        match decided(&mut self.pos, &mut self.legal) {
            Some(out) => Head::Decided(Val::of(decided_value(&out, self.pos.side))),
            None => Head::Thrown,
        }
    }

    /// Slot `k`'s throws and successors into `sink`.
    pub(super) fn plan(&mut self, k: usize, sink: &mut impl Sink) -> Result<Head, DiceError> {
        let head = self.head(self.table.slots.entry(k));
        if !matches!(head, Head::Thrown) {
            return Ok(head);
        }
        let mut f = std::mem::take(&mut self.faces);
        faces(
            &self.legal,
            king_takers(&self.pos),
            &self.set.rolls,
            self.set.no_move,
            &mut f,
        );
        // The throws that forfeit lead to one successor, and so do those that take the
        // king: each set is one throw of their summed chance, where the first of them
        // stands (a forfeit's successor worked out once). A slot then holds fewer
        // throws and successors, and a sweep reads fewer.
        let summed = |which: fn(&Face) -> bool| -> f64 {
            f.iter().filter(|t| which(&t.2)).map(|t| t.1).sum()
        };
        let forfeits = summed(|face| matches!(face, Face::Forfeit));
        let takes = summed(|face| matches!(face, Face::TakesKing));
        let (mut forfeited, mut taken) = (false, false);
        let r = (|| {
            for &(_, prob, face) in &f {
                match face {
                    Face::TakesKing if !taken => {
                        taken = true;
                        sink.throw(takes);
                        sink.child(Child::Const(Val::of(Wl::WIN).flip()));
                    }
                    Face::Forfeit if !forfeited => {
                        forfeited = true;
                        sink.throw(forfeits);
                        sink.child(self.passed()?);
                    }
                    Face::Moves(kinds) => {
                        sink.throw(prob);
                        self.moves(kinds, sink)?;
                    }
                    _ => {}
                }
            }
            Ok(Head::Thrown)
        })();
        self.faces = f;
        r
    }

    /// The successors of the legal moves of men of `kinds`.
    fn moves(&mut self, kinds: u16, sink: &mut impl Sink) -> Result<(), DiceError> {
        for i in 0..self.legal.len() {
            let m = self.legal.as_slice()[i];
            if kinds & (1 << m.piece) == 0 {
                continue;
            }
            if let Some(c) = self.quiet_child(&m) {
                sink.child(c);
                continue;
            }
            let u = self.pos.make(m);
            let c = self.child();
            self.pos.unmake(m, u);
            sink.child(c?);
        }
        Ok(())
    }

    /// The successor after a plain move that takes nothing and promotes nothing, read
    /// from the squares without playing it: the same men, one of them moved, the other
    /// side to move (None: another move, for the board to play).
    fn quiet_child(&self, m: &Move) -> Option<Child> {
        let to = m.to as usize;
        if m.flag != MoveKind::Normal
            || m.promo.is_some()
            || m.from2 != NO_SQ
            || self.pos.occ.has(to)
        {
            return None;
        }
        let men = self.table.index.men().len();
        let i = self.sq[..men].iter().position(|&s| s == m.from as usize)?;
        let mut sq = self.sq;
        sq[i] = to;
        let e = self.table.index.of_squares(self.pos.side.flip(), sq)?;
        Some(Child::In(self.table.slots.of(e) as u32))
    }

    /// The successor after a forfeited turn: the same men, the other side to move.
    fn passed(&mut self) -> Result<Child, DiceError> {
        let ep = hand_over(&mut self.pos);
        let c = self.child();
        take_back(&mut self.pos, ep);
        c
    }

    /// The position as it stands: a slot of this table, or a smaller table's value.
    fn child(&mut self) -> Result<Child, DiceError> {
        let pos = &self.pos;
        // Same men (no capture, no promotion): an entry of this table.
        if let Some(i) = self.table.index_of(pos) {
            return Ok(Child::In(self.table.slots.of(i) as u32));
        }
        if pos.stacked.any() || pos.privileges.any() || pos.ep != NO_SQ {
            return self.set.val(pos).map(Child::Const);
        }
        let key = counts(pos);
        let t = match self.smaller.iter().find(|(k, _)| *k == key) {
            Some(&(_, t)) => t,
            None => {
                let m = crate::retro::material_of(pos)
                    .map_err(|e| DiceError::Material(e.to_string()))?;
                let t = self
                    .set
                    .tables
                    .get(&m)
                    .ok_or_else(|| DiceError::NoTable(m.name(&pos.eng.rules)))?;
                self.smaller.push((key, t));
                t
            }
        };
        t.index_of(pos)
            .map(|i| Child::Const(t.at(i)))
            .ok_or(DiceError::Internal("a position outside its own table"))
    }
}

/// Each colour's count of men of each kind, four bits each: the same key for every
/// position of one material (no stacks).
fn counts<B: Bits>(pos: &Position<B>) -> u128 {
    let mut key = 0u128;
    for c in 0..2 {
        for k in 0..pos.eng.nk.min(MAX_KINDS) {
            let n = pos.pieces[c][k].count().min(15) as u128;
            key |= n << (4 * (c * MAX_KINDS + k));
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::compiled::AnyEngine;
    use crate::board::rules::{BareKingRule, Rules};
    use crate::retro::Material;

    /// On every slot of KRKP on a 4x4 board and of the tables it leads to, the successor
    /// of each quiet move read from the squares is the one the board gives after the move
    /// is played, and the other moves are left to the board.
    #[test]
    fn a_quiet_move_read_from_the_squares_lands_where_playing_it_does() {
        let mut rules = Rules::preset("shatranj-dice").unwrap();
        rules.width = 4;
        rules.height = 4;
        rules.start = "rkqr/pppp/PPPP/RKQR w - - 0 1".into();
        rules.bare_king = BareKingRule::Off;
        let AnyEngine::W64(eng) = AnyEngine::new(rules.clone()).unwrap() else {
            unreachable!("16 squares")
        };
        let dice = rules.dice.clone().unwrap();
        let mat = Material::parse("KRKP", &rules).unwrap();
        let set = ChanceTables::build(&eng, &dice, &mat, 1e-3, &|_| {}).unwrap();
        let (mut read, mut played) = (0, 0);
        for table in set.tables.values() {
            let mut planner = Planner::new(&set, &eng, table);
            for k in 0..table.slots.len() {
                if !matches!(planner.head(table.slots.entry(k)), Head::Thrown) {
                    continue;
                }
                // A man that can take the king left in check takes it: its moves are
                // never listed.
                let takers = king_takers(&planner.pos);
                for i in 0..planner.legal.len() {
                    let m = planner.legal.as_slice()[i];
                    if takers & (1 << m.piece) != 0 {
                        continue;
                    }
                    let quiet = planner.quiet_child(&m);
                    let u = planner.pos.make(m);
                    let board = planner.child().unwrap();
                    planner.pos.unmake(m, u);
                    match (quiet, board) {
                        (Some(Child::In(a)), Child::In(b)) => {
                            assert_eq!(a, b, "{m:?} in slot {k} of {}", table.figures.material);
                            read += 1;
                        }
                        (Some(_), _) => panic!("{m:?} read as quiet, played as not"),
                        (None, _) => played += 1,
                    }
                }
            }
        }
        assert!(
            read > 10_000 && played > 1_000,
            "{read} read, {played} played"
        );
    }
}
