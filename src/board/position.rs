//! The board: men (stacks allowed), side to move, first-move privileges, counters, hash;
//! make and unmake with an incremental Zobrist hash. FEN in and out is in `fen.rs`.

use crate::board::bits::Bits;
use crate::board::engine::{Engine, MAX_KINDS, NO_SQ};
use crate::board::geometry::Square;
use crate::board::piece::{Color, Kind};
use crate::board::stack::{dup_key, Dups, MAX_STACK};
use std::sync::Arc;
use thiserror::Error;

/// Why a FEN was rejected: its text does not read under these rules, or it reads as a
/// position that cannot stand ([`IllegalPosition`]).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text has no placement field at all.
    #[error("empty FEN")]
    Empty,
    /// The placement field has the wrong number of ranks.
    #[error("the board has {found} ranks; these rules need {expected}")]
    RankCount {
        /// The ranks of the board.
        expected: usize,
        /// The ranks the placement field lists (`/`-separated).
        found: usize,
    },
    /// A rank covers more or fewer files than the board has.
    #[error("rank {rank} ('{text}') covers {found} files; these rules need {expected}")]
    RankLength {
        /// The rank, counted from 1 at White's side (as the board names it, not as the FEN
        /// lists it).
        rank: usize,
        /// The rank's text in the FEN.
        text: String,
        /// The files of the board.
        expected: usize,
        /// The files the text covers (men, stacks and empty counts).
        found: usize,
    },
    /// A rank has an empty count of 0.
    #[error("rank {rank} ('{text}'): an empty count of 0 (counts start at 1)")]
    ZeroCount {
        /// The rank, counted from 1 at White's side.
        rank: usize,
        /// The rank's text in the FEN.
        text: String,
    },
    /// A man's letter is no kind of these rules: the letter, and the letters the rules know.
    #[error("unknown piece letter '{0}' for these rules (known: {1})")]
    UnknownLetter(char, String),
    /// A stack `[...]` does not read: its text, and why.
    #[error("bad stack '{0}': {1}")]
    BadStack(String, #[source] StackError),
    /// The side-to-move field is not `w` or `b` (what it is).
    #[error("side to move must be 'w' or 'b', found '{0}'")]
    BadSide(String),
    /// The privileges field is not `-`, square names or KQkq (what it is).
    #[error("bad privileges field '{0}': expected '-', square names like 'e1d1a2', or KQkq where castling exists")]
    BadPrivileges(String),
    /// The en-passant field names no square, or one no double step just passed, or the
    /// rules have no en passant (what it is).
    #[error("bad en-passant field '{0}'")]
    BadEnPassant(String),
    /// A move counter is not a number, or a field follows the counters (what it is).
    #[error("bad move counter '{0}'")]
    BadCounter(String),
    /// The text reads, but the position cannot stand.
    #[error(transparent)]
    Illegal(#[from] IllegalPosition),
    /// The placement field lists more than 16 ranks (how many, in words).
    #[error("board too large for these rules: {0}")]
    TooLarge(String),
}

impl FenError {
    /// The text reads, but the position it gives cannot stand.
    pub fn is_illegal(&self) -> bool {
        matches!(self, FenError::Illegal(_))
    }
}

/// Why a man cannot be put on a square ([`Position::add_to_stack`]) or a FEN stack does not
/// read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StackError {
    /// The square is full.
    #[error("a square holds at most {0} men")]
    Full(usize),
    /// A second king of one side.
    #[error("two kings of one side")]
    TwoKings,
    /// The table of repeated men is full.
    #[error("more than {0} repeated men of one kind on the board")]
    TooManyRepeats(usize),
    /// `[` with no `]` after it.
    #[error("no closing ']'")]
    Unclosed,
    /// `[]`: a stack of no men.
    #[error("empty")]
    Empty,
    /// A stack of white and black men together.
    #[error("men of both sides")]
    BothSides,
}

