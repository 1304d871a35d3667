//! The table file format (version 2), little-endian throughout:
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `MANSUBTB` |
//! | 4 | format version (2) |
//! | 4 | length `h` of the header |
//! | h | header: UTF-8 JSON ([`Header`]: rules name and SHA-256 of the rules, material, board, symmetry, entry count) |
//! | 2·entries | one `u16` per index (see [`super::code`]) |
//! | 32 | SHA-256 of every byte before it |
//!
//! A file is trusted only if its length, digest, the rules' digest and layout all agree
//! with what the reader expects; anything else is reported as damaged or foreign. The
//! digest covers the header, so it binds the values to the rules that made them: a table
//! damaged, cut, mixed up or built under other rules is never read as these rules'. An
//! unkeyed digest cannot stop someone who may write the folder from forging a whole file;
//! that is why the tables built on the fly live only in a folder of the user's own
//! (`files::cache`), and why `--tables DIR` is the user's choice. Version 1 files (a
//! 64-bit checksum) are refused, and rebuilt where mansuba builds them.

use super::TbError;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;

/// The file's magic bytes.
pub const MAGIC: &[u8; 8] = b"MANSUBTB";
/// The format version this code writes and reads.
pub const VERSION: u32 = 2;
/// The bytes of the digest that ends a file.
const DIGEST_LEN: u64 = 32;

/// The JSON header of a table file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Header {
    /// Rules name.
    pub rules: String,
    /// SHA-256 of the rules' JSON serialization, hex (see [`super::fingerprint`]): a
    /// table is only valid for the exact rules it was built under.
    pub rules_fingerprint: String,
    /// Material (`KRKQ`).
    pub material: String,
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Number of symmetry transforms used by the index (1, 2, 4, 8).
    pub symmetry: u8,
    /// Number of entries.
    pub entries: u64,
    /// Value encoding, for readers: always `u16le:2-bit-value+14-bit-plies`.
    pub encoding: String,
}

/// The encoding name written in headers.
pub const ENCODING: &str = "u16le:2-bit-value+14-bit-plies";

/// A 64-bit checksum (not cryptographic; the dice tables' files use it): words of 8 bytes
/// mixed by xor, multiply and shift, then the length. Every change of a single word
/// changes it.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut c = Checksum::new();
    c.update(bytes);
    c.finish()
}

/// [`checksum`] computed piece by piece.
pub struct Checksum {
    h: u64,
    len: u64,
    pending: [u8; 8],
    plen: usize,
}

impl Default for Checksum {
    fn default() -> Self {
        Self::new()
    }
}

impl Checksum {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    /// A fresh checksum.
    pub fn new() -> Self {
        Checksum {
            h: 0x6D61_6E73_7562_6121,
            len: 0,
            pending: [0; 8],
            plen: 0,
        }
    }
    #[inline(always)]
    fn word(&mut self, w: u64) {
        self.h = (self.h ^ w).wrapping_mul(Self::K);
        self.h ^= self.h >> 29;
    }
    /// Adds bytes.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.plen > 0 {
            let take = (8 - self.plen).min(bytes.len());
            self.pending[self.plen..self.plen + take].copy_from_slice(&bytes[..take]);
            self.plen += take;
            bytes = &bytes[take..];
            if self.plen < 8 {
                return;
            }
            let w = u64::from_le_bytes(self.pending);
            self.word(w);
            self.plen = 0;
        }
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let r = chunks.remainder();
        self.pending[..r.len()].copy_from_slice(r);
        self.plen = r.len();
    }
    /// The checksum of everything added.
    pub fn finish(mut self) -> u64 {
        let mut tail = [0u8; 8];
        tail[..self.plen].copy_from_slice(&self.pending[..self.plen]);
        self.word(u64::from_le_bytes(tail));
        let mut h = (self.h ^ self.len).wrapping_mul(Self::K);
        h ^= h >> 32;
        h
    }
}

