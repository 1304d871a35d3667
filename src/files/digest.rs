//! A short fingerprint of bytes (64-bit FNV-1a), to tell whether two runs read the same
//! inputs or whether a file is the one a manifest names. Not a defence against forgery:
//! it catches a changed, truncated or mixed-up file.

/// A running FNV-1a hash.
#[derive(Clone, Copy, Debug)]
pub struct Digest(u64);

impl Default for Digest {
    fn default() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }
}

impl Digest {
    /// Adds bytes.
    pub fn update(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Adds one field: its length first, so that ("ab", "c") and ("a", "bc") differ.
    pub fn field(&mut self, bytes: &[u8]) {
        self.update(&(bytes.len() as u64).to_le_bytes());
        self.update(bytes);
    }

    /// The fingerprint as text (`fnv1a64:` and sixteen hex digits).
    pub fn hex(&self) -> String {
        format!("fnv1a64:{:016x}", self.0)
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
        // The published FNV-1a 64 test vectors.
        assert_eq!(Digest::of(b""), "fnv1a64:cbf29ce484222325");
        assert_eq!(Digest::of(b"a"), "fnv1a64:af63dc4c8601ec8c");
        assert_eq!(Digest::of(b"foobar"), "fnv1a64:85944171f73967e8");
        let two = |a: &[u8], b: &[u8]| {
            let mut d = Digest::default();
            d.field(a);
            d.field(b);
            d.hex()
        };
        assert_ne!(two(b"ab", b"c"), two(b"a", b"bc"));
    }
}
