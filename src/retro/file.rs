//! The table file format (version 1), little-endian throughout:
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `MANSUBTB` |
//! | 4 | format version (1) |
//! | 4 | length `h` of the header |
//! | h | header: UTF-8 JSON ([`Header`]: rules name and fingerprint, material, board, symmetry, entry count) |
//! | 2·entries | one `u16` per index (see [`super::code`]) |
//! | 8 | checksum of every byte before it ([`checksum`]) |
//!
//! A file is trusted only if its length, checksum, fingerprint of the rules and layout all
//! agree with what the reader expects; anything else is reported as damaged or foreign.

use super::TbError;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU16, Ordering};

/// The file's magic bytes.
pub const MAGIC: &[u8; 8] = b"MANSUBTB";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;

/// The JSON header of a table file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Header {
    /// Rules name.
    pub rules: String,
    /// [`checksum`] of the rules' JSON serialization, hex: a table is only valid for the
    /// exact rules it was built under.
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

/// A 64-bit checksum (not cryptographic): words of 8 bytes mixed by xor, multiply and
/// shift, then the length. Every change of a single word changes it.
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

/// Writes a table file atomically (to a temporary name, then renamed).
pub fn write(path: &Path, header: &Header, data: &[AtomicU16]) -> Result<(), TbError> {
    let io = |e: std::io::Error| TbError::Io(path.display().to_string(), e.to_string());
    // The output policy of every file mansuba writes (`files::target`): a link is followed,
    // a read-only table or anything but a regular file in its place is left alone.
    let path = &crate::files::target::resolved(path);
    if let Ok(m) = std::fs::metadata(path) {
        if !m.is_file() || m.permissions().readonly() {
            return Err(TbError::Io(
                path.display().to_string(),
                "not replaced: it is read-only or not a regular file".into(),
            ));
        }
    }
    let hj = serde_json::to_vec(header).expect("header serializes");
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).map_err(io)?;
    }
    // A name of this process's own (see `files::temps`): two runs building the same
    // table never write into one file; the rename into place is atomic, and a reader
    // never opens a temporary name, so a job killed half-way leaves no table that is read.
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let tmp = crate::files::temps::fresh_name(dir);
    crate::files::temps::register(&tmp);
    let res = write_to(&tmp, path, &hj, data);
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    crate::files::temps::forget(&tmp);
    res
}

/// The table's bytes into `tmp`, then `tmp` renamed to `path`.
fn write_to(tmp: &Path, path: &Path, hj: &[u8], data: &[AtomicU16]) -> Result<(), TbError> {
    let io = |e: std::io::Error| TbError::Io(path.display().to_string(), e.to_string());
    {
        let f = std::fs::File::create(tmp).map_err(io)?;
        let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
        let mut sum = Checksum::new();
        let mut put = |b: &[u8], w: &mut std::io::BufWriter<std::fs::File>| {
            sum.update(b);
            w.write_all(b)
        };
        put(MAGIC, &mut w).map_err(io)?;
        put(&VERSION.to_le_bytes(), &mut w).map_err(io)?;
        put(&(hj.len() as u32).to_le_bytes(), &mut w).map_err(io)?;
        put(hj, &mut w).map_err(io)?;
        let mut block = Vec::with_capacity(1 << 16);
        for chunk in data.chunks(1 << 15) {
            block.clear();
            for v in chunk {
                block.extend_from_slice(&v.load(Ordering::Relaxed).to_le_bytes());
            }
            put(&block, &mut w).map_err(io)?;
        }
        w.write_all(&sum.finish().to_le_bytes()).map_err(io)?;
        let f = w.into_inner().map_err(|e| io(e.into_error()))?;
        f.sync_all().map_err(io)?;
    }
    std::fs::rename(tmp, path).map_err(io)
}

/// Reads and checks a table file: header and values, or why it cannot be trusted. The
/// values are read straight into the table's memory (one buffer, no second copy) and
/// the checksum is taken as they come.
pub fn read(path: &Path) -> Result<(Header, Vec<AtomicU16>), TbError> {
    let p = path.display().to_string();
    let io = |e: std::io::Error| TbError::Io(p.clone(), e.to_string());
    let damaged = |why: &str| TbError::Damaged(p.clone(), why.to_string());
    // Only a regular file: a FIFO planted in a shared tables folder would block the run.
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(damaged("not a regular file"));
    }
    let mut f = std::fs::File::open(path).map_err(io)?;
    let len = f.metadata().map_err(io)?.len();
    let mut head = [0u8; 16];
    if len < 24 || f.read_exact(&mut head).is_err() || &head[..8] != MAGIC {
        return Err(damaged("not a mansuba table (bad magic or too short)"));
    }
    let hl = u32::from_le_bytes(head[12..16].try_into().unwrap()) as u64;
    if 16 + hl + 8 > len {
        return Err(damaged("header length beyond the end"));
    }
    let data_bytes = len - 16 - hl - 8;
    if !data_bytes.is_multiple_of(2) {
        return Err(damaged("data length does not match the entry count"));
    }
    let mut hbytes = vec![0u8; hl as usize];
    f.read_exact(&mut hbytes).map_err(io)?;
    let mut values = vec![0u16; (data_bytes / 2) as usize];
    f.read_exact(as_bytes(&mut values)).map_err(io)?;
    let mut tail = [0u8; 8];
    f.read_exact(&mut tail).map_err(io)?;
    let mut sum = Checksum::new();
    sum.update(&head);
    sum.update(&hbytes);
    sum.update(as_bytes(&mut values));
    if sum.finish() != u64::from_le_bytes(tail) {
        return Err(damaged("checksum mismatch"));
    }
    let version = u32::from_le_bytes(head[8..12].try_into().unwrap());
    if version != VERSION {
        return Err(damaged(&format!(
            "format version {version}, expected {VERSION}"
        )));
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
