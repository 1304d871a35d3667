//! Rules-file reader: any bytes must give rules or an error; rules it accepts must compile
//! to an engine or be refused with an error, and their start position (if any) must read
//! and give its legal moves.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::movegen::MoveList;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::with_engine;

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    let Ok(rules) = Rules::from_toml_str(&s) else {
        return;
    };
    let start = rules.start.clone();
    let Ok(any) = AnyEngine::new(rules) else {
        return;
    };
    with_engine!(&any, e => {
        if let Ok(mut p) = Position::from_fen(e.clone(), &start) {
            let mut ms = MoveList::new();
            p.legal_moves(&mut ms);
        }
    });
});
