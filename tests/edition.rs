//! `verify --html DIR`: the static edition parses, has one row and one section per
//! problem, links that resolve, a diagram per analysed problem, nothing fetched from
//! outside DIR; every position its play-through shows is the one mansuba gives for the
//! moves; it replaces an old edition whole and refuses a directory of other files.
//! `verify --pdf` and `mansuba editor`; the browser check (scripts/edition_browser.py)
//! runs when Chromium is installed.

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

    let links = links_stay_inside(&doc, &dir);
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
    // The index has no column every row leaves empty, and a filter per verdict.
    no_empty_column(&doc);
    assert!(html.contains(r#"<select class="filter" data-by="verdict">"#));
}

/// Every link of the page resolves: to an id of the page, or to a file of the edition
/// itself; nothing is loaded from elsewhere, and the edition's own files fetch nothing.
/// Returns the number of links.
fn links_stay_inside(doc: &roxmltree::Document, dir: &Path) -> usize {
    let ids: BTreeSet<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut links = 0;
    for n in doc.descendants() {
        if let Some(h) = n.attribute("href") {
            match h.strip_prefix('#') {
                Some(target) => {
                    assert!(ids.contains(target), "link #{target} resolves to nothing")
                }
                // The style sheet and the editor: files of the edition itself.
                None => assert!(
                    !h.contains(':') && !h.contains('/') && dir.join(h).is_file(),
                    "link leaves the edition: {h}"
                ),
            }
            links += 1;
        }
        if n.tag_name().name() == "script" {
            // Data, or the edition's own script beside the page.
            match n.attribute("src") {
                Some(src) => assert_eq!(src, "edition.js"),
                None => assert_eq!(n.attribute("type"), Some("application/json")),
            }
        } else {
            assert!(n.attribute("src").is_none(), "nothing loaded");
        }
    }
    for f in ["edition.css", "edition.js", "editor.html"] {
        // The SVG namespace is a name, not an address fetched.
        let text = std::fs::read_to_string(dir.join(f))
            .unwrap()
            .replace("http://www.w3.org/2000/svg", "");
        assert!(
            !text.contains("http:") && !text.contains("https:"),
            "{f} fetches nothing"
        );
    }
    links
}

/// Every column of the index but the diagram's has some row that fills it.
fn no_empty_column(doc: &roxmltree::Document) {
    let heads: Vec<String> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "th")
        .map(|n| n.text().unwrap_or("").to_string())
        .collect();
    let cells: Vec<Vec<String>> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "tbody")
        .flat_map(|b| b.children().filter(|c| c.tag_name().name() == "tr"))
        .map(|tr| {
            tr.children()
                .filter(|c| c.tag_name().name() == "td")
                .map(|td| td.descendants().filter_map(|t| t.text()).collect())
                .collect()
        })
        .collect();
    for (i, h) in heads.iter().enumerate().filter(|(_, h)| *h != "diagram") {
        assert!(
            cells
                .iter()
                .any(|r| r.get(i).is_some_and(|c| !c.trim().is_empty())),
            "column {h} is empty in every row"
        );
    }
}

