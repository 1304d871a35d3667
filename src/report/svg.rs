//! Diagrams as SVG: any board size, every piece kind of every preset, stacked squares,
//! move arrows, the board turned as the manuscript shows it.
//!
//! Style: the six kinds that have a Unicode chess figure (king, queen, rook, bishop,
//! knight, pawn) are drawn with it; every other kind (ferz, alfil, courier, sage, fool,
//! anqa, unicorn, giraffe, lion, cockatrice, or a kind a rules file invents) is a disc
//! with the man's letter as the moves write it (`--letters`: the sources' F and A for
//! ferz and alfil by default, or the rules' FEN letters), and a legend under the board
//! names each. White's men
//! are white with a black outline, Black's are solid black, so the sides differ at a
//! glance whatever the figure. Nothing is fetched: the figures are the system font's
//! chess symbols (a font list that names the common fonts that hold them), the discs are
//! drawn shapes. Every element is positioned arithmetically and no `id` is used, so
//! several diagrams can sit inline in one HTML page.

use super::xml_escape as esc;
use crate::board::bits::Bits;
use crate::board::piece::Color;
use crate::board::position::Position;
use std::fmt::Write as _;

/// Side of a square, in SVG user units.
const SQ: f64 = 48.0;
/// Room for the rank numbers (left) and file letters (below).
const MARGIN: f64 = 22.0;
/// Room above the board for the top side's name.
const TOP: f64 = 24.0;
/// Fonts that hold the chess symbols on common systems.
const FONTS: &str = "DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, FreeSerif, serif";

/// One man as the diagram draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Man {
    /// Its side.
    pub color: Color,
    /// The kind's name in the rules (`ferz`, `anqa`...).
    pub name: String,
    /// The kind's FEN letter (lower case).
    pub letter: char,
    /// The letter its disc shows: the man's letter in the moves under the letters asked
    /// for ([`crate::notation::letter`]).
    pub shown: char,
}

/// A position reduced to what a picture needs.
#[derive(Clone, Debug)]
pub struct Board {
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// The men on each square, `rank * width + file`, rank 0 at White's side.
    pub squares: Vec<Vec<Man>>,
    /// The side to move.
    pub side: Color,
}

/// What to draw besides the position.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The board seen from the other side: turned half round, Black at the bottom and
    /// the files from h to a (`diagram --flip`).
    pub flip: bool,
    /// The ranks drawn top to bottom, the files kept in their order: the board as a
    /// manuscript written `orientation = "flipped"` draws it (the FEN as written is
    /// mirrored top to bottom on load, not turned, so this undoes it for the picture).
    pub mirror: bool,
    /// The sides' names by colour (White's, Black's), where the problem names them.
    pub names: Option<[String; 2]>,
    /// Arrows from square to square (a key, a move asked for).
    pub arrows: Vec<(u8, u8)>,
    /// The discs' letters (see [`Board::of_in`]).
    pub letters: crate::notation::Letters,
    /// Squares framed in red (the squares a repair edits).
    pub marks: Vec<u8>,
    /// Drawn at half size (the same picture, smaller on the page).
    pub small: bool,
}

/// How one kind is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Figure {
    /// A Unicode chess symbol (the solid form; White's is outlined).
    Glyph(char),
    /// A disc with a label.
    Disc(String),
}

/// The figure of a kind: the chess symbol where the kind has one, else a disc whose label
/// is fixed per name so that a reader sees the same label in every diagram.
fn figure(m: &Man) -> Figure {
    let glyph = match m.name.as_str() {
        "king" => Some('\u{265A}'),
        "queen" => Some('\u{265B}'),
        "rook" => Some('\u{265C}'),
        "bishop" => Some('\u{265D}'),
        "knight" => Some('\u{265E}'),
        "pawn" => Some('\u{265F}'),
        _ => None,
    };
    if let Some(g) = glyph {
        return Figure::Glyph(g);
    }
    // The disc carries the man's letter as the moves write it (F for the ferz, A for the
    // alfil under the sources' letters): one letter convention on screen, and the legend
    // names the kind once.
    Figure::Disc(m.shown.to_string())
}

/// An `--arrow` that is not a move in coordinates on the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArrowError {
    /// A square off the board.
    #[error("'{text}': {square} is not a square of the {width}x{height} board")]
    OffBoard {
        /// The arrow, as given.
        text: String,
        /// The square of it that is off the board.
        square: String,
        /// Files of the board.
        width: u8,
        /// Ranks of the board.
        height: u8,
    },
    /// Not two squares.
    #[error("'{0}': expected a move in coordinates, two squares such as e2e4")]
    NotAMove(String),
}