/// A FEN that reads, giving a position that cannot stand.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum IllegalPosition {
    /// The side named ("White" or "Black") has no king.
    #[error("{0} has no king")]
    NoKing(&'static str),
    /// The side named has this many kings, more than one.
    #[error("{0} has {1} kings; exactly one is allowed")]
    TooManyKings(&'static str, u32),
    /// A pawn of the side named stands on its promotion rank (the square), under rules
    /// that do not let a pawn stay there.
    #[error("{0} pawn on {1}, its promotion rank")]
    PawnOnLastRank(&'static str, String),
    /// The side not to move (named) is in check.
    #[error("the side not to move ({0}) is in check: the position cannot arise")]
    OpponentInCheck(&'static str),
}

/// What `unmake` needs to restore.
#[derive(Clone, Copy, Debug)]
pub struct Undo<B> {
    /// The kinds of the men the move captured, one bit per kind (0: no capture).
    pub captured: u16,
    /// The square they were captured on (the en-passant victim's square differs from
    /// the move's `to`); `NO_SQ` without a capture.
    pub cap_sq: u8,
    /// The squares whose men kept their first-move privilege before the move.
    pub privileges: B,
    /// The squares that held more than one man before the move.
    pub stacked: B,
    /// The en-passant target square before the move, or `NO_SQ`.
    pub ep: u8,
    /// The Zobrist hash before the move.
    pub hash: u64,
    /// Plies since the last capture or pawn move, before the move.
    pub halfmove: u32,
    /// The nine-move count before the move.
    pub nine: u8,
    /// The repeated men of stacks before the move.
    pub dups: Dups,
}

/// What kind of move a [`Move`] is, beyond a man going from one square to another. The
/// order matters: the plain kinds (up to `EnPassant`) come first, and code asks
/// `m.flag <= MoveKind::EnPassant` for a move of one man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum MoveKind {
    /// An ordinary move or capture (promotion included).
    #[default]
    Normal = 0,
    /// A pawn's double step.
    DoubleStep = 1,
    /// An en-passant capture.
    EnPassant = 2,
    /// Castling: `from2`/`to2` move the rook.
    Castle = 3,
    /// The king's first leap.
    KingLeap = 4,
    /// The queen's first leap.
    QueenLeap = 5,
    /// King and queen leap together (Lombard): `from2`/`to2` move the queen.
    Joint = 6,
}

/// A move. `piece` is the kind that moves (needed when it leaves a stack); `promo` is the
/// kind a promoting pawn becomes (None: no promotion); `from2`/`to2` the second man of a
/// castling or joint leap (`NO_SQ`: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    /// The square the man leaves.
    pub from: u8,
    /// The square it goes to.
    pub to: u8,
    /// The kind that moves (an index into the rules' pieces).
    pub piece: u8,
    /// The kind a promoting pawn becomes (None: no promotion).
    pub promo: Option<Kind>,
    /// What kind of move it is.
    pub flag: MoveKind,
    /// The square the second man of a castling or joint leap leaves (`NO_SQ`: none).
    pub from2: u8,
    /// The square that second man goes to (`NO_SQ`: none).
    pub to2: u8,
}

impl Move {
    /// A plain move of `piece`.
    #[inline(always)]
    pub fn new(from: usize, to: usize, piece: Kind, flag: MoveKind) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            piece,
            promo: None,
            flag,
            from2: NO_SQ,
            to2: NO_SQ,
        }
    }
}

/// A position under compiled rules.
#[derive(Clone)]
pub struct Position<B: Bits> {
    /// The compiled rules.
    pub(crate) eng: Arc<Engine<B>>,
    /// Men per colour and kind.
    pub(crate) pieces: [[B; MAX_KINDS]; 2],
    /// Squares holding men of each colour.
    pub(crate) occ_c: [B; 2],
    /// Squares holding anything.
    pub(crate) occ: B,
    /// Squares holding more than one man.
    pub(crate) stacked: B,
    /// The second and third men of a kind on one square (a stack like `[PP]`); empty on
    /// almost every board, and then never looked at.
    pub(crate) dups: Dups,
    /// Number of men per colour (stacked men counted one by one).
    pub(crate) men: [u16; 2],
    /// Side to move.
    pub(crate) side: Color,
    /// Squares whose men keep their first-move privilege.
    pub(crate) privileges: B,
    /// En-passant target square or `NO_SQ`.
    pub(crate) ep: u8,
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove: u32,
    /// Move number.
    pub(crate) fullmove: u32,
    /// Zobrist hash.
    pub(crate) hash: u64,
    /// Nine-move limit: moves made by the side with a rook's advantage (or more) since it
    /// gained it (0 without the rule or the advantage; not part of the FEN: a problem
    /// position starts the count).
    pub(crate) nine: u8,
}

impl<B: Bits> std::fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

