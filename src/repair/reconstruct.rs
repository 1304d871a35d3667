//! Reconstruction: the squares of a damaged diagram that cannot be read, filled in every
//! way the rules allow (each empty, or holding a man of the kinds asked, of either
//! colour), and each filling judged on the repair's machinery: legal, material the rules
//! can reach, the manuscript's solution read and checked, then the full solve. The
//! fillings under which the problem is sound are the answers, ranked: first those under
//! which the written solution is right (rank 1), then those sound without it (rank 2);
//! within a rank, fewest men added first. When none fits, the nearest fillings (those
//! that passed the most conditions) say which condition fails.

use super::candidates::Candidate;
use super::edit::{Edit, Grid};
use super::filling::{Filled, MissReason, WrittenSolution};
use super::judge::Failure;
use super::material::Reach;
use super::{run_list, Counts, Fate, Judgement, Open, Options, ReconstructError, Task};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::piece::{Color, Kind};
use crate::board::position::Position;
use crate::solve::word::Verdict;
use crate::with_engine;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// What is asked: the illegible squares, the kinds they may hold, the most men.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// The squares that cannot be read ("f6").
    pub unknown: Vec<String>,
    /// The letters of the kinds they may hold (None: every kind of the rules).
    pub kinds: Option<Vec<char>>,
    /// At most this many of them hold a man (None: all may).
    pub max_men: Option<usize>,
}

impl Asked {
    /// Reads what is asked as written: the squares separated by commas or spaces
    /// ("f6, g7"), the kinds as piece letters ("rnf"; anything else between them is
    /// passed over).
    pub fn read(unknown: &str, kinds: Option<&str>, max_men: Option<usize>) -> Asked {
        Asked {
            unknown: unknown
                .split([',', ' '])
                .filter(|s| !s.trim().is_empty())
                .map(|s| s.trim().to_string())
                .collect(),
            kinds: kinds.map(|k| k.chars().filter(|c| c.is_alphanumeric()).collect()),
            max_men,
        }
    }
}

/// A filling under which the problem is sound.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// 1: the written solution is right (or none is written); 2: sound, but the written
    /// solution fails.
    pub rank: u32,
    /// Each illegible square and what it holds ("f6 black knight", "g7 empty").
    pub filling: Vec<Filled>,
    /// Men put on the illegible squares.
    pub added: usize,
    /// The verdict of the filled problem, written as its word.
    #[serde(with = "crate::solve::word::as_word")]
    pub verdict: Verdict,
    /// Its keys (SAN).
    pub keys: Vec<String>,
    /// The written solution under it: `right`, `none written`, or `fails: …`.
    pub solution: WrittenSolution,
    /// The filled position.
    pub fen: String,
}

/// A filling that does not fit, and the first condition it fails.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Miss {
    /// Each illegible square and what it holds.
    pub filling: Vec<Filled>,
    /// Men put on the illegible squares.
    pub added: usize,
    /// The condition that fails.
    pub fails: MissReason,
}

/// The answer to a reconstruction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reconstruction {
    /// The illegible squares.
    pub unknown: Vec<String>,
    /// The slice of the legal fillings run.
    pub shard: String,
    /// Every filling listed, legal or not.
    pub fillings: usize,
    /// Fillings refused before any search: not a legal position, or material the rules
    /// cannot reach.
    pub refused: usize,
    /// The answers, ranked.
    pub answers: Vec<Answer>,
    /// When there is no answer: the nearest fillings and what fails for each.
    pub nearest: Vec<Miss>,
    /// Fillings a limit left open (never answers).
    pub open: Vec<Open<Filled>>,
    /// The counts (`candidates`: the legal fillings) and the time.
    pub counts: Counts,
    /// What a merge of shards needs to find the nearest misses of the whole run: for
    /// each stage a miss can fail at, its nearest few, in listing order (see
    /// [`super::reconstruct_join`]). Not part of the report.
    #[serde(skip)]
    pub kept: Vec<(u8, Miss)>,
}

/// How many of the nearest misses are shown.
const NEAREST: usize = 5;

/// Bytes a listed filling of `squares` squares takes while the list is built and run:
/// its digits, its words, its candidate and its fate (see docs/budgets.md for the
/// measure behind the figures).
fn bytes_per_filling(squares: usize) -> u64 {
    256 + 160 * squares as u64
}

