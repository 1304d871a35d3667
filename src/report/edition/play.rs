//! The play-through of one problem: every line of it (the manuscript's line as checked,
//! the main line, the refutation and the solution tree) replayed by mansuba from the
//! problem's position, each position after each move written into the page as data,
//! and the lines as links. The page's script only shows what is written here: it has no
//! rule of the game in it, so it can never disagree with the solver.

use super::super::svg::{man_figure, stack_layout, Board, Man};
use super::super::xml_escape as esc;
use crate::board::bits::Bits;
use crate::board::piece::Color;
use crate::board::position::{Move, Position};
use crate::notation::{self, Style};
use crate::solve::{Line, Played};
use std::collections::HashMap;
use std::fmt::Write as _;

/// A move's text in the page, in the notation and letters chosen (`--notation`,
/// `--letters`; SAN for `auto`). The one place the edition writes a move, so that the
/// choice reaches every link.
pub fn move_text<B: Bits>(pos: &Position<B>, m: &Move, style: Style) -> String {
    notation::write_move(pos, m, style)
}

/// The men every diagram of a page uses, each drawn once (its figure, placed by the
/// script), shared by all problems of the page.
#[derive(Default)]
pub struct Men {
    index: HashMap<(Color, String, char), usize>,
    men: Vec<Man>,
}

impl Men {
    fn of(&mut self, m: &Man) -> usize {
        let key = (m.color, m.name.clone(), m.letter);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.men.push(m.clone());
        self.index.insert(key, self.men.len() - 1);
        self.men.len() - 1
    }

    /// The page's table of men as JSON: each man's side, kind, letter and figure, and the
    /// layout of a stack of 1 to 4 men.
    pub fn json(&self) -> String {
        let men: Vec<serde_json::Value> = self
            .men
            .iter()
            .map(|m| {
                let letter = if m.color == Color::White {
                    m.letter.to_ascii_uppercase()
                } else {
                    m.letter.to_ascii_lowercase()
                };
                serde_json::json!({
                    "side": if m.color == Color::White { "w" } else { "b" },
                    "kind": m.name,
                    "letter": letter.to_string(),
                    "figure": man_figure(m),
                })
            })
            .collect();
        script_json(&serde_json::json!({ "men": men, "stacks": stack_layouts() }))
    }
}

/// Where the men of a stack of 1, 2, 3 and 4 stand on their square (see
/// [`stack_layout`]), for the scripts that draw them.
pub fn stack_layouts() -> Vec<Vec<[f64; 3]>> {
    (1..=4)
        .map(|n| {
            stack_layout(n)
                .into_iter()
                .map(|(x, y, s)| [x, y, s])
                .collect()
        })
        .collect()
}

