//! The static edition of a collection (`verify --html DIR`): one `index.html` with a
//! table of every problem and a section per problem (diagram, source, what the literature
//! says, the verdict in a sentence, keys, the manuscript's line as checked, refutation,
//! solution tree, figures).
//!
//! The page is also well-formed XML (every element closed, text escaped), so tools that
//! read XHTML take it too. Self-contained on purpose: the style sheet, the script (the
//! play-through, the index's sorting and filtering) and the position editor are files in
//! DIR beside the page, the diagrams are inline, and nothing is fetched, so the edition
//! opens from the file system years later. Every position the play-through shows was
//! computed by mansuba and written into the page ([`super::edition::play`]).
//! Written atomically as a whole directory: a temporary directory beside DIR is filled,
//! then renamed over it, so an interrupted run never leaves a half-written edition in the
//! place of a good one.

use super::text::{format_tree, numbered_line, numbered_plies, numbered_refutation, tree_heading};
use super::{xml_escape as esc, Row, Verdict};
use crate::notation::parse_line;
use crate::solve::{ClaimStatus, Solvable};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The file that marks a directory as an edition, so that only an edition is replaced.
pub const MARKER: &str = ".mansuba-edition";

/// The edition's style sheet (screen and print), written beside the page.
pub const STYLE: &str = include_str!("edition/edition.css");
/// The edition's script: the play-through and the index's sorting and filtering.
pub const SCRIPT: &str = include_str!("edition/edition.js");

/// A class name safe for CSS and an anchor: letters, digits, `-`.
fn slug(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// The anchor of row `i`'s section (ids may repeat across files and rule sets).
pub fn anchor(i: usize, r: &Row) -> String {
    format!("p{}-{}", i + 1, slug(&r.id))
}

fn verdict_badge(v: Verdict) -> String {
    format!(
        r#"<span class="verdict v-{}">{}</span>"#,
        v.word(),
        v.word()
    )
}

/// The verdict of a row said in one sentence.
pub fn explain(r: &Row) -> String {
    let Some(a) = r.analysis() else {
        return format!(
            "The problem could not be analysed: {}.",
            r.error().unwrap_or("unknown error")
        );
    };
    let rep = &a.report;
    // `draw`: the task is to avoid losing, a win meets it too.
    let stip = match r.stipulation.as_str() {
        "draw" => "a draw or better",
        s => s,
    };
    let keys = a.written.keys.join(", ");
    if let Some(p) = rep.win_probability {
        return format!(
            "Played with dice: the side to move wins {stip} with probability {p:.4}, playing to win against a defence that plays to stop it (exact, over every throw); {}.",
            if rep.solvable == Solvable::Yes { "the win is certain" } else { "the win is not certain" }
        );
    }
    match r.verdict {
        Verdict::Sound => format!(
            "Sound: {keys} is the only first move that forces {stip}, proven by exhaustive search{}.",
            match a.claim.status {
                ClaimStatus::Ok => ", and the manuscript's solution holds move by move",
                _ => "",
            }
        ),
        Verdict::Cooked => format!(
            "Cooked: {} first moves force {stip} ({keys}), where a problem should have one.",
            rep.keys.len()
        ),
        Verdict::Unsound if rep.no_legal_move => {
            format!("Unsound: the side to play has no legal move, so nothing forces {stip}.")
        }
        Verdict::Unsound => format!(
            "Unsound: no first move forces {stip}; the defence always holds{}.",
            (a.written.refutation.as_ref())
                .map(|x| format!(
                    " (strongest try and its refutation: {})",
                    numbered_refutation(x, &a.fen)
                ))
                .unwrap_or_default()
        ),
        Verdict::ClaimWrong => format!(
            "The manuscript's solution fails ({}){}.",
            a.claim.csv_text(),
            match rep.solvable.word() {
                "yes" => format!(", although {stip} can be forced"),
                _ => String::new(),
            }
        ),
        Verdict::Unknown => format!(
            "Not settled: the search stopped ({}) before it proved {}.",
            rep.limit_hit.as_deref().unwrap_or("a limit"),
            if rep.solvable.word() == "yes" {
                "that the key is unique"
            } else {
                "whether the task can be done"
            }
        ),
        Verdict::Error => "The problem could not be analysed.".into(),
    }
}

/// The square a move text ends on (`Rh8+` and `h4h8` both give `h8`), to match a
/// manuscript's move with the checked line whatever letters each uses.
fn destination(m: &str) -> String {
    let b = m.as_bytes();
    let mut last = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let j = (i + 1..b.len())
                .find(|&j| !b[j].is_ascii_digit())
                .unwrap_or(b.len());
            last = m[i..j].to_string();
            i = j;
        } else {
            i += 1;
        }
    }
    if last.is_empty() {
        m.to_string()
    } else {
        last
    }
}

