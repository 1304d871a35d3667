//! Counts of the shatranj KRKQ table under several counting conventions, to compare
//! with published percentages (H. G. Muller's EGTgen: 84.3 % White wins, Black to move).
//! Usage: krkq_counts DIR (a directory holding shatranj-KRKQ.mtb).
use mansuba::retro::{Tables, Value};
use mansuba::{AnyEngine, Color, Position, Rules};

fn main() {
    let dir = std::env::args().nth(1).expect("DIR");
    let rules = Rules::preset("shatranj").unwrap();
    let tables = Tables::open(&dir, &rules, &Default::default());
    let any = AnyEngine::new(rules).unwrap();
    let AnyEngine::W64(e) = &any else { panic!() };
    let tri = |s: usize| {
        let (f, r) = (s % 8, s / 8);
        f < 4 && r <= f
    };
    // [class][view]: class 0 legal-win,1 legal-draw,2 legal-loss(black wins),3 kings adjacent,4 white in check by ferz
    // views: 0 full board, 1 WK in triangle, 2 BK in triangle
    let mut c = [[0u64; 3]; 5];
    let mut shown = 0;
    let k = e.rules.kind_of('K').unwrap();
    let r = e.rules.kind_of('R').unwrap();
    let q = e.rules.kind_of('q').unwrap();
    for wk in 0..64usize {
        for bk in 0..64 {
            if bk == wk {
                continue;
            }
            for wr in 0..64 {
                if wr == wk || wr == bk {
                    continue;
                }
                for bq in 0..64 {
                    if bq == wk || bq == bk || bq == wr {
                        continue;
                    }
                    let adj = (wk % 8).abs_diff(bk % 8) <= 1 && (wk / 8).abs_diff(bk / 8) <= 1;
                    let mut p = Position::empty(e.clone());
                    p.add_man(Color::White, k, wk);
                    p.add_man(Color::Black, k, bk);
                    p.add_man(Color::White, r, wr);
                    p.add_man(Color::Black, q, bq);
                    p.set_side(Color::Black);
                    let class = if adj {
                        3
                    } else if p.validate().is_err() {
                        4
                    } else {
                        match tables.probe(&p).unwrap().0 {
                            Value::Loss => 0,
                            Value::Draw => 1,
                            Value::Win => 2,
                        }
                    };
                    let diag = |a: usize, b: usize| {
                        (a % 8).abs_diff(b % 8) == 1 && (a / 8).abs_diff(b / 8) == 1
                    };
                    let adj2 = |a: usize, b: usize| {
                        a != b && (a % 8).abs_diff(b % 8) <= 1 && (a / 8).abs_diff(b / 8) <= 1
                    };
                    let cap = diag(bq, wr) || (adj2(bk, wr) && !adj2(wk, wr));
                    if class <= 2 && !cap && class != 0 && shown < 12 {
                        shown += 1;
                        println!("rook safe, yet not won: {}", p.to_fen());
                    }
                    c[class][0] += 1;
                    if tri(wk) {
                        c[class][1] += 1;
                    }
                    if tri(bk) {
                        c[class][2] += 1;
                    }
                }
            }
        }
    }
    for (v, name) in ["full board", "WK in a1-d1-d4", "BK in a1-d1-d4"]
        .iter()
        .enumerate()
    {
        let w = c[0][v] as f64;
        let legal = (c[0][v] + c[1][v] + c[2][v]) as f64;
        println!(
            "{name}: win {} draw {} loss {} kadj {} fcheck {}",
            c[0][v], c[1][v], c[2][v], c[3][v], c[4][v]
        );
        println!(
            "  legal {:.3}%  +fcheck {:.3}%  +kadj {:.3}%  +both {:.3}%",
            100.0 * w / legal,
            100.0 * w / (legal + c[4][v] as f64),
            100.0 * w / (legal + c[3][v] as f64),
            100.0 * w / (legal + (c[3][v] + c[4][v]) as f64)
        );
    }
}
