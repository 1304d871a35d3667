//! The fast legality tests (pins, evasions, a move's effect on the king read from the
//! occupancy) against the plain definition: play the pseudo-legal move and ask whether
//! the own king stands attacked. Random playouts under every preset whose legal moves are
//! not narrowed further (forced capture, which keeps only captures, is left out).

use mansuba::any::AnyEngine;
use mansuba::bits::Bits;
use mansuba::movegen::MoveList;
use mansuba::position::{flag, Move, Position};
use mansuba::rules::{Rules, PRESETS};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn by_definition<B: Bits>(p: &mut Position<B>) -> Vec<Move> {
    let mut pseudo = MoveList::new();
    p.pseudo_moves(&mut pseudo);
    let no_check = p.eng.rules.queen_leap.as_ref().is_some_and(|q| q.no_check);
    let mut out = vec![];
    for &m in pseudo.as_slice() {
        let us = p.side;
        let u = p.make(m);
        let mut ok = !p.attacked(p.king_sq(us), us.flip(), p.occ);
        if no_check && (m.flag == flag::QUEEN_LEAP || m.flag == flag::JOINT) && p.in_check() {
            ok = false;
        }
        p.unmake(m, u);
        if ok {
            out.push(m);
        }
    }
    out.sort_by_key(|m| (m.from, m.to, m.piece, m.promo, m.flag, m.from2, m.to2));
    out
}

fn playouts<B: Bits>(start: Position<B>, rng: &mut Rng, games: usize, plies: usize) -> usize {
    let mut checked = 0;
    for _ in 0..games {
        let mut p = start.clone();
        for _ in 0..plies {
            let mut legal = MoveList::new();
            p.legal_moves(&mut legal);
            if p.bare_king_decided().is_some() {
                break;
            }
            let mut fast: Vec<Move> = legal.as_slice().to_vec();
            fast.sort_by_key(|m| (m.from, m.to, m.piece, m.promo, m.flag, m.from2, m.to2));
            assert_eq!(fast, by_definition(&mut p), "{}", p.to_fen());
            checked += 1;
            if fast.is_empty() {
                break;
            }
            // Prefer captures now and then, so that the boards thin out and pins appear.
            let caps: Vec<Move> = fast
                .iter()
                .copied()
                .filter(|m| p.occ.has(m.to as usize))
                .collect();
            let m = if !caps.is_empty() && rng.below(3) == 0 {
                caps[rng.below(caps.len())]
            } else {
                fast[rng.below(fast.len())]
            };
            p.make(m);
        }
    }
    checked
}

#[test]
fn fast_legality_agrees_with_the_definition_in_every_preset() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for name in PRESETS {
        let rules = Rules::preset(name).unwrap();
        if rules.forced_capture {
            continue;
        }
        let (games, plies) = if rules.width * rules.height > 100 {
            (6, 120)
        } else {
            (30, 150)
        };
        let n = match AnyEngine::new(rules).unwrap() {
            AnyEngine::W64(e) => playouts(Position::start(e).unwrap(), &mut rng, games, plies),
            AnyEngine::W128(e) => playouts(Position::start(e).unwrap(), &mut rng, games, plies),
            AnyEngine::W256(e) => playouts(Position::start(e).unwrap(), &mut rng, games, plies),
        };
        assert!(n > 100, "{name}: {n} positions");
    }
}
