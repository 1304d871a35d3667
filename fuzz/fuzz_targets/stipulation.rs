//! Stipulation reader: any bytes give a stipulation or an error; what reads is written
//! back and reads the same (every family: `#N`, `win N`, `h#N.5`, `ser-s=N`, `exact-`...).
#![no_main]
use libfuzzer_sys::fuzz_target;
use mansuba::solve::Stipulation;

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    if let Ok(st) = s.parse::<Stipulation>() {
        let text = st.to_string();
        let back: Stipulation = text
            .parse()
            .unwrap_or_else(|e| panic!("{s:?} -> {text:?} does not read back: {e}"));
        assert_eq!(back, st, "{s:?} -> {text:?}");
    }
});
