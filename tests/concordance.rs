//! `mansuba concordance` (src/concordance/): composed variants of every problem of the
//! collection (mirrored, colours exchanged, shifted, one man changed, two men changed)
//! are grouped with their original and nothing else; at `--max-diff 0` no two different
//! positions are grouped, and every two that are one position up to symmetry are.

use crate::common::Rng;
use mansuba::concordance::symmetry::{canonical, Transform};
use mansuba::concordance::{concord, Entry, Shapes};
use mansuba::problem::{load_file, parse_str};
use std::collections::HashMap;
use std::path::Path;

/// Every problem of `problems/` as an entry.
fn collection() -> Vec<Entry> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut shapes = Shapes::default();
    let mut out = vec![];
    for f in ["mansubat.toml", "early-modern.toml"] {
        for p in load_file(&dir.join(f), &Default::default())
            .problems
            .into_iter()
            .flatten()
        {
            out.push(shapes.entry(&p).unwrap());
        }
    }
    out
}

/// `e` with its id and position replaced.
fn variant(e: &Entry, what: &str, shape: mansuba::concordance::shape::Shape) -> Entry {
    let mut v = e.clone();
    v.id = format!("{}~{what}", e.id);
    v.shape = shape;
    v
}

/// `e` with the men at `places` (indices of its men, not kings) made another kind.
fn changed(e: &Entry, places: &[usize], rng: &mut Rng) -> Entry {
    let mut s = e.shape.clone();
    let letters: Vec<char> = e
        .names
        .keys()
        .copied()
        .filter(|&c| c != 'k' && c != 'p')
        .collect();
    for &i in places {
        let now = s.men[i].2.clone();
        let others: Vec<char> = letters
            .iter()
            .copied()
            .filter(|c| c.to_string() != now)
            .collect();
        s.men[i].2 = others[rng.below(others.len())].to_string();
    }
    variant(e, &format!("changed{places:?}"), s)
}

/// The composed variants of `e` its rules allow.
fn variants(e: &Entry, rng: &mut Rng) -> Vec<Entry> {
    let mut out = vec![];
    let a = &e.allowed;
    for (on, t, what) in [
        (
            a.mirror,
            Transform {
                mirror: true,
                ..Default::default()
            },
            "mirrored",
        ),
        (
            a.colours,
            Transform {
                colours: true,
                ..Default::default()
            },
            "colours",
        ),
        (
            a.files,
            Transform {
                dx: 1,
                ..Default::default()
            },
            "right",
        ),
        (
            a.files,
            Transform {
                dx: -1,
                ..Default::default()
            },
            "left",
        ),
    ] {
        if let Some(s) = on.then(|| t.apply(&e.shape)).flatten() {
            out.push(variant(e, what, s));
        }
    }
    let men: Vec<usize> = (0..e.shape.men.len())
        .filter(|&i| e.shape.men[i].2 != "k")
        .collect();
    if men.len() >= 2 {
        out.push(changed(e, &[men[rng.below(men.len())]], rng));
        let i = rng.below(men.len());
        let j = (i + 1 + rng.below(men.len() - 1)) % men.len();
        out.push(changed(e, &[men[i], men[j]], rng));
    }
    out
}

#[test]
fn variants_are_grouped_with_their_original_and_nothing_else() {
    let coll = collection();
    let base = concord(&coll, 2);
    // Each problem's group in the collection alone (a problem in none: itself).
    let mut home: Vec<usize> = (0..coll.len()).map(|i| 1000 + i).collect();
    for (g, group) in base.iter().enumerate() {
        for m in &group.members {
            home[m.entry] = g;
        }
    }
    let mut rng = Rng(0x0046_4646);
    let mut all = coll.clone();
    let mut origin: Vec<usize> = (0..coll.len()).collect();
    for (i, e) in coll.iter().enumerate() {
        for v in variants(e, &mut rng) {
            all.push(v);
            origin.push(i);
        }
    }
    let kinds: Vec<&str> = ["mirrored", "colours", "right", "changed"].into();
    for k in kinds {
        assert!(
            all.iter().any(|e| e.id.contains(k)),
            "no variant '{k}' was composed"
        );
    }
    let groups = concord(&all, 2);
    let mut grouped = vec![false; all.len()];
    for g in &groups {
        let homes: Vec<usize> = g.members.iter().map(|m| home[origin[m.entry]]).collect();
        let ids: Vec<&str> = g.members.iter().map(|m| all[m.entry].id.as_str()).collect();
        assert!(
            homes.iter().all(|&h| h == homes[0]),
            "a group mixes problems: {ids:?}"
        );
        for m in &g.members {
            grouped[m.entry] = true;
        }
        // Every member that is a variant is grouped with its original.
        for m in &g.members {
            let o = origin[m.entry];
            assert!(
                g.members.iter().any(|x| x.entry == o),
                "{} without its original: {ids:?}",
                all[m.entry].id
            );
        }
    }
    for (i, e) in all.iter().enumerate().skip(coll.len()) {
        assert!(grouped[i], "variant {} is in no group", e.id);
    }
}

