//! FEN in and out: parsing (with the checks a problem position must pass) and writing.
//!
//! FEN fields: placement (ranks from the top, multi-digit empty counts, a stack of one
//! side's men in brackets: `[QP]`, `[PP]`), side to move, privileges, en-passant square,
//! half-move clock, move number. The privileges field lists the squares whose man still
//! has its first-move privilege (pawn double step, king's or queen's leap, castling), e.g.
//! `e1d1a2b2`; `-` for none. Under rules with castling the usual `KQkq` is read and
//! written (K: the king on e1 and the rook on h1 are unmoved, and so on).

use crate::board::bits::Bits;
use crate::board::engine::{Engine, NO_SQ};
use crate::board::piece::{Color, Kind};
use crate::board::position::{FenError, IllegalPosition, Position, StackError};
use std::fmt::Write;
use std::sync::Arc;

impl<B: Bits> Position<B> {
    /// Parses a FEN under these rules and validates the position.
    pub fn from_fen(eng: Arc<Engine<B>>, fen: &str) -> Result<Self, FenError> {
        let p = Self::from_fen_unchecked(eng, fen)?;
        p.validate()?;
        Ok(p)
    }

    /// Parses a FEN without the legality checks (kings, check).
    pub fn from_fen_unchecked(eng: Arc<Engine<B>>, fen: &str) -> Result<Self, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let g = eng.geo;
        let mut p = Position::empty(Arc::clone(&eng));
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != g.height as usize {
            if ranks.len() > 16 {
                return Err(FenError::TooLarge(format!("{} ranks", ranks.len())));
            }
            return Err(FenError::RankCount {
                expected: g.height as usize,
                found: ranks.len(),
            });
        }
        for (ri, text) in ranks.iter().enumerate() {
            p.place_rank(ri, text)?;
        }
        p.side = match fields.next().unwrap_or("w") {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            s => return Err(FenError::BadSide(s.into())),
        };
        let privs = fields.next().unwrap_or("-");
        let mut pv = p.parse_privileges(privs)?;
        // Standard chess FEN (rules with castling): pawns on their home rank may double-step
        // without being listed.
        if eng.rules.castling && eng.rules.pawns.double_step {
            if let Some(pw) = eng.pawn {
                let home =
                    |r: u8| (0..g.width).fold(B::EMPTY, |b, f| b | B::bit(g.square(f, r) as usize));
                pv |= p.pieces[0][pw as usize] & home(1);
                pv |= p.pieces[1][pw as usize] & home(g.height - 2);
            }
        }
        p.privileges = pv;
        let ep = fields.next().unwrap_or("-");
        if ep != "-" {
            p.ep = p.en_passant_square(ep)?;
        }
        if let Some(h) = fields.next() {
            p.halfmove = h.parse().map_err(|_| FenError::BadCounter(h.into()))?;
        }
        if let Some(f) = fields.next() {
            p.fullmove = f.parse().map_err(|_| FenError::BadCounter(f.into()))?;
        }
        if let Some(extra) = fields.next() {
            return Err(FenError::BadCounter(extra.into()));
        }
        p.occ = p.occ_c[0] | p.occ_c[1];
        p.hash = p.compute_hash();
        Ok(p)
    }

    /// The men of one rank of the placement field (`ri` counts from the top, as the FEN
    /// lists them).
    fn place_rank(&mut self, ri: usize, text: &str) -> Result<(), FenError> {
        let eng = Arc::clone(&self.eng);
        let g = eng.geo;
        let rank = g.height as usize - 1 - ri;
        let mut file = 0usize;
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        // The error names the rank as the board does (rank 1 at the bottom) and counts every
        // file the text covers, not just those read before the overflow.
        let too_long = || FenError::RankLength {
            rank: rank + 1,
            text: text.to_string(),
            expected: g.width as usize,
            found: rank_span(&chars),
        };
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    n = n * 10 + chars[i].to_digit(10).unwrap_or(0) as usize;
                    i += 1;
                    if n > 16 {
                        return Err(too_long());
                    }
                }
                if n == 0 {
                    return Err(FenError::ZeroCount {
                        rank: rank + 1,
                        text: text.to_string(),
                    });
                }
                file += n;
                continue;
            }
            if file >= g.width as usize {
                return Err(too_long());
            }
            let sq = rank * g.width as usize + file;
            if c == '[' {
                i += self.place_stack(&chars[i..], sq)?;
            } else {
                let (cc, k) = letter_kind(&eng, c)?;
                self.add_man(cc, k, sq);
                i += 1;
            }
            file += 1;
        }
        if file != g.width as usize {
            return Err(too_long());
        }
        Ok(())
    }

    /// A stack `[QP]` at the start of `chars` placed on `sq`; returns the characters read.
    fn place_stack(&mut self, chars: &[char], sq: usize) -> Result<usize, FenError> {
        let eng = Arc::clone(&self.eng);
        let end = chars
            .iter()
            .position(|&x| x == ']')
            .ok_or_else(|| FenError::BadStack(chars.iter().collect(), StackError::Unclosed))?;
        let inner = &chars[1..end];
        let stext: String = chars[..=end].iter().collect();
        if inner.is_empty() {
            return Err(FenError::BadStack(stext, StackError::Empty));
        }
        let mut col = None;
        for &sc in inner {
            let (cc, k) = letter_kind(&eng, sc)?;
            if col.is_some_and(|x| x != cc) {
                return Err(FenError::BadStack(stext, StackError::BothSides));
            }
            col = Some(cc);
            self.add_to_stack(cc, k, sq)
                .map_err(|why| FenError::BadStack(stext.clone(), why))?;
        }
        Ok(end + 1)
    }

    /// The en-passant field: a square a pawn of the side not to move just passed.
    fn en_passant_square(&self, ep: &str) -> Result<u8, FenError> {
        let (eng, g, p) = (&self.eng, self.eng.geo, self);
        let sq = g
            .parse(ep)
            .ok_or_else(|| FenError::BadEnPassant(ep.into()))?;
        let ok_rank = if p.side == Color::White {
            g.height - 3
        } else {
            2
        };
        // Only a square on the rank a double step passes can be one (checked first: the
        // squares behind and before it are then on the board).
        if !eng.rules.pawns.en_passant || g.rank(sq) != ok_rank {
            return Err(FenError::BadEnPassant(ep.into()));
        }
        // The pawn that passed stands behind the square, alone, and the square it came
        // from is empty.
        let (victim, origin) = if p.side == Color::White {
            (
                sq as usize - g.width as usize,
                sq as usize + g.width as usize,
            )
        } else {
            (
                sq as usize + g.width as usize,
                sq as usize - g.width as usize,
            )
        };
        let them = p.side.flip();
        let pawn_there = eng
            .pawn
            .is_some_and(|pw| p.pieces[them.idx()][pw as usize].has(victim))
            && !p.stacked.has(victim);
        if !eng.rules.pawns.en_passant
            || g.rank(sq) != ok_rank
            || p.occ.has(sq as usize)
            || p.occ.has(origin)
            || !pawn_there
        {
            return Err(FenError::BadEnPassant(ep.into()));
        }
        Ok(sq)
    }

    fn parse_privileges(&self, s: &str) -> Result<B, FenError> {
        let e = &*self.eng;
        let g = e.geo;
        let mut b = B::EMPTY;
        if s == "-" {
            return Ok(b);
        }
        let bad = || FenError::BadPrivileges(s.into());
        if s.chars().all(|c| "KQkq".contains(c)) {
            if !e.rules.castling {
                return Err(bad());
            }
            for c in s.chars() {
                let (rank, file) = match c {
                    'K' => (0, 7),
                    'Q' => (0, 0),
                    'k' => (7, 7),
                    _ => (7, 0),
                };
                let col = if c.is_ascii_uppercase() { 0 } else { 1 };
                let ks = g.square(4, rank) as usize;
                let rs = g.square(file, rank) as usize;
                if !self.pieces[col][e.king as usize].has(ks)
                    || !e.rook.is_some_and(|r| self.pieces[col][r as usize].has(rs))
                {
                    return Err(bad());
                }
                b |= B::bit(ks) | B::bit(rs);
            }
            return Ok(b);
        }
        let mut rest = s;
        while !rest.is_empty() {
            let (sq, n) = g.parse_prefix(rest).ok_or_else(bad)?;
            if !self.occ.has(sq as usize) {
                return Err(bad());
            }
            b |= B::bit(sq as usize);
            rest = &rest[n..];
        }
        Ok(b)
    }

    /// Checks kings, pawns and check.
    pub fn validate(&self) -> Result<(), FenError> {
        let e = &*self.eng;
        for c in [Color::White, Color::Black] {
            let n = self.pieces[c.idx()][e.king as usize].count();
            if n == 0 {
                return Err(IllegalPosition::NoKing(c.name()).into());
            }
            if n > 1 {
                return Err(IllegalPosition::TooManyKings(c.name(), n).into());
            }
            if let Some(pw) = e.pawn {
                let on_last = self.pieces[c.idx()][pw as usize] & e.last_rank[c.idx()];
                if on_last.any() && !e.rules.promotion.stay_when_barred {
                    return Err(IllegalPosition::PawnOnLastRank(
                        c.name(),
                        e.geo.name(on_last.lsb() as u8),
                    )
                    .into());
                }
            }
        }
        let them = self.side.flip();
        if self.attacked(self.king_sq(them), self.side, self.occ) {
            return Err(IllegalPosition::OpponentInCheck(them.name()).into());
        }
        Ok(())
    }

    /// FEN of the position.
    pub fn to_fen(&self) -> String {
        let e = &*self.eng;
        let g = e.geo;
        let mut s = String::new();
        for r in (0..g.height).rev() {
            let mut empty = 0;
            for f in 0..g.width {
                let sq = g.square(f, r);
                let men = self.men_on(sq);
                if men.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(s, "{empty}").unwrap();
                    empty = 0;
                }
                let letter = |(c, k): (Color, Kind)| {
                    let l = e.rules.pieces[k as usize].letter;
                    if c == Color::White {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    }
                };
                if men.len() == 1 {
                    s.push(letter(men[0]));
                } else {
                    s.push('[');
                    for m in men {
                        s.push(letter(m));
                    }
                    s.push(']');
                }
            }
            if empty > 0 {
                write!(s, "{empty}").unwrap();
            }
            if r > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        s.push_str(&self.privileges_text());
        s.push(' ');
        if self.ep == NO_SQ {
            s.push('-');
        } else {
            s.push_str(&g.name(self.ep));
        }
        write!(s, " {} {}", self.halfmove, self.fullmove).unwrap();
        s
    }

    fn privileges_text(&self) -> String {
        let e = &*self.eng;
        let g = e.geo;
        if self.privileges.is_empty() {
            return "-".into();
        }
        if e.rules.castling {
            let mut out = String::new();
            for (c, rank, file) in [('K', 0, 7), ('Q', 0, 0), ('k', 7, 7), ('q', 7, 0)] {
                let ks = g.square(4, rank) as usize;
                let rs = g.square(file, rank) as usize;
                if self.privileges.has(ks) && self.privileges.has(rs) {
                    out.push(c);
                }
            }
            return if out.is_empty() { "-".into() } else { out };
        }
        self.privileges.iter().map(|s| g.name(s as u8)).collect()
    }
}

/// The side and kind of a piece letter (capitals White), or the letters the rules know.
fn letter_kind<B: Bits>(eng: &Engine<B>, c: char) -> Result<(Color, Kind), FenError> {
    let k = eng.rules.kind_of(c).ok_or_else(|| {
        FenError::UnknownLetter(c, eng.rules.pieces.iter().map(|pd| pd.letter).collect())
    })?;
    let col = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok((col, k))
}

/// The number of files a rank's text covers: empty counts, men, and a stack `[...]` as one.
fn rank_span(chars: &[char]) -> usize {
    let mut n = 0usize;
    let mut run = 0usize;
    let mut in_stack = false;
    for &c in chars {
        if let Some(d) = c.to_digit(10).filter(|_| !in_stack) {
            run = run.saturating_mul(10).saturating_add(d as usize);
            continue;
        }
        n = n.saturating_add(run);
        run = 0;
        match c {
            '[' => in_stack = true,
            ']' => {
                in_stack = false;
                n = n.saturating_add(1);
            }
            _ if !in_stack => n = n.saturating_add(1),
            _ => {}
        }
    }
    n.saturating_add(run)
}
