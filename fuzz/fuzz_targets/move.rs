//! Move readers (SAN, Murray, descriptive) and the line splitter: any text against a
//! few positions must give a move or an error.
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
        ["shatranj", "short-assize", "courier", "lombard"]
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
            if let Ok(p) = Position::start(x.clone()) {
                use mansuba::notation::{parse_move_in, parse_solution, Notation};
                let sol = parse_solution(&s);
                for n in [Notation::Auto, Notation::Descriptive, Notation::Murray] {
                    let _ = parse_move_in(&p, &s, n);
                    for t in &sol.main {
                        let _ = parse_move_in(&p, &t.text, n);
                    }
                }
            }
        });
    }
});
