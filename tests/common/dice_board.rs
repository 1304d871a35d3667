//! A small board for dice tests and benches (composed, not historical): shatranj with
//! dice on 4x4, where a bare king is no win, so a lone man must take the king itself.
//! Shared by `tests/dice.rs` and `benches/dice.rs` (`#[path]` module).

use mansuba::board::rules::{BareKingRule, Rules};

/// shatranj-dice on 4x4 without the bare-king win, named `name`.
pub fn four_by_four(name: &str) -> Rules {
    let mut r = Rules::preset("shatranj-dice").unwrap();
    r.name = name.into();
    r.width = 4;
    r.height = 4;
    r.start = "rkqr/pppp/PPPP/RKQR w - - 0 1".into();
    r.bare_king = BareKingRule::Off;
    r
}
