//! Rules compiled into per-square tables, once, before any search.
//!
//! The hot loops never ask which variant they play: every movement atom of every kind is
//! turned into leap tables, ray tables and pawn tables here.

use crate::board::bent::BentTables;
use crate::board::bits::Bits;
use crate::board::geometry::{Geometry, Square};
use crate::board::piece::{Bent, Color, Kind};
use crate::board::rules::{FirstLeap, PromotionCondition, Rules, RulesError};

pub use crate::board::geometry::NO_SQ;
pub use crate::board::piece::MAX_KINDS;

/// A first-move leap target with the squares it passes over.
#[derive(Clone, Debug)]
pub struct LeapTarget<B> {
    /// Where the man lands.
    pub to: Square,
    /// Squares passed over; a straight leap passes one line, a knight-shaped leap may go
    /// either way round and is blocked only when both ways are.
    pub over: Vec<B>,
}

/// Tables for one kind of man.
#[derive(Clone, Debug)]
pub struct KindTables<B> {
    /// Leap targets per square.
    pub leap: Vec<B>,
    /// Ride directions (indices into `Engine::dirs`).
    pub ride_dirs: Vec<u8>,
    /// Bent ride, if any.
    pub bent: Option<Bent>,
    /// Pawn movement.
    pub pawn: bool,
    /// May not capture its own kind.
    pub no_capture_same_kind: bool,
}

