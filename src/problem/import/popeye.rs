//! Popeye input files, read as Popeye 4.104 reads them: the first word (`BeginProblem`,
//! `AnfangProblem` or `DebutProbleme`, or a prefix only it has) sets the language, English,
//! German or French, and every command, option, condition, colour and man is then a word
//! of that language ([`super::popeye_words`]), in any case and shortened to any prefix
//! that no other word of its list shares ([`super::popeye_lex`]).
//!
//! A problem runs to `EndProblem` or `NextProblem`. Its commands: `Pieces`, `Forsyth`,
//! `InitialGameArray`, `Stipulation` (and the structured `SStipulation`, refused),
//! `Condition`, `Option`, `Author`, `Origin`, `Title`, `Award`, `Remark` (kept), and the
//! commands that only change Popeye's output (`Protocol`, `LaTeX`, `LaTeXPieces`),
//! accepted and ignored. `Twin` ends the diagram and starts a twin made by twinning
//! commands from the diagram (or from the twin before it, after `Continued`);
//! `ZeroPosition` starts the same, the diagram not being a problem itself. Each twin is
//! a problem of its own ([`super::popeye_build`] decides what each becomes).
//!
//! An error (an unknown or ambiguous word, a square that is none) stops its own problem
//! only: the reading goes on at the problem's end.

use super::popeye_board::{at, Board, Colour, Conds, Man, Turn};
pub use super::popeye_board::{PopOptions, Raw};
use super::popeye_lex::{find, language_of, man, man_on_squares, nearest, squares, Found, Lexer};
use super::popeye_text;
use super::popeye_words::*;
use super::{error_at, ImportError, Options};
use std::path::Path;

pub use super::popeye_build::{slug, ID_REMARK, RULES_REMARK, SLUG_CAP};

/// How a problem ended.
enum Close {
    /// `EndProblem`.
    End,
    /// `NextProblem` at this line: another follows.
    Next(usize),
    /// The end of the text.
    Eof,
}

/// Reads every problem of a Popeye input file: each problem (each twin a problem), or
/// why it cannot be, handed to `keep` as soon as it is read (what was read of it, its
/// diagram of 64 squares and its twins, is not kept past it); reading stops when `keep`
/// says no.
pub fn read(path: &Path, text: &str, opts: &Options, keep: super::Keep<'_>) {
    let mut index = 0;
    let mut go_on = true;
    each_raw(path, text, |r| {
        if !go_on {
            return;
        }
        match r {
            Ok(raw) => {
                index += 1;
                for e in super::popeye_build::build(path, &raw, index, opts) {
                    go_on = go_on && keep(e);
                }
            }
            Err(e) => go_on = keep(Err(e)),
        }
    });
}

/// Each problem of the text as written, or an error that is no problem's, handed to
/// `take` in the order of the text.
fn each_raw(path: &Path, text: &str, mut take: impl FnMut(Result<Raw, ImportError>)) {
    let mut lex = Lexer::new(text);
    let Some((w, n)) = lex.next_word() else {
        return;
    };
    let Some(lang) = language_of(w) else {
        return take(Err(error_at(
            path,
            n,
            format!("'{w}': expected BeginProblem (in German AnfangProblem, in French DebutProbleme) first"),
        )));
    };
    let mut rd = Reader {
        path,
        lex,
        lang,
        in_twin: false,
    };
    let mut start = n;
    loop {
        rd.in_twin = false;
        let (mut raw, end) = rd.problem(start);
        if matches!(end, Close::Eof) {
            // Popeye stops at the end of the text before it solves such a problem.
            raw.error.get_or_insert_with(|| {
                error_at(
                    path,
                    start,
                    "this problem has no EndProblem: expected EndProblem at its end",
                )
            });
        }
        take(Ok(raw));
        match end {
            Close::Next(line) => start = line,
            Close::Eof => break,
            // Popeye reads nothing after EndProblem; a file of several BeginProblem ...
            // EndProblem blocks is read on.
            Close::End => match rd.lex.next_word() {
                Some((w, n)) if language_of(w) == Some(lang) => start = n,
                _ => break,
            },
        }
    }
}

