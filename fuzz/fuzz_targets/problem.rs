//! Problem-file parser: any bytes must give problems or line-numbered errors.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    let f = mansuba::problem::parse_str(&s, Path::new("fuzz.toml"));
    for e in f.problems.iter().filter_map(|p| p.as_ref().err()) {
        assert!(!e.message.is_empty());
    }
});
