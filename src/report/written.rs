//! Text built line by line in a String, which writing cannot fail.

/// The text `f` writes into a fresh String.
pub fn written(f: impl FnOnce(&mut String) -> std::fmt::Result) -> String {
    let mut s = String::new();
    // Writing to a String never fails: there is no error to keep.
    let _ = f(&mut s);
    s
}
