//! A fingerprint of bytes (SHA-256, by the `sha2` crate), to tell whether two runs read the
//! same inputs or whether a file is the one a manifest names: a changed, truncated or
//! mixed-up file is caught, and no edit can be made to keep its fingerprint.

use sha2::Digest as _;

/// A running SHA-256 over the bytes and fields added.
#[derive(Clone, Debug, Default)]
pub struct Digest(sha2::Sha256);

impl Digest {
    /// Adds bytes.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// Adds one field: its length first, so that ("ab", "c") and ("a", "bc") differ.
    pub fn field(&mut self, bytes: &[u8]) {
        self.update(&(bytes.len() as u64).to_le_bytes());
        self.update(bytes);
    }

    /// The fingerprint as text (`sha256:` and 64 hex digits).
    pub fn hex(&self) -> String {
        let sum = self.0.clone().finalize();
        let mut text = String::with_capacity(7 + 64);
        text.push_str("sha256:");
        for b in sum.iter() {
            text.push_str(&format!("{b:02x}"));
        }
        text
    }

    /// The fingerprint of one byte string.
    pub fn of(bytes: &[u8]) -> String {
        let mut d = Digest::default();
        d.update(bytes);
        d.hex()
    }
}

#[cfg(test)]
mod tests {
    use super::Digest;

    #[test]
    fn known_values_and_fields() {
        // The published SHA-256 test vectors (FIPS 180-2, appendix B.1, and the empty string).
        assert_eq!(
            Digest::of(b""),
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            Digest::of(b"abc"),
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let two = |a: &[u8], b: &[u8]| {
            let mut d = Digest::default();
            d.field(a);
            d.field(b);
            d.hex()
        };
        assert_ne!(two(b"ab", b"c"), two(b"a", b"bc"));
    }
}
