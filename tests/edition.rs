//! `verify --html DIR`: the static edition parses, has one row and one section per
//! problem, links that resolve, a diagram per analysed problem, nothing fetched and no
//! script; it replaces an old edition whole and refuses a directory of other files.

use assert_cmd::Command;
use std::collections::BTreeSet;
use std::path::Path;

fn bin() -> Command {
    Command::cargo_bin("mansuba").expect("the mansuba binary")
}

/// Runs verify with --html; returns (exit code, stdout, stderr).
fn verify_html(paths: &[&str], dir: &Path, extra: &[&str]) -> (i32, String, String) {
    let out = bin()
        .arg("verify")
        .args(paths)
        .args(extra)
        .arg("--html")
        .arg(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn the_edition_parses_and_every_link_resolves() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("edition");
    let paths = [
        "tests/data/good",
        "tests/data/broken/missing_key.toml",
        "tests/data/broken/illegal_solution.toml",
    ];
    let (code, stdout, _) = verify_html(&paths, &dir, &[]);
    assert_eq!(
        code, 1,
        "an error row makes exit 1; the edition is still written"
    );
    let index = dir.join("index.html");
    assert!(
        stdout.contains(&format!("edition: {}", index.display())),
        "the report names the edition: {stdout}"
    );
    let rows = stdout
        .lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| !l.trim().is_empty())
        .count();
    assert!(rows >= 10, "{stdout}");
    let html = std::fs::read_to_string(&index).unwrap();
    // The page is HTML5 and also well-formed XML (its doctype is the only DTD).
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(&html, opts)
        .unwrap_or_else(|e| panic!("not well-formed: {e}"));

    let sections: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "section")
        .collect();
    assert_eq!(sections.len(), rows, "one section per problem");
    let table_rows = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "tbody")
        .flat_map(|b| b.children().filter(|c| c.tag_name().name() == "tr"))
        .count();
    assert_eq!(table_rows, rows, "one index row per problem");

    let ids: BTreeSet<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut links = 0;
    for n in doc.descendants() {
        if let Some(h) = n.attribute("href") {
            let target = h
                .strip_prefix('#')
                .unwrap_or_else(|| panic!("link leaves the page: {h}"));
            assert!(ids.contains(target), "link #{target} resolves to nothing");
            links += 1;
        }
        assert_ne!(n.tag_name().name(), "script", "no script");
        assert!(n.attribute("src").is_none(), "nothing loaded");
    }
    assert!(links >= 3 * rows, "index links and back links: {links}");

    // Every analysed problem has its diagram; the error row has its message.
    let svgs = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .count();
    assert_eq!(svgs, rows - 1);
    assert!(html.contains("missing key `fen`"));
    for verdict in ["sound", "cooked", "unsound", "claim-wrong", "error"] {
        assert!(
            html.contains(&format!(r#"class="verdict v-{verdict}""#)),
            "{verdict} badge"
        );
    }
    // The manuscript's line as checked, with the failure marked.
    assert!(html.contains("as checked"));
    assert!(html.contains("\u{2717} illegal"));
}

#[test]
fn an_edition_is_rewritten_only_where_mansuba_wrote_every_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("ed");
    let (code, _, _) = verify_html(&["tests/data/good/composed.toml"], &dir, &["--json"]);
    assert_eq!(code, 0);
    // A file the user put in the edition's folder is never deleted: the run is refused.
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let (code, _, stderr) = verify_html(&["tests/data/good/composed.toml"], &dir, &["--json"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("notes.txt was not written by mansuba"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "mine"
    );
    std::fs::remove_file(dir.join("notes.txt")).unwrap();
    let (code, _, stderr) = verify_html(&["tests/data/good/composed.toml"], &dir, &["--json"]);
    assert_eq!(code, 0);
    assert!(stderr.contains("edition: "), "{stderr}");
    assert!(dir.join("index.html").is_file());
    // Nothing is left beside it.
    let names: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(names, vec!["ed".to_string()]);

    let other = tmp.path().join("mine");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "keep me").unwrap();
    let (code, stdout, stderr) = verify_html(&["tests/data/good/composed.toml"], &other, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("holds other files"), "{stderr}");
    assert!(stdout.is_empty());
    assert!(other.join("notes.txt").is_file());
    let (code, _, stderr) = verify_html(
        &["tests/data/good/composed.toml"],
        &tmp.path().join("no/such/dir"),
        &[],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("does not exist"), "{stderr}");
}
