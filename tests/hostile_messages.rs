//! Messages that quote input are bounded and say what is wrong: a word of the input is
//! cut at 200 characters, missing shard numbers are written as ranges, `repair` of a
//! device and `tablebase build --dir` onto a regular file say so, a Popeye square given
//! twice is named, and `--id` is escaped. Each test failed before its fix.

use crate::common::mansuba_in;

/// A mate in one whose `stipulation` is a 100,000-character keyword.
fn long_keyword(dir: &std::path::Path) {
    let word = "k".repeat(100_000);
    std::fs::write(
        dir.join("kw.toml"),
        format!(
            "[[problem]]\nid = \"a\"\nrules = \"shatranj\"\n\
             fen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\nstipulation = \"{word}\"\n"
        ),
    )
    .unwrap();
}

#[test]
fn a_huge_keyword_is_quoted_cut_at_200_characters() {
    let d = tempfile::tempdir().unwrap();
    long_keyword(d.path());
    for args in [&["verify", "kw.toml"][..], &["solve", "kw.toml"]] {
        let (code, out, err) = mansuba_in(d.path(), args);
        assert_ne!(code, 0, "{args:?}");
        let all = format!("{out}{err}");
        assert!(all.contains("bad stipulation"), "{args:?}: {all:.400}");
        assert!(all.contains("more characters]"), "{args:?}: {all:.400}");
        // Every line stays short: the keyword's 100,000 characters are nowhere whole.
        let longest = all.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(longest < 1000, "{args:?}: a line of {longest} characters");
    }
}

#[test]
fn missing_shards_are_named_as_ranges() {
    let d = tempfile::tempdir().unwrap();
    long_keyword(d.path());
    std::fs::create_dir(d.path().join("s")).unwrap();
    let (code, _, err) = mansuba_in(
        d.path(),
        &[
            "verify", "kw.toml", "--shard", "3/100000", "--csv", "s/s.csv",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = mansuba_in(d.path(), &["merge", "s", "--csv", "all.csv"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("99999 of 100000 shards missing: K = 0-2,4-99999 of --shard K/100000")
            && err.contains("sbatch --array=0-2,4-99999"),
        "{err:.600}"
    );
    assert!(err.len() < 1000, "{} bytes", err.len());
}

#[test]
fn repair_of_a_device_or_a_folder_says_what_it_is() {
    let d = tempfile::tempdir().unwrap();
    let (code, _, err) = mansuba_in(d.path(), &["repair", "/dev/null"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("/dev/null is not a regular file"), "{err}");
    let (code, _, err) = mansuba_in(
        d.path(),
        &["reconstruct", ".", "--id", "a", "--unknown", "a1"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(". is a folder: give one problem file"),
        "{err}"
    );
}

#[test]
fn tablebase_build_onto_a_regular_file_says_so() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("plain"), "mine").unwrap();
    for (dir, says) in [
        ("plain", "--dir plain is a regular file"),
        (
            "plain/sub",
            "--dir plain/sub: its parent plain is a regular file",
        ),
    ] {
        let (code, _, err) = mansuba_in(
            d.path(),
            &[
                "tablebase",
                "build",
                "--rules",
                "shatranj",
                "KRK",
                "--dir",
                dir,
            ],
        );
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says) && err.contains("give a folder"), "{err}");
    }
    assert_eq!(
        std::fs::read_to_string(d.path().join("plain")).unwrap(),
        "mine"
    );
}

#[test]
fn a_popeye_square_given_twice_is_named() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(
        d.path().join("dup.pop"),
        "beginproblem\nstipulation #1\npieces white ke1 qe1 black ke8\nendproblem\n",
    )
    .unwrap();
    let (code, _, err) = mansuba_in(d.path(), &["import", "dup.pop"]);
    assert_ne!(code, 0, "{err}");
    assert!(
        err.contains("dup.pop:3") && err.contains("'qe1': e1 is given twice"),
        "{err}"
    );
    assert!(!err.contains("no king"), "{err}");
}

#[test]
fn an_id_with_a_newline_is_escaped() {
    let d = tempfile::tempdir().unwrap();
    long_keyword(d.path());
    for cmd in ["solve", "repair", "diagram"] {
        let (code, _, err) = mansuba_in(d.path(), &[cmd, "kw.toml", "--id", "x\ny"]);
        assert_eq!(code, 2, "{cmd}: {err}");
        assert!(err.contains("no problem with id 'x\\ny'"), "{cmd}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{cmd}: {err}");
    }
}

/// Fidelity of ids: a repeated EPD id and one with white space at its ends are written
/// otherwise, and each change is said (they were renamed or trimmed silently); a problem
/// file refuses an id with white space at its ends (`"a "` and `" a"` were trimmed and
/// called duplicates); `--colours` refuses a name given twice.
#[test]
fn ids_and_colour_names_are_kept_or_refused_never_changed_silently() {
    let d = tempfile::tempdir().unwrap();
    let line = "6k1/5ppp/8/8/8/8/8/R5K1 w - - dm 1;";
    std::fs::write(
        d.path().join("d.epd"),
        format!("{line} id \"b\";\n{line} id \"b\";\n{line} id \" c\";\n"),
    )
    .unwrap();
    let (code, _, err) = mansuba_in(d.path(), &["import", "d.epd", "-o", "d.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: id changed at d.epd:2: 'b' is the id of the problem at d.epd:1 too: written as 'b-2'"),
        "{err}"
    );
    assert!(
        err.contains("id changed at d.epd:3: ' c' written as 'c'"),
        "{err}"
    );
    let toml = std::fs::read_to_string(d.path().join("d.toml")).unwrap();
    assert!(
        toml.contains("id = \"b-2\"") && toml.contains("written as 'b-2'"),
        "{toml}"
    );
    let p =
        "rules = \"shatranj\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\nstipulation = \"#1\"\n";
    std::fs::write(
        d.path().join("ws.toml"),
        format!("[[problem]]\nid = \"a \"\n{p}\n[[problem]]\nid = \" a\"\n{p}"),
    )
    .unwrap();
    let (code, out, err) = mansuba_in(d.path(), &["verify", "ws.toml"]);
    assert_eq!(code, 1, "{out}{err}");
    for (line, id) in [(2, "a "), (8, " a")] {
        assert!(
            out.contains(&format!(
                "ws.toml:{line}: problem '{id}': `id` '{id}' starts or ends with white space"
            )),
            "{out}"
        );
    }
    assert!(!out.contains("duplicate id"), "{out}");
    let (code, _, err) = mansuba_in(
        d.path(),
        &["import", "d.epd", "--colours", "red=white,red=black"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--colours: the name 'red' is given twice"),
        "{err}"
    );
}
