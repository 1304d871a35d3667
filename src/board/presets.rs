//! The named presets: each historical rule set as a [`Rules`] value (its pieces, start,
//! pawns, promotion, first-move leaps, stalemate and bare-king rules), and the dice
//! presets built on them.

use super::rules::*;
use crate::board::piece::PieceDef;

const MEDIEVAL_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

fn shatranj_pieces() -> Vec<PieceDef> {
    vec![
        PieceDef::king('k'),
        PieceDef::ferz('q', &['f']),
        PieceDef::alfil('b', &['a', 'e']),
        PieceDef::knight('n'),
        PieceDef::rook('r'),
        PieceDef::pawn('p'),
    ]
}

fn no_double_step() -> PawnRules {
    PawnRules {
        double_step: false,
        double_step_files: vec![],
        double_step_lapse: DoubleStepLapse::Never,
        lapse_files: vec![],
        en_passant: false,
    }
}

fn ferz_promotion(letter: char) -> Promotion {
    Promotion {
        to: vec![letter],
        by_file: vec![],
        condition: PromotionCondition::Always,
        stay_when_barred: false,
    }
}

/// Offsets at Chebyshev distance `d` along the eight lines.
fn straight(d: i8) -> Vec<[i8; 2]> {
    let mut v = vec![];
    for (x, y) in [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ] {
        v.push([x * d, y * d]);
    }
    v
}

/// Every offset at Chebyshev distance exactly 2 (the "third square" of the old texts).
fn ring2() -> Vec<[i8; 2]> {
    let mut v = vec![];
    for dy in -2i8..=2 {
        for dx in -2i8..=2 {
            if dx.abs().max(dy.abs()) == 2 {
                v.push([dx, dy]);
            }
        }
    }
    v
}

fn leap(offsets: Vec<[i8; 2]>) -> FirstLeap {
    FirstLeap {
        offsets,
        over_enemy: true,
        over_friend: true,
        not_in_check: false,
        not_through_attack: false,
        lost_when_checked: false,
        no_check: false,
        promoted_gets_it: false,
    }
}

/// The king's leap of the long assize and the nine-move assize: to any empty square two
/// away ("third square"), never after being checked, not over an enemy man.
fn spanish_king_leap() -> FirstLeap {
    FirstLeap {
        over_enemy: false,
        lost_when_checked: true,
        not_in_check: true,
        ..leap(ring2())
    }
}

/// The Lombard king's leap: two or three squares along a line to an empty square, not out
/// of check, not over an enemy man.
fn lombard_king_leap() -> FirstLeap {
    let mut o = straight(2);
    o.extend(straight(3));
    FirstLeap {
        over_enemy: false,
        not_in_check: true,
        ..leap(o)
    }
}

/// Alfonso's queen's leap: two squares to an empty square, forward, sideways or diagonally
/// forward ("those five squares"), jumping, no capture.
fn alfonso_queen_leap() -> FirstLeap {
    leap(vec![[2, 0], [-2, 0], [0, 2], [2, 2], [-2, 2]])
}

/// The Lombard queen's leap: any square two ferz-steps away, middle square may be
/// occupied, no capture, no check.
fn lombard_queen_leap() -> FirstLeap {
    FirstLeap {
        no_check: true,
        promoted_gets_it: true,
        ..leap(vec![
            [2, 2],
            [-2, 2],
            [2, -2],
            [-2, -2],
            [2, 0],
            [-2, 0],
            [0, 2],
            [0, -2],
        ])
    }
}

/// The source of most 8x8 presets, named once: a blog post after Murray and the Libro de
/// los Juegos, whose section "Other variants of play" gives the assizes as five lists
/// (docs/rules.md, "Sources").
const MEDIEVAL_VARIANTS: &str =
    "'Medieval chess and variants' (newoodest.blogspot.com/2016/04/medieval-chess-and-variants.html)";

/// A preset's source line that rests on [`MEDIEVAL_VARIANTS`]: `part` says which text of it.
fn medieval_variants(part: &str) -> String {
    format!("{MEDIEVAL_VARIANTS}, {part}")
}

fn shatranj_base(name: &str, summary: &str, source: &str) -> Rules {
    Rules {
        name: name.into(),
        summary: summary.into(),
        source: source.into(),
        width: 8,
        height: 8,
        pieces: shatranj_pieces(),
        start: MEDIEVAL_START.into(),
        pawns: no_double_step(),
        promotion: ferz_promotion('q'),
        king_leap: None,
        queen_leap_piece: None,
        queen_leap: None,
        joint_first_move: false,
        castling: false,
        forced_capture: false,
        stacks_may_form: false,
        stalemate: StalemateRule::StalematerWins,
        bare_king: BareKingRule::WinUnlessBaredBack,
        nine_move_limit: false,
        dice: None,
    }
}