impl Board {
    /// The board of a position, its discs lettered as the sources letter the men.
    pub fn of<B: Bits>(pos: &Position<B>) -> Board {
        Board::of_in(pos, crate::notation::Letters::default())
    }

    /// The board of a position, its discs lettered under `letters`.
    pub fn of_in<B: Bits>(pos: &Position<B>, letters: crate::notation::Letters) -> Board {
        let g = pos.eng.geo;
        let squares = (0..g.squares())
            .map(|sq| {
                pos.men_on(sq as u8)
                    .into_iter()
                    .map(|(color, k)| {
                        let p = &pos.eng.rules.pieces[k as usize];
                        Man {
                            color,
                            name: p.name.clone(),
                            letter: p.letter,
                            shown: crate::notation::letter(&pos.eng.rules, k, letters),
                        }
                    })
                    .collect()
            })
            .collect();
        Board {
            width: g.width,
            height: g.height,
            squares,
            side: pos.side,
        }
    }

    /// The number of men on the board (a stack counts each).
    pub fn men(&self) -> usize {
        self.squares.iter().map(Vec::len).sum()
    }

    /// The name of a square (`a1`, `l12`).
    fn square_name(&self, sq: u8) -> String {
        format!(
            "{}{}",
            (b'a' + sq % self.width) as char,
            sq / self.width + 1
        )
    }

    /// The square a name gives (`b2`, `l12`), if it is on this board.
    pub fn square_of(&self, name: &str) -> Option<u8> {
        let mut c = name.chars();
        let file = (c.next()? as u32).checked_sub('a' as u32)?;
        let rank: u32 = c.as_str().parse().ok()?;
        (file < u32::from(self.width) && (1..=u32::from(self.height)).contains(&rank))
            .then(|| ((rank - 1) * u32::from(self.width) + file) as u8)
    }

    /// Reads an arrow written in coordinates (`e2e4`, `a10a11`, `e2-e4`, `e7e8q`).
    pub fn parse_arrow(&self, text: &str) -> Result<(u8, u8), ArrowError> {
        let mut squares = vec![];
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() && squares.len() < 2 {
            if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
                let file = b[i] - b'a';
                let mut j = i + 1;
                let mut rank = 0u32;
                while j < b.len() && b[j].is_ascii_digit() && rank < 100 {
                    rank = rank * 10 + u32::from(b[j] - b'0');
                    j += 1;
                }
                if file >= self.width || rank == 0 || rank > u32::from(self.height) {
                    return Err(ArrowError::OffBoard {
                        text: text.to_string(),
                        square: text[i..j].to_string(),
                        width: self.width,
                        height: self.height,
                    });
                }
                squares.push((rank as u8 - 1) * self.width + file);
                i = j;
            } else {
                i += 1;
            }
        }
        match squares[..] {
            [from, to] => Ok((from, to)),
            _ => Err(ArrowError::NotAMove(text.to_string())),
        }
    }
}

/// The top-left corner of a square in the picture.
fn corner(b: &Board, o: &Options, sq: u8) -> (f64, f64) {
    let (f, r) = (sq % b.width, sq / b.width);
    let col = if o.flip { b.width - 1 - f } else { f };
    let row = if o.flip != o.mirror {
        r
    } else {
        b.height - 1 - r
    };
    (MARGIN + f64::from(col) * SQ, TOP + f64::from(row) * SQ)
}

/// A side's name as the picture writes it: the problem's own, else White or Black.
fn side_name(o: &Options, c: Color) -> String {
    match &o.names {
        Some(n) => esc(&n[c.idx()]),
        None => c.name().to_string(),
    }
}

