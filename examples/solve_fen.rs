//! Solves one position from the command line: `solve_fen RULES FEN STIP [SECONDS]`.
use mansuba::any::AnyEngine;
use mansuba::rules::Rules;
use mansuba::solve::{analyse, ConditionSpec, Limits};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let any = AnyEngine::new(Rules::preset(&a[1]).unwrap()).unwrap();
    let stip = a[3].parse().unwrap();
    let secs: u64 = a.get(4).map(|s| s.parse().unwrap()).unwrap_or(30);
    let limits = Limits {
        timeout: Some(std::time::Duration::from_secs(secs)),
        ..Default::default()
    };
    let claim = a.get(5).map(|s| s.as_str());
    let r = analyse(
        &any,
        &a[2],
        &stip,
        &ConditionSpec::default(),
        claim,
        &limits,
    )
    .unwrap();
    println!(
        "{:?} keys={:?} complete={} shortest={:?} nodes={} ms={} limit={:?}",
        r.report.solvable,
        r.report.keys,
        r.report.keys_complete,
        r.report.shortest,
        r.report.nodes,
        r.report.millis,
        r.report.limit_hit
    );
    println!(
        "claim {:?} {} filled={:?} remarks={:?}",
        r.claim.status, r.claim.detail, r.claim.filled, r.claim.remarks
    );
    println!(
        "main {:?}\nrefutation {:?} tree {} cut={}",
        r.report.main_line,
        r.report.refutation,
        r.report.tree.len(),
        r.report.tree_truncated
    );
}