/// Compiled rules for boards of bitboard type `B`. What a program outside the crate
/// reads is public (the rules, the board's geometry and size, the number of kinds, the
/// king's and the pawn's kind); the move tables built from them are the crate's.
#[derive(Debug)]
pub struct Engine<B: Bits> {
    /// The rules this was compiled from.
    pub rules: Rules,
    /// Board size.
    pub geo: Geometry,
    /// Number of kinds.
    pub nk: usize,
    /// The royal kind.
    pub king: Kind,
    /// The pawn kind, if the game has one.
    pub pawn: Option<Kind>,
    /// Per-kind tables.
    pub(crate) kinds: Vec<KindTables<B>>,
    /// Kinds with leap tables (pawns excluded).
    pub(crate) leapers: Vec<Kind>,
    /// Kinds with bent rides.
    pub(crate) bent_kinds: Vec<Kind>,
    /// Ride directions used by any kind (and, when a bent rider exists, all eight).
    pub(crate) dirs: Vec<(i8, i8)>,
    /// The index in `dirs` of the one-step direction (dx, dy) at `(dy + 1) * 3 + dx + 1`,
    /// for the bent riders' second legs (`u8::MAX` when absent).
    pub(crate) step_dir: [u8; 9],
    /// Bent riders' first legs, routes and reach (`crate::board::bent`).
    pub(crate) bent: BentTables<B>,
    /// True when a direction's squares have rising indices.
    pub(crate) dir_up: Vec<bool>,
    /// Squares on the board.
    pub n: usize,
    /// `kinds[k].leap[sq]` flattened at `k * n + sq` (one indirection less in hot loops).
    pub(crate) leap_flat: Vec<B>,
    /// Per kind: a leaper without rides whose leaps are symmetric (it attacks `b` from
    /// `a` exactly when it would attack `a` from `b`), so the squares from which it
    /// checks a king are its own leap targets from the king's square.
    pub(crate) sym_leaper: Vec<bool>,
    /// Per kind: its ride directions come in opposite pairs, so the squares from which it
    /// rides to a king are its own ride targets from the king's square.
    pub(crate) sym_rider: Vec<bool>,
    /// Per kind: such a rider that neither leaps nor bends, so the squares from which it
    /// checks are exactly its rides from the king's square.
    pub(crate) pure_rider: Vec<bool>,
    /// Ray squares per direction and square (nearest first by index order), the ray of
    /// direction `d` from `sq` at `d * n + sq`.
    pub(crate) ray_flat: Vec<B>,
    /// For a symmetric leaper of kind `k` on `s`: the squares it attacks after making
    /// from 1 to `j` moves on an empty board, at `(k * REACH + j - 1) * n + s` for `j` in
    /// `1..=REACH` (empty for other kinds). Used as a lower bound on the moves a check
    /// needs.
    pub(crate) attack_within: Vec<B>,
    /// The squares a king reaches from `s` in at most `j` steps on an empty board, at
    /// `j * n + s` for `j` in `0..=REACH`.
    pub(crate) king_ball: Vec<B>,
    /// Per square: the union of every leaper kind's targets (a quick "no leaper near").
    pub(crate) leap_union: Vec<B>,
    /// Groups of directions ridden by the same set of kinds: (kind mask, directions).
    pub(crate) dir_groups: Vec<(u16, Vec<u8>)>,
    /// Pawn single-step target per colour and square.
    pub(crate) pawn_push: [Vec<u8>; 2],
    /// Pawn capture targets per colour and square.
    pub(crate) pawn_cap: [Vec<B>; 2],
    /// The rank where each colour's pawns promote.
    pub(crate) last_rank: [B; 2],
    /// Every square of the board.
    pub(crate) board: B,
    /// Squares per file.
    pub(crate) files: Vec<B>,
    /// Pawn squares whose double-step privilege lapses at the first capture.
    pub(crate) lapse_mask: B,
    /// Kinds a pawn may promote to (by choice).
    pub(crate) promo_kinds: Vec<Kind>,
    /// Promotion kind per file (Grant Acedrex), if any.
    pub(crate) promo_by_file: Vec<Kind>,
    /// The kind with the queen's first leap.
    pub(crate) queen: Option<Kind>,
    /// King's first leap per colour and square.
    pub(crate) king_leaps: [Vec<Vec<LeapTarget<B>>>; 2],
    /// Queen's first leap per colour and square.
    pub(crate) queen_leaps: [Vec<Vec<LeapTarget<B>>>; 2],
    /// The rook kind (for castling).
    pub(crate) rook: Option<Kind>,
    /// Zobrist keys per colour, kind and square.
    pub(crate) z_piece: Vec<u64>,
    /// Zobrist key for Black to move.
    pub(crate) z_side: u64,
    /// Zobrist keys of first-move privileges per square.
    pub(crate) z_priv: Vec<u64>,
    /// Zobrist keys of the en-passant square.
    pub(crate) z_ep: Vec<u64>,
    /// How many of a king's neighbour squares a man can attack after a few moves
    /// ([`crate::board::cover`]); built on first use by [`crate::board::flights`].
    pub(crate) flight_cover: std::sync::OnceLock<crate::board::cover::FlightCover<B>>,
}

/// Moves ahead that the engine's `attack_within` and `king_ball` tables cover.
pub const REACH: usize = 6;

/// The squares reachable from any square of `from` with one leap of `leap`.
fn dilate<B: Bits>(leap: &[B], from: B) -> B {
    from.iter().fold(B::EMPTY, |u, s| u | leap[s])
}

/// [`Engine::attack_within`] and [`Engine::king_ball`].
fn reach_tables<B: Bits>(
    kinds: &[KindTables<B>],
    sym_leaper: &[bool],
    king: Kind,
    n: usize,
) -> (Vec<B>, Vec<B>) {
    let mut attack = vec![B::EMPTY; kinds.len() * REACH * n];
    for (k, kt) in kinds.iter().enumerate() {
        if !sym_leaper[k] {
            continue;
        }
        for s in 0..n {
            // Squares it can stand on after 1..=j moves, then what it attacks from there.
            let mut stand = kt.leap[s];
            for j in 1..=REACH {
                attack[(k * REACH + j - 1) * n + s] = dilate(&kt.leap, stand);
                stand |= dilate(&kt.leap, stand);
            }
        }
    }
    let mut ball = vec![B::EMPTY; (REACH + 1) * n];
    let steps = &kinds[king as usize].leap;
    for s in 0..n {
        let mut b = B::bit(s);
        ball[s] = b;
        for j in 1..=REACH {
            b |= dilate(steps, b);
            ball[j * n + s] = b;
        }
    }
    (attack, ball)
}

