//! The fast legality tests (pins, evasions, a move's effect on the king read from the
//! occupancy) against the plain definition: play the pseudo-legal move and ask whether
//! the own king stands attacked. Random playouts under every preset whose legal moves are
//! not narrowed further (forced capture, which keeps only captures, is left out), and the
//! listing that asks a caller's filter before legality against the legal moves filtered,
//! and the one-move legality test (`plain_move_legal`, `make_plain`) against the list.

use mansuba::board::bits::Bits;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::movegen::MoveList;
use mansuba::board::position::{Move, MoveKind, Position};
use mansuba::board::presets::PRESETS;
use mansuba::board::rules::Rules;
use mansuba::dice::{generator, Generator};
use rand::Rng as _;

/// A number below `n` from the seeded generator the dice simulation uses.
fn below(rng: &mut Generator, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn by_definition<B: Bits>(p: &mut Position<B>) -> Vec<Move> {
    let mut pseudo = MoveList::new();
    p.pseudo_moves(&mut pseudo);
    let no_check = p
        .compiled()
        .rules
        .queen_leap
        .as_ref()
        .is_some_and(|q| q.no_check);
    let mut out = vec![];
    for &m in pseudo.as_slice() {
        let us = p.side();
        let u = p.make(m);
        let mut ok = !p.attacked(p.king_sq(us), us.flip(), p.occupied());
        if no_check && (m.flag == MoveKind::QueenLeap || m.flag == MoveKind::Joint) && p.in_check()
        {
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

/// `legal_moves_where` keeps the legal moves whose targets its filter leaves (asked
/// before any move is listed; pawns' and privileged moves always kept), and tells whether
/// any move is legal even where the filter turns every target down.
fn where_agrees<B: Bits>(p: &mut Position<B>, legal: &[Move]) {
    let e = p.compiled().clone();
    // A filter that depends on the man's kind and square as well as the target.
    let keeps = |k: usize, from: usize, to: usize| !(k + from + to).is_multiple_of(3);
    let filter = |k: usize, from: usize, t: B| {
        t.iter()
            .filter(|&to| keeps(k, from, to))
            .fold(B::EMPTY, |b, to| b | B::bit(to))
    };
    let ordinary = |m: &Move| m.flag == MoveKind::Normal && Some(m.piece) != e.pawn;
    let mut kept = MoveList::new();
    let any = p.legal_moves_where(&mut kept, |_, k, from, t| filter(k, from, t));
    let mut got: Vec<Move> = kept.as_slice().to_vec();
    got.sort_by_key(|m| (m.from, m.to, m.piece, m.promo, m.flag, m.from2, m.to2));
    let want: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !ordinary(m) || keeps(m.piece as usize, m.from as usize, m.to as usize))
        .collect();
    assert_eq!(got, want, "where: {}", p.to_fen());
    assert_eq!(any, !legal.is_empty(), "where, any: {}", p.to_fen());
    let any = p.legal_moves_where(&mut kept, |_, _, _, _| B::EMPTY);
    assert!(kept.as_slice().iter().all(|m| !ordinary(m)));
    assert_eq!(any, !legal.is_empty(), "none kept, any: {}", p.to_fen());
}

/// `plain_move_legal` and `make_plain` (the search's test of one defence without the
/// list) answer as the legal list does: for every pseudo-legal move and for each man's
/// move to a few squares anywhere (most of them moves it cannot make), and leave the
/// position as it was.
fn plain_agrees<B: Bits>(p: &mut Position<B>, legal: &[Move]) {
    let before = p.state();
    let n = p.compiled().n;
    let mut pseudo = MoveList::new();
    p.pseudo_moves(&mut pseudo);
    let mut asked: Vec<Move> = pseudo.as_slice().to_vec();
    let side = p.side().idx();
    for (k, men) in before.pieces[side].iter().enumerate() {
        for from in men.iter() {
            for j in 0..4 {
                let to = (from * 7 + j * 13 + 5) % n;
                asked.push(Move::new(from, to, k as u8, MoveKind::Normal));
            }
        }
    }
    for m in asked {
        let is_legal = legal.contains(&m);
        if let Some(ok) = p.plain_move_legal(m) {
            assert_eq!(ok, is_legal, "plain {m:?}: {}", p.to_fen());
        }
        assert!(p.state() == before, "plain {m:?} left the position changed");
        if let Some(u) = p.make_plain(m) {
            assert!(is_legal, "make_plain played {m:?}: {}", p.to_fen());
            p.unmake(m, u);
        } else {
            assert_ne!(p.plain_move_legal(m), Some(true), "{m:?}: {}", p.to_fen());
        }
        assert!(
            p.state() == before,
            "make_plain {m:?} left the position changed"
        );
    }
}

fn playouts<B: Bits>(start: Position<B>, rng: &mut Generator, games: usize, plies: usize) -> usize {
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
            if !p.compiled().rules.stacks_may_form {
                assert_eq!(p.count_legal(), fast.len(), "count: {}", p.to_fen());
            }
            assert_eq!(p.has_legal_move(), !fast.is_empty(), "any: {}", p.to_fen());
            where_agrees(&mut p, &fast);
            plain_agrees(&mut p, &fast);
            checked += 1;
            if fast.is_empty() {
                break;
            }
            // Prefer captures now and then, so that the boards thin out and pins appear.
            let caps: Vec<Move> = fast
                .iter()
                .copied()
                .filter(|m| p.occupied().has(m.to as usize))
                .collect();
            let m = if !caps.is_empty() && below(rng, 3) == 0 {
                caps[below(rng, caps.len())]
            } else {
                fast[below(rng, fast.len())]
            };
            p.make(m);
        }
    }
    checked
}

#[test]
fn fast_legality_agrees_with_the_definition_in_every_preset() {
    let mut rng = generator(0x2545_F491_4F6C_DD1D);
    for name in PRESETS {
        let rules = Rules::preset(name).unwrap();
        if rules.forced_capture {
            continue;
        }
        let (games, plies) = if rules.width * rules.height > 100 {
            (10, 150)
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

/// Grant Acedrex positions where the bent riders' routes decide: two unicorns check the
/// king along routes that cross (a man on the crossing stops both: a double check with a
/// block), a man alone on an anqa's route is pinned, a unicorn's check blocked on its
/// first-leg square. Composed for this test (the first is a random playout's position).
#[test]
fn bent_riders_routes_in_grant_acedrex() {
    let AnyEngine::W256(e) = AnyEngine::new(Rules::preset("grant-acedrex").unwrap()).unwrap()
    else {
        panic!("Grant Acedrex needs the wide board");
    };
    for (fen, moves) in [
        // Unicorns on l9 and j7 both check f2 through g3; the lion's d2g3 stops both.
        (
            "7c2Cr/8A3/2rk3l4/p10u/1p3p1p2p1/9u2/5P5P/6P5/PPPP6P1/12/3L1K6/RL2C3Z3 w - - 1 37",
            7,
        ),
        // The rook on d3 stands alone on the anqa's route c1-d2-d3-d4-d5 to the king on
        // d6: it may only stay on the route (d2, d4, d5).
        ("12/12/12/12/12/12/3k8/12/12/3r8/12/2A8K b - - 0 1", 11),
        // The unicorn on a1 checks d5 through b3 (its first leg) and c4: the rook on b8
        // may block on b3, the one on h4 on c4, or the king steps aside.
        ("12/12/12/12/1R10/12/12/3K8/7R4/12/12/u10k w - - 0 1", 7),
    ] {
        let mut p = Position::from_fen(e.clone(), fen).unwrap();
        let def = by_definition(&mut p);
        let mut legal = MoveList::new();
        p.legal_moves(&mut legal);
        let mut fast: Vec<Move> = legal.as_slice().to_vec();
        fast.sort_by_key(|m| (m.from, m.to, m.piece, m.promo, m.flag, m.from2, m.to2));
        assert_eq!(fast, def, "{fen}");
        assert_eq!(p.count_legal(), def.len(), "{fen}");
        assert_eq!(def.len(), moves, "{fen}");
    }
}
