//! `export --pgn`: each problem's proven solution as one PGN game, the solution tree as
//! variations, for chess programs to read.
//!
//! The lines are those of `export --csv` ([`super::export_records`]: the main line, every line
//! of the tree, the manuscript's line as the check completed it), merged into one tree:
//! the main line first, then the tree's lines, then the manuscript's where it differs.
//! Each line's last move carries its outcome as a comment (`{outcome: mate}`, `{outcome:
//! bare king}`, `{outcome: stalemate win}`, `{outcome: open}` when a limit cut it), the manuscript's line says so at its end, and the game's
//! first comment gives the verdict, the keys (cooks), the claim check and its remarks.
//! An unsound problem's refutation (the strongest try and the defence that holds) is a
//! line of its own, a variation where it leaves another, its end commented `{outcome:
//! open}` and named as the refutation; when the manuscript's claim is refuted, its line
//! as written goes on past the refuting defence, so the refutation branches off it.
//!
//! The moves are SAN in the rules' own letters (`--letters` does not apply): the letters
//! Fairy-Stockfish (pyffish) reads for shatranj and courier (the ferz `Q`, the alfil `B`
//! in shatranj), and orthodox SAN for english-1650, which python-chess reads.
//!
//! Tags: the Seven Tag Roster (`Event` is the title or id), `SetUp "1"` and `FEN`, a
//! `Variant` tag where Fairy-Stockfish and the variant GUIs know the rules by a name
//! (`shatranj`, `courier`; none for english-1650, whose moves are orthodox; the preset's
//! own name otherwise, so that a GUI that does not know it refuses the game rather than
//! show it under other rules), and `Rules`, `Stipulation`, `Verdict`, `Source`, `Id`.

use super::export::{row_lines, RowLines};
use super::{ExportError, Row};
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::piece::Color;
use crate::board::position::Position;
use crate::notation::{self, Notation};
use crate::with_engine;

/// The `Variant` tag of a preset: the name Fairy-Stockfish uses, none for orthodox moves.
pub fn variant_tag(rules: &str) -> Option<&str> {
    match rules {
        "english-1650" | "orthodox" => None,
        other => Some(other),
    }
}

/// One move of the merged tree.
struct Node {
    coord: String,
    children: Vec<usize>,
    comments: Vec<String>,
}

/// The lines of a row merged into a tree (node 0 is the start), and the main line's end:
/// its winner, if any, and the side that starts.
struct Tree {
    nodes: Vec<Node>,
    main_outcome: Option<(Option<Color>, Color)>,
}

impl Tree {
    fn add(&mut self, plies: &[&str], comments: &[String]) {
        let mut at = 0;
        for p in plies {
            let found = self.nodes[at]
                .children
                .iter()
                .copied()
                .find(|&c| self.nodes[c].coord == *p);
            at = match found {
                Some(c) => c,
                None => {
                    self.nodes.push(Node {
                        coord: p.to_string(),
                        children: vec![],
                        comments: vec![],
                    });
                    let n = self.nodes.len() - 1;
                    self.nodes[at].children.push(n);
                    n
                }
            };
        }
        for c in comments {
            if !self.nodes[at].comments.contains(c) {
                self.nodes[at].comments.push(c.clone());
            }
        }
    }
}

/// The lines of a row as a tree: main first, then the tree's lines, then the claim.
fn tree_of(lines: &RowLines) -> Tree {
    let mut t = Tree {
        nodes: vec![Node {
            coord: String::new(),
            children: vec![],
            comments: vec![],
        }],
        main_outcome: None,
    };
    for kind in ["main", "tree", "claim"] {
        for (_, coord, word, winner) in lines.each().filter(|l| l.0 == kind) {
            let plies: Vec<&str> = coord.iter().map(String::as_str).collect();
            let mut comments = vec![format!("outcome: {word}")];
            if kind == "claim" {
                let check = lines.claim_check();
                comments.push(format!("the manuscript's line ({check})"));
            }
            if kind == "main" || (t.main_outcome.is_none() && kind == "tree") {
                t.main_outcome = Some((winner, lines.first()));
            }
            if !plies.is_empty() {
                t.add(&plies, &comments);
            }
        }
    }
    t
}

/// Plies read from `pos` in `notation` up to the first that does not read: their
/// coordinates and the position after them.
fn read_plies<'a, B: Bits>(
    pos: &Position<B>,
    plies: impl Iterator<Item = &'a str>,
    n: Notation,
) -> (Vec<String>, Position<B>) {
    let mut p = pos.clone();
    let mut coords = vec![];
    for ply in plies {
        let Ok(m) = notation::parse_move_in(&p, ply, n) else {
            break;
        };
        coords.push(notation::coord(&p, &m));
        p.make(m);
    }
    (coords, p)
}

