//! Times the concordance on generated problems: N random shatranj positions (both kings
//! and up to six other men, a fixed seed), read as a problem file, then grouped at
//! `--max-diff` 0, 1 and 2 by the index (`concord`), and also the problems of
//! `problems/`. With `pairwise`, the same by comparing every pair (`concord_pairwise`, the
//! method before the index; slow: minutes at 10,000), checked to give the same groups.
//!
//! `cargo run --release --features tools --example concordance_bench -- [N] [pairwise] [MAX,MAX..]`
//! (default 10000, max-diffs 0,1,2). Figures in benches/NOTES.md.

use mansuba::board::compiled::AnyEngine;
use mansuba::board::piece::Color;
use mansuba::board::position::Position;
use mansuba::concordance::{concord, concord_pairwise, Entry, Group, Shapes};
use mansuba::problem::parse_str;
use mansuba::{with_engine, Rules};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let pairwise = args.iter().any(|a| a == "pairwise");
    let maxes: Vec<usize> = args
        .iter()
        .find(|a| a.contains(',') || (a.len() == 1 && a.parse::<usize>().is_ok()))
        .map_or(vec![0, 1, 2], |a| {
            a.split(',').filter_map(|x| x.parse().ok()).collect()
        });
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut shapes = Shapes::default();
    let collection: Vec<Entry> = ["mansubat.toml", "early-modern.toml"]
        .iter()
        .flat_map(|f| mansuba::problem::load_file(&dir.join(f), &Default::default()).problems)
        .flatten()
        .filter_map(|p| shapes.entry(&p).ok())
        .collect();
    for &max in &maxes {
        time("problems/", &collection, max, pairwise);
    }
    let eng = AnyEngine::new(Rules::preset("shatranj").unwrap()).unwrap();
    let mut state = 0x4646_4646_u64;
    let mut next = move |below: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % below as u64) as usize
    };
    let mut file = String::new();
    let mut made = 0;
    while made < n {
        let fen = with_engine!(&eng, e => {
            let mut p = Position::empty(e.clone());
            let mut free: Vec<usize> = (0..64).collect();
            let mut put = |c: Color, k: u8, p: &mut Position<_>, next: &mut dyn FnMut(usize) -> usize| {
                let ranks = if Some(k) == e.pawn { 8..56 } else { 0..64 };
                let ok: Vec<usize> = free.iter().copied().filter(|s| ranks.contains(s)).collect();
                let s = ok[next(ok.len())];
                free.retain(|&x| x != s);
                p.add_man(c, k, s);
            };
            put(Color::White, e.king, &mut p, &mut next);
            put(Color::Black, e.king, &mut p, &mut next);
            for _ in 0..next(7) {
                let c = if next(2) == 0 { Color::White } else { Color::Black };
                let k = loop {
                    let k = next(e.nk) as u8;
                    if k != e.king {
                        break k;
                    }
                };
                put(c, k, &mut p, &mut next);
            }
            p.rehash();
            p.validate().ok().map(|_| p.to_fen())
        });
        if let Some(fen) = fen {
            file += &format!("[[problem]]\nid = \"r{made}\"\nrules = \"shatranj\"\nfen = \"{fen}\"\nstipulation = \"#2\"\n");
            made += 1;
        }
    }
    let t0 = Instant::now();
    let loaded = parse_str(&file, std::path::Path::new("generated.toml"));
    let mut shapes = Shapes::default();
    let entries: Vec<_> = loaded
        .problems
        .iter()
        .flatten()
        .filter_map(|p| shapes.entry(p).ok())
        .collect();
    println!(
        "{} problems read in {:.3} s",
        entries.len(),
        t0.elapsed().as_secs_f64()
    );
    for &max in &maxes {
        time("generated", &entries, max, pairwise);
    }
}

/// Groups `entries` by the index (and, with `pairwise`, by every pair: the same groups
/// or a panic), printing the times.
fn time(what: &str, entries: &[Entry], max: usize, pairwise: bool) {
    let t = Instant::now();
    let groups = concord(entries, max);
    let say = |how: &str, g: &[Group], secs: f64| {
        println!(
            "{what} ({} problems) --max-diff {max} {how}: {} groups ({} problems) in {secs:.3} s",
            entries.len(),
            g.len(),
            g.iter().map(|g| g.members.len()).sum::<usize>(),
        )
    };
    say("index", &groups, t.elapsed().as_secs_f64());
    if pairwise {
        let t = Instant::now();
        let old = concord_pairwise(entries, max);
        say("pairwise", &old, t.elapsed().as_secs_f64());
        let sets = |g: &[Group]| -> Vec<Vec<usize>> {
            g.iter()
                .map(|g| g.members.iter().map(|m| m.entry).collect())
                .collect()
        };
        assert_eq!(sets(&groups), sets(&old), "the index and pairwise differ");
    }
}