/// The squares, the kinds and the options of each square (None: empty).
type Options2 = Vec<Option<(Color, Kind)>>;

/// Fills the illegible squares of the problem of `task` every way `asked` allows and
/// judges each filling (see the module comment). An error for a square or kind that does
/// not read, or a list of fillings over the memory budget.
pub fn reconstruct(
    task: &Task,
    asked: &Asked,
    opt: &Options,
) -> Result<Reconstruction, ReconstructError> {
    let t0 = Instant::now();
    let mut r = with_engine!(task.engine, e => {
        let pos = Position::from_fen(e.clone(), task.fen)?;
        run(task, asked, opt, &pos)
    })?;
    r.counts.millis = t0.elapsed().as_millis() as u64;
    Ok(r)
}

/// The squares asked, as indices, each once.
fn squares<B: Bits>(eng: &Engine<B>, asked: &Asked) -> Result<Vec<usize>, ReconstructError> {
    let mut out: Vec<usize> = vec![];
    for s in &asked.unknown {
        let sq = eng
            .geo
            .parse(s.trim())
            .ok_or_else(|| ReconstructError::BadSquare {
                square: s.clone(),
                width: eng.geo.width,
                height: eng.geo.height,
            })? as usize;
        if out.contains(&sq) {
            return Err(ReconstructError::Twice(s.clone()));
        }
        out.push(sq);
    }
    if out.is_empty() {
        return Err(ReconstructError::NoSquare);
    }
    Ok(out)
}

/// What one square may hold: empty, or a man of the kinds asked of either colour.
fn choices<B: Bits>(eng: &Engine<B>, asked: &Asked) -> Result<Options2, ReconstructError> {
    let kinds: Vec<Kind> = match &asked.kinds {
        None => (0..eng.nk as Kind).collect(),
        Some(letters) => letters
            .iter()
            .map(|&c| {
                eng.rules
                    .kind_of(c)
                    .ok_or_else(|| ReconstructError::BadKind {
                        letter: c,
                        rules: eng.rules.name.clone(),
                    })
            })
            .collect::<Result<_, _>>()?,
    };
    let mut out = vec![None];
    for c in [Color::White, Color::Black] {
        out.extend(kinds.iter().map(|&k| Some((c, k))));
    }
    out.dedup();
    Ok(out)
}

/// How many fillings of `squares` squares, each of `choices` options (the first one
/// empty), hold at most `max` men: the sum over k ≤ max of C(squares, k) (choices − 1)^k.
/// None when the count does not fit in a u64.
fn count_fillings(squares: usize, choices: usize, max: usize) -> Option<u64> {
    let men = choices.saturating_sub(1) as u64;
    let (mut total, mut binom, mut power) = (0u64, 1u64, 1u64);
    for k in 0..=max.min(squares) {
        if k > 0 {
            // C(n, k) = C(n, k - 1) (n - k + 1) / k, exact at every step.
            binom = binom.checked_mul((squares - k + 1) as u64)? / k as u64;
            power = power.checked_mul(men)?;
        }
        total = total.checked_add(binom.checked_mul(power)?)?;
    }
    Some(total)
}

