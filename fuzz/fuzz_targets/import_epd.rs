//! `import --format epd`: see import_check.rs for what is checked.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mansuba::problem::import::Format;

#[path = "import_check.rs"]
mod import_check;

fuzz_target!(|data: &[u8]| import_check::check(data, Format::Epd));
