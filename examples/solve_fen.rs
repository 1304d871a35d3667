//! Solves one position from the command line (a developer's tool):
//! `solve_fen RULES FEN STIP [SECONDS] [CLAIM] [KEY=VALUE...]` with keys `immobile`,
//! `mate_by`, `exact`.
use mansuba::{analyse, AnyEngine, ConditionSpec, Limits, Rules, Stipulation};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let any = AnyEngine::new(Rules::preset(&a[1]).unwrap()).unwrap();
    let mut stip: Stipulation = a[3].parse().unwrap();
    let secs: u64 = a.get(4).map(|s| s.parse().unwrap()).unwrap_or(30);
    let limits = Limits {
        timeout: Some(std::time::Duration::from_secs(secs)),
        ..Default::default()
    };
    let claim = a.get(5).map(|s| s.as_str()).filter(|s| !s.is_empty());
    let mut spec = ConditionSpec::default();
    for kv in a.iter().skip(6) {
        let (k, v) = kv.split_once('=').unwrap();
        match k {
            "immobile" => spec.immobile.push(v.into()),
            "mate_by" => spec.mate_by = Some(v.into()),
            "exact" => stip.exact = v == "true",
            _ => panic!("unknown key {k}"),
        }
    }
    let r = analyse(&any, &a[2], &stip, &spec, claim, &limits).unwrap();
    println!(
        "{:?} keys={:?} complete={} shortest={:?} others_fail_within={:?} nodes={} ms={} limit={:?}",
        r.report.solvable,
        r.report.keys.iter().map(ToString::to_string).collect::<Vec<_>>(),
        r.report.keys_complete,
        r.report.shortest,
        r.report.others_fail_within,
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
        r.written.main_line,
        r.report.refutation,
        r.report.tree.len(),
        r.report.tree_truncated
    );
}