/// Every filling (an option index per square) with at most `max` men, fewest men first,
/// then in a fixed order (lexicographic). The count is checked against the memory budget
/// before the list is made; the listing asks `stop` every few thousand steps and ends
/// with its reason (a part of the list is no list).
fn fillings(
    squares: usize,
    choices: usize,
    max: usize,
    (stop, budget): (&dyn Fn() -> Option<&'static str>, crate::memory::Budget),
) -> Result<Vec<Vec<usize>>, ReconstructError> {
    let count = count_fillings(squares, choices, max).ok_or(ReconstructError::TooManyFillings)?;
    budget
        .check(
            &format!("the list of {count} fillings"),
            count.saturating_mul(bytes_per_filling(squares)),
        )
        .map_err(|err| ReconstructError::OverBudget { err })?;
    let mut out = vec![];
    let mut digits = vec![0usize; squares];
    let men = |d: &[usize]| d.iter().filter(|&&x| x > 0).count();
    for step in 0u64.. {
        if step % 4096 == 0 {
            if let Some(why) = stop() {
                return Err(ReconstructError::StoppedListing { why });
            }
        }
        if men(&digits) <= max {
            out.push(digits.clone());
        }
        // The next vector in order whose leading digits hold at most `max` men: a prefix
        // over it is skipped whole (with a small --max-men most vectors are).
        let mut at = digits.iter().rposition(|&d| d + 1 < choices);
        while let Some(i) = at {
            digits[i] += 1;
            digits[i + 1..].iter_mut().for_each(|d| *d = 0);
            if men(&digits[..=i]) <= max {
                break;
            }
            digits[i] = 0;
            at = digits[..i].iter().rposition(|&d| d + 1 < choices);
        }
        if at.is_none() {
            break;
        }
    }
    out.sort_by_key(|f| men(f));
    Ok(out)
}

/// A filling by name: "f6 black knight", "g7 empty".
fn words<B: Bits>(
    eng: &Engine<B>,
    task: &Task,
    sq: &[usize],
    fill: &[Option<(Color, Kind)>],
) -> Vec<Filled> {
    sq.iter()
        .zip(fill)
        .map(|(&s, m)| Filled {
            on: eng.geo.name(s as u8),
            holds: m.map(|(c, k)| {
                let kind = eng.rules.pieces[k as usize].name.to_lowercase();
                format!("{} {kind}", task.sides.lower(c))
            }),
        })
        .collect()
}

fn run<B: Bits>(
    task: &Task,
    asked: &Asked,
    opt: &Options,
    pos: &Position<B>,
) -> Result<Reconstruction, ReconstructError> {
    let eng = &pos.eng;
    let sq = squares(eng, asked)?;
    let choice = choices(eng, asked)?;
    let mut damaged = Grid::from(pos);
    for &s in &sq {
        damaged.men[s].clear();
    }
    let tail = format!("{} {}", pos.halfmove, pos.fullmove);
    let reach = Reach::of(eng);
    let watch = super::watch::Watch::new(opt.deadline, &opt.limits);
    let stop = || watch.stopped();
    let all = fillings(
        sq.len(),
        choice.len(),
        asked.max_men.unwrap_or(sq.len()),
        (&stop, opt.limits.budget()),
    )?;
    let mut misses: Vec<(u8, Miss)> = vec![];
    let mut list: Vec<Candidate> = vec![];
    let mut spelt: Vec<(Vec<Filled>, usize)> = vec![];
    for (n, f) in all.iter().enumerate() {
        if n % 1024 == 0 {
            if let Some(why) = watch.stopped() {
                return Err(ReconstructError::StoppedJudging { why });
            }
        }
        let fill: Vec<_> = f.iter().map(|&d| choice[d]).collect();
        let w = words(eng, task, &sq, &fill);
        let added = fill.iter().flatten().count();
        let edits: Vec<Edit> = sq
            .iter()
            .zip(&fill)
            .filter_map(|(&s, m)| m.map(|(c, k)| Edit::Add { sq: s, c, k }))
            .collect();
        let g = edits.iter().fold(damaged.clone(), |g, e| g.apply(e));
        let miss = |fails: MissReason| {
            (
                fails.stage(),
                Miss {
                    filling: w.clone(),
                    added,
                    fails,
                },
            )
        };
        if let Err(e) = g.position(eng, &tail) {
            misses.push(miss(MissReason::Illegal(e.to_string())));
        } else if let Some(why) = reach
            .as_ref()
            .filter(|r| !r.allows(&g, &damaged))
            .and_then(|r| r.unreachable(&g))
        {
            misses.push(miss(MissReason::Material(why.to_string())));
        } else {
            list.push(Candidate {
                edits,
                disturbance: added as u32,
                spread: 0,
            });
            spelt.push((w, added));
        }
    }
    let range = opt.shard.range(list.len());
    let fates = run_list(
        task,
        (opt, &watch),
        (eng, &damaged, &tail),
        (&list, range.clone()),
        ("reconstruct", true),
    );
    let mut r = Reconstruction {
        unknown: sq.iter().map(|&s| eng.geo.name(s as u8)).collect(),
        shard: opt.shard.to_string(),
        fillings: all.len(),
        refused: misses.len(),
        answers: vec![],
        nearest: vec![],
        open: vec![],
        counts: Counts {
            candidates: list.len(),
            in_shard: range.len(),
            ..Counts::default()
        },
        kept: vec![],
    };
    for (i, fate) in range.zip(fates) {
        sort_fate(task, (i, &spelt[i]), fate, &mut r, &mut misses);
    }
    if r.counts.not_run > 0 {
        r.counts.stopped = watch.stopped().unwrap_or("stopped").to_string();
    }
    finish(&mut r, misses);
    Ok(r)
}

/// Ranks the answers, counts them and the open fillings, keeps the misses a merge needs
/// and, when nothing fits, names the nearest (`misses`: in listing order).
pub(super) fn finish(r: &mut Reconstruction, misses: Vec<(u8, Miss)>) {
    r.answers.sort_by_key(|a| (a.rank, a.added));
    r.counts.unknown = r.open.len();
    r.counts.repairs = r.answers.len();
    r.kept = kept(&misses);
    if r.answers.is_empty() {
        r.nearest = nearest(misses);
    }
}

/// One legal filling's fate: an answer, an open filling or a miss.
fn sort_fate(
    task: &Task,
    (i, (filling, added)): (usize, &(Vec<Filled>, usize)),
    fate: Fate,
    r: &mut Reconstruction,
    misses: &mut Vec<(u8, Miss)>,
) {
    let miss = |fails: MissReason| {
        (
            fails.stage(),
            Miss {
                filling: filling.clone(),
                added: *added,
                fails,
            },
        )
    };
    let written = task.kept.claim.is_some_and(|c| !c.trim().is_empty());
    match fate {
        Fate::NotRun => r.counts.not_run += 1,
        Fate::Prefiltered(cheap, why) => {
            r.counts.prefiltered += 1;
            r.counts.claim_unreadable += cheap as usize;
            misses.push(miss(MissReason::Solution(why)));
        }
        Fate::Solved(j, spelt, keys, verdict) => {
            r.counts.solved += 1;
            let fen = spelt.map(|s| s.0).unwrap_or_default();
            let answer = |rank: u32, solution: WrittenSolution| Answer {
                rank,
                filling: filling.clone(),
                added: *added,
                verdict,
                keys: keys.clone(),
                solution,
                fen: fen.clone(),
            };
            match j {
                Judgement::Repair if written => r.answers.push(answer(1, WrittenSolution::Right)),
                Judgement::Repair => r.answers.push(answer(1, WrittenSolution::NoneWritten)),
                Judgement::Fails(
                    w @ (Failure::ClaimShort | Failure::Verdict(Verdict::ClaimWrong)),
                ) => r.answers.push(answer(2, WrittenSolution::Fails(w))),
                Judgement::Unknown(limit) => r.open.push(Open {
                    candidate: i,
                    edits: filling.clone(),
                    fen,
                    limit,
                }),
                Judgement::Fails(w) => misses.push(miss(MissReason::Solved(w))),
            }
        }
    }
}

/// The misses a merge needs: for each stage, the first few (as many
/// as the report shows) by men added (then
/// listing order), kept in listing order.
fn kept(misses: &[(u8, Miss)]) -> Vec<(u8, Miss)> {
    let mut chosen = vec![false; misses.len()];
    let mut stages: Vec<u8> = misses.iter().map(|m| m.0).collect();
    stages.sort_unstable();
    stages.dedup();
    for s in stages {
        let mut at: Vec<usize> = (0..misses.len()).filter(|&i| misses[i].0 == s).collect();
        at.sort_by_key(|&i| misses[i].1.added);
        for &i in at.iter().take(NEAREST) {
            chosen[i] = true;
        }
    }
    misses
        .iter()
        .zip(chosen)
        .filter(|(_, c)| *c)
        .map(|(m, _)| m.clone())
        .collect()
}

/// The misses that got furthest, fewest men added first.
fn nearest(mut misses: Vec<(u8, Miss)>) -> Vec<Miss> {
    let best = misses.iter().map(|m| m.0).max().unwrap_or(0);
    misses.retain(|m| m.0 == best);
    misses.sort_by_key(|m| m.1.added);
    misses.into_iter().take(NEAREST).map(|m| m.1).collect()
}