/// A random shatranj problem file of `n` problems: both kings and up to six other men.
fn generated(n: usize, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut s = String::new();
    for i in 0..n {
        let mut board = [['.'; 8]; 8];
        let men = 2 + rng.below(7);
        for m in 0..men {
            let letter = match m {
                0 => 'K',
                1 => 'k',
                _ => {
                    let l = b"qrbnp"[rng.below(5)] as char;
                    if rng.below(2) == 0 {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    }
                }
            };
            let ranks = if letter.eq_ignore_ascii_case(&'p') {
                1..7
            } else {
                0..8
            };
            loop {
                let (f, r) = (rng.below(8), ranks.start + rng.below(ranks.len()));
                if board[r][f] == '.' {
                    board[r][f] = letter;
                    break;
                }
            }
        }
        let fen: Vec<String> = board
            .iter()
            .rev()
            .map(|row| crate::common::fen_rank(row))
            .collect();
        s.push_str(&format!(
            "[[problem]]\nid = \"g{i}\"\nrules = \"shatranj\"\nfen = \"{} w - - 0 1\"\nstipulation = \"#2\"\n\n",
            fen.join("/")
        ));
    }
    s
}

#[test]
fn max_diff_zero_groups_one_position_only() {
    let mut shapes = Shapes::default();
    let text = generated(2000, 0x4600);
    let file = parse_str(&text, Path::new("generated.toml"));
    let mut entries: Vec<Entry> = file
        .problems
        .iter()
        .flatten()
        .filter_map(|p| shapes.entry(p).ok())
        .collect();
    assert!(entries.len() > 1000, "{} legal", entries.len());
    // Some are one position up to symmetry: mirrored and turned copies.
    let mut rng = Rng(0x46);
    let mut copies = vec![];
    for e in entries.iter().take(200) {
        copies.extend(
            variants(e, &mut rng)
                .into_iter()
                .filter(|v| !v.id.contains("changed")),
        );
    }
    entries.extend(copies);
    entries.extend(collection());
    let groups = concord(&entries, 0);
    let mut group_of = HashMap::new();
    for (g, group) in groups.iter().enumerate() {
        let head = &entries[group.members[0].entry];
        for m in &group.members {
            let e = &entries[m.entry];
            let both = head.allowed.both(&e.allowed);
            assert_eq!(
                canonical(&both, &head.shape),
                canonical(&both, &e.shape),
                "{} and {} grouped",
                head.id,
                e.id
            );
            assert_eq!(m.count, 0);
            group_of.insert(m.entry, g);
        }
    }
    // Every two with one canonical form (and the same symmetries) are in one group.
    let mut classes: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, e) in entries.iter().enumerate() {
        let key = (
            canonical(&e.allowed, &e.shape),
            format!(
                "{:?}",
                (
                    e.allowed.mirror,
                    e.allowed.colours,
                    e.allowed.files,
                    e.allowed.ranks
                )
            ),
        );
        classes.entry(key).or_default().push(i);
    }
    let mut checked = 0;
    for class in classes.values().filter(|c| c.len() > 1) {
        let g = group_of.get(&class[0]);
        assert!(g.is_some(), "{} alone", entries[class[0]].id);
        assert!(class.iter().all(|i| group_of.get(i) == g));
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} classes of copies");
}