/// The reader: the words and the file's language.
struct Reader<'a> {
    path: &'a Path,
    lex: Lexer<'a>,
    lang: usize,
    /// Reading twins: the twinning commands are keywords too.
    in_twin: bool,
}

impl Reader<'_> {
    fn err(&self, n: usize, m: impl std::fmt::Display) -> ImportError {
        error_at(self.path, n, m)
    }

    /// An error for a word that is no keyword of `tables` where one was expected.
    fn unknown(&self, w: &str, n: usize, tables: &[&[[&str; 3]]], what: &str) -> ImportError {
        let hint = nearest(tables, self.lang, w)
            .map(|k| format!(": did you mean '{k}'?"))
            .unwrap_or_default();
        self.err(n, format!("unknown keyword '{w}' (expected {what}){hint}"))
    }

    fn ambiguous(&self, w: &str, n: usize, v: &[String]) -> ImportError {
        self.err(n, format!("'{w}' is ambiguous: it begins {}", v.join(", ")))
    }

    /// The English word of a row.
    fn is(&self, table: &[[&str; 3]], w: &str, english: &str) -> bool {
        matches!(find(table, self.lang, w), Found::One(i) if table[i][0] == english)
    }

    /// One problem from the word after its `BeginProblem` or `NextProblem`.
    fn problem(&mut self, line: usize) -> (Raw, Close) {
        let mut raw = Raw {
            line,
            ..Raw::default()
        };
        let mut board = Board::new();
        loop {
            let Some((w, n)) = self.lex.next_word() else {
                raw.diagram = board;
                return (raw, Close::Eof);
            };
            let err = match find(COMMANDS, self.lang, w) {
                Found::One(c) => match self.command(COMMANDS[c][0], n, &mut raw, &mut board) {
                    Ok(()) => continue,
                    Err(e) => e,
                },
                Found::Ambiguous(v) => self.ambiguous(w, n, &v),
                Found::None => {
                    if let Found::One(k) = find(PROBLEM_END, self.lang, w) {
                        raw.diagram = board;
                        return (raw, if k == 0 { Close::End } else { Close::Next(n) });
                    }
                    if let Found::One(k) = find(TWIN_END, self.lang, w) {
                        raw.diagram = board;
                        raw.zero = k == 1;
                        return self.twins(raw);
                    }
                    self.unknown(w, n, &[COMMANDS, PROBLEM_END, TWIN_END], "a command")
                }
            };
            raw.diagram = board;
            return self.recover(raw, err);
        }
    }

    /// After an error: the problem is kept with it, the words skipped to its end.
    fn recover(&mut self, mut raw: Raw, e: ImportError) -> (Raw, Close) {
        raw.error.get_or_insert(e);
        while let Some((w, n)) = self.lex.next_word() {
            match find(COMMANDS, self.lang, w) {
                Found::One(c) if is_text(COMMANDS[c][0]) => {
                    self.lex.rest_of_line();
                }
                Found::None => {
                    if let Found::One(k) = find(PROBLEM_END, self.lang, w) {
                        return (raw, if k == 0 { Close::End } else { Close::Next(n) });
                    }
                }
                _ => {}
            }
        }
        (raw, Close::Eof)
    }

    /// One command of the diagram.
    fn command(
        &mut self,
        c: &str,
        n: usize,
        raw: &mut Raw,
        board: &mut Board,
    ) -> Result<(), ImportError> {
        match c {
            "remark" | "author" | "origin" | "title" | "award" => {
                let t = popeye_text::from_line(self.lex.rest_of_line());
                match c {
                    "remark" => raw.remarks.push(t),
                    "author" => raw.author.push(t),
                    "origin" => raw.origin.push(t),
                    "title" => raw.title.push(t),
                    _ => raw.award = vec![t],
                }
            }
            "protocol" => {
                self.lex.rest_of_line();
            }
            "LaTeX" => {
                self.lex.rest_of_line();
                self.latex_pieces();
            }
            "LaTeXPieces" => self.latex_pieces(),
            "pieces" => self.pieces(board, n, false)?,
            "stipulation" => board.stipulation = Some((self.stipulation(n)?, n)),
            "sstipulation" => board.stipulation = Some((self.structured(), n)),
            "condition" => self.conditions(&mut board.conds)?,
            "option" => self.options(&mut raw.opts)?,
            "InitialGameArray" => initial_array(board),
            "Forsyth" => self.forsyth(board, n)?,
            _ => return Err(self.err(n, format!("'{c}' is not read here"))),
        }
        Ok(())
    }

    /// `LaTeXPieces`: a man's shortcut and its name for LaTeX, each on its line; ignored.
    fn latex_pieces(&mut self) {
        while let Some((w, _)) = self.lex.peek() {
            if w.len() > 2 || man(self.lang, w).is_none() {
                break;
            }
            self.lex.next_word();
            self.lex.rest_of_line();
        }
    }

    /// The word after `Stipulation`, and the numbers after it that are its own (`dia
    /// 1.5`).
    fn stipulation(&mut self, n: usize) -> Result<String, ImportError> {
        let (w, _) = self
            .lex
            .next_word()
            .ok_or_else(|| self.err(n, "Stipulation: expected a stipulation such as '#2'"))?;
        let mut s = w.to_string();
        while let Some((x, _)) = self.lex.peek() {
            if !x.starts_with(|c: char| c.is_ascii_digit() || c == '.') || self.keyword(x) {
                break;
            }
            self.lex.next_word();
            s = format!("{s} {x}");
        }
        Ok(s)
    }

    /// A structured stipulation: its words up to the next keyword, kept to name it.
    fn structured(&mut self) -> String {
        let mut words = vec!["SStipulation".to_string()];
        while let Some((w, _)) = self.lex.peek() {
            if self.keyword(w) {
                break;
            }
            self.lex.next_word();
            words.push(w.to_string());
        }
        words.join(" ")
    }

    /// Whether a word is a command, a twinning command (in twins) or a word that ends a
    /// problem or twin (a whole word, or a prefix of three letters or more that only one has).
    fn keyword(&self, w: &str) -> bool {
        let twinning: &[[&str; 3]] = if self.in_twin { TWINNING } else { &[] };
        [COMMANDS, PROBLEM_END, TWIN_END, twinning].iter().any(|t| {
            matches!(find(t, self.lang, w), Found::One(i) if w.len() >= 3 || t[i][self.lang].eq_ignore_ascii_case(w))
        })
    }

    /// The next word, which must be a list of squares (`a1h1`).
    fn squares_word(&mut self, n: usize, what: &str) -> Result<Vec<(u8, u8)>, ImportError> {
        match self.lex.next_word() {
            Some((w, _)) => squares(w).ok_or_else(|| {
                self.err(
                    n,
                    format!("{what}: '{w}' is not a list of squares (e.g. a1h1)"),
                )
            }),
            None => Err(self.err(n, format!("{what}: expected squares (e.g. a1h1)"))),
        }
    }

    /// `Pieces` (and the twinning `add`, which replaces a man already on a square):
    /// colours, attributes, men and their squares.
    fn pieces(&mut self, board: &mut Board, n: usize, replacing: bool) -> Result<(), ImportError> {
        let mut colour: Option<(Colour, Vec<String>)> = None;
        while let Some((w, wn)) = self.lex.peek() {
            if let Some((c, flags)) = &colour {
                let man_of = |walk| Man {
                    walk,
                    colour: *c,
                    flags: flags.clone(),
                };
                if let Some(taken) = self.hunter(w, wn, board) {
                    taken.then_some(()).ok_or_else(|| {
                        self.err(
                            wn,
                            format!("'{w}': expected a hunter with its squares, e.g. s/bb8"),
                        )
                    })?;
                    continue;
                }
                if let Some(r) = man_on_squares(self.lang, w) {
                    self.lex.next_word();
                    let (walk, sqs) = r.map_err(|code| {
                        self.err(
                            wn,
                            format!(
                                "'{w}': '{code}' is no man of Popeye's {} names",
                                super::popeye_lex::LANGUAGES[self.lang]
                            ),
                        )
                    })?;
                    for s in sqs {
                        board
                            .place(s, man_of(walk), replacing)
                            .map_err(|e| self.err(wn, format!("'{w}': {e}")))?;
                    }
                    board.given_on(walk, wn);
                    continue;
                }
                let alone = man(self.lang, w).filter(|_| w.len() <= 2);
                let next_squares = self.lex.peek2().and_then(squares);
                if let (Some(walk), Some(sqs)) = (alone, next_squares) {
                    self.lex.next_word();
                    self.lex.next_word();
                    for s in sqs {
                        board
                            .place(s, man_of(walk), replacing)
                            .map_err(|e| self.err(wn, format!("'{w}': {e}")))?;
                    }
                    board.given_on(walk, wn);
                    continue;
                }
            }
            match find(COLOURS, self.lang, w) {
                Found::One(c) => {
                    self.lex.next_word();
                    colour = self.colour(c, board, wn)?;
                    continue;
                }
                Found::Ambiguous(v) => return Err(self.ambiguous(w, wn, &v)),
                Found::None => {}
            }
            if colour.is_none() && board.invisible == 0 {
                return Err(self.err(
                    wn,
                    format!("'{w}': expected a colour (White, Black, Neutral) before the men"),
                ));
            }
            break;
        }
        if self.lex.peek().is_none() && colour.is_none() && board.invisible == 0 {
            return Err(self.err(n, "Pieces: expected a colour and men"));
        }
        Ok(())
    }

    /// A hunter (`s/bb8`: moving away as one man, home as another), which mansuba has
    /// not: kept by name for the refusal. `None` when the word is no hunter; `Some(false)`
    /// when its squares are missing.
    fn hunter(&mut self, w: &str, line: usize, board: &mut Board) -> Option<bool> {
        let slash = w.find('/').filter(|&i| (1..=2).contains(&i))?;
        let rest = &w[slash + 1..];
        let (home, joined) = match man_on_squares(self.lang, rest) {
            Some(_) => (&rest[..2 - rest.len() % 2], true),
            None => (rest, false),
        };
        if !joined && (rest.len() > 2 || self.lex.peek2().and_then(squares).is_none()) {
            return Some(false);
        }
        self.lex.next_word();
        if !joined {
            self.lex.next_word();
        }
        board
            .unknown_men
            .push((format!("hunter {}/{home}", &w[..slash]), line));
        Some(true)
    }

    /// A colour word (row `c` of [`COLOURS`]) and the attributes after it.
    fn colour(
        &mut self,
        c: usize,
        board: &mut Board,
        n: usize,
    ) -> Result<Option<(Colour, Vec<String>)>, ImportError> {
        let colour = match COLOURS[c][0] {
            "White" => Colour::White,
            "Black" => Colour::Black,
            "Neutral" => Colour::Neutral,
            _ => {
                // TotalInvisible N
                let k = self
                    .lex
                    .next_word()
                    .and_then(|(w, _)| w.parse::<u32>().ok());
                board.invisible +=
                    k.ok_or_else(|| self.err(n, "TotalInvisible: expected a number"))?;
                return Ok(None);
            }
        };
        let mut flags = vec![];
        while let Some((w, wn)) = self.lex.peek() {
            match find(PIECE_FLAGS, self.lang, w) {
                Found::One(f) => flags.push(PIECE_FLAGS[f][0].to_string()),
                Found::Ambiguous(v) => return Err(self.ambiguous(w, wn, &v)),
                Found::None => break,
            }
            self.lex.next_word();
        }
        Ok(Some((colour, flags)))
    }

    /// `Forsyth`: a placement in the language's letters, upper case White's, lower case
    /// Black's, `.` before a two-letter man, `+`/`-`/`=` before a man for White, Black,
    /// neutral; digits count empty squares; from a8 along the ranks.
    fn forsyth(&mut self, board: &mut Board, n: usize) -> Result<(), ImportError> {
        let (w, _) = self
            .lex
            .next_word()
            .ok_or_else(|| self.err(n, "Forsyth: expected a placement"))?;
        let chars: Vec<char> = w.chars().collect();
        let (mut i, mut sq) = (0usize, 56usize);
        let bad = |m: &str| self.err(n, format!("Forsyth '{w}': {m}"));
        while i < chars.len() && sq < 64 {
            let c = chars[i];
            if let Some(d) = c.to_digit(10) {
                let mut k = d as usize;
                if let Some(d2) = chars.get(i + 1).and_then(|c| c.to_digit(10)) {
                    k = 10 * k + d2 as usize;
                    i += 1;
                }
                i += 1;
                sq = forsyth_skip(sq, k);
                continue;
            }
            if c == '/' {
                i += 1;
                continue;
            }
            let mut colour = match c {
                '+' => Some(Colour::White),
                '-' => Some(Colour::Black),
                '=' => Some(Colour::Neutral),
                _ => None,
            };
            i += usize::from(colour.is_some());
            let two = chars.get(i) == Some(&'.');
            i += usize::from(two);
            let len = if two { 2 } else { 1 };
            let code: String = chars.iter().skip(i).take(len).collect();
            if code.chars().count() != len || !code.is_ascii() {
                return Err(bad("a man's letters are missing"));
            }
            let first = code.chars().next().unwrap_or(' ');
            colour.get_or_insert(if first.is_ascii_lowercase() {
                Colour::Black
            } else {
                Colour::White
            });
            let walk = man(self.lang, &code).ok_or_else(|| bad(&format!("'{code}' is no man")))?;
            i += len;
            board.men[sq] = Some(Man {
                walk,
                colour: colour.unwrap_or(Colour::White),
                flags: vec![],
            });
            board.given_on(walk, n);
            sq = forsyth_skip(sq, 1);
        }
        Ok(())
    }

    /// `Condition`: the conditions and their words. Conditions mansuba has no rules for
    /// are kept by name (the problem is refused), with the words that follow them up to
    /// the next keyword.
    fn conditions(&mut self, conds: &mut Conds) -> Result<(), ImportError> {
        let mut refusing = false;
        while let Some((w, n)) = self.lex.peek() {
            match find(CONDITIONS, self.lang, w) {
                Found::One(i) => {
                    self.lex.next_word();
                    match CONDITIONS[i][0] {
                        "BlackMustCapture" => conds.black_must_capture = true,
                        "WhiteMustCapture" => conds.white_must_capture = true,
                        "PromOnly" => {
                            let mut v = vec![];
                            while let Some((x, _)) = self.lex.peek() {
                                match man(self.lang, x).filter(|_| x.len() <= 2) {
                                    Some(m) => v.push(m),
                                    None => break,
                                }
                                self.lex.next_word();
                            }
                            conds.prom_only = Some(v);
                        }
                        other => {
                            conds.refused.push((other.to_string(), n));
                            refusing = true;
                        }
                    }
                    // `WhiteMustCapture UltraSchachZwang` is another condition.
                    if let Some((x, _)) = self.lex.peek() {
                        if let Found::One(k) = find(EXTRA_CONDITIONS, self.lang, x) {
                            self.lex.next_word();
                            conds.refused.push((
                                format!("{} {}", CONDITIONS[i][0], EXTRA_CONDITIONS[k][0]),
                                n,
                            ));
                            refusing = true;
                        }
                    }
                    continue;
                }
                Found::Ambiguous(v) if !refusing => return Err(self.ambiguous(w, n, &v)),
                _ => {}
            }
            if refusing && !self.keyword(w) {
                self.lex.next_word();
                continue;
            }
            break;
        }
        Ok(())
    }

    /// A number after an option.
    fn number(&mut self, name: &str, n: usize) -> Result<(), ImportError> {
        match self.lex.next_word() {
            // `StartMoveNumber 3:1` counts levels with colons.
            Some((w, _)) if w.starts_with(|c: char| c.is_ascii_digit()) => Ok(()),
            _ => Err(self.err(n, format!("option {name}: expected a number"))),
        }
    }

    /// `Option`: the options and their words.
    fn options(&mut self, o: &mut PopOptions) -> Result<(), ImportError> {
        while let Some((w, n)) = self.lex.peek() {
            let i = match find(OPTIONS, self.lang, w) {
                Found::One(i) => i,
                Found::Ambiguous(v) => return Err(self.ambiguous(w, n, &v)),
                Found::None => break,
            };
            self.lex.next_word();
            let name = OPTIONS[i][0];
            let refuse = |why: &str| (format!("option {name} ({why})"), n);
            match name {
                "Defence" | "StartMoveNumber" | "MaxSolutions" | "MaxTime" | "UpToMoveNumber" => {
                    self.number(name, n)?
                }
                "Threat" | "MaxFlightsquares" => {
                    self.number(name, n)?;
                    o.refused
                        .push(refuse("it changes which defences refute a key"));
                }
                "NonTrivial" => {
                    self.number(name, n)?;
                    self.number(name, n)?;
                    o.refused
                        .push(refuse("it limits the defender's non-trivial moves"));
                }
                // An optional number.
                "Intelligent" | "Beep"
                    if self
                        .lex
                        .peek()
                        .is_some_and(|(x, _)| x.parse::<u64>().is_ok()) =>
                {
                    self.lex.next_word();
                }
                "EnPassant" => o.en_passant = Some(self.squares_word(n, "option EnPassant")?),
                "NoCastling" => o.no_castling.extend(
                    self.squares_word(n, "option NoCastling")?
                        .into_iter()
                        .map(at),
                ),
                "HalfDuplex" => o.half_duplex = true,
                "WhiteToPlay" => o.white_to_play = true,
                "Duplex" => o.duplex = true,
                "PostKeyPlay" => o
                    .refused
                    .push(refuse("the play after the key: mansuba verifies keys")),
                "NullMoves" => o.refused.push(refuse("null moves are not mansuba's")),
                "CastlingMutuallyExclusive" => {
                    self.lex.next_word();
                    o.refused
                        .push(refuse("mutually exclusive castlings are not mansuba's"));
                }
                // Output and search options: nothing the keys or the solutions depend on.
                _ => {}
            }
        }
        Ok(())
    }

    /// After `Twin` or `ZeroPosition`: the twins, each made by its twinning commands.
    fn twins(&mut self, mut raw: Raw) -> (Raw, Close) {
        self.in_twin = true;
        let mut prev = raw.diagram.clone();
        loop {
            let line = self.lex.peek().map_or(raw.line, |x| x.1);
            let continued = self
                .lex
                .peek()
                .is_some_and(|(w, _)| self.is(TWINNING, w, "continued"));
            let mut b = if continued {
                self.lex.next_word();
                prev.clone()
            } else {
                raw.diagram.clone()
            };
            b.made_by = if continued {
                vec!["continued".into()]
            } else {
                vec![]
            };
            if let Err(e) = self.twinning(&mut b, &mut raw) {
                return self.recover(raw, e);
            }
            raw.twins.push((b.clone(), line));
            prev = b;
            let Some((w, n)) = self.lex.next_word() else {
                return (raw, Close::Eof);
            };
            if self.is(TWIN_END, w, "twin") {
                continue;
            }
            if let Found::One(k) = find(PROBLEM_END, self.lang, w) {
                return (raw, if k == 0 { Close::End } else { Close::Next(n) });
            }
            let e = self.unknown(
                w,
                n,
                &[TWINNING, TWIN_END, PROBLEM_END],
                "a twinning command, Twin or EndProblem",
            );
            return self.recover(raw, e);
        }
    }

    /// The twinning commands of one twin (and its remarks).
    fn twinning(&mut self, b: &mut Board, raw: &mut Raw) -> Result<(), ImportError> {
        while let Some((w, n)) = self.lex.peek() {
            let t = match find(TWINNING, self.lang, w) {
                Found::One(t) => TWINNING[t][0],
                Found::Ambiguous(v) => return Err(self.ambiguous(w, n, &v)),
                Found::None if self.is(&COMMANDS[..1], w, "remark") => {
                    self.lex.next_word();
                    raw.remarks
                        .push(popeye_text::from_line(self.lex.rest_of_line()));
                    continue;
                }
                Found::None => break,
            };
            self.lex.next_word();
            let said = self.twin_command(t, n, b)?;
            b.made_by.push(said);
        }
        Ok(())
    }

    /// One twinning command, and what it said (`move e1 e2`).
    fn twin_command(&mut self, t: &str, n: usize, b: &mut Board) -> Result<String, ImportError> {
        let from = self.lex.mark();
        self.twin_apply(t, n, b)?;
        let words = self.lex.words_since(from);
        Ok(std::iter::once(t)
            .chain(words)
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// What one twinning command does to the position.
    fn twin_apply(&mut self, t: &str, n: usize, b: &mut Board) -> Result<(), ImportError> {
        let path = self.path;
        let msg = |e: super::EntryError| error_at(path, n, e);
        match t {
            "move" | "exchange" | "shift" => {
                let a = self.one_square(n, t)?;
                let c = self.one_square(n, t)?;
                match t {
                    "move" => b.move_man(a, c),
                    "exchange" => b.exchange(a, c),
                    _ => b.shift(a, c),
                }
                .map_err(msg)?
            }
            "remove" => {
                let s = self.squares_word(n, "remove")?;
                b.remove(&s).map_err(msg)?
            }
            // "Add pieces - present pieces are replaced" (py-engl.txt, Twin).
            "add" => self.pieces(b, n, true)?,
            "substitute" => {
                let old = self.one_man(n)?;
                let new = self.one_man(n)?;
                b.substitute(old, new);
            }
            "rotate" => {
                let turn = match self.lex.next_word().map(|x| x.0) {
                    Some("90") => Turn::Rot90,
                    Some("180") => Turn::Rot180,
                    Some("270") => Turn::Rot270,
                    _ => return Err(self.err(n, "rotate: expected 90, 180 or 270")),
                };
                b.turn(turn)
            }
            "mirror" => {
                const MIRRORS: &[[&str; 3]] = &[
                    ["a1<-->h1"; 3],
                    ["a1<-->a8"; 3],
                    ["a1<-->h8"; 3],
                    ["a8<-->h1"; 3],
                ];
                let w = self.lex.next_word().map_or("", |x| x.0);
                let turn = match find(MIRRORS, 0, w) {
                    Found::One(0) => Turn::A1H1,
                    Found::One(1) => Turn::A1A8,
                    Found::One(2) => Turn::A1H8,
                    Found::One(_) => Turn::A8H1,
                    _ => {
                        return Err(self.err(
                            n,
                            format!(
                                "mirror '{w}': expected a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1"
                            ),
                        ))
                    }
                };
                b.turn(turn)
            }
            "PolishType" => b.polish(),
            "stipulation" => b.stipulation = Some((self.stipulation(n)?, n)),
            "sstipulation" => b.stipulation = Some((self.structured(), n)),
            "condition" => {
                b.conds = Conds::default();
                self.conditions(&mut b.conds)?
            }
            // `continued` after the first word: Popeye says so and goes on.
            _ => {}
        }
        Ok(())
    }

    fn one_square(&mut self, n: usize, what: &str) -> Result<(u8, u8), ImportError> {
        match self.lex.next_word() {
            Some((w, _)) => super::popeye_lex::square(w)
                .ok_or_else(|| self.err(n, format!("{what}: '{w}' is not a square"))),
            None => Err(self.err(n, format!("{what}: expected a square"))),
        }
    }

    fn one_man(&mut self, n: usize) -> Result<usize, ImportError> {
        match self.lex.next_word() {
            Some((w, _)) => man(self.lang, w)
                .filter(|_| w.len() <= 2)
                .ok_or_else(|| self.err(n, format!("substitute: '{w}' is no man"))),
            None => Err(self.err(n, "substitute: expected two men")),
        }
    }
}

/// The commands whose text is the rest of their line.
fn is_text(c: &str) -> bool {
    matches!(
        c,
        "remark" | "author" | "origin" | "title" | "award" | "protocol" | "LaTeX"
    )
}

/// The square `k` squares on from `sq` in Forsyth order (a8 to h8, then a7...); 64 past h1.
fn forsyth_skip(sq: usize, k: usize) -> usize {
    let (f, r) = (sq % 8, sq / 8);
    let pos = (7 - r) * 8 + f + k;
    if pos >= 64 {
        64
    } else {
        (7 - pos / 8) * 8 + pos % 8
    }
}

/// `InitialGameArray`: the men of the game's start.
fn initial_array(board: &mut Board) {
    let row = |name: &str| MEN.iter().position(|m| m.1 == name).unwrap_or(0);
    let back = [
        "rook", "knight", "bishop", "queen", "king", "bishop", "knight", "rook",
    ];
    for (f, name) in back.iter().enumerate() {
        for (r, colour, walk) in [
            (0, Colour::White, row(name)),
            (1, Colour::White, row("pawn")),
            (6, Colour::Black, row("pawn")),
            (7, Colour::Black, row(name)),
        ] {
            board.men[f + 8 * r] = Some(Man {
                walk,
                colour,
                flags: vec![],
            });
        }
    }
}