/// The checked line with the moves the manuscript left out marked as filled in.
fn claim_line_html(r: &Row) -> String {
    let (Some(a), Some(p)) = (r.analysis(), &r.problem) else {
        return String::new();
    };
    if a.claim.filled.is_empty() {
        return String::new();
    }
    let written: Vec<String> = p
        .solution
        .as_deref()
        .map(|s| parse_line(s).iter().map(|t| destination(&t.text)).collect())
        .unwrap_or_default();
    let labels = numbered_plies(&a.claim.filled, &a.fen);
    let mut next = 0;
    let mut out = vec![];
    for (m, label) in a.claim.filled.iter().zip(labels) {
        if next < written.len() && written[next] == destination(m) {
            next += 1;
            out.push(esc(&label));
        } else {
            out.push(format!(
                r#"<span class="filled" title="filled in: not written in the manuscript">{}</span>"#,
                esc(&label)
            ));
        }
    }
    out.join(" ")
}

fn fact(s: &mut String, name: &str, value: &str) {
    if !value.is_empty() {
        let _ = write!(s, "<dt>{}</dt><dd>{}</dd>", esc(name), esc(value));
    }
}

/// One problem's section: `board` (its diagram and play-through) beside the facts,
/// `extra` (HTML, e.g. the verdicts under every rule set, the repairs) after them.
fn section(s: &mut String, i: usize, r: &Row, board: &Shown, extra: &str) {
    let title = r.meta_of("title");
    let _ = write!(
        s,
        r#"<section class="problem" id="{}"><h2><span class="no">{}</span> {}{}</h2>"#,
        anchor(i, r),
        i + 1,
        esc(if title.is_empty() {
            shown_id(r)
        } else {
            &title
        }),
        if title.is_empty() {
            String::new()
        } else {
            format!(r#" <span class="pid">({})</span>"#, esc(shown_id(r)))
        }
    );
    let _ = write!(
        s,
        r#"<p class="explain">{} {}</p><div class="cols">"#,
        verdict_badge(r.verdict),
        esc(&explain(r))
    );
    if let Some(svg) = &board.svg {
        let _ = write!(
            s,
            r#"<div class="board" role="group" aria-label="diagram of problem {}">{svg}"#,
            i + 1
        );
        if board.play.is_some() {
            s.push_str(CONTROLS);
        }
        s.push_str("</div>");
    }
    s.push_str(r#"<dl class="facts">"#);
    fact(s, "source", &r.meta_of("source"));
    fact(s, "published", &r.meta_of("published"));
    fact(s, "confidence", &r.meta_of("confidence"));
    fact(s, "rules", &r.rules);
    fact(s, "stipulation", &r.stipulation);
    fact(s, "file", &r.location());
    fact(s, "expected", &r.meta_of("expect"));
    let a = r.analysis();
    fact(
        s,
        "FEN",
        &a.map(|a| a.fen.clone()).unwrap_or_else(|| r.meta_of("fen")),
    );
    if let Some(a) = a {
        analysis_facts(s, r, a);
    } else {
        fact(s, "error", r.error().unwrap_or(""));
    }
    s.push_str("</dl></div>");
    lines(s, a, board);
    s.push_str(extra);
    s.push_str(r##"<p class="back"><a href="#index">back to the index</a></p></section>"##);
}

/// The lines of a section: played through when the page has their positions, else the
/// solution tree as text.
fn lines(s: &mut String, a: Option<&crate::solve::Analysis>, board: &Shown) {
    let tree = a.filter(|a| !a.report.tree.is_empty());
    if let Some(play) = &board.play {
        let heading = match tree {
            Some(a) => format!("play through; {}", tree_heading(&a.report)),
            None => "play through".to_string(),
        };
        let _ = write!(
            s,
            r#"<div class="play"><h3>{}</h3>{}<script type="application/json" class="play-data">{}</script></div>"#,
            esc(&heading),
            play.html,
            play.json
        );
    } else if let Some(a) = tree {
        let rep = &a.report;
        let _ = write!(
            s,
            "<h3>{}</h3><pre>{}</pre>",
            esc(&tree_heading(rep)),
            esc(&format_tree(&rep.tree, &a.written.tree, &a.fen))
        );
    }
}

/// The buttons under a diagram that step through the lines (the keys ←, →, Home and End
/// do the same), and the position said in words.
const CONTROLS: &str = concat!(
    r#"<div class="controls"><button type="button" data-go="home" aria-label="the problem's position (Home)">"#,
    "|\u{25C0}",
    r#"</button><button type="button" data-go="back" aria-label="one move back (left arrow)">"#,
    "\u{25C0}",
    r#"</button><button type="button" data-go="next" aria-label="one move on (right arrow)">"#,
    "\u{25B6}",
    r#"</button><button type="button" data-go="end" aria-label="the end of the line (End)">"#,
    "\u{25B6}|",
    r#"</button></div><p class="now" aria-live="polite"></p>"#
);

/// A row's id as shown (`?` when a whole file failed).
fn shown_id(r: &Row) -> &str {
    if r.id.is_empty() {
        "?"
    } else {
        &r.id
    }
}

/// The facts the analysis found: keys, chances, refutation, the claim as checked, lines.
fn analysis_facts(s: &mut String, r: &Row, a: &crate::solve::Analysis) {
    let rep = &a.report;
    let keys: Vec<String> = rep
        .keys
        .iter()
        .zip(
            a.written
                .keys
                .iter()
                .chain(std::iter::repeat(&String::new())),
        )
        .map(|(c, san)| format!("{san} ({c})"))
        .collect();
    let keys = if keys.is_empty() {
        "none".to_string()
    } else {
        keys.join(", ")
    };
    let complete = if rep.keys_complete {
        " \u{2014} complete"
    } else {
        " \u{2014} search incomplete"
    };
    fact(s, "keys", &format!("{keys}{complete}"));
    if let Some(p) = rep.win_probability {
        fact(s, "win chance", &format!("{p:.4}"));
        fact(s, "best move per throw", &rep.dice_best.join(", "));
    }
    fact(
        s,
        "shortest",
        &rep.shortest.map(|n| n.to_string()).unwrap_or_default(),
    );
    fact(
        s,
        "refutation",
        &match &a.written.refutation {
            Some(x) => numbered_refutation(x, &a.fen),
            None if rep.no_legal_move => "none: the side to play has no legal move".into(),
            None => String::new(),
        },
    );
    if !rep.tries.is_empty() {
        let firsts: Vec<String> = (a.written.tries.iter())
            .filter_map(|t| t.line.first().cloned())
            .map(|m| numbered_line(&[m], &a.fen))
            .collect();
        let label = if rep.refutation.is_some() {
            "other tries"
        } else {
            "tries"
        };
        fact(
            s,
            label,
            &format!(
                "{} (each played through below){}",
                firsts.join(", "),
                match rep.tries_left_out {
                    0 => String::new(),
                    n => format!("; {n} more left out, the extras' share spent"),
                }
            ),
        );
    }
    fact(s, "manuscript", &r.meta_of("solution"));
    let failed = !matches!(
        a.claim.status,
        ClaimStatus::Ok | ClaimStatus::None | ClaimStatus::Unfinished
    );
    let line = claim_line_html(r);
    if !line.is_empty() || failed {
        // A failed check stops where the line breaks off: mark the spot (at the
        // start when the first move already fails).
        let mark = if failed {
            format!(
                " <span class=\"fail\">\u{2717} {}</span>",
                a.claim.status.word()
            )
        } else {
            String::new()
        };
        let _ = write!(s, "<dt>as checked</dt><dd>{line}{mark}</dd>");
    }
    let class = if failed { r#" class="fail""# } else { "" };
    let _ = write!(
        s,
        "<dt>claim</dt><dd><span{class}>{}</span></dd>",
        esc(&a.claim.csv_text())
    );
    for rm in &a.claim.remarks {
        fact(s, "remark", rm);
    }
    if !rep.main_line.is_empty() {
        fact(s, "main line", &numbered_line(&a.written.main_line, &a.fen));
    }
    fact(s, "limit", rep.limit_hit.as_deref().unwrap_or(""));
    fact(
        s,
        "searched",
        &super::text::time_line(rep.nodes, rep.millis, r.millis),
    );
}

/// A problem's board in the edition: its diagram and its play-through, when it has them.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// The diagram (SVG).
    pub svg: Option<String>,
    /// The lines to play through, the positions written in.
    pub play: Option<super::edition::play::Play>,
}

/// What the page shows: the rows, and for each its board and more HTML for its section
/// (none when a slice is short); the men the play-through draws (JSON).
pub struct Edition<'a> {
    /// The rows, one section each.
    pub rows: &'a [Row],
    /// `boards[i]`: row i's diagram and play-through.
    pub boards: &'a [Shown],
    /// `extras[i]`: more HTML for row i's section.
    pub extras: &'a [String],
    /// The page's title.
    pub title: &'a str,
    /// The men's figures the script places (see [`super::edition::play::Men::json`]).
    pub men: &'a str,
}

/// An index column: its heading, a row's value, and the filter that picks by it (""
/// when none). A column every row leaves empty is not shown.
type Column = (&'static str, fn(&Row) -> String, &'static str);

const COLUMNS: &[Column] = &[
    ("title", |r| r.meta_of("title"), ""),
    ("source", |r| r.meta_of("source"), "source"),
    ("rules", |r| r.rules.clone(), "rules"),
    ("stipulation", |r| r.stipulation.clone(), "stipulation"),
];

/// The index: a search box and filters, then the table (each row a link to its problem,
/// with its small diagram, which the script copies from the problem's own).
fn index(s: &mut String, rows: &[Row]) {
    let cols: Vec<&Column> = COLUMNS
        .iter()
        .filter(|c| rows.iter().any(|r| !(c.1)(r).is_empty()))
        .collect();
    s.push_str(r#"<div class="finder"><label>search <input type="search" id="search" placeholder="id, title, source, rules"/></label>"#);
    for f in ["verdict", "rules", "source", "stipulation"] {
        if f == "verdict" || cols.iter().any(|c| c.2 == f) {
            let _ = write!(
                s,
                r#" <label>{f} <select class="filter" data-by="{f}"><option value="">all</option></select></label>"#
            );
        }
    }
    s.push_str(r#" <span id="shown" aria-live="polite"></span></div><table class="index"><thead><tr><th data-sort="num">#</th><th class="mini-h">diagram</th><th data-sort="text">problem</th>"#);
    for c in &cols {
        let _ = write!(s, r#"<th data-sort="text">{}</th>"#, c.0);
    }
    s.push_str(
        r#"<th data-sort="text">verdict</th><th data-sort="num">time</th></tr></thead><tbody>"#,
    );
    for (i, r) in rows.iter().enumerate() {
        let a = anchor(i, r);
        let _ = write!(
            s,
            r##"<tr data-verdict="{}" data-rules="{}" data-source="{}" data-stipulation="{}"><td class="num">{}</td><td class="mini" data-of="{a}"></td><td><a href="#{a}">{}</a></td>"##,
            r.verdict.word(),
            esc(&r.rules),
            esc(&r.meta_of("source")),
            esc(&r.stipulation),
            i + 1,
            esc(shown_id(r)),
        );
        for c in &cols {
            let _ = write!(s, r#"<td class="c-{}">{}</td>"#, c.0, esc(&(c.1)(r)));
        }
        let _ = write!(
            s,
            r#"<td>{}</td><td class="num">{:.3} s</td></tr>"#,
            verdict_badge(r.verdict),
            r.millis as f64 / 1000.0
        );
    }
    s.push_str("</tbody></table>");
}

/// The whole page: the index, then every section.
pub fn page(e: &Edition) -> String {
    let rows = e.rows;
    let mut s = String::with_capacity(64 * 1024 + rows.len() * 16 * 1024);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><meta name=\"generator\" content=\"mansuba {}\"/><title>{}</title><link rel=\"stylesheet\" href=\"edition.css\"/><script src=\"edition.js\" defer=\"defer\"></script></head><body>",
        env!("CARGO_PKG_VERSION"),
        esc(e.title)
    );
    let _ = write!(
        s,
        r#"<h1 id="index">{}</h1><p class="intro">{} problem{} verified by mansuba {}. Click a move to see the position after it (the keys ←, →, Home and End step along its line); set up a position of your own in the <a href="editor.html">position editor</a>.</p>"#,
        esc(e.title),
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        env!("CARGO_PKG_VERSION")
    );
    index(&mut s, rows);
    let none = Shown::default();
    for (i, r) in rows.iter().enumerate() {
        section(
            &mut s,
            i,
            r,
            e.boards.get(i).unwrap_or(&none),
            e.extras.get(i).map_or("", |x| x.as_str()),
        );
    }
    let _ = writeln!(
        s,
        "<script type=\"application/json\" id=\"men-data\">{}</script></body></html>",
        e.men
    );
    s
}

/// The files an edition holds, the only names a rerun replaces or removes (the marker
/// lists them again; a name it lists beyond these is not trusted, so a marker someone
/// edited cannot make a rerun delete a file or a folder of theirs).
const EDITION_FILES: &[&str] = &[
    "index.html",
    "edition.css",
    "edition.js",
    "editor.html",
    MARKER,
];

/// A page's title: `what`, then the paths as given.
pub fn titled(what: &str, paths: &[PathBuf]) -> String {
    let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    format!("{what}: {}", paths.join(", "))
}

/// Why an edition cannot be written into its folder.
#[derive(Debug, thiserror::Error)]
pub enum EditionError {
    /// The path has no last component to name the folder (it ends in `..`, say).
    #[error("--html {}: not a folder name (give a new folder, e.g. --html edition)", .0.display())]
    NotAFolderName(PathBuf),
    /// The path exists and is not a directory.
    #[error("--html {}: exists and is not a directory", .0.display())]
    NotADirectory(PathBuf),
    /// The directory holds files but no marker of an edition.
    #[error("--html {}: the directory holds other files and no edition (no {MARKER}); give a new or empty directory", .0.display())]
    NoEdition(PathBuf),
    /// The folder holds a file no edition has.
    #[error("--html {}: {} was not written by mansuba; the edition replaces the whole directory, so move that file away or give another directory (nothing was written)", dir.display(), dir.join(file).display())]
    Foreign {
        /// The edition's folder.
        dir: PathBuf,
        /// The name of the file in it.
        file: String,
    },
    /// A file an edition has is there, but as a link, a folder or a special file.
    #[error("--html {}: {} is not a regular file mansuba wrote (it is {kind}); move it away or give another directory (nothing was written)", dir.display(), dir.join(file).display())]
    NotOurs {
        /// The edition's folder.
        dir: PathBuf,
        /// The name of the file in it.
        file: String,
        /// What it is, in words ("a symbolic link", "a directory", ...).
        kind: &'static str,
    },
    /// A file of the folder is one of the inputs, or a file this run read.
    #[error("--html {}: {} is one of the inputs; the edition replaces the whole directory, so move it away or give another directory (nothing was written)", dir.display(), dir.join(file).display())]
    IsInput {
        /// The edition's folder.
        dir: PathBuf,
        /// The name of the file in it.
        file: String,
    },
    /// The folder the edition's folder would be made in does not exist.
    #[error("--html {}: directory {} does not exist", dir.display(), parent.display())]
    NoParent {
        /// The edition's folder.
        dir: PathBuf,
        /// The missing folder.
        parent: PathBuf,
    },
    /// Reading the folder, or writing the edition or putting it in place, failed.
    #[error("--html {}: {what}: {err}", path.display())]
    Io {
        /// The file or folder at fault.
        path: PathBuf,
        /// What was being done ("cannot write it", "cannot move the old edition aside").
        what: &'static str,
        /// What the system said.
        err: std::io::Error,
    },
}

/// An I/O error of the edition at `path`, while doing `what`.
fn io(path: &Path, what: &'static str) -> impl FnOnce(std::io::Error) -> EditionError {
    let path = path.to_path_buf();
    move |err| EditionError::Io { path, what, err }
}

/// Checks before the work that DIR can take an edition: absent, empty, or an edition
/// written before holding only the files an edition has, each a regular file and none of
/// them an input (`inputs`, or a file this run read). Anything else is refused, naming the
/// first such file, so that a rerun never deletes a file a user put there.
pub fn check_target(dir: &Path, inputs: &crate::files::Reads) -> Result<(), EditionError> {
    if dir.file_name().is_none() {
        return Err(EditionError::NotAFolderName(dir.to_path_buf()));
    }
    let dir = &crate::files::target::resolved(dir);
    if dir.exists() {
        if !dir.is_dir() {
            return Err(EditionError::NotADirectory(dir.to_path_buf()));
        }
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map_err(io(dir, "cannot read it"))?
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().to_string()))
            .collect();
        names.sort();
        if !names.is_empty() && !dir.join(MARKER).is_file() {
            return Err(EditionError::NoEdition(dir.to_path_buf()));
        }
        for name in &names {
            check_entry(dir, name, inputs)?;
        }
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(EditionError::NoParent {
                dir: dir.to_path_buf(),
                parent: parent.to_path_buf(),
            });
        }
    }
    Ok(())
}

/// One entry of an edition's folder: a name an edition has, a regular file (not a link,
/// not a folder), and not one of the inputs.
fn check_entry(dir: &Path, name: &str, inputs: &crate::files::Reads) -> Result<(), EditionError> {
    let (dir, file) = (dir.to_path_buf(), name.to_string());
    if !EDITION_FILES.contains(&name) {
        return Err(EditionError::Foreign { dir, file });
    }
    let path = dir.join(name);
    let m = std::fs::symlink_metadata(&path).map_err(io(&path, "cannot read it"))?;
    if !m.is_file() {
        let kind = if m.file_type().is_symlink() {
            "a symbolic link"
        } else {
            crate::files::kind_of(&m)
        };
        return Err(EditionError::NotOurs { dir, file, kind });
    }
    if inputs.has(&path) {
        return Err(EditionError::IsInput { dir, file });
    }
    Ok(())
}

/// Writes the edition into `dir` atomically: the page `html`, its style sheet and script,
/// and the position editor's page `editor`, replacing none of `reads`; returns the path
/// of its index.
pub fn write_edition(
    given: &Path,
    (html, editor): (&str, &str),
    reads: &crate::files::Reads,
) -> Result<PathBuf, EditionError> {
    check_target(given, reads)?;
    // A link to a folder: the folder it points to is written, the link stays.
    let dir = &crate::files::target::resolved(given);
    if dir.file_name().is_none() {
        return Err(EditionError::NotAFolderName(dir.to_path_buf()));
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = crate::files::temps::fresh_name(&parent);
    let old = crate::files::temps::fresh_name(&parent);
    let fill = || -> Result<(), EditionError> {
        std::fs::create_dir(&tmp).map_err(io(&tmp, "cannot create it"))?;
        crate::files::temps::register(&tmp);
        for (name, text) in [
            ("index.html", html),
            ("edition.css", STYLE),
            ("edition.js", SCRIPT),
            ("editor.html", editor),
        ] {
            let f = tmp.join(name);
            std::fs::write(&f, text).map_err(io(&f, "cannot write it"))?;
        }
        let mut marker = String::from(
            "written by mansuba verify --html; the next run replaces these files (and refuses a directory holding others):\n",
        );
        EDITION_FILES
            .iter()
            .for_each(|f| marker += &format!("{f}\n"));
        let m = tmp.join(MARKER);
        std::fs::write(&m, marker).map_err(io(&m, "cannot write it"))?;
        if dir.exists() {
            // The old folder's permissions and group, and each file's, carry over: a
            // private edition stays private.
            crate::files::keep_modes(dir, &tmp, EDITION_FILES)
                .map_err(io(dir, "cannot keep its permissions"))?;
            std::fs::rename(dir, &old).map_err(io(dir, "cannot move the old edition aside"))?;
            crate::files::temps::register(&old);
        }
        std::fs::rename(&tmp, dir).map_err(io(dir, "cannot put the new edition in place"))?;
        Ok(())
    };
    let res = fill();
    crate::files::temps::forget(&tmp);
    if res.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
        // Put the old edition back if it was moved aside.
        if old.exists() && !dir.exists() {
            let _ = std::fs::rename(&old, dir);
        }
    }
    res?;
    // Only the files an edition has are removed, then the folder if it is empty: what
    // someone put there since the check stays (in the folder moved aside).
    for name in EDITION_FILES {
        let _ = std::fs::remove_file(old.join(name));
    }
    let _ = std::fs::remove_dir(&old);
    crate::files::temps::forget(&old);
    Ok(given.join("index.html"))
}