/// Draws one man centred at (cx, cy) at `scale` of a full square.
fn draw_man(s: &mut String, m: &Man, cx: f64, cy: f64, scale: f64) {
    let white = m.color == Color::White;
    let side = if white { "w" } else { "b" };
    let _ = write!(s, r#"<g class="man {side}" data-kind="{}">"#, esc(&m.name));
    match figure(m) {
        Figure::Glyph(c) => {
            let size = SQ * 0.82 * scale;
            // The symbols sit on the baseline; a third of the size below the centre
            // centres them in DejaVu and the other fonts listed.
            let y = cy + size * 0.34;
            // White: the solid symbol filled white over a black outline drawn beneath it
            // (paint-order), so the figure keeps its full size and reads as white.
            let (fill, width) = if white { ("#fff", 2.6) } else { ("#000", 0.6) };
            let _ = write!(
                s,
                r##"<text x="{cx:.1}" y="{y:.1}" font-size="{size:.1}" fill="{fill}" stroke="#000" stroke-width="{:.2}" stroke-linejoin="round" paint-order="stroke">{c}</text>"##,
                width * scale
            );
        }
        Figure::Disc(label) => {
            let r = SQ * 0.36 * scale;
            let (fill, ink) = if white {
                ("#fff", "#000")
            } else {
                ("#000", "#fff")
            };
            let size = if label.chars().count() > 1 {
                r * 0.95
            } else {
                r * 1.25
            };
            let _ = write!(
                s,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="#000" stroke-width="{:.2}"/><text x="{cx:.1}" y="{:.1}" font-size="{size:.1}" font-weight="bold" fill="{ink}">{}</text>"##,
                2.0 * scale,
                cy + size * 0.36,
                esc(&label)
            );
        }
    }
    s.push_str("</g>");
}

/// One man's figure centred at (0, 0) at full size, for a page that places men itself
/// (the edition's play-through moves them with a `transform`).
pub fn man_figure(m: &Man) -> String {
    let mut s = String::new();
    draw_man(&mut s, m, 0.0, 0.0, 1.0);
    s
}

/// Centres and scale of the men of a square holding `n` (1 to 3 in practice; more are
/// laid out on a row), as fractions of a square from its centre.
pub fn stack_layout(n: usize) -> Vec<(f64, f64, f64)> {
    match n {
        0 | 1 => vec![(0.0, 0.0, 1.0)],
        2 => vec![(-0.2, -0.19, 0.74), (0.2, 0.19, 0.74)],
        3 => vec![(-0.23, -0.21, 0.64), (0.23, -0.21, 0.64), (0.0, 0.21, 0.64)],
        _ => {
            let w = 1.0 / n as f64;
            (0..n)
                .map(|i| (-0.5 + w * (i as f64 + 0.5), 0.0, w * 1.1))
                .collect()
        }
    }
}

/// An arrow from the centre of one square to another, its head drawn as a polygon.
fn draw_arrow(s: &mut String, b: &Board, o: &Options, from: u8, to: u8) {
    let (x0, y0) = corner(b, o, from);
    let (x1, y1) = corner(b, o, to);
    let (x0, y0, x1, y1) = (x0 + SQ / 2.0, y0 + SQ / 2.0, x1 + SQ / 2.0, y1 + SQ / 2.0);
    let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
    let head = SQ * 0.38;
    let (bx, by) = (x1 - ux * head, y1 - uy * head);
    let (px, py) = (-uy * head * 0.5, ux * head * 0.5);
    let _ = write!(
        s,
        r##"<g class="arrow" opacity="0.75"><line x1="{x0:.1}" y1="{y0:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="#1f6feb" stroke-width="{:.1}" stroke-linecap="round"/><polygon points="{x1:.1},{y1:.1} {:.1},{:.1} {:.1},{:.1}" fill="#1f6feb"/></g>"##,
        SQ * 0.16,
        bx + px,
        by + py,
        bx - px,
        by - py
    );
}

/// The SVG picture of a board.
pub fn render(b: &Board, o: &Options) -> String {
    let bw = f64::from(b.width) * SQ;
    let bh = f64::from(b.height) * SQ;
    let legend = legend(b);
    let width = MARGIN + bw + 8.0;
    let height = TOP + bh + MARGIN + 22.0 + if legend.is_empty() { 0.0 } else { 18.0 };
    let mut s = String::with_capacity(8192);
    let k = if o.small { 0.5 } else { 1.0 };
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="diagram" width="{}" height="{}" viewBox="0 0 {width} {height}" font-family="{FONTS}" text-anchor="middle">"#,
        width * k,
        height * k
    );
    let _ = write!(
        s,
        "<title>{}x{} board, {} to move</title>",
        b.width,
        b.height,
        side_name(o, b.side)
    );
    draw_squares(&mut s, b, o);
    draw_marks(&mut s, b, o);
    draw_labels(&mut s, b, o, &legend);
    draw_men(&mut s, b, o);
    for &(from, to) in &o.arrows {
        draw_arrow(&mut s, b, o, from, to);
    }
    s.push_str("</svg>\n");
    s
}