/// Pawns with a double step on every file, lapsing as `lapse` says.
fn double_step(lapse: DoubleStepLapse, en_passant: bool) -> PawnRules {
    PawnRules {
        double_step: true,
        double_step_files: vec![],
        double_step_lapse: lapse,
        lapse_files: vec![],
        en_passant,
    }
}

/// The `shatranj` preset.
fn shatranj() -> Rules {
    shatranj_base(
    "shatranj",
    "Basic shatranj: ferz, alfil, no double step; stalemate and bare king win (bared back: draw)",
    &medieval_variants(
        "its shatranj after Murray; letters as Fairy-Stockfish (q ferz, b alfil)",
    ),
)
}

/// The `ludii-medieval` preset.
fn ludii_medieval() -> Rules {
    let mut r = shatranj_base(
        "ludii-medieval",
        "Ludii's Medieval Chess: shatranj where an alfil may not take an alfil; bare king wins at once",
        "Ludii Portal, game 'Medieval Chess' (ludii.games), after Murray 1913",
    );
    r.pieces[2].no_capture_same_kind = true;
    r.bare_king = BareKingRule::Win;
    r
}

/// The `forced` preset.
fn forced() -> Rules {
    let mut r = shatranj_base(
        "forced",
        "Alfonso's maidens' game: shatranj with compulsory capture for both sides",
        &medieval_variants("'forced chess' (Libro de los Juegos, tr. Musser)"),
    );
    r.forced_capture = true;
    r
}

/// The `alfonso` preset.
fn alfonso() -> Rules {
    let mut r = shatranj_base(
        "alfonso",
        "Spanish assize of 1283: pawn double step until the first capture, queen's first leap, promotion only without a ferz",
        &medieval_variants("'Other variants of play', list 1 (Libro de los Juegos)"),
    );
    r.pawns = double_step(DoubleStepLapse::FirstCapture, false);
    r.queen_leap_piece = Some('q');
    r.queen_leap = Some(alfonso_queen_leap());
    r.promotion.condition = PromotionCondition::NoneOnBoard;
    r.promotion.stay_when_barred = true;
    r
}

/// The `short-assize` preset.
fn short_assize() -> Rules {
    let mut r = shatranj_base(
        "short-assize",
        "English short assize: shatranj moves from Murray's advanced array B, ferz stacked on the king's pawn; stalemater loses",
        &format!(
            "Murray 1913 p. 455; {}",
            medieval_variants("the short assize set-up")
        ),
    );
    r.start = "2b1kb2/2rnnr2/pppp[qp]ppp/8/8/PPPP[QP]PPP/2RNNR2/2B1KB2 w - - 0 1".into();
    r.stalemate = StalemateRule::StalematerLoses;
    r
}

/// The `long-assize` preset.
fn long_assize() -> Rules {
    let mut r = shatranj_base(
        "long-assize",
        "Murray's long assize: double step with en passant, king's and queen's first leaps, bare king and stalemate inferior wins",
        &medieval_variants(
            "'Other variants of play', list 2 (its heading is lost: attribution medium)",
        ),
    );
    r.pawns = double_step(DoubleStepLapse::Never, true);
    r.king_leap = Some(spanish_king_leap());
    r.queen_leap_piece = Some('q');
    r.queen_leap = Some(FirstLeap {
        promoted_gets_it: true,
        ..alfonso_queen_leap()
    });
    r.stalemate = StalemateRule::InferiorWin;
    r.bare_king = BareKingRule::InferiorWin;
    r
}

/// The `lombard` preset.
fn lombard() -> Rules {
    let mut r = shatranj_base(
        "lombard",
        "Lombard assize (Civis Bononiae): double steps, king's leap, queen's two-step leap, joint first move; stalemate draws, bare king no win",
        &medieval_variants(
            "'Other variants of play', list 3 (Civis Bononiae); Ludii 'Lombard Chess'",
        ),
    );
    r.pawns = double_step(DoubleStepLapse::Never, false);
    r.king_leap = Some(lombard_king_leap());
    r.queen_leap_piece = Some('q');
    r.queen_leap = Some(lombard_queen_leap());
    r.joint_first_move = true;
    r.stalemate = StalemateRule::Draw;
    r.bare_king = BareKingRule::NotAWin;
    r
}

