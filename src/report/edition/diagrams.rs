//! The diagrams the command line and the edition draw: the problem `diagram` names, read
//! from its file ([`problem_in`]), a problem's view (as its manuscript shows it), a FEN after a line of moves, the SVG of a position with arrows or
//! framed squares, and an edition's diagrams, one per row, under the rules each row ran
//! under ([`Row::engine`]); what `diagram` asks drawn in one call ([`Drawing::drawn`]).

use crate::board::compiled::AnyEngine;
use crate::board::position::{FenError, Position};
use crate::notation::{parse_line, parse_move, NotationError};
use crate::problem::{Engines, OwnRulesError, Problem, ProblemError};
use crate::report::svg::{render, ArrowError, Board, Options};
use crate::report::Row;
use crate::with_engine;

/// Why a diagram cannot be drawn.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramError {
    /// The FEN does not read under the rules.
    #[error("cannot read the FEN '{fen}' under rules '{rules}': {source}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// The rules' name.
        rules: String,
        /// Why it does not read.
        #[source]
        source: FenError,
    },
    /// A move of the line to play first (`--after`) names no legal move.
    #[error("--after: move '{text}': {source}")]
    After {
        /// The move as written.
        text: String,
        /// Why it names no legal move.
        #[source]
        source: NotationError,
    },
    /// An arrow does not name two squares of the board.
    #[error("--arrow {0}")]
    Arrow(#[from] ArrowError),
    /// The rules named do not resolve or compile.
    #[error("rules: {0}")]
    Rules(OwnRulesError),
    /// The problem's rules do not resolve or compile (said at its file and line).
    #[error("{0}")]
    Problem(Box<ProblemError>),
    /// Neither a problem, nor a FEN, nor rules to take the starting array of.
    #[error("give a problem file, --fen with --rules, or --rules alone")]
    Nothing,
}

/// Why `diagram`'s problem was not found.
#[derive(Debug, thiserror::Error)]
pub enum PickFileError {
    /// The file does not exist (or is not a file).
    #[error("no such file: {}", .0.display())]
    Missing(std::path::PathBuf),
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] crate::files::InputError),
    /// No problem of the file is the one asked for.
    #[error(transparent)]
    Pick(#[from] crate::problem::pick::PickError),
}

/// The problem a `diagram FILE [--id ID]` names (`-`: the problem file on standard
/// input), each warning of the file said through `warn`.
pub fn problem_in(
    file: &std::path::Path,
    (id, reads): (Option<&str>, &crate::files::Reads),
    warn: &dyn Fn(&str),
) -> Result<Problem, PickFileError> {
    if file.as_os_str() != "-" && !file.is_file() {
        return Err(PickFileError::Missing(file.to_path_buf()));
    }
    let lf = crate::problem::parse_str(&crate::files::read_text(file, reads)?, file);
    for w in &lf.warnings {
        warn(w);
    }
    Ok(lf.pick(id)?)
}

/// What `diagram` draws: the engine (a problem's rules taken as every command takes
/// them, [`Engines::for_problem`]: its own, `rules_set` included, or `rules`), the FEN
/// and the view. Without a problem: `fen` under `rules`, else the starting array of
/// `rules`.
pub fn what_to_draw(
    engines: &Engines,
    problem: Option<&Problem>,
    fen: Option<&str>,
    rules: Option<&str>,
) -> Result<(AnyEngine, String, Options), DiagramError> {
    let named = |r: &str| engines.get(r, None).map_err(DiagramError::Rules);
    match (problem, fen) {
        (Some(p), _) => {
            let eng = engines
                .for_problem(p, rules)
                .map_err(|e| DiagramError::Problem(Box::new(p.error(e.key(), e.to_string()))))?;
            Ok((eng, p.fen.clone(), view_of(p)))
        }
        (None, Some(fen)) => Ok((
            named(rules.unwrap_or_default())?,
            fen.to_string(),
            Options::default(),
        )),
        (None, None) => match rules {
            Some(r) => {
                let eng = named(r)?;
                let start = eng.rules().start.clone();
                Ok((eng, start, Options::default()))
            }
            None => Err(DiagramError::Nothing),
        },
    }
}

/// How a problem is drawn: as its manuscript shows it (a board written `orientation =
/// "flipped"` has its ranks drawn top to bottom again, files in their order, since the
/// load mirrored it top to bottom and did not turn it) and with its sides' names.
pub fn view_of(p: &Problem) -> Options {
    use crate::board::piece::Color;
    Options {
        mirror: p.orientation == crate::board::sides::Orientation::Flipped,
        names: Some([p.sides.name(Color::White), p.sides.name(Color::Black)]),
        ..Options::default()
    }
}

/// The position of a FEN under the engine's rules.
fn position<B: crate::board::bits::Bits>(
    eng: &AnyEngine,
    e: &std::sync::Arc<crate::board::engine::Engine<B>>,
    fen: &str,
) -> Result<Position<B>, DiagramError> {
    Position::from_fen(e.clone(), fen).map_err(|source| DiagramError::Fen {
        fen: fen.to_string(),
        rules: eng.rules().name.clone(),
        source,
    })
}

