//! FEN reader: any bytes, under several presets, must give a position or an error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mansuba::board::compiled::AnyEngine;
use mansuba::board::position::Position;
use mansuba::board::rules::Rules;
use mansuba::with_engine;
use std::sync::OnceLock;

fn engines() -> &'static Vec<AnyEngine> {
    static E: OnceLock<Vec<AnyEngine>> = OnceLock::new();
    E.get_or_init(|| {
        [
            "shatranj",
            "short-assize",
            "courier",
            "grant-acedrex",
            "lombard",
        ]
        .iter()
        .filter_map(|n| Rules::preset(n).ok())
        .filter_map(|r| AnyEngine::new(r).ok())
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    for e in engines() {
        with_engine!(e, x => {
            if let Ok(p) = Position::from_fen(x.clone(), &s) {
                let again = p.to_fen();
                assert!(Position::from_fen(x.clone(), &again).is_ok(), "{s} -> {again}");
            }
        });
    }
});