/// A line added to the tree, its last move commented with how the board ends and `note`.
fn add_line<B: Bits>(t: &mut Tree, coords: &[String], end: &Position<B>, note: &str) {
    if coords.is_empty() {
        return;
    }
    let plies: Vec<&str> = coords.iter().map(String::as_str).collect();
    let word = super::export::outcome_word(&end.clone().outcome(), end.side);
    t.add(&plies, &[format!("outcome: {word}; {note}")]);
}

/// The manuscript's line as written (a refuted claim goes on past its refutation), as
/// far as it replays.
fn add_manuscript<B: Bits>(t: &mut Tree, pos: &Position<B>, p: &crate::problem::Problem) {
    let Some(sol) = &p.solution else {
        return;
    };
    let tokens = notation::parse_solution(sol).main;
    let (coords, end) = read_plies(pos, tokens.iter().map(|t| t.text.as_str()), p.notation);
    add_line(t, &coords, &end, "the manuscript's line as written");
}

/// A helpmate's every solution (`h#`, `h=`, `h#N.5`) as a line of the tree, so that the
/// game holds them as variations (a series-mover has no PGN game: the idle side's passes
/// are no PGN moves).
fn add_solutions<B: Bits>(t: &mut Tree, pos: &Position<B>, r: &Row) {
    let Some(a) = r.analysis() else {
        return;
    };
    let help = (r.problem.as_ref())
        .and_then(|p| p.stipulation.play)
        .is_some_and(|pl| pl.is_help());
    if !help {
        return;
    }
    for (i, s) in a.report.solutions.iter().enumerate() {
        let plies = s.coords();
        let (coords, end) = read_plies(pos, plies.iter().map(String::as_str), Notation::Auto);
        add_line(t, &coords, &end, &format!("solution {}", i + 1));
    }
}

/// The refutation added to the tree as a line of its own, its end commented with the
/// other holding defences as written (`(1st move also held by Kf8)`, in the notation the
/// analysis was written in).
fn add_refutation<B: Bits>(
    t: &mut Tree,
    pos: &Position<B>,
    rf: &crate::solve::Refutation,
    shown: Option<&crate::solve::WrittenRefutation>,
) -> Result<(), ExportError> {
    let Ok(moves) = rf.line.replay(pos) else {
        let text = shown.map_or_else(|| rf.line.to_string(), |w| w.line.join(" "));
        return Err(ExportError::Refutation(text));
    };
    let mut end = pos.clone();
    for m in moves {
        end.make(m);
    }
    let coords = rf.line.coords();
    let held = shown.map(|w| w.held_text()).unwrap_or_default();
    let held = held.trim();
    let mut note =
        "mansuba's refutation: the strongest try, and the defence that holds".to_string();
    if !held.is_empty() {
        note = format!("{note} {held}");
    }
    add_line(t, &coords, &end, &note);
    Ok(())
}

/// Text on one line: a line break, tab or other control character becomes a space. PGN
/// gives a tag one line, and a comment's line that began with `%` or `[` would be read as
/// an escape or a tag (a title with a newline made python-chess read two games).
fn flat(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A PGN tag value on one line, `\` and `"` escaped as the standard says.
fn tag(name: &str, value: &str) -> String {
    let v = flat(value).replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{v}\"]\n")
}

/// A comment's text on one line, with the braces PGN cannot hold in a comment taken out.
fn comment(text: &str) -> String {
    format!("{{{}}}", flat(text).replace(['{', '}'], ""))
}

/// The PGN game of a row, or `None` when it has no line of play (an error row, or a
/// problem whose search found none). An error names the line that does not replay.
pub fn pgn_game(r: &Row, eng: &AnyEngine) -> Result<Option<String>, ExportError> {
    let Some(a) = r.analysis() else {
        return Ok(None);
    };
    let Some(lines) = row_lines(r, eng, Notation::San)? else {
        return Ok(None);
    };
    let mut tree = tree_of(&lines);
    let (moves, white_first) = with_engine!(eng, e => {
        let pos = Position::from_fen(e.clone(), &a.fen).map_err(ExportError::Fen)?;
        if a.claim.status == crate::solve::ClaimStatus::Refuted {
            if let Some(p) = &r.problem {
                add_manuscript(&mut tree, &pos, p);
            }
        }
        if let Some(rf) = &a.report.refutation {
            add_refutation(&mut tree, &pos, rf, a.written.refutation.as_ref())?;
        }
        add_solutions(&mut tree, &pos, r);
        if tree.nodes[0].children.is_empty() {
            return Ok(None);
        }
        let mut out = String::new();
        write_children(&tree, 0, &pos, &mut out, true)?;
        (out, pos.side == Color::White)
    });
    let result = match &tree.main_outcome {
        Some((None, _)) => "*",
        Some((Some(winner), first)) if (winner == first) == white_first => "1-0",
        Some(_) => "0-1",
        None => "*",
    };
    let mut g = headers(r, &a.fen, result);
    g.push('\n');
    g.push_str(&comment(&summary_comment(r)));
    g.push(' ');
    g.push_str(&moves);
    g.push(' ');
    g.push_str(result);
    Ok(Some(wrap(&g)))
}