/// The moves of every line of the page's play-through, and the FEN the page gives after
/// each: the FEN must be the one `mansuba diagram --after MOVES --as-fen` gives.
#[test]
fn every_position_the_page_shows_is_the_one_mansuba_gives() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("edition");
    let file = "tests/data/edition/boards.toml";
    let (code, stdout, stderr) = verify_html(&[file], &dir, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let mut checked = 0;
    for part in html.split(r#"<section class="problem" id=""#).skip(1) {
        let id = part.split('"').next().unwrap();
        let pid = id.split_once('-').unwrap().1;
        let start = part.find(r#"class="play-data">"#).expect("play data") + 18;
        let end = start + part[start..].find("</script>").unwrap();
        let data: serde_json::Value = serde_json::from_str(&part[start..end]).unwrap();
        let lines = data["lines"].as_array().unwrap();
        assert!(lines.len() >= 2, "{pid}: main line and tree");
        for line in lines {
            let mut moves = vec![];
            for m in line.as_array().unwrap() {
                let mv = &data["moves"][m.as_u64().unwrap() as usize];
                moves.push(mv[3].as_str().unwrap().to_string());
                let out = bin()
                    .args(["diagram", file, "--id", pid, "--as-fen", "--after"])
                    .arg(moves.join(" "))
                    .output()
                    .unwrap();
                assert!(out.status.success());
                let fen = String::from_utf8_lossy(&out.stdout).trim().to_string();
                let shown = &data["fen"][mv[0].as_u64().unwrap() as usize];
                assert_eq!(shown, &fen, "{pid} after {moves:?}");
                // The position's men are written square by square (a stack as two).
                let cells = data["pos"][mv[0].as_u64().unwrap() as usize]
                    .as_str()
                    .unwrap();
                let men = fen
                    .split(' ')
                    .next()
                    .unwrap()
                    .chars()
                    .filter(char::is_ascii_alphabetic)
                    .count();
                let written: usize = cells
                    .split(' ')
                    .map(|c| c.split_once('=').unwrap().1.split('.').count())
                    .sum();
                assert_eq!(written, men, "{pid} after {moves:?}: {cells}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "{checked} positions");
    // The stacked square is drawn as a stack before the pawn leaves it.
    assert!(html.contains(r#"class="stack""#));
}

/// `--pdf` without Chromium: refused before any work, saying how to install it.
#[test]
fn pdf_without_chromium_says_how_to_install_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("edition");
    let out = bin()
        .env("PATH", tmp.path())
        .args(["verify", "tests/data/good/composed.toml", "--html"])
        .arg(&dir)
        .arg("--pdf")
        .arg(tmp.path().join("book.pdf"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("apt-get install chromium"), "{stderr}");
    assert!(!dir.exists() && !tmp.path().join("book.pdf").exists());
}

/// `--pdf` with Chromium: a PDF, one problem to a page after the index.
#[test]
#[ignore = "needs Chromium (Debian: apt-get install chromium)"]
fn pdf_prints_the_edition_as_a_book() {
    let tmp = tempfile::tempdir().unwrap();
    let book = tmp.path().join("book.pdf");
    let (code, stdout, stderr) = verify_html(
        &["tests/data/edition/boards.toml"],
        &tmp.path().join("edition"),
        &["--pdf", book.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("book: "), "{stdout}");
    let pdf = std::fs::read(&book).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.matches("/Type /Page\n").count()
        + text.matches("/Type /Page/").count()
        + text.matches("/Type /Page ").count()
        + text.matches("/Type /Page>").count();
    assert!(pages >= 4, "the index and three problems: {pages} pages");
}

/// `mansuba editor -o FILE`: the editor's page, every preset offered; a rules name that
/// is not a preset is refused.
#[test]
fn the_editor_is_written_for_any_preset() {
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("editor.html");
    let out = bin()
        .args(["editor", "--rules", "courier", "-o"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(r#"<option value="courier" selected="selected">"#));
    assert!(html.contains(r#"<option value="grant-acedrex">"#));
    assert!(!html.contains(" src=\""), "nothing loaded");
    let out = bin()
        .args(["editor", "--rules", "chaturanga", "-o"])
        .arg(tmp.path().join("other.html"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!tmp.path().join("other.html").exists());
}

/// The edition in a real browser: scripts/edition_browser.py plays lines move by move and
/// compares the board shown with mansuba's FEN, on 8x8, 12x8, 12x12 and a stack, and
/// sets up a position in the editor by clicks.
#[test]
#[ignore = "needs Chromium, chromedriver and selenium (apt-get install chromium chromium-driver; pip install selenium)"]
fn the_edition_plays_through_in_chromium() {
    let out = std::process::Command::new("python3")
        .arg("scripts/edition_browser.py")
        .arg("--mansuba")
        .arg(env!("CARGO_BIN_EXE_mansuba"))
        .output()
        .expect("python3");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
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

/// Dilaram's mate (`dilaram` of problems/mansubat.toml, unsound as #5) alone in a file.
fn dilaram_file(dir: &Path) -> std::path::PathBuf {
    let f = dir.join("dilaram.toml");
    std::fs::write(
        &f,
        "# `dilaram` of problems/mansubat.toml (its source is named there)\n\
         [[problem]]\nid = \"dilaram\"\nrules = \"shatranj\"\n\
         fen = \"1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1\"\nstipulation = \"#5\"\n\
         solution = \"1.Rh8+ Kxh8 2.Bf5+ Kg8 3.Rh8+ Kxh8 4.g7+ Kg8 5.Nh6#\"\n",
    )
    .unwrap();
    f
}

/// The play-through's data of the page's first section.
fn play_data(html: &str) -> serde_json::Value {
    let start = html.find(r#"class="play-data">"#).expect("play data") + 18;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// An unsound problem: the refutation numbered, every other try played through with its
/// own refutation (each line replays to the FEN mansuba gives), every move in the letters
/// chosen.
#[test]
fn every_try_is_played_through_in_the_letters_chosen() {
    let tmp = tempfile::tempdir().unwrap();
    let file = dilaram_file(tmp.path());
    let file = file.to_str().unwrap();
    let dir = tmp.path().join("edition");
    let (code, stdout, stderr) = verify_html(&[file], &dir, &[]);
    assert_eq!(code, 1, "the manuscript's line fails: {stdout}{stderr}");
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(
        html.contains("<dt>refutation</dt><dd>1.Rh8+ Kxh8 2.Af5+ Rh2 3.Rxh2+ Kg8 4."),
        "the refutation numbered, in the sources' letters"
    );
    assert!(html.contains("<dt>other tries</dt><dd>1.Nh6+, 1.f7+,"));
    let data = play_data(&html);
    let tries = html.matches(r#"<span class="label">try</span>"#).count();
    // Dilaram's 21 legal first moves: the strongest is the refutation, the rest tries.
    assert_eq!(tries, 20, "{html}");
    let lines = data["lines"].as_array().unwrap();
    let texts: Vec<&str> = data["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m[3].as_str().unwrap())
        .collect();
    assert!(texts.iter().any(|t| t.contains("Af5")), "{texts:?}");
    assert!(
        !texts.iter().any(|t| t.contains('B') || t.contains('Q')),
        "the alfil and ferz are A and F in every move: {texts:?}"
    );
    // Each line's last position is the one mansuba gives after its moves.
    for line in lines {
        let moves: Vec<&str> = line
            .as_array()
            .unwrap()
            .iter()
            .map(|m| texts[m.as_u64().unwrap() as usize])
            .collect();
        let last = line.as_array().unwrap().last().unwrap().as_u64().unwrap() as usize;
        let out = bin()
            .args(["diagram", file, "--id", "dilaram", "--as-fen", "--after"])
            .arg(moves.join(" "))
            .output()
            .unwrap();
        assert!(out.status.success(), "{moves:?}");
        let fen = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert_eq!(
            data["fen"][data["moves"][last][0].as_u64().unwrap() as usize],
            fen
        );
    }
    // A try refuted by a mate: 1.Af1 Ra2#.
    assert!(html.contains(">1.Af1</a> <a"), "{html}");
    // --letters modern writes the rules' FEN letters everywhere.
    let modern = tmp.path().join("modern");
    let (code, _, _) = verify_html(&[file], &modern, &["--letters", "modern"]);
    assert_eq!(code, 1);
    let html = std::fs::read_to_string(modern.join("index.html")).unwrap();
    assert!(html.contains("<dt>refutation</dt><dd>1.Rh8+ Kxh8 2.Bf5+ Rh2"));
    let texts = play_data(&html)["moves"].to_string();
    assert!(
        texts.contains("2.Bf5+") && !texts.contains("Af5"),
        "{texts}"
    );
}

/// The editor sets a board up from a FEN typed in (its page has the field and the
/// reader that refuses a bad one with the reason; the browser check runs it).
#[test]
fn the_editor_reads_a_fen() {
    let html = mansuba::report::edition::editor::page("shatranj");
    assert!(html.contains(r#"<input id="fenin""#));
    assert!(html.contains(r#"id="load""#));
    assert!(html.contains("function readFen"));
    assert!(html.contains(r#"<p id="fenmsg" role="status""#));
}

/// A helpmate's section plays every solution through (up to the edition's cap, the count
/// said in each label), and a series-mover's line replays with the idle side passing:
/// each line ends on the position mansuba gives for its moves. The positions are Popeye
/// 4.104's worked examples (github.com/thomas-maeder/popeye, REGRESSIONTESTS/4_47_to_4_49.reg
/// and REGRESSIONTESTS/4_55_to_4_57.reg); Popeye prints 340 solutions for the helpmate.
#[test]
fn every_solution_of_a_helpmate_and_a_series_is_played_through() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("p.toml");
    std::fs::write(
        &file,
        "[[problem]]\nid = \"sers2\"\nrules = \"orthodox\"\n\
         fen = \"8/8/8/1p6/bPp5/kpP5/Np6/bK6 w - - 0 1\"\nstipulation = \"ser-s#2\"\n\
         [[problem]]\nid = \"h2\"\nrules = \"orthodox\"\n\
         fen = \"n5Q1/8/8/8/6N1/K7/8/k7 b - - 0 1\"\nstipulation = \"exact-h#2\"\n",
    )
    .unwrap();
    let dir = tmp.path().join("edition");
    let (code, stdout, stderr) = verify_html(&[file.to_str().unwrap()], &dir, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let series = play_data(&html);
    let lines = series["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1, "{series}");
    let texts: Vec<&str> = (series["moves"].as_array().unwrap().iter())
        .map(|m| m[3].as_str().unwrap())
        .collect();
    // Both series moves replayed and numbered by their place; Black passed in between.
    assert_eq!(texts, ["1.Nc1", "2.Na2"], "{series}");
    let last = series["moves"][1][0].as_u64().unwrap() as usize;
    assert_eq!(series["fen"][last], "8/8/8/1p6/bPp5/kpP5/Np6/bK6 b - - 2 1");
    let second = &html[html.find(r#"id="p2-h2""#).expect("the helpmate section")..];
    let help = play_data(second);
    assert_eq!(
        help["lines"].as_array().unwrap().len(),
        100,
        "the edition's cap"
    );
    assert!(second.contains(r#"<span class="label">solution 1 of 340</span>"#));
    assert!(second.contains(r#"<span class="label">solution 100 of 340</span>"#));
    // Each solution ends in mate: the last position has Black to move, in check.
    for line in help["lines"].as_array().unwrap() {
        let ids = line.as_array().unwrap();
        assert_eq!(ids.len(), 4, "{line}");
        let m = &help["moves"][ids[3].as_u64().unwrap() as usize];
        assert!(m[3].as_str().unwrap().ends_with('#'), "{m}");
    }
}