/// SplitMix64, for reproducible Zobrist keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Every square of the board, and the squares of each file.
fn board_and_files<B: Bits>(geo: &Geometry) -> (B, Vec<B>) {
    let mut board = B::EMPTY;
    let mut files = vec![B::EMPTY; geo.width as usize];
    for s in 0..geo.squares() {
        board |= B::bit(s);
        files[geo.file(s as u8) as usize] |= B::bit(s);
    }
    (board, files)
}

/// Each kind's leap table and ride directions, and the directions ridden (with all eight
/// single steps when a bent rider needs them for its second leg).
fn kind_tables<B: Bits>(rules: &Rules, geo: &Geometry) -> (Vec<KindTables<B>>, Vec<(i8, i8)>) {
    let n = geo.squares();
    let mut dirs: Vec<(i8, i8)> = vec![];
    let mut kinds = vec![];
    for p in &rules.pieces {
        let mut leap = vec![B::EMPTY; n];
        if !p.pawn {
            for (s, l) in leap.iter_mut().enumerate() {
                for (dx, dy) in p.leap_offsets() {
                    if let Some(t) = geo.offset(s as u8, dx as i32, dy as i32) {
                        *l |= B::bit(t as usize);
                    }
                }
            }
        }
        let mut ride_dirs = vec![];
        for d in p.ride_offsets() {
            let i = match dirs.iter().position(|x| *x == d) {
                Some(i) => i,
                None => {
                    dirs.push(d);
                    dirs.len() - 1
                }
            };
            ride_dirs.push(i as u8);
        }
        kinds.push(KindTables {
            leap,
            ride_dirs,
            bent: p.bent,
            pawn: p.pawn,
            no_capture_same_kind: p.no_capture_same_kind,
        });
    }
    // A bent rider's second leg rides one of the eight single-step directions: have a
    // ray table for each, so the leg is a ray lookup, not a walk square by square.
    if rules.pieces.iter().any(|p| p.bent.is_some()) {
        for dy in -1i8..=1 {
            for dx in -1i8..=1 {
                if (dx, dy) != (0, 0) && !dirs.contains(&(dx, dy)) {
                    dirs.push((dx, dy));
                }
            }
        }
    }
    (kinds, dirs)
}

/// The index in `dirs` of each one-step direction (see [`Engine::step_dir`]).
fn step_dirs(dirs: &[(i8, i8)]) -> [u8; 9] {
    let mut step_dir = [u8::MAX; 9];
    for (i, &(dx, dy)) in dirs.iter().enumerate() {
        if dx.abs() <= 1 && dy.abs() <= 1 {
            step_dir[((dy + 1) * 3 + dx + 1) as usize] = i as u8;
        }
    }
    step_dir
}

/// The ray squares per direction and square, and whether each direction rises in index.
fn ray_tables<B: Bits>(geo: &Geometry, dirs: &[(i8, i8)]) -> (Vec<Vec<B>>, Vec<bool>) {
    let n = geo.squares();
    let mut rays = vec![];
    let mut dir_up = vec![];
    for &(dx, dy) in dirs {
        let mut per = vec![B::EMPTY; n];
        for (s, r) in per.iter_mut().enumerate() {
            let mut cur = s as u8;
            while let Some(t) = geo.offset(cur, dx as i32, dy as i32) {
                *r |= B::bit(t as usize);
                cur = t;
            }
        }
        rays.push(per);
        dir_up.push((dy as i32) * (geo.width as i32) + dx as i32 > 0);
    }
    (rays, dir_up)
}

