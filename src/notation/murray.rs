//! Murray's notation in *A History of Chess* (1913): algebraic squares, `Kt` for the
//! knight, hyphenated moves (`Kt-f5`, `Ktg3-f5`), `×` for captures, `+` for check and
//! `m.` for mate; replies follow a comma and moves are separated by semicolons
//! (`1 R-h8+, K×h8; 2 B-f5+`), which the line splitter treats like spaces.
//!
//! The reader turns a move into the SAN reader's terms: `Kt` becomes the knight's
//! letter and `m.` a mate sign; the SAN reader then resolves it against the legal moves.

use crate::board::rules::Rules;

/// The move text with `Kt` as `N` and a trailing `m.` (or `mate`) as `#`, unless the rules
/// use `t` as a piece letter of their own (then `Kt` is left alone).
pub fn normalise(rules: &Rules, text: &str) -> String {
    let mut t = text.trim().to_string();
    for tail in ["m.", "mate"] {
        if t.len() > tail.len() && t.to_ascii_lowercase().ends_with(tail) {
            let head = t[..t.len() - tail.len()].trim_end();
            // `m.` glued to a square (`h6m.`) or after a space; never part of a move.
            if head.ends_with(|c: char| c.is_ascii_digit() || c == '+' || c == '=') {
                t = format!("{head}#");
            }
            break;
        }
    }
    if rules.kind_of('t').is_some() || !t.contains("Kt") {
        return t;
    }
    let knight = rules
        .kind_of('n')
        .and_then(|k| rules.pieces.get(k as usize))
        .map_or('N', |d| d.letter.to_ascii_uppercase());
    t.replace("Kt", &knight.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kt_and_mate_sign() {
        let r = Rules::preset("shatranj").unwrap();
        assert_eq!(normalise(&r, "Kt-h6 m."), "N-h6#");
        assert_eq!(normalise(&r, "Ktg4-h6m."), "Ng4-h6#");
        assert_eq!(normalise(&r, "R×h8+"), "R×h8+");
        assert_eq!(normalise(&r, "Kh8"), "Kh8");
    }
}
