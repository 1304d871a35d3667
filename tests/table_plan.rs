//! `tablebase plan`: the tables of a family in build order, each with the tables its moves
//! lead to; building them one job per line, each job builds only its own table and reads
//! the others from the shared directory.

use crate::common::mansuba;

#[test]
fn plan_orders_the_family_and_each_job_builds_one_table() {
    let (code, out, err) = mansuba(&["tablebase", "plan", "--rules", "shatranj", "KRKQ", "KRKN"]);
    assert_eq!(code, 0, "{err}");
    let steps: Vec<(String, Vec<String>)> = out
        .lines()
        .map(|l| {
            let (m, needs) = l.split_once(':').expect("MATERIAL: NEEDS");
            (
                m.to_string(),
                needs.split_whitespace().map(String::from).collect(),
            )
        })
        .collect();
    let names: Vec<&str> = steps.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(names, ["KK", "KKQ", "KRK", "KRKQ", "KKN", "KRKN"]);
    // Every material comes after what it needs; a capture of either man of KRKQ.
    for (i, (m, needs)) in steps.iter().enumerate() {
        for n in needs {
            let at = names.iter().position(|x| x == n).unwrap();
            assert!(at < i, "{m} needs {n}, planned later");
        }
    }
    assert_eq!(steps[3].1, ["KKQ", "KRK"]);
    // One job per material (the three-man ones: fast), in plan order: each builds its
    // own table only and loads the rest.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for (m, _) in steps.iter().filter(|s| s.0.len() <= 3) {
        let (code, out, err) = mansuba(&["tablebase", "build", m, "--dir", d]);
        assert_eq!(code, 0, "{err}");
        for l in out.lines().filter(|l| l.contains(".mtb")) {
            let built = l.contains(" built ");
            assert_eq!(built, l.starts_with(&format!("{m} ")), "job {m}: {l}");
        }
    }
    // No temporary names are left behind.
    for e in std::fs::read_dir(d).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().to_string();
        assert!(name.ends_with(".mtb"), "left behind: {name}");
    }
    let (code, _, err) = mansuba(&["tablebase", "plan", "KRKX"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown letter 'X'"), "{err}");
}