/// The directions grouped by the set of kinds that ride them: (kind mask, directions).
fn direction_groups<B: Bits>(kinds: &[KindTables<B>], ndirs: usize) -> Vec<(u16, Vec<u8>)> {
    let mut dir_groups: Vec<(u16, Vec<u8>)> = vec![];
    for d in 0..ndirs {
        let mask = kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.ride_dirs.contains(&(d as u8)))
            .fold(0u16, |m, (i, _)| m | (1 << i));
        if mask == 0 {
            continue;
        }
        match dir_groups.iter_mut().find(|g| g.0 == mask) {
            Some(g) => g.1.push(d as u8),
            None => dir_groups.push((mask, vec![d as u8])),
        }
    }
    dir_groups
}

/// The pawns' single-step targets and capture targets per colour and square.
#[allow(clippy::type_complexity)]
fn pawn_tables<B: Bits>(geo: &Geometry) -> ([Vec<u8>; 2], [Vec<B>; 2]) {
    let n = geo.squares();
    let mut pawn_push = [vec![NO_SQ; n], vec![NO_SQ; n]];
    let mut pawn_cap = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
    for c in 0..2 {
        let fwd = if c == 0 { 1 } else { -1 };
        for s in 0..n {
            if let Some(t) = geo.offset(s as u8, 0, fwd) {
                pawn_push[c][s] = t;
            }
            for dx in [-1, 1] {
                if let Some(t) = geo.offset(s as u8, dx, fwd) {
                    pawn_cap[c][s] |= B::bit(t as usize);
                }
            }
        }
    }
    (pawn_push, pawn_cap)
}

/// A first-move leap's targets (with the squares passed over) per colour and square.
fn first_leaps<B: Bits>(geo: &Geometry, fl: &Option<FirstLeap>) -> [Vec<Vec<LeapTarget<B>>>; 2] {
    let n = geo.squares();
    let mut out = [vec![vec![]; n], vec![vec![]; n]];
    let Some(fl) = fl else {
        return out;
    };
    for (c, per) in out.iter_mut().enumerate() {
        let sgn = if c == 0 { 1 } else { -1 };
        for (s, v) in per.iter_mut().enumerate() {
            for o in &fl.offsets {
                let (dx, dy) = (o[0] as i32, o[1] as i32 * sgn);
                let Some(to) = geo.offset(s as u8, dx, dy) else {
                    continue;
                };
                v.push(LeapTarget {
                    to,
                    over: passed_squares::<B>(geo, s as u8, dx, dy),
                });
            }
        }
    }
    out
}

/// The Zobrist keys, from a fixed seed: per man, for Black to move, per privilege square
/// and per en-passant square.
fn zobrist(n: usize) -> (Vec<u64>, u64, Vec<u64>, Vec<u64>) {
    let mut seed = 0x006D_616E_7375_6261_u64 ^ (n as u64);
    let z_piece = (0..2 * MAX_KINDS * 256)
        .map(|_| splitmix(&mut seed))
        .collect();
    let z_side = splitmix(&mut seed);
    let z_priv = (0..256).map(|_| splitmix(&mut seed)).collect();
    let z_ep = (0..256).map(|_| splitmix(&mut seed)).collect();
    (z_piece, z_side, z_priv, z_ep)
}

/// Per kind: a symmetric leaper, a symmetric rider, a pure rider (see the fields of
/// [`Engine`] with these names).
fn symmetries<B: Bits>(
    kinds: &[KindTables<B>],
    dirs: &[(i8, i8)],
    n: usize,
) -> (Vec<bool>, Vec<bool>, Vec<bool>) {
    let sym_leaper: Vec<bool> = kinds
        .iter()
        .map(|k| {
            !k.pawn
                && k.ride_dirs.is_empty()
                && k.bent.is_none()
                && (0..n).all(|a| k.leap[a].iter().all(|b| k.leap[b].has(a)))
        })
        .collect();
    let sym_rider: Vec<bool> = kinds
        .iter()
        .map(|k| {
            k.ride_dirs.iter().all(|&d| {
                let (dx, dy) = dirs[d as usize];
                (k.ride_dirs.iter()).any(|&b| dirs[b as usize] == (-dx, -dy))
            })
        })
        .collect();
    let pure_rider: Vec<bool> = (kinds.iter().zip(&sym_rider))
        .map(|(k, &sym)| {
            sym && !k.ride_dirs.is_empty()
                && !k.pawn
                && k.bent.is_none()
                && k.leap.iter().all(|b| b.is_empty())
        })
        .collect();
    (sym_leaper, sym_rider, pure_rider)
}