/// A position's men, counters and hash as one value, for programs outside the crate
/// (the fields of [`Position`] are the crate's): two states are equal when the positions
/// are the same in every respect `unmake` restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionState<B: Bits> {
    /// Men per colour and kind.
    pub pieces: [[B; MAX_KINDS]; 2],
    /// Squares holding men of each colour.
    pub occ_c: [B; 2],
    /// Squares holding anything.
    pub occ: B,
    /// Squares holding more than one man.
    pub stacked: B,
    /// Number of men per colour (stacked men counted one by one).
    pub men: [u16; 2],
    /// Side to move.
    pub side: Color,
    /// Squares whose men keep their first-move privilege.
    pub privileges: B,
    /// The en-passant target square, if any.
    pub ep: Option<u8>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// Move number.
    pub fullmove: u32,
    /// Zobrist hash.
    pub hash: u64,
    /// The nine-move count (0 without the rule).
    pub nine: u8,
}

/// What a position holds, and the two changes a program outside the crate may make.
impl<B: Bits> Position<B> {
    /// The compiled rules it is played under.
    pub fn compiled(&self) -> &Arc<Engine<B>> {
        &self.eng
    }
    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }
    /// Its Zobrist hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The squares holding anything.
    pub fn occupied(&self) -> B {
        self.occ
    }
    /// Its men, counters and hash as one value.
    pub fn state(&self) -> PositionState<B> {
        PositionState {
            pieces: self.pieces,
            occ_c: self.occ_c,
            occ: self.occ,
            stacked: self.stacked,
            men: self.men,
            side: self.side,
            privileges: self.privileges,
            ep: (self.ep != NO_SQ).then_some(self.ep),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            nine: self.nine,
        }
    }
    /// Gives the move to `side` (a position set up man by man), the hash made again.
    pub fn set_side(&mut self, side: Color) {
        self.side = side;
        self.rehash();
    }
    /// The side to move passes, as the idle side of a series does: the move goes to the
    /// other side and an en passant right lapses.
    pub fn pass(&mut self) {
        self.ep = NO_SQ;
        self.set_side(self.side.flip());
    }
    /// The hash made again from the men, after men were set up by hand.
    pub fn rehash(&mut self) {
        self.hash = self.compute_hash();
    }
}

impl<B: Bits> Position<B> {
    /// An empty board, White to move.
    pub fn empty(eng: Arc<Engine<B>>) -> Self {
        Position {
            eng,
            pieces: [[B::EMPTY; MAX_KINDS]; 2],
            occ_c: [B::EMPTY; 2],
            occ: B::EMPTY,
            stacked: B::EMPTY,
            dups: Dups::default(),
            men: [0; 2],
            side: Color::White,
            privileges: B::EMPTY,
            ep: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            nine: 0,
        }
    }

    /// Takes every man off and resets the counters, as [`Position::empty`] makes it but
    /// without a new handle on the rules (the side to move is kept).
    pub(crate) fn clear_men(&mut self) {
        self.pieces = [[B::EMPTY; MAX_KINDS]; 2];
        self.occ_c = [B::EMPTY; 2];
        self.occ = B::EMPTY;
        self.stacked = B::EMPTY;
        self.dups = Dups::default();
        self.men = [0; 2];
        self.privileges = B::EMPTY;
        self.ep = NO_SQ;
        self.halfmove = 0;
        self.fullmove = 1;
        self.hash = 0;
        self.nine = 0;
    }

    /// The rules' starting array with every unmoved man's privileges.
    pub fn start(eng: Arc<Engine<B>>) -> Result<Self, FenError> {
        let fen = eng.rules.start.clone();
        let mut p = Self::from_fen(eng, &fen)?;
        p.set_privileges(p.start_privileges());
        Ok(p)
    }

    /// The privileges every man of the starting array holds under these rules.
    pub fn start_privileges(&self) -> B {
        let e = &*self.eng;
        let r = &e.rules;
        let mut priv_ = B::EMPTY;
        for c in 0..2 {
            if r.king_leap.is_some() || r.castling || r.joint_first_move {
                priv_ |= self.pieces[c][e.king as usize];
            }
            if let Some(q) = e.queen {
                priv_ |= self.pieces[c][q as usize];
            }
            if let Some(rk) = e.rook {
                priv_ |= self.pieces[c][rk as usize];
            }
            if let (Some(pw), true) = (e.pawn, r.pawns.double_step) {
                let mut files = B::EMPTY;
                if r.pawns.double_step_files.is_empty() {
                    files = e.board;
                } else {
                    for ch in &r.pawns.double_step_files {
                        let f = (*ch as u8).wrapping_sub(b'a') as usize;
                        if f < e.files.len() {
                            files |= e.files[f];
                        }
                    }
                }
                priv_ |= self.pieces[c][pw as usize] & files;
            }
        }
        priv_
    }