/// The squares, light and dark, and the board's frame.
fn draw_squares(s: &mut String, b: &Board, o: &Options) {
    let bw = f64::from(b.width) * SQ;
    let bh = f64::from(b.height) * SQ;
    // Squares: light and dark as on a modern board (a1 dark), so files and ranks can be
    // followed across a 12x12 board.
    s.push_str(r##"<g class="squares">"##);
    if o.small {
        // Small diagrams (many on a page): the light squares as one rectangle, the dark
        // ones as one path, a fifth of the bytes of a rectangle each.
        let _ = write!(
            s,
            r##"<rect x="{MARGIN}" y="{TOP}" width="{bw}" height="{bh}" fill="#f0dcb4"/><path fill="#b88a5c" d=""##
        );
        for sq in
            (0..b.squares.len() as u8).filter(|q| (q % b.width + q / b.width).is_multiple_of(2))
        {
            let (x, y) = corner(b, o, sq);
            let _ = write!(s, "M{x} {y}h{SQ}v{SQ}h-{SQ}z");
        }
        s.push_str(r#""/>"#);
    }
    for sq in (0..b.squares.len() as u8).filter(|_| !o.small) {
        let (x, y) = corner(b, o, sq);
        let light = (sq % b.width + sq / b.width) % 2 == 1;
        let fill = if light { "#f0dcb4" } else { "#b88a5c" };
        let _ = write!(
            s,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
        );
    }
    let _ = write!(
        s,
        r##"<rect x="{MARGIN}" y="{TOP}" width="{bw}" height="{bh}" fill="none" stroke="#333" stroke-width="1.5"/></g>"##
    );
}

/// The marked squares, framed.
fn draw_marks(s: &mut String, b: &Board, o: &Options) {
    for &sq in &o.marks {
        let (x, y) = corner(b, o, sq);
        let _ = write!(
            s,
            r##"<rect class="mark" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#d32f2f" stroke-width="5"/>"##,
            x + 2.5,
            y + 2.5,
            SQ - 5.0,
            SQ - 5.0
        );
    }
}

/// File and rank labels, the sides' names (who is to move) and the legend.
fn draw_labels(s: &mut String, b: &Board, o: &Options, legend: &str) {
    let bh = f64::from(b.height) * SQ;
    // Labels: files below, ranks on the left, the sides' names above and below.
    s.push_str(r##"<g class="labels" font-size="13" fill="#333">"##);
    for f in 0..b.width {
        let (x, _) = corner(b, o, f);
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            x + SQ / 2.0,
            TOP + bh + 15.0,
            (b'a' + f) as char
        );
    }
    for r in 0..b.height {
        let (_, y) = corner(b, o, r * b.width);
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            MARGIN / 2.0,
            y + SQ / 2.0 + 4.5,
            r + 1
        );
    }
    let (top, bottom) = if o.flip != o.mirror {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let mover = |c: Color| {
        if c == b.side {
            " \u{2014} to move"
        } else {
            ""
        }
    };
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="start">{}{}</text>"#,
        MARGIN,
        TOP - 7.0,
        side_name(o, top),
        mover(top)
    );
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="start">{}{}</text>"#,
        MARGIN,
        TOP + bh + MARGIN + 14.0,
        side_name(o, bottom),
        mover(bottom)
    );
    if !legend.is_empty() {
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="start" font-size="12">{}</text>"#,
            MARGIN,
            TOP + bh + MARGIN + 32.0,
            esc(legend)
        );
    }
    s.push_str("</g>");
}

/// The men on their squares.
fn draw_men(s: &mut String, b: &Board, o: &Options) {
    // The men; a stack's men share the square, each drawn smaller.
    s.push_str(r#"<g class="men">"#);
    for (sq, men) in b.squares.iter().enumerate() {
        if men.is_empty() {
            continue;
        }
        let (x, y) = corner(b, o, sq as u8);
        let (cx, cy) = (x + SQ / 2.0, y + SQ / 2.0);
        if men.len() > 1 {
            let _ = write!(
                s,
                r##"<rect class="stack" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#7a2e9e" stroke-width="2" stroke-dasharray="4 3"><title>{}: {}</title></rect>"##,
                x + 2.0,
                y + 2.0,
                SQ - 4.0,
                SQ - 4.0,
                b.square_name(sq as u8),
                esc(&men
                    .iter()
                    .map(|m| format!("{} {}", m.color.name(), m.name))
                    .collect::<Vec<_>>()
                    .join(" and "))
            );
        }
        for (m, (dx, dy, scale)) in men.iter().zip(stack_layout(men.len())) {
            draw_man(s, m, cx + dx * SQ, cy + dy * SQ, scale);
        }
    }
    s.push_str("</g>");
}

/// "B alfil · Q ferz": the disc labels this board uses, in the order of first sight.
fn legend(b: &Board) -> String {
    let mut seen: Vec<(String, String)> = vec![];
    for m in b.squares.iter().flatten() {
        if let Figure::Disc(label) = figure(m) {
            if !seen.iter().any(|(_, n)| *n == m.name) {
                seen.push((label, m.name.clone()));
            }
        }
    }
    seen.sort();
    seen.iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect::<Vec<_>>()
        .join(" \u{b7} ")
}