/// The squares of the files named by `letters` (every square when none is named).
fn file_mask<B: Bits>(board: B, files: &[B], letters: &[char]) -> B {
    if letters.is_empty() {
        return board;
    }
    letters.iter().fold(B::EMPTY, |m, c| {
        let f = (*c as u8).wrapping_sub(b'a') as usize;
        if f < files.len() {
            m | files[f]
        } else {
            m
        }
    })
}

impl<B: Bits> Engine<B> {
    /// Compiles a rule set; the board must fit in `B`.
    pub fn new(rules: Rules) -> Result<Self, RulesError> {
        rules.validate()?;
        let geo = Geometry::new(rules.width, rules.height);
        let n = geo.squares();
        if n > B::CAPACITY {
            return Err(RulesError::Invalid {
                name: rules.name.clone(),
                msg: format!("board of {n} squares does not fit this bitboard width"),
            });
        }
        let nk = rules.pieces.len();
        let bit = |s: Square| B::bit(s as usize);
        let (board, files) = board_and_files::<B>(&geo);
        let (kinds, dirs) = kind_tables::<B>(&rules, &geo);
        let step_dir = step_dirs(&dirs);
        let (rays, dir_up) = ray_tables::<B>(&geo, &dirs);
        let dir_groups = direction_groups(&kinds, dirs.len());
        let leapers: Vec<Kind> = (0..nk)
            .filter(|&k| !kinds[k].pawn && kinds[k].leap.iter().any(|b| b.any()))
            .map(|k| k as u8)
            .collect();
        let bent_kinds = (0..nk)
            .filter(|&k| kinds[k].bent.is_some())
            .map(|k| k as u8)
            .collect();
        let (pawn_push, pawn_cap) = pawn_tables::<B>(&geo);
        let last_rank = [
            (0..geo.width).fold(B::EMPTY, |b, f| b | bit(geo.square(f, geo.height - 1))),
            (0..geo.width).fold(B::EMPTY, |b, f| b | bit(geo.square(f, 0))),
        ];
        let lapse_mask = file_mask(board, &files, &rules.pawns.lapse_files);
        let kind_of = |c: char| rules.kind_of(c).expect("validated letter");
        let promo_kinds = rules.promotion.to.iter().map(|c| kind_of(*c)).collect();
        let promo_by_file = rules
            .promotion
            .by_file
            .iter()
            .map(|c| kind_of(*c))
            .collect();
        let queen = rules.queen_leap_piece.map(kind_of);
        let king = rules.pieces.iter().position(|p| p.royal).unwrap() as u8;
        let pawn = rules.pieces.iter().position(|p| p.pawn).map(|i| i as u8);
        let rook = if rules.castling {
            rules.kind_of('r')
        } else {
            None
        };
        let king_leaps = first_leaps(&geo, &rules.king_leap);
        let queen_leaps = first_leaps(&geo, &rules.queen_leap);
        let (z_piece, z_side, z_priv, z_ep) = zobrist(n);
        let _ = PromotionCondition::Always;
        let leap_union = (0..n)
            .map(|s| {
                leapers
                    .iter()
                    .fold(B::EMPTY, |u, &k: &u8| u | kinds[k as usize].leap[s])
            })
            .collect();
        let leap_flat = kinds.iter().flat_map(|k| k.leap.iter().copied()).collect();
        let ray_flat = rays.iter().flat_map(|r| r.iter().copied()).collect();
        let (sym_leaper, sym_rider, pure_rider) = symmetries(&kinds, &dirs, n);
        let (attack_within, king_ball) = reach_tables(&kinds, &sym_leaper, king, n);
        let mut e = Engine {
            bent: BentTables::default(),
            attack_within,
            king_ball,
            sym_leaper,
            sym_rider,
            pure_rider,
            n,
            leap_union,
            leap_flat,
            ray_flat,
            rules,
            geo,
            nk,
            king,
            pawn,
            kinds,
            leapers,
            bent_kinds,
            dirs,
            step_dir,
            dir_up,
            dir_groups,
            pawn_push,
            pawn_cap,
            last_rank,
            board,
            files,
            lapse_mask,
            promo_kinds,
            promo_by_file,
            queen,
            king_leaps,
            queen_leaps,
            rook,
            z_piece,
            z_side,
            z_priv,
            z_ep,
            flight_cover: std::sync::OnceLock::new(),
        };
        let pieces: Vec<Option<Bent>> = e.kinds.iter().map(|k| k.bent).collect();
        e.bent = BentTables::build(&pieces, e.geo, &e.step_dir, &e.ray_flat);
        Ok(e)
    }