    /// Replaces the privileges (keeping the hash right).
    pub fn set_privileges(&mut self, p: B) {
        let mut diff = self.privileges ^ p;
        while diff.any() {
            let s = diff.pop_lsb();
            self.hash ^= self.eng.z_priv[s];
        }
        self.privileges = p;
    }

    /// Every man on `sq` as (colour, kind).
    pub fn men_on(&self, sq: Square) -> Vec<(Color, Kind)> {
        let mut v = vec![];
        for c in [Color::White, Color::Black] {
            if !self.occ_c[c.idx()].has(sq as usize) {
                continue;
            }
            for k in 0..self.eng.nk {
                if self.pieces[c.idx()][k].has(sq as usize) {
                    let n = 1 + self.dups.count(c, k as u8, sq as usize);
                    v.extend(std::iter::repeat_n((c, k as u8), n));
                }
            }
        }
        v
    }

    /// How many men stand on `sq` (a stack counts each).
    pub fn men_count(&self, sq: usize) -> usize {
        let kinds = (0..2)
            .flat_map(|c| (0..self.eng.nk).map(move |k| (c, k)))
            .filter(|&(c, k)| self.pieces[c][k].has(sq))
            .count();
        kinds + self.dups.on_square(sq)
    }

    /// The kind of `c`'s man on `sq` (the first, if a stack).
    #[inline]
    pub fn kind_at(&self, c: Color, sq: usize) -> Option<Kind> {
        if !self.occ_c[c.idx()].has(sq) {
            return None;
        }
        (0..self.eng.nk)
            .find(|&k| self.pieces[c.idx()][k].has(sq))
            .map(|k| k as u8)
    }

    /// The compiled rules, borrowed apart from `self` so that make/unmake can mutate the
    /// board without touching the `Arc`'s shared reference count (an atomic write that
    /// made every make/unmake contend between threads).
    #[inline(always)]
    pub(crate) fn engine<'a>(&self) -> &'a Engine<B> {
        // SAFETY: `self.eng` is never reassigned while a position is being mutated by
        // make/unmake/legal_moves, and the Arc keeps the engine alive at least as long as
        // `self`; callers use the reference only within those methods.
        unsafe { &*Arc::as_ptr(&self.eng) }
    }

    /// The square of `c`'s king.
    #[inline(always)]
    pub fn king_sq(&self, c: Color) -> usize {
        self.pieces[c.idx()][self.eng.king as usize].lsb()
    }

    /// Puts a man (no occupancy bookkeeping beyond bitboards, hash and count).
    #[inline(always)]
    fn put(&mut self, c: Color, k: Kind, sq: usize) {
        self.pieces[c.idx()][k as usize] |= B::bit(sq);
        self.hash ^= self.eng.zp(c, k, sq as u8);
        self.men[c.idx()] += 1;
    }

    #[inline(always)]
    fn take(&mut self, c: Color, k: Kind, sq: usize) {
        self.pieces[c.idx()][k as usize] ^= B::bit(sq);
        self.hash ^= self.eng.zp(c, k, sq as u8);
        self.men[c.idx()] -= 1;
    }

    /// Adds a man to a square (used by parsers and table builders).
    pub fn add_man(&mut self, c: Color, k: Kind, sq: usize) {
        if self.pieces[c.idx()][k as usize].has(sq) {
            return;
        }
        if self.occ.has(sq) {
            self.stacked |= B::bit(sq);
        }
        self.put(c, k, sq);
        self.occ_c[c.idx()] |= B::bit(sq);
        self.occ |= B::bit(sq);
    }

    /// Puts one more man of colour `c` on `sq`, a second or third man of a kind included
    /// (FEN stacks like `[PP]`, `[QPP]`); what makes it impossible, as a message.
    pub fn add_to_stack(&mut self, c: Color, k: Kind, sq: usize) -> Result<(), StackError> {
        if self.men_count(sq) >= MAX_STACK {
            return Err(StackError::Full(MAX_STACK));
        }
        if !self.pieces[c.idx()][k as usize].has(sq) {
            self.add_man(c, k, sq);
            return Ok(());
        }
        if k == self.eng.king {
            return Err(StackError::TwoKings);
        }
        let n = 1 + self.dups.count(c, k, sq);
        if !self.dups.add(c, k, sq) {
            return Err(StackError::TooManyRepeats(crate::board::stack::MAX_DUPS));
        }
        self.hash ^= dup_key(self.eng.zp(c, k, sq as u8), n);
        self.men[c.idx()] += 1;
        self.stacked |= B::bit(sq);
        Ok(())
    }