/// The `german` preset.
fn german() -> Rules {
    let mut r = shatranj_base(
        "german",
        "German assize (Schachzabel 1536): double step for KP, QP (until a capture) and RPs, Lombard leaps; stalemate draws",
        &medieval_variants("'Other variants of play', list 4"),
    );
    r.pawns = PawnRules {
        double_step: true,
        double_step_files: vec!['a', 'd', 'e', 'h'],
        double_step_lapse: DoubleStepLapse::FirstCapture,
        lapse_files: vec!['d', 'e'],
        en_passant: false,
    };
    r.king_leap = Some(lombard_king_leap());
    r.queen_leap_piece = Some('q');
    r.queen_leap = Some(lombard_queen_leap());
    r.stalemate = StalemateRule::Draw;
    r.bare_king = BareKingRule::Win;
    r
}

/// The `nine-moves` preset.
fn nine_moves() -> Rules {
    let mut r = shatranj_base(
        "nine-moves",
        "Assize with the nine-move mating limit: double step and en passant, king's leap, Lombard queen's leap; stalemate draws",
        &medieval_variants("'Other variants of play', list 5 (its heading is lost)"),
    );
    r.pawns = double_step(DoubleStepLapse::Never, true);
    r.king_leap = Some(spanish_king_leap());
    r.queen_leap_piece = Some('q');
    r.queen_leap = Some(lombard_queen_leap());
    r.stalemate = StalemateRule::Draw;
    r.bare_king = BareKingRule::Win;
    r.nine_move_limit = true;
    r
}

/// Courier chess on 12x8.
fn courier() -> Rules {
    Rules {
        name: "courier".into(),
        summary: "Courier chess on 12x8: courier (bishop), sage, fool; starts after the obligatory opening moves".into(),
        source: "'Courier Game', rules 1-12 (cyningstan.com/game/130/courier-game); Fairy-Stockfish letters".into(),
        width: 12,
        height: 8,
        pieces: vec![
            PieceDef::king('k'),
            PieceDef::ferz('f', &['q']),
            PieceDef::alfil('e', &['a']),
            PieceDef::bishop("courier", 'b'),
            PieceDef::leaper("sage", 'm', &[[1, 0], [1, 1]], 3),
            PieceDef::leaper("fool", 'w', &[[1, 0]], 2),
            PieceDef::knight('n'),
            PieceDef::rook('r'),
            PieceDef::pawn('p'),
        ],
        start: "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1".into(),
        pawns: no_double_step(),
        promotion: ferz_promotion('f'),
        ..shatranj_base("", "", "")
    }
}

/// Alfonso's Grant Acedrex on 12x12.
fn grant_acedrex() -> Rules {
    Rules {
        name: "grant-acedrex".into(),
        summary: "Alfonso's Grant Acedrex on 12x12: anqa, unicorn, giraffe, lion, cockatrice; promotion by file".into(),
        source: "J.-L. Cazaux, 'Grant Acedrex', The Chess Variant Pages (chessvariants.com): his reading of the Libro de los Juegos".into(),
        width: 12,
        height: 12,
        pieces: vec![
            PieceDef::king('k'),
            PieceDef::bent("anqa", 'a', crate::board::piece::Bent::Anqa, 7),
            PieceDef::bent("unicorn", 'u', crate::board::piece::Bent::Unicorn, 6),
            PieceDef::leaper("giraffe", 'z', &[[3, 2]], 3),
            PieceDef::leaper("lion", 'l', &[[3, 0], [3, 1]], 4),
            PieceDef::bishop("cockatrice", 'c'),
            PieceDef::rook('r'),
            PieceDef::pawn('p'),
        ],
        start: "rluzcakczulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUZCAKCZULR w - - 0 1".into(),
        pawns: PawnRules {
            double_step: true,
            double_step_files: vec![],
            double_step_lapse: DoubleStepLapse::FirstCapture,
            lapse_files: vec![],
            en_passant: false,
        },
        promotion: Promotion {
            to: vec![],
            by_file: "rluzcaaczulr".chars().collect(),
            condition: PromotionCondition::Always,
            stay_when_barred: false,
        },
        king_leap: Some(FirstLeap {
            not_in_check: true,
            not_through_attack: true,
            ..leap(straight(2))
        }),
        stalemate: StalemateRule::StalematerWins,
        bare_king: BareKingRule::Win,
        ..shatranj_base("", "", "")
    }
}