    /// Zobrist key of a man.
    #[inline(always)]
    pub fn zp(&self, c: Color, k: Kind, sq: Square) -> u64 {
        self.z_piece[(c.idx() * MAX_KINDS + k as usize) * 256 + sq as usize]
    }

    /// Ride targets of one direction from `from` given the occupancy (includes the first
    /// blocker, which the caller masks if it is a friend).
    #[inline(always)]
    pub fn ray_targets(&self, d: usize, from: usize, occ: B) -> B {
        let ray = self.ray_flat[d * self.n + from];
        let blockers = ray & occ;
        if blockers.is_empty() {
            ray
        } else {
            let b = if self.dir_up[d] {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            ray ^ self.ray_flat[d * self.n + b]
        }
    }

    /// Every square a bent rider of kind `k` on `from` reaches (captures included,
    /// friends not masked).
    #[inline]
    pub fn bent_targets(&self, k: usize, from: usize, occ: B) -> B {
        self.bent
            .targets(self.n, k, from, occ, |d, sq, o| self.ray_targets(d, sq, o))
    }

    /// The squares that would stop a bent rider of kind `k` on `from` from reaching `to`,
    /// or `None` when it never reaches `to` from there (see `BentTables::route`).
    #[inline(always)]
    pub fn bent_route(&self, k: usize, from: usize, to: usize) -> Option<B> {
        self.bent.route(self.n, &self.ray_flat, k, from, to)
    }

    /// Does a bent rider of kind `k` on `from` attack `to` given occupancy `occ`?
    #[inline(always)]
    pub fn bent_attacks(&self, k: usize, from: usize, to: usize, occ: B) -> bool {
        self.bent_route(k, from, to)
            .is_some_and(|r| (r & occ).is_empty())
    }
}

/// The squares a first-move leap of (dx, dy) passes over, as alternative routes: a straight
/// leap has one route (the squares between); any other shape has the two routes through a
/// square adjacent to both ends (either may be used).
fn passed_squares<B: Bits>(g: &Geometry, from: Square, dx: i32, dy: i32) -> Vec<B> {
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if straight {
        let n = dx.abs().max(dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let mut b = B::EMPTY;
        for i in 1..n {
            if let Some(t) = g.offset(from, sx * i, sy * i) {
                b |= B::bit(t as usize);
            }
        }
        vec![b]
    } else {
        let mut routes = vec![];
        for ox in -1..=1 {
            for oy in -1..=1 {
                if (ox, oy) == (0, 0) {
                    continue;
                }
                if (dx - ox).abs().max((dy - oy).abs()) == 1 {
                    if let Some(t) = g.offset(from, ox, oy) {
                        routes.push(B::bit(t as usize));
                    }
                }
            }
        }
        routes
    }
}