    /// Removes every man from `sq`, returning a mask of the kinds removed (of colour `c`).
    #[inline(always)]
    fn clear_square(&mut self, c: Color, sq: usize) -> u16 {
        let mut mask = 0u16;
        if self.stacked.has(sq) {
            for k in 0..self.eng.nk {
                if self.pieces[c.idx()][k].has(sq) {
                    self.take(c, k as u8, sq);
                    mask |= 1 << k;
                }
            }
            if !self.dups.is_empty() {
                let first = |k: Kind| self.eng.zp(c, k, sq as u8);
                let mut h = 0;
                let mut n = 0;
                self.dups.remove_all(c, sq, |k, copy| {
                    h ^= dup_key(first(k), copy);
                    n += 1;
                });
                self.hash ^= h;
                self.men[c.idx()] -= n;
            }
            self.stacked ^= B::bit(sq);
        } else {
            for k in 0..self.eng.nk {
                if self.pieces[c.idx()][k].has(sq) {
                    self.take(c, k as u8, sq);
                    mask |= 1 << k;
                    break;
                }
            }
        }
        self.occ_c[c.idx()] ^= B::bit(sq);
        mask
    }

    /// Moves one man of kind `k` (becoming `nk`) from `from` to `to`; `to` holds no enemy.
    #[inline(always)]
    fn shift(&mut self, c: Color, k: Kind, nk: Kind, from: usize, to: usize) {
        if self.stacked.has(from) {
            // A repeated man leaves first: the kind's bit stays for the one left behind.
            let n = self.dups.count(c, k, from);
            if n > 0 {
                self.dups.remove(c, k, from);
                self.hash ^= dup_key(self.eng.zp(c, k, from as u8), n);
                self.men[c.idx()] -= 1;
            } else {
                self.take(c, k, from);
            }
            if self.men_count(from) <= 1 {
                self.stacked ^= B::bit(from);
            }
        } else {
            self.take(c, k, from);
            self.occ_c[c.idx()] ^= B::bit(from);
        }
        if self.occ_c[c.idx()].has(to) {
            self.stacked |= B::bit(to);
            if self.pieces[c.idx()][nk as usize].has(to) {
                // Joining a man of its own kind (only where the rules let stacks form;
                // move generation checks there is room).
                let n = 1 + self.dups.count(c, nk, to);
                self.dups.add(c, nk, to);
                self.hash ^= dup_key(self.eng.zp(c, nk, to as u8), n);
                self.men[c.idx()] += 1;
                return;
            }
        }
        self.put(c, nk, to);
        self.occ_c[c.idx()] |= B::bit(to);
    }