/// 17th-century English chess (modern moves).
fn english_1650() -> Rules {
    Rules {
        name: "english-1650".into(),
        summary: "17th-century English chess: modern moves, castling, en passant; the side that stalemates loses".into(),
        source: "'17th Century Chess', a rules page after Saul (1614) and Cotton (1674): docs/rules.md, Sources".into(),
        width: 8,
        height: 8,
        pieces: vec![
            PieceDef::king('k'),
            PieceDef::queen('q'),
            PieceDef::bishop("bishop", 'b'),
            PieceDef::knight('n'),
            PieceDef::rook('r'),
            PieceDef::pawn('p'),
        ],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        pawns: PawnRules {
            double_step: true,
            double_step_files: vec![],
            double_step_lapse: DoubleStepLapse::Never,
            lapse_files: vec![],
            en_passant: true,
        },
        promotion: Promotion {
            to: vec!['q', 'r', 'b', 'n'],
            by_file: vec![],
            condition: PromotionCondition::Always,
            stay_when_barred: false,
        },
        castling: true,
        stalemate: StalemateRule::StalematerLoses,
        bare_king: BareKingRule::Off,
        ..shatranj_base("", "", "")
    }
}

/// Modern (FIDE) chess: the moves of [`english_1650`], stalemate a draw. The natural
/// target of Popeye's orthodox problems and of modern problems.
fn orthodox() -> Rules {
    Rules {
        name: "orthodox".into(),
        summary: "Modern chess: castling, en passant, double step, promotion to Q R B N; stalemate a draw".into(),
        source: "FIDE Laws of Chess (handbook.fide.com), articles 3 and 5.2; perft as chessprogramming.org 'Perft Results'".into(),
        stalemate: StalemateRule::Draw,
        ..english_1650()
    }
}

/// How a preset's rules are made.
type Maker = fn() -> Rules;

/// Every preset: its name and how its rules are made, in the order listings show them.
/// The one place a preset is registered.
const REGISTRY: &[(&str, Maker)] = &[
    ("shatranj", shatranj),
    ("ludii-medieval", ludii_medieval),
    ("forced", forced),
    ("alfonso", alfonso),
    ("long-assize", long_assize),
    ("lombard", lombard),
    ("german", german),
    ("nine-moves", nine_moves),
    ("short-assize", short_assize),
    ("courier", courier),
    ("grant-acedrex", grant_acedrex),
    ("english-1650", english_1650),
    ("orthodox", orthodox),
    ("shatranj-dice", || with_dice(shatranj(), "shatranj-dice")),
    ("alfonso-dice", || with_dice(alfonso(), "alfonso-dice")),
    ("grant-acedrex-dice", || {
        with_dice(grant_acedrex(), "grant-acedrex-dice")
    }),
];

const NAMES: [&str; REGISTRY.len()] = {
    let mut names = [""; REGISTRY.len()];
    let mut i = 0;
    while i < REGISTRY.len() {
        names[i] = REGISTRY[i].0;
        i += 1;
    }
    names
};

/// The preset names, in the order listings show them.
pub const PRESETS: &[&str] = &NAMES;

impl Rules {
    /// The preset of that name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match REGISTRY.iter().find(|(n, _)| *n == name) {
            Some((_, make)) => Ok(make()),
            None => Err(RulesError::UnknownPreset(
                name.to_string(),
                PRESETS.join(", "),
            )),
        }
    }

    /// Is `name` a preset's?
    pub fn is_preset(name: &str) -> bool {
        PRESETS.contains(&name)
    }

    /// The preset names, in the order listings show them ([`PRESETS`]).
    pub fn preset_names() -> &'static [&'static str] {
        PRESETS
    }
}

/// The dice presets: a preset played with its die (the six-sided table of
/// [`MEDIEVAL_VARIANTS`] on 8x8, the
/// eight-sided one for Grant Acedrex), forfeit when the rolled kind cannot move.
fn with_dice(mut r: Rules, name: &str) -> Rules {
    r.dice = Some(if r.name == "grant-acedrex" {
        Dice::grant_acedrex()
    } else {
        Dice::alfonso()
    });
    r.name = name.into();
    r.summary = format!(
        "{}, played with dice: {}",
        r.summary,
        r.dice.as_ref().map(Dice::describe).unwrap_or_default()
    );
    r.source = format!(
        "{}; dice: {}",
        r.source,
        medieval_variants("Alfonso X's dice (Libro de los Juegos)")
    );
    r
}
