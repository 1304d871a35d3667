//! Playing a dice position out many times with the computed best choices and random
//! throws: a check of the exact chances that shares nothing with them but the choices.

use super::turn::Choice;
use super::turn::{start, Start, Throw, Wl};
use crate::board::bits::Bits;
use crate::board::die::{NoMove, Roll};
use crate::board::position::Position;
use serde::Serialize;

/// The simulation's seeded generator (xoshiro256++, seeded through SplitMix64 by
/// `rand_xoshiro`): the same seed gives the same games on every machine, which a
/// published figure needs; the figure names the seed.
pub type Generator = rand_xoshiro::Xoshiro256PlusPlus;

/// The generator for a seed.
pub fn generator(seed: u64) -> Generator {
    <Generator as rand::SeedableRng>::seed_from_u64(seed)
}

/// What the games showed, for the side to move at the start.
#[derive(Clone, Debug, Serialize)]
pub struct Simulated {
    /// Games played (to their end; fewer than asked when a limit cut the run short).
    pub games: u64,
    /// Games asked for.
    pub asked: u64,
    /// The seed.
    pub seed: u64,
    /// Share of games won.
    pub simulated_win: f64,
    /// Its standard error, sqrt(p(1-p)/n).
    pub standard_error: f64,
    /// Share of games lost.
    pub simulated_loss: f64,
}

/// The choice a policy makes under a throw with some plies left, and its chances.
pub type Chooser<'a, B, E> =
    dyn FnMut(&mut Position<B>, u32, &Throw) -> Result<(Choice, Wl), E> + 'a;

/// Plays `games` games of at most `plies` plies from `pos` with these throws (the die's
/// rolls and its rule for a throw without a move), both sides
/// choosing as `choose` says, the throws drawn from `seed`. `stop` (a deadline, Ctrl-C)
/// is asked before every move: once it says so, the game under way is dropped and the
/// games played so far are the answer (`games` below `asked`); a choice that fails
/// because of it counts the same way.
pub fn simulate<B: Bits, E>(
    (rolls, no_move): (&[Roll], NoMove),
    choose: &mut Chooser<'_, B, E>,
    pos: &Position<B>,
    plies: u32,
    games: u64,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Simulated, E> {
    let mut rng = generator(seed);
    let root = pos.side;
    let (mut won, mut lost, mut played) = (0u64, 0u64, 0u64);
    'games: for _ in 0..games {
        let mut p = pos.clone();
        let mut left = plies;
        let winner = loop {
            if stop() {
                break 'games;
            }
            let throws = match start(&mut p, rolls, no_move) {
                Start::Decided(out) => break out.winner(),
                Start::Throws(t) => t,
            };
            if left == 0 {
                break None;
            }
            let x: f64 = rand::RngExt::random(&mut rng);
            let mut acc = 0.0;
            let mut pick = throws.last().expect("a die has faces");
            for t in &throws {
                acc += t.prob;
                if x < acc {
                    pick = t;
                    break;
                }
            }
            if matches!(pick.throw, Throw::TakesKing) {
                break Some(p.side);
            }
            let choice = match choose(&mut p, left, &pick.throw) {
                Ok(c) => c.0,
                Err(_) if stop() => break 'games,
                Err(e) => return Err(e),
            };
            match choice {
                Choice::TakeKing => break Some(p.side),
                Choice::Forfeit => p = super::turn::pass(&p),
                Choice::Play(m) => {
                    p.make(m);
                }
            }
            left -= 1;
        };
        played += 1;
        match winner {
            Some(c) if c == root => won += 1,
            Some(_) => lost += 1,
            None => {}
        }
    }
    let n = played.max(1) as f64;
    let pw = won as f64 / n;
    Ok(Simulated {
        games: played,
        asked: games,
        seed,
        simulated_win: pw,
        standard_error: (pw * (1.0 - pw) / n).sqrt(),
        simulated_loss: lost as f64 / n,
    })
}
