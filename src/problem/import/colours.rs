//! `--colours red=white,green=black`: a piece list's colour names mapped to the sides.

use crate::problem::shown::shown_id;

/// Why a colour map does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColoursError {
    /// A pair that is not `NAME=white` or `NAME=black`.
    #[error(
        "--colours '{0}': expected NAME=white or NAME=black, e.g. --colours red=white,green=black"
    )]
    NotAPair(String),
    /// A name given twice (the inputs' names are read without regard to case).
    #[error("--colours: the name '{0}' is given twice; give each colour name once, e.g. --colours red=white,green=black")]
    Twice(String),
}

/// `red=white,green=black` as (name, is White) pairs; a name given twice
/// (`red=white,red=black`) is refused, as the inputs' names are read without regard to
/// case.
pub fn colour_map(s: &str) -> Result<Vec<(String, bool)>, ColoursError> {
    let pairs = colour_pairs(s)?;
    for (i, (name, _)) in pairs.iter().enumerate() {
        if pairs[..i].iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Err(ColoursError::Twice(shown_id(name)));
        }
    }
    Ok(pairs)
}

fn colour_pairs(s: &str) -> Result<Vec<(String, bool)>, ColoursError> {
    s.split(',')
        .filter(|x| !x.trim().is_empty())
        .map(|pair| {
            let (name, side) = pair.split_once('=').unwrap_or((pair, ""));
            let white = match side.trim().to_ascii_lowercase().as_str() {
                "white" => true,
                "black" => false,
                _ => return Err(ColoursError::NotAPair(pair.to_string())),
            };
            Ok((name.trim().to_string(), white))
        })
        .collect()
}