/// JSON safe inside a `<script>` element of a page that is also XML: `<`, `>` and `&`
/// written as escapes.
pub fn script_json(v: &serde_json::Value) -> String {
    v.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// One line to play through: its label and its moves (SAN or coordinates), from the
/// problem's position.
pub struct LineIn {
    /// What the line is ("main line", "refutation").
    pub label: String,
    /// The moves.
    pub plies: Vec<String>,
    /// A series line: the plies (from 0) after which the idle side passes; empty for a
    /// line whose sides take turns.
    pub passes: Vec<usize>,
}

impl LineIn {
    /// A line whose sides take turns.
    fn turns(label: impl Into<String>, plies: Vec<String>) -> LineIn {
        LineIn {
            label: label.into(),
            plies,
            passes: vec![],
        }
    }

    /// A solution of `play` (or the manuscript's line): in a series the idle side passes
    /// where [`crate::solve::Play::idle_passes_after`] says.
    fn played(
        label: impl Into<String>,
        plies: Vec<String>,
        play: Option<&crate::solve::Play>,
    ) -> LineIn {
        let len = plies.len();
        let passes = play.map_or(vec![], |p| {
            (0..len).filter(|&i| p.idle_passes_after(i, len)).collect()
        });
        LineIn {
            passes,
            ..LineIn::turns(label, plies)
        }
    }

    /// The move label of ply `k` written `text` from `p`: in a series every series move
    /// is numbered by its place (`1.a 2.b 3.c#`); otherwise as [`numbered`].
    fn label_of<B: Bits>(&self, p: &Position<B>, k: usize, text: &str) -> (String, String) {
        let series_move = !self.passes.is_empty() && (k == 0 || self.passes.contains(&(k - 1)));
        if series_move {
            let full = format!("{}.{text}", k + 1);
            return (full.clone(), full);
        }
        numbered(p, text, k == 0)
    }
}

/// The most solutions of a help or series problem its section plays through; the rest
/// are in the CSV and the JSON rows.
pub const SHOWN_SOLUTIONS: usize = 100;

/// A problem's play-through: the data the script reads and the lines as HTML.
#[derive(Clone, Debug, Default)]
pub struct Play {
    /// The positions, moves and lines as JSON.
    pub json: String,
    /// The lines, each move a link.
    pub html: String,
    /// Moves that could not be replayed (a line in a notation the page cannot read).
    pub dropped: usize,
}

/// The positions and moves gathered while the lines are replayed.
struct Data {
    /// Each position: the men on each square (`sq=i.j`), the side to move, the FEN.
    pos: Vec<(String, char, String)>,
    seen: HashMap<String, usize>,
    /// Each move: the position after it, from, to, its text with its number.
    moves: Vec<(usize, u8, u8, String)>,
    lines: Vec<Vec<usize>>,
}

impl Data {
    fn position<B: Bits>(&mut self, p: &Position<B>, men: &mut Men) -> usize {
        let fen = p.to_fen();
        if let Some(&i) = self.seen.get(&fen) {
            return i;
        }
        let board = Board::of(p);
        let mut cells = vec![];
        for (sq, on) in board.squares.iter().enumerate() {
            if !on.is_empty() {
                let ids: Vec<String> = on.iter().map(|m| men.of(m).to_string()).collect();
                cells.push(format!("{sq}={}", ids.join(".")));
            }
        }
        let side = if p.side == Color::White { 'w' } else { 'b' };
        self.pos.push((cells.join(" "), side, fen.clone()));
        self.seen.insert(fen, self.pos.len() - 1);
        self.pos.len() - 1
    }
}

/// A move's label: `3.Rh8+` for White, `3...Kxh8` for Black where a run of moves starts
/// (`Kxh8` alone after White's move).
fn numbered<B: Bits>(p: &Position<B>, text: &str, first: bool) -> (String, String) {
    let full = if p.side == Color::White {
        format!("{}.{text}", p.fullmove)
    } else {
        format!("{}...{text}", p.fullmove)
    };
    let shown = if p.side == Color::White || first {
        full.clone()
    } else {
        text.to_string()
    };
    (full, shown)
}

/// A node of the solution tree: a move, its move id, the line it is first played in,
/// its text as shown, and the moves after it.
struct Node {
    ply: Played,
    id: usize,
    line: usize,
    depth: usize,
    /// Its text with its number, and as shown after a White move (`Kxh8`).
    full: String,
    bare: String,
    next: Vec<usize>,
}

/// Where a play-through goes: the page's men, the problem's section (the links'
/// target) and how its moves are written.
pub struct Page<'a> {
    /// The men every diagram of the page uses.
    pub men: &'a mut Men,
    /// The problem's section.
    pub anchor: &'a str,
    /// The notation and letters of the moves.
    pub style: Style,
}

