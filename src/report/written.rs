//! Text built line by line in a String, which writing cannot fail; a count with its noun.

/// The text `f` writes into a fresh String.
pub fn written(f: impl FnOnce(&mut String) -> std::fmt::Result) -> String {
    let mut s = String::new();
    // Writing to a String never fails: there is no error to keep.
    let _ = f(&mut s);
    s
}

/// `n` and its noun, in the plural unless `n` is 1 ("1 line", "3 lines").
pub fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