/// Writes a table file atomically: to a temporary of this process's own, renamed over
/// `path` once complete and synced, so two runs building one table never write into one
/// file and a job killed half-way leaves no table that is read. The name is one mansuba
/// derives (a material's in the tables folder), so a link there is replaced, never
/// written through; a folder, device, FIFO or read-only file in its place is refused.
pub fn write(
    path: &Path,
    (header, data): (&Header, &[AtomicU16]),
    reads: &crate::files::Reads,
) -> Result<(), TbError> {
    let io = |e: std::io::Error| TbError::Io(path.display().to_string(), Arc::new(e));
    let out =
        |e: crate::files::OutputError| TbError::Output(path.display().to_string(), Arc::new(e));
    if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(d).map_err(io)?;
    }
    let hj = serde_json::to_vec(header).expect("header serializes");
    let mut w = crate::files::check_derived(path, reads)
        .map_err(out)?
        .create()
        .map_err(out)?;
    let mut sum = Sha256::new();
    let mut put = |b: &[u8], w: &mut crate::files::Writer| {
        sum.update(b);
        w.write_all(b)
    };
    put(MAGIC, &mut w).map_err(io)?;
    put(&VERSION.to_le_bytes(), &mut w).map_err(io)?;
    put(&(hj.len() as u32).to_le_bytes(), &mut w).map_err(io)?;
    put(&hj, &mut w).map_err(io)?;
    let mut block = Vec::with_capacity(1 << 16);
    for chunk in data.chunks(1 << 15) {
        block.clear();
        for v in chunk {
            block.extend_from_slice(&v.load(Ordering::Relaxed).to_le_bytes());
        }
        put(&block, &mut w).map_err(io)?;
    }
    w.write_all(&sum.finalize()).map_err(io)?;
    w.commit().map_err(out)
}

/// Reads and checks a table file: header and values, or why it cannot be trusted. The
/// values are read straight into the table's memory (one buffer, no second copy) and
/// the checksum is taken as they come.
pub fn read(path: &Path, reads: &crate::files::Reads) -> Result<(Header, Vec<AtomicU16>), TbError> {
    let p = path.display().to_string();
    let io = |e: std::io::Error| TbError::Io(p.clone(), Arc::new(e));
    let damaged = |why: &str| TbError::Damaged(p.clone(), why.to_string());
    // Only a regular file: a FIFO planted in a shared tables folder would block the run.
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(damaged("not a regular file"));
    }
    let mut f = std::fs::File::open(path).map_err(io)?;
    let len = f.metadata().map_err(io)?.len();
    let mut head = [0u8; 16];
    if len < 16 + DIGEST_LEN || f.read_exact(&mut head).is_err() || &head[..8] != MAGIC {
        return Err(damaged("not a mansuba table (bad magic or too short)"));
    }
    let version = u32::from_le_bytes(head[8..12].try_into().unwrap());
    if version != VERSION {
        return Err(damaged(&format!(
            "format version {version}, expected {VERSION} (build the table again)"
        )));
    }
    let hl = u32::from_le_bytes(head[12..16].try_into().unwrap()) as u64;
    if 16 + hl + DIGEST_LEN > len {
        return Err(damaged("header length beyond the end"));
    }
    let data_bytes = len - 16 - hl - DIGEST_LEN;
    if !data_bytes.is_multiple_of(2) {
        return Err(damaged("data length does not match the entry count"));
    }
    let mut hbytes = vec![0u8; hl as usize];
    f.read_exact(&mut hbytes).map_err(io)?;
    let mut values = vec![0u16; (data_bytes / 2) as usize];
    f.read_exact(as_bytes(&mut values)).map_err(io)?;
    let mut tail = [0u8; DIGEST_LEN as usize];
    f.read_exact(&mut tail).map_err(io)?;
    let mut sum = Sha256::new();
    sum.update(head);
    sum.update(&hbytes);
    sum.update(as_bytes(&mut values));
    if sum.finalize().as_slice() != tail {
        return Err(damaged("SHA-256 digest mismatch"));
    }
    let header: Header =
        serde_json::from_slice(&hbytes).map_err(|e| damaged(&format!("bad header: {e}")))?;
    if header.encoding != ENCODING {
        return Err(damaged(&format!("unknown encoding '{}'", header.encoding)));
    }
    if data_bytes != header.entries * 2 {
        return Err(damaged("data length does not match the entry count"));
    }
    if cfg!(target_endian = "big") {
        values.iter_mut().for_each(|v| *v = u16::from_le(*v));
    }
    // A table in use is an input: no output of this run may replace it (a damaged one is
    // not, so that it can be built again).
    reads.note(path);
    Ok((header, into_atomic(values)))
}

/// The bytes of a slice of `u16`, to read into.
fn as_bytes(v: &mut [u16]) -> &mut [u8] {
    // SAFETY: a u16 is two initialised bytes, and u8 has the lesser alignment.
    unsafe { std::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<u8>(), v.len() * 2) }
}

/// The same memory as atomics, without copying.
fn into_atomic(v: Vec<u16>) -> Vec<AtomicU16> {
    let mut v = std::mem::ManuallyDrop::new(v);
    // SAFETY: AtomicU16 has the size, alignment and bit validity of u16, so the
    // allocation's layout is the same.
    unsafe { Vec::from_raw_parts(v.as_mut_ptr().cast::<AtomicU16>(), v.len(), v.capacity()) }
}