/// Replays `lines` from `start`, plus the solution `tree` (lines sharing their first
/// moves, shown nested), each move written in `page.style`.
pub fn play<B: Bits>(start: &Position<B>, lines: &[LineIn], tree: &[Line], page: Page) -> Play {
    let Page { men, anchor, style } = page;
    let mut d = Data {
        pos: vec![],
        seen: HashMap::new(),
        moves: vec![],
        lines: vec![],
    };
    d.position(start, men);
    let mut html = String::new();
    let mut dropped = 0;
    for l in lines {
        let mut p = start.clone();
        let mut ids = vec![];
        let mut links = vec![];
        for (k, t) in l.plies.iter().enumerate() {
            let Ok(m) = notation::parse_move(&p, t) else {
                dropped += l.plies.len() - k;
                break;
            };
            let (full, shown) = l.label_of(&p, k, &move_text(&p, &m, style));
            p.make(m);
            if l.passes.contains(&k) {
                p.pass();
            }
            let at = d.position(&p, men);
            d.moves.push((at, m.from, m.to, full));
            ids.push(d.moves.len() - 1);
            links.push(link(anchor, d.lines.len(), k, &shown));
        }
        if !ids.is_empty() {
            d.lines.push(ids);
            let _ = write!(
                html,
                r#"<p class="line"><span class="label">{}</span> {}</p>"#,
                esc(&l.label),
                links.join(" ")
            );
        }
    }
    if !tree.is_empty() {
        let (nodes, roots, cut) = grow_tree(start, tree, &mut d, men, style);
        dropped += cut;
        if !roots.is_empty() {
            html.push_str(r#"<div class="tree"><span class="label">solution tree</span>"#);
            tree_html(&mut html, &nodes, &roots, anchor);
            html.push_str("</div>");
        }
    }
    let json = script_json(&serde_json::json!({
        "pos": d.pos.iter().map(|p| &p.0).collect::<Vec<_>>(),
        "side": d.pos.iter().map(|p| p.1.to_string()).collect::<Vec<_>>(),
        "fen": d.pos.iter().map(|p| &p.2).collect::<Vec<_>>(),
        "moves": d.moves.iter().map(|m| serde_json::json!([m.0, m.1, m.2, m.3])).collect::<Vec<_>>(),
        "lines": d.lines,
        "width": start.eng.geo.width,
    }));
    Play {
        json,
        html,
        dropped,
    }
}

/// The lines of a row to play through: the manuscript's line as checked, the main line
/// (for a help or series problem, each solution up to [`SHOWN_SOLUTIONS`]: `play` is its
/// stipulation), the refutation (and each other defence that holds against its first
/// move), every other try with its refutation, and the solution tree's lines.
pub fn row_lines(
    a: &crate::solve::Analysis,
    play: Option<&crate::solve::Play>,
) -> (Vec<LineIn>, Vec<Line>) {
    let rep = &a.report;
    let mut lines = vec![];
    if !a.claim.filled.is_empty() {
        lines.push(LineIn::played(
            "manuscript, as checked",
            a.claim.filled.clone(),
            play,
        ));
    }
    if !rep.solutions.is_empty() {
        let n = rep.solutions.len();
        for (i, s) in rep.solutions.iter().take(SHOWN_SOLUTIONS).enumerate() {
            let label = if n == 1 {
                "solution".to_string()
            } else {
                format!("solution {} of {n}", i + 1)
            };
            lines.push(LineIn::played(label, s.coords(), play));
        }
    } else if !rep.main_line.is_empty() {
        lines.push(LineIn::turns("main line", rep.main_line.coords()));
    }
    if let Some(rf) = &rep.refutation {
        let first = rf.first().map(|f| f.to_string()).unwrap_or_default();
        lines.push(LineIn::turns("refutation", rf.line.coords()));
        for d in &rf.also_held_by {
            lines.push(LineIn::turns(
                "also holds",
                vec![first.clone(), d.to_string()],
            ));
        }
    }
    for t in &rep.tries {
        lines.push(LineIn::turns("try", t.line.coords()));
    }
    let tree = rep.tree.iter().map(|v| v.line.clone()).collect();
    (lines, tree)
}

/// The play-through of a row under its compiled rules (none for a row not analysed or a
/// position that does not read).
pub fn row_play(
    eng: &crate::board::compiled::AnyEngine,
    r: &super::super::Row,
    page: Page,
) -> Option<Play> {
    let a = r.analysis()?;
    let stipulation = r.stipulation.parse::<crate::solve::Stipulation>().ok();
    let (lines, tree) = row_lines(a, stipulation.as_ref().and_then(|s| s.play.as_ref()));
    crate::with_engine!(eng, e => {
        let pos = Position::from_fen(e.clone(), &a.fen).ok()?;
        Some(play(&pos, &lines, &tree, page))
    })
}

/// A link to a move: the `k`-th move of line `l`.
fn link(anchor: &str, l: usize, k: usize, shown: &str) -> String {
    format!(
        r##"<a class="mv" href="#{anchor}" data-l="{l}" data-k="{k}">{}</a>"##,
        esc(shown)
    )
}

/// The tree's lines merged where they share their first moves; each tree line becomes
/// a line of the data. The nodes, the first moves' nodes, the moves not replayed.
fn grow_tree<B: Bits>(
    start: &Position<B>,
    tree: &[Line],
    d: &mut Data,
    men: &mut Men,
    style: Style,
) -> (Vec<Node>, Vec<usize>, usize) {
    let mut nodes: Vec<Node> = vec![];
    let mut roots: Vec<usize> = vec![];
    let mut dropped = 0;
    for plies in tree {
        let line = d.lines.len();
        let mut p = start.clone();
        let mut ids = vec![];
        let mut parent: Option<usize> = None;
        for (k, t) in plies.0.iter().enumerate() {
            let Some(m) = t.find(&p) else {
                dropped += plies.len() - k;
                break;
            };
            let siblings = match parent {
                Some(n) => nodes[n].next.clone(),
                None => roots.clone(),
            };
            let found = siblings.into_iter().find(|&n| nodes[n].ply == *t);
            let n = match found {
                Some(n) => n,
                None => {
                    let (full, bare) = numbered(&p, &move_text(&p, &m, style), false);
                    let mut q = p.clone();
                    q.make(m);
                    let at = d.position(&q, men);
                    d.moves.push((at, m.from, m.to, full.clone()));
                    nodes.push(Node {
                        ply: *t,
                        id: d.moves.len() - 1,
                        line,
                        depth: k,
                        full,
                        bare,
                        next: vec![],
                    });
                    let n = nodes.len() - 1;
                    match parent {
                        Some(q) => nodes[q].next.push(n),
                        None => roots.push(n),
                    }
                    n
                }
            };
            ids.push(nodes[n].id);
            p.make(m);
            parent = Some(n);
        }
        if !ids.is_empty() {
            d.lines.push(ids);
        }
    }
    (nodes, roots, dropped)
}

/// The tree as nested lists: a move with one answer goes on in the same line, a move
/// with several opens a list, one item per answer.
fn tree_html(s: &mut String, nodes: &[Node], from: &[usize], anchor: &str) {
    s.push_str("<ul>");
    for &n in from {
        s.push_str("<li>");
        let mut at = n;
        let mut first = true;
        loop {
            let node = &nodes[at];
            let shown = if first { &node.full } else { &node.bare };
            s.push_str(&link(anchor, node.line, node.depth, shown));
            first = false;
            match node.next.len() {
                0 => break,
                1 => {
                    s.push(' ');
                    at = node.next[0];
                }
                _ => {
                    tree_html(s, nodes, &node.next, anchor);
                    break;
                }
            }
        }
        s.push_str("</li>");
    }
    s.push_str("</ul>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::compiled::AnyEngine;
    use crate::board::rules::Rules;
    use crate::with_engine;

    fn dilaram(style: Style) -> Play {
        let eng = AnyEngine::new(Rules::resolve("shatranj", None).unwrap()).unwrap();
        let fen = "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1";
        with_engine!(&eng, e => {
            let pos = Position::from_fen(e.clone(), fen).unwrap();
            let plies = ["Rh8+", "Kxh8", "Bf5+", "Kg8", "zz9"].map(String::from);
            let lines = [LineIn::turns("main line", plies.to_vec())];
            let tree: Vec<Line> = vec![
                "h4h8 g8h8 h3f5 h8g8".parse().unwrap(),
                "h4h8 g8h8 h3f5 b2h2".parse().unwrap(),
            ];
            let page = Page {
                men: &mut Men::default(),
                anchor: "p1",
                style,
            };
            play(&pos, &lines, &tree, page)
        })
    }

    #[test]
    fn lines_are_replayed_and_the_tree_shares_its_first_moves() {
        let p = dilaram(Style::from(crate::notation::Notation::San));
        let v: serde_json::Value = serde_json::from_str(&p.json).unwrap();
        // The move that does not read is counted, not guessed.
        assert_eq!(p.dropped, 1);
        assert_eq!(v["lines"].as_array().unwrap().len(), 3);
        // The tree's two lines share 1.Rh8+ Kxh8 2.Bf5+ (one move id each), then part.
        assert_eq!(v["lines"][1][2], v["lines"][2][2]);
        assert_ne!(v["lines"][1][3], v["lines"][2][3]);
        assert!(p.html.contains(">2...Rh2</a>"), "{}", p.html);
        // 1.Rh8+ Kxh8 is reached both in the main line and in the tree: one position.
        assert_eq!(v["moves"][1][0], v["moves"][5][0]);
        assert_eq!(v["moves"][0][3], "1.Rh8+");
        assert_eq!(v["moves"][1][3], "1...Kxh8");
        assert!(p.html.contains(">Kxh8</a>"), "{}", p.html);
        assert!(p.html.contains("<ul><li>"), "{}", p.html);
        let fens = v["fen"].as_array().unwrap();
        assert_eq!(fens[0], "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1");
    }

    #[test]
    fn moves_are_written_in_the_letters_and_notation_chosen() {
        use crate::notation::{Letters, Notation};
        let historical = Style {
            notation: Notation::San,
            letters: Letters::Historical,
        };
        let p = dilaram(historical);
        let v: serde_json::Value = serde_json::from_str(&p.json).unwrap();
        // The alfil is A in the line, the tree and the data, though read as B.
        assert_eq!(v["moves"][2][3], "2.Af5+");
        assert!(p.html.contains(">2.Af5+</a>"), "{}", p.html);
        assert!(!p.html.contains("Bf5"), "{}", p.html);
        let murray = Style {
            notation: Notation::Murray,
            letters: Letters::Historical,
        };
        let v: serde_json::Value = serde_json::from_str(&dilaram(murray).json).unwrap();
        assert_eq!(v["moves"][0][3], "1.R-h8+");
        assert_eq!(v["moves"][1][3], "1...K×h8");
        assert_eq!(v["moves"][2][3], "2.A-f5+");
    }
}