/// The command: a group's differences spelled out, the edition's page linking members.
#[test]
fn command_spells_the_differences() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("conc");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(["concordance", "problems/", "--no-solve", "--html"])
        .arg(&html)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("water-wheel-ms: white pawn: on a5 in water-wheel, on a3 in water-wheel-ms"),
        "{text}"
    );
    assert!(text.contains("dilaram-6: the same position"), "{text}");
    let page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(
        page.contains("href=\"#c5-dilaram-6\"") || page.contains("-dilaram-6\">dilaram-6</a>"),
        "no link to dilaram-6"
    );
}

/// `e` with one man (not a king) taken off, moved to an empty square, or of the other
/// colour: the near variants `variants` does not compose.
fn edited(e: &Entry, rng: &mut Rng) -> Vec<Entry> {
    let s = &e.shape;
    let men: Vec<usize> = (0..s.men.len()).filter(|&i| s.men[i].2 != "k").collect();
    let mut out = vec![];
    if men.is_empty() {
        return out;
    }
    let i = men[rng.below(men.len())];
    let mut gone = s.clone();
    gone.men.remove(i);
    out.push(variant(e, "removed", gone));
    let mut moved = s.clone();
    let to = (
        rng.below(s.width as usize) as u8,
        rng.below(s.height as usize) as u8,
    );
    if moved.men.iter().all(|m| m.0 != to) {
        moved.men[i].0 = to;
        moved.men.sort();
        out.push(variant(e, "moved", moved));
    }
    let mut turned = s.clone();
    turned.men[i].1 ^= 1;
    out.push(variant(e, "recoloured", turned));
    out
}

/// The index finds exactly the groups (and spells exactly the differences) that comparing
/// every pair does, on sets dense in near variants: generated problems with their
/// mirrored, turned, shifted, changed, removed, moved and recoloured copies, and the
/// collection; and the packed comparison answers as the pairwise distance on every pair.
#[test]
fn index_groups_as_every_pair_compared() {
    use mansuba::concordance::concord_pairwise;
    use mansuba::concordance::group::distance;
    use mansuba::concordance::packed::{within, Packer};
    let mut rng = Rng(0x4646_0002);
    let mut shapes = Shapes::default();
    let text = generated(50, 0x4601);
    let file = parse_str(&text, Path::new("generated.toml"));
    let base: Vec<Entry> = file
        .problems
        .iter()
        .flatten()
        .filter_map(|p| shapes.entry(p).ok())
        .chain(collection())
        .collect();
    let mut entries = base.clone();
    for e in &base {
        let near = variants(e, &mut rng);
        for v in near.iter().take(3) {
            entries.extend(edited(v, &mut rng));
        }
        entries.extend(near);
        entries.extend(edited(e, &mut rng));
    }
    let json = |g: &[mansuba::concordance::Group]| serde_json::to_string(g).unwrap();
    for most in 0..=2 {
        let fast = concord(&entries, most);
        let slow = concord_pairwise(&entries, most);
        assert!(fast.len() > 5, "{} groups at {most}", fast.len());
        assert_eq!(json(&fast), json(&slow), "max-diff {most}");
    }
    let mut packer = Packer::default();
    let packs: Vec<_> = entries.iter().map(|e| packer.pack(e)).collect();
    let mut near = [0; 4];
    for _ in 0..6_000 {
        // Half the pairs among neighbours, where the copies of one problem lie.
        let i = rng.below(entries.len());
        let j = match rng.below(2) {
            0 => rng.below(entries.len()),
            _ => (i + 1 + rng.below(8)) % entries.len(),
        };
        if entries[i].shape.width != entries[j].shape.width
            || entries[i].shape.height != entries[j].shape.height
        {
            continue;
        }
        for (most, n) in near.iter_mut().enumerate() {
            let want = distance(&entries[i], &entries[j], most).is_some();
            assert_eq!(
                within(&packs[i], &packs[j], most),
                want,
                "{} and {} at {most}",
                entries[i].id,
                entries[j].id
            );
            *n += want as usize;
        }
    }
    assert!(near.iter().all(|&n| n > 10), "few near pairs: {near:?}");
}
