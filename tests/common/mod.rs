//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod goals;
pub mod reference;

use mansuba::board::bits::Bits;
use mansuba::board::engine::Engine;
use mansuba::board::movegen::MoveList;
use mansuba::board::outcome::Outcome;
use mansuba::board::piece::Color;
use mansuba::board::position::Position;
use std::sync::Arc;

/// One rank of a FEN from its squares, '.' for an empty one (the runs of empty squares
/// counted).
pub fn fen_rank(squares: &[char]) -> String {
    let mut out = String::new();
    let mut gap = 0;
    for &c in squares {
        if c == '.' {
            gap += 1;
            continue;
        }
        if gap > 0 {
            out.push_str(&gap.to_string());
            gap = 0;
        }
        out.push(c);
    }
    if gap > 0 {
        out.push_str(&gap.to_string());
    }
    out
}

/// A small deterministic random generator (xorshift64): the same seed gives the same
/// test positions on every machine.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The `i`th draw of a random comparison: [`random_position`] with the men of
/// `men[i % men.len()]` (White's, Black's), its colours swapped on every odd draw
/// (Black's men about White's king, where selfmates and reflexmates happen), read as a
/// position; `None` when no position came of it.
pub fn drawn_position<B: Bits>(
    eng: &Arc<Engine<B>>,
    rng: &mut Rng,
    men: &[(&[char], &[char])],
    i: usize,
) -> Option<Position<B>> {
    let (w, b) = men[i % men.len()];
    let fen = random_position(eng, rng, w, b, false)?;
    let fen = if i % 2 == 1 {
        mansuba::board::sides::flip_fen(&fen).ok()?
    } else {
        fen
    };
    Position::from_fen(eng.clone(), &fen).ok()
}

/// A random position with mates close at hand, White to move: Black's king on an edge,
/// White's men within three squares of it (and, if `far`, not next to it: up to five),
/// Black's `black` men within two (taking its flights). Its FEN, or `None` when the men
/// found no room or the position is not legal.
pub fn random_position<B: Bits>(
    eng: &Arc<Engine<B>>,
    rng: &mut Rng,
    white: &[char],
    black: &[char],
    far: bool,
) -> Option<String> {
    let (w, n) = (eng.geo.width as usize, eng.n);
    let h = n / w;
    let near =
        |a: usize, b: usize, d: usize| (a % w).abs_diff(b % w) <= d && (a / w).abs_diff(b / w) <= d;
    let king = loop {
        let s = rng.below(n);
        let (f, r) = (s % w, s / w);
        if f == 0 || f == w - 1 || r == 0 || r == h - 1 {
            break s;
        }
    };
    let mut p = Position::empty(eng.clone());
    p.add_man(Color::Black, eng.king, king);
    let reach = if far { 5 } else { 3 };
    let men = std::iter::once(&'K').chain(white).map(|&c| (c, reach, far));
    for (c, d, apart) in men.chain(black.iter().map(|&c| (c, 2, false))) {
        // Pawns away from both last ranks (no promotion in the first move).
        let s = (0..1000).map(|_| rng.below(n)).find(|&s| {
            near(s, king, d)
                && !(apart && near(s, king, 1))
                && !p.occupied().has(s)
                && (!c.eq_ignore_ascii_case(&'p') || (2..h - 2).contains(&(s / w)))
        })?;
        let colour = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        p.add_man(colour, eng.rules.kind_of(c)?, s);
    }
    p.rehash();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let playable = p.validate().is_ok() && p.outcome_with(&list) == Outcome::Ongoing;
    playable.then(|| p.to_fen())
}

/// JSON lines without their times and node counts (`nodes`, `try_nodes`).
pub fn json_sans_times(text: &str) -> Vec<serde_json::Value> {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(o) => {
                // `nodes` and `try_nodes` vary with the threads.
                o.retain(|k, _| !k.ends_with("millis") && !k.ends_with("nodes"));
                o.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    text.lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            strip(&mut v);
            v
        })
        .collect()
}

/// Runs the mansuba binary in the test's directory; its exit code, stdout and stderr.
pub fn mansuba(args: &[&str]) -> (i32, String, String) {
    mansuba_in(std::path::Path::new("."), args)
}

/// Runs the mansuba binary in `dir`; its exit code, stdout and stderr.
pub fn mansuba_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = assert_cmd::Command::cargo_bin("mansuba")
        .expect("the mansuba binary")
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The unprivileged user the tests run mansuba as, made (`useradd -m`) if missing: its
/// uid and gid. None, with the reason printed, when this is not root or no user can be
/// made (the test then skips what needs it).
pub fn unprivileged_user() -> Option<(u32, u32)> {
    const NAME: &str = "mansubatest";
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        println!("skipped: running as another user needs root");
        return None;
    }
    let id = |flag: &str| -> Option<u32> {
        let o = std::process::Command::new("id")
            .args([flag, NAME])
            .output()
            .ok()?;
        String::from_utf8_lossy(&o.stdout).trim().parse().ok()
    };
    if id("-u").is_none() {
        let made = std::process::Command::new("useradd")
            .args(["-m", NAME])
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            println!("skipped: cannot make the user {NAME}");
            return None;
        }
    }
    Some((id("-u")?, id("-g")?))
}

/// Runs mansuba in `dir` as the unprivileged user (see [`unprivileged_user`]), with the
/// environment `env` (and HOME the user's); its exit code and output (both streams).
pub fn mansuba_as_user(
    dir: &std::path::Path,
    env: &[(&str, &std::path::Path)],
    args: &[&str],
) -> (i32, String) {
    let mut c = std::process::Command::new("runuser");
    c.args(["-u", "mansubatest", "--", "env", "HOME=/home/mansubatest"]);
    for (k, v) in env {
        c.arg(format!("{k}={}", v.display()));
    }
    let out = c
        .arg(env!("CARGO_BIN_EXE_mansuba"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// A mate in one (composed, shatranj): 1.Rh8#.
pub const MATE_IN_ONE: &str = "[[problem]]\nid = \"m1\"\nrules = \"shatranj\"\nfen = \"k7/8/1K4p1/8/8/8/8/7R w - - 0 1\"\nstipulation = \"#1\"\n";

/// Runs mansuba in `dir`, standard input empty; its output.
pub fn run_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// Both streams of an output, as text.
pub fn both_streams(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
