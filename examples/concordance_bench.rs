//! Times the concordance on generated problems: N random shatranj positions (both kings
//! and up to six other men, a fixed seed), read as a problem file, then grouped at
//! `--max-diff 0` and at 2.
//!
//! `cargo run --release --example concordance_bench -- [N]` (default 10000). Figures in
//! benches/NOTES.md.

use mansuba::board::any::AnyEngine;
use mansuba::board::piece::Color;
use mansuba::board::position::Position;
use mansuba::concordance::{concord, Shapes};
use mansuba::problem::parse_str;
use mansuba::{with_engine, Rules};
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
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
    for max in [0, 2] {
        let t = Instant::now();
        let groups = concord(&entries, max);
        println!(
            "--max-diff {max}: {} groups ({} problems) in {:.3} s",
            groups.len(),
            groups.iter().map(|g| g.members.len()).sum::<usize>(),
            t.elapsed().as_secs_f64()
        );
    }
}