    /// Plays a move (assumed legal or at least pseudo-legal); returns what unmake needs.
    pub fn make(&mut self, m: Move) -> Undo<B> {
        let e = self.engine();
        let us = self.side;
        let them = us.flip();
        let undo = Undo {
            captured: 0,
            cap_sq: NO_SQ,
            privileges: self.privileges,
            stacked: self.stacked,
            ep: self.ep,
            hash: self.hash,
            halfmove: self.halfmove,
            nine: self.nine,
            dups: self.dups,
        };
        let mut undo = undo;
        if self.ep != NO_SQ {
            self.hash ^= e.z_ep[self.ep as usize];
            self.ep = NO_SQ;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let mut captured = false;
        if m.flag == MoveKind::EnPassant {
            let victim = if us == Color::White {
                to - e.geo.width as usize
            } else {
                to + e.geo.width as usize
            };
            undo.captured = self.clear_square(them, victim);
            undo.cap_sq = victim as u8;
            captured = true;
        } else if self.occ_c[them.idx()].has(to) {
            undo.captured = self.clear_square(them, to);
            undo.cap_sq = to as u8;
            captured = true;
        }
        let nk = m.promo.unwrap_or(m.piece);
        self.shift(us, m.piece, nk, from, to);
        let mut touched = B::bit(from) | B::bit(to);
        if m.from2 != NO_SQ {
            let k2 = if m.flag == MoveKind::Castle {
                e.rook.unwrap_or(0)
            } else {
                e.queen.unwrap_or(0)
            };
            self.shift(us, k2, k2, m.from2 as usize, m.to2 as usize);
            touched |= B::bit(m.from2 as usize) | B::bit(m.to2 as usize);
        }
        self.occ = self.occ_c[0] | self.occ_c[1];
        // Privileges: a man that moves or is taken loses them; a promoted queen may gain.
        let mut newp = self.privileges & !touched;
        if captured
            && e.rules.pawns.double_step_lapse == crate::board::rules::DoubleStepLapse::FirstCapture
        {
            if let Some(pw) = e.pawn {
                let pawns = self.pieces[0][pw as usize] | self.pieces[1][pw as usize];
                newp &= !(pawns & e.lapse_mask);
            }
        }
        if m.promo.is_some()
            && m.promo == e.queen
            && e.rules
                .queen_leap
                .as_ref()
                .is_some_and(|q| q.promoted_gets_it)
        {
            newp |= B::bit(to);
        }
        if newp != self.privileges {
            self.set_privileges(newp);
        }
        if m.flag == MoveKind::DoubleStep && e.rules.pawns.en_passant {
            let mid = (from + to) / 2;
            self.ep = mid as u8;
            self.hash ^= e.z_ep[mid];
        }
        self.halfmove = if captured || Some(m.piece) == e.pawn {
            0
        } else {
            self.halfmove + 1
        };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.hash ^= e.z_side;
        if e.rules.nine_move_limit {
            self.count_nine(us);
        }
        // "Never been checked": the king that is now in check loses its leap.
        if let Some(kl) = &e.rules.king_leap {
            if kl.lost_when_checked {
                let ks = self.king_sq(them);
                if self.privileges.has(ks) && self.in_check() {
                    let p = self.privileges & !B::bit(ks);
                    self.set_privileges(p);
                }
            }
        }
        undo
    }

    /// The hash after a plain move (no flag, promotion or second man; no stacks, none
    /// that may form, no nine-move count in play), without playing it; `None` for any
    /// other move, and where privileges are about and the move may change more of them
    /// than its own two squares' (a capture that ends the pawns' double steps, a king
    /// that loses its leap when checked). For prefetching: a caller must not rely on it
    /// for anything else.
    #[inline]
    pub fn hash_after(&self, m: &Move) -> Option<u64> {
        let e = &*self.eng;
        if m.flag != MoveKind::Normal
            || m.promo.is_some()
            || m.from2 != NO_SQ
            || self.stacked.any()
            || e.rules.stacks_may_form
            || e.rules.nine_move_limit
        {
            return None;
        }
        let us = self.side;
        let them = us.flip();
        let (from, to) = (m.from as usize, m.to as usize);
        let captures = self.occ_c[them.idx()].has(to);
        let mut h = self.hash
            ^ e.z_side
            ^ e.zp(us, m.piece, from as Square)
            ^ e.zp(us, m.piece, to as Square);
        if self.privileges.any() {
            let lapse = captures
                && e.rules.pawns.double_step_lapse
                    == crate::board::rules::DoubleStepLapse::FirstCapture;
            let king_loses = e
                .rules
                .king_leap
                .as_ref()
                .is_some_and(|k| k.lost_when_checked);
            if lapse || king_loses {
                return None;
            }
            // The men on the two squares lose theirs, as `make` has it.
            let lost = self.privileges & (B::bit(from) | B::bit(to));
            for s in lost.iter() {
                h ^= e.z_priv[s];
            }
        }
        if self.ep != NO_SQ {
            h ^= e.z_ep[self.ep as usize];
        }
        if captures {
            if let Some(k) = self.kind_at(them, to) {
                h ^= e.zp(them, k, to as Square);
            }
        }
        Some(h)
    }

    /// Takes a move back.
    pub fn unmake(&mut self, m: Move, u: Undo<B>) {
        let them = self.side;
        let us = them.flip();
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let e = self.engine();
        if m.from2 != NO_SQ {
            let k2 = if m.flag == MoveKind::Castle {
                e.rook.unwrap_or(0)
            } else {
                e.queen.unwrap_or(0)
            };
            self.pieces[us.idx()][k2 as usize] ^= B::bit(m.to2 as usize) | B::bit(m.from2 as usize);
            self.occ_c[us.idx()] ^= B::bit(m.to2 as usize) | B::bit(m.from2 as usize);
        }
        let nk = m.promo.unwrap_or(m.piece);
        let (from, to) = (m.from as usize, m.to as usize);
        // A man that joined one of its own kind left that man's bit in place.
        let joined = !(self.dups.is_empty() && u.dups.is_empty())
            && self.dups.count(us, nk, to) > u.dups.count(us, nk, to);
        if !joined {
            self.pieces[us.idx()][nk as usize] ^= B::bit(to);
        }
        self.pieces[us.idx()][m.piece as usize] |= B::bit(from);
        // Occupancy of `us` on `to`: still held if a stack remains there.
        self.occ_c[us.idx()] |= B::bit(from);
        // Only a stack-forming move can leave men of the mover's side behind on `to`.
        let still = e.rules.stacks_may_form && (0..e.nk).any(|k| self.pieces[us.idx()][k].has(to));
        if !still {
            self.occ_c[us.idx()] &= !B::bit(to);
        }
        if u.captured != 0 {
            let cs = u.cap_sq as usize;
            for k in 0..e.nk {
                if u.captured & (1 << k) != 0 {
                    self.pieces[them.idx()][k] |= B::bit(cs);
                    self.men[them.idx()] += 1;
                }
            }
            if !u.dups.is_empty() {
                self.men[them.idx()] += u.dups.men_on(cs).filter(|x| x.0 == them).count() as u16;
            }
            self.occ_c[them.idx()] |= B::bit(cs);
        }
        self.occ = self.occ_c[0] | self.occ_c[1];
        self.stacked = u.stacked;
        self.dups = u.dups;
        self.privileges = u.privileges;
        self.ep = u.ep;
        self.hash = u.hash;
        self.halfmove = u.halfmove;
        self.nine = u.nine;
    }

    /// Material in the rules' values (a stack counts every man).
    pub fn material(&self, c: Color) -> u32 {
        let e = &*self.eng;
        let extra: u32 = self
            .dups
            .all()
            .filter(|x| x.0 == c)
            .map(|(_, k, _)| e.rules.pieces[k as usize].value)
            .sum();
        (0..e.nk)
            .map(|k| self.pieces[c.idx()][k].count() * e.rules.pieces[k].value)
            .sum::<u32>()
            + extra
    }

    /// The nine-move limit's count after a move by `mover`: it runs while the mover holds
    /// at least a rook's worth more material, and restarts when the advantage goes.
    fn count_nine(&mut self, mover: Color) {
        let e = self.engine();
        let rook = e
            .rules
            .kind_of('r')
            .map_or(5, |k| e.rules.pieces[k as usize].value);
        let (mine, theirs) = (self.material(mover), self.material(mover.flip()));
        let before = self.nine;
        self.nine = if mine >= theirs + rook {
            before.saturating_add(1)
        } else if theirs >= mine + rook {
            before
        } else {
            0
        };
        if before != self.nine {
            self.hash ^= e.z_ep[before as usize].rotate_left(29)
                ^ e.z_ep[self.nine as usize].rotate_left(29);
        }
    }

    /// Recomputes the hash from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let e = &*self.eng;
        let mut h = 0;
        for c in [Color::White, Color::Black] {
            for k in 0..e.nk {
                for s in self.pieces[c.idx()][k].iter() {
                    h ^= e.zp(c, k as u8, s as u8);
                }
            }
        }
        let mut repeated: Vec<(usize, Kind, usize)> =
            self.dups.all().map(|(c, k, s)| (c.idx(), k, s)).collect();
        repeated.sort_unstable();
        repeated.dedup();
        for (ci, k, s) in repeated {
            let c = if ci == 0 { Color::White } else { Color::Black };
            for copy in 1..=self.dups.count(c, k, s) {
                h ^= dup_key(e.zp(c, k, s as u8), copy);
            }
        }
        for s in self.privileges.iter() {
            h ^= e.z_priv[s];
        }
        if self.ep != NO_SQ {
            h ^= e.z_ep[self.ep as usize];
        }
        if self.side == Color::Black {
            h ^= e.z_side;
        }
        if self.nine != 0 {
            h ^= e.z_ep[0].rotate_left(29) ^ e.z_ep[self.nine as usize].rotate_left(29);
        }
        h
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.attacked(self.king_sq(self.side), self.side.flip(), self.occ)
    }
}