fn headers(r: &Row, fen: &str, result: &str) -> String {
    let title = r.meta_of("title");
    let mut h = String::new();
    h += &tag("Event", if title.is_empty() { &r.id } else { &title });
    h += &tag("Site", "?");
    h += &tag("Date", "????.??.??");
    h += &tag("Round", "-");
    h += &tag("White", "?");
    h += &tag("Black", "?");
    h += &tag("Result", result);
    if let Some(v) = variant_tag(&r.rules) {
        h += &tag("Variant", v);
    }
    h += &tag("SetUp", "1");
    h += &tag("FEN", fen);
    h += &tag("Rules", &r.rules);
    h += &tag("Stipulation", &r.stipulation);
    h += &tag("Verdict", r.verdict.word());
    h += &tag("Id", &r.id);
    let source = r.meta_of("source");
    if !source.is_empty() {
        h += &tag("Source", &source);
    }
    h
}

/// The game's first comment: verdict, keys (cooks), refutation, the claim check.
fn summary_comment(r: &Row) -> String {
    let mut parts = vec![format!("mansuba: {}", r.verdict.word())];
    if let Some(a) = r.analysis() {
        let rep = &a.report;
        let keys = &a.written.keys;
        if !keys.is_empty() {
            let word = if keys.len() > 1 {
                "keys (cooked)"
            } else {
                "key"
            };
            parts.push(format!("{word} {}", keys.join(", ")));
        }
        if let Some(x) = a.refutation_text() {
            parts.push(format!("refutation: {x}"));
        }
        if a.claim.status != crate::solve::ClaimStatus::None {
            parts.push(format!("manuscript's solution: {}", a.claim.csv_text()));
        }
        parts.extend(a.claim.remarks.iter().cloned());
        if rep.tree_truncated {
            parts.push("the tree is cut short (a limit or the cap on lines)".into());
        }
    }
    parts.join("; ")
}

/// Writes the moves after `node` from `pos`: the first child as the main line, the others
/// as variations. `number` forces a move number before a Black move.
fn write_children<B: Bits>(
    t: &Tree,
    node: usize,
    pos: &Position<B>,
    out: &mut String,
    number: bool,
) -> Result<(), ExportError> {
    let kids = &t.nodes[node].children;
    let Some((&main, alts)) = kids.split_first() else {
        return Ok(());
    };
    let after_main = write_move(t, main, pos, out, number)?;
    for &alt in alts {
        out.push_str(" (");
        let after = write_move(t, alt, pos, out, true)?;
        write_children(t, alt, &after, out, !t.nodes[alt].comments.is_empty())?;
        out.push(')');
    }
    let again = !alts.is_empty() || !t.nodes[main].comments.is_empty();
    write_children(t, main, &after_main, out, again)
}

/// Writes one move (number, SAN, comments); returns the position after it.
fn write_move<B: Bits>(
    t: &Tree,
    node: usize,
    pos: &Position<B>,
    out: &mut String,
    number: bool,
) -> Result<Position<B>, ExportError> {
    let n = &t.nodes[node];
    let m = notation::parse_move(pos, &n.coord).map_err(|err| ExportError::Move {
        coord: n.coord.clone(),
        err,
    })?;
    if !out.is_empty() && !out.ends_with('(') {
        out.push(' ');
    }
    match pos.side {
        Color::White => out.push_str(&format!("{}. ", pos.fullmove)),
        Color::Black if number => out.push_str(&format!("{}... ", pos.fullmove)),
        Color::Black => {}
    }
    out.push_str(&notation::write_move(pos, &m, Notation::San));
    for c in &n.comments {
        out.push(' ');
        out.push_str(&comment(c));
    }
    let mut next = pos.clone();
    next.make(m);
    Ok(next)
}

/// Movetext lines kept under 80 characters (PGN's export format), tags untouched.
fn wrap(game: &str) -> String {
    let mut out = String::new();
    for line in game.lines() {
        if line.starts_with('[') || line.len() < 80 {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut cur = String::new();
        for w in line.split(' ') {
            // A move number stays with its move; a word of a comment beginning with `%`
            // never begins a line, where it would make the line an escape.
            if !cur.is_empty()
                && cur.len() + 1 + w.len() > 79
                && !cur.ends_with('.')
                && !w.starts_with('%')
            {
                out.push_str(&cur);
                out.push('\n');
                cur.clear();
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(w);
        }
        out.push_str(&cur);
        out.push('\n');
    }
    out
}