/// Plays the moves of `after` (a line, move numbers allowed) on `pos`.
fn play_after<B: crate::board::bits::Bits>(
    pos: &mut Position<B>,
    after: Option<&str>,
) -> Result<(), DiagramError> {
    for t in parse_line(after.unwrap_or("")) {
        let m = parse_move(pos, &t.text).map_err(|source| DiagramError::After {
            text: t.text.clone(),
            source,
        })?;
        pos.make(m);
    }
    Ok(())
}

/// The FEN of a position after `after` (a line of moves).
pub fn fen_after(eng: &AnyEngine, fen: &str, after: Option<&str>) -> Result<String, DiagramError> {
    with_engine!(eng, e => {
        let mut pos = position(eng, e, fen)?;
        play_after(&mut pos, after)?;
        Ok(pos.to_fen())
    })
}

/// The SVG of a FEN under compiled rules, after `after` (a line of moves), with arrows
/// (coordinates) drawn, in the view `opts` asks for.
pub fn diagram_svg(
    eng: &AnyEngine,
    fen: &str,
    after: Option<&str>,
    arrows: &[String],
    mut opts: Options,
) -> Result<String, DiagramError> {
    with_engine!(eng, e => {
        let mut pos = position(eng, e, fen)?;
        play_after(&mut pos, after)?;
        let board = Board::of_in(&pos, opts.letters);
        for a in arrows {
            opts.arrows.push(board.parse_arrow(a)?);
        }
        Ok(render(&board, &opts))
    })
}

/// The SVG of a FEN under compiled rules with the named squares (`b2`) framed.
pub fn marked_svg(
    eng: &AnyEngine,
    fen: &str,
    marks: &[String],
    mut opts: Options,
) -> Result<String, DiagramError> {
    with_engine!(eng, e => {
        let pos = position(eng, e, fen)?;
        let board = Board::of_in(&pos, opts.letters);
        opts.marks = marks.iter().filter_map(|m| board.square_of(m)).collect();
        Ok(render(&board, &opts))
    })
}

/// The compiled rules of each row, taken as every command takes them ([`Row::engine`]:
/// a problem's own rules, `rules_set` included, when the row ran under them), shared
/// between rows of the same rules (none for a row whose rules cannot be read).
pub fn row_engines(rows: &[Row], engines: &Engines) -> Vec<Option<AnyEngine>> {
    rows.iter().map(|r| r.engine(engines)?.ok()).collect()
}

/// The diagrams of an edition, one per row: the position as read, the first key as an
/// arrow when the search found one, drawn as the manuscript shows it. A row whose rules or
/// FEN cannot be read (an `error` row) gets none.
pub fn row_diagrams(
    rows: &[Row],
    engines: &[Option<AnyEngine>],
    letters: crate::notation::Letters,
) -> Vec<Option<String>> {
    rows.iter()
        .zip(engines)
        .map(|(r, eng)| {
            let p = r.problem.as_ref()?;
            let a = r.analysis()?;
            let arrows: Vec<String> = a
                .report
                .keys
                .first()
                .map(|k| k.to_string())
                .into_iter()
                .collect();
            let view = Options {
                letters,
                ..view_of(p)
            };
            diagram_svg(eng.as_ref()?, &a.fen, None, &arrows, view).ok()
        })
        .collect()
}

/// What `diagram` is asked to draw, as plain values: a problem of a file (`file`, `id`),
/// or a FEN under rules, or the rules' starting array; the moves to play first, the
/// arrows, the discs' letters, the board turned, or the FEN instead of the picture.
pub struct Drawing<'a> {
    /// The problem file (`-`: standard input).
    pub file: Option<&'a std::path::Path>,
    /// The problem of the file.
    pub id: Option<&'a str>,
    /// A position instead of a problem file, in the rules' letters.
    pub fen: Option<&'a str>,
    /// The rules of `fen`, or those a problem is drawn under instead of its own.
    pub rules: Option<&'a str>,
    /// The moves to play first.
    pub after: Option<&'a str>,
    /// Arrows, one per move in coordinates.
    pub arrows: &'a [String],
    /// The discs' letters.
    pub letters: crate::notation::Letters,
    /// The board seen from the other side.
    pub flip: bool,
    /// The position's FEN (after `after`) instead of its picture.
    pub as_fen: bool,
}

/// Why `diagram` drew nothing.
#[derive(Debug, thiserror::Error)]
pub enum DrawingError {
    /// The problem could not be found or read.
    #[error(transparent)]
    Pick(#[from] PickFileError),
    /// The diagram cannot be drawn.
    #[error(transparent)]
    Diagram(#[from] DiagramError),
}

impl Drawing<'_> {
    /// The SVG (or the FEN, a line), the rules compiled through `engines`, each warning of
    /// the problem's file said through `warn`.
    pub fn drawn(&self, engines: &Engines, warn: &dyn Fn(&str)) -> Result<String, DrawingError> {
        let problem = match self.file {
            Some(file) => Some(problem_in(file, (self.id, engines.dirs().reads()), warn)?),
            None => None,
        };
        let (eng, fen, view) = what_to_draw(engines, problem.as_ref(), self.fen, self.rules)?;
        if self.as_fen {
            return Ok(fen_after(&eng, &fen, self.after)? + "\n");
        }
        // The board turned whatever view the problem asks for.
        let view = Options {
            flip: self.flip,
            letters: self.letters,
            ..view
        };
        Ok(diagram_svg(&eng, &fen, self.after, self.arrows, view)?)
    }
}
